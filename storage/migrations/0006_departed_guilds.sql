-- Servers the bot has left, and since when: after a grace period (FORGET_SERVER_AFTER_DAYS) a
-- server's data is removed, unless the bot is invited back first (its row then goes).

CREATE TABLE departed_guilds (
    guild_id  BIGINT PRIMARY KEY,
    left_at   TEXT   NOT NULL
);
