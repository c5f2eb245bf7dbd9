-- What tables need to end cleanly and heal themselves.
-- seats.deal_stack: the stack as the current deal began, so closing a table mid-deal can void
--   the deal (each player gets that back; what earlier deals left in pots is shared).
-- seats.missed: decisions in a row this seat let time out; past the table's limit it leaves.
-- game_tables.frozen: why a table was set aside when not even its refund could be worked out;
--   such a table is skipped by restore and deadlines until an admin closes it.
-- hand_messages: each seat's current hand DM, edited in place, so a new message (a
--   notification) is sent only when the player must act.

ALTER TABLE seats ADD COLUMN deal_stack INTEGER;
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN frozen TEXT;

CREATE TABLE hand_messages (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id),
    seat        INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
