"""The writing operations of the store, on one session and one transaction
(:class:`UnitOfWork`). :class:`~kozel_discord.store.league.LeagueStore` hands them out and
commits them; the module docstring there says how transactions and retries work."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker

from kozel_discord.store import live, rate_budget, series
from kozel_discord.store.rate_budget import RateLease
from kozel_discord.store.records import GameResult, GuildSettings, SeriesEnd, SeriesStart


class UnitOfWork:
    """The writing operations of the store on one session and one transaction.

    Get one from :meth:`LeagueStore.run` or :meth:`LeagueStore.unit_of_work`; everything
    done through it commits together when the unit ends (or rolls back on an exception).
    Do not keep it beyond the unit or share it between tasks.
    """

    def __init__(
        self,
        connection: AsyncConnection | AsyncSession,
        now: Callable[[], dt.datetime],
        sessionmaker: async_sessionmaker[AsyncSession] | None = None,
    ) -> None:
        # The hot path (a move: one live-table row) runs on the connection itself; the
        # league writes get a session joined to the same transaction when first needed.
        self._conn = connection
        self._now = now
        self._sessionmaker = sessionmaker
        self._joined: AsyncSession | None = (
            connection if isinstance(connection, AsyncSession) else None
        )

    @property
    def _session(self) -> AsyncSession:
        if self._joined is None:
            assert self._sessionmaker is not None and isinstance(self._conn, AsyncConnection)
            self._joined = self._sessionmaker(bind=self._conn)
        return self._joined

    async def _close(self) -> None:
        """End the joined session (the transaction itself is the connection's)."""
        if self._joined is not None and self._joined is not self._conn:
            await self._joined.close()

    async def set_rank_computer_series(self, guild_id: int, value: bool) -> GuildSettings:
        """Whether series with a computer seat count for the humans in them (default off).
        Applies to series started afterwards."""
        return await series.set_rank_computer_series(self._session, guild_id, value)

    async def set_table_threads(self, guild_id: int, value: bool) -> GuildSettings:
        """Whether a table's game goes into a thread of its channel (default on, where the
        bot may create threads)."""
        return await series.set_table_threads(self._session, guild_id, value)

    async def set_guild_settings(self, guild_id: int, values: dict[str, Any]) -> GuildSettings:
        """Change house rules (``series_length``, ``turn_timer``, ``hints_allowed``,
        ``table_locale``; None: back to the default). They apply to lobbies opened
        afterwards. Raises ValueError for a bad name or value (nothing changes)."""
        return await series.set_guild_settings(self._session, guild_id, values)

    async def start_series(self, start: SeriesStart) -> bool:
        """Create the series (a no-op when ``series_key`` exists in the guild) and upsert
        its human players with their display names. Returns whether the series is ranked."""
        return await series.start_series(self._session, start)

    async def record_game(self, game: GameResult) -> bool:
        """Store a finished game and update the series' counters and, when the series is
        ranked, the players' counters and ratings. Returns False (and changes nothing)
        when game ``number`` of the series is already recorded.

        Raises :class:`UnknownSeriesError` and :class:`SeriesClosedError` (a new game for a
        finished or abandoned series).
        """
        return await series.record_game(self._session, game)

    async def finish_series(self, end: SeriesEnd) -> bool:
        """Close the series with its final result. For a ranked series, count series
        played/won/lost, goats, goats with eggs and partnerships for its humans. Returns
        False (and changes nothing) when the series was already finished or abandoned.

        Raises :class:`UnknownSeriesError`.
        """
        return await series.finish_series(self._session, end)

    async def abandon_series(self, guild_id: int, series_key: str, ended_at: dt.datetime) -> bool:
        """Mark an active series abandoned (its recorded games keep counting). Returns
        whether it changed anything (False for unknown or already closed series)."""
        return await series.abandon_series(self._session, guild_id, series_key, ended_at)

    async def save_table(
        self,
        guild_id: int,
        channel_id: int,
        version: int,
        state: dict[str, Any],
        messages: dict[str, Any],
        settings: dict[str, Any],
        deadline: dt.datetime | None,
    ) -> None:
        """Save the snapshot of the table in ``channel_id`` as ``version``.

        Version 1 creates the row and needs that there is none; version ``v > 1`` needs the
        stored version ``v - 1``. Otherwise raises :class:`StaleTableError` (someone else
        saved in between, or the table was deleted).
        """
        await live.save_table(
            self._conn,
            guild_id=guild_id,
            channel_id=channel_id,
            version=version,
            state=state,
            messages=messages,
            settings=settings,
            deadline=deadline,
            now=self._now(),
        )

    async def delete_table(self, channel_id: int, *, version: int | None = None) -> bool:
        """Delete the snapshot of ``channel_id``; returns whether there was one. With
        ``version``, delete only that version, else raise :class:`StaleTableError`."""
        return await live.delete_table(self._conn, channel_id, version)

    async def lock_rate_leases(self, budget: str, forget_before: float) -> list[RateLease]:
        """Lock the request budget ``budget`` for this unit of work and return its leases
        (those expired before ``forget_before`` are deleted)."""
        return await rate_budget.lock_leases(self._session, budget, forget_before)

    async def save_rate_lease(self, budget: str, lease: RateLease) -> None:
        """Write a process's lease of ``budget`` (after :meth:`lock_rate_leases`)."""
        await rate_budget.save_lease(self._session, budget, lease)
