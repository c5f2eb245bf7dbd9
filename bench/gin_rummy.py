"""Gin Rummy benchmark: meld search speed, random-play hands per second through the engine
contract, and the seat bot's win rates; beside RLCard and OpenSpiel when they are installed.

Run: .venv/bin/python bench/gin_rummy.py          (fixed seeds; prints tables)

The comparison engines are optional. When they are not importable here, the script looks for
a separate venv holding them (GIN_BENCH_PYTHON, else /tmp/bench-venv-gin_rummy/bin/python)
and runs its own `--external` part there; otherwise it prints "not installed".
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HANDS = 10_000
SEED = 2026
ROOT = Path(__file__).resolve().parent.parent
EXTERNAL_PYTHON = os.environ.get("GIN_BENCH_PYTHON", "/tmp/bench-venv-gin_rummy/bin/python")


def card_ids(count: int, size: int, seed: int = SEED) -> list[list[int]]:
    """Uniformly random hands as card ids 0..51 (suit-major: S, H, D, C; A..K), fixed seed."""
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def best_rate(fn: Callable[[], Any], items: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return items / best


def row(name: str, value: Any, unit: str = "") -> None:
    text = f"{value:>14,.0f}" if isinstance(value, (int, float)) else f"{value:>14}"
    print(f"  {name:<62}{text} {unit}")


# --- external engines (run in whichever interpreter has them) ----------------------------

def external_results() -> dict[str, Any]:
    out: dict[str, Any] = {}
    hands = card_ids(HANDS, 10)
    try:
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils
    except ImportError:
        out["rlcard"] = None
    else:
        rl_hands = [[rl_utils.card_from_card_id(i) for i in h] for h in hands]

        def rl_min_deadwood(hand: list) -> int:
            clusters = melding.get_best_meld_clusters(hand)
            if not clusters:
                return sum(rl_utils.get_deadwood_value(c) for c in hand)
            return rl_utils.get_deadwood_count(hand, clusters[0])

        sub = rl_hands[:2000]
        out["rlcard"] = {"min_deadwood": best_rate(lambda: [rl_min_deadwood(h) for h in sub], len(sub), 1),
                         "check": [rl_min_deadwood(h) for h in rl_hands[:200]]}
        import rlcard
        from rlcard.agents import RandomAgent
        env = rlcard.make("gin-rummy", config={"seed": SEED})
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])
        n = 300
        t = time.perf_counter()
        for _ in range(n):
            env.run(is_training=False)
        out["rlcard"]["random_hands"] = n / (time.perf_counter() - t)
    try:
        import pyspiel
    except ImportError:
        out["open_spiel"] = None
    else:
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        md = utils.min_deadwood
        out["open_spiel"] = {"min_deadwood": best_rate(lambda: [md(h) for h in hands], HANDS),
                             "check": [md(h) for h in hands[:200]]}
        game = pyspiel.load_game("gin_rummy")
        rng = random.Random(SEED)
        n = 300
        t = time.perf_counter()
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, _ = zip(*state.chance_outcomes())
                else:
                    actions = state.legal_actions()
                state.apply_action(rng.choice(actions))
        out["open_spiel"]["random_hands"] = n / (time.perf_counter() - t)
    return out


def external() -> dict[str, Any]:
    """The comparison engines: in this interpreter if present, else in the bench venv."""
    here = external_results()
    if here["rlcard"] is not None or here["open_spiel"] is not None or not Path(EXTERNAL_PYTHON).exists():
        return here
    proc = subprocess.run([EXTERNAL_PYTHON, __file__, "--external"], capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        print(f"  (external venv failed: {proc.stderr.strip().splitlines()[-1:]})")
        return here
    return json.loads(proc.stdout.strip().splitlines()[-1])


# --- ours ----------------------------------------------------------------------------------
# Our package is imported inside the sections: the `--external` part runs in another
# interpreter, which need not have it.

def _cards(ids: list[int]) -> list[Any]:
    from bot.games.cards import SUITS, Card
    return [Card(i % 13 + 1, SUITS[i // 13]) for i in ids]


def meld_search(ext: dict[str, Any]) -> None:
    from bot.games.gin_rummy import best_melds, discard_deadwoods, min_deadwood

    hands = [_cards(h) for h in card_ids(HANDS, 10)]
    eleven = [_cards(h) for h in card_ids(2000, 11, SEED + 1)]
    print("Meld search on 10,000 uniformly random 10-card hands")
    ours = best_rate(lambda: [min_deadwood(h) for h in hands], HANDS, repeat=5)
    row("ours min_deadwood", ours, "hands/s")
    row("ours best_melds (deadwood + melds)", best_rate(lambda: [best_melds(h) for h in hands], HANDS),
        "hands/s")
    row("ours discard_deadwoods (11 cards, every discard)",
        best_rate(lambda: [discard_deadwoods(h) for h in eleven], len(eleven)), "hands/s")
    mine = [min_deadwood(h) for h in hands[:200]]
    for name in ("rlcard", "open_spiel"):
        res = ext.get(name)
        if res is None:
            row(f"{name} min_deadwood", "not installed")
            continue
        agree = "agrees" if res["check"] == mine else "DISAGREES on the first 200"
        row(f"{name} min_deadwood ({agree})", res["min_deadwood"], "hands/s")


def no_resign(game: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice([a for a in game.legal_actions(seat) if a.kind != "resign"])


def random_play(ext: dict[str, Any]) -> None:
    from bot.games.gin_rummy import GinRummy
    from bot.games.simulate import play

    print("\nRandom play through the engine contract (legal_actions + apply), full hands")
    total_hands, actions = 0, 0
    t = time.perf_counter()
    seed = 0
    while total_hands < 300:
        game = GinRummy.start([250, 250], {"target_score": 100}, seed=seed)
        for _ in play(game, no_resign, seed=seed):
            actions += 1
            if game.hand_no - 1 + game.is_over() + total_hands >= 300:
                break
        total_hands += game.hand_no - 1 + game.is_over()
        seed += 1
    elapsed = time.perf_counter() - t
    row("ours random hands", total_hands / elapsed, "hands/s")
    row("ours random actions", actions / elapsed, "actions/s")
    for name in ("rlcard", "open_spiel"):
        res = ext.get(name)
        row(f"{name} random hands", "not installed" if res is None else res["random_hands"],
            "" if res is None else "hands/s")


def greedy(game: Any, seat: int, rng: random.Random) -> Any:
    """Baseline: knock as soon as allowed, discard the card leaving least deadwood, take
    the discard only when it lowers the deadwood."""
    from bot.games.gin_rummy import discard_deadwoods, min_deadwood

    legal = game.legal_actions(seat)
    knocks = [a for a in legal if a.kind == "knock"]
    if knocks:
        return min(knocks, key=lambda a: a.deadwood)
    discards = [a for a in legal if a.kind == "discard"]
    if discards:
        hand = game.hands[seat]
        dws = discard_deadwoods(hand)
        return min(discards, key=lambda a: (dws[a.card], -a.card.rank))
    take = next((a for a in legal if a.kind == "take_discard"), None)
    if take is not None:
        hand = game.hands[seat]
        after = min(discard_deadwoods(hand + [take.card]).values())
        if after < min_deadwood(hand):
            return take
    return next(a for a in legal if a.kind in ("draw_stock", "pass"))


def match(policies: list[Any], seed: int) -> tuple[int, int]:
    from bot.games.gin_rummy import GinRummy
    from bot.games.simulate import play

    game = GinRummy.start([250, 250], {}, seed=seed)
    for _ in play(game, policies, seed=seed):
        pass
    return game.result["winner"], game.hand_no


def duel(name: str, opponent: Callable[..., Any], n: int) -> None:
    from bot.games.simulate import bot_policy

    wins = 0
    hands_played = 0
    t = time.perf_counter()
    for seed in range(n):
        for bot_seat in (0, 1):
            policies = [bot_policy, opponent] if bot_seat == 0 else [opponent, bot_policy]
            winner, hands_n = match(policies, seed)
            wins += winner == bot_seat
            hands_played += hands_n
    games = 2 * n
    row(f"bot vs {name}: bot wins ({games} matches, seats swapped)", f"{100 * wins / games:.1f}%")
    row("  hands per match / seconds", f"{hands_played / games:.1f} / {time.perf_counter() - t:.1f}s")


def self_play(n: int = 100) -> None:
    from bot.games.gin_rummy import GinRummy
    from bot.games.simulate import bot_policy, play

    seat0 = first_dealer = 0
    for seed in range(n):
        for dealer in (0, 1):   # each deal played twice, the first dealer's seat swapped
            game = GinRummy.start([250, 250], {}, seed=seed, dealer=dealer)
            for _ in play(game, bot_policy, seed=seed):
                pass
            seat0 += game.result["winner"] == 0
            first_dealer += game.result["winner"] == dealer
    # Each deal twice with the seats swapped: the bot has no seat bias iff seat 0 wins half.
    row(f"bot vs itself ({2 * n} matches, seats swapped): seat 0 wins", f"{50 * seat0 / n:.1f}%")
    row("bot vs itself: the first dealer wins", f"{50 * first_dealer / n:.1f}%")


def main() -> None:
    sys.path.insert(0, str(ROOT))
    print("Gin Rummy benchmark (pure Python, fixed seeds)\n")
    ext = external()
    meld_search(ext)
    random_play(ext)
    print("\nSeat bot (matches to 100, default options)")
    duel("random", no_resign, 100)
    duel("greedy baseline", greedy, 100)
    self_play()


if __name__ == "__main__":
    if "--external" in sys.argv:
        print(json.dumps(external_results()))
    else:
        main()
