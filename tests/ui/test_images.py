"""Board and hand pictures: deterministic, small, drawn at every point of seeded games, and
grouped exactly as the hand text is (checked on the layout, and on pixels for the suit colours)."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

from bot.games import GAMES
from bot.games.cards import Card
from bot.i18n import Locale
from bot.ui import images
from bot.ui.boards import board_for
from bot.ui.boards.marriage import hand_groups as marriage_groups
from bot.ui.images import board_png, board_scene, hand_png, hand_scene
from bot.ui.images.paint import render
from bot.ui.images.scene import GAP, HAND, RAISE, CardItem, Scene, TileItem, too_small

PNG = b"\x89PNG\r\n\x1a\n"
LIMIT = 150_000
NAMES = [f"Player {i}" for i in range(9)]


def play(game_id: str, players: int, seed: int, every: int = 1, max_actions: int = 3_000) -> Iterator[Any]:
    """The game after every `every`-th action of a seeded game of seat bots, and at its end."""
    cls = GAMES[game_id]
    stacks = [cls.buy_in({s.name: s.default for s in cls.option_specs}).default or 100] * players
    game = cls.start(stacks, None, seed=seed)
    rng = random.Random(seed)
    for step in range(max_actions):
        if game.is_over():
            break
        if step % every == 0:
            yield game
        seat = game.to_act()[0]
        game.apply(seat, game.bot_action(seat, rng))
    yield game


def drawn(scene: Scene | None) -> Scene:
    """A scene the test expects to be drawn (None: the game has no picture for it)."""
    assert scene is not None
    return scene


def seats(game: Any) -> range:
    return range(len([k for k in game.chips() if k.startswith("seat:")]))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_draws_its_board_and_hands_through_seeded_games(game_id: str) -> None:
    cls = GAMES[game_id]
    boards = hands = 0
    for seed in range(2):
        for game in play(game_id, min(cls.min_players + seed, cls.max_players), seed, every=9, max_actions=400):
            public = game.public_view()
            board = board_png(game_id, public, NAMES, board_for(game_id).image_labels(public))
            boards += board is not None
            assert board is None or board.startswith(PNG)
            for seat in seats(game):
                hand = hand_png(game_id, game.private_view(seat), public)
                hands += hand is not None
                assert hand is None or hand.startswith(PNG)
    assert boards > 10 and hands > 10


def test_same_state_same_bytes() -> None:
    game = next(g for i, g in enumerate(play("tripoley", 5, 3)) if i == 40)
    public, private = game.public_view(), game.private_view(0)
    scene = drawn(board_scene("tripoley", public, NAMES, {"POT": "Pot"}))
    assert render(scene) == render(drawn(board_scene("tripoley", public, NAMES, {"POT": "Pot"})))
    assert board_png("tripoley", public, NAMES) == render(drawn(board_scene("tripoley", public, NAMES)))
    assert hand_png("tripoley", private, public) == render(drawn(hand_scene("tripoley", private, public)))
    assert board_png("tripoley", public, NAMES) != board_png("tripoley", public, NAMES, {"POT": "Pot"})


def test_the_cache_is_bounded() -> None:
    cache = images._LRU(3)
    made: list[str] = []

    def making(key: str) -> Callable[[], bytes]:
        def make() -> bytes:
            made.append(key)
            return key.encode()
        return make

    for key in "abcab":
        cache.get(key, making(key))
    assert made == ["a", "b", "c"] and len(cache.data) == 3
    cache.get("d", lambda: b"d")
    assert list(cache.data) == ["c", "a", "b", "d"][-3:] and "c" not in cache.data


@pytest.mark.parametrize("game_id, players", [("bourre", 8), ("marriage", 5), ("tripoley", 9),
                                              ("michigan_rummy", 8), ("gin_rummy", 2), ("buki_domino", 4)])
def test_pictures_stay_small_at_the_largest_tables(game_id: str, players: int) -> None:
    largest_hand = 0
    for game in play(game_id, players, seed=1, every=4, max_actions=500):
        public = game.public_view()
        board = board_png(game_id, public, NAMES, board_for(game_id).image_labels(public))
        assert board is None or len(board) < LIMIT
        for seat in game.to_act()[:1]:
            private = game.private_view(seat)
            hand = hand_png(game_id, private, public)
            assert hand is None or len(hand) < LIMIT
            largest_hand = max(largest_hand, len(private.get("hand", [])))
    if game_id == "marriage":
        assert largest_hand == 22  # a drawn card on top of 21: the seat to act holds it


def _hand_states(game_id: str, players: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    for game in play(game_id, players, seed=2, every=6, max_actions=400):
        public = game.public_view()
        for seat in seats(game):
            yield game.private_view(seat), public


@pytest.mark.parametrize("game_id, players", [("tripoley", 4), ("gin_rummy", 2), ("marriage", 4), ("bourre", 5)])
def test_hand_picture_shows_the_text_groups_in_order(game_id: str, players: int) -> None:
    """Every card of the groups is drawn once, in the groups' order (the table's melds first),
    marked cards stand raised and outlined."""
    board = board_for(game_id)
    checked = 0
    for private, public in _hand_states(game_id, players):
        groups = board.hand_groups(private, public)
        scene = hand_scene(game_id, private, public)
        if scene is None:
            assert not any(g.items for g in groups)
            continue
        order = [c for kind in (True, False) for g in groups if (g.kind == "table") == kind for c in g.items]
        cards = scene.cards()
        assert [c.card for c in cards] == order
        marked = {c for g in groups for c in g.marked}
        assert all(c.marked == (c.card in marked) for c in cards)
        assert not {c.y for c in cards if c.marked} & {c.y for c in cards if not c.marked}  # raised
        checked += 1
    assert checked > 20


def test_hand_text_lists_what_the_picture_shows() -> None:
    """The text's suit lines and the picture's runs are the same groups (Tripoley)."""
    for private, public in _hand_states("tripoley", 4):
        text = board_for("tripoley").hand_text(private, public)
        lines = [line for line in text.splitlines() if line[:1] in "♠♥♦♣"]
        groups = board_for("tripoley").hand_groups(private, public)
        assert [Card.parse(g.items[0]).suit for g in groups] == ["SHDC"["♠♥♦♣".index(line[0])] for line in lines]


def test_red_suits_red_black_suits_black() -> None:
    private = {"seat": 0, "hand": ["AS", "10H", "QD", "7C"], "wallet": 5, "pay_cards": []}
    scene = drawn(hand_scene("tripoley", private, {"phase_id": "michigan"}))
    img = Image.open(io.BytesIO(render(scene))).convert("RGB")
    for item in scene.cards():
        strip = img.crop((item.x + 3, item.y + 3, item.x + item.size.step - 3, item.y + item.size.h // 2))
        data = strip.tobytes()
        pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
        red = sum(1 for r, g, b in pixels if r > 150 and g < 90 and b < 90)
        dark = sum(1 for r, g, b in pixels if r < 70 and g < 70 and b < 70)
        if Card.parse(item.card).suit in "HD":
            assert red > 40 and dark < 5, item.card
        else:
            assert dark > 40 and red < 5, item.card


def test_marriage_wild_cards_are_flagged_once_the_tiplu_is_seen() -> None:
    seen = 0
    for private, public in _hand_states("marriage", 4):
        scene = hand_scene("marriage", private, public)
        if scene is None or not private.get("tiplu"):
            assert scene is None or not any(c.wild for c in scene.cards())
            continue
        maal = private["maal"]
        faces = {Card.parse(c).face for c in [maal["tiplu"], maal["poplu"], maal["jhiplu"], *private["wild"]]}
        assert {c.card for c in scene.cards() if c.wild} == {
            c for g in marriage_groups(private, public) for c in g.items if Card.parse(c).face in faces}
        seen += 1
    assert seen > 0


def test_domino_line_is_one_chain_with_both_open_ends_tinted() -> None:
    """The snake: each tile touches the one laid before it (rows alternate direction), the tiles
    read in the line's order, and exactly the two open ends are tinted."""
    long_line = 0
    for game in play("buki_domino", 4, seed=3, every=1, max_actions=400):
        public = game.public_view()
        scene = board_scene("buki_domino", public, NAMES)
        if scene is None or not public["line"]:
            continue
        line = [t for t in scene.tiles() if t.left >= 0]
        rows = sorted({t.y for t in line})
        as_laid = [(t.right, t.left) if rows.index(t.y) % 2 else (t.left, t.right) for t in line]
        assert [f"[{a}|{b}]" for a, b in as_laid] == public["line"]
        for before, after in zip(line, line[1:]):   # neighbours on the picture, side by side or one above the other
            assert abs(before.x - after.x) + abs(before.y - after.y) <= 2 * before.side + 10
        ends = [t for t in line if t.open_left or t.open_right]
        assert ends[0] is line[0] and ends[-1] is line[-1] and len(ends) <= 2
        assert line[0].open_left and (line[-1].open_left if rows.index(line[-1].y) % 2 else line[-1].open_right)
        assert (as_laid[0][0], as_laid[-1][1]) == tuple(public["ends"])
        assert max(t.x + 2 * t.side for t in line) <= scene.width
        hidden = [t for t in scene.tiles() if t.left < 0]
        assert len(hidden) == sum(public["tile_counts"])
        long_line = max(long_line, len(rows))
    assert long_line >= 2, "the line never wrapped into a second row"


def test_bourre_board_shows_the_trick_and_tricks_won() -> None:
    for game in play("bourre", 6, seed=4, every=1, max_actions=300):
        public = game.public_view()
        if public.get("phase_id") != "tricks" or len(public["trick"]) < 2:
            continue
        scene = drawn(board_scene("bourre", public, NAMES))
        faces = [c for c in scene.cards() if c.card != "back"]
        assert faces[0].card == public["upcard"]
        assert {c.card for c in faces[1:]} == {p["card"] for p in public["trick"]}
        assert sum(1 for c in faces[1:] if c.marked) == 1
        assert sum(1 for c in scene.cards() if c.card == "back") == sum(s["tricks"] for s in public["seats"])
        return
    pytest.fail("no trick was played")


def test_domino_hand_marks_playable_tiles_on_ones_turn() -> None:
    for private, public in _hand_states("buki_domino", 4):
        scene = hand_scene("buki_domino", private, public)
        tiles = scene.tiles() if scene else []
        assert [f"[{t.left}|{t.right}]" for t in tiles] == private["hand"]
        marked = {f"[{t.left}|{t.right}]" for t in tiles if t.marked}
        assert marked == (set(private["playable"]) if private["moves"] else set())
        assert all(isinstance(t, TileItem) for t in tiles) and not (scene and scene.cards())


def test_layout_items_are_plain_data() -> None:
    scene = drawn(hand_scene("gin_rummy", {"hand": ["AS"], "melds": [], "deadwood_cards": ["AS"], "deadwood": 1},
                             {"phase_id": "draw"}))
    assert scene.cards() == [CardItem(GAP, GAP + RAISE, "AS", HAND)]


WIDE_NAMES = ["「あかね」高橋翔太郎", "José María Fernández", "Łukasz Wiśniewski", "Σοφία Παπαδοπούλου",
              "Алексей Смирнов", "김민준", "Mia 🐱🔥", "Ann", "Bob"]


@pytest.mark.parametrize("game_id, players", [("bourre", 8), ("marriage", 5), ("tripoley", 9), ("michigan_rummy", 8),
                                              ("gin_rummy", 2), ("buki_domino", 4), ("bourre", 2), ("tripoley", 3)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_board_and_hand_reads_on_a_phone(game_id: str, players: int, language: str) -> None:
    """At a phone's width every index, pip, chip and word stays at least MIN_SHOWN (scene.too_small),
    at the largest tables, with long names in several scripts and the words of both languages;
    the deal's final picture too."""
    locale = Locale(language)
    board = board_for(game_id)
    checked = 0
    for game in play(game_id, players, seed=5, every=3, max_actions=400):
        public = game.public_view()
        labels = board.image_labels(public, locale)
        scenes = [board_scene(game_id, public, WIDE_NAMES, labels), board_scene(game_id, public, WIDE_NAMES, labels,
                                                                                 final=True)]
        scenes += [hand_scene(game_id, game.private_view(seat), public, labels) for seat in game.to_act()[:1]]
        for scene in filter(None, scenes):
            assert too_small(scene) == [], (game_id, public.get("phase_id"))
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_last_move_is_public_and_highlighted(game_id: str) -> None:
    """`last_move` names only cards or tiles the public view shows elsewhere, and the board halos
    what it names whenever the board draws it."""
    haloed = 0
    cls = GAMES[game_id]
    for game in play(game_id, min(cls.min_players + 1, cls.max_players), seed=6, max_actions=300):
        public = game.public_view()
        last = public.get("last_move")
        if not last:
            continue
        rest = json.dumps({k: v for k, v in public.items() if k != "last_move"})
        for key in ("card", "tile"):
            if key in last:
                assert json.dumps(last[key]) in rest or _turned(last[key]) in rest, (game_id, last)
        scene = board_scene(game_id, public, NAMES, board_for(game_id).image_labels(public))
        if scene is not None:
            haloed += any(getattr(item, "last", False) for item in scene.items)
    assert haloed > 3


def _turned(tile: str) -> str:
    """A domino tile as the line may show it, the other way round."""
    a, b = tile.strip("[]").split("|")
    return json.dumps(f"[{b}|{a}]")
