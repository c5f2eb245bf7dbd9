"""The Bourré board renderer: fields within Discord limits, the trick with who played what,
the hand by suit with trumps marked, labels of the controls and the hand summary."""

from __future__ import annotations

import random

from bot.games.bourre import Bourre
from bot.games.bourre.actions import Exchange, Fold, PlayCard, PlayHand
from bot.games.cards import Card, parse_cards
from bot.games.simulate import bot_policy
from bot.ui.boards import board_for

from tests.english import label
from tests.games.bourre.helpers import everyone_plays, play, start

BOARD = board_for("bourre")
NAMES = [f"{'WXYZ'[i % 4] * 31}{i}" for i in range(8)]


def check_limits(fields: list[tuple[str, str]]) -> None:
    assert len(fields) <= 20
    for name, value in fields:
        assert 0 < len(name) <= 256 and 0 < len(value) <= 1024, (name, len(value))
    assert sum(len(n) + len(v) for n, v in fields) < 4000


def test_largest_table_stays_within_limits_through_whole_games() -> None:
    for seed in range(3):
        game = Bourre.start([200] * 8, {"max_hands": 6}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            check_limits(BOARD.table_fields(game.public_view(), NAMES))
            for s in range(8):
                assert len(BOARD.hand_text(game.private_view(s), game.public_view())) < 1000
            seat = game.to_act()[0]
            game.apply(seat, bot_policy(game, seat, rng))
        check_limits(BOARD.table_fields(game.public_view(), NAMES))


def test_trick_shows_who_played_what_and_who_is_winning() -> None:
    g = start(3, 2, {0: "AH KH 2S 9D 4C", 1: "QH 3H JS 10D 5C", 2: "8S 5H JD AC 7S"})
    everyone_plays(g)
    play(g, 0, "AH")
    play(g, 1, "3H")
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bob", "Cy"]))
    assert fields["Trick 1 of 5"] == "Ann **A♥** ✓ winning · Bob **3♥**"   # the winning card marked once, in words
    assert fields["Trump"] == "**7♠** spades, kept by the dealer"
    assert "**Ann** in, 0 tricks" in fields["This hand"]
    assert fields["This hand"].startswith("Hand 1 of 20, dealer Cy: ")
    assert fields["Pot"].startswith("**3** chips")
    play(g, 2, "5H")
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bob", "Cy"]))
    assert fields["Trick 2 of 5"] == "Ann leads (Ann won the last trick)."
    assert "Ann leads" in fields["Trick 2 of 5"]


def test_folded_players_and_the_hand_summary() -> None:
    g = start(4, 3, {3: "2S 3S 4S 5S 9D"})
    g.apply(0, Fold())
    g.apply(1, PlayHand())
    g.apply(1, Exchange(()))
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bob", "Cy", "Di"]))
    assert "Ann folded" in fields["This hand"] and "Cy deciding" in fields["This hand"]
    g.apply(2, Fold())
    g.apply(3, Fold())
    title = BOARD.summary_title(g.public_view(), ["Ann", "Bob", "Cy", "Di"])
    assert title == "Hand 1 — Bob was the only player to play and takes 4 chips from the pot"


def test_hand_sorted_by_suit_trumps_first_and_marked() -> None:
    g = start(3, 2, {0: "2S AH 9D KH 4C", 2: "8S 5H JD AC 7D"})  # trump diamonds
    text = BOARD.hand_text(g.private_view(0), g.public_view())
    lines = text.splitlines()
    assert lines[0].startswith("**Trump: ♦ diamonds**")
    assert lines[1] == "♦ 9♦  ★ trumps"
    assert lines[2] == "♠ 2♠" and lines[3] == "♥ A♥ K♥" and lines[4] == "♣ 4♣"
    assert "Play or fold?" in text


def test_hand_lists_only_the_legal_cards_during_tricks() -> None:
    g = start(3, 2, {0: "AH KH 2S 9D 4C", 1: "QH 3H JS 10D 5C", 2: "8S 5H JD AC 7S"})
    everyone_plays(g)
    play(g, 0, "AH")
    text = BOARD.hand_text(g.private_view(1), g.public_view())
    assert "Playable: Q♥ 3♥" in text
    assert [label(a) for a in g.legal_actions(1)] == ["Play 3♥", "Play Q♥"]


def test_action_labels_and_prompts() -> None:
    assert label(PlayHand()) == "Play" and label(Fold()) == "Fold"
    assert label(Exchange(())) == "Keep all five cards"
    assert label(Exchange(tuple(parse_cards("10H 2C")))) == "Exchange 10♥ 2♣"
    assert label(PlayCard(Card.parse("QS"))) == "Play Q♠"
    assert Exchange.prompt and PlayCard.prompt
