"""One save of one table: everything an action changed, written in one trip.

Every write path of the table service (a move, a run of bot moves, a lobby step, a leave, a
top-up, a bet, closing) ends in one `TableSave`: the table row (state, version, status,
deadline, options), the action log, the seats that changed, the ledger's transfers with their
balances, the players new to the server with their starting grant, and a deal's results. It is
written only while the table is still at the version the unit started from, and only when the
table's escrow holds what the game says is on the table; otherwise nothing of it is.

The saves waiting at one moment share a trip (`Database.save`): on SQLite their statements run
one after another in the database's thread, each save under a savepoint; on PostgreSQL the whole
group is ONE statement, the same text every time (so it is prepared once per connection), whose
data-modifying parts all hang on the version guard.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .db import Database, Grouped, IntegrityError, Params, Row, Step, statements
from .ledger import HOUSE, InsufficientFunds, Transfer, balance
from .tables import SeatRow

GRANT_KIND = "grant:start"


class StaleVersion(Exception):
    """The table changed since it was read; nothing was written."""


class EscrowMismatch(Exception):
    """The escrow does not hold what the game says is on the table; nothing was written."""

    def __init__(self, held: int, expected: int) -> None:
        super().__init__(f"escrow holds {held} but the game accounts for {expected}")
        self.held, self.expected = held, expected


@dataclass(frozen=True, slots=True)
class Member:
    """A player who may be new to the server: made a member, with the starting grant, if so."""

    user_id: int
    wallet: str
    grant: int
    key: str


@dataclass(frozen=True, slots=True)
class Logged:
    """One version of the action log."""

    version: int
    seat: int | None
    action: str
    events: str


@dataclass(frozen=True)
class TableSave(Grouped):
    table_id: int
    guild_id: int
    seen: int
    """The version the unit started from: the save is written only while the table is at it."""
    version: int
    status: str
    deadline: str | None
    escrow: str
    """The table's escrow account."""
    held: int
    """What the escrow must hold once this save's transfers are made."""
    now: str
    state: str | None = None
    """The game as JSON text (None: unchanged)."""
    options: str | None = None
    """The options as JSON text (None: unchanged)."""
    ended: str | None = None
    """Why the table ends with this save (its `end_reason`; it finishes now)."""
    log: tuple[Logged, ...] = ()
    seats: tuple[SeatRow, ...] = ()
    """Seats whose row changed, as they are now."""
    reseated: bool = False
    """`seats` are all the table's seats (a lobby's seats came, went or were renumbered): the
    stored ones are replaced."""
    transfers: tuple[Transfer, ...] = ()
    members: tuple[Member, ...] = ()
    results: tuple[tuple[int, int, bool | None], ...] = ()
    """(version, seat, won) of each seat dealt into a deal that ended."""
    frees_message: bool = False
    """The table's message was closed by the action's own reply (a Start, a Cancel): the next
    state goes into a new message, even after a restart."""

    @property
    def escrow_before(self) -> int:
        """What the escrow holds now if the books are right (the check runs before the writes)."""
        return self.held - sum(t.amount for t in self.transfers if t.dst == self.escrow) \
            + sum(t.amount for t in self.transfers if t.src == self.escrow)

    def deltas(self) -> dict[str, int]:
        """How much each account gains (less than 0: loses) by the transfers, grants aside."""
        net: dict[str, int] = defaultdict(int)
        for t in self.transfers:
            net[t.src] -= t.amount
            net[t.dst] += t.amount
        return net

    # --- SQLite: statements one after another ----------------------------------------------

    def steps(self) -> list[Step]:
        expected, seen, table = self.escrow_before, self.seen, self.table_id

        def escrow_holds(rows: list[Any]) -> None:
            if rows[0][0] != expected:
                raise EscrowMismatch(rows[0][0] + self.held - expected, self.held)

        def still_current(changed: int) -> None:
            if changed != 1:
                raise StaleVersion(f"table {table} is no longer at version {seen}")

        def exists(changed: int) -> None:
            if changed != 1:
                raise IntegrityError("a debited account does not exist")

        # the version first: a stale save is stale, whatever its escrow holds
        steps = [Step(_TABLE, self._table_params(), check=still_current),
                 Step(_ESCROW, {"g": self.guild_id, "a": self.escrow}, query=True, check=escrow_holds)]
        for m in self.members:
            p = {"g": self.guild_id, "u": m.user_id, "w": m.wallet, "n": m.grant, "house": HOUSE, "key": m.key,
                 "kind": GRANT_KIND, "now": self.now}
            steps += [Step(_OPEN, {"g": self.guild_id, "a": HOUSE}), Step(_OPEN, {"g": self.guild_id, "a": m.wallet}),
                      Step(_MEMBER, p), Step(_GRANT_ROW, p), Step(_GRANT_BALANCES, p)]
        credits = [{"g": self.guild_id, "a": a, "d": d} for a, d in sorted(self.deltas().items())
                   if d >= 0 or a == HOUSE]
        if credits:
            steps.append(Step(_CREDIT, rows=credits))
        steps += [Step(_DEBIT, {"g": self.guild_id, "a": a, "d": d}, check=exists)
                  for a, d in sorted(self.deltas().items()) if d < 0 and a != HOUSE]
        if self.transfers:
            steps.append(Step(_LEDGER, rows=[
                {"g": self.guild_id, "src": t.src, "dst": t.dst, "n": t.amount, "kind": t.kind, "ref": t.reference,
                 "key": t.key, "now": self.now} for t in self.transfers]))
        if self.reseated:
            steps.append(Step("DELETE FROM seats WHERE table_id = :t", {"t": table}))
        if self.seats:
            steps.append(Step(_SEAT, rows=[_seat_params(table, s) for s in self.seats]))
        if self.log:
            steps.append(Step(_LOG, rows=[{"t": table, "v": e.version, "s": e.seat, "a": e.action, "e": e.events,
                                           "now": self.now} for e in self.log]))
        if self.results:
            steps.append(Step(_RESULT, rows=[{"t": table, "v": v, "s": s, "w": None if won is None else int(won)}
                                             for v, s, won in self.results]))
        return steps

    def _table_params(self) -> Params:
        return {"t": self.table_id, "seen": self.seen, "v": self.version, "st": self.status, "d": self.deadline,
                "s": self.state, "o": self.options, "end": self.ended, "fin": self.now if self.ended else None,
                "mf": self.frees_message}

    # --- PostgreSQL: the whole group as one statement ---------------------------------------

    @classmethod
    def together(cls, group: Sequence[TableSave]) -> tuple[str, Params]:
        tables = [(s, s._table_params()) for s in group]
        params: dict[str, Any] = {
            "house": HOUSE, "grant_kind": GRANT_KIND,
            **_arrays("t", [{**p, "g": s.guild_id, "esc": s.escrow, "before": s.escrow_before, "now": s.now,
                             "money": bool(s.transfers or s.members)} for s, p in tables],
                      ("t", "g", "seen", "v", "st", "d", "s", "o", "end", "fin", "esc", "before", "now", "money",
                       "mf")),
            **_arrays("x", [{"t": s.table_id, "src": t.src, "dst": t.dst, "n": t.amount, "kind": t.kind,
                             "ref": t.reference, "key": t.key} for s in group for t in s.transfers],
                      ("t", "src", "dst", "n", "kind", "ref", "key")),
            **_arrays("m", [{"t": s.table_id, "u": m.user_id, "w": m.wallet, "n": m.grant, "key": m.key}
                            for s in group for m in s.members], ("t", "u", "w", "n", "key")),
            "r_t": [s.table_id for s in group if s.reseated],
            **_arrays("p", [_seat_params(s.table_id, seat) for s in group for seat in s.seats], _SEAT_COLUMNS),
            **_arrays("l", [{"t": s.table_id, "v": e.version, "s": e.seat, "a": e.action, "e": e.events}
                            for s in group for e in s.log], ("t", "v", "s", "a", "e")),
            **_arrays("d", [{"t": s.table_id, "v": v, "s": seat, "w": None if won is None else int(won)}
                            for s in group for v, seat, won in s.results], ("t", "v", "s", "w")),
        }
        return _TOGETHER, params

    @classmethod
    def outcomes(cls, group: Sequence[TableSave], rows: Sequence[Row]) -> list[Exception | None]:
        found = {r["id"]: r for r in rows}
        outcomes: list[Exception | None] = []
        for s in group:
            r = found[s.table_id]
            if r["saved"]:
                outcomes.append(None)
            elif r["version"] == s.seen and r["held"] != s.escrow_before:
                outcomes.append(EscrowMismatch(r["held"] + s.held - s.escrow_before, s.held))
            else:
                outcomes.append(StaleVersion(f"table {s.table_id} is no longer at version {s.seen}"))
        return outcomes


async def save(db: Database, s: TableSave) -> None:
    """Write `s` with the other saves waiting at this moment, in one trip; StaleVersion,
    EscrowMismatch or InsufficientFunds (having written nothing) when it may not be written."""
    try:
        await db.save(s)
    except IntegrityError as exc:
        short = await _short(db, s)
        if short is None:
            raise
        raise short from exc


async def _short(db: Database, s: TableSave) -> InsufficientFunds | None:
    """The account that could not pay, read after the save was refused (a wallet debited past
    what it holds); None when the broken rule was another (a bug)."""
    grants = {m.wallet: m.grant for m in s.members}
    async with db.read() as tx:
        for account, delta in sorted(s.deltas().items()):
            if delta >= 0 or account == HOUSE:
                continue
            held = await balance(tx, s.guild_id, account)
            if not held and account in grants:   # a newcomer: the starting grant is what they would hold
                held = grants[account]
            if held + delta < 0:
                return InsufficientFunds(account, held, -delta)
    return None


def _arrays(prefix: str, rows: Iterable[Params], columns: Sequence[str]) -> dict[str, list[Any]]:
    """Rows as one array per column, `<prefix>_<column>`, for `unnest`."""
    listed = list(rows)
    return {f"{prefix}_{c}": [row[c] for row in listed] for c in columns}


_SEAT_COLUMNS = ("t", "seat", "u", "name", "buy_in", "stack", "leaving", "cashed_out", "left_at", "deal_stack",
                 "missed")


def _seat_params(table_id: int, s: SeatRow) -> Params:
    return {"t": table_id, "seat": s.seat, "u": s.user_id, "name": s.name, "buy_in": s.buy_in, "stack": s.stack,
            "leaving": int(s.leaving), "cashed_out": s.cashed_out, "left_at": s.left_at, "deal_stack": s.deal_stack,
            "missed": s.missed}


_ESCROW = "SELECT COALESCE((SELECT balance FROM accounts WHERE guild_id = :g AND account = :a), 0)"
_TABLE = ("UPDATE game_tables SET state = COALESCE(:s, state), options = COALESCE(:o, options), version = :v, "
          "status = :st, deadline = :d, end_reason = COALESCE(:end, end_reason), "
          "finished_at = COALESCE(:fin, finished_at), message_id = CASE WHEN :mf THEN NULL ELSE message_id END "
          "WHERE id = :t AND version = :seen")
_OPEN = "INSERT INTO accounts (guild_id, account) VALUES (:g, :a) ON CONFLICT DO NOTHING"
# A newcomer: `changes()` is what the statement before changed, so the grant's ledger row is
# written only for a new member, and its balances only when that row was.
_MEMBER = "INSERT INTO members (guild_id, user_id, joined_at) VALUES (:g, :u, :now) ON CONFLICT DO NOTHING"
_GRANT_ROW = ("INSERT INTO ledger (guild_id, from_account, to_account, amount, kind, reference, idem_key, created_at) "
              "SELECT :g, :house, :w, :n, :kind, '', :key, :now WHERE changes() = 1 AND :n > 0")
_GRANT_BALANCES = ("UPDATE accounts SET balance = balance + CASE WHEN account = :w THEN :n ELSE -:n END "
                   "WHERE guild_id = :g AND account IN (:house, :w) AND changes() = 1")
_CREDIT = ("INSERT INTO accounts (guild_id, account, balance) VALUES (:g, :a, :d) "
           "ON CONFLICT (guild_id, account) DO UPDATE SET balance = balance + excluded.balance")
# A debit breaks the accounts' CHECK (only the house goes below zero) rather than overdraw.
_DEBIT = "UPDATE accounts SET balance = balance + :d WHERE guild_id = :g AND account = :a"
_LEDGER = ("INSERT INTO ledger (guild_id, from_account, to_account, amount, kind, reference, idem_key, created_at) "
           "VALUES (:g, :src, :dst, :n, :kind, :ref, :key, :now)")
_SEAT_SET = ("user_id = excluded.user_id, name = excluded.name, buy_in = excluded.buy_in, stack = excluded.stack, "
             "leaving = excluded.leaving, cashed_out = excluded.cashed_out, left_at = excluded.left_at, "
             "deal_stack = excluded.deal_stack, missed = excluded.missed")
_SEAT = ("INSERT INTO seats (table_id, seat, user_id, name, buy_in, stack, leaving, cashed_out, left_at, deal_stack, "
         "missed) VALUES (:t, :seat, :u, :name, :buy_in, :stack, :leaving, :cashed_out, :left_at, :deal_stack, "
         ":missed) "
         f"ON CONFLICT (table_id, seat) DO UPDATE SET {_SEAT_SET}")
_LOG = ("INSERT INTO table_actions (table_id, version, seat, action, events, created_at) "
        "VALUES (:t, :v, :s, :a, :e, :now)")
_RESULT = "INSERT INTO deal_results (table_id, version, seat, won) VALUES (:t, :v, :s, :w) ON CONFLICT DO NOTHING"

_TOGETHER = statements(resources.files("storage").joinpath("saving.sql").read_text(encoding="utf-8"))[0]
"""The same writes for a group of saves, as one PostgreSQL statement (see the file's comments)."""
