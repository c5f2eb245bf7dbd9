-- Each bot process's share of the bot's Discord request budget, when several processes share one
-- database (Discord's limit is per bot token, not per process). A process renews its row every
-- second or so; a row not renewed for longer than the lease timeout belongs to a process that is
-- gone, and the others take its share.

CREATE TABLE request_shares (
    holder      TEXT    PRIMARY KEY,
    per_s       REAL    NOT NULL,
    renewed_at  TEXT    NOT NULL
);
