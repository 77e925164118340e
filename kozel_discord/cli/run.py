"""``kozel-discord run``: the bot, with one clear line for each failure a newcomer meets.

Exit codes (docs/self-hosting.md, "Exit codes"):

* 0 -- the bot stopped normally (Ctrl+C, SIGTERM);
* 2 -- the settings are wrong (an invalid value, or DISCORD_TOKEN not set);
* 3 -- Discord refused the token;
* 4 -- the database was not reachable (at start-up after ``KOZEL_DB_CONNECT_ATTEMPTS``
  tries with growing waits, or later while starting);
* 5 -- Discord was not reachable (network, DNS, or Discord's own outage);
* 6 -- a newer version of the bot migrated the database (this one does not know its
  revision): update the bot.

Any other failure is a bug: Python's traceback and exit code 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import Iterator
from types import TracebackType
from typing import Literal

from ..logs import configure_logging
from ..settings import Settings, describe_settings_error, get_settings
from .database import database_fix, describe_database_error, unknown_revision, wait_for_database

EXIT_OK = 0
EXIT_SETTINGS = 2
EXIT_TOKEN_REFUSED = 3
EXIT_DATABASE = 4
EXIT_DISCORD = 5
EXIT_DATABASE_NEWER = 6

_DATABASE_MODULES = ("sqlalchemy", "asyncpg", "aiosqlite", "sqlite3", "alembic")
_DISCORD_MODULES = ("discord", "aiohttp")


def _modules(tb: TracebackType | None) -> list[str]:
    names = []
    while tb is not None:
        names.append(str(tb.tb_frame.f_globals.get("__name__", "")))
        tb = tb.tb_next
    return names


def failure_kind(exc: BaseException) -> Literal["database", "discord"] | None:
    """Whether ``exc`` (escaped from the bot) is the database or Discord not answering, by
    the exception and where it was raised; None for anything else (a bug)."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    modules = [m for e in chain for m in _modules(e.__traceback__)]
    names = {type(e).__name__ for e in chain}
    db_code = any(
        m.startswith(_DATABASE_MODULES) or m.startswith("kozel_discord.store") for m in modules
    )
    if "StoreUnavailable" in names or (
        db_code and any(isinstance(e, (OSError, TimeoutError)) or _is_sqlalchemy(e) for e in chain)
    ):
        return "database"
    import aiohttp
    import discord

    network = (OSError, TimeoutError, aiohttp.ClientError, discord.GatewayNotFound)
    unreachable = any(isinstance(e, (*network, discord.DiscordServerError)) for e in chain)
    if unreachable and any(m.startswith(_DISCORD_MODULES) for m in modules):
        return "discord"
    return None


def _is_sqlalchemy(exc: BaseException) -> bool:
    from ..store.diagnostics import is_database_error

    return is_database_error(exc)


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _say(line: str) -> None:
    print(f"kozel-discord: {line}", file=sys.stderr, flush=True)


def run_bot(settings: Settings) -> int:
    """Wait for the database, then run the bot until it stops; the exit code."""
    from ..bot import run

    if settings.discord_token is not None and settings.discord_token.get_secret_value():
        try:
            with _sigterm_interrupts():  # (the bot's own handler comes with its loop)
                code = asyncio.run(_before_start(settings))
        except KeyboardInterrupt:  # Ctrl+C, docker stop or SIGTERM while waiting
            _say("stopped before the bot started")
            return EXIT_OK
        if code is not None:
            return code
    try:
        return run(settings)
    except Exception as exc:
        kind = failure_kind(exc)
        if kind == "database":
            return _database_stopped(exc, settings.database_url)
        if kind == "discord":
            _say(
                f"Discord is not reachable ({_reason(exc)}): check this machine's internet "
                "connection and DNS, or https://discordstatus.com; the bot exits with code 5 "
                "so that Docker or systemd starts it again"
            )
            return EXIT_DISCORD
        raise


def _database_stopped(exc: BaseException, url: str) -> int:
    _say(
        f"the database stopped answering while the bot started "
        f"({describe_database_error(exc, url)}): {database_fix(exc, url)}"
    )
    return EXIT_DATABASE


async def _before_start(settings: Settings) -> int | None:
    """Wait for the database and check that this version knows it; the exit code when the
    bot cannot start (None: go on)."""
    url = settings.database_url
    if not await wait_for_database(url, settings.db_connect_attempts, say=_say):
        return EXIT_DATABASE
    try:
        newer = await unknown_revision(url)
    except Exception as exc:  # it stopped answering since the wait
        if not isinstance(exc, (OSError, TimeoutError)) and not _is_sqlalchemy(exc):
            raise
        return _database_stopped(exc, url)
    if newer is not None:  # upgrading would fail with a traceback, restarted for ever
        _say(
            f"the database is at revision {newer}, which this version of the bot does not "
            "know: a newer version migrated it. Update the bot (git pull, or the newer "
            "image); the bot exits with code 6, which a restart cannot fix"
        )
        return EXIT_DATABASE_NEWER
    return None


@contextlib.contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM stops the start-up as Ctrl+C does (it killed the process with 143)."""

    def interrupt(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_command() -> int:
    """``kozel-discord run``: read the settings, set up logging, run the bot."""
    try:
        settings = get_settings()
    except (ValueError, OSError) as exc:
        _say(
            f"bad settings: {describe_settings_error(exc)} "
            "(.env.example describes every setting; `kozel-discord doctor` checks them)"
        )
        return EXIT_SETTINGS
    configure_logging(settings.log_level)
    return run_bot(settings)


__all__ = [
    "EXIT_DATABASE",
    "EXIT_DATABASE_NEWER",
    "EXIT_DISCORD",
    "EXIT_OK",
    "EXIT_SETTINGS",
    "EXIT_TOKEN_REFUSED",
    "failure_kind",
    "run_bot",
    "run_command",
]
