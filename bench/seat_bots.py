"""Seat bots: how well they play, how often they blunder, and what one decision costs.

For every game and every bot strength (the table option `bot_strength`: easy, normal, strong):

- **Margin against a strong baseline** (`bench/baselines.py`: OpenSpiel's simple gin bot for
  Gin Rummy, a greedy expert for the others). Half the seats play the seat bot and half the
  baseline (in Gin Rummy one each), and every seed is played twice with the halves swapped, so
  both sides get the same cards. The margin is the bot's net chips per seat and deal (in Gin
  Rummy, settled per hand at one chip a point: points a hand), with its 95% interval over the
  seeds (1.96 standard errors of the per-seed means).
- **Blunders per 1,000 bot decisions**, as `bench/blunders.py` defines them: what a good player
  would laugh at (breaking a made meld for no gain, throwing a wild card while holding loose
  cards, staying in Bourré with no trump and no ace against two or more opponents, …).
- **Decision time**: every `bot_action` of the bot's seats, in CPU time (views, legal actions
  and the bot's thinking, as the table service calls it): p50, p99 and the worst, in ms.

Then (`--ladder N`) the levels against each other (normal against easy, strong against normal),
(`--random N`) the normal bot in one seat against players choosing uniformly among their legal
actions (never resigning), and (`--old REV`) the bot against its own version at git revision REV,
the seats split between them as against the baseline.

Run: .venv/bin/python bench/seat_bots.py [--deals N] [--only gin_rummy,bourre] [--levels normal]
     [--ladder 500] [--random 60] [--old main] [--first-seed 1000]
     (fixed seeds; --deals 1000 for the figures of record, --first-seed 1000 for held-out ones)
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import subprocess
import sys
import time
import types
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.baselines import BASELINES  # noqa: E402
from bench.blunders import blunder  # noqa: E402
from bot.games import GAMES, seat_key  # noqa: E402
from bot.games.options import resolve_options  # noqa: E402
from bot.games.simulate import Policy, bot_policy  # noqa: E402

LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True)
class Setup:
    """A usual table of a game for the bench: seats, options, and how many deals one game plays."""

    players: int
    options: dict[str, Any]
    deals: int   # the game's own limit sets it; Gin Rummy stops after its first hand


SETUPS: dict[str, Setup] = {
    "gin_rummy": Setup(2, {"settle": "per_hand"}, 1),
    "marriage": Setup(4, {"max_deals": 1}, 1),
    "bourre": Setup(4, {"max_hands": 10}, 10),
    "tripoley": Setup(4, {"max_deals": 8}, 8),
    "michigan_rummy": Setup(4, {"max_deals": 8}, 8),
    "buki_domino": Setup(4, {"max_hands": 8}, 8),
}


def start(game_id: str, seed: int, level: str = "normal") -> tuple[Any, int]:
    """A new game of the usual table for `game_id` with bots of `level`, and each seat's stack."""
    cls = GAMES[game_id]
    setup = SETUPS[game_id]
    options = {**setup.options, "bot_strength": level}
    stack = cls.buy_in(resolve_options(cls.option_specs, options)).default
    return cls.start([stack] * setup.players, options, seed=seed), stack


def nets(game: Any, stack: int) -> list[int]:
    """Each seat's chips won or lost so far (every chip is in a stack between deals)."""
    chips = game.chips()
    return [chips.get(seat_key(s), 0) - stack for s in range(SETUPS[game.id].players)]


@dataclass
class Tally:
    """What the bot's decisions cost and how many were blunders, by kind."""

    times_ns: list[int] = field(default_factory=list)
    blunders: Counter[str] = field(default_factory=Counter)

    def policy(self) -> Policy:
        def timed(game: Any, seat: int, rng: random.Random) -> Any:
            t = time.process_time_ns()
            action = game.bot_action(seat, rng)
            self.times_ns.append(time.process_time_ns() - t)
            kind = blunder(game, seat, action)
            if kind is not None:
                self.blunders[kind] += 1
            return action
        return timed

    def ms(self, q: float) -> float:
        times = sorted(self.times_ns)
        return times[min(len(times) - 1, int(q * len(times)))] / 1e6 if times else 0.0


def play_game(game: Any, policies: list[Policy], seed: int, deals: int) -> int:
    """Play until the game is over or `deals` deals have ended; how many deals ended."""
    rng = random.Random(seed)
    ended = 0
    while not game.is_over() and ended < deals:
        seat = game.to_act()[0]
        events = game.apply(seat, policies[seat](game, seat, rng))
        ended += sum(e.kind == "summary" for e in events)
    return ended


def duel(game_id: str, seed: int, mine: Policy, theirs: Policy, level: str) -> tuple[float, int]:
    """The seed played twice, `mine` in the even seats then in the odd ones: the net chips per
    seat and deal of `mine`, and the deals played."""
    setup = SETUPS[game_id]
    total, deals = 0.0, 0
    for parity in (0, 1):
        game, stack = start(game_id, seed, level)
        policies = [mine if s % 2 == parity else theirs for s in range(setup.players)]
        deals += play_game(game, policies, seed, setup.deals)
        seats = [s for s in range(setup.players) if s % 2 == parity]
        total += sum(nets(game, stack)[s] for s in seats) / len(seats)
    return total / max(1, deals), deals


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / len(values) ** 0.5


def seeds_for(game_id: str, deals: int, first: int = 0) -> range:
    """Seeds enough for `deals` deals in each seating, from `first`: the bots were tuned on the
    seeds from 0, so a margin on seeds beyond those checks that a change is not fitted to them."""
    per_game = SETUPS[game_id].deals
    return range(first, first + -(-deals // per_game))


def strength_row(game_id: str, level: str, deals: int, first: int = 0) -> dict[str, Any]:
    tally = Tally()
    bot = tally.policy()
    margins: list[float] = []
    played = 0
    for seed in seeds_for(game_id, deals, first):
        margin, n = duel(game_id, seed, bot, BASELINES[game_id], level)
        margins.append(margin)
        played += n
    mean, half = interval(margins)
    decisions = len(tally.times_ns)
    return {"deals": played, "margin": mean, "ci": half, "decisions": decisions,
            "blunders": 1000 * sum(tally.blunders.values()) / max(1, decisions), "kinds": tally.blunders,
            "p50": tally.ms(0.5), "p99": tally.ms(0.99), "max": tally.ms(1.0)}


# --- the levels against each other, against random players, and against another revision -----

def at_level(level: str) -> Policy:
    """The seat bot playing at `level`, whatever the table's option says (the bench seats bots
    of two strengths at one table)."""
    def policy(game: Any, seat: int, rng: random.Random) -> Any:
        table = game.opts
        game.opts = dataclasses.replace(table, bot_strength=level)
        try:
            return game.bot_action(seat, rng)
        finally:
            game.opts = table
    return policy


def levels_row(game_id: str, stronger: str, weaker: str, deals: int, first: int = 0) -> tuple[float, float]:
    """The net chips per seat and deal of the `stronger` bot against the `weaker` one."""
    margins = [duel(game_id, seed, at_level(stronger), at_level(weaker), "normal")[0]
               for seed in seeds_for(game_id, deals, first)]
    return interval(margins)


def random_legal(game: Any, seat: int, rng: random.Random) -> Any:
    """Any legal action but resigning, uniformly."""
    legal = game.legal_actions(seat)
    return rng.choice([a for a in legal if getattr(a, "kind", "") != "resign"] or legal)


def against_random(game_id: str, games: int) -> tuple[float, float]:
    """Net chips per deal of the normal bot (one seat, rotating) and of the average random player."""
    setup = SETUPS[game_id]
    mine = others = 0.0
    deals = 0
    for seed in range(games):
        hero = seed % setup.players
        policies: list[Policy] = [random_legal] * setup.players
        policies[hero] = bot_policy
        game, stack = start(game_id, seed)
        deals += play_game(game, policies, seed, setup.deals)
        net = nets(game, stack)
        mine += net[hero]
        others += (sum(net) - net[hero]) / (setup.players - 1)
    return mine / max(1, deals), others / max(1, deals)


def bot_at(rev: str, game_id: str) -> Policy:
    """The seat bot of `game_id` as it was at git revision `rev`, as a policy."""
    package = GAMES[game_id].__module__.rsplit(".", 1)[0]
    path = package.replace(".", "/") + "/seat_bot.py"
    source = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout
    name = f"{package}.seat_bot_at_{''.join(ch if ch.isalnum() else '_' for ch in rev)}"
    module = sys.modules.get(name)
    if module is None:
        module = types.ModuleType(name)
        module.__package__ = package
        sys.modules[name] = module
        exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)
    choose: Callable[..., Any] = module.choose

    def policy(game: Any, seat: int, rng: random.Random) -> Any:
        return choose(game.public_view(), game.private_view(seat), game.legal_actions(seat), rng)
    return policy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals in each seating per game and level")
    parser.add_argument("--only", default=",".join(SETUPS), help="the games, comma-separated")
    parser.add_argument("--levels", default=",".join(LEVELS), help="the bot strengths, comma-separated")
    parser.add_argument("--ladder", type=int, default=0, metavar="N",
                        help="also the levels against each other, N deals a seating")
    parser.add_argument("--random", type=int, default=0, metavar="N", help="also N games against random players")
    parser.add_argument("--first-seed", type=int, default=0, metavar="N",
                        help="play the seeds from N (held-out seeds: the bots were tuned on those from 0)")
    parser.add_argument("--old", metavar="REV", help="also play against the seat bots of this git revision")
    args = parser.parse_args()
    game_ids, levels = args.only.split(","), args.levels.split(",")
    held_out = f", seeds from {args.first_seed:,}" if args.first_seed else ""
    print(f"Seat bots against the baselines: every seed twice with the seats swapped, {args.deals:,} deals a seating"
          f"{held_out}"
          " (margin: the bot's net chips per seat and deal, gin: points a hand; ± its 95% interval)")
    print(f"  {'game':<15} {'level':<7} {'deals':>6} {'margin':>16} {'blunders/1k':>11} {'decisions':>9}"
          f" {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  blunders by kind")
    for game_id in game_ids:
        for level in levels:
            r = strength_row(game_id, level, args.deals, args.first_seed)
            kinds = ", ".join(f"{k} {n}" for k, n in r["kinds"].most_common()) or "-"
            print(f"  {game_id:<15} {level:<7} {r['deals']:>6,} {r['margin']:>+8.2f} ± {r['ci']:<5.2f} "
                  f"{r['blunders']:>11.2f} {r['decisions']:>9,} {r['p50']:>7.3f} {r['p99']:>7.3f} {r['max']:>7.2f}"
                  f"  {kinds}", flush=True)
    if args.ladder:
        print(f"\nThe levels against each other, every seed twice with the seats swapped ({args.ladder:,} deals a"
              " seating; the stronger bot's net chips per seat and deal)")
        print(f"  {'game':<15} {'normal vs easy':>16} {'strong vs normal':>18}")
        for game_id in game_ids:
            rows = [levels_row(game_id, a, b, args.ladder, args.first_seed)
                    for a, b in (("normal", "easy"), ("strong", "normal"))]
            print(f"  {game_id:<15}" + "".join(f" {m:>+9.2f} ± {h:<5.2f}" for m, h in rows), flush=True)
    if args.random:
        print(f"\nThe normal bot in one seat against random-legal players, {args.random} games (net chips per deal)")
        print(f"  {'game':<15} {'bot':>9} {'random':>9}")
        for game_id in game_ids:
            bot, rnd = against_random(game_id, args.random)
            print(f"  {game_id:<15} {bot:>+9.2f} {rnd:>+9.2f}", flush=True)
    if args.old:
        print(f"\nAgainst the seat bots of {args.old}: half the seats each, every seed twice with the halves swapped"
              f" ({args.deals:,} deals a seating; net chips per seat and deal)")
        for game_id in game_ids:
            margins = [duel(game_id, seed, bot_policy, bot_at(args.old, game_id), "normal")[0]
                       for seed in seeds_for(game_id, args.deals, args.first_seed)]
            mean, half = interval(margins)
            print(f"  {game_id:<15} {mean:>+8.2f} ± {half:<5.2f}", flush=True)


if __name__ == "__main__":
    main()
