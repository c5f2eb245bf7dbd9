-- The Discord client language each player's last click reported (interaction.locale, e.g.
-- 'ja', 'en-US'), so the DMs sent them with no click at hand (their hands) follow it after a
-- restart too. A player's /language choice (user_languages) still wins over it.

CREATE TABLE user_client_locales (
    user_id  BIGINT PRIMARY KEY,
    locale   TEXT   NOT NULL
);
