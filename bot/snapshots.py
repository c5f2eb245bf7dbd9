"""`python -m bot snapshots OUTDIR`: what players would see, without Discord.

For every game, seat bots play the first deal from a fixed seed, driven directly on the engine,
with players named in several scripts (and an emoji). At its start, half-way through and just after
it ends, this writes, in English and in Japanese, the table message (its embed as JSON and the board
picture) and the hand of the seat the table waits for (embed JSON and picture), plus the deal's
closed message (summary embed and final picture). Every picture comes twice: as drawn, and as a
phone shows it (`-phone`: shrunk to scene.PHONE_WIDTH), so anyone can check the look.

The game pages show one table and one hand of each game (`DOC_PICTURES`), written under docs/ by
`python -m bot docs`; `tests/ui/test_snapshots.py` fails when one is out of date.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PIL import Image

from bot.games import GAMES
from bot.games.base import AnyGame, BuyIn, Event, seat_key
from bot.i18n import ENGLISH, Locale, t
from bot.tables.models import Closing, SeatInfo, TableSnapshot
from bot.ui.embeds import board_image, closing_embed, hand_embed, hand_image, table_embed
from bot.ui.images import BOARD_FILE, HAND_FILE
from bot.ui.images.scene import PHONE_WIDTH
from bot.ui.pictures import final_picture

NAMES = ["Ann", "「あかね」", "José", "Łukasz", "Σοφία", "Алексей", "민준", "Mia 🐱", "Dave"]
PLAYERS = {"tripoley": 5, "michigan_rummy": 5, "gin_rummy": 2, "marriage": 4, "bourre": 5, "buki_domino": 4}
LANGUAGES = (ENGLISH, Locale("ja"))
HUMAN = 0                   # seat 0 is a person; the others are seat bots
USER_ID = 100_000_000_000_000_001
DEADLINE = datetime(2030, 1, 1, tzinfo=UTC)
MAX_ACTIONS = 5_000
SEED = 7
DOCS = Path(__file__).resolve().parent.parent / "docs"
DOC_PICTURES = {"bourre": "mid", "buki_domino": "mid", "gin_rummy": "end", "marriage": "mid",
                "michigan_rummy": "mid", "tripoley": "mid"}
"""The moment of the first deal each game page shows."""


def snapshot(game_id: str, game: Any, version: int) -> TableSnapshot:
    """The table as the service would hand it to a presenter."""
    cls: type[AnyGame] = GAMES[game_id]
    chips = game.chips()
    n = len([k for k in chips if k.startswith("seat:")])
    seats = tuple(SeatInfo(i, USER_ID if i == HUMAN else None, NAMES[i], chips[seat_key(i)], 0, False, True)
                  for i in range(n))
    over = game.is_over()
    return TableSnapshot(table_id=1, guild_id=1, channel_id=1, game_id=game_id, title=t(ENGLISH, f"game.{game_id}"),
                         status="finished" if over else "playing", version=version, host_id=USER_ID, options={},
                         buy_in=BuyIn(1, None, 1), seats=seats, min_players=cls.min_players,
                         max_players=cls.max_players, public=game.public_view(), to_act=tuple(game.to_act()),
                         deadline=None if over else DEADLINE, privates={i: game.private_view(i) for i in range(n)},
                         legal={s: game.legal_actions(s) for s in game.to_act()})


def _start(game_id: str, seed: int) -> tuple[Any, random.Random]:
    cls: type[AnyGame] = GAMES[game_id]
    stacks = [cls.buy_in({s.name: s.default for s in cls.option_specs}).default or 100] * PLAYERS.get(game_id, 2)
    return cls.start(stacks, None, seed=seed), random.Random(seed)


@dataclass(frozen=True, slots=True)
class Moment:
    """One point of the first deal: the table as shown then, and the last public moves."""

    stage: str
    snap: TableSnapshot
    events: list[Event]
    closing: Closing | None = None


def moments(game_id: str, seed: int = SEED) -> Iterator[Moment]:
    """The first deal at its start, half-way through and just after it ends (with its closing)."""
    game, rng = _start(game_id, seed)
    log: list[tuple[Any, list[Event]]] = []
    for _ in range(MAX_ACTIONS):
        seat = game.to_act()[0]
        events = game.apply(seat, game.bot_action(seat, rng))
        log.append((game.to_dict(), events))
        if any(e.kind == "summary" for e in events) or game.is_over():
            break
    else:
        raise RuntimeError(f"{game_id}: the first deal did not end within {MAX_ACTIONS} actions")
    cls: type[AnyGame] = GAMES[game_id]
    yield Moment("start", snapshot(game_id, _start(game_id, seed)[0], 0), [])
    shown: list[Event] = []
    for count, (state, events) in enumerate(log, start=1):
        shown = (shown + [e for e in events if e.private_to is None])[-3:]
        if count in (len(log) // 2, len(log)):
            snap = snapshot(game_id, cls.from_dict(state), count)
            closing = None
            summary = next((e for e in reversed(events) if e.kind == "summary"), None)
            if count == len(log) and summary is not None:
                closing = Closing(summary.text, tuple((s.name, s.stack) for s in snap.seats), summary,
                                  snap.public, tuple(snap.names))
            yield Moment("mid" if count < len(log) else "end", snap, shown, closing)


def phone(png: bytes) -> bytes:
    """The picture as a phone shows it: shrunk to PHONE_WIDTH wide (never enlarged)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    if img.width > PHONE_WIDTH:
        img = img.resize((PHONE_WIDTH, round(img.height * PHONE_WIDTH / img.width)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()


def pictures(moment: Moment, locale: Locale) -> dict[str, tuple[Any, bytes | None]]:
    """The moment's messages in `locale` by what they are ("table", "hand", "summary"): the embed
    and its picture."""
    snap = moment.snap
    board = board_image(snap, locale)
    seat = snap.to_act[0] if snap.to_act else HUMAN
    hand = hand_image(snap, seat, locale)
    out = {"table": (table_embed(snap, moment.events, BOARD_FILE if board else None, locale), board),
           "hand": (hand_embed(snap, seat, "Server · #cards", image=HAND_FILE if hand else None, locale=locale),
                    hand)}
    if moment.closing is not None:
        final = final_picture(snap, moment.closing, locale)
        out["summary"] = (closing_embed(snap, moment.closing, locale), None if final is None else final.draw())
    return out


def _write(out: Path, stem: str, embed: Any, png: bytes | None) -> list[Path]:
    written = [out / f"{stem}.json"]
    written[0].write_text(json.dumps(embed.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n",
                          encoding="utf-8")
    if png is not None:
        (out / f"{stem}.png").write_bytes(png)
        (out / f"{stem}-phone.png").write_bytes(phone(png))
        written += [out / f"{stem}.png", out / f"{stem}-phone.png"]
    return written


def write_snapshots(out: Path, seed: int = SEED, games: Iterable[str] = ()) -> list[Path]:
    """Every game (or those named) at the start, the middle and the end of its first deal, in
    every language; returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for game_id in sorted(games or GAMES):
        for moment in moments(game_id, seed):
            for locale in LANGUAGES:
                for what, (embed, png) in pictures(moment, locale).items():
                    written += _write(out, f"{game_id}-{moment.stage}-{what}-{locale}", embed, png)
    return written


def doc_pictures() -> dict[Path, bytes]:
    """The pictures the game pages show, by their path under docs/: one table and one hand of
    each game, in each language."""
    made: dict[Path, bytes] = {}
    for game_id, stage in DOC_PICTURES.items():
        moment = next(m for m in moments(game_id) if m.stage == stage)
        for locale in LANGUAGES:
            for what, (_, png) in pictures(moment, locale).items():
                if what in ("table", "hand") and png is not None:
                    made[Path("pictures") / str(locale) / f"{game_id}-{what}.png"] = png
    return made


def update_doc_pictures(check: bool = False, root: Path = DOCS) -> int:
    """Write the game pages' pictures that changed (with `check`, only name them); the exit status."""
    stale = {path: png for path, png in doc_pictures().items()
             if not (root / path).exists() or (root / path).read_bytes() != png}
    for path, png in stale.items():
        if check:
            print(f"out of date: docs/{path}")
        else:
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_bytes(png)
            print(f"wrote docs/{path}")
    return 1 if check and stale else 0
