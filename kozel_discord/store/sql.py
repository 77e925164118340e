"""Small SQL helpers shared by the store's modules (not part of the store's API)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from kozel_discord.store.errors import StoreError, StoreUnavailable

_IN_CHUNK = 5_000  # ids per IN (...) list


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def insert_for(executor: AsyncSession | AsyncConnection, table: Any) -> Any:
    """A dialect-specific INSERT (for ``ON CONFLICT``): PostgreSQL or SQLite."""
    name = (
        executor.dialect.name
        if isinstance(executor, AsyncConnection)
        else executor.get_bind().dialect.name
    )
    if name == "postgresql":
        return postgresql.insert(table)
    if name == "sqlite":
        return sqlite.insert(table)
    raise StoreError(f"unsupported database dialect {name!r}")


def chunks(values: Sequence[int], size: int = _IN_CHUNK) -> Iterable[list[int]]:
    for i in range(0, len(values), size):
        yield list(values[i : i + size])


#: What a database failure looks like from here: any SQLAlchemy error (which wraps the
#: driver's), and the OS-level errors drivers raise unwrapped while connecting (refused,
#: reset, timed out; ``TimeoutError`` is an ``OSError``).
FAILURES: tuple[type[BaseException], ...] = (SQLAlchemyError, OSError)


@contextmanager
def unavailable_on_failure() -> Iterator[None]:
    """Turn a database failure into :class:`StoreUnavailable` (from the original)."""
    try:
        yield
    except FAILURES as exc:
        raise StoreUnavailable(f"the database failed: {describe_failure(exc)}") from exc


def describe_failure(exc: BaseException) -> str:
    """The error without the SQL statement and its parameters (a live table's state holds
    the hands, which must never reach a log)."""
    if isinstance(exc, DBAPIError):
        return f"{type(exc).__name__}: {exc.orig}"
    return f"{type(exc).__name__}: {exc}"


__all__ = [
    "FAILURES",
    "chunks",
    "describe_failure",
    "insert_for",
    "unavailable_on_failure",
    "utcnow",
]
