"""Diagnostics of a database URL for the operator commands: where it points, whether it
answers and at which migration, and what an error means in plain words (passwords
scrubbed). SQLAlchemy and Alembic are imported inside the functions (the command line
stays quick to start)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ..settings import mask_database_url


def describe_location(url: str) -> str:
    """The database, for people: an SQLite file's absolute path, else the masked URL."""
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return mask_database_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database in (None, "", ":memory:"):
            return "an in-memory SQLite database"
        if database.startswith("file:"):
            return f"the SQLite database {database}"
        return f"the SQLite file {Path(database).resolve()}"
    return mask_database_url(url)


def scrub(message: str, url: str) -> str:
    """``message`` without the database URL's password."""
    from sqlalchemy.engine import make_url

    try:
        password = make_url(url).password
    except Exception:
        password = None
        message = message.replace(url, mask_database_url(url))
    if password:
        message = message.replace(str(password), "***")
    return message


def root_cause(exc: BaseException) -> BaseException:
    # SQLAlchemy wraps the driver's error (DBAPIError.orig), which may wrap asyncpg's.
    orig = getattr(exc, "orig", None)
    if isinstance(orig, BaseException):
        exc = orig
    cause = exc.__cause__
    return cause if cause is not None else exc


def describe_error(exc: BaseException, url: str) -> str:
    cause = root_cause(exc)
    text = str(cause).strip().splitlines()
    first = text[0] if text else ""
    if isinstance(cause, TimeoutError) and not first:
        first = "no answer"
    return scrub(f"{type(cause).__name__}: {first}" if first else type(cause).__name__, url)


def database_fix(exc: BaseException, url: str) -> str:
    cause = root_cause(exc)
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


def script_heads() -> tuple[str, ...]:
    from alembic.script import ScriptDirectory

    from .db import alembic_config

    return tuple(ScriptDirectory.from_config(alembic_config()).get_heads())


def known_revision(revision: str) -> bool:
    from alembic.script import ScriptDirectory

    from .db import alembic_config

    try:
        return ScriptDirectory.from_config(alembic_config()).get_revision(revision) is not None
    except Exception:
        return False


async def probe(url: str, timeout: float) -> str | None:
    """Connect to the database (within ``timeout`` seconds) and return its revision."""
    from sqlalchemy import text
    from sqlalchemy.pool import NullPool

    from .db import create_engine, current_revision

    engine = create_engine(url, poolclass=NullPool)
    try:
        async with asyncio.timeout(timeout):
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
            return await current_revision(engine)
    finally:
        await engine.dispose()


def sqlite_missing(url: str) -> Path | None:
    """The absolute path of the SQLite file ``url`` names when that file does not exist
    (connecting would create an empty one)."""
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return None
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    if database.startswith("file:"):
        return None
    path = Path(database).resolve()
    return None if path.exists() else path


def in_memory_sqlite(url: str) -> bool:
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return False
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


async def revision_at(url: str) -> str | None:
    """The migration the database at ``url`` is at (None: no schema yet)."""
    from sqlalchemy.pool import NullPool

    from .db import create_engine, current_revision

    engine = create_engine(url, poolclass=NullPool)
    try:
        return await current_revision(engine)
    finally:
        await engine.dispose()
