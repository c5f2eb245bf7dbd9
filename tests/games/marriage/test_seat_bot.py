"""The Marriage seat bot plays like a player who knows the wild cards: it keeps them once seen,
builds the pure sets the show needs, and goes out keeping its maal (bench/seat_bots.py prints
how it fares against a greedy player)."""

from __future__ import annotations

import random

import pytest

from bot.games.actions import Discard, DrawStock, TakeDiscard
from bot.games.cards import Card
from bot.games.marriage import Marriage
from bot.games.marriage.actions import Finish
from bot.games.marriage.melds import face_of, wild_faces

from .helpers import cards, game_in_play, set_position
from tests.games.known import one_of

SHOWN = ("2S 3S 4S", "5H 6H 7H", "JC QC KC")


def seen_with(hand: str, drawn: str, tiplu: str, strength: str = "normal") -> tuple[Marriage, int]:
    """A seat that has shown three pure sets and seen the tiplu, after drawing `drawn`."""
    g = game_in_play(options={"bot_strength": strength})
    seat = g.turn
    used = set_position(g, {seat: hand}, seat, tiplu=tiplu)
    g.shown[seat] = [cards(m, used) for m in SHOWN]
    g.seen[seat], g.route[seat] = True, "normal"
    g.hands[seat].append(cards(drawn, used)[0])
    g.drawn = True
    return g, seat


@pytest.mark.parametrize("strength", ["easy", "normal", "strong"])
def test_mar_11_a_seen_bot_keeps_its_joker_and_throws_a_loose_card(strength: str) -> None:
    """With tiplu 10D every ten is wild: the old bot threw the joker 10C and kept the loose AH
    and 7D. A wild card fills a missing card of any meld, so no bot throws it while a natural
    card can go (bench/blunders.py `threw_wild`)."""
    g, seat = seen_with("AH 7D 9S 9H 9C 4D 5D 6D 2C 3C KH KS", "10C", tiplu="10D", strength=strength)
    wild = wild_faces(face_of(Card.parse("10D")))
    for seed in range(6):
        action = g.bot_action(seat, random.Random(seed))
        assert isinstance(action, Discard) and face_of(action.card) not in wild, action


def test_mar_20_going_out_the_bot_keeps_its_maal() -> None:
    """Going out, the bot throws a plain card, not the poplu it could also throw (MAR-20 scores
    maal held at the end)."""
    g, seat = seen_with("9S 9H 9C 4D 5D 6D 2C 3C 4C KH KS KD", "JD", tiplu="10D")   # JD is the poplu
    action = one_of(Finish, g.bot_action(seat, random.Random(0)))
    assert face_of(action.discard) != face_of(Card.parse("JD")), action


def test_mar_8_before_the_show_the_bot_takes_the_card_that_completes_a_pure_set() -> None:
    """Unseen, the bot needs three pure sets to show (MAR-8): 8H completes 6H 7H 8H, so it takes
    the discard; a card that builds nothing it leaves."""
    hand = "6H 7H QS QS AD 2D 3D 9C 10C 4S 8S KD KH 2C 5C 7S 4H JD 3C 6S 9D"
    g = game_in_play()
    seat = g.turn
    set_position(g, {seat: hand}, seat, pile=[("8H", (seat + 3) % 4, False)])
    assert g.bot_action(seat, random.Random(0)) == TakeDiscard(Card.parse("8H"))
    g = game_in_play()
    set_position(g, {seat: hand}, seat, pile=[("KC", (seat + 3) % 4, False)])
    assert g.bot_action(seat, random.Random(0)) == DrawStock()
