"""What keeps a table from being held hostage, and the players' own switches: turn pings on
or off, votes of the other humans against a host who holds the game up, and the periodic
close of idle tables. A part of :class:`~.service.TableService` (a mixin: it works on the
service's sessions under their locks); the rules themselves are :mod:`.lobby`'s."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from ..store import GuildSettings
from . import lobby
from .context import STORE_FAILURES, SessionContext
from .errors import ErrorKey, ServiceError
from .events import TableEvent, TableEventKind
from .session import TableSession
from .table import Table, TableStatus

log = logging.getLogger(__name__)


class TableGuards:
    _sessions: dict[int, TableSession]
    _sweeper: asyncio.Task[None] | None
    _now: Callable[[], dt.datetime]
    timer_seconds: float | None
    _ctx: SessionContext
    # of TableRules (annotations only: a stub here would hide the real ones)
    rules_now: Callable[[int], Coroutine[Any, Any, GuildSettings]]
    timer_button_of: Callable[[GuildSettings], float | None]

    def canonical(self, channel_id: int) -> int:
        raise NotImplementedError

    def _lock(self, channel_id: int) -> asyncio.Lock:
        raise NotImplementedError

    async def _emit(self, event: TableEvent) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ pings and votes
    async def set_pings(self, channel_id: int, user_id: int, on: bool) -> Table:
        """A seated player turns their turn pings at the channel's table on or off."""
        channel_id = self.canonical(channel_id)
        async with self._lock(channel_id):
            session = self._sessions.get(channel_id)
            if session is None:
                raise ServiceError(ErrorKey.NO_TABLE)
            await session.commit(lambda t: lobby.set_pings(t, user_id, on))
            table = session.table
        # A ping (and its reminder) already posted for this player's turn goes now.
        await self._emit(TableEvent(TableEventKind.PINGS, table))
        return table

    async def vote(self, channel_id: int, user_id: int, kind: str) -> TableEvent:
        """A vote of the other humans against a host who holds the game up: to stop the
        table, or to turn its timer on. Carried by a majority (:func:`lobby.vote`)."""
        channel_id = self.canonical(channel_id)
        passed = False
        # the timer a carried vote turns on: the lobby button's (the server's, else the bot's)
        timer = (
            self.timer_button_of(await self.rules_now(channel_id))
            if kind == lobby.VOTE_TIMER
            else None
        )
        async with self._lock(channel_id):
            session = self._sessions.get(channel_id)
            if session is None:
                raise ServiceError(ErrorKey.NO_TABLE)
            table = session.table

            def change(t: Table) -> None:
                nonlocal passed
                passed = lobby.vote(t, user_id, kind)
                if passed and kind == lobby.VOTE_TIMER:
                    t.turn_timeout = timer or 90.0

            # Validate and count first: a vote that carries "stop" ends the table instead.
            await session.commit(change)
            table = session.table
            event = TableEvent(
                TableEventKind.VOTED,
                table,
                vote=kind,
                passed=passed,
                votes=(len(table.votes.get(kind, ())), lobby.votes_needed(table)),
            )
            if passed and kind == lobby.VOTE_STOP:
                await self._end_session(session, "stopped by vote")
        await self._emit(event)
        if passed and kind == lobby.VOTE_STOP:
            await self._emit(TableEvent(TableEventKind.STOPPED, table))
        elif passed:
            await self._emit(TableEvent(TableEventKind.AWAY, table))
        return event

    async def _end_session(self, session: TableSession, why: str) -> None:
        """Remove the session's table (a running series is abandoned); under its lock."""
        table = session.table
        tomb = await session.delete(self._now())
        session.end()
        if self._sessions.get(table.channel_id) is session:
            del self._sessions[table.channel_id]
        # A tombstone until the presenter has marked its messages (forget_stopped).
        table.status, table.version = TableStatus.STOPPED, tomb
        log.info(
            "closed table=%s guild=%s channel=%s: %s",
            table.table_id,
            table.guild_id,
            table.channel_id,
            why,
        )

    # ------------------------------------------------------------------ threads
    async def wants_thread(self, guild_id: int) -> bool:
        """The server's setting: a thread per table (on unless turned off; on when the
        store cannot be read, as the default is)."""
        try:
            settings = await asyncio.wait_for(
                self._ctx.store.get_guild_settings(guild_id), timeout=self._ctx.commit_timeout
            )
        except STORE_FAILURES:
            return True
        return settings.table_threads

    # ------------------------------------------------------------------ idle tables
    def start_idle_sweeper(self, idle: dt.timedelta, every: float | None = None) -> None:
        """Close tables where nothing happened for ``idle``, checking every ``every``
        seconds (default: a tenth of ``idle``, between 1 s and 10 minutes). One sweep looks
        at the live tables in memory; no move pays for it."""
        interval = every if every is not None else min(600.0, max(1.0, idle.total_seconds() / 10))
        self._sweeper = asyncio.create_task(self._sweep_forever(idle, interval), name="idle-sweep")

    async def _sweep_forever(self, idle: dt.timedelta, interval: float) -> None:
        while not self._ctx.closed:
            await asyncio.sleep(interval)
            try:
                await self.close_idle(idle)
            except Exception:
                log.exception("idle sweep failed")

    async def close_idle(self, idle: dt.timedelta) -> list[Table]:
        """Close every table idle for ``idle`` (its series abandoned); returns them."""
        now = self._now()
        closed: list[Table] = []
        for channel_id, session in list(self._sessions.items()):
            if session.table.last_activity is None:
                session.table.last_activity = now  # loaded from before idle times were kept
                continue
            if not lobby.is_idle(session.table, now, idle):
                continue
            async with session.lock:
                if self._sessions.get(channel_id) is not session:
                    continue
                if not lobby.is_idle(session.table, self._now(), idle):
                    continue
                try:
                    await self._end_session(session, "idle")
                except ServiceError:
                    continue  # the store is away: the next sweep tries again
                closed.append(session.table)
            await self._emit(TableEvent(TableEventKind.IDLE_CLOSED, session.table))
        return closed
