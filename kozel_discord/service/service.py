"""The table service: the registry of live tables, one :class:`~.session.TableSession` per
channel. It creates, resumes and ends sessions and routes each request to its channel's
session under that session's lock; the lobby's rules are :mod:`.lobby`'s."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import secrets
import time
import uuid
from collections import deque
from collections.abc import Callable
from typing import Any

from ..engine import Action, IllegalActionError, Observation, Series, distinct_seeds, observe
from ..store import LeagueStore
from . import computer, lobby
from .context import Change, SessionContext
from .errors import ErrorKey, ServiceError
from .events import TableEvent, TableEventKind, TableListener
from .guards import TableGuards
from .rules import TableRules, new_table_id
from .session import TableSession
from .stopped import drop_tombstone, stopped_tables
from .table import Table, TableStatus
from .tasks import cancel_and_wait

log = logging.getLogger(__name__)

#: After a restart, a human's running turn has at least this long (or its whole time, if
#: shorter) from then: the time the bot was down is not charged to the player.
RESUME_GRACE = 30.0


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def os_game_seed(_number: int) -> int:
    """Each game's shuffle seed, from the OS's randomness at the deal: a stored game record
    (or anything stored before a game ends) tells nothing about the deals after it."""
    return secrets.randbits(62)


class TableService(TableGuards, TableRules):
    """The registry of live tables, backed by the store so that a restart loses nothing.

    ``default_timeout``: the move timer of a new table (None: off); ``timer_seconds``: what
    the lobby's timer button turns on (both come from the settings)."""

    def __init__(
        self,
        store: LeagueStore,
        *,
        default_timeout: float | None = None,
        timer_seconds: float | None = None,
        computer_delay: float = 1.0,
        commit_timeout: float = 2.0,
        now: Callable[[], dt.datetime] = utcnow,
        seed_source: Callable[[int], int] | None = None,
        computers: computer.ComputerPlayers | None = None,
    ) -> None:
        self.store = store
        self.default_timeout = default_timeout
        self.timer_seconds = timer_seconds or default_timeout
        self.computers = computers or computer.ComputerPlayers(processes=0)
        # An injected series seed source (tests, KOZEL_FIXED_SEED) makes every deal repeat
        # from the series seed (engine.distinct_seeds: game 1 from it, each later game from
        # its own seed derived from it); without one each game's seed comes from the OS.
        self._fixed_seeds = seed_source is not None
        self._ctx = SessionContext(
            store=store,
            computers=self.computers,
            now=now,
            emit=self._emit,
            load=self._table_from_state,
            computer_delay=computer_delay,
            commit_timeout=commit_timeout,
        )
        self._now = now
        self._seed_source = seed_source or (lambda _channel: secrets.randbits(62))
        self._sessions: dict[int, TableSession] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._listeners: list[TableListener] = []
        self._sweeper: asyncio.Task[None] | None = None
        # A table's thread is another name of its channel: thread id -> channel id.
        self._aliases: dict[int, int] = {}

    # ------------------------------------------------------------------ registry
    @property
    def lock_waits(self) -> deque[float]:
        return self._ctx.lock_waits

    @property
    def commit_times(self) -> deque[float]:
        return self._ctx.commit_times

    def add_listener(self, listener: TableListener) -> None:
        self._listeners.append(listener)

    def canonical(self, channel_id: int) -> int:
        """The channel whose table ``channel_id`` shows: a table's thread gives its channel."""
        return self._aliases.get(channel_id, channel_id)

    def _remember_thread(self, table: Table) -> None:
        thread = table.messages.get("thread")
        if thread:
            self._aliases[int(thread)] = table.channel_id

    def get(self, channel_id: int) -> Table | None:
        session = self._sessions.get(self.canonical(channel_id))
        return session.table if session is not None else None

    async def settled(self, channel_id: int) -> Table | None:
        """The channel's table once no change is being written: what may be published
        (:meth:`TableSession.settled`)."""
        session = self._sessions.get(self.canonical(channel_id))
        return await session.settled() if session is not None else None

    def tables(self) -> list[Table]:
        return [s.table for s in self._sessions.values()]

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    def _session(self, channel_id: int, table_id: str) -> TableSession:
        session = self._sessions.get(channel_id)
        if session is None or session.table.table_id != table_id:  # a stopped or old table's
            # control ("no table here, start one" read as if the player's own had vanished)
            raise ServiceError(ErrorKey.OLD_TABLE)
        return session

    async def close(self) -> None:
        self._ctx.closed = True
        await self.computers.close()
        tasks = [s.detach_task() for s in self._sessions.values()]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
            self._sweeper = None
        await cancel_and_wait(t for t in tasks if t is not None)

    async def resume(self, owns: Callable[[int], bool] | None = None) -> list[Table]:
        """Load every live table (of the guilds ``owns`` accepts: this process's shards),
        restart its timers and computer moves."""
        resumed: list[TableSession] = []
        rows = [t for t in await self.store.list_tables(None) if owns is None or owns(t.guild_id)]
        rows, stopped = stopped_tables(rows)
        for live in rows:
            try:
                table = self._table_from_state(
                    live.state, version=live.version, messages=live.messages, deadline=live.deadline
                )
            except Exception as exc:
                # the type only: a refused snapshot's message names its actions' cards
                log.error(
                    "table in channel %s could not be loaded (%s); left alone",
                    live.channel_id,
                    type(exc).__name__,
                )
                continue
            session = TableSession(table, self._lock(table.channel_id), self._ctx)
            self._sessions[table.channel_id] = session
            self._remember_thread(table)
            resumed.append(session)
        for session in resumed:
            async with session.lock:
                await session.catch_up_records()
                session.grant_grace(RESUME_GRACE)
                session.schedule()
            await self._emit(TableEvent(TableEventKind.RESUMED, session.table))
        for table in stopped:
            await self._emit(TableEvent(TableEventKind.STOPPED, table))
        log.info("resumed %d live tables", len(resumed))
        return [s.table for s in resumed]

    # ------------------------------------------------------------------ views
    def observation(self, table: Table, seat: int | None) -> Observation | None:
        return observe(table.series, seat) if table.series is not None else None

    def move_number(self, table: Table) -> int:
        """The position counter that select menus carry (stale ones are refused)."""
        return len(table.series.actions) if table.series is not None else 0

    async def start(self, channel_id: int, table_id: str, user_id: int) -> Table:
        rules = await self.rules_now(channel_id)

        def change(t: Table) -> None:
            lobby.check_start(t, user_id)
            lobby.rules_at_start(t, rules)
            self._new_series(t)

        return await self._change(channel_id, table_id, change, kind=TableEventKind.STARTED)

    async def rematch(self, channel_id: int, table_id: str, user_id: int) -> Table:
        rules = await self.rules_now(channel_id)

        def change(t: Table) -> None:
            lobby.check_rematch(t, user_id)
            for i, s in enumerate(t.seats):
                if s is not None:
                    lobby.back_from_away(t, i)
            t.table_id = new_table_id()  # controls of the old series go stale
            # The next series plays on in the same thread (if the table has one).
            t.messages = {k: v for k, v in t.messages.items() if k == "thread"}
            lobby.rules_at_start(t, rules)
            self._new_series(t)

        return await self._change(channel_id, table_id, change, kind=TableEventKind.STARTED)

    def _new_series(self, t: Table) -> None:
        seed = self._seed_source(t.channel_id)
        t.series_seed = seed
        source = distinct_seeds(seed) if self._fixed_seeds else os_game_seed
        t.series = Series(seed_source=source, target=t.target)
        t.series_key = uuid.uuid4().hex
        t.salts = []  # drawn in the commit (service/fair.py)
        t.auto_moves = []
        t.status = TableStatus.PLAYING
        t.recorded_games = 0
        t.series_recorded = False
        t.last_event = {}

    def _table_from_state(
        self,
        state: dict[str, Any],
        *,
        version: int,
        messages: dict[str, int],
        deadline: dt.datetime | None,
    ) -> Table:
        """A stored table, its series dealing later games as this service deals them."""
        table = Table.from_state(state, version=version, messages=messages, deadline=deadline)
        if table.series is not None and not self._fixed_seeds:
            table.series.seed_source = os_game_seed
        elif table.series is not None and table.series_seed is not None:
            table.series.seed_source = distinct_seeds(table.series_seed)
        return table

    async def _change(
        self,
        channel_id: int,
        table_id: str,
        change: Change,
        kind: TableEventKind = TableEventKind.LOBBY,
    ) -> Table:
        channel_id = self.canonical(channel_id)
        async with self._lock(channel_id):
            session = self._session(channel_id, table_id)
            await session.commit(change, starting=kind is TableEventKind.STARTED)
            table = session.table
        await self._emit(TableEvent(kind, table))
        return table

    # ------------------------------------------------------------------ play
    async def play(
        self,
        channel_id: int,
        table_id: str,
        user_id: int,
        seat: int,
        move_no: int,
        action_text: str,
    ) -> Table:
        """A human's move from the hand view. Persisted before this returns. Picking a move
        brings a player who was away back, even when the move came too late (the computer
        played that turn): their board kept offering moves while away."""
        channel_id = self.canonical(channel_id)
        await self.mark_back(channel_id, user_id)
        waited = time.perf_counter()
        async with self._lock(channel_id):
            self._ctx.lock_waits.append(time.perf_counter() - waited)
            session = self._session(channel_id, table_id)
            table = session.table
            series = table.series
            if table.status is not TableStatus.PLAYING or series is None:
                raise ServiceError(ErrorKey.NOT_PLAYING)
            if not 0 <= seat < 4 or table.seats[seat] is None:
                raise ServiceError(ErrorKey.BAD_SEAT)
            if table.seat(seat).user_id != user_id:
                raise ServiceError(ErrorKey.NOT_YOUR_SEAT)
            if move_no != self.move_number(table):
                raise ServiceError(ErrorKey.STALE)
            try:
                action = Action.decode(action_text)
            except IllegalActionError as exc:
                raise ServiceError(ErrorKey.ILLEGAL, reason=exc.reason.value) from exc

            def change(t: Table) -> None:
                try:
                    series.apply(seat, action)
                except IllegalActionError as exc:
                    raise ServiceError(ErrorKey.ILLEGAL, reason=exc.reason.value) from exc
                lobby.back_from_away(t, seat)
                lobby.host_acted(t, user_id)

            events = await session.play_change(seat, action, change, by_computer=False)
            table = session.table
        for event in events:
            await self._emit(event)
        return table

    def is_away(self, channel_id: int, user_id: int) -> bool:
        """Whether ``user_id`` sits at this channel's table as away (the computer plays)."""
        table = self.get(channel_id)
        seat = table.seat_of(user_id) if table is not None else None
        return seat is not None and table is not None and table.seat(seat).away

    async def mark_back(self, channel_id: int, user_id: int) -> None:
        """A player who was away acts again (opens the hand, picks a move): the computer
        stops for them. Without the lock when they are not away: "My hand" waited for a
        computer's whole decision at the table's lock, past Discord's 3 s."""
        channel_id = self.canonical(channel_id)
        if not self.is_away(channel_id, user_id):
            return
        async with self._lock(channel_id):
            session = self._sessions.get(channel_id)
            if session is None or session.table.status is not TableStatus.PLAYING:
                return
            seat = session.table.seat_of(user_id)
            if seat is None or not session.table.seat(seat).away:
                return
            await session.commit(lambda t: lobby.back_from_away(t, seat))
            table = session.table
        await self._emit(TableEvent(TableEventKind.AWAY, table))

    def check_stop(self, channel_id: int, user_id: int, is_admin: bool) -> Table:
        """The table ``user_id`` may stop (the host, or ``is_admin``: Manage Server)."""
        channel_id = self.canonical(channel_id)
        table = self.get(channel_id)
        if table is None:
            raise ServiceError(ErrorKey.NO_TABLE)
        lobby.check_stop(table, user_id, is_admin)
        return table

    async def stop(
        self,
        channel_id: int,
        user_id: int,
        is_admin: bool,
        *,
        table_id: str | None = None,
        cancel: bool = False,
        status: TableStatus | None = None,
    ) -> Table:
        """End the channel's table (``table_id``: only if it is still that one; ``status``:
        only if it is still in that state, the one a confirmation described). ``cancel``:
        the lobby's cancel button, which only the host may press, while it is a lobby."""
        channel_id = self.canonical(channel_id)
        async with self._lock(channel_id):
            session = self._sessions.get(channel_id)
            if session is None:
                raise ServiceError(ErrorKey.OLD_TABLE if table_id else ErrorKey.NO_TABLE)
            table = session.table
            if table_id is not None and table.table_id != table_id:
                raise ServiceError(ErrorKey.OLD_TABLE)
            if status is not None and table.status is not status:
                raise ServiceError(ErrorKey.STOP_CHANGED)
            if cancel:
                lobby.check_cancel(table, user_id)
            lobby.check_stop(table, user_id, is_admin)
            await self._end_session(session, "stopped")
        await self._emit(TableEvent(TableEventKind.STOPPED, table))
        return table

    async def forget_stopped(self, table: Table) -> None:
        """The stopped ``table``'s messages are marked: remove its tombstone from the store
        (unless the channel has a new table since)."""
        if table.status is TableStatus.STOPPED:
            async with self._lock(table.channel_id):
                await drop_tombstone(self._ctx, table)

    async def set_messages(self, channel_id: int, table_id: str, ids: dict[str, int]) -> None:
        """Remember ids of the table's public messages (persisted, for restarts)."""
        channel_id = self.canonical(channel_id)
        async with self._lock(channel_id):
            session = self._sessions.get(channel_id)
            if session is None or session.table.table_id != table_id:
                return
            if all(session.table.messages.get(k) == v for k, v in ids.items()):
                return
            try:
                await session.commit(lambda t: t.messages.update(ids))
            except ServiceError:
                # Kept in memory: the next change saves them with the table (without them
                # the game's message was never edited, and posted again at its end).
                log.warning("message_ids_not_saved channel=%s: kept for the next", channel_id)
                session.table.messages.update(ids)
                return
            self._remember_thread(session.table)

    async def _emit(self, event: TableEvent) -> None:
        for listener in self._listeners:
            try:
                await listener.on_table_event(event)
            except Exception:
                log.exception("a table listener failed on %s", event.kind.value)
