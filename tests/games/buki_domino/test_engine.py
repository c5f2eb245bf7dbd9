"""Buki-Domino: the engine as a whole: registration, options, the codec."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import action_from_dict, action_to_dict
from bot.games.buki_domino import Bet, BukiDomino, ChooseDeadline, Play, SetLimits
from bot.games.buki_domino.money import backed, bet_range, payout

from .decks import D6_HANDS, D6_STAMM, new_game
from .rules_helpers import T
from tests.english import label
from tests.games.known import known


def _moves(hand: list[str], ends: list[int] | None) -> bool:
    tiles = [T(t) for t in hand]
    if ends is None:
        return bool(tiles)
    return any(t.has(ends[0]) or t.has(ends[1]) for t in tiles)


def test_registered_with_class_attributes() -> None:
    assert GAMES["buki_domino"] is BukiDomino
    assert BukiDomino.min_players == BukiDomino.max_players == 4
    names = {s.name for s in BukiDomino.option_specs if not s.shared}   # the rules table's
    assert names == {"buy_in", "min_bet", "max_bet", "first_banker_sets_limits", "payout_multiplier",
                     "payout_rounding", "tiles_per_player", "play_direction", "bet_deadline_tile",
                     "late_bet_variant", "early_bets_after_bank_change", "spectator_bets", "spectator_odds",
                     "max_hands", "turn_timeout_s"}
    b = BukiDomino.buy_in({"buy_in": 250})
    assert b.minimum == b.maximum == b.default == 250


def test_actions_round_trip_the_codec() -> None:
    for a in (Play(T("[6|3]"), "L", 6), Play(T("[6|3]"), "L"), Bet(4), SetLimits(2, 6), ChooseDeadline(4)):
        assert action_from_dict(BukiDomino.action_types, json.loads(json.dumps(action_to_dict(a)))) == a
        assert len(label(a)) <= 80


def test_illegal_actions_change_nothing() -> None:
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True)
    before = g.to_dict()
    # (P1 may bet while the banker decides on late bets: DOM-16, see test_off_turn_bets.py)
    for seat, action in ((0, Bet(7)), (0, Play(T("[8|4]"), "L")), (3, Bet(2)), (3, Play(T("[8|7]"), "L")),
                         (3, ChooseDeadline(5)), (3, SetLimits(2, 6)), (1, ChooseDeadline(3))):
        with pytest.raises(IllegalAction):
            g.apply(seat, action)
        assert g.to_dict() == before


@pytest.mark.parametrize("options", [
    {},
    {"play_direction": "counterclockwise", "tiles_per_player": 7, "bet_deadline_tile": 4},
    {"late_bet_variant": True, "early_bets_after_bank_change": False, "payout_rounding": "ceil"},
    {"payout_rounding": "even_bets_only", "payout_multiplier": 3, "min_bet": 2, "max_bet": 4},
])
def test_oracle_turns_passes_blocks_bets_and_bankers(options: dict[str, Any]) -> None:
    """DOM-2, 6, 7, 8, 11, 13, 15, 16, 19 checked from the views alone, after every action."""
    opts = {"first_banker_sets_limits": False, "max_hands": 8, **options}
    step = -1 if opts.get("play_direction") == "counterclockwise" else 1
    deadline_opt = opts.get("bet_deadline_tile", 3)
    seen: Counter[str] = Counter()
    for seed in range(12):
        g = BukiDomino.start([60] * 4, opts, seed=seed)
        rng = random.Random(seed)
        # DOM-6: the first banker holds the heaviest tile dealt
        heaviest = max((max(T(t) for t in g.private_view(s)["hand"]), s) for s in range(4))[1]
        assert g.banker == heaviest or g.stacks[heaviest] < payout(g, g.max_bet)
        placed = [0] * 4
        spectator = 1000
        flow = 0  # spectator chips in minus out (DOM-26)
        while not g.is_over():
            pub = g.public_view()
            hands = [g.private_view(s)["hand"] for s in range(4)]
            seat = g.to_act()[0]
            if rng.random() < 0.3 and g.spectator_window_open() and g.spectator_bet_range(0 if g.banker else 1):
                seat_backed = 0 if g.banker else 1
                spectator += 1
                amount = known(g.spectator_bet_range(seat_backed))[0]
                g.place_spectator_bet(spectator, seat_backed, amount)
                flow += amount
                continue
            legal = g.legal_actions(seat)
            action = rng.choice(legal)
            banker, deadline = g.banker, g.deadline
            if isinstance(action, Bet):
                lo, hi = bet_range(g, seat)
                assert lo <= action.amount <= hi and lo == min(g.min_bet, hi)
            if isinstance(action, Play) and pub["stage"] == "play" and seat != banker:
                # DOM-16: never the deadline-th tile without a bet
                assert g.bets[seat] is not None or placed[seat] < deadline - 1
            hand_no = g.hands_done
            ev = g.apply(seat, action)
            flow -= sum(a for _, a in g.take_spectator_payouts())
            if not isinstance(action, Play):
                continue
            placed[seat] += 1
            hands[seat].remove(str(action.tile))
            summary = [e for e in ev if e.kind == "summary"]
            if summary:
                s = summary[0].data
                ends = [int(s["line"][0][1]), int(s["line"][-1][-2])]
                seen[s["how"]] += 1
                if s["how"] == "domino":
                    assert hands[seat] == [] and s["winner"] == seat
                else:  # DOM-13: nobody could move; DOM-14: the lowest unique total wins
                    assert all(hands[p] and not _moves(hands[p], ends) for p in range(4))
                    low = min(s["totals"])
                    assert s["winner"] == (s["totals"].index(low) if s["totals"].count(low) == 1 else None)
                    assert s["totals"] == [sum(T(t).pips for t in h) for h in hands]
                # DOM-7 / DOM-8
                if not g.is_over():
                    designated = s["banker"] if s["winner"] is None else s["winner"]
                    need = payout(g, g.max_bet)
                    expect = designated
                    while expect != g.banker and g.stacks[expect] < need:
                        expect = (expect + step) % 4
                    assert g.banker == expect
                    assert g.hands_done == hand_no + 1
                placed = [0] * 4
                continue
            # DOM-11 / DOM-2: passes are exactly the players without a move, in direction order
            ends = known(g.public_view()["ends"])
            nxt = (seat + step) % 4
            passed = []
            while not _moves(hands[nxt], ends):
                passed.append(nxt)
                nxt = (nxt + step) % 4
            assert [e.seat for e in ev if e.kind == "pass"] == passed
            seen["pass"] += bool(passed)
            assert g.to_act() == [nxt]
            # DOM-19: the bank covers every stake and the spectator bets on it
            F = g.stacks[g.banker]
            for p in range(4):
                if p != g.banker and g.bets[p] is not None:
                    assert payout(g, g.stakes[p]) + backed(g, p) <= F
        assert sum(g.stacks) == 240 + flow and g.deadline in (3, 4, deadline_opt)
    assert seen["block"] and seen["domino"] and seen["pass"], seen
