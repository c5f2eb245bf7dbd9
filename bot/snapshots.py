"""`python -m bot snapshots OUTDIR`: what players would see, without Discord.

For every game, seat bots play the first deal from a fixed seed, driven directly on the engine.
At its start, half-way through and just after it ends, this writes the table message (its embed
as JSON and the board picture) and the hand of the seat the table waits for (embed JSON and
picture), plus the deal's summary embed, so anyone can check the look.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.games.base import BuyIn, Event, GameState, seat_key
from bot.tables.models import Closing, SeatInfo, TableSnapshot
from bot.ui.embeds import board_image, closing_embed, hand_embed, hand_image, table_embed
from bot.ui.images import BOARD_FILE, HAND_FILE

NAMES = ["Ann", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"]
PLAYERS = {"tripoley": 5, "michigan_rummy": 5, "gin_rummy": 2, "marriage": 4, "bourre": 5, "buki_domino": 4}
HUMAN = 0                   # seat 0 is a person; the others are seat bots
USER_ID = 100_000_000_000_000_001
DEADLINE = datetime(2030, 1, 1, tzinfo=UTC)
MAX_ACTIONS = 5_000


def snapshot(game_id: str, game: Any, version: int) -> TableSnapshot:
    """The table as the service would hand it to a presenter."""
    cls: type[GameState] = GAMES[game_id]
    chips = game.chips()
    n = len([k for k in chips if k.startswith("seat:")])
    seats = tuple(SeatInfo(i, USER_ID if i == HUMAN else None, NAMES[i], chips[seat_key(i)], 0, False, True)
                  for i in range(n))
    over = game.is_over()
    return TableSnapshot(table_id=1, guild_id=1, channel_id=1, game_id=game_id, title=cls.title,
                         status="finished" if over else "playing", version=version, host_id=USER_ID, options={},
                         buy_in=BuyIn(1, None, 1), seats=seats, min_players=cls.min_players,
                         max_players=cls.max_players, public=game.public_view(), to_act=tuple(game.to_act()),
                         deadline=None if over else DEADLINE, privates={i: game.private_view(i) for i in range(n)},
                         legal={s: game.legal_actions(s) for s in game.to_act()})


def _deal_length(game_id: str, seed: int) -> int:
    """How many actions the first deal takes, up to and including the one that ends it."""
    game, rng = _start(game_id, seed)
    for count in range(1, MAX_ACTIONS):
        seat = game.to_act()[0]
        if any(e.kind == "summary" for e in game.apply(seat, game.bot_action(seat, rng))) or game.is_over():
            return count
    raise RuntimeError(f"{game_id}: the first deal did not end within {MAX_ACTIONS} actions")


def _start(game_id: str, seed: int) -> tuple[Any, random.Random]:
    cls: type[GameState] = GAMES[game_id]
    stacks = [cls.buy_in({s.name: s.default for s in cls.option_specs}).default or 100] * PLAYERS.get(game_id, 2)
    return cls.start(stacks, None, seed=seed), random.Random(seed)


def _write(out: Path, stem: str, embed: Any, png: bytes | None) -> list[Path]:
    written = [out / f"{stem}.json"]
    written[0].write_text(json.dumps(embed.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n")
    if png is not None:
        (out / f"{stem}.png").write_bytes(png)
        written.append(out / f"{stem}.png")
    return written


def _stage(out: Path, game_id: str, stage: str, game: Any, events: list[Event], version: int) -> list[Path]:
    snap = snapshot(game_id, game, version)
    board = board_image(snap)
    written = _write(out, f"{game_id}-{stage}-table", table_embed(snap, events, BOARD_FILE if board else None),
                     board)
    seat = snap.to_act[0] if snap.to_act else HUMAN
    hand = hand_image(snap, seat)
    embed = hand_embed(snap, seat, "Server · #cards", image=HAND_FILE if hand else None)
    return written + _write(out, f"{game_id}-{stage}-hand", embed, hand)


def write_snapshots(out: Path, seed: int = 7) -> list[Path]:
    """Every game at the start, the middle and the end of its first deal; returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for game_id in sorted(GAMES):
        length = _deal_length(game_id, seed)
        game, rng = _start(game_id, seed)
        shown: list[Event] = []
        written += _stage(out, game_id, "start", game, shown, 0)
        for count in range(1, length + 1):
            seat = game.to_act()[0]
            events = game.apply(seat, game.bot_action(seat, rng))
            shown = (shown + [e for e in events if e.private_to is None])[-3:]
            if count == length // 2:
                written += _stage(out, game_id, "mid", game, shown, count)
        written += _stage(out, game_id, "end", game, shown, length)
        summary = next((e for e in reversed(events) if e.kind == "summary"), None)
        if summary is not None:
            snap = snapshot(game_id, game, length)
            closing = Closing(summary.text, tuple((s.name, s.stack) for s in snap.seats), summary,
                              game.public_view(), tuple(snap.names))
            written += _write(out, f"{game_id}-end-summary", closing_embed(snap, closing), None)
    return written
