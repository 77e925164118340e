"""Column types of the league database that every backend stores alike: UTC timestamps,
series statuses, surrogate keys, JSON documents and counters."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Dialect, Integer, String, TypeDecorator, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from kozel_discord.store.records import SeriesStatus

# Surrogate keys: BIGINT on PostgreSQL, INTEGER (the rowid alias) on SQLite.
BigId = BigInteger().with_variant(Integer(), "sqlite")
# JSON documents: JSONB on PostgreSQL, JSON (text) elsewhere.
JSONDoc = JSON().with_variant(JSONB(), "postgresql")


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A timezone-aware UTC timestamp on every backend.

    Values are converted to UTC before they are stored; naive values are taken to be UTC.
    SQLite keeps no time zone, so values read back from it get UTC attached.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.UTC)
        value = value.astimezone(dt.UTC)
        if dialect.name == "sqlite":
            return value.replace(tzinfo=None)
        return value

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        assert isinstance(value, dt.datetime)
        if value.tzinfo is None:
            return value.replace(tzinfo=dt.UTC)
        return value.astimezone(dt.UTC)


class SeriesStatusType(TypeDecorator[SeriesStatus]):
    """A series status: a short string in the database, a :class:`SeriesStatus` in Python."""

    impl = String(16)
    cache_ok = True

    def process_bind_param(self, value: SeriesStatus | str | None, dialect: Dialect) -> Any:
        return None if value is None else SeriesStatus(value).value

    def process_result_value(self, value: Any, dialect: Dialect) -> SeriesStatus | None:
        return None if value is None else SeriesStatus(value)


def counter() -> Mapped[int]:
    """A non-negative integer counter, 0 by default (also for bulk inserts)."""
    return mapped_column(Integer, nullable=False, default=0, server_default=text("0"))
