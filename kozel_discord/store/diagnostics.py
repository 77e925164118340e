"""The database as the command line examines it (``doctor``, ``migrate``, ``run``'s wait):
URL parts, the migrations' heads, a probe with a timeout, the revision, and whether an
exception came from SQLAlchemy. The CLI calls these so that only the store imports
SQLAlchemy and Alembic."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from .db import alembic_config, create_engine, current_revision, upgrade_database


@dataclass(frozen=True)
class UrlParts:
    """What the CLI needs to know of a database URL."""

    backend: str
    database: str | None
    password: str | None


def url_parts(url: str) -> UrlParts:
    """The backend name, database (an SQLite file's path) and password of ``url``;
    raises ``ValueError`` (SQLAlchemy's ``ArgumentError``) when it is not a URL."""
    parsed = make_url(url)
    password = parsed.password
    return UrlParts(
        parsed.get_backend_name(), parsed.database, None if password is None else str(password)
    )


def script_heads() -> tuple[str, ...]:
    """The head revisions of the shipped migrations."""
    return tuple(ScriptDirectory.from_config(alembic_config()).get_heads())


def known_revision(revision: str) -> bool:
    """Whether the shipped migrations know ``revision``."""
    try:
        return ScriptDirectory.from_config(alembic_config()).get_revision(revision) is not None
    except Exception:
        return False


async def database_revision(url: str) -> str | None:
    """The database's Alembic revision (None before the first migration)."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        return await current_revision(engine)
    finally:
        await engine.dispose()


async def probe(url: str, timeout: float) -> str | None:
    """Connect to the database (within ``timeout`` seconds) and return its revision."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        async with asyncio.timeout(timeout):
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
            return await current_revision(engine)
    finally:
        await engine.dispose()


async def upgrade(url: str) -> None:
    """Alembic ``upgrade head``."""
    await upgrade_database(url)


def is_database_error(exc: BaseException) -> bool:
    """Whether ``exc`` is one of SQLAlchemy's errors."""
    return isinstance(exc, SQLAlchemyError)


__all__ = [
    "UrlParts",
    "database_revision",
    "is_database_error",
    "known_revision",
    "probe",
    "script_heads",
    "upgrade",
    "url_parts",
]
