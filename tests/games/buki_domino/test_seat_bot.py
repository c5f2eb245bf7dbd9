"""The seat bot: legal, sensible (blocks only when it wins, bets by strength), better than random."""

from __future__ import annotations

import random
from typing import cast

from bot.games.buki_domino import (
    AcceptSpectatorBet,
    Bet,
    BukiDomino,
    ChooseDeadline,
    Play,
    RefuseSpectatorBet,
    SetLimits,
)
from bot.games.buki_domino.seat_bot import _bet, choose
from bot.games.buki_domino.views import PrivateView, PublicView
from bot.games.simulate import bot_policy, play, random_policy
from bot.games.tiles import Tile, parse_tiles

T = Tile.parse
SEEN = ("[5|0] [5|1] [5|2] [5|3] [5|4] [6|5] [7|5] [8|5] [3|1] [3|2] [4|3] [6|3] [7|3] [8|3] "
        "[1|0] [2|0] [2|1]")


def views(hand: str, line: str, ends: tuple[int, int], counts: list[int]) -> tuple[PrivateView, PublicView]:
    """The parts of the views the seat bot reads."""
    private = {"seat": 0, "hand": [str(t) for t in parse_tiles(hand)]}
    public = {"line": [str(t) for t in parse_tiles(line)], "ends": list(ends), "tile_counts": counts,
              "passes": [], "banker": 1, "direction": "clockwise", "turn": 0, "payout_multiplier": 2.5,
              "spectator_odds": 2.5}
    return cast(PrivateView, private), cast(PublicView, public)


ODDS = cast(PublicView, {"payout_multiplier": 2.5})


def test_blocks_when_the_block_is_won() -> None:
    private, public = views("[3|0] [4|0]", SEEN, (0, 5), [2, 1, 1, 1])
    legal = [Play(T("[4|0]"), "L", 0), Play(T("[3|0]"), "L", 0)]
    # [3|0] makes the ends (3, 5): every other 3 and 5 has been played -> a block on 4 pips,
    # and no opponent can hold less than 5
    assert choose(public, private, legal, random.Random(1)) == Play(T("[3|0]"), "L", 0)


def test_does_not_block_when_behind() -> None:
    private, public = views("[3|0] [8|0]", SEEN, (0, 5), [2, 1, 1, 1])
    legal = [Play(T("[8|0]"), "L", 0), Play(T("[3|0]"), "L", 0)]
    # blocking with [3|0] would leave 8 pips against single tiles of 5 or 6: keep playing
    assert choose(public, private, legal, random.Random(1)) == Play(T("[8|0]"), "L", 0)


def test_keeps_options_open() -> None:
    # ends (6, 2): [6|4] on L gives (4, 2) and keeps [4|1], [2|0] playable; [6|1] on L gives (1, 2)
    private, public = views("[6|4] [6|1] [4|1] [2|0]", "[6|2]", (6, 2), [4, 5, 5, 5])
    legal = [Play(T("[6|4]"), "L", 6), Play(T("[6|1]"), "L", 6), Play(T("[2|0]"), "R", 2)]
    chosen = choose(public, private, legal, random.Random(1))
    assert isinstance(chosen, Play) and chosen.tile in (T("[6|4]"), T("[6|1]"))


def test_bets_by_strength() -> None:
    bets = [Bet(n) for n in range(2, 7)]
    assert _bet(bets, 0.9, ODDS) == Bet(6)
    assert _bet(bets, 0.05, ODDS) == Bet(2)
    mid = _bet(bets, 0.3, ODDS)
    assert isinstance(mid, Bet) and mid.amount in (3, 4, 5)
    # one tile left that fits: the bot wins by domino in every sample, so it bets the most now
    private, public = views("[6|1]", "[6|2]", (6, 2), [1, 5, 5, 5])
    legal = [Play(T("[6|1]"), "L", 6)] + bets
    assert choose(public, private, legal, random.Random(2)) == Bet(6)


def test_banker_choices() -> None:
    private, public = views("[6|1]", "", (0, 0), [6, 6, 6, 6])
    public["ends"] = None
    assert choose(public, private, [SetLimits(2, 6), SetLimits(1, 3)], random.Random(0)) == SetLimits(2, 6)
    assert choose(public, private, [ChooseDeadline(3), ChooseDeadline(4)], random.Random(0)) == ChooseDeadline(3)
    answers = [AcceptSpectatorBet(4), RefuseSpectatorBet(4)]
    assert choose(public, private, [Play(T("[6|1]"), "L")] + answers, random.Random(0)) == AcceptSpectatorBet(4)
    assert choose(public, private, [RefuseSpectatorBet(4)], random.Random(0)) == RefuseSpectatorBet(4)


def test_bot_beats_random_players() -> None:
    gain = 0
    for seed in range(24):
        hero = seed % 4
        g = BukiDomino.start([100] * 4, None, seed=seed)
        policies = [random_policy] * 4
        policies[hero] = bot_policy
        for _ in play(g, policies, seed=seed):
            pass
        gain += g.stacks[hero] - 100
    assert gain / 24 > 5  # clearly ahead of the random players (the bench prints by how much)


def test_win_chance_samples_only_until_its_question_is_answered() -> None:
    from bot.games.buki_domino import seat_bot

    class CountingRandom(random.Random):
        draws = 0

        def getrandbits(self, k: int) -> int:
            self.draws += 1
            return super().getrandbits(k)

    # one tile left that fits: every sampled deal is won, so "at least 0.5?" is settled by one batch
    private, public = views("[6|1]", "[6|2]", (6, 2), [1, 5, 5, 5])
    info = seat_bot._Info(public, private)
    rng = CountingRandom(3)
    assert info.win_chance(rng, (0.5,)) == 1.0
    assert rng.draws == seat_bot.BATCH
    rng = CountingRandom(3)
    assert info.win_chance(rng) == 1.0   # no question: the full estimate
    assert rng.draws == info.samples
    # deterministic for a seed, and the early answer lies on the same side as the full estimate
    private, public = views("[6|4] [6|1] [4|1] [2|0] [8|7] [5|3]", "", (0, 0), [6, 6, 6, 6])
    public["ends"] = None
    info = seat_bot._Info(public, private)
    early = info.win_chance(random.Random(5), (0.5,))
    assert early == info.win_chance(random.Random(5), (0.5,))
    assert (early >= 0.5) == (info.win_chance(random.Random(5)) >= 0.5)
