-- The saves of several tables as ONE PostgreSQL statement (storage/saving.py, TableSave.together).
-- Each save's rows come as arrays, one per column, read back with unnest; the text never changes,
-- so asyncpg prepares it once per connection. Every part joins `saved`
-- (the tables whose version and escrow were as expected), so a save refused writes nothing.
-- A server whose wallets a save touches is locked first (as `ledger.lock_wallets` does), so a
-- save and a wallet command never wait for each other in a circle; the balances are written
-- once per account (their net change), and the accounts' CHECK refuses an overdraft; a ledger
-- row whose account is missing breaks its foreign key. `cleared` runs before `seated` (its count
-- is read first), so a lobby's renumbered seats never meet their old rows.
WITH v AS (
    SELECT * FROM unnest(:t_t::bigint[], :t_g::bigint[], :t_seen::bigint[], :t_v::bigint[], :t_st::text[],
                         :t_d::text[], :t_s::text[], :t_o::text[], :t_end::text[], :t_fin::text[], :t_esc::text[],
                         :t_before::bigint[], :t_now::text[], :t_money::boolean[], :t_mf::boolean[])
        AS v(id, guild, seen, version, status, deadline, state, options, end_reason, finished_at, escrow, before,
             now, money, frees_message)
), locked AS (
    SELECT pg_advisory_xact_lock(hashtextextended('guild:' || guild, 0))
    FROM (SELECT DISTINCT guild FROM v WHERE money ORDER BY guild) AS servers
), saved AS (
    UPDATE game_tables AS t
    SET state = COALESCE(v.state, t.state), options = COALESCE(v.options, t.options), version = v.version,
        status = v.status, deadline = v.deadline, end_reason = COALESCE(v.end_reason, t.end_reason),
        finished_at = COALESCE(v.finished_at, t.finished_at),
        message_id = CASE WHEN v.frees_message THEN NULL ELSE t.message_id END
    FROM v
    WHERE t.id = v.id AND t.version = v.seen
      AND COALESCE((SELECT a.balance FROM accounts AS a WHERE a.guild_id = v.guild AND a.account = v.escrow), 0)
          = v.before
      AND (SELECT count(*) FROM locked) >= 0
    RETURNING t.id
), joined AS (
    INSERT INTO members (guild_id, user_id, joined_at)
    SELECT v.guild, m.u, v.now FROM unnest(:m_t::bigint[], :m_u::bigint[]) AS m(t, u)
    JOIN saved ON saved.id = m.t JOIN v ON v.id = m.t
    ON CONFLICT DO NOTHING
    RETURNING guild_id, user_id
), moved AS (
    SELECT v.guild, x.src, x.dst, x.n, x.kind, x.ref, x.key, v.now
    FROM unnest(:x_t::bigint[], :x_src::text[], :x_dst::text[], :x_n::bigint[], :x_kind::text[], :x_ref::text[],
                :x_key::text[]) AS x(t, src, dst, n, kind, ref, key)
    JOIN saved ON saved.id = x.t JOIN v ON v.id = x.t
    UNION ALL
    SELECT v.guild, :house, m.w, m.n, :grant_kind, '', m.key, v.now
    FROM unnest(:m_t::bigint[], :m_u::bigint[], :m_w::text[], :m_n::bigint[], :m_key::text[]) AS m(t, u, w, n, key)
    JOIN v ON v.id = m.t JOIN joined ON joined.guild_id = v.guild AND joined.user_id = m.u
    WHERE m.n > 0
), net AS (
    SELECT guild, account, CAST(SUM(delta) AS BIGINT) AS delta
    FROM (SELECT guild, dst AS account, n AS delta FROM moved UNION ALL SELECT guild, src, -n FROM moved) AS d
    GROUP BY guild, account
), credited AS (
    INSERT INTO accounts (guild_id, account, balance)
    SELECT guild, account, delta FROM net WHERE delta >= 0 OR account = :house ORDER BY guild, account
    ON CONFLICT (guild_id, account) DO UPDATE SET balance = accounts.balance + excluded.balance
    RETURNING 1
), debited AS (
    UPDATE accounts AS a SET balance = a.balance + net.delta FROM net
    WHERE a.guild_id = net.guild AND a.account = net.account AND net.delta < 0 AND net.account <> :house
    RETURNING 1
), ledgered AS (
    INSERT INTO ledger (guild_id, from_account, to_account, amount, kind, reference, idem_key, created_at)
    SELECT guild, src, dst, n, kind, ref, key, now FROM moved
    RETURNING 1
), cleared AS (
    DELETE FROM seats AS s USING saved, unnest(:r_t::bigint[]) AS r(t)
    WHERE s.table_id = r.t AND saved.id = r.t
    RETURNING 1
), seated AS (
    INSERT INTO seats (table_id, seat, user_id, name, buy_in, stack, leaving, cashed_out, left_at, deal_stack, missed)
    SELECT p.t, p.seat, p.u, p.name, p.buy_in, p.stack, p.leaving, p.cashed_out, p.left_at, p.deal_stack, p.missed
    FROM unnest(:p_t::bigint[], :p_seat::bigint[], :p_u::bigint[], :p_name::text[], :p_buy_in::bigint[],
                :p_stack::bigint[], :p_leaving::bigint[], :p_cashed_out::bigint[], :p_left_at::text[],
                :p_deal_stack::bigint[], :p_missed::bigint[])
        AS p(t, seat, u, name, buy_in, stack, leaving, cashed_out, left_at, deal_stack, missed)
    JOIN saved ON saved.id = p.t
    WHERE (SELECT count(*) FROM cleared) >= 0
    ON CONFLICT (table_id, seat) DO UPDATE SET
        user_id = excluded.user_id, name = excluded.name, buy_in = excluded.buy_in, stack = excluded.stack,
        leaving = excluded.leaving, cashed_out = excluded.cashed_out, left_at = excluded.left_at,
        deal_stack = excluded.deal_stack, missed = excluded.missed
    RETURNING 1
), logged AS (
    INSERT INTO table_actions (table_id, version, seat, action, events, created_at)
    SELECT l.t, l.v, l.s, l.a, l.e, v.now
    FROM unnest(:l_t::bigint[], :l_v::bigint[], :l_s::bigint[], :l_a::text[], :l_e::text[]) AS l(t, v, s, a, e)
    JOIN saved ON saved.id = l.t JOIN v ON v.id = l.t
    RETURNING 1
), results AS (
    INSERT INTO deal_results (table_id, version, seat, won)
    SELECT d.t, d.v, d.s, d.w FROM unnest(:d_t::bigint[], :d_v::bigint[], :d_s::bigint[], :d_w::bigint[])
        AS d(t, v, s, w)
    JOIN saved ON saved.id = d.t
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT v.id, EXISTS (SELECT 1 FROM saved WHERE saved.id = v.id) AS saved,
       (SELECT t.version FROM game_tables AS t WHERE t.id = v.id) AS version,
       COALESCE((SELECT a.balance FROM accounts AS a WHERE a.guild_id = v.guild AND a.account = v.escrow), 0) AS held
FROM v
