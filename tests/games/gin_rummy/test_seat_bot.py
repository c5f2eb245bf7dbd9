"""The seat bot plays well enough: it builds melds, uses the discard pile, goes gin, and
beats a random player clearly (the bench prints the full figures)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.games.actions import Action
from bot.games.cards import Card
from bot.games.gin_rummy import GinRummy
from bot.games.gin_rummy.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from bot.games.gin_rummy.evaluation import FEATURES, threat
from bot.games.gin_rummy.reading import Reading, last_throw, outlook, read
from bot.games.gin_rummy.seat_bot import FITTED, STYLES, TUNED
from bot.games.simulate import bot_policy, play

from .helpers import DEALER, NON_DEALER, knock_after_draw, start
from tests.games.known import known


def no_resign(game: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice([a for a in game.legal_actions(seat) if a.kind != "resign"])


def test_bot_takes_an_upcard_that_completes_a_meld_and_passes_junk() -> None:
    g = start("2H 3H 9S 9D KC 5C 7D JS QH 4S", "AS 2S 3S 9H 5S 6S 7S 8S KH KD", "4H")
    assert g.bot_action(NON_DEALER, random.Random(0)) == TakeDiscard(Card.parse("4H"))
    g = start("2H 3H 9S 9D KC 5C 7D JS QH 4S", "AS 2S 3S 9H 5S 6S 7S 8S KH KD", "6C")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Pass(Card.parse("6C"))


def test_bot_goes_gin_when_it_can() -> None:
    g, _ = knock_after_draw("AC 2C 3C 4C 5C 5H 5S 5D 6D 9D", "KS KH 2H 3D 8S 8C 4H 9C JH QH", "7D")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Knock(Card.parse("9D"), 0)


def test_bot_draws_blind_when_the_discard_does_not_help() -> None:
    g = start("2H 5H 8H JH 3D 6D 9D QD 4C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S KH", "KD", "QC")
    g.apply(NON_DEALER, Pass(Card.parse("KD")))
    assert g.bot_action(DEALER, random.Random(0)) == DrawStock()


def test_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(10):
        for bot_seat in (0, 1):
            policies = [bot_policy, no_resign] if bot_seat == 0 else [no_resign, bot_policy]
            game = GinRummy.start([250, 250], {}, seed=seed)
            for _ in play(game, policies, seed=seed):
                pass
            wins += known(game.result)["winner"] == bot_seat
    assert wins >= 19


@pytest.mark.parametrize("strength", ["easy", "normal", "strong"])
def test_gin_5_bot_never_breaks_a_made_meld_for_nothing(strength: str) -> None:
    """Holding 4S 5S AH 3H 4H 6H 7H 8H 3D 2C 3C, throwing 3D breaks 3H-3D-3C and leaves 22
    deadwood where 5S leaves 11: no bot of any strength does it (bench/blunders.py `broke_meld`).
    A careful bot throws 5S, or 4H (12 left) when it weighs that the opponent melds 5S likelier."""
    g, _ = knock_after_draw("4S 5S AH 3H 4H 6H 7H 8H 3D 2C", "KS KH QD QC JS 10D 9C 9S 8C 7C", "3C",
                            options={"bot_strength": strength})
    melded = {Card.parse(c) for c in "3H 3D 3C 6H 7H 8H".split()}
    for seed in range(8):
        action = g.bot_action(NON_DEALER, random.Random(seed))
        assert isinstance(action, Discard) and action.card not in melded, action
    if strength != "easy":   # the easy bot may be a little careless, never that careless
        assert g.bot_action(NON_DEALER, random.Random(0)) in (Discard(Card.parse("5S")), Discard(Card.parse("4H")))


def test_gin_24_bot_does_not_hand_the_opponent_a_set_it_is_showing() -> None:
    """The opponent took KS and KH from the pile (GIN-24 makes it public): KD, the natural throw
    (the highest deadwood), would hand them three kings, so the bot throws 9H instead, one point
    dearer. Had they not shown those kings, it would throw KD."""
    g, _ = knock_after_draw("AS 2S 3S 5C 6C 7C KD 9H 4D 2H", "KS KH QH JH 10S 10D 8C 6S 3D 5D", "8D",
                            upcard="JC", junk="4C")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("KD"))
    g.taken[DEALER] = [Card.parse("KS"), Card.parse("KH")]
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("9H"))


def test_gin_24_the_bot_reads_the_opponents_latest_discard() -> None:
    """Players throw their highest loose card (GIN-24 makes every discard public): once the
    dealer has thrown 4C, a king is likelier in the stock than loose in the dealer's hand. The
    upcard is nobody's discard; the card the bot just took, or drew over, is the dealer's."""
    g = start("AS 2S 3S 5C 6C 7C KD 9H 4D 2H", "KS KH QH JH 10S 10D 8C 6S 3D 5D", "JC", "4C 8D")
    assert last_throw(g.public_view(), g.private_view(NON_DEALER)) is None   # the upcard
    g.apply(NON_DEALER, Pass(Card.parse("JC")))
    g.apply(DEALER, DrawStock())
    g.apply(DEALER, Discard(Card.parse("4C")))
    public, private = g.public_view(), g.private_view(NON_DEALER)
    assert last_throw(public, private) == Card.parse("4C")
    table = read(public, private, Reading())
    assert table.held[Card.parse("KC")] < table.held[Card.parse("3C")] / 2
    took = GinRummy.from_dict(g.to_dict())
    g.apply(NON_DEALER, DrawStock())
    assert last_throw(g.public_view(), g.private_view(NON_DEALER)) == Card.parse("4C")   # drew over it
    took.apply(NON_DEALER, TakeDiscard(Card.parse("4C")))
    assert last_throw(took.public_view(), took.private_view(NON_DEALER)) == Card.parse("4C")


def test_bot_races_for_the_knock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whoever knocks first usually scores, so a discard is worth more when the next draw may
    allow a knock. Holding 8H 8C 8S, 9S 10S JS QS and 6D 9D 2D 5S, throwing 9D leaves the least
    deadwood (13), but throwing 6D keeps 9D, which 9H or 9C turns into nines beside the run
    10S JS QS: 15 unseen cards allow a knock after the next draw instead of 13, so the tuned
    cost (the fitted value's starting point) throws 6D. Without the race term (and crediting the
    next draw's expected gain only once) it throws 9D."""
    monkeypatch.setitem(STYLES, "normal", TUNED)
    g, _ = knock_after_draw("8H QS 8C 8S JS 6D 9S 9D 10S 2D", "KD 10D 3D JC JH 4H 4D 5H KC 7D", "5S",
                            upcard="4C", junk="4S")
    public, private = g.public_view(), g.private_view(NON_DEALER)
    hand = [Card.parse(c) for c in private["hand"]]
    table = read(public, private, Reading())
    keep_9d = outlook(table, [c for c in hand if c != Card.parse("6D")], 0.5, 10)
    keep_6d = outlook(table, [c for c in hand if c != Card.parse("9D")], 0.5, 10)
    assert keep_9d.knock > keep_6d.knock + 0.05
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("6D"))
    monkeypatch.setitem(STYLES, "normal", dataclasses.replace(STYLES["normal"], race=0.0, promise=1.0))
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("9D"))


def test_bot_weighs_the_next_draw_less_as_the_stock_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Early in a hand the bot throws 9S and keeps QC JC, which a draw may turn into a run; with
    three cards left in the stock the opponent may knock before that draw pays, so it throws JC,
    one point of deadwood less. Without `wane` it keeps QC JC late too (the tuned cost)."""
    monkeypatch.setitem(STYLES, "normal", TUNED)
    g, _ = knock_after_draw("AS 2S 3S 4D 5D 6D QC JC AD 9S", "6C 6H 4H AC 5C KC 8C 8D AH 10C", "9D",
                            upcard="9C", junk="7C")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("9S"))
    del g.stock[3:]
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("JC"))
    monkeypatch.setitem(STYLES, "normal", dataclasses.replace(STYLES["normal"], wane=0.0))
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("9S"))


def test_gin_10_bot_holds_a_count_of_three_or_less_for_gin_while_the_stock_lasts() -> None:
    """With AS 2S 3S, 4D 5D 6D, 7C 8C 9C and 2H after throwing KH the bot could knock with 2
    (GIN-10), but an opponent who knocks at once shows about 7, which 2 undercuts (GIN-16), while
    one draw of an ace, a 2 or a 3 may make gin: it throws KH and plays on. With 4 it knocks (that
    count is beaten too often), and with 6 cards left in the stock it knocks with 2 as well (the
    hand would soon be void, GIN-13). The easy bot knocks at once."""
    g, _ = knock_after_draw("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H", "KS QH JH 10S 10D 8H 6S 3D 5H 5C", "KH")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Discard(Card.parse("KH"))
    g, _ = knock_after_draw("AS 2S 3S 4D 5D 6D 7C 8C 9C 4H", "KS QH JH 10S 10D 8H 6S 3D 5H 5C", "KH")
    assert g.bot_action(NON_DEALER, random.Random(0)) == Knock(Card.parse("KH"), 4)
    g, _ = knock_after_draw("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H", "KS QH JH 10S 10D 8H 6S 3D 5H 5C", "KH")
    del g.stock[6:]
    assert g.bot_action(NON_DEALER, random.Random(0)) == Knock(Card.parse("KH"), 2)
    g, _ = knock_after_draw("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H", "KS QH JH 10S 10D 8H 6S 3D 5H 5C", "KH",
                            options={"bot_strength": "easy"})
    assert g.bot_action(NON_DEALER, random.Random(0)) == Knock(Card.parse("KH"), 2)


def test_gin_24_threat_reads_the_opponents_latest_discard() -> None:
    """Players throw their highest loose card: the lower the opponent's latest discard, the
    closer they may be to a knock. Nothing before they have discarded (the upcard is nobody's
    throw), nothing after a face card, a little after a nine, everything after an ace."""
    for junk, expected in (("QD", 0.0), ("9C", 1 / 9), ("AC", 1.0)):
        g, _ = knock_after_draw("8H QS 8C 8S JS 6D 9S 9D 10S 2D", "KD 10D 3D JC JH 4H 4D 5H KC 7D", "5S",
                                upcard="4C", junk=junk)
        assert threat(read(g.public_view(), g.private_view(NON_DEALER), Reading())) == pytest.approx(expected)
    g = start("AS 2S 3S 5C 6C 7C KD 9H 4D 2H", "KS KH QH JH 10S 10D 8C 6S 3D 5D", "2C")
    assert threat(read(g.public_view(), g.private_view(NON_DEALER), Reading())) == 0.0


def test_fitted_bot_stops_racing_when_the_opponent_throws_low(monkeypatch: pytest.MonkeyPatch) -> None:
    """The race hand above (8H 8C 8S, 9S 10S JS QS, 6D 9D 2D 5S): while the opponent throws a
    queen, the fitted bot races too and throws 6D. Once they throw a two they may knock any
    moment, and what counts is the deadwood held when they do: it throws 9D (13 left, not 16).
    Without the fitted terms that read the opponent's throws it would race on."""
    def discard(junk: str) -> Action:
        g, _ = knock_after_draw("8H QS 8C 8S JS 6D 9S 9D 10S 2D", "KD 10D 3D JC JH 4H 4D 5H KC 7D", "5S",
                                upcard="4C", junk=junk)
        return g.bot_action(NON_DEALER, random.Random(0))

    assert STYLES["normal"] is FITTED and STYLES["strong"] is FITTED
    assert discard("QD") == Discard(Card.parse("6D"))
    assert discard("2C") == Discard(Card.parse("9D"))
    assert FITTED.weights is not None
    blind = [0.0 if name.endswith("_threat") else w for name, w in zip(FEATURES, FITTED.weights, strict=True)]
    monkeypatch.setitem(STYLES, "normal", dataclasses.replace(FITTED, weights=tuple(blind)))
    assert discard("2C") == Discard(Card.parse("6D"))
