"""The store's errors. The service catches these, never SQLAlchemy's or a driver's.

* :class:`StoreUnavailable`: the database could not do the work (connection refused or
  lost, timeouts, locks held too long, any SQLAlchemy or driver error). Nothing of the
  failed unit of work was committed; the caller may try again later.
* The others are answers about the data: :class:`UnknownSeriesError`,
  :class:`SeriesClosedError`, :class:`StaleTableError`.
"""

from __future__ import annotations


class StoreError(Exception):
    """Base class of the store's own errors."""


class StoreUnavailable(StoreError):
    """The database failed (unreachable, connection lost, timeout, driver error). Raised
    from the original error (``__cause__``); the unit of work was rolled back."""


class UnknownSeriesError(StoreError, LookupError):
    def __init__(self, guild_id: int, series_key: str) -> None:
        super().__init__(f"no series {series_key!r} in guild {guild_id}")
        self.guild_id = guild_id
        self.series_key = series_key


class SeriesClosedError(StoreError):
    """A new game was recorded for a series that is already finished or abandoned."""

    def __init__(self, guild_id: int, series_key: str, status: str) -> None:
        super().__init__(f"series {series_key!r} in guild {guild_id} is {status}")
        self.guild_id = guild_id
        self.series_key = series_key
        self.status = status


class StaleTableError(StoreError):
    """Optimistic concurrency: the stored version of a live table is not the expected one.

    ``expected_version`` is the version that had to be stored (None: no table may exist,
    when saving version 1); ``stored_version`` what was found (None: no table).
    """

    def __init__(
        self, channel_id: int, expected_version: int | None, stored_version: int | None
    ) -> None:
        expected = "no table" if expected_version is None else f"version {expected_version}"
        found = "no table" if stored_version is None else f"version {stored_version}"
        super().__init__(f"live table of channel {channel_id}: expected {expected}, found {found}")
        self.channel_id = channel_id
        self.expected_version = expected_version
        self.stored_version = stored_version


__all__ = [
    "SeriesClosedError",
    "StaleTableError",
    "StoreError",
    "StoreUnavailable",
    "UnknownSeriesError",
]
