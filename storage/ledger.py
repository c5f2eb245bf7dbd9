"""Accounts and the ledger: the one place chips move.

Accounts of a server: `wallet(user)`, `HOUSE` and `escrow(table)`. A transfer debits with a
guard in the statement, credits, and appends a ledger row with a unique idempotency key, all
inside the caller's transaction; a retried key is a no-op, so nothing is ever paid twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from .db import Tx, fetch_all, fetch_one

HOUSE = "house"


def wallet(user_id: int) -> str:
    return f"user:{user_id}"


def escrow(table_id: int) -> str:
    return f"table:{table_id}"


class InsufficientFunds(Exception):
    """The source account does not hold the amount; nothing was written."""

    def __init__(self, account: str, balance: int, amount: int) -> None:
        super().__init__(f"{account} holds {balance}, needs {amount}")
        self.account, self.balance, self.amount = account, balance, amount


@dataclass(frozen=True, slots=True)
class Transfer:
    src: str
    dst: str
    amount: int
    kind: str
    reference: str
    key: str


async def balance(tx: Tx, guild_id: int, account: str) -> int:
    row = await fetch_one(tx, "SELECT balance FROM accounts WHERE guild_id = :g AND account = :a",
                          {"g": guild_id, "a": account})
    return row["balance"] if row else 0


async def lock_wallets(tx: Tx, guild_id: int) -> None:
    """Take the server's wallets for this transaction: every write to a server's members,
    accounts or ledger takes this first, so writers in several processes take turns (and never
    wait for each other in a circle); a table's unit takes it after its table's lock."""
    await tx.lock("guild", guild_id)


async def open_account(tx: Tx, guild_id: int, account: str) -> None:
    await lock_wallets(tx, guild_id)
    await tx.execute("INSERT INTO accounts (guild_id, account) VALUES (:g, :a) ON CONFLICT DO NOTHING",
                     {"g": guild_id, "a": account})


async def transfer(tx: Tx, guild_id: int, t: Transfer, now: str) -> bool:
    """Move `t.amount` from `t.src` to `t.dst`. False when `t.key` was already applied.

    Raises InsufficientFunds (having written nothing) when the source cannot pay; only the
    house may go below zero.
    """
    if t.amount < 0:
        raise ValueError(f"negative transfer {t}")
    await lock_wallets(tx, guild_id)
    if await fetch_one(tx, "SELECT 1 FROM ledger WHERE idem_key = :k", {"k": t.key}):
        return False
    if t.amount == 0:
        return True
    await open_account(tx, guild_id, t.src)
    await open_account(tx, guild_id, t.dst)
    debited = await tx.execute(
        "UPDATE accounts SET balance = balance - :n "
        "WHERE guild_id = :g AND account = :a AND (account = 'house' OR balance >= :n)",
        {"n": t.amount, "g": guild_id, "a": t.src})
    if debited != 1:
        raise InsufficientFunds(t.src, await balance(tx, guild_id, t.src), t.amount)
    await tx.execute("UPDATE accounts SET balance = balance + :n WHERE guild_id = :g AND account = :a",
                     {"n": t.amount, "g": guild_id, "a": t.dst})
    await tx.execute(
        "INSERT INTO ledger (guild_id, from_account, to_account, amount, kind, reference, idem_key, created_at) "
        "VALUES (:g, :src, :dst, :n, :kind, :ref, :key, :now)",
        {"g": guild_id, "src": t.src, "dst": t.dst, "n": t.amount, "kind": t.kind,
         "ref": t.reference, "key": t.key, "now": now})
    return True


async def drain_wallets(tx: Tx, guild_id: int, kind: str, reference: str, key: str, now: str) -> int:
    """Every wallet of the server back to the house, each movement a ledger row keyed
    `key:<account>` (an economy reset): a few statements however many members. The number of
    chips the house took back."""
    await lock_wallets(tx, guild_id)
    params = {"g": guild_id, "kind": kind, "ref": reference, "key": key + ":", "now": now}
    await open_account(tx, guild_id, HOUSE)
    await tx.execute(
        "INSERT INTO ledger (guild_id, from_account, to_account, amount, kind, reference, idem_key, created_at) "
        "SELECT guild_id, account, 'house', balance, :kind, :ref, :key || account, :now FROM accounts "
        "WHERE guild_id = :g AND account LIKE 'user:%' AND balance > 0", params)
    row = await fetch_one(tx, "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) AS n FROM accounts "
                              "WHERE guild_id = :g AND account LIKE 'user:%'", params)
    taken: int = row["n"] if row else 0
    await tx.execute("UPDATE accounts SET balance = balance + :n WHERE guild_id = :g AND account = 'house'",
                     {"n": taken, "g": guild_id})
    await tx.execute("UPDATE accounts SET balance = 0 WHERE guild_id = :g AND account LIKE 'user:%'", params)
    return taken


async def grant_members(tx: Tx, guild_id: int, amount: int, kind: str, reference: str, key: str, now: str) -> int:
    """The same grant from the house to every member of the server, keyed `key:<account>`; how
    many members got it."""
    if amount <= 0:
        return 0
    await lock_wallets(tx, guild_id)
    params = {"g": guild_id, "n": amount, "kind": kind, "ref": reference, "key": key + ":", "now": now}
    await tx.execute("INSERT INTO accounts (guild_id, account) SELECT guild_id, 'user:' || user_id FROM members "
                     "WHERE guild_id = :g ON CONFLICT DO NOTHING", params)
    members = await tx.execute(
        "INSERT INTO ledger (guild_id, from_account, to_account, amount, kind, reference, idem_key, created_at) "
        "SELECT guild_id, 'house', 'user:' || user_id, :n, :kind, :ref, :key || 'user:' || user_id, :now "
        "FROM members WHERE guild_id = :g", params)
    await tx.execute("UPDATE accounts SET balance = balance + :n WHERE guild_id = :g "
                     "AND account IN (SELECT 'user:' || user_id FROM members WHERE guild_id = :g)", params)
    await tx.execute("UPDATE accounts SET balance = balance - :total WHERE guild_id = :g AND account = 'house'",
                     {"total": amount * members, "g": guild_id})
    return members


@dataclass(frozen=True, slots=True)
class Audit:
    """A server's books: the balances must sum to zero and each must equal its ledger history."""

    total: int
    mismatched: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.total == 0 and not self.mismatched


async def audit(tx: Tx, guild_id: int) -> Audit:
    rows = await fetch_all(tx, """
        SELECT a.account, a.balance,
               CAST(COALESCE((SELECT SUM(amount) FROM ledger
                              WHERE guild_id = a.guild_id AND to_account = a.account), 0)
                  - COALESCE((SELECT SUM(amount) FROM ledger
                              WHERE guild_id = a.guild_id AND from_account = a.account), 0) AS BIGINT)
               AS history
        FROM accounts a WHERE a.guild_id = :g""", {"g": guild_id})
    return Audit(sum(r["balance"] for r in rows),
                 tuple(r["account"] for r in rows if r["balance"] != r["history"]))
