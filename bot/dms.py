"""Players whose DMs are closed (Discord error 50007).

Every hand the presenter would DM asks whether the player refuses DMs, so the answer is kept in
memory; it is also stored, so a restarted bot does not try again (each refused DM is a request
spent and an invalid one). The UI asks this service and never reaches the database itself.
"""

from __future__ import annotations

from bot.clock import Clock, stamp, utc_now
from storage import dms
from storage.db import Database


class DmRefusals:
    def __init__(self, db: Database, clock: Clock = utc_now) -> None:
        self._db, self._clock = db, clock
        self._refused: set[int] = set()

    async def load(self) -> None:
        """Read who refused before the bot started (once, at startup)."""
        async with self._db.read() as tx:
            self._refused = await dms.refused(tx)

    def __contains__(self, user_id: int) -> bool:
        return user_id in self._refused

    async def refuse(self, user_id: int) -> None:
        """Discord refused a DM to this player: stop trying."""
        self._refused.add(user_id)
        async with self._db.transaction() as tx:
            await dms.mark_refused(tx, user_id, stamp(self._clock()))

    async def allow(self, user_id: int) -> None:
        """A DM got through again (the player opened theirs): try them again."""
        self._refused.discard(user_id)
        async with self._db.transaction() as tx:
            await dms.clear(tx, user_id)
