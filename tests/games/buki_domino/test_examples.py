"""The worked examples D1–D13 of rules/dominoes.md, one test each."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.base import Event
from bot.games.buki_domino import AcceptSpectatorBet, Bet, BukiDomino, Play, SetLimits, legal_plays
from bot.games.buki_domino.line import code_of, place
from bot.games.buki_domino.money import bet_range
from bot.games.buki_domino.scoring import settle
from bot.games.tiles import Tile, full_set, parse_tiles

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, make_deck, new_game
from tests.english import english

T = Tile.parse


def pay25(x: int) -> int:
    return 5 * x // 2


def pay25_ceil(x: int) -> int:
    return -(-5 * x // 2)


def summary(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "summary"]


def test_d1_tile_set() -> None:
    tiles = full_set()
    assert len(tiles) == 36 == len(set(tiles))
    assert sum(t.pips for t in tiles) == 288
    counts = Counter(n for t in tiles for n in (t.high, t.low))
    assert counts == dict.fromkeys(range(9), 8)
    heaviest = sorted(tiles, reverse=True)[:6]
    assert [(str(t), t.pips) for t in heaviest] == [
        ("[8|7]", 15), ("[8|6]", 14), ("[8|5]", 13), ("[7|6]", 13), ("[8|4]", 12), ("[7|5]", 12)]


def test_d2_first_banker_tie_goes_to_higher_end() -> None:
    g = new_game(["[7|6]", None, "[8|5]", None], stamm="[8|7] [8|6]")
    assert g.banker == 2
    assert g.to_act() == [2]
    assert all(isinstance(a, Play) and a.onto is None for a in g.legal_actions(2))
    # with the first banker setting the limits, P3 is asked first, then leads
    g = new_game(["[7|6]", None, "[8|5]", None], stamm="[8|7] [8|6]", first_banker_sets_limits=True)
    assert g.to_act() == [2] and isinstance(g.legal_actions(2)[0], SetLimits)
    g.apply(2, SetLimits(2, 6))
    assert g.to_act() == [2] and isinstance(g.legal_actions(2)[0], Play)


def test_d3_legal_moves() -> None:
    moves = legal_plays(parse_tiles("[6|3] [5|2] [3|1] [8|0]"), (6, 3))
    assert [(str(t), e) for t, e in moves] == [("[6|3]", "L"), ("[6|3]", "R"), ("[3|1]", "R")]
    ends = [(place(6, 3, _code(t), e)[:2]) for t, e in moves]
    assert ends == [(3, 3), (6, 6), (6, 1)]


def test_d4_equal_ends_one_move_per_tile() -> None:
    moves = legal_plays(parse_tiles("[4|0] [7|4] [2|1]"), (4, 4))
    assert sorted((str(t), e) for t, e in moves) == [("[4|0]", "L"), ("[7|4]", "L")]
    assert {str(t): place(4, 4, _code(t), e)[:2] for t, e in moves} == {"[4|0]": (0, 4), "[7|4]": (7, 4)}


def test_d5_forced_pass() -> None:
    assert legal_plays(parse_tiles("[6|5] [6|4] [6|0] [4|2] [3|0]"), (1, 1)) == []


def _d6_game(stacks: list[int] | None = None, **options: Any) -> tuple[BukiDomino, list[Any]]:
    g = new_game(D6_HANDS, D6_STAMM, stacks=stacks, **options)
    assert g.banker == 3  # P4 holds [8|7]
    events = []
    events += g.apply(3, Play(T("[7|3]"), "L"))
    assert (g.left, g.right) == (7, 3) and g.to_act() == [0]
    events += g.apply(0, Play(T("[7|1]"), "L"))
    assert (g.left, g.right) == (1, 3) and g.to_act() == [1]
    return g, events


def test_d6_block_after_three_tiles() -> None:
    g, events = _d6_game()
    events += g.apply(1, Play(T("[3|1]"), "R"))
    [s] = summary(events)
    assert s.data["how"] == "block" and s.data["winner"] == 1
    assert s.data["totals"] == [42, 36, 49, 54]
    assert s.data["line"] == ["[1|7]", "[7|3]", "[3|1]"]
    assert "blocked" in english(s) and "Unused tiles: " in english(s)
    assert g.hands_done == 1 and g.banker == 1  # P2 is the next banker


def test_d7_blocked_hand_drawn_stakes_carry() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    assert g.banker == 2  # [8|7] is in the Stamm; [8|6] is the heaviest dealt
    ev = g.apply(2, Play(T("[6|0]"), "L"))
    ev += g.apply(3, Play(T("[4|0]"), "R"))
    ev += g.apply(0, Play(T("[7|4]"), "R"))
    assert (g.left, g.right) == (6, 7)
    ev += g.apply(1, Play(T("[7|6]"), "L"))
    [s] = summary(ev)
    assert s.data["totals"] == [36, 34, 34, 43] and s.data["winner"] is None
    assert "draw" in english(s)
    assert g.banker == 2 and g.hands_done == 1  # P3 stays banker
    assert g.carried == [2, 2, 0, 2] and g.stakes == [2, 2, 0, 2]  # missing bets = n_min, carried (DOM-18, 22)
    assert g.stacks == [98, 98, 100, 98]


def test_d8_settlement_non_banker_wins() -> None:
    after_bets = [100, 48, 47, 44]
    res = settle(after_bets, [0, 2, 3, 6], 0, 2, [], pay25, pay25)
    assert res.stacks == [101, 48, 57, 44] and sum(res.stacks) == 250 and res.stakes == [0, 0, 0, 0]
    res = settle(after_bets, [0, 2, 3, 6], 0, 2, [], pay25_ceil, pay25_ceil)
    assert res.stacks[0] == 100 and res.stacks[2] == 58
    # the same numbers at the table: D6's deal, banker P4; P1 bets 6, P2 bets 3 and wins, P3 never bets
    for rounding, banker_after, winner_after in (("floor", 101, 57), ("ceil", 100, 58)):
        g = new_game(D6_HANDS, D6_STAMM, stacks=[50, 50, 50, 100], payout_rounding=rounding)
        g.apply(3, Play(T("[7|3]"), "L"))
        g.apply(0, Bet(6))
        g.apply(0, Play(T("[7|1]"), "L"))
        g.apply(1, Bet(3))
        ev = g.apply(1, Play(T("[3|1]"), "R"))
        assert g.stacks == [44, winner_after, 48, banker_after]
        assert "stake of 3 back" in english(summary(ev)[0])


def test_d9_banker_wins() -> None:
    res = settle([100, 48, 47, 44], [0, 2, 3, 6], 0, 0, [], pay25, pay25)
    assert res.stacks == [111, 48, 47, 44]


def test_d10_draw_then_carry_over() -> None:
    res = settle([100, 48, 47, 44], [0, 2, 3, 6], 0, None, [], pay25, pay25)
    assert res.stacks == [100, 48, 47, 44] and res.stakes == [0, 2, 3, 6] and res.carried == [0, 2, 3, 6]
    stacks = [100, 48 - 2, 47 - 2, 44 - 4]
    stakes = [0, 2 + 2, 3 + 2, 6 + 4]
    assert stakes == [0, 4, 5, 10]
    res = settle(stacks, stakes, 0, 3, [], pay25, pay25)
    assert res.stacks == [84, 46, 45, 75] and sum(res.stacks) == 250


def test_d11_missing_bets_when_the_hand_ends() -> None:
    g, events = _d6_game(stacks=[60] * 4)
    events += g.apply(1, Play(T("[3|1]"), "R"))
    assert g.stacks == [58, 65, 58, 59] and sum(g.stacks) == 240
    assert sum("the minimum of 2 is recorded" in line for line in english(summary(events)[0]).splitlines()) == 3


def test_d12_cover_cap() -> None:
    # D7's draw with the banker P3 at 20 chips; P2 bets 6 before its first tile, so carries 6
    g = new_game(D7_HANDS, D7_STAMM, stacks=[50, 50, 20, 50])
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    g.apply(0, Play(T("[7|4]"), "R"))
    g.apply(1, Bet(6))
    g.apply(1, Play(T("[7|6]"), "L"))
    assert g.hands_done == 1 and g.banker == 2 and g.stacks[2] == 20
    assert g.carried[1] == 6
    assert bet_range(g, 1) == (2, 2)  # payout(6 + n) ≤ 20 → n ≤ 2
    assert bet_range(g, 0) == (2, 6)  # carries the minimum 2: payout(8) = 20 still fits
    g.carried[0] = g.stakes[0] = 0  # a player with nothing carried
    g.stacks[0] += 2
    assert bet_range(g, 0) == (2, 6)


def test_d13_spectators() -> None:
    res = settle([100, 48, 44, 48], [0, 2, 6, 2], 0, 2, [(10, 2, 4), (11, 1, 2), (12, 3, 3)], pay25, pay25)
    assert res.stacks == [84, 48, 65, 48]
    balances = {10: 40 - 4, 11: 40 - 2, 12: 40 - 3}
    for sid, amount in res.spectator_paid:
        balances[sid] += amount
    assert balances == {10: 50, 11: 38, 12: 37}
    assert sum(res.stacks) + sum(balances.values()) == 370


def test_d13_spectators_through_the_engine() -> None:
    """D13 with D6's deal (banker P4, P2 wins): P2 bets 6, P1 2, P3 the minimum 2 at the end."""
    g = new_game(D6_HANDS, D6_STAMM, stacks=[50, 50, 50, 100], first_banker_sets_limits=True)
    balances = {10: 40, 11: 40, 12: 40}
    g.apply(3, SetLimits(2, 6))
    for sid, seat, amount in ((10, 1, 4), (11, 0, 2), (12, 2, 3)):
        g.place_spectator_bet(sid, seat, amount)
        balances[sid] -= amount
    assert g.to_act() == [3]
    for bet_id in (1, 2, 3):
        assert AcceptSpectatorBet(bet_id) in g.legal_actions(3)
        g.apply(3, AcceptSpectatorBet(bet_id))
    assert sum(g.chips().values()) == 250 + 9
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Bet(2))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Bet(6))
    g.apply(1, Play(T("[3|1]"), "R"))
    for sid, amount in g.take_spectator_payouts():
        balances[sid] += amount
    assert balances == {10: 50, 11: 38, 12: 37}
    assert g.stacks == [48, 65, 48, 84]
    assert sum(g.chips().values()) + sum(balances.values()) == 370


def _code(tile: Tile) -> int:
    return code_of(tile)


def test_make_deck_helper_deals_as_written() -> None:
    deck = make_deck(D6_HANDS, D6_STAMM)
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, deck=deck)
    assert g.private_view(1)["hand"] == ["[6|5]", "[6|4]", "[6|0]", "[4|2]", "[3|1]", "[3|0]"]
