-- Which process drives the tables of each shard's servers, when several processes share one
-- database. A process renews the leases of its shards every few seconds; a lease not renewed
-- for longer than the timeout is taken over by another process, which drives those tables
-- until the owner comes back and claims its shard again.

CREATE TABLE shard_leases (
    shard_id    INTEGER PRIMARY KEY,
    holder      TEXT    NOT NULL,
    renewed_at  TEXT    NOT NULL
);
