-- Version 3, from two branches that each called itself 3 (both were applied together as version
-- 3 wherever they ran, so one file keeps every saved database at the same place):
-- two per-server switches, each deal's result for the per-game statistics, and languages.
-- guild_settings.images: 0 sends table and hand messages as text only (NULL: with pictures).
-- guild_settings.threads: 1 makes /play open each table in a thread of its own unless the
--   command says otherwise (NULL: in the channel).
-- deal_results: a row for each seat dealt into a deal, written when the deal's summary is
--   committed; `version` is that action's version in table_actions. `won` is 1 or 0, or NULL
--   when nobody knows (deals played before this migration).

ALTER TABLE guild_settings ADD COLUMN images INTEGER;
ALTER TABLE guild_settings ADD COLUMN threads INTEGER;

CREATE TABLE deal_results (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id),
    version     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    won         INTEGER,
    PRIMARY KEY (table_id, version, seat)
);

-- Deals played before: each logged action whose events hold a deal's summary ended a deal for
-- every seat still at the table at that moment. Who won them was not recorded.
INSERT INTO deal_results (table_id, version, seat, won)
SELECT a.table_id, a.version, s.seat, NULL
FROM table_actions a JOIN seats s ON s.table_id = a.table_id
WHERE a.events LIKE '%"kind": "summary"%'
  AND (s.left_at IS NULL OR s.left_at >= a.created_at);

-- Languages. user_languages: the language a player chose with /language for their own text
-- (no row: their Discord client's language). guild_languages: a server's table language, the
-- one its public table messages use (no row: the server's preferred locale). Codes are the
-- catalogs' ('en', 'ja').

CREATE TABLE user_languages (
    user_id  BIGINT PRIMARY KEY,
    locale   TEXT   NOT NULL
);

CREATE TABLE guild_languages (
    guild_id BIGINT PRIMARY KEY,
    locale   TEXT   NOT NULL
);
