"""The Marriage board renderer: Discord limits on the largest tables, grouped hands, and the
tiplu shown only to whom it should be (MAR-19)."""

from __future__ import annotations

import random
import re

from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import DeclareDone, DeclareTunnela, Discard, DrawStock, Finish, Show, TakeDiscard
from bot.games.marriage.deal import end_deal
from bot.i18n import ENGLISH, render
from bot.ui.boards import board_for

from tests.english import label
from tests.games.marriage.helpers import cards, game_in_play, set_position

BOARD = board_for("marriage")
LONG = ["N" * 32 + str(i) for i in range(5)]


def check_limits(fields: list[tuple[str, str]]) -> None:
    assert len(fields) <= 25
    for name, value in fields:
        assert 0 < len(name) <= 256 and 0 < len(value) <= 1024, (name, len(value))
    assert sum(len(n) + len(v) for n, v in fields) < 4500


def test_action_labels() -> None:
    c = Card.parse
    assert label(DrawStock()) == "Draw from stock"
    assert label(TakeDiscard(c("7H"))) == "Take discard 7♥"
    assert label(Discard(c("10H"))) == "Discard 10♥"
    assert label(Finish(c("KC"))) == "Finish, discarding K♣"
    assert label(Show()) == "Show pure sets (see the tiplu)"
    assert label(DeclareTunnela(c("8C"))) == "Declare tunnela 8♣ 8♣ 8♣"
    assert label(DeclareDone()) == "Done declaring"


def test_largest_tables_stay_within_limits_through_whole_games() -> None:
    for seed in range(2):
        g = Marriage.start([300] * 5, {"chips_per_point": 2}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over() and steps < 500:
            s = g.to_act()[0]
            check_limits(BOARD.table_fields(g.public_view(), LONG))
            text = BOARD.hand_text(g.private_view(s), g.public_view())
            assert len(text) < 1800
            g.apply(s, g.bot_action(s, rng))
            steps += 1
        check_limits(BOARD.table_fields(g.public_view(), LONG))


def test_table_shows_discards_stock_and_hides_tiplu_until_deal_end() -> None:
    g = game_in_play(3)
    set_position(g, {1: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"}, turn=1,
                 pile=[("4S", None, False), ("9D", 0, False)])
    g.apply(1, DrawStock())
    g.apply(1, Show())
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bo", "Cy"]))
    assert fields["Discard pile"] == "**9♦** by Ann · 2 cards"
    assert "tiplu chosen" in fields["Stock"]
    assert BOARD.seat_notes(g.public_view(), ["Ann", "Bo", "Cy"])[1].startswith("13 cards, seen, 3 on the table")
    assert g.tiplu is not None
    tiplu = g.tiplu.pretty
    assert "Tiplu" not in "".join(fields.values())
    seen_text = BOARD.hand_text(g.private_view(1), g.public_view())
    assert f"**Tiplu {tiplu}**" in seen_text
    unseen_text = BOARD.hand_text(g.private_view(0), g.public_view())
    assert "Tiplu" not in unseen_text and "Unseen: show 3 pure sets" in unseen_text


def test_hand_grouped_with_wild_cards_marked_and_finish_hint() -> None:
    g = game_in_play(3)
    set_position(g, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC", 1: "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC "
                     "3C 5C 7C 9C JC AD 6D AH 2H 4H"},
                 turn=0, pile=[("4S", 1, False)], tiplu="7D")
    g.declared[0] = [cards("9S 9S 9S")]
    g.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g.seen[0], g.route[0], g.drawn = True, "normal", True
    text = BOARD.hand_text(g.private_view(0), g.public_view())
    assert "**Tiplu 7♦** · jhiplu 6♦ · poplu 8♦" in text
    assert "7♠*" in text and "7♥*" in text and "6♦*" in text
    assert "declared [9♠ 9♠ 9♠]" in text
    assert "**You can go out**" in text and "K♣" in text.split("**You can go out**")[1]
    assert "**Your hand (13 cards)**" in text
    assert "To go out: 4 more melds of three from your hand (wild cards allowed)" in text


def test_summary_after_a_finish() -> None:
    g = game_in_play(3)
    set_position(g, {0: "6D 7D 8D 10S 10H 7H 2D 3D 7S QS QD QC KC", 1: "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC "
                     "3C 5C 7C 9C JC AD 6D AH 2H 4H", 2: "2S 5S 8S JS 3H 6H 9H KH 4D 10D AC 3C 5C 7C 9C JC AD "
                     "6D AH 2H 4H"},
                 turn=0, pile=[("4S", 1, False)], tiplu="7D")
    g.declared[0] = [cards("9S 9S 9S")]
    g.shown[0] = [cards("3C 4C 5C"), cards("JH QH KH")]
    g.seen[0], g.route[0], g.drawn = True, "normal", True
    events = g.apply(0, Finish(Card.parse("KC")))
    summary = render(ENGLISH, [e for e in events if e.kind == "summary"][0].text, ["Ann", "Bo", "Cy"])
    assert "Ann goes out" in summary and "Tiplu: 7♦" in summary
    assert "Bo (unseen)" in summary and "Bo pays 23 chips to Ann" in summary
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bo", "Cy"]))
    assert "tiplu **7♦**" in fields["Last deal"] and "maal Ann (15)" in fields["Last deal"]
    assert BOARD.summary_title(g.public_view(), ["Ann", "Bo", "Cy"]) == "Deal 1 — Ann goes out"
    assert "Chips: Bo → Ann" in fields["Last deal"]
    # the summary explains every chip: the game payments, the pairwise maal differences, the net
    assert "each other player pays Ann 3 if seen, 10 if unseen: Bo (10), Cy (10)." in summary
    assert "• Bo (unseen): 2 — jhiplu 6♦: 2" in summary
    assert "every pair settles the difference of their points: Bo → Ann: 13, Cy → Ann: 13." in summary
    assert "Bo pays 23 chips to Ann; Cy pays 23 chips to Ann." in summary
    assert "Ann (seen, went out): 15 — declared tunnela 9♠: 5, marriage: 10" in summary
    # between deals the players see their result and who deals next, not a stale hand
    notes = BOARD.seat_notes(g.public_view(), ["Ann", "Bo", "Cy"])
    assert notes[g.to_act()[0]] == "deals next (deal 2)"
    assert not any("seen" in note for note in notes.values())
    bo = BOARD.hand_text(g.private_view(1), g.public_view())
    assert bo.startswith("**Deal 1 is over.** Net: you paid 23 chips. Your maal: 2 points.")
    assert "Your hand" not in bo
    ann = BOARD.hand_text(g.private_view(0), g.public_view())
    assert "You went out. Net: you received 46 chips." in ann


def test_hand_text_says_what_to_do_now() -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    # declaring: the same prompt for everyone (MAR-4)
    g = Marriage.start([500] * 3, seed=0)
    text = BOARD.hand_text(g.private_view(0), g.public_view())
    assert text.startswith("**Your move:**") and "Done declaring" in text
    assert "deciding" in BOARD.seat_notes(g.public_view(), names)[0]
    # drawing, when MAR-6 forbids the discard: told privately why, pointed at the stock (EX-34)
    g = game_in_play(4)
    set_position(g, {3: "2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D AH"},
                 turn=3, pile=[("4S", 1, False), ("7S", 2, False)], tiplu="7D")
    g.seen[3], g.route[3], g.shown[3] = True, "normal", [cards("QS QS QS")]
    text = BOARD.hand_text(g.private_view(3), g.public_view())
    assert text.startswith("**Your turn — draw** from the stock (That wild card was discarded by an unseen")
    assert "take_reason" not in g.private_view(2) and "unseen player" not in str(g.public_view())
    assert BOARD.seat_notes(g.public_view(), names)[3] == "21 cards, seen, 1 on the table, drawing"
    # after drawing with three pure sets in hand: Show is the advice (MAR-8)
    g = game_in_play(3)
    set_position(g, {1: "3C 4C 5C JH QH KH 9S 9S 9S 2D 3D 10S 10H 7H QD QC AS 5H 6H 8S KD"}, turn=1,
                 pile=[("4S", None, False), ("9D", 0, False)])
    g.apply(1, DrawStock())
    text = BOARD.hand_text(g.private_view(1), g.public_view())
    assert text.startswith("**Your turn:** you hold the pure sets — press **Show pure sets**")
    assert BOARD.seat_notes(g.public_view(), names)[1].endswith(", discarding")
    assert BOARD.hand_text(g.private_view(0), g.public_view()).startswith("Unseen: show 3 pure sets")


def test_leavers_and_the_last_player_on_the_board() -> None:
    names = ["Ann", "Bo", "Cy"]
    g = game_in_play(3)
    g.leave(2)
    assert re.fullmatch(r"21 cards, unseen, (drawing, )?leaving after this deal \(auto-play\)",
                        BOARD.seat_notes(g.public_view(), names)[2])
    end_deal(g)
    g.cash_out(2)
    notes = BOARD.seat_notes(g.public_view(), names)
    assert 2 not in notes and "deals next (deal 2)" in notes.values()   # who left is told by the table's list
    # a state saved by an older version, between deals with one player left: they end the game
    g.left[0] = g.leaving[0] = True
    notes = BOARD.seat_notes(g.public_view(), names)
    assert 0 not in notes and notes[1] == "has nobody left to play against: ends the game"
    text = BOARD.hand_text(g.private_view(1), g.public_view())
    assert "press **End the game**" in text and label(g.legal_actions(1)[0]).startswith("End the game")


def test_summaries_fit_an_embed_with_five_long_names() -> None:
    longest = 0
    for seed in range(3):
        g = Marriage.start([2000] * 5, {"chips_per_point": 3}, seed=seed)
        rng = random.Random(seed)
        while g.deal_no < 3 and not g.is_over():
            s = g.to_act()[0]
            for e in g.apply(s, g.bot_action(s, rng)):
                if e.kind == "summary":
                    longest = max(longest, len(render(ENGLISH, e.text, LONG)))
    assert 1000 < longest < 4000


def test_mar_7_taken_card_hint_follows_the_ban_option() -> None:
    """MAR-7: with `face` the taken card and identical ones are banned; with `copy` only the taken copy."""
    for ban, face_text in (("face", True), ("copy", False)):
        g = game_in_play(3, {"taken_card_discard_ban": ban})
        set_position(g, {1: "QH 2S 5S 8S JS 3H 6H 9H KH 4D 7D 10D AC 3C 5C 7C 9C JC KC 2D 6D"},
                     turn=1, pile=[("4S", 0, False), ("QH", 0, False)])
        g.apply(1, TakeDiscard(Card.parse("QH#1")))
        text = BOARD.hand_text(g.private_view(1), g.public_view())
        assert ("or an identical card" in text) is face_text, text
        if not face_text:
            assert "other copy" in text
