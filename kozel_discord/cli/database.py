"""The database, for the people who run the bot: where it is, whether it answers, its
schema revision; ``kozel-discord migrate``; and the wait for it at start-up.

Heavy imports (SQLAlchemy, Alembic) happen inside the functions, so that importing this
module for the command line stays cheap. Messages never show the database password.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..settings import Settings, describe_settings_error, get_settings, mask_database_url
from .output import Check, arrow, marks

if TYPE_CHECKING:
    from ..store.diagnostics import UrlParts

log = logging.getLogger(__name__)

#: Seconds ``doctor`` (and each start-up attempt of ``run``) waits for the database.
DEFAULT_TIMEOUT = 5.0


def _parts(url: str) -> UrlParts:
    from ..store.diagnostics import url_parts

    return url_parts(url)


def _where(url: str) -> str:
    """The database, for people: an SQLite file's absolute path, else the masked URL."""
    try:
        parsed = _parts(url)
    except Exception:
        return mask_database_url(url)
    if parsed.backend == "sqlite":
        database = parsed.database
        if database in (None, "", ":memory:"):
            return "an in-memory SQLite database"
        if database.startswith("file:"):
            return f"the SQLite database {database}"
        return f"the SQLite file {Path(database).resolve()}"
    return mask_database_url(url)


# ------------------------------------------------------------------------------ database
def _scrub(message: str, url: str) -> str:
    """``message`` without the database URL's password."""
    try:
        password = _parts(url).password
    except Exception:
        password = None
        message = message.replace(url, mask_database_url(url))
    if password:
        message = message.replace(str(password), "***")
    return message


def _root_cause(exc: BaseException) -> BaseException:
    # SQLAlchemy wraps the driver's error (DBAPIError.orig), which may wrap asyncpg's.
    orig = getattr(exc, "orig", None)
    if isinstance(orig, BaseException):
        exc = orig
    cause = exc.__cause__
    return cause if cause is not None else exc


def describe_database_error(exc: BaseException, url: str) -> str:
    cause = _root_cause(exc)
    text = str(cause).strip().splitlines()
    first = text[0] if text else ""
    if isinstance(cause, TimeoutError) and not first:
        first = "no answer"
    return _scrub(f"{type(cause).__name__}: {first}" if first else type(cause).__name__, url)


def database_fix(exc: BaseException, url: str) -> str:
    cause = _root_cause(exc)
    name = type(cause).__name__
    text = str(cause).lower()
    if "sqlite" in url.split("://", 1)[0]:
        return (
            "check the file path in KOZEL_DATABASE_URL, and that the file is an SQLite "
            "database the bot's user may read and write"
        )
    if name == "InvalidPasswordError" or "password authentication failed" in text:
        return (
            "check the user and password (Docker Compose: POSTGRES_PASSWORD in .env must be "
            "the one the database volume was first created with)"
        )
    if name == "InvalidCatalogNameError" or ("database" in text and "does not exist" in text):
        return "create the database (createdb NAME) or fix its name in KOZEL_DATABASE_URL"
    if "name or service not known" in text or "nodename nor servname" in text:
        return "the host name in KOZEL_DATABASE_URL is unknown: check it"
    if isinstance(cause, (OSError, TimeoutError)):
        return (
            "is the database server running, and are host and port in KOZEL_DATABASE_URL "
            "right? (Docker Compose: docker compose ps db)"
        )
    if name in ("ArgumentError", "NoSuchModuleError"):
        return "KOZEL_DATABASE_URL is not a database URL: see .env.example"
    return "check KOZEL_DATABASE_URL and the database server's log"


def _script_heads() -> tuple[str, ...]:
    from ..store.diagnostics import script_heads

    return script_heads()


def _known_revision(revision: str) -> bool:
    from ..store.diagnostics import known_revision

    return known_revision(revision)


async def _probe(url: str, timeout: float) -> str | None:
    """Connect to the database (within ``timeout`` seconds) and return its revision."""
    from ..store.diagnostics import probe

    return await probe(url, timeout)


def _sqlite_missing(url: str) -> Path | None:
    """The absolute path of the SQLite file ``url`` names when that file does not exist
    (connecting would create an empty one)."""
    try:
        parsed = _parts(url)
    except Exception:
        return None
    database = parsed.database
    if parsed.backend != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:"):
        return None
    path = Path(database).resolve()
    return None if path.exists() else path


def _in_memory_sqlite(url: str) -> bool:
    try:
        parsed = _parts(url)
    except Exception:
        return False
    return parsed.backend == "sqlite" and parsed.database in (None, "", ":memory:")


def check_database(url: str, timeout: float = DEFAULT_TIMEOUT) -> list[Check]:
    """The "database" and "migrations" lines of ``doctor``."""
    where = _where(url)
    if _in_memory_sqlite(url):
        return [
            Check("database", "ok", f"{where} (nothing is kept when the bot stops)"),
            Check("migrations", "skip", "applied by the bot at every start"),
        ]
    missing = _sqlite_missing(url)
    if missing is not None:
        # A fresh set-up: the bot creates the file at its first start. Only a folder that
        # does not exist or cannot be written is a problem.
        folder = missing.parent
        if not folder.is_dir():
            return [
                Check(
                    "database",
                    "fail",
                    f"the folder {folder} of the SQLite file does not exist",
                    "create it, or point KOZEL_DATABASE_URL at a file in an existing folder",
                ),
                Check("migrations", "skip", "not checked (no database)"),
            ]
        if not os.access(folder, os.W_OK | os.X_OK):
            return [
                Check(
                    "database",
                    "fail",
                    f"the SQLite file {missing} cannot be created: {folder} is not writable",
                    "run the bot as a user who may write there, or choose another folder "
                    "in KOZEL_DATABASE_URL",
                ),
                Check("migrations", "skip", "not checked (no database)"),
            ]
        return [
            Check(
                "database",
                "ok",
                f"the SQLite file {missing} does not exist yet: the bot creates it at its "
                "first start (or run `kozel-discord migrate`)",
            ),
            Check("migrations", "skip", "applied when the file is created"),
        ]
    try:
        revision = asyncio.run(_probe(url, timeout))
    except TimeoutError as exc:
        return [
            Check(
                "database",
                "fail",
                f"{where}: no answer within {timeout:g} s",
                database_fix(exc, url),
            ),
            Check("migrations", "skip", "not checked (database not reachable)"),
        ]
    except Exception as exc:
        return [
            Check(
                "database",
                "fail",
                f"{where}: cannot connect: {describe_database_error(exc, url)}",
                database_fix(exc, url),
            ),
            Check("migrations", "skip", "not checked (database not reachable)"),
        ]
    heads = _script_heads()
    head = ", ".join(heads)
    checks = [Check("database", "ok", f"{where} is reachable")]
    migrate_fix = "run `kozel-discord migrate` (Docker Compose: docker compose run --rm migrate)"
    if revision in heads:
        checks.append(Check("migrations", "ok", f"at revision {revision}, the latest"))
    elif revision is None:
        checks.append(
            Check(
                "migrations",
                "fail",
                f"the database has no schema yet (the latest revision is {head})",
                migrate_fix,
            )
        )
    elif _known_revision(revision):
        checks.append(
            Check(
                "migrations",
                "fail",
                f"at revision {revision}, but this version of the bot needs {head}",
                migrate_fix,
            )
        )
    else:
        checks.append(
            Check(
                "migrations",
                "fail",
                f"at revision {revision}, which this version of the bot does not know "
                f"(it knows up to {head})",
                "a newer version of the bot migrated this database: update the bot",
            )
        )
    return checks


# ------------------------------------------------------------------------------ start-up
def backoff_delays(attempts: int, first: float = 1.0, most: float = 30.0) -> list[float]:
    """The waits between ``attempts`` tries: 1, 2, 4 ... seconds, each at most ``most``."""
    return [min(most, first * 2**i) for i in range(max(0, attempts - 1))]


async def wait_for_database(
    url: str,
    attempts: int,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    say: Callable[[str], None] = print,
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
) -> bool:
    """Try to reach the database up to ``attempts`` times with growing waits in between,
    saying one line per failed try. True once it answers, False when every try failed.
    An SQLite file that does not exist yet counts as reachable (the bot creates it)."""
    if _sqlite_missing(url) is not None or _in_memory_sqlite(url):
        return True
    delays = backoff_delays(attempts)
    for attempt in range(1, attempts + 1):
        try:
            await _probe(url, timeout)
        except Exception as exc:
            if isinstance(exc, TimeoutError):
                reason = f"no answer within {timeout:g} s"
            else:
                reason = describe_database_error(exc, url)
            if attempt == attempts:
                say(
                    f"database {_where(url)} not reachable ({reason}); gave up after "
                    f"{attempts} attempt(s): {database_fix(exc, url)}"
                )
                return False
            delay = delays[attempt - 1]
            say(
                f"database {_where(url)} not reachable ({reason}); attempt {attempt} of "
                f"{attempts}, next in {delay:g} s"
            )
            await sleep(delay)
        else:
            return True
    return False


# ------------------------------------------------------------------------------ migrate
class UnknownRevisionError(Exception):
    """The database is at a revision this version of the bot does not know."""

    def __init__(self, revision: str) -> None:
        super().__init__(
            f"the database is at revision {revision}, which this version does not know"
        )
        self.revision = revision


async def unknown_revision(url: str) -> str | None:
    """The database's revision when a newer version of the bot migrated it (this version
    does not know it); None otherwise (also for a database not made yet)."""
    from ..store.diagnostics import database_revision

    if _sqlite_missing(url) is not None:
        return None
    revision = await database_revision(url)
    return revision if revision is not None and not _known_revision(revision) else None


async def _migrate(url: str) -> tuple[str | None, str | None]:
    from ..store.diagnostics import database_revision, upgrade

    before = None if _sqlite_missing(url) is not None else await database_revision(url)
    if before is not None and not _known_revision(before):
        raise UnknownRevisionError(before)
    await upgrade(url)
    return before, await database_revision(url)


def migrate(settings: Settings | None = None, *, out: TextIO | None = None) -> int:
    """``alembic upgrade head`` on the configured database; prints the revision.

    Exit code 0 on success, 1 when the migration failed, 2 when the settings do not parse."""
    stream = out if out is not None else sys.stdout
    marks_, arrow_ = marks(stream), arrow(stream)
    if settings is None:
        try:
            settings = get_settings()
        except (ValueError, OSError) as exc:
            print(f"{marks_['fail']} bad settings: {describe_settings_error(exc)}", file=stream)
            print(f"  {arrow_} run `kozel-discord doctor` for details", file=stream)
            return 2
    url = settings.database_url
    where = _where(url)
    print(f"Migrating {where} ...", file=stream)
    try:
        before, after = asyncio.run(_migrate(url))
    except UnknownRevisionError as exc:
        print(f"{marks_['fail']} migration failed: {exc}", file=stream)
        print(
            f"  {arrow_} a newer version of the bot migrated this database: update the bot",
            file=stream,
        )
        return 1
    except Exception as exc:
        log.debug("migration failed", exc_info=True)
        print(
            f"{marks_['fail']} migration failed: {describe_database_error(exc, url)}", file=stream
        )
        print(f"  {arrow_} {database_fix(exc, url)}", file=stream)
        return 1
    if before == after:
        print(f"{marks_['ok']} already at revision {after}, the latest", file=stream)
    else:
        print(
            f"{marks_['ok']} migrated from revision {before or '(empty)'} to {after}, the latest",
            file=stream,
        )
    return 0


__all__ = [
    "DEFAULT_TIMEOUT",
    "UnknownRevisionError",
    "backoff_delays",
    "check_database",
    "database_fix",
    "describe_database_error",
    "migrate",
    "wait_for_database",
]
