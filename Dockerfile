# syntax=docker/dockerfile:1
# The Kozel Discord bot (docs/self-hosting.md). Usually built by `docker compose build`.
#
#   docker build -t kozel-discord .
#   docker run --rm --env-file .env kozel-discord doctor
#
# Runs `kozel-discord run` as an unprivileged user. The same image runs the other commands:
# `migrate` (the migrations are part of the installed package), `doctor`, `invite-url` and
# `health` (the HEALTHCHECK: is the running bot connected?).
# No secret is part of the image: DISCORD_TOKEN comes from the environment at run time.

ARG PYTHON_IMAGE=python:3.11-slim

# ---- the bot's own wheel (a plain, not editable, build: migrations/ goes into the package)
FROM ${PYTHON_IMAGE} AS wheel
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
COPY pyproject.toml setup.py README.md /src/
COPY kozel_discord /src/kozel_discord
COPY migrations /src/migrations
RUN pip wheel --no-deps --wheel-dir /wheels /src

# ---- dependencies: exactly the pinned versions of requirements.lock, prebuilt wheels only
FROM ${PYTHON_IMAGE} AS deps
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
COPY requirements.lock /tmp/requirements.lock
COPY --from=wheel /wheels /tmp/wheels
# --no-deps: the lock lists the whole dependency closure; `pip check` fails if it does not.
RUN /opt/venv/bin/pip install --only-binary=:all: --no-deps -r /tmp/requirements.lock \
        /tmp/wheels/kozel_discord-*.whl \
    && /opt/venv/bin/pip check

# ---- runtime
FROM ${PYTHON_IMAGE}
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1

RUN useradd --system --uid 10001 --user-group --create-home --home-dir /data \
        --shell /usr/sbin/nologin kozel

# The bot is installed in /opt/venv (its console script is on PATH); the migrations are
# found inside the package with importlib.resources, so `kozel-discord migrate` works.
COPY --from=deps /opt/venv /opt/venv

# Not root. /data is the working directory and a volume: the default SQLite file
# (kozel.sqlite3) would go there when no KOZEL_DATABASE_URL is set (Docker Compose uses
# PostgreSQL instead), and so do the slash-command sync marker (commands are synced only
# when they changed) and the heartbeat file of `kozel-discord health`.
USER kozel
WORKDIR /data
VOLUME ["/data"]

# Healthy while the bot is connected to Discord: the running bot touches its heartbeat
# file every 30 s; `health` exits 1 when the last beat is older than 90 s.
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 \
    CMD ["kozel-discord", "health"]

# SIGINT lets discord.py close the connection and the bot finish its work on `docker stop`.
STOPSIGNAL SIGINT
ENTRYPOINT ["kozel-discord"]
CMD ["run"]
