"""Runtime configuration from environment variables (and an optional ``.env`` file).

Nothing is read at import time: call :func:`get_settings` where the configuration is
needed. The Discord token is a :class:`~pydantic.SecretStr` and the database password
is masked, so neither appears in ``repr()`` or in logs.

Environment variables:

``DISCORD_TOKEN``
    The bot token (optional so that tools like the migrations can run without it).
``KOZEL_DATABASE_URL``
    SQLAlchemy URL of the league database. Default: an embedded SQLite file
    ``./kozel.sqlite3`` in the working directory. ``postgresql://`` and ``postgres://``
    URLs are normalised to ``postgresql+asyncpg://``, ``sqlite://`` to ``sqlite+aiosqlite://``.
``KOZEL_DEV_GUILD_ID``
    A guild to sync the slash commands to instantly (development).
``KOZEL_TURN_TIMEOUT``
    Seconds a player has for a move; default 90, ``0`` turns the timer off.
``KOZEL_SHARD_COUNT`` / ``KOZEL_SHARD_IDS``
    Sharding: the total shard count and a comma list of the shard ids this process runs.
``KOZEL_LOG_LEVEL``
    ``DEBUG``, ``INFO`` (default), ``WARNING``, ``ERROR`` or ``CRITICAL``.
``KOZEL_DISCORD_API_BASE`` / ``KOZEL_DISCORD_GATEWAY_URL``
    Development only: point discord.py at a local Discord stand-in.
``KOZEL_COMPUTER_DELAY`` / ``KOZEL_EDIT_INTERVAL``
    Seconds a computer player waits before its move (default 1) and the least time
    between two edits of a table message (default 1).
``KOZEL_FIXED_SEED``
    Testing only: series seeds derived from this number, for replays (each game of a series
    is dealt from its own seed derived from the series seed).
``KOZEL_AI_PROCESSES``
    Worker processes for the searching ("hard") computer player (default 2; 0: threads,
    which stalls the event loop while it thinks).
``KOZEL_DRAW_PROCESSES``
    Worker processes drawing the table and board pictures (default 2; 0: a thread of the
    bot, which holds the event loop while Pillow draws).
``KOZEL_AI_WORLDS`` / ``KOZEL_AI_TIME_CAP_MS``
    How hard the "hard" computer thinks: sampled worlds per decision (default 120; the
    work, so it plays as well on a busy host as on a quiet one), and a safety net of wall
    clock per decision in milliseconds (default 1000; 0: none).
``KOZEL_DB_POOL_SIZE``
    PostgreSQL connections a process keeps open (default 5; twice as many again may be
    opened for bursts). Mind the server's ``max_connections`` when running several processes.
``KOZEL_STATS_INTERVAL``
    Seconds between two ``stats`` log lines (default 300; 0: only at shutdown).
``KOZEL_MAX_EDITS_PER_SECOND``
    Budget of table-message edits per second over all channels (default 40: Discord's
    global limit is 50 requests per second; interaction answers do not count).
``KOZEL_DISCORD_RATE_LIMIT``
    Requests per second authorised with the bot token over all the bot's processes
    (default 50: Discord's global limit; interaction answers do not count). Every such
    request waits for this budget just before it is sent.
``KOZEL_RATE_LIMIT_SHARING``
    ``auto`` (default), ``on`` or ``off``: whether the processes of the bot share that
    budget through the database (``auto``: when this process runs only some of the shards,
    ``KOZEL_SHARD_IDS``); ``off``: each process keeps the whole budget to itself.
``KOZEL_DB_CONNECT_ATTEMPTS``
    How often ``run`` tries to reach the database at start-up before it gives up with exit
    code 4 (default 10; waits 1, 2, 4 ... up to 30 seconds between attempts, about 3.5
    minutes in all): a database that starts at the same time (Docker) is waited for.
``KOZEL_HEARTBEAT_FILE``
    The file the running bot touches every 30 seconds while it is connected to Discord;
    ``kozel-discord health`` checks it (default ``.kozel-heartbeat`` in the working
    directory).
``KOZEL_IDLE_CLOSE_HOURS``
    Hours without anything happening after which a table is closed (default 24; 0: never).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

log = logging.getLogger(__name__)

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./kozel.sqlite3"
DEFAULT_TURN_TIMEOUT = 90.0  # seconds a player has for a move
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

_URL_PREFIXES = {
    "postgres://": "postgresql+asyncpg://",
    "postgresql://": "postgresql+asyncpg://",
    "sqlite://": "sqlite+aiosqlite://",
}


def normalise_database_url(url: str) -> str:
    """Return ``url`` with an asyncio driver: ``postgres(ql)://`` → ``postgresql+asyncpg://``,
    ``sqlite://`` → ``sqlite+aiosqlite://``; URLs that name a driver are kept as they are."""
    url = url.strip()
    if not url:
        raise ValueError("the database URL is empty")
    for prefix, replacement in _URL_PREFIXES.items():
        if url.startswith(prefix):
            url = replacement + url[len(prefix) :]
            break
    _check_driver(url)
    return url


_DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}


def _check_driver(url: str) -> None:
    """A URL of a database the bot uses, through its asyncio driver: a typo ("postgresq://",
    "foo") was retried for minutes as a database that does not answer, then exit 4."""
    # (capitalised words: an error message loses every piece of the value set)
    what = "a SQLite or PostgreSQL URL is needed; .env.example shows both forms"
    m = _URL_RE.fullmatch(url)
    if m is None:
        raise ValueError(f"not a database URL: {what}")
    backend, _, driver = m["scheme"].partition("+")
    if _DRIVERS.get(backend) != driver:
        raise ValueError(f"a database or driver the bot does not use: {what}")


_URL_RE = re.compile(r"(?P<scheme>[\w+]+)://(?P<rest>.*)", re.DOTALL)
_CREDENTIALS_RE = re.compile(r"(?P<user>[^:/]*):(?P<password>[^@]*)@(?P<host>.*)", re.DOTALL)


_QUERY_PASSWORD_RE = re.compile(r"([?&]password=)[^&]*", re.IGNORECASE)


def mask_database_url(url: str) -> str:
    """``url`` with its password replaced by ``***`` (safe for logs and reprs), also one
    given as ``?password=`` (asyncpg takes it there too)."""
    m = _URL_RE.fullmatch(url.strip())
    if m is None:  # an unparsable URL: show only its scheme
        return url.split("://", 1)[0] + "://***"
    cred = _CREDENTIALS_RE.fullmatch(m["rest"])
    rest = m["rest"] if cred is None else f"{cred['user']}:***@{cred['host']}"
    return f"{m['scheme']}://" + _QUERY_PASSWORD_RE.sub(r"\g<1>***", rest)


class Settings(BaseSettings):
    """The bot's configuration. Construct with :func:`get_settings` (or directly in tests,
    with field names as keyword arguments)."""

    model_config = SettingsConfigDict(
        env_prefix="KOZEL_",
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        populate_by_name=True,
        frozen=True,
        allow_inf_nan=False,  # "inf" crashed the start-up, or every Start press
    )

    # DISCORD_TOKEN has no KOZEL_ prefix; every other variable is KOZEL_<FIELD NAME>.
    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    database_url: str = Field(default=DEFAULT_DATABASE_URL, repr=False)
    dev_guild_id: int | None = None
    turn_timeout: float = Field(default=DEFAULT_TURN_TIMEOUT, ge=0, le=86_400)  # ≤ a day
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    log_level: str = "INFO"
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # Pacing and testing knobs (the defaults suit a real server).
    computer_delay: float = Field(default=1.0, ge=0)  # seconds before a computer moves
    edit_interval: float = Field(default=1.0, ge=0)  # minimum seconds between table edits
    fixed_seed: int | None = None  # testing only: derive series seeds from this
    ai_processes: int = Field(default=2, ge=0)  # worker processes of the "hard" computer
    draw_processes: int = Field(default=2, ge=0)  # worker processes drawing pictures
    ai_worlds: int = Field(default=120, ge=1)  # worlds the "hard" computer searches per move
    ai_time_cap_ms: float = Field(default=1000.0, ge=0)  # its safety net of time; 0: none
    db_pool_size: int = Field(default=5, ge=1)  # PostgreSQL connections kept open
    stats_interval: float = Field(default=300.0, ge=0)  # seconds between stats log lines
    max_edits_per_second: float = Field(default=40.0, gt=0)  # table edits, all channels
    discord_rate_limit: int = Field(default=50, ge=1)  # bot requests/s, all processes
    rate_limit_sharing: Literal["auto", "on", "off"] = "auto"  # through the database
    db_connect_attempts: int = Field(default=10, ge=1)  # tries to reach the database at start
    heartbeat_file: str = ".kozel-heartbeat"  # touched by the running bot, read by `health`
    idle_close_hours: float = Field(default=24.0, ge=0, le=8_760)  # idle close; 0: never

    @field_validator("database_url")
    @classmethod
    def _normalise_url(cls, value: str) -> str:
        return normalise_database_url(value)

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_shard_ids(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",")]
            if not all(p.isdigit() for p in parts if p):
                raise ValueError("must be a comma list of shard numbers, e.g. 0,1")
            return tuple(int(p) for p in parts if p)
        return value

    @field_validator("log_level")
    @classmethod
    def _check_log_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"log level must be one of {', '.join(LOG_LEVELS)}")
        return level

    @model_validator(mode="after")
    def _check_shards(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("KOZEL_SHARD_IDS needs KOZEL_SHARD_COUNT")
            if not self.shard_ids:
                raise ValueError("KOZEL_SHARD_IDS is empty")
            bad = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if bad:
                raise ValueError(f"shard ids {bad} are outside 0..{self.shard_count - 1}")
            if len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError("KOZEL_SHARD_IDS has duplicates")
        return self

    # ------------------------------------------------------------------ derived values
    @property
    def turn_timeout_seconds(self) -> float | None:
        """The move timer in seconds, or None when it is off (``KOZEL_TURN_TIMEOUT=0``)."""
        return self.turn_timeout or None

    @property
    def ai_time_cap_seconds(self) -> float | None:
        """The hard computer's time cap per decision in seconds, None when it is off."""
        return self.ai_time_cap_ms / 1000 or None

    @property
    def timer_button_seconds(self) -> float:
        """What the lobby's timer button turns on: the move timer, or the default one when
        the timer is off by default."""
        return self.turn_timeout or DEFAULT_TURN_TIMEOUT

    @property
    def shares_rate_limit(self) -> bool:
        """Whether this process shares the bot's request budget with its other processes."""
        if self.rate_limit_sharing != "auto":
            return self.rate_limit_sharing == "on"
        return bool(self.shard_count and self.shard_ids and len(self.shard_ids) < self.shard_count)

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @property
    def database_url_for_logs(self) -> str:
        """The database URL with its password masked."""
        return mask_database_url(self.database_url)

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        for name, value in super().__repr_args__():
            yield name, value
            if name == "discord_token":
                yield "database_url", self.database_url_for_logs


def setting_env_var(field_name: str) -> str:
    """The environment variable of a :class:`Settings` field (``DISCORD_TOKEN``,
    ``KOZEL_<FIELD>``)."""
    field = Settings.model_fields[field_name]
    if isinstance(field.validation_alias, str):
        return field.validation_alias
    return f"{Settings.model_config.get('env_prefix', '')}{field_name}".upper()


def _redact(message: str, value: object) -> str:
    """``message`` without any piece of ``value`` (what was set), which may be a secret.
    For an error of the whole model, ``value`` is the dict of every value that was set."""
    if value is None:
        return message
    texts = [str(v) for v in value.values()] if isinstance(value, dict) else [str(value)]
    pieces = set(texts)
    for text in texts:
        pieces.update(p for p in re.split(r"[^A-Za-z0-9]+", text) if len(p) >= 3)
    for piece in sorted(pieces, key=len, reverse=True):
        if piece and not piece.isdigit():
            message = message.replace(piece, "***")
    return message


def settings_errors(exc: BaseException) -> list[tuple[str | None, str]]:
    """(field name or None, what is wrong) for every problem of a failed :class:`Settings`;
    the messages name no value that was set (any could be a secret)."""
    if not isinstance(exc, ValidationError):
        if isinstance(exc, UnicodeDecodeError):
            return [(None, ".env is not a UTF-8 text file")]
        return [(None, type(exc).__name__)]
    result: list[tuple[str | None, str]] = []
    for error in exc.errors(include_url=False, include_context=False):
        message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        message = _redact(message, error.get("input"))
        loc = error.get("loc") or ()
        name = str(loc[0]) if loc else None
        result.append((name if name in Settings.model_fields else None, message))
    return result


def describe_settings_error(exc: BaseException) -> str:
    """One line about why the settings do not parse: each environment variable's name and
    what is wrong with it, never its value (a value could be a secret)."""
    return "; ".join(
        f"{setting_env_var(name)}: {message}" if name else message
        for name, message in settings_errors(exc)
    )


def get_settings() -> Settings:
    """Read the configuration from the environment (and ``./.env`` when present).

    Not cached: each call reads the environment again, which keeps tests simple; the bot
    calls it once at start-up.
    """
    return Settings()


__all__ = [
    "DEFAULT_DATABASE_URL",
    "Settings",
    "describe_settings_error",
    "get_settings",
    "mask_database_url",
    "normalise_database_url",
    "setting_env_var",
    "settings_errors",
]
