# The bot as a container: docker build -t cardroom . (see docs/owner-guide.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# The package with the exact versions the test suite ran with.
COPY pyproject.toml constraints.txt README.md LICENSE MANIFEST.in ./
COPY bot ./bot
COPY cogs ./cogs
COPY storage ./storage
RUN pip install -c constraints.txt . && rm -rf build *.egg-info

# An unprivileged user that owns only data/, where the database and the sync marker live. The
# entry point starts as root only to hand data/ to this user (a bind-mounted host folder is
# usually root's), then runs the bot as the user.
RUN useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin cardroom \
    && mkdir -p /app/data && chown cardroom:cardroom /app/data
COPY deploy/docker-entrypoint.sh /usr/local/bin/cardroom-entrypoint
VOLUME ["/app/data"]

# Settings come from the environment (docker run --env-file .env, or compose's env_file).
# Arguments go to cardroom (none: run the bot; e.g. `backup data/backup.db`).
ENTRYPOINT ["cardroom-entrypoint"]
