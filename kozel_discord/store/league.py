"""The league store: transactions (:class:`UnitOfWork`) and reads (:class:`LeagueStore`).

Independent of Discord and of the rules engine: the service layer calls it with the plain
dataclasses of :mod:`kozel_discord.store.records`. Everything is per server: every method
takes the ``guild_id`` (or a channel, which belongs to one server).

Ranked or unranked (decided once, when the series starts, and stored with it):

* a series is ranked when every human sits in one seat only, there is at least one human,
  and it has no computer seat -- or the guild setting ``rank_computer_series`` is on;
* only ranked series move the league: ratings after every game; player counters (games,
  eggs, defeat points after every game; series, goats, goats with eggs, partners when the
  series finishes). Unranked series are still stored, with their games and records, and
  listed in recent series.
* Computer seats of a ranked series are rated pseudo-players per (guild, level); see
  :mod:`kozel_discord.store.rating`.

Transactions and concurrency:

* Every write goes through a :class:`UnitOfWork`: ``await store.run(work)`` runs
  ``work(uow)`` in one transaction, retried on transient errors (SQLite "database is
  locked", PostgreSQL deadlock / serialization failure); ``async with store.unit_of_work()
  as uow`` is one transaction without retries. Everything done through ``uow`` commits
  together (a game's result together with the table snapshot that follows it).
* Reads (:class:`LeagueStore`'s other methods) each use their own session.
* On SQLite, writing transactions start with ``BEGIN IMMEDIATE`` and writers of one engine
  queue on an asyncio lock. Row locking and idempotence: :mod:`kozel_discord.store.series`
  and :mod:`kozel_discord.store.ranked`.
* Any database failure comes out as :class:`~kozel_discord.store.errors.StoreUnavailable`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from contextvars import ContextVar
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from kozel_discord.engine import SERIES_TARGET
from kozel_discord.store import games, history, live, queries, rate_budget, series
from kozel_discord.store.db import WRITE, is_lost_connection, is_transient_error
from kozel_discord.store.errors import StoreError, StoreUnavailable
from kozel_discord.store.games import GameListing, StoredGame
from kozel_discord.store.rate_budget import RateLease
from kozel_discord.store.records import (
    GameResult,
    GuildSettings,
    LiveTable,
    PlayerProfile,
    RatingChange,
    SeriesEnd,
    SeriesStart,
    SeriesSummary,
    StandingsPage,
)
from kozel_discord.store.sql import (
    FAILURES,
    describe_failure,
    unavailable_on_failure,
    utcnow,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

# SQLite has one writer at a time: writers of one engine queue on an asyncio lock instead of
# spinning in SQLite's busy handler (the busy timeout still covers other processes).
_sqlite_write_locks: WeakKeyDictionary[Engine, asyncio.Lock] = WeakKeyDictionary()
# Set while a task is inside a unit of work: a second, nested one would wait for the first.
_inside_unit_of_work: ContextVar[bool] = ContextVar("kozel_inside_unit_of_work", default=False)


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


class LeagueStore:
    """The league store. Construct it with the application's one ``async_sessionmaker``;
    every call uses its own session, so a store can be shared by all tasks.

    ``max_attempts``: how often :meth:`run` tries a unit of work on transient errors.
    ``now``: the clock for ``updated_at`` of live tables (tests may inject one).
    """

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        *,
        max_attempts: int = 8,
        now: Callable[[], dt.datetime] = utcnow,
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        self._sessionmaker = sessionmaker
        self._max_attempts = max_attempts
        self._engine: AsyncEngine | None = None
        self._now = now
        bind = sessionmaker.kw.get("bind")
        if isinstance(bind, AsyncEngine):
            self._engine = bind
        self._sqlite_engine: Engine | None = (
            bind.sync_engine
            if isinstance(bind, AsyncEngine) and bind.dialect.name == "sqlite"
            else None
        )

    def _write_lock(self) -> AbstractAsyncContextManager[Any]:
        if self._sqlite_engine is None:
            return nullcontext()
        lock = _sqlite_write_locks.get(self._sqlite_engine)
        if lock is None:
            lock = _sqlite_write_locks[self._sqlite_engine] = asyncio.Lock()
        return lock

    # ---------------------------------------------------------------- transactions
    @asynccontextmanager
    async def _transaction(self, one_statement: bool = False) -> AsyncIterator[UnitOfWork]:
        if _inside_unit_of_work.get():
            raise StoreError(
                "nested unit of work: inside a unit of work, call the methods of `uow`, "
                "do not start another one"
            )
        token = _inside_unit_of_work.set(True)
        try:
            if self._engine is None:  # a sessionmaker without an engine: the ORM way
                async with self._write_lock(), self._sessionmaker() as session, session.begin():
                    await session.connection(execution_options={WRITE: True})
                    yield UnitOfWork(session, self._now)
                return
            # A plain connection: a move's write (one row) costs half the CPU of a session's
            # (benchmarks/persistence.py); a session joins it only for the league writes.
            async with self._write_lock(), self._engine.connect() as conn:
                if one_statement and self._sqlite_engine is None:
                    # One statement is atomic on its own: no BEGIN and COMMIT round trips.
                    await conn.execution_options(isolation_level="AUTOCOMMIT")
                    yield UnitOfWork(conn, self._now, None)
                    return
                await conn.execution_options(**{WRITE: True})
                async with conn.begin():
                    uow = UnitOfWork(conn, self._now, self._sessionmaker)
                    try:
                        yield uow
                    finally:
                        await uow._close()
        finally:
            _inside_unit_of_work.reset(token)

    @asynccontextmanager
    async def unit_of_work(self) -> AsyncIterator[UnitOfWork]:
        """One writing transaction: ``async with store.unit_of_work() as uow: ...``.

        Commits when the block ends, rolls back on an exception. Not retried
        automatically (use :meth:`run` for that). On SQLite the write lock is taken when the
        block starts, so keep the block short and free of network calls. A nested unit of
        work raises :class:`StoreError` instead of waiting for the outer one forever; a
        database failure raises :class:`StoreUnavailable`.
        """
        with unavailable_on_failure():
            async with self._transaction() as uow:
                yield uow

    async def run(
        self, work: Callable[[UnitOfWork], Awaitable[T]], *, one_statement: bool = False
    ) -> T:
        """Run ``work(uow)`` in a unit of work and commit, retrying the whole unit on
        transient errors (lock timeouts, deadlocks, serialization failures). ``work`` may
        therefore run more than once; it must not have effects outside the database.
        Raises :class:`StoreUnavailable` when the database fails (for good).

        ``one_statement``: ``work`` writes with a single statement (a move's snapshot), which
        PostgreSQL then runs without a transaction block: one round trip instead of three
        (BEGIN, the statement, COMMIT), equally atomic and durable."""
        attempt = 0
        while True:
            attempt += 1
            try:
                async with self._transaction(one_statement) as uow:
                    return await work(uow)
            except DBAPIError as exc:
                # A pooled connection that died unseen: the next attempt gets a new one (no
                # wait: the server is not busy, the socket was gone).
                if is_lost_connection(exc) and attempt < self._max_attempts:
                    log.warning("a database connection was lost; retrying on a new one")
                    continue
                if attempt >= self._max_attempts or not is_transient_error(exc):
                    raise StoreUnavailable(f"the database failed: {describe_failure(exc)}") from exc
                delay = min(0.5, 0.01 * 2**attempt) * (0.5 + random.random())
                log.warning(
                    "transient database error (attempt %s/%s), retrying in %.3fs: %s",
                    attempt,
                    self._max_attempts,
                    delay,
                    exc.orig,
                )
                await asyncio.sleep(delay)
            except FAILURES as exc:
                raise StoreUnavailable(f"the database failed: {describe_failure(exc)}") from exc

    async def _read(self, query: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """``query`` on a session of its own; run once more on a new connection when the
        pooled one turns out to be lost (reads are safe to repeat)."""

        async def once() -> T:
            async with self._sessionmaker() as session:
                return await query(session)

        with unavailable_on_failure():
            try:
                return await once()
            except DBAPIError as exc:
                if not is_lost_connection(exc):
                    raise
                log.warning("a database connection was lost; reading again on a new one")
            return await once()

    # ----------------------------------------------------------------------- reads
    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        return await self._read(lambda s: series.get_guild_settings(s, guild_id))

    async def load_table(self, channel_id: int) -> LiveTable | None:
        return await self._read(lambda s: live.load_table(s, channel_id))

    async def list_tables(self, guild_ids: set[int] | None = None) -> list[LiveTable]:
        """All saved tables (of the given guilds), by channel id -- for recovery at start-up."""
        return await self._read(lambda s: live.list_tables(s, guild_ids))

    async def standings(
        self,
        guild_id: int,
        sort: str = "rating",
        page: int = 0,
        per_page: int = 10,
        *,
        target: int = SERIES_TARGET,
    ) -> StandingsPage:
        """A page of the league table of series of length ``target``; see
        :func:`kozel_discord.store.queries.standings`."""
        return await self._read(
            lambda s: queries.standings(s, guild_id, sort, page, per_page, target=target)
        )

    async def player_profile(
        self, guild_id: int, user_id: int, *, recent: int = 5, target: int = SERIES_TARGET
    ) -> PlayerProfile | None:
        """A player's stats and rank by rating in the league of ``target``, best partner
        and ``recent`` last series (ranked or not). None when the user never sat at a
        table in this guild."""
        return await self._read(
            lambda s: queries.player_profile(s, guild_id, user_id, recent=recent, target=target)
        )

    async def recent_series(self, guild_id: int, limit: int = 10) -> list[SeriesSummary]:
        """The last ``limit`` series of the guild (any status), newest first."""
        return await self._read(lambda s: history.recent_series(s, guild_id, limit))

    async def get_series(self, guild_id: int, series_key: str) -> SeriesSummary | None:
        return await self._read(lambda s: history.get_series(s, guild_id, series_key))

    async def get_series_games(self, guild_id: int, series_key: str) -> list[GameResult]:
        """The recorded games of a series with their records, by number (for replay and
        export); empty for an unknown series."""
        return await self._read(lambda s: history.get_series_games(s, guild_id, series_key))

    async def rating_changes(
        self, guild_id: int, series_key: str, number: int | None = None
    ) -> list[RatingChange]:
        """How game ``number`` of the series (None: the whole series) moved its humans'
        ratings (none: unranked)."""
        return await self._read(lambda s: history.rating_changes(s, guild_id, series_key, number))

    async def get_game(self, game_id: int) -> StoredGame | None:
        """Finished game ``game_id`` (of any server: check its ``guild_id``) with its
        record and the series' totals before it; None when there is none."""
        return await self._read(lambda s: games.get_game(s, game_id))

    async def recent_games(
        self, guild_id: int, *, user_id: int | None = None, series: int = 10, limit: int = 25
    ) -> list[GameListing]:
        """The finished games of the last ``series`` series of the guild (those ``user_id``
        sat in, if given), newest first; see :func:`kozel_discord.store.games.recent_games`."""
        return await self._read(
            lambda s: games.recent_games(s, guild_id, user_id=user_id, series=series, limit=limit)
        )


__all__ = ["LeagueStore", "UnitOfWork"]
