#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server: `scripts/with-postgres.sh pytest ...`.
#
# The server is a fresh cluster in a temporary folder, listening on a free loopback port, with
# durability switched off (the data dies with the run anyway). The command gets its address in
# TEST_DATABASE_URL; the cluster is stopped and removed when the command ends, however it ends.
# PostgreSQL's binaries come from PATH or /usr/lib/postgresql/<version>/bin; when there are none,
# Debian's `postgresql` package is installed (as root, or through sudo). PostgreSQL refuses to
# run as root, so a root caller runs the server as the `postgres` user.
set -euo pipefail

fail() { echo "with-postgres: $*" >&2; exit 1; }

find_bin() {
    if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
        dirname "$(command -v pg_ctl)"
        return
    fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    [ -n "$dir" ] && [ -x "$dir/pg_ctl" ] && echo "$dir"
}

install_postgres() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    echo "with-postgres: no PostgreSQL binaries found; installing Debian's postgresql package" >&2
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql; } \
        >/dev/null 2>&1 || fail "cannot install PostgreSQL (apt-get install postgresql failed); install it and run again"
}

[ $# -gt 0 ] || fail "usage: scripts/with-postgres.sh COMMAND [ARGS...]"
BIN=$(find_bin || true)
if [ -z "$BIN" ]; then
    install_postgres
    BIN=$(find_bin || true)
    [ -n "$BIN" ] || fail "PostgreSQL was installed but pg_ctl and initdb are nowhere to be found"
fi

RUN=()
DIR=$(mktemp -d "${TMPDIR:-/tmp}/cardroom-pg.XXXXXX")
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres \
        || fail "cannot create the postgres user to run the server as (PostgreSQL refuses to run as root)"
    chown postgres "$DIR"
    RUN=(runuser -u postgres --)
fi
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

stop() {
    "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
}
trap stop EXIT

"${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U cardroom --auth=trust --encoding=UTF8 --locale=C >"$DIR/initdb.log" 2>&1 \
    || fail "initdb failed: $(tail -n 1 "$DIR/initdb.log")"
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null 2>&1 || fail "PostgreSQL did not start on 127.0.0.1:$PORT: $(tail -n 1 "$DIR/server.log" 2>/dev/null)"

export TEST_DATABASE_URL="postgresql://cardroom@127.0.0.1:$PORT/postgres"
status=0
"$@" || status=$?
exit $status
