"""Seat bots: what one decision costs, and how well the bots play.

1. Cost. For each game, seeded games with the seat bot in every seat, through the engine
   contract only (no table service): every `bot_action` call is timed as the table service
   makes it (views, legal actions and the bot's thinking): decisions, mean, p50, p99 and max ms
   of CPU time, so that other processes sharing the machine do not count.
   The table service needs the mean well under a millisecond to play 1,000 actions/s.
2. Strength against a baseline. The bot in one seat (rotating with the seed) against players
   choosing uniformly among their legal actions (never resigning): net chips per game of the bot
   and of the average other player.
3. With `--old REV`: the bot against its own version at git revision REV, the seats split
   between them and every game played twice with the halves swapped (so the cards are fair):
   net chips per seat and game of each, and the difference with its standard error.

Run: .venv/bin/python bench/seat_bots.py [--games N] [--old main]     (fixed seeds)
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.games import GAMES, seat_key  # noqa: E402
from bot.games.options import resolve_options  # noqa: E402
from bot.games.simulate import Policy, bot_policy, play  # noqa: E402

# game id -> (players, options): a usual table, with a bounded number of deals.
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "bourre": (4, {}),
    "buki_domino": (4, {}),
    "gin_rummy": (2, {}),
    "marriage": (4, {"max_deals": 6}),
    "michigan_rummy": (4, {"max_deals": 8}),
    "tripoley": (4, {"max_deals": 8}),
}


def start(game_id: str, seed: int) -> tuple[Any, int]:
    """A new game of the usual table for `game_id`, and each seat's starting stack."""
    cls = GAMES[game_id]
    players, options = SETUPS[game_id]
    stack = cls.buy_in(resolve_options(cls.option_specs, options)).default
    return cls.start([stack] * players, options, seed=seed), stack


def nets(game: Any, stack: int) -> list[int]:
    """Each seat's chips won or lost over the game (every chip is in a stack once it is over)."""
    chips = game.chips()
    return [chips.get(seat_key(s), 0) - stack for s in range(SETUPS[game.id][0])]


def random_legal(game: Any, seat: int, rng: random.Random) -> Any:
    """The baseline: any legal action but resigning, uniformly."""
    legal = game.legal_actions(seat)
    return rng.choice([a for a in legal if getattr(a, "kind", "") != "resign"] or legal)


# --- 1. cost -------------------------------------------------------------------------------------

def cost_row(game_id: str, games: int) -> list[float]:
    """(decisions, mean, p50, p99, max ms) of the bot's decisions over `games` all-bot games."""
    times: list[int] = []

    def timed(game: Any, seat: int, rng: random.Random) -> Any:
        t = time.process_time_ns()
        action = game.bot_action(seat, rng)
        times.append(time.process_time_ns() - t)
        return action

    for seed in range(games):
        game, _ = start(game_id, seed)
        for _ in play(game, timed, seed=seed):
            pass
    times.sort()
    ms = [t / 1e6 for t in times]
    return [len(ms), statistics.fmean(ms), ms[len(ms) // 2], ms[min(len(ms) - 1, int(0.99 * len(ms)))], ms[-1]]


# --- 2. against random players ---------------------------------------------------------------

def against_random(game_id: str, games: int) -> tuple[float, float]:
    """Net chips per game of the bot (one seat, rotating) and of the average random player."""
    players = SETUPS[game_id][0]
    mine = others = 0.0
    for seed in range(games):
        hero = seed % players
        policies: list[Policy] = [random_legal] * players
        policies[hero] = bot_policy
        game, stack = start(game_id, seed)
        for _ in play(game, policies, seed=seed):
            pass
        net = nets(game, stack)
        mine += net[hero]
        others += (sum(net) - net[hero]) / (players - 1)
    return mine / games, others / games


# --- 3. against the bot of another revision ---------------------------------------------------

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


def against_old(game_id: str, old: Policy, games: int) -> tuple[float, float, float]:
    """Net chips per seat and game of the current bot and of `old`, each game played twice with the
    seats swapped; and the standard error of their difference."""
    players = SETUPS[game_id][0]
    diffs: list[float] = []
    new_total = old_total = 0.0
    for seed in range(games):
        new_net = old_net = 0.0
        for parity in (0, 1):
            policies = [bot_policy if s % 2 == parity else old for s in range(players)]
            game, stack = start(game_id, seed)
            for _ in play(game, policies, seed=seed):
                pass
            for s, n in enumerate(nets(game, stack)):
                if s % 2 == parity:
                    new_net += n
                else:
                    old_net += n
        new_net /= players
        old_net /= players
        new_total += new_net
        old_total += old_net
        diffs.append(new_net - old_net)
    err = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return new_total / games, old_total / games, err


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="all-bot games timed per game")
    parser.add_argument("--duels", type=int, default=60, help="games against the baselines per game")
    parser.add_argument("--old", metavar="REV", help="also play against the seat bots of this git revision")
    parser.add_argument("--only", default=",".join(SETUPS), help="the games, comma-separated")
    args = parser.parse_args()
    game_ids = args.only.split(",")
    print(f"Seat-bot decisions: {args.games} all-bot games per game, every bot_action timed (CPU ms); "
          f"then the bot in one seat against random-legal players, {args.duels} games (net chips per game)")
    print(f"  {'game':<15} {'players':>7} {'decisions':>9} {'mean':>7} {'p50':>7} {'p99':>7} {'max':>7}"
          f" {'bot net':>9} {'random net':>10}")
    for game_id in game_ids:
        n, mean, p50, p99, worst = cost_row(game_id, args.games)
        bot, rnd = against_random(game_id, args.duels)
        print(f"  {game_id:<15} {SETUPS[game_id][0]:>7} {n:>9,.0f} {mean:>7.3f} {p50:>7.3f} {p99:>7.3f}"
              f" {worst:>7.2f} {bot:>+9.1f} {rnd:>+10.1f}", flush=True)
    if args.old:
        print(f"\nAgainst the seat bots of {args.old}: half the seats each, every game twice with the halves"
              f" swapped, {args.duels} games (net chips per seat and game)")
        print(f"  {'game':<15} {'this bot':>9} {args.old[:9]:>9} {'difference':>18}")
        for game_id in game_ids:
            new, old, err = against_old(game_id, bot_at(args.old, game_id), args.duels)
            print(f"  {game_id:<15} {new:>+9.2f} {old:>+9.2f} {new - old:>+10.2f} ± {err:<5.2f}", flush=True)


if __name__ == "__main__":
    main()
