#!/bin/sh
# The container's entry point: `cardroom` with the arguments given (none: run the bot).
#
# - Started as root (the image's default), it first gives the data folder to the bot's user, so a
#   named volume and a bind-mounted host folder both work, then drops to that user for good.
# - Exit status 2 means a setting must be fixed first (a missing token, a database that cannot be
#   opened): it is turned into a clean stop, so `restart: on-failure` does not start the bot again
#   and again. A crash or a network failure (any other failure) is restarted as before.
# - docker stop's signal goes on to the bot, which finishes its moves in flight and exits.
set -u

DATA=${CARDROOM_DATA:-/app/data}
USER_ID=${CARDROOM_UID:-10001}

if [ "$(id -u)" = 0 ]; then
    mkdir -p "$DATA"
    if [ "$(stat -c %u "$DATA")" != "$USER_ID" ]; then
        chown -R "$USER_ID:$USER_ID" "$DATA" || {
            echo "error: cannot give $DATA to the bot's user (uid $USER_ID): make it writable for that uid." >&2
            exit 0
        }
    fi
    exec setpriv --reuid="$USER_ID" --regid="$USER_ID" --clear-groups -- "$0" "$@"
fi

if ! [ -w "$DATA" ]; then
    echo "error: $DATA is not writable by uid $(id -u): chown it to that uid, or mount a named volume there." >&2
    exit 0
fi

signalled=0
trap 'signalled=1; kill -TERM "$bot" 2>/dev/null' TERM INT
cardroom "$@" &
bot=$!
wait "$bot"
status=$?
while [ "$signalled" = 1 ]; do   # the signal cut the wait short: wait for the bot's own exit
    signalled=0
    wait "$bot"
    status=$?
done
if [ "$status" = 2 ]; then
    echo "cardroom: stopped until a setting is fixed (exit status 2, the line above says what); not restarting." >&2
    exit 0
fi
exit "$status"
