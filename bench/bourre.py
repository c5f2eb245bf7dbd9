"""Bourré benchmark: random-play throughput, `legal_cards` speed, and the seat bot against
random players. Fixed seeds; run as `.venv/bin/python bench/bourre.py`.

Throughput is measured in CPU time of this process (`time.process_time`), so that other
work on the machine does not distort it; wall-clock figures are printed beside it.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.bourre import Bourre, legal_cards
from bot.games.bourre.legal import CARD_ID, CARDS, legal_ids
from bot.games.simulate import bot_policy, play, random_policy

TARGET_5P = 5_000


def random_hands(players: int, hands: int) -> tuple[int, float, float]:
    """Full hands of random play through the public contract (legal_actions + apply), games
    with the default options back to back until `hands` hands were played."""
    done = 0
    seed = 0
    cpu = time.process_time()
    wall = time.perf_counter()
    while done < hands:
        game = Bourre.start([200] * players, None, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            seat = game.turn
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        done += game.hand_no
        seed += 1
    return done, time.process_time() - cpu, time.perf_counter() - wall


def legal_cases(count: int) -> list[tuple[list, list, str]]:
    """Positions from real random deals: a hand and the trick so far."""
    rng = random.Random(1)
    cases = []
    while len(cases) < count:
        deck = list(CARDS)
        rng.shuffle(deck)
        players = rng.randint(2, 8)
        hand = deck[:rng.randint(1, 5)]
        trick = deck[5:5 + rng.randint(0, players - 1)]
        cases.append((hand, trick, "SHDC"[rng.randrange(4)]))
    return cases


def legal_rate(cases: list, repeat: int) -> tuple[float, float]:
    cpu = time.process_time()
    for _ in range(repeat):
        for hand, trick, trump in cases:
            legal_cards(hand, trick, trump)
    public = len(cases) * repeat / (time.process_time() - cpu)
    ids = [([CARD_ID[c] for c in h], [CARD_ID[c] for c in t], "SHDC".index(s)) for h, t, s in cases]
    cpu = time.process_time()
    for _ in range(repeat):
        for hand, trick, trump in ids:
            legal_ids(hand, trick, trump)
    internal = len(cases) * repeat / (time.process_time() - cpu)
    return public, internal


def bot_vs_random(players: int, games: int) -> tuple[float, float, float]:
    """One seat bot (rotating seats) against random players, default options: average net
    chips per game for the bot and for a random player, and the bot's share of games won."""
    bot_net = rnd_net = 0
    wins = 0
    for seed in range(games):
        game = Bourre.start([200] * players, None, seed=seed)
        me = seed % players
        policies = [random_policy] * players
        policies[me] = bot_policy
        for _ in play(game, policies, seed=seed):
            pass
        net = [game.stacks[s] - 200 for s in range(players)]
        bot_net += net[me]
        rnd_net += sum(net) - net[me]
        wins += net[me] == max(net)
    return bot_net / games, rnd_net / (games * (players - 1)), wins / games


def main() -> None:
    print("Bourré benchmark (fixed seeds, default options)\n")
    print(f"{'random play':<28}{'hands':>8}{'hands/s (CPU)':>16}{'hands/s (wall)':>16}")
    for players, hands in ((2, 20_000), (5, 20_000), (8, 10_000)):
        done, cpu, wall = random_hands(players, hands)
        note = ""
        if players == 5:
            note = "  ok" if done / cpu >= TARGET_5P else f"  BELOW TARGET {TARGET_5P:,}"
        print(f"{f'{players} players':<28}{done:>8,}{done / cpu:>16,.0f}{done / wall:>16,.0f}{note}")
    cases = legal_cases(2_000)
    public, internal = legal_rate(cases, 50)
    print(f"\n{'legal cards':<28}{'calls/s (CPU)':>16}")
    print(f"{'legal_cards (Card objects)':<28}{public:>16,.0f}")
    print(f"{'legal_ids (engine, int ids)':<28}{internal:>16,.0f}")
    print(f"\n{'seat bot vs random players':<28}{'games':>8}{'bot net/game':>14}{'random net/game':>17}"
          f"{'bot top %':>11}")
    for players, games in ((2, 300), (5, 200), (8, 120)):
        bot, rnd, top = bot_vs_random(players, games)
        print(f"{f'{players} players (1 bot)':<28}{games:>8}{bot:>+14.1f}{rnd:>+17.1f}{100 * top:>10.0f}%")
    print("\nother engines:")
    for name in ("rlcard", "open_spiel", "pyspiel"):
        found = importlib.util.find_spec(name) is not None
        print(f"  {name:<12}{'installed, but has no Bourré game' if found else 'not installed'}")
    print("  (no public Python engine implements Bourré; nothing to compare against)")


if __name__ == "__main__":
    main()
