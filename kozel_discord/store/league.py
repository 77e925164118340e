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
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from kozel_discord.engine import SERIES_TARGET
from kozel_discord.store import games, history, live, queries, series
from kozel_discord.store.db import WRITE, is_lost_connection, is_transient_error
from kozel_discord.store.errors import StoreError, StoreUnavailable
from kozel_discord.store.games import GameListing, StoredGame
from kozel_discord.store.records import (
    GameResult,
    GuildSettings,
    LiveTable,
    PlayerProfile,
    RatingChange,
    SeriesSummary,
    StandingsPage,
)
from kozel_discord.store.sql import (
    FAILURES,
    describe_failure,
    unavailable_on_failure,
    utcnow,
)
from kozel_discord.store.unit_of_work import UnitOfWork

log = logging.getLogger(__name__)

T = TypeVar("T")

# SQLite has one writer at a time: writers of one engine queue on an asyncio lock instead of
# spinning in SQLite's busy handler (the busy timeout still covers other processes).
_sqlite_write_locks: WeakKeyDictionary[Engine, asyncio.Lock] = WeakKeyDictionary()
# Set while a task is inside a unit of work: a second, nested one would wait for the first.
_inside_unit_of_work: ContextVar[bool] = ContextVar("kozel_inside_unit_of_work", default=False)


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
