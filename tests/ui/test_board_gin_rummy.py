"""The Gin Rummy board renderer: fields within Discord limits, hands grouped into melds."""

from __future__ import annotations

import random

from bot.games.cards import Card
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Discard, DrawStock, Knock, Pass, Resign, TakeDiscard
from bot.games.simulate import bot_policy
from bot.ui.boards import board_for

from tests.english import label
from tests.games.gin_rummy.helpers import NON_DEALER, knock, knock_after_draw, start

BOARD = board_for("gin_rummy")
LONG_NAMES = ["A" * 32, "B" * 32]


def check_limits(fields: list[tuple[str, str]]) -> None:
    assert len(fields) <= 25
    for name, value in fields:
        assert 0 < len(name) <= 256 and 0 < len(value) <= 1024, (name, len(value))
    assert sum(len(n) + len(v) for n, v in fields) < 4500


def test_action_labels() -> None:
    c = Card.parse
    assert label(TakeDiscard(c("7H"))) == "Take discard 7♥"
    assert label(DrawStock()) == "Draw from stock"
    assert label(Discard(c("10H"))) == "Discard 10♥"
    assert label(Knock(c("5H"), 4)) == "Knock with 5♥ (4 deadwood)"
    assert label(Knock(c("KS"), 0)) == "Gin with K♠ (0 deadwood)"
    assert label(Pass(c("7H"))) == "Pass on 7♥"
    assert label(Resign()) == "Resign the match"


def test_hand_sorted_and_grouped_into_best_melds() -> None:
    g, _ = knock_after_draw("AS 2S 3S 7H 7D 7C 9C 10C JC 4D", "4S 5S 7S 8H 8D KC QC 2H 3H 6C", "KH")
    text = BOARD.hand_text(g.private_view(NON_DEALER), g.public_view())
    assert "deadwood **14**" in text
    assert "[7♥ 7♦ 7♣]" in text and "[A♠ 2♠ 3♠]" in text and "[9♣ 10♣ J♣]" in text
    assert "Deadwood: K♥ 4♦" in text
    assert "You can knock: discarding K♥ leaves 4 deadwood." in text


def test_table_shows_upcard_stock_score_and_hides_hands() -> None:
    g = start("2H 5H 8H JH 3D 6D 9D QD 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "7H")
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bo"]))
    assert fields["Upcard"].startswith("**7♥**") and "Bo" in fields["Upcard"]
    assert fields["Stock"] == "31 cards"
    assert "Ann **0**" in fields["Match score"] and "over 100" in fields["Match score"]
    everything = "".join(fields.values())
    assert "5♥" not in everything and "9♠" not in everything


def test_showdown_details_after_a_knock() -> None:
    g, _ = knock_after_draw("AS 2S 3S 7H 7D 7C 9C 10C JC 4D", "4S 5S 7S 8H 8D KC QC 2H 3H 6C", "KH")
    knock(g, "KH")
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bo"]))
    last = fields["Last hand"]
    assert "Bo knocked with 4 deadwood" in last
    assert "Ann laid off 4♠ 5♠ 7♠ Q♣ K♣" in last
    assert "Ann had 27 deadwood" in last and "Bo scores 23" in last
    title = BOARD.summary_title(g.public_view(), ["Ann", "Bo"])
    assert title is not None and title.endswith("Bo knocks, 23 points")


def test_undercut_and_match_result_rendered() -> None:
    g, _ = knock_after_draw("QH KH JH 5S 5D 5C 2C 3C 4C 10D", "9H 10H 5H 8S 8D 8C AD AS 2D 3S", "KS")
    data = g.to_dict()
    data["scores"] = [95, 0]
    g = GinRummy.from_dict(data)
    knock(g, "KS")
    fields = dict(BOARD.table_fields(g.public_view(), ["Ann", "Bo"]))
    assert "Undercut!" in fields["Final hand"]
    assert "Ann wins the match" in fields["Match result"] and "Bo pays 108 chips to Ann" in fields["Match result"]
    check_limits(list(fields.items()))


def test_every_state_of_bot_matches_fits_the_embed() -> None:
    """Largest tables: long discard piles, many layoffs, final results, long names."""
    for seed in range(3):
        for opts in ({}, {"knocker_arrangement": "player_choice", "first_turn": "classic"}):
            g = GinRummy.start([250, 250], opts, seed=seed)
            rng = random.Random(seed)
            while not g.is_over():
                public = g.public_view()
                check_limits(BOARD.table_fields(public, LONG_NAMES))
                seat = g.to_act()[0]
                text = BOARD.hand_text(g.private_view(seat), public)
                assert len(text) <= 1024 and "deadwood" in text
                g.apply(seat, bot_policy(g, seat, rng))
            check_limits(BOARD.table_fields(g.public_view(), LONG_NAMES))


def test_long_void_hand_pile() -> None:
    g = start("2H 5H 8H JH 3D 6D 9D QD 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "KS")
    g.apply(NON_DEALER, Pass(Card.parse("KS")))
    while len(g.stock) > 3:
        seat = g.turn
        g.apply(seat, DrawStock())
        g.apply(seat, Discard(g.hands[seat][-1]))
        fields = BOARD.table_fields(g.public_view(), LONG_NAMES)
        check_limits(fields)
    pile = dict(fields)["Discard pile"]
    assert pile.endswith(f"on top · {len(g.public_view()['discard_pile'])} cards")
    assert "void if a discard leaves 2" in dict(fields)["Stock"]


def test_knock_hint_leaves_out_the_pickup_card() -> None:
    """GIN-9: the card just taken from the pile may not be discarded (nor knocked with), so the
    hint names the best card the player may actually discard."""
    g = start("AS 2S 3S 7H 7D 7C 9C 10C JC 4D", "4S 5S 7S 8H 8D KC QC 2H 3H 6C", "KH")
    g.apply(NON_DEALER, TakeDiscard(Card.parse("KH")))
    text = BOARD.hand_text(g.private_view(NON_DEALER), g.public_view())
    assert "You can knock: discarding 4♦ leaves 10 deadwood." in text
    assert "discarding K♥" not in text
    g = start("AS 2S 3S 7H 7D 7C 9C 10C JC 4D", "4S 5S 7S 8H 8D KC QC 2H 3H 6C", "KH",
              options={"allow_discard_of_pickup": True})
    g.apply(NON_DEALER, TakeDiscard(Card.parse("KH")))
    text = BOARD.hand_text(g.private_view(NON_DEALER), g.public_view())
    assert "You can knock: discarding K♥ leaves 4 deadwood." in text
