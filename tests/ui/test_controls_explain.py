"""Controls explain themselves: red suits read red (suit emoji), wagers look unlike moves and sit
on rows of their own, a step that cannot be undone asks first from the last row, Marriage's
wild cards are marked, the bid select says the bid to beat, Buki's plays say what the end shows."""

from __future__ import annotations

import random

import discord

from bot.games.actions import Discard
from bot.games.buki_domino import Play
from bot.games.cards import Card, parse_cards
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Resign
from bot.games.marriage import Marriage
from bot.games.marriage.actions import Discard as MarriageDiscard
from bot.games.tiles import Tile
from bot.games.tripoley import TripoleyGame
from bot.games.tripoley.actions import AuctionSpare, Bid, Lead, Suit
from bot.ui.boards import board_for
from bot.ui.card_emoji import action_emoji
from bot.ui.controls import PER_ROW, ROWS, SelectSpec, layout
from bot.ui.views import ActionButton, ActionSelect, controls_view

from tests.english import label
from tests.games.buki_domino.decks import D6_HANDS, D6_STAMM, new_game
from tests.games.marriage.helpers import cards, game_in_play, set_position
from tests.tables.toy_game import Fold, Show
from tests.ui.test_controls import Bet, Exchange
from tests.ui.test_embeds import snapshot

HAND = "AS KH 10D 2C 5C"


def test_card_controls_carry_their_suit_as_an_emoji_red_for_hearts_and_diamonds() -> None:
    out = layout(1, 1, [Discard(c) for c in parse_cards("KH 10D AS 2C")])
    assert [(b.label, b.emoji) for b in out.buttons()] == [
        ("Discard K♥", "♥️"), ("Discard 10♦", "♦️"), ("Discard A♠", "♠️"), ("Discard 2♣", "♣️")]
    [select] = layout(1, 1, [Discard(c) for c in parse_cards("AS 2S 3S 4S 5S 10H JD")]).selects()
    assert [o.emoji for o in select.options] == ["♠️"] * 5 + ["♥️", "♦️"]
    [multi] = layout(1, 1, [Exchange(())] + [Exchange((c,)) for c in parse_cards(HAND)]).selects()
    assert [(o.label, o.emoji) for o in multi.options] == [
        ("A♠", "♠️"), ("K♥", "♥️"), ("10♦", "♦️"), ("2♣", "♣️"), ("5♣", "♣️")]
    assert action_emoji(Lead(Suit.HEARTS)) == "♥️"                           # a suit, too
    assert action_emoji(Play(Tile(4, 3), "L", 3)) is None and action_emoji(Bet(5)) is None   # no suit, no emoji


def test_wagers_are_green_on_rows_of_their_own_apart_from_the_moves() -> None:
    """Buki-Domino: a non-banker on turn may play a tile or bet (DOM-16): two kinds of button."""
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(Tile.parse("[6|3]"), "L"))
    legal = g.legal_actions(0)
    assert {a.kind for a in legal} == {"play", "bet"}
    rows = layout(1, 1, legal).rows
    styles = [{b.style for b in row} for row in rows if isinstance(row, list)]
    assert styles == [{"play"}, {"wager"}]                                    # never mixed in a row
    bets = [b.label for row in rows if isinstance(row, list) for b in row if b.style == "wager"]
    assert bets == [label(a) for a in legal if a.kind == "bet"]


def test_buki_play_labels_say_what_the_open_end_shows() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(Tile.parse("[6|3]"), "L"))
    plays = [label(a) for a in g.legal_actions(0) if a.kind == "play"]
    assert "Play [7|6] on the left end, which shows 6 (then 7)" in plays
    assert "Play [3|2] on the right end, which shows 3 (then 2)" in plays
    assert all(len(label) <= 80 for label in plays)


def test_resign_is_a_grey_step_on_the_last_row_that_asks_first() -> None:
    game = GinRummy.start([250, 250], seed=3)
    seat = game.to_act()[0]
    out = layout(1, 1, game.legal_actions(seat))
    last = out.rows[-1]
    assert isinstance(last, list) and [(b.label, b.style) for b in last] == [("Resign the match…", "ask")]
    assert all(b.style != "ask" for row in out.rows[:-1] if isinstance(row, list) for b in row)
    # even when the other controls would fill every row, the step that asks first stays (last)
    crowded: list[object] = [Discard(c) for c in parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H")]
    crowded += [Bet(n) for n in range(PER_ROW)] + [Lead(s) for s in Suit] + [Show(), Fold(), Resign()]
    full = layout(1, 1, [Exchange((c,)) for c in parse_cards(HAND)] + crowded)   # six rows' worth
    assert len(full.rows) == ROWS and full.rows[-1] == [full.buttons()[-1]]
    assert full.buttons()[-1].label == "Resign the match…"


def test_the_hand_controls_draw_styles_and_emoji_for_discord() -> None:
    game = GinRummy.start([250, 250], seed=3)
    seat = game.to_act()[0]
    game.apply(seat, next(a for a in game.legal_actions(seat) if a.kind in ("draw_stock", "take_discard")))
    view = controls_view(snapshot("gin_rummy", game, 7), seat)
    assert view is not None
    buttons = [i.item for i in view.children if isinstance(i, ActionButton)]
    resign = next(b for b in buttons if b.label == "Resign the match…")
    assert resign.style is discord.ButtonStyle.secondary
    rows = [i.item.row or 0 for i in view.children if isinstance(i, (ActionButton, ActionSelect))]
    assert buttons[-1] is resign and resign.row == max(rows) and len(rows) == len(view.children)
    picks = [i.item for i in view.children if isinstance(i, ActionSelect)]
    emoji = {str(o.emoji) for s in picks for o in s.options} | {str(b.emoji) for b in buttons if b.emoji}
    assert emoji and emoji <= {"♥️", "♦️", "♠️", "♣️"}


def _seen_marriage() -> Marriage:
    """Seat 0 has shown and seen the tiplu 7♦, and drawn: it discards from 22 cards."""
    g = game_in_play(2)
    used = set_position(g, {0: "3C 4C 5C JH QH KH 2D 3D 10S 10H 7H QS QD QC AS 2S 3S 8S 7S 6D 8D 7C"},
                        turn=0, pile=[("4S", 1, False)], tiplu="7D")
    g.shown[0] = [cards("9S 9S 9S", used)]
    g.seen[0], g.route[0], g.drawn = True, "normal", True
    return g


def test_marriage_marks_wild_cards_in_the_discard_select_once_the_tiplu_is_seen() -> None:
    g = _seen_marriage()
    board = board_for("marriage")
    private, public = g.private_view(0), g.public_view()
    [select] = [r for r in layout(1, 1, g.legal_actions(0), notes=board.card_notes(private, public)).rows
                if isinstance(r, SelectSpec) and "discard" in r.custom_id]
    marked = {o.label for o in select.options if o.description == "★ wild card"}
    # tiplu 7♦: the sevens are wild, and so are the poplu 8♦ and the jhiplu 6♦ (MAR-11)
    assert marked == {"Discard 7♥", "Discard 7♠", "Discard 7♣", "Discard 8♦", "Discard 6♦"}
    assert all(o.description is None for o in select.options if o.label not in marked)
    # before the show the seat has not seen: nothing is marked
    g.seen[0], g.route[0], g.shown[0] = False, None, []
    assert board.card_notes(g.private_view(0), g.public_view()) == {}
    assert label(MarriageDiscard(Card.parse("7H"))) == "Discard 7♥"


def test_the_bid_select_says_the_bid_to_beat_and_what_a_bid_buys() -> None:
    game = TripoleyGame.start([50] * 4, {"pay_timing": "on_play"}, seed=1, dealer=3)
    board, names = board_for("tripoley"), ["Ann", "Bo", "Cy", "Di"]
    game.apply(3, AuctionSpare())
    [select] = layout(1, 1, game.legal_actions(0), board.select_prompts(game.public_view(), names)).selects()
    assert select.placeholder == ("No bid yet. The best bid buys the spare hand, paid to Di; "
                                  "your hand goes dead")
    game.apply(0, Bid(2))
    [select] = layout(1, 1, game.legal_actions(1), board.select_prompts(game.public_view(), names)).selects()
    assert select.placeholder.startswith("High bid 2 by Ann. The best bid buys the spare hand")
    assert len(select.placeholder) <= 150
    assert board.select_prompts(TripoleyGame.start([50] * 4, seed=1, dealer=3).public_view(), names) == {}


def test_every_control_of_every_game_fits_discord_through_whole_games() -> None:
    from bot.games import GAMES
    for game_id, cls in sorted(GAMES.items()):
        game = cls.start([cls.buy_in({}).default or 100] * cls.max_players, None, seed=2)
        rng, board = random.Random(2), board_for(game_id)
        for version in range(150):
            if game.is_over():
                break
            for seat in game.to_act():
                out = layout(10**18, version, game.legal_actions(seat),
                             board.select_prompts(game.public_view(), [f"P{i}" for i in range(cls.max_players)]),
                             board.card_notes(game.private_view(seat), game.public_view()))
                assert len(out.rows) <= ROWS
                assert all(len(b.label) <= 80 for b in out.buttons())
                for s in out.selects():
                    assert len(s.placeholder) <= 150 and len(s.options) <= 25
                    assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in s.options)
            seat = game.to_act()[0]
            game.apply(seat, game.bot_action(seat, rng))
