"""Drawing pictures off the event loop: in worker processes when the bot has them
(`BOT_WORKERS`, `bot/workers.py`), else in a thread.

A picture takes milliseconds of Pillow and of Python around it; in a thread, that Python shares
the interpreter with the tables (measured at 200 busy tables: about a sixth of what they could
serve). A worker gets the views as JSON and sends the PNG back; a worker that fails is logged
and the picture is drawn here instead.
"""

from __future__ import annotations

import asyncio
import base64
import logging

import orjson

from bot.i18n import ENGLISH, Locale
from bot.tables.models import Closing, TableSnapshot
from bot.workers import WorkerPool

from .boards import board_for
from .embeds import board_picture, hand_picture
from .images import BoardPicture, HandPicture

log = logging.getLogger(__name__)


def final_picture(snap: TableSnapshot, closing: Closing, locale: Locale = ENGLISH) -> BoardPicture | None:
    """What a deal's final picture is drawn from: the view just after the deal ended."""
    if closing.summary is None or closing.public is None:
        return None
    names = list(closing.names or snap.names)
    return BoardPicture(snap.game_id, closing.public, names,
                        dict(board_for(snap.game_id).image_labels(closing.public, locale)), final=True)


class Painter:
    def __init__(self, workers: int = 0) -> None:
        self.pool = WorkerPool(workers, "draw") if workers else None

    async def board(self, snap: TableSnapshot, locale: Locale = ENGLISH) -> bytes | None:
        """The table's picture while a game is on (PNG), else None."""
        picture = board_picture(snap, locale)
        return None if picture is None else await self.draw(picture)

    async def hand(self, snap: TableSnapshot, seat: int, locale: Locale = ENGLISH) -> bytes | None:
        """The seat's hand as a picture (PNG), or None when it holds nothing to show."""
        picture = hand_picture(snap, seat, locale)
        return None if picture is None else await self.draw(picture)

    async def final(self, snap: TableSnapshot, closing: Closing, locale: Locale = ENGLISH) -> bytes | None:
        """The picture a deal's closed message keeps (the showdown, the last trick, the final
        line), or None when the closing ends no deal or the game has none."""
        picture = final_picture(snap, closing, locale)
        return None if picture is None else await self.draw(picture)

    async def draw(self, picture: BoardPicture | HandPicture) -> bytes | None:
        if self.pool is not None:
            fields, views = picture.request()
            # a view may hold a message object: it is not drawn, and its text keeps the JSON valid
            raw = {name: orjson.dumps(view, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
                   for name, view in views.items()}
            try:
                got = await self.pool.ask(fields, raw=raw)
                return None if got["png"] is None else base64.b64decode(got["png"])
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a picture could not be drawn in a worker process; drawing it here")
        return await asyncio.to_thread(picture.draw)

    async def start(self) -> None:
        """Start the drawing workers now, so the first table's picture waits for none of them."""
        if self.pool is not None:
            await self.pool.start()

    @property
    def pids(self) -> list[int]:
        return [] if self.pool is None else self.pool.pids

    async def close(self) -> None:
        if self.pool is not None:
            await self.pool.close()
