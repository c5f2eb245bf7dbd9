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
