-- Wallets, the ledger, tables and their action log.
-- Every chip lives in an account of one server: a player's wallet ('user:<id>'), the house
-- ('house', the only account that may go negative: it mints chips) or a table's escrow
-- ('table:<id>'). Every movement is a ledger row, so for each server SUM(balance) = 0.

CREATE TABLE accounts (
    guild_id   INTEGER NOT NULL,
    account    TEXT    NOT NULL,
    balance    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, account),
    CHECK (account = 'house' OR balance >= 0)
);

CREATE TABLE ledger (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    from_account TEXT    NOT NULL,
    to_account   TEXT    NOT NULL,
    amount       INTEGER NOT NULL CHECK (amount > 0),
    kind         TEXT    NOT NULL,
    reference    TEXT    NOT NULL DEFAULT '',
    idem_key     TEXT    NOT NULL UNIQUE,
    created_at   TEXT    NOT NULL,
    FOREIGN KEY (guild_id, from_account) REFERENCES accounts (guild_id, account),
    FOREIGN KEY (guild_id, to_account) REFERENCES accounts (guild_id, account)
);
CREATE INDEX ledger_by_account ON ledger (guild_id, to_account);

CREATE TABLE members (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    joined_at   TEXT    NOT NULL,
    last_daily  TEXT,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    starting_chips  INTEGER,
    daily_chips     INTEGER,
    turn_timeout_s  INTEGER
);

CREATE TABLE dm_refusals (
    user_id     INTEGER PRIMARY KEY,
    refused_at  TEXT NOT NULL
);

CREATE TABLE game_tables (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game_id     TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished')),
    host_id     INTEGER NOT NULL,
    options     TEXT    NOT NULL,
    seed        INTEGER NOT NULL,
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    deadline    TEXT,
    message_id  INTEGER,
    created_at  TEXT    NOT NULL,
    finished_at TEXT,
    end_reason  TEXT
);
-- At most one open table per channel.
CREATE UNIQUE INDEX one_open_table_per_channel ON game_tables (channel_id) WHERE status != 'finished';

CREATE TABLE seats (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id),
    seat        INTEGER NOT NULL,
    user_id     INTEGER,            -- NULL for a seat bot
    name        TEXT    NOT NULL,
    buy_in      INTEGER NOT NULL,
    leaving     INTEGER NOT NULL DEFAULT 0,
    stack       INTEGER NOT NULL DEFAULT 0,   -- chips in play, refreshed after every action
    cashed_out  INTEGER,            -- chips paid back when the player left or the game ended
    left_at     TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE UNIQUE INDEX one_seat_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE table_actions (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id),
    version     INTEGER NOT NULL,
    seat        INTEGER,
    action      TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, version)
);
