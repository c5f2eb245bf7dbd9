"""The Buki-Domino board renderer: the line with its ends, players, spectators, hands, limits."""

from __future__ import annotations

import random

from bot.games.buki_domino import AcceptSpectatorBet, Bet, BukiDomino, Play
from bot.games.simulate import bot_policy, play
from bot.games.tiles import Tile
from bot.i18n import ENGLISH, render
from bot.ui.boards import board_for

from tests.english import label
from tests.games.buki_domino.decks import D6_HANDS, D6_STAMM, new_game

BOARD = board_for("buki_domino")
NAMES = ["Ann", "Bo", "Cy", "Di"]
LONG_NAMES = ["A" * 32, "B" * 32, "C" * 32, "D" * 32]
T = Tile.parse


def check_limits(fields: list[tuple[str, str]]) -> None:
    assert len(fields) <= 25
    for name, value in fields:
        assert 0 < len(name) <= 256 and 0 < len(value) <= 1024, (name, len(value))
    assert sum(len(n) + len(v) for n, v in fields) < 4500


def test_line_shows_both_open_ends_left_to_right() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    fields = dict(BOARD.table_fields(g.public_view(), NAMES))
    assert fields["Line"] == "Empty: the banker leads."
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    fields = dict(BOARD.table_fields(g.public_view(), NAMES))
    assert fields["Line"] == "Left end **1** · right end **3** · 2 tiles laid"
    notes = BOARD.seat_notes(g.public_view(), NAMES)
    assert notes[3].startswith("🏦 banker") and notes[1].startswith("6 tiles")
    assert "Hand 1 of 12" in fields


def test_players_show_tiles_bets_and_banker() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Bet(4))
    lines = BOARD.seat_notes(g.public_view(), NAMES)
    assert "bet **4**" in lines[0]
    assert "no bet yet" in lines[1]
    assert "banker" in lines[3] and "5 tiles" in lines[3]


def test_spectator_bets_listed() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(555, 1, 4)
    g.place_spectator_bet(556, 2, 2)
    g.apply(3, AcceptSpectatorBet(1))
    text = dict(BOARD.table_fields(g.public_view(), NAMES))["Spectator bets"]
    assert "#1 <@555>: 4 on Bo — accepted" in text
    assert "#2 <@556>: 2 on Cy — waiting for the banker" in text


def test_private_hand_marks_playable_tiles_and_bets() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    text = BOARD.hand_text(g.private_view(0), g.public_view())
    assert text.startswith("**Your tiles** (50 pips): **[7|6]**✅ [8|4] [8|2] **[7|1]**✅ **[3|2]**✅ [2|0]")
    assert "Open ends: left **7**, right **3**." in text
    assert "You may bet 2–6 now" in text
    banker = BOARD.hand_text(g.private_view(3), g.public_view())
    assert "You are the banker" in banker and "✅" not in banker


def test_action_labels() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    assert label(g.legal_actions(3)[0]) == "Lead [8|7]"
    g.apply(3, Play(T("[6|3]"), "L"))
    labels = [label(a) for a in g.legal_actions(0)]
    assert labels[:1] == ["Play [7|6] on the left end, which shows 6 (then 7)"]
    assert "Play [3|2] on the right end, which shows 3 (then 2)" in labels and "Bet 2" in labels and "Bet 6" in labels
    assert all(len(label) <= 80 for label in labels)


def test_last_hand_and_summary_name_every_payment() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    events = g.apply(1, Play(T("[3|1]"), "R"))
    summary = render(ENGLISH, [e for e in events if e.kind == "summary"][0].text, NAMES)
    assert "Bo gets the stake of 2 back and 5 from the banker Di." in summary
    assert "Ann's stake of 2 goes to the banker Di." in summary
    assert "Chips: Ann -2 → 98, Bo +5 → 105, Cy -2 → 98, Di -1 → 99." in summary
    fields = dict(BOARD.table_fields(g.public_view(), NAMES))
    assert "Last hand" not in fields  # the summary just posted says it; the table shows the new hand
    assert BOARD.summary_title(g.public_view(), NAMES) == "Hand 1 — Bo wins a blocked hand, +5"


def test_largest_boards_fit_discord_limits() -> None:
    for seed in range(6):
        g = BukiDomino.start([100] * 4, {"tiles_per_player": 7}, seed=seed)
        rng = random.Random(seed)
        asked = set()
        for _ in play(g, bot_policy, seed=seed):
            if g.is_over():
                break
            if g.spectator_window_open() and g.hands_done not in asked:
                asked.add(g.hands_done)  # 30 requests a hand: more than the bank can cover
                for sid in range(30):
                    seat = rng.randrange(4)
                    if seat != g.banker and g.spectator_bet_range(seat):
                        g.place_spectator_bet(10**17 + sid, seat, g.min_bet)
            pub = g.public_view()
            check_limits(BOARD.table_fields(pub, LONG_NAMES))
            for seat in range(4):
                assert len(BOARD.hand_text(g.private_view(seat), pub)) <= 1024
        check_limits(BOARD.table_fields(g.public_view(), LONG_NAMES))


def test_every_control_round_trips_through_custom_ids() -> None:
    from bot.ui import controls, custom_ids
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True, late_bet_variant=True)
    seen_kinds = set()
    for _ in play(g, bot_policy, seed=3):
        if g.is_over():
            break
        if g.spectator_window_open() and not g.spec:
            g.place_spectator_bet(123456789012345678, (g.banker + 1) % 4, g.min_bet)
        for seat in g.to_act():
            legal = g.legal_actions(seat)
            for action in legal:
                seen_kinds.add(action.kind)
                args = custom_ids.encode_args(action)
                assert custom_ids.decode_action(BukiDomino.action_types, action.kind, args) == action
                custom_ids.action_id(10**18, 99999, action)  # within 100 characters
            spec = controls.layout(10**18, 99999, legal)
            assert spec.rows
    assert {"play", "bet", "choose_deadline", "accept_spectator_bet", "refuse_spectator_bet"} <= seen_kinds


def texts(g: BukiDomino) -> tuple[dict[str, str], list[str]]:
    pub = g.public_view()
    return dict(BOARD.table_fields(pub, NAMES)), [BOARD.hand_text(g.private_view(s), pub) for s in range(4)]


def test_limits_stage_says_who_decides_what() -> None:
    g = new_game(D6_HANDS, D6_STAMM, first_banker_sets_limits=True)
    fields, hands = texts(g)
    assert "The banker is choosing the bet limits" in fields["Hand 1 of 12"]
    assert "choose the bet limits for the whole game (the table proposes 2–6)" in hands[3]
    assert "cover 2.5× the maximum" in hands[3]
    assert all("Wait: the banker is choosing the bet limits" in h for h in hands[:3])


def test_bet_window_and_what_a_win_pays() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    _, hands = texts(g)
    assert "You may bet 2–6 now, or on a later turn: bets close before your 3rd tile " \
           "(you have placed 0 tiles so far)." in hands[0]
    assert "(bet 2 → +5, bet 6 → +15)" in hands[0]  # payout rounded down (DOM-21)
    # DOM-16: a waiting player is told it may bet now, off its turn
    assert "You may bet 2–6 now, even though it is not your turn, or later: bets close before your 3rd " \
           "tile (you have placed 0 tiles so far)." in hands[1]
    assert "(bet 2 → +5, bet 6 → +15)" in hands[1]
    assert "Bet" not in hands[3] and "bet now" not in hands[3]  # the banker never bets
    g.apply(0, Bet(4))
    _, hands = texts(g)
    assert "Your bet: **4**. If you win the hand you get it back plus **10** from the banker" in hands[0]


def test_must_bet_and_early_bets_explain_why() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))  # P2 wins: new banker Bo, early bets (DOM-17)
    fields, hands = texts(g)
    assert "New banker: every other player bets now, before the first tile." in fields["Hand 2 of 12"]
    assert "**Bet now** (2–6): new banker, so everyone bets before the first tile." in hands[0]
    assert "You are the banker" in hands[1] and "Bet now" not in hands[1]


def test_carried_stake_is_part_of_the_payout() -> None:
    from tests.games.buki_domino.decks import D7_HANDS, D7_STAMM
    g = new_game(D7_HANDS, D7_STAMM)  # a draw: every non-banker carries 2 (DOM-22)
    for seat, tile, end in ((2, "[6|0]", "L"), (3, "[4|0]", "R"), (0, "[7|4]", "R"), (1, "[7|6]", "L")):
        g.apply(seat, Play(T(tile), end))
    g.apply(2, g.legal_actions(2)[0])
    _, hands = texts(g)
    assert "no bet yet (carries 2)" in BOARD.seat_notes(g.public_view(), NAMES)[1]
    turn = g.to_act()[0]
    assert "You carry 2 from the drawn hand." in hands[turn]
    assert "stake = bet + the 2 carried: bet 2 → +10, bet 6 → +20" in hands[turn]


def test_banker_sees_spectator_requests_to_answer() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.place_spectator_bet(555, 1, 4)
    _, hands = texts(g)
    assert "• #1: <@555> bets 4; you pay 10 if their player wins, else you keep it" in hands[3]
    assert "<@555>" not in hands[1]


def test_leaving_player_is_marked_on_the_table_and_in_the_hand() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.leave(0)
    fields, hands = texts(g)
    assert "⚠ Ann is leaving: the game ends after this hand." in fields["Hand 1 of 12"]
    assert BOARD.seat_notes(g.public_view(), NAMES)[0] == "6 tiles, no bet yet, leaving (moves made for them)"
    assert "You are leaving: your moves are made for you until this hand ends" in hands[0]
    assert "leaving" not in hands[1]
    g.leave(2)
    assert "⚠ Ann, Cy are leaving" in texts(g)[0]["Hand 1 of 12"]


def test_game_over_names_who_left() -> None:
    g = new_game(D6_HANDS, D6_STAMM)
    g.leave(1)
    g.apply(3, Play(T("[7|3]"), "L"))
    g.apply(0, Play(T("[7|1]"), "L"))
    g.apply(1, Play(T("[3|1]"), "R"))
    fields = dict(BOARD.table_fields(g.public_view(), NAMES))
    assert fields["Game over"] == "The game ended: Bo left the table, and the game needs four players."
    assert "Bo wins" in fields["Last hand"]


def test_waiting_player_is_told_it_may_bet_off_turn() -> None:
    """DOM-16: a bet is allowed at any time before the deadline tile, not only on one's turn."""
    g = new_game(D6_HANDS, D6_STAMM)
    _, hands = texts(g)  # before the lead: the banker is to move, everyone else may bet now
    for seat in (0, 1, 2):
        assert "You may bet 2–6 now, even though it is not your turn, or later" in hands[seat]
    from tests.games.buki_domino.decks import D7_HANDS, D7_STAMM
    g = new_game(D7_HANDS, D7_STAMM)
    g.placed[0] = 2  # P1 has placed two tiles (state set up): its next tile is the deadline tile
    _, hands = texts(g)
    assert "bets close before your 3rd tile (you have placed 2 tiles so far, so bet before your next one)" \
        in hands[0]
    g.apply(0, Bet(3))
    _, hands = texts(g)
    assert "Your bet: **3**." in hands[0] and "You may bet" not in hands[0]


def test_bets_open_while_the_banker_decides_on_late_bets() -> None:
    g = new_game(D6_HANDS, D6_STAMM, late_bet_variant=True)
    _, hands = texts(g)
    assert "You may bet 2–6 now, even though it is not your turn, or later: the banker is deciding whether " \
           "bets close before your 3rd tile or your 4th (you have placed 0 tiles so far)." in hands[1]
    assert "Decide on late bets" in hands[3]
