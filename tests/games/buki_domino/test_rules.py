"""Rule tests for Buki-Domino, by rule id: worked cases, boundaries, ties and every option value."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bot.games import GAMES, IllegalAction
from bot.games.base import action_from_dict, action_to_dict
from bot.games.buki_domino import Bet, BukiDomino, ChooseDeadline, Play, SetLimits, legal_plays
from bot.games.buki_domino import line as ln
from bot.games.buki_domino.actions import AcceptSpectatorBet, RefuseSpectatorBet
from bot.games.buki_domino.money import backed, bet_range, payout, spayout
from bot.games.buki_domino.scoring import block_winner
from bot.games.tiles import Tile, full_set, parse_tiles

from .decks import D6_HANDS, D6_STAMM, D7_HANDS, D7_STAMM, make_deck, new_game
from tests.english import english, english_saved, label

T = Tile.parse


def d6_to_second_hand(**options) -> BukiDomino:
    """D6 played out: P2 wins the block and banks the second hand (a change of banker)."""
    g = new_game(D6_HANDS, D6_STAMM, **options)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))
    assert g.hands_done == 1 and g.banker == 1
    return g


def finish_hand(g: BukiDomino) -> list:
    """Play the current hand out by timeouts; the events of the last action."""
    start = g.hands_done
    ev: list = []
    while not g.is_over() and g.hands_done == start:
        seat = g.to_act()[0]
        ev = g.apply(seat, g.timeout_action(seat))
    return ev


def play_d6(g: BukiDomino) -> list:
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    return g.apply(1, Play(T("[3|1]"), "R"))


def play_d7(g: BukiDomino) -> list:
    ev: list = []
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        ev = g.apply(seat, Play(T(tile), end))
    return ev


def _moves(hand: list[str], ends: list[int] | None) -> bool:
    tiles = [T(t) for t in hand]
    if ends is None:
        return bool(tiles)
    return any(t.has(ends[0]) or t.has(ends[1]) for t in tiles)


# --- options, registration and the contract ---------------------------------------------------

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
def test_oracle_turns_passes_blocks_bets_and_bankers(options: dict) -> None:
    """DOM-2, 6, 7, 8, 11, 13, 15, 16, 19 checked from the views alone, after every action."""
    opts = {"first_banker_sets_limits": False, "max_hands": 8, **options}
    step = -1 if opts.get("play_direction") == "counterclockwise" else 1
    deadline_opt = opts.get("bet_deadline_tile", 3)
    seen: Counter = Counter()
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
                amount = g.spectator_bet_range(seat_backed)[0]
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
            ends = g.public_view()["ends"]
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


# --- DOM-1 ------------------------------------------------------------------------------------

def test_dom_1_a_game_is_a_series_of_hands_by_the_same_four_players() -> None:
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "max_hands": 4}, seed=11)
    seen = []
    while not g.is_over():
        [summary] = [e for e in finish_hand(g) if e.kind == "summary"]
        seen.append(summary.data["hand"])
        assert len(summary.data["hands"]) == 4
    assert seen == [1, 2, 3, 4] and g.hands_done == 4
    assert sum(g.stacks) == 400 and all(g.active)


# --- DOM-2 ------------------------------------------------------------------------------------

def test_dom_2_exactly_four_players() -> None:
    with pytest.raises(ValueError, match="exactly 4"):
        BukiDomino.start([100] * 3)


def test_dom_2_counterclockwise_order() -> None:
    g = new_game(D6_HANDS, D6_STAMM, play_direction="counterclockwise")
    g.apply(3, Play(T("[7|3]"), "L"))
    assert g.to_act() == [2]  # P4 -> P3


# --- DOM-3 ------------------------------------------------------------------------------------

def test_dom_3_the_36_tile_set() -> None:
    tiles = full_set()
    assert len(tiles) == len(set(tiles)) == 36
    assert all(0 <= t.low < t.high <= 8 for t in tiles)  # no doubles, numbers 0..8
    assert sum(t.pips for t in tiles) == 288
    assert Counter(n for t in tiles for n in (t.high, t.low)) == dict.fromkeys(range(9), 8)
    assert max(tiles) == T("[8|7]") and T("[8|7]").pips == 15
    for bad in ("[4|4]", "[9|1]"):  # a double and a 9 are not Buki tiles
        with pytest.raises(ValueError):
            ln.code_of(T(bad))
    g = new_game(D6_HANDS, D6_STAMM)
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(3, Play(T("[4|4]"), "L"))


def test_dom_3_a_play_must_name_a_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    before = g.to_dict()
    for junk in ("[8|7]", None, 87):
        with pytest.raises(IllegalAction, match="not a domino tile"):
            g.apply(3, Play(junk, "L"))  # type: ignore[arg-type]
    assert g.to_dict() == before


# --- DOM-4 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("options, name", [
    ({"max_bet": 1}, "max_bet"),
    ({"buy_in": 10}, "buy_in"),
    ({"max_bet": 20, "buy_in": 40}, "buy_in"),
    ({"payout_rounding": "even_bets_only", "min_bet": 3, "max_bet": 6}, "min_bet"),
    ({"payout_rounding": "even_bets_only", "min_bet": 2, "max_bet": 7}, "max_bet"),
    ({"tiles_per_player": 8}, "tiles_per_player"),
    ({"turn_timeout_s": 5}, "turn_timeout_s"),
    ({"spectator_odds": 4}, "spectator_odds"),
    ({"nonsense": 1}, "nonsense"),
])
def test_dom_4_15_bad_options_name_the_option(options: dict, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        BukiDomino.start([100] * 4, options)


@pytest.mark.parametrize("options, name", [
    ({"min_bet": 0}, "min_bet"),
    ({"max_bet": 7, "buy_in": 17, "payout_rounding": "ceil"}, "buy_in"),  # ceil(17.5) = 18
    ({"max_bet": 8, "buy_in": 23, "payout_multiplier": 3}, "buy_in"),
    ({"buy_in": 19, "max_bet": 2}, "buy_in"),  # at least 20
    ({"turn_timeout_s": 601}, "turn_timeout_s"),
    ({"max_hands": 0}, "max_hands"),
    ({"payout_multiplier": 4}, "payout_multiplier"),
    ({"play_direction": "left"}, "play_direction"),
    ({"bet_deadline_tile": 2}, "bet_deadline_tile"),
])
def test_dom_4_15_option_bounds(options: dict, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        BukiDomino.start([100] * 4, options)


def test_dom_4_buy_in_just_enough_for_a_bank() -> None:
    g = BukiDomino.start([17] * 4, {"buy_in": 20, "max_bet": 7, "first_banker_sets_limits": False}, seed=1)
    assert not g.is_over()  # payout(7) = 17 with floor
    assert BukiDomino.start([100] * 4, {"max_bet": 9, "buy_in": 23, "payout_rounding": "ceil"}) is not None
    with pytest.raises(ValueError, match="buy_in"):
        BukiDomino.start([100] * 4, {"max_bet": 9, "buy_in": 22, "payout_rounding": "ceil"})


# --- DOM-5 ------------------------------------------------------------------------------------

def test_dom_5_seven_tiles_stamm_of_eight() -> None:
    g = BukiDomino.start([100] * 4, {"tiles_per_player": 7}, seed=3)
    assert [len(g.private_view(s)["hand"]) for s in range(4)] == [7] * 4
    assert len(g.stamm) == 8


def test_dom_5_stamm_hidden_until_the_end() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    text = json.dumps(g.public_view())
    assert "[5|1]" not in text and "[8|4]" not in text  # a Stamm tile, a tile of P1
    assert "[8|4]" not in json.dumps(g.private_view(1))
    g = d6_to_second_hand()
    assert "[5|1]" in g.public_view()["last_hand"]["stamm"]


@pytest.mark.parametrize("per", [6, 7])
def test_dom_5_deal_is_uniform_and_every_hand_is_new(per: int) -> None:
    n = 2000
    counts = [[0] * 5 for _ in range(36)]  # tile code -> P1..P4, Stamm
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "tiles_per_player": per,
                                     "max_hands": 3}, seed=0)
    first_hand = [list(h) for h in g.hands]
    finish_hand(g)
    assert [list(h) for h in g.hands] != first_hand  # a fresh shuffle for the next hand
    for seed in range(n):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "tiles_per_player": per}, seed=seed)
        assert len(g.stamm) == 36 - 4 * per
        for s in range(4):
            for c in g.hands[s]:
                counts[c][s] += 1
        for c in g.stamm:
            counts[c][4] += 1
    expected = [n * per / 36] * 4 + [n * (36 - 4 * per) / 36]
    for row in counts:
        for got, exp in zip(row, expected):
            assert abs(got - exp) < 0.25 * exp, (row, expected)


# --- DOM-6 ------------------------------------------------------------------------------------

def test_dom_6_first_banker_is_the_heaviest_dealt_tile_also_with_8_7_in_the_stamm() -> None:
    g = new_game(D7_HANDS, D7_STAMM)  # [8|7] in the Stamm, [8|6] with P3
    assert g.banker == 2 and g.to_act() == [2]
    # [8|7] dealt to P2: P2 banks even though P1 holds the next heaviest tiles
    g = new_game(["[8|6] [8|5] [7|6]", "[8|7]"])
    assert g.banker == 1


# --- DOM-7 ------------------------------------------------------------------------------------

def test_dom_7_the_winner_banks_next_and_a_winning_banker_stays() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    play_d6(g)
    assert g.last["winner"] == 1 and g.banker == 1  # P2 won the block
    # play on with timeouts: after every hand the winner banks, the banker stays after a draw
    for _ in range(8):
        before = g.banker
        [s] = [e for e in finish_hand(g) if e.kind == "summary"]
        if g.is_over():
            break
        expected = before if s.data["winner"] is None else s.data["winner"]
        assert g.banker == expected


def test_dom_7_banker_who_wins_stays_banker() -> None:
    for seed in range(60):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        b = g.banker
        ev = finish_hand(g)
        if g.last["winner"] == b and not g.is_over():
            assert g.banker == b and any("stays banker" in english(e) for e in ev if e.kind == "deal")
            assert g.public_view()["stage"] == "play"  # no DOM-17 early bets
            return
    raise AssertionError("no hand won by the banker in 60 seeds")


def test_dom_7_banker_stays_after_a_draw() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    play_d7(g)
    assert g.last["winner"] is None and g.banker == 2 and g.hands_done == 1


# --- DOM-8 ------------------------------------------------------------------------------------

def test_dom_8_bank_passes_to_the_next_who_can_cover() -> None:
    # P4 holds [8|7] but has 10 chips < payout(6) = 15; P1 is next clockwise
    g = new_game(D6_HANDS, D6_STAMM, stacks=[30, 30, 30, 10])
    assert g.banker == 0


def test_dom_8_25_no_banker_ends_the_game() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[14, 14, 14, 14])
    assert g.is_over() and "banker" in english_saved(g.end_reason) and g.to_act() == []


def test_dom_8_bank_passes_counterclockwise_with_that_option() -> None:
    # P4 holds [8|7] but cannot cover 15; counterclockwise the next seat is P3
    g = new_game(D6_HANDS, D6_STAMM, stacks=[30, 30, 30, 10], play_direction="counterclockwise")
    assert g.banker == 2
    assert g.stacks == [30, 30, 30, 10]


def test_dom_8_requirement_uses_the_rounding_and_multiplier() -> None:
    # payout(6) = 15 with 2.5 floor; 18 with 3; 12 with 2
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 14]).banker == 0
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 15]).banker == 3
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 17], payout_multiplier=3).banker == 0
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 18], payout_multiplier=3).banker == 3
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 12], payout_multiplier=2).banker == 3
    # max_bet 5: payout 12 floor, 13 ceil
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 12], max_bet=5).banker == 3
    assert new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 12], max_bet=5,
                    payout_rounding="ceil").banker == 0


def test_dom_8_new_banker_gets_its_carried_stake_back() -> None:
    g = new_game(D7_HANDS, D7_STAMM, stacks=[100, 100, 100, 100])
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    g.stacks[2] -= 90  # set-up: the banker P3 has lost most of its stack elsewhere (chips leave the check)
    ev = g.apply(1, Play(T("[7|6]"), "L"))  # a draw: P3 would stay banker, but 10 < payout(6) = 15
    assert g.last["winner"] is None
    assert g.banker == 3  # the next seat clockwise that can cover
    assert g.stakes[3] == 0 and g.carried[3] == 0 and g.stacks[3] == 100  # its carried 2 came back
    assert g.carried == [2, 2, 0, 0]
    assert any(e.kind == "refund" and e.seat == 3 for e in ev)
    assert g.public_view()["stage"] == "early_bets"  # DOM-17: the banker changed


# --- DOM-9 ------------------------------------------------------------------------------------

def test_dom_9_banker_leads_any_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    leads = g.legal_actions(3)
    assert sorted(str(a.tile) for a in leads) == sorted(str(t) for t in parse_tiles(D6_HANDS[3]))
    assert [label(a) for a in leads][0] == "Lead [8|7]"
    with pytest.raises(IllegalAction, match="first tile"):
        g.apply(3, Play(T("[7|3]"), "R"))


# --- DOM-10 -----------------------------------------------------------------------------------

def test_dom_10_moves_and_labels() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    labels = [label(a) for a in g.legal_actions(0)]
    assert "Play [7|6] on the left end, which shows 7 (then 6)" in labels
    assert "Play [3|2] on the right end, which shows 3 (then 2)" in labels
    with pytest.raises(IllegalAction, match="does not match the right end"):
        g.apply(0, Play(T("[7|6]"), "R"))
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(0, Play(T("[6|5]"), "L"))
    with pytest.raises(IllegalAction, match="now shows 7"):
        g.apply(0, Play(T("[7|6]"), "L", 3))


def test_dom_10_equal_ends_use_left() -> None:
    assert legal_plays(parse_tiles("[4|0]"), (4, 4)) == [(T("[4|0]"), "L")]
    g = new_game(D7_HANDS, D7_STAMM)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    # ends (6, 7); P2 holds [7|6], which fits both ends: two different moves
    moves = [(str(a.tile), a.end) for a in g.legal_actions(1) if isinstance(a, Play)]
    assert ("[7|6]", "L") in moves and ("[7|6]", "R") in moves


def test_dom_10_lead_sets_left_to_the_higher_end() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[3|7]"), "L"))  # written either way round
    assert g.public_view()["ends"] == [7, 3]


def test_dom_10_a_lead_names_no_end_number() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    before = g.to_dict()
    with pytest.raises(IllegalAction) as err:
        g.apply(3, Play(T("[7|3]"), "L", 7))
    assert "None" not in str(err.value) and "first tile" in str(err.value)
    assert g.to_dict() == before


def test_dom_10_tile_of_both_ends_gives_different_positions() -> None:
    # D7 up to ends (6, 7); P2's [7|6] on L -> (7, 7), on R -> (6, 6)
    for end, ends in (("L", [7, 7]), ("R", [6, 6])):
        g = new_game(D7_HANDS, D7_STAMM)
        for seat, tile, e in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
            g.apply(seat, Play(T(tile), e))
        g.apply(1, Bet(2))
        if end == "R":
            g.apply(1, Play(T("[7|6]"), "R"))
            assert g.public_view()["ends"] == ends and g.hands_done == 0
        else:
            g.apply(1, Play(T("[7|6]"), "L"))
            assert g.hands_done == 1 and g.last["line"][0] == "[7|6]"  # blocked on (7, 7)


# --- DOM-11 -----------------------------------------------------------------------------------

def test_dom_11_auto_pass_and_out_of_turn() -> None:
    # D7: after [6|0] P4 plays [4|0] on R; then the ends are (6, 4) and P1 holds [7|4]
    g = new_game(D7_HANDS, D7_STAMM)
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(0, Play(T("[2|0]"), "L"))
    ev = g.apply(2, Play(T("[6|0]"), "L"))
    # ends (6, 0): P4 holds [4|0], so nobody passes and P4 is next
    assert [e.kind for e in ev] == ["play"] and g.to_act() == [3]
    # a waiting non-banker may only bet (DOM-16, off-turn); the banker waiting has nothing
    assert {type(a) for a in g.legal_actions(0)} == {Bet} and g.legal_actions(2) == []


def test_dom_11_passes_are_recorded_and_skipped() -> None:
    # P1 holds only 8s and 0s; after P4 leads [7|3], P1 cannot play 7 or 3
    g = new_game(["[8|0] [8|1] [8|2] [2|0] [1|0] [4|0]", None, None, "[8|7] [7|3]"], "",
                 first_banker_sets_limits=False)
    ev = g.apply(3, Play(T("[7|3]"), "L"))
    passes = [e for e in ev if e.kind == "pass"]
    assert passes and passes[0].seat == 0
    assert g.to_act() != [0] and g.public_view()["passes"][0][0] == 0


def test_dom_11_pass_events_name_the_open_ends_once() -> None:
    seen = set()
    for seed in range(20):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and g.hands_done < 3:
            seat = g.to_act()[0]
            for e in g.apply(seat, rng.choice(g.legal_actions(seat))):
                if e.kind == "pass":
                    words = english(e).split(" cannot play on ")[1].removesuffix(" and passes.").split(" or ")
                    assert len(words) == 1 or words[0] != words[1], english(e)
                    seen.add(len(words))
    assert seen == {1, 2}


def test_dom_11_player_with_a_legal_move_must_place_a_tile() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    legal = g.legal_actions(0)
    assert any(isinstance(a, Play) for a in legal)
    assert all(isinstance(a, (Play, Bet)) for a in legal)  # no pass action exists


# --- DOM-12 -----------------------------------------------------------------------------------

def test_dom_12_domino_ends_the_hand() -> None:
    # play random hands until one ends in a domino; the winner holds no tile
    for seed in range(40):
        g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=seed)
        while g.hands_done == 0:
            seat = g.to_act()[0]
            ev = g.apply(seat, g.timeout_action(seat))
        [s] = [e for e in ev if e.kind == "summary"]
        if s.data["how"] == "domino":
            assert s.data["hands"][s.data["winner"]] == [] and "domino" in english(s)
            return
    raise AssertionError("no domino in 40 hands")


# --- DOM-13 -----------------------------------------------------------------------------------

def test_dom_13_block_detected_at_once_even_when_only_some_tiles_are_placed() -> None:
    ev = play_d6(new_game(D6_HANDS, D6_STAMM))
    kinds = [e.kind for e in ev]
    assert "pass" not in kinds and "summary" in kinds
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["how"] == "block" and [len(h) for h in s.data["hands"]] == [5, 5, 6, 5]


def test_dom_13_no_block_while_one_player_can_still_move() -> None:
    # ends (1, 1) after D6; if P3 held a 1 the hand would go on: P3 gets [1|0] from the Stamm
    hands = list(D6_HANDS)
    hands[2] = "[8|5] [8|3] [7|0] [5|2] [4|3] [1|0]"
    stamm = D6_STAMM.replace("[1|0]", "[4|0]")
    g = new_game(hands, stamm)
    ev = play_d6(g)
    assert g.hands_done == 0 and g.to_act() == [2] and not [e for e in ev if e.kind == "pass"]


# --- DOM-14 -----------------------------------------------------------------------------------

def test_dom_14_lowest_total_wins_whoever_and_however_many_tiles() -> None:
    assert block_winner([42, 36, 49, 54]) == 1
    assert block_winner([10, 36, 49, 9]) == 3  # the banker can win a block too
    assert block_winner([36, 36, 49, 54]) is None
    assert block_winner([50, 40, 40, 40]) is None  # a three-way tie is a draw too


def test_dom_14_tie_including_the_banker_is_a_draw() -> None:
    g = new_game(D7_HANDS, D7_STAMM)  # P2 and the banker P3 share 34
    ev = play_d7(g)
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["totals"] == [36, 34, 34, 43] and s.data["winner"] is None and "draw" in english(s)
    assert g.stacks[2] == 100  # the banker collects nothing


# --- DOM-15 -----------------------------------------------------------------------------------

def test_dom_15_bets_range_once_and_never_by_the_banker() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    bets = [a for a in g.legal_actions(0) if isinstance(a, Bet)]
    assert [b.amount for b in bets] == [2, 3, 4, 5, 6]
    with pytest.raises(IllegalAction, match="between 2 and 6"):
        g.apply(0, Bet(7))
    g.apply(0, Bet(4))
    assert g.stacks[0] == 96 and g.chips()["stake:0"] == 4
    assert not any(isinstance(a, Bet) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="already bet 4"):
        g.apply(0, Bet(2))


def test_dom_15_first_banker_sets_limits() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    menu = g.legal_actions(3)
    assert menu[0] == SetLimits(2, 6) and len(menu) <= 25 and len(set(menu)) == len(menu)
    assert g.timeout_action(3) == SetLimits(2, 6)
    with pytest.raises(IllegalAction, match="cover"):
        g.apply(3, SetLimits(10, 50))
    with pytest.raises(IllegalAction):
        g.apply(3, SetLimits(5, 4))
    g.apply(3, SetLimits(3, 9))
    g.apply(3, Play(T("[7|3]"), "L"))
    assert [a.amount for a in g.legal_actions(0) if isinstance(a, Bet)] == list(range(3, 10))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))
    assert g.hands_done == 1 and g.phase != "limits" and (g.min_bet, g.max_bet) == (3, 9)  # asked once


def test_dom_15_limits_must_be_even_with_even_bets_only_and_hold_for_every_hand() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True, payout_rounding="even_bets_only",
                 min_bet=2, max_bet=6)
    assert all(a.min_bet % 2 == 0 and a.max_bet % 2 == 0 for a in g.legal_actions(3))
    for bad in (SetLimits(3, 6), SetLimits(2, 5), SetLimits(0, 2)):
        with pytest.raises(IllegalAction):
            g.apply(3, bad)
    g.apply(3, SetLimits(4, 8))
    play_d6(g)
    assert (g.min_bet, g.max_bet) == (4, 8) and g.phase != "limits"


def test_dom_15_limits_asked_before_any_spectator_request_and_kept_on_timeout() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    assert g.public_view()["stage"] == "limits" and g.to_act() == [3]
    with pytest.raises(IllegalAction):
        g.place_spectator_bet(77, 0, 2)
    g.apply(3, g.timeout_action(3))
    assert (g.min_bet, g.max_bet) == (2, 6)


def test_dom_15_banker_may_raise_the_maximum_up_to_its_stack() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    g.apply(3, SetLimits(10, 40))  # payout(40) = 100 = the stack
    assert (g.min_bet, g.max_bet) == (10, 40)
    with pytest.raises(IllegalAction, match="cover"):
        new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True).apply(3, SetLimits(10, 41))


def test_dom_15_short_stack_caps_the_bet() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[4, 100, 100, 100])
    g.apply(3, Play(T("[7|3]"), "L"))
    assert [a.amount for a in g.legal_actions(0) if isinstance(a, Bet)] == [2, 3, 4]


# --- DOM-16 -----------------------------------------------------------------------------------

def test_dom_16_must_bet_before_the_third_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 2  # P1 has placed two tiles this hand (state set up for the rule)
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    legal = g.legal_actions(0)
    assert legal and all(isinstance(a, Bet) for a in legal)
    assert g.private_view(0)["must_bet"] is True
    with pytest.raises(IllegalAction, match="bet before your 3rd tile"):
        g.apply(0, Play(T("[7|4]"), "R"))
    assert g.timeout_action(0) == Bet(2)
    g.apply(0, Bet(5))
    assert all(isinstance(a, Play) for a in g.legal_actions(0))


def test_dom_16_deadline_four_by_option() -> None:
    g = new_game(D7_HANDS, D7_STAMM, bet_deadline_tile=4)
    g.placed[0] = 2
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    kinds = {type(a) for a in g.legal_actions(0)}
    assert kinds == {Play, Bet}


def test_dom_16_passes_do_not_count_as_tiles() -> None:
    # P1 holds nothing with 7 or 3 after P4 leads [7|3]: a pass, then a turn later, no bet forced
    g = new_game(["[8|0] [8|1] [8|2] [2|0] [1|0] [4|0]", None, None, "[8|7] [7|3]"])
    g.apply(3, Play(T("[7|3]"), "L"))
    assert g.public_view()["passes"][0][0] == 0 and g.placed[0] == 0


def test_dom_16_bet_not_forced_before_the_deadline_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 1  # one tile placed: the 2nd tile may come without a bet
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    legal = g.legal_actions(0)
    assert {type(a) for a in legal} == {Play, Bet}
    assert g.timeout_action(0) == Play(T("[7|4]"), "R", 4)  # DOM-27: a timeout places a tile
    g.apply(0, Play(T("[7|4]"), "R"))
    assert g.bets[0] is None and g.placed[0] == 2


def test_dom_16_no_bet_after_the_deadline_tile() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 3
    g.bets[0] = None
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert all(isinstance(a, Play) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="Bets close before your 3rd tile"):
        g.apply(0, Bet(2))


# --- DOM-17 -----------------------------------------------------------------------------------

def test_dom_17_everyone_bets_before_the_first_tile_after_a_bank_change() -> None:
    g = d6_to_second_hand()
    assert g.public_view()["stage"] == "early_bets"
    assert g.to_act() == [0, 2, 3]
    assert g.legal_actions(1) == []
    for s in (0, 2, 3):
        assert all(isinstance(a, Bet) for a in g.legal_actions(s))
    g.apply(2, Bet(2))
    assert g.to_act() == [0, 3]
    g.apply(0, Bet(6))
    g.apply(3, Bet(3))
    assert g.to_act() == [1] and all(isinstance(a, Play) for a in g.legal_actions(1))
    g3 = d6_to_second_hand(early_bets_after_bank_change=False)
    assert g3.public_view()["stage"] == "play" and g3.to_act() == [1]


# --- DOM-18 -----------------------------------------------------------------------------------

def test_dom_18_missing_bets_become_n_min_with_a_short_stack_or_bank() -> None:
    # P1's stack of 3 is below min_bet 4 (set up after the start checks): n_min = min(4, 3) = 3
    g = new_game(D6_HANDS, D6_STAMM, stacks=[5, 100, 100, 100], min_bet=4, max_bet=6)
    g.stacks[0] = 3  # lost chips in the hand's state set-up (n_max = 3 < min_bet)
    ev = play_d6(g)
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["stakes"] == [3, 4, 4, 0]
    assert "minimum of 3 is recorded" in english(s)


def test_dom_18_deadline_timeout_bets_n_min() -> None:
    g = new_game(D7_HANDS, D7_STAMM, min_bet=3, max_bet=9)
    g.placed[0] = 2
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert g.timeout_action(0) == Bet(3)


# --- DOM-19 -----------------------------------------------------------------------------------

def test_dom_19_accepted_spectator_bets_lower_the_players_cover_cap() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 30])
    # F = 30; P1 alone: payout(6) = 15 ≤ 30
    assert bet_range(g, 0) == (2, 6)
    g.place_spectator_bet(50, 0, 4)  # R = 6: 15 + spayout(4) = 25 ≤ 30
    g.apply(3, AcceptSpectatorBet(1))
    assert backed(g, 0) == 10
    # payout(n) + 10 ≤ 30 -> n ≤ 8, capped by max_bet 6
    assert bet_range(g, 0) == (2, 6)
    g.place_spectator_bet(51, 0, 2)  # 15 + 10 + 5 = 30 ≤ 30
    g.apply(3, AcceptSpectatorBet(2))
    assert backed(g, 0) == 15 and bet_range(g, 0) == (2, 6)
    # no room left for a third spectator on P1
    assert g.spectator_bet_range(0) is None
    with pytest.raises(IllegalAction, match="cannot cover"):
        g.place_spectator_bet(52, 0, 2)


def test_dom_19_cover_cap_rounds_down_to_even_with_even_bets_only() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 100, 100, 16], payout_rounding="even_bets_only",
                 min_bet=2, max_bet=6)
    g.carried[0] = g.stakes[0] = 2  # carried from a draw (set up)
    g.stacks[0] -= 2
    # payout(2 + n) ≤ 16 -> n ≤ 4.4 -> 4 (even)
    assert bet_range(g, 0) == (2, 4)


# --- DOM-20 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("mult, rounding, win", [
    (2, "floor", 6), (2.5, "floor", 7), (2.5, "ceil", 8), (3, "floor", 9), (3, "ceil", 9),
])
def test_dom_20_21_payout_multiplier_and_rounding_in_a_hand(mult, rounding, win) -> None:
    g = new_game(D6_HANDS, D6_STAMM, payout_multiplier=mult, payout_rounding=rounding)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Bet(2))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Bet(3))
    ev = g.apply(1, Play(T("[3|1]"), "R"))  # P2 wins the block (D6)
    assert g.hands_done == 1
    assert g.stacks[1] == 100 + win
    assert g.stacks[0] == 98 and g.stacks[2] == 98  # P3 had not bet: n_min = 2 (DOM-18)
    assert g.stacks[3] == 100 - win + 2 + 2
    assert sum(g.chips().values()) == 400
    assert any(f"{win} from the banker" in english(e) for e in ev if e.kind == "summary")


# --- DOM-21 -----------------------------------------------------------------------------------

def test_dom_21_ceil_and_even_bets() -> None:
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="even_bets_only", min_bet=2, max_bet=8)
    g.apply(3, Play(T("[7|3]"), "L"))
    assert [a.amount for a in g.legal_actions(0) if isinstance(a, Bet)] == [2, 4, 6, 8]
    with pytest.raises(IllegalAction, match="even"):
        g.apply(0, Bet(3))
    assert payout(g, 3) == 7
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="ceil")
    assert payout(g, 3) == 8 and spayout(g, 1) == 3


def test_dom_21_even_bets_only_spectator_bets_must_be_even() -> None:
    g = new_game(D6_HANDS, D6_STAMM, payout_rounding="even_bets_only", min_bet=2, max_bet=6)
    with pytest.raises(IllegalAction, match="even"):
        g.place_spectator_bet(9, 0, 3)
    g.place_spectator_bet(9, 0, 4)
    assert g.spectator_bet_range(1) == (2, 6)


# --- DOM-22 -----------------------------------------------------------------------------------

def test_dom_22_carried_stake_plus_new_bet() -> None:
    g = new_game(D7_HANDS, D7_STAMM)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    g.apply(1, Bet(6))
    g.apply(1, Play(T("[7|6]"), "L"))
    assert g.carried == [2, 6, 0, 2] and g.banker == 2
    assert g.public_view()["stage"] == "play"  # same banker: no early bets
    # P2's max_bet applies to the new bet only: stake up to 12
    assert bet_range(g, 1) == (2, 6)
    total = sum(g.chips().values())
    assert total == 400


def test_dom_22_carried_stake_carries_twice() -> None:
    # D7 (a draw), then seed 26 deals a second hand that is drawn too (timeouts bet n_min = 2)
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False}, seed=26,
                         deck=make_deck(D7_HANDS, D7_STAMM))
    play_d7(g)
    assert g.carried == [2, 2, 0, 2] and g.banker == 2
    assert bet_range(g, 0) == (2, 6)  # max_bet limits the new bet only
    ev = finish_hand(g)
    [s] = [e for e in ev if e.kind == "summary"]
    assert s.data["winner"] is None and s.data["stakes"] == [4, 4, 0, 4]
    assert g.carried == [4, 4, 0, 4] and g.stakes == [4, 4, 0, 4] and g.banker == 2
    assert g.stacks == [96, 96, 100, 96] and sum(g.chips().values()) == 400
    assert "stays in escrow" in english(s)


# --- DOM-23 -----------------------------------------------------------------------------------

@pytest.mark.parametrize("odds, rounding, win", [(2, "floor", 6), (2.5, "floor", 7), (2.5, "ceil", 8),
                                                 (3, "floor", 9)])
def test_dom_23_spectator_odds_option(odds, rounding, win) -> None:
    g = new_game(D6_HANDS, D6_STAMM, spectator_odds=odds, payout_rounding=rounding)
    g.place_spectator_bet(500, 1, 3)
    g.apply(3, AcceptSpectatorBet(1))
    play_d6(g)
    assert g.take_spectator_payouts() == [(500, 3 + win)]


def test_dom_23_spectator_window_and_rules() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    with pytest.raises(IllegalAction, match="banker cannot be backed"):
        g.place_spectator_bet(1, 3, 2)
    with pytest.raises(IllegalAction, match="between 2 and 6"):
        g.place_spectator_bet(1, 0, 7)
    with pytest.raises(IllegalAction, match="between 2 and 6"):
        g.place_spectator_bet(1, 0, 1)
    g.place_spectator_bet(1, 0, 2)
    with pytest.raises(IllegalAction, match="one per hand"):
        g.place_spectator_bet(1, 1, 2)
    g.apply(3, Play(T("[7|3]"), "L"))  # the first tile closes the window; the request lapses
    assert g.take_spectator_payouts() == [(1, 2)]
    with pytest.raises(IllegalAction, match="close"):
        g.place_spectator_bet(2, 0, 2)


def test_dom_23_spectator_bets_off() -> None:
    g = new_game(D6_HANDS, D6_STAMM, spectator_bets=False)
    assert g.spectator_window_open() is False and g.spectator_bet_range(0) is None
    with pytest.raises(IllegalAction, match="does not take spectator bets"):
        g.place_spectator_bet(1, 0, 2)


def test_dom_23_spectator_may_bet_again_next_hand() -> None:
    g = new_game(D6_HANDS, D6_STAMM, early_bets_after_bank_change=False)
    g.place_spectator_bet(1, 0, 2)
    g.apply(3, RefuseSpectatorBet(1))
    play_d6(g)
    assert g.spectator_window_open()
    g.place_spectator_bet(1, 0, 2)  # a new hand: one more bet allowed


def test_dom_23_losing_spectator_stake_goes_to_the_banker() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(1, 0, 4)
    g.apply(3, AcceptSpectatorBet(1))
    play_d6(g)  # P2 wins, P1 was backed
    assert g.take_spectator_payouts() == []
    assert g.stacks[3] == 100 + 2 + 2 - 5 + 4


# --- DOM-24 -----------------------------------------------------------------------------------

def test_dom_24_late_bet_variant() -> None:
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True)
    assert g.to_act() == [3] and g.legal_actions(3) == [ChooseDeadline(3), ChooseDeadline(4)]
    assert g.timeout_action(3) == ChooseDeadline(3)
    g.apply(3, ChooseDeadline(4))
    assert g.deadline == 4 and g.public_view()["bet_deadline_tile"] == 4


def test_dom_24_late_bets_refused_keep_the_third_tile_deadline_even_if_the_table_says_4() -> None:
    g = new_game(D7_HANDS, D7_STAMM, late_bet_variant=True, bet_deadline_tile=4)
    g.apply(2, ChooseDeadline(3))
    assert g.deadline == 3
    g.placed[0] = 2
    g.apply(2, Play(T("[6|0]"), "L"))
    g.apply(3, Play(T("[4|0]"), "R"))
    assert all(isinstance(a, Bet) for a in g.legal_actions(0))


def test_dom_24_deadline_asked_every_hand() -> None:
    g = new_game(D7_HANDS, D7_STAMM, late_bet_variant=True)
    g.apply(2, ChooseDeadline(4))
    play_d7(g)  # a draw: same banker, no DOM-17
    assert g.hands_done == 1 and g.public_view()["stage"] == "deadline" and g.to_act() == [2]
    assert g.deadline == 3  # reset until the banker answers


def test_dom_24_deadline_choice_refused_with_a_reason() -> None:
    g = new_game(D6_HANDS, D6_STAMM)  # late_bet_variant off
    with pytest.raises(IllegalAction, match="no late bets: bets always close before the 3rd tile"):
        g.apply(3, ChooseDeadline(4))
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True, first_banker_sets_limits=True)
    with pytest.raises(IllegalAction, match="setting the bet limits"):
        g.apply(3, ChooseDeadline(4))
    g.apply(3, SetLimits(2, 6))
    g.apply(3, ChooseDeadline(4))
    with pytest.raises(IllegalAction, match="already decided"):
        g.apply(3, ChooseDeadline(3))


# --- DOM-25 -----------------------------------------------------------------------------------

def test_dom_25_short_non_banker_ends_the_game() -> None:
    g = new_game(D6_HANDS, D6_STAMM, stacks=[100, 1, 100, 100])
    assert g.is_over() and "minimum" in english_saved(g.end_reason)


def test_dom_25_max_hands_and_carried_stakes_returned() -> None:
    g = new_game(D7_HANDS, D7_STAMM, max_hands=1)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        ev = g.apply(seat, Play(T(tile), end))
    assert g.is_over() and g.stacks == [100] * 4 and g.stakes == [0] * 4
    over = [e for e in ev if e.kind == "game_over"][0]
    assert "carried stake of 2 returns" in english(over)


def test_dom_25_draws_count_towards_max_hands() -> None:
    g = new_game(D7_HANDS, D7_STAMM, max_hands=2)
    play_d7(g)
    assert not g.is_over()
    finish_hand(g)
    assert g.is_over() and g.hands_done == 2 and "2 hands" in english_saved(g.end_reason)
    assert sum(g.stacks) == 400 and g.stakes == [0] * 4


def test_dom_25_stacks_and_escrow_empty_at_the_end() -> None:
    g = BukiDomino.start([100] * 4, {"first_banker_sets_limits": False, "max_hands": 3}, seed=5)
    while not g.is_over():
        finish_hand(g)
    chips = g.chips()
    assert all(v == 0 for k, v in chips.items() if not k.startswith("seat")) and sum(chips.values()) == 400


# --- DOM-27 -----------------------------------------------------------------------------------

def test_dom_27_timeout_plays_the_heaviest_tile_left_first() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    assert g.timeout_action(3) == Play(T("[8|7]"), "L")
    g.apply(3, Play(T("[7|3]"), "L"))
    # P1 (ends 7, 3): [7|6] 13 pips is the heaviest legal tile
    assert g.timeout_action(0) == Play(T("[7|6]"), "L", 7)
    assert g.turn_timeout_s() == 60


def test_dom_27_timeouts_for_every_decision() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True, late_bet_variant=True)
    assert g.timeout_action(3) == SetLimits(2, 6)
    g.apply(3, g.timeout_action(3))
    g.place_spectator_bet(1, 0, 2)
    assert g.timeout_action(3) == ChooseDeadline(3)
    g.apply(3, g.timeout_action(3))
    # the lead: heaviest tile; the pending request lapses
    assert g.timeout_action(3) == Play(T("[8|7]"), "L")
    ev = g.apply(3, g.timeout_action(3))
    assert any(e.kind == "spectator_lapse" for e in ev)
    assert g.take_spectator_payouts() == [(1, 2)]


def test_dom_27_timeout_prefers_higher_end_on_equal_pips_and_left_before_right() -> None:
    # ends (6, 7) in D7; P2 holds [7|6] (13, fits both), [8|5] (13, fits none): [7|6] on L first
    g = new_game(D7_HANDS, D7_STAMM)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R")):
        g.apply(seat, Play(T(tile), end))
    assert g.timeout_action(1) == Play(T("[7|6]"), "L", 6)
    # equal pips: [8|4] (12) over [7|5] (12) by the higher end
    assert ln.legal_plays(parse_tiles("[7|5] [8|4]"), (4, 5))[0] == (T("[8|4]"), "L")


@pytest.mark.parametrize("secs", [10, 600])
def test_dom_27_turn_timeout_option(secs: int) -> None:
    g = new_game(D6_HANDS, D6_STAMM, turn_timeout_s=secs)
    assert g.turn_timeout_s() == secs


# --- DOM-28 -----------------------------------------------------------------------------------

def test_dom_28_views() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    pub = g.public_view()
    assert pub["line"] == ["[7|3]"] and pub["ends"] == [7, 3] and pub["tile_counts"] == [6, 6, 6, 5]
    assert pub["banker"] == 3 and pub["stage"] == "play"
    priv = g.private_view(0)
    assert priv["playable"] == ["[7|6]", "[7|1]", "[3|2]"]
    assert priv["may_bet"] and priv["bet_range"] == [2, 6]
    assert "[6|5]" not in json.dumps(pub) + json.dumps(priv)


def test_dom_28_no_seat_sees_another_seats_tiles_or_the_stamm() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(1, 0, 2)
    pub = json.dumps(g.public_view())
    stamm = parse_tiles(D6_STAMM)
    for seat in range(4):
        mine = {str(t) for t in parse_tiles(D6_HANDS[seat])}
        priv = json.dumps(g.private_view(seat))
        others = {str(t) for s in range(4) if s != seat for t in parse_tiles(D6_HANDS[s])}
        assert all(t in priv for t in mine)
        assert not any(t in priv or t in pub for t in others | {str(x) for x in stamm})
    view = g.public_view()
    assert view["stacks"] == [100] * 4 and view["banker"] == 3 and view["tile_counts"] == [6] * 4
    assert view["spectator_bets"][0]["amount"] == 2
