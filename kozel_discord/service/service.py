"""The table service: one live table per channel, each with its own ``asyncio.Lock``.

Every change is applied under the table's lock, written to the store (snapshot and
version, plus the league records of a finished game or series, in one transaction)
and only then reported as accepted. Computer players and turn timers are tasks that
take the same lock; they act only if the table is still at the version they were
scheduled for, so a stale timer can never play a newer position.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import secrets
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..ai import LEVELS
from ..engine import (
    Action,
    GameResult,
    IllegalActionError,
    Observation,
    Series,
    SeriesOutcome,
    observe,
    public_action,
)
from ..store import LeagueStore, StaleTableError, StoreUnavailable, UnitOfWork
from ..store.records import GameResult as StoredGame
from ..store.records import SeatSpec, SeriesEnd, SeriesStart
from . import computer
from .errors import ServiceError
from .table import AWAY_AFTER_TIMEOUTS, Seat, Table, TableStatus

log = logging.getLogger(__name__)

RETRY_AFTER_DB_ERROR = 2.0  # seconds before a computer move is tried again


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def os_game_seed(_number: int) -> int:
    """Each game's shuffle seed, from the OS's randomness at the deal: a stored game record
    (or anything stored before a game ends) tells nothing about the deals after it."""
    return secrets.randbits(62)


@dataclass(frozen=True)
class TableEvent:
    """Something happened at a table. ``kind``: lobby, started, move, game_over,
    series_over, stopped, resumed."""

    kind: str
    table: Table
    seat: int | None = None
    action: Action | None = None
    by_computer: bool = False
    timed_out: bool = False
    result: GameResult | None = None
    outcome: SeriesOutcome | None = None


class TableListener(Protocol):
    async def on_table_event(self, event: TableEvent) -> None: ...


class TableService:
    """The registry of live tables, backed by the store so that a restart loses nothing."""

    def __init__(
        self,
        store: LeagueStore,
        *,
        default_timeout: float | None = 90.0,
        computer_delay: float = 1.0,
        commit_timeout: float = 2.0,
        now: Callable[[], dt.datetime] = utcnow,
        seed_source: Callable[[int], int] | None = None,
        computers: computer.ComputerPlayers | None = None,
    ) -> None:
        self.store = store
        self.default_timeout = default_timeout
        self.computer_delay = computer_delay
        self.commit_timeout = commit_timeout
        self.computers = computers or computer.ComputerPlayers(processes=0)
        self._now = now
        # An injected series seed source (tests, KOZEL_FIXED_SEED) makes every deal follow
        # from the series seed; without one each game's seed comes from the OS at its deal.
        self._fixed_seeds = seed_source is not None
        self._seed_source = seed_source or (lambda _channel: secrets.randbits(62))
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._listeners: list[TableListener] = []
        self._closed = False
        # Seconds spent waiting for table locks (human moves) and writing to the store.
        self.lock_waits: deque[float] = deque(maxlen=4000)
        self.commit_times: deque[float] = deque(maxlen=4000)

    # ------------------------------------------------------------------ registry
    def add_listener(self, listener: TableListener) -> None:
        self._listeners.append(listener)

    def get(self, channel_id: int) -> Table | None:
        return self._tables.get(channel_id)

    def tables(self) -> list[Table]:
        return list(self._tables.values())

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def close(self) -> None:
        self._closed = True
        await self.computers.close()
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    async def resume(self, owns: Callable[[int], bool] | None = None) -> list[Table]:
        """Load every live table (of the guilds ``owns`` accepts: this process's shards),
        restart its timers and computer moves."""
        resumed: list[Table] = []
        for live in await self.store.list_tables(None):
            if owns is not None and not owns(live.guild_id):
                continue
            try:
                table = self._table_from_state(
                    live.state, version=live.version, messages=live.messages, deadline=live.deadline
                )
            except Exception:
                log.exception(
                    "table in channel %s could not be loaded; left alone", live.channel_id
                )
                continue
            self._tables[table.channel_id] = table
            resumed.append(table)
        for table in resumed:
            async with self._lock(table.channel_id):
                await self._catch_up_records(table)
                self._schedule(table)
            await self._emit(TableEvent("resumed", table))
        log.info("resumed %d live tables", len(resumed))
        return resumed

    # ------------------------------------------------------------------ views
    def observation(self, table: Table, seat: int | None) -> Observation | None:
        return observe(table.series, seat) if table.series is not None else None

    def move_number(self, table: Table) -> int:
        """The position counter that select menus carry (stale ones are refused)."""
        return len(table.series.actions) if table.series is not None else 0

    # ------------------------------------------------------------------ lobby
    async def open_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        locale: str,
        *,
        turn_timeout: float | None = None,
    ) -> Table:
        async with self._lock(channel_id):
            old = self._tables.get(channel_id)
            if old is not None and old.status is not TableStatus.FINISHED:
                where = old.messages.get("table") or old.messages.get("lobby")
                raise ServiceError("table_exists", message_id=where)
            table = Table(
                table_id=uuid.uuid4().hex[:12],
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                locale=locale,
                turn_timeout=turn_timeout,
            )
            table.seats[0] = Seat(user_id=host_id, name=host_name)
            table.version = 1
            try:
                await self._write(lambda uow: self._replace_row(uow, table))
            except (StoreUnavailable, TimeoutError) as exc:
                log.warning("open_failed guild=%s channel=%s error=%s", guild_id, channel_id, exc)
                raise ServiceError("try_again") from exc
            if old is not None:
                self._cancel_task(channel_id)
            self._tables[channel_id] = table
            log.info("opened table=%s guild=%s channel=%s", table.table_id, guild_id, channel_id)
        await self._emit(TableEvent("lobby", table))
        return table

    async def _write(self, work: Callable[[UnitOfWork], Awaitable[None]]) -> None:
        """One unit of work in the store, within ``commit_timeout`` seconds."""
        return await asyncio.wait_for(self.store.run(work), timeout=self.commit_timeout)

    async def _replace_row(self, uow: UnitOfWork, table: Table) -> None:
        await uow.delete_table(table.channel_id)
        await self._save(uow, table)

    async def sit(
        self, channel_id: int, table_id: str, user_id: int, name: str, seat: int
    ) -> Table:
        def change(t: Table) -> None:
            self._need_lobby(t)
            if not 0 <= seat < 4:
                raise ServiceError("bad_seat")
            current = t.seat_of(user_id)
            if current == seat:
                raise ServiceError("already_there")
            if t.seats[seat] is not None:
                raise ServiceError("seat_taken", seat=seat + 1)
            if current is not None:
                t.seats[current] = None
            t.seats[seat] = Seat(user_id=user_id, name=name)

        return await self._lobby_change(channel_id, table_id, change)

    async def leave(self, channel_id: int, table_id: str, user_id: int) -> Table:
        def change(t: Table) -> None:
            self._need_lobby(t)
            current = t.seat_of(user_id)
            if current is None:
                raise ServiceError("not_seated")
            t.seats[current] = None

        return await self._lobby_change(channel_id, table_id, change)

    async def add_computer(
        self, channel_id: int, table_id: str, user_id: int, seat: int, level: str, name: str
    ) -> Table:
        def change(t: Table) -> None:
            self._need_lobby(t)
            if level not in LEVELS:
                raise ServiceError("bad_level")
            if not 0 <= seat < 4:
                raise ServiceError("bad_seat")
            if t.seats[seat] is not None:
                raise ServiceError("seat_taken", seat=seat + 1)
            if t.seat_of(user_id) is None and user_id != t.host_id:
                raise ServiceError("sit_first")
            t.seats[seat] = Seat(user_id=None, name=name, level=level)

        return await self._lobby_change(channel_id, table_id, change)

    async def remove_computer(
        self, channel_id: int, table_id: str, user_id: int, seat: int
    ) -> Table:
        def change(t: Table) -> None:
            self._need_lobby(t)
            s = t.seats[seat] if 0 <= seat < 4 else None
            if s is None or not s.is_computer:
                raise ServiceError("bad_seat")
            if t.seat_of(user_id) is None and user_id != t.host_id:
                raise ServiceError("sit_first")
            t.seats[seat] = None

        return await self._lobby_change(channel_id, table_id, change)

    async def set_timer(
        self, channel_id: int, table_id: str, user_id: int, seconds: float | None
    ) -> Table:
        def change(t: Table) -> None:
            self._need_lobby(t)
            if user_id != t.host_id:
                raise ServiceError("host_only")
            t.turn_timeout = seconds or None

        return await self._lobby_change(channel_id, table_id, change)

    async def start(self, channel_id: int, table_id: str, user_id: int) -> Table:
        def change(t: Table) -> None:
            self._need_lobby(t)
            if user_id != t.host_id:
                raise ServiceError("host_only")
            if not t.full:
                raise ServiceError("seats_empty")
            self._new_series(t)

        return await self._lobby_change(channel_id, table_id, change, kind="started")

    async def rematch(self, channel_id: int, table_id: str, user_id: int) -> Table:
        def change(t: Table) -> None:
            if t.status is not TableStatus.FINISHED:
                raise ServiceError("not_finished")
            if t.seat_of(user_id) is None:
                raise ServiceError("not_seated")
            for s in t.seats:
                if s is not None:
                    s.away, s.timeouts = False, 0
            t.table_id = uuid.uuid4().hex[:12]  # controls of the old series go stale
            t.messages = {}
            self._new_series(t)

        return await self._lobby_change(channel_id, table_id, change, kind="started")

    def _new_series(self, t: Table) -> None:
        seed = self._seed_source(t.channel_id)
        t.series_seed = seed
        t.series = Series(seed) if self._fixed_seeds else Series(seed_source=os_game_seed)
        t.series_key = uuid.uuid4().hex
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
        return table

    @staticmethod
    def _need_lobby(t: Table) -> None:
        if t.status is not TableStatus.LOBBY:
            raise ServiceError("already_started")

    async def _lobby_change(
        self,
        channel_id: int,
        table_id: str,
        change: Callable[[Table], None],
        kind: str = "lobby",
    ) -> Table:
        async with self._lock(channel_id):
            table = self._require(channel_id, table_id)
            await self._commit(table, change, starting=kind == "started")
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
        """A human's move from the hand view. Persisted before this returns."""
        events: list[TableEvent] = []
        waited = time.perf_counter()
        async with self._lock(channel_id):
            self.lock_waits.append(time.perf_counter() - waited)
            table = self._require(channel_id, table_id)
            if table.status is not TableStatus.PLAYING or table.series is None:
                raise ServiceError("not_playing")
            if not 0 <= seat < 4 or table.seats[seat] is None:
                raise ServiceError("bad_seat")
            owner = table.seat(seat)
            if owner.user_id != user_id:
                raise ServiceError("not_your_seat")
            if move_no != self.move_number(table):
                raise ServiceError("stale")
            try:
                action = Action.decode(action_text)
            except IllegalActionError as exc:
                raise ServiceError("illegal", reason=exc.reason.value) from exc
            series = table.series

            def change(t: Table) -> None:
                try:
                    series.apply(seat, action)
                except IllegalActionError as exc:
                    raise ServiceError("illegal", reason=exc.reason.value) from exc
                s = t.seat(seat)
                s.timeouts, s.away = 0, False

            events = await self._play_change(table, seat, action, change, by_computer=False)
        for event in events:
            await self._emit(event)
        return table

    async def mark_back(self, channel_id: int, user_id: int) -> None:
        """A player who was away acts again (opens the hand): the computer stops for them."""
        async with self._lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None or table.status is not TableStatus.PLAYING:
                return
            seat = table.seat_of(user_id)
            if seat is None or not table.seat(seat).away:
                return

            def change(t: Table) -> None:
                s = t.seat(seat)
                s.away, s.timeouts = False, 0

            await self._commit(table, change)
        await self._emit(
            TableEvent("lobby" if table.status is TableStatus.LOBBY else "away", table)
        )

    async def stop(self, channel_id: int, user_id: int, is_admin: bool) -> Table:
        async with self._lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None:
                raise ServiceError("no_table")
            if user_id != table.host_id and not is_admin:
                raise ServiceError("stop_not_allowed")
            ended = self._now()

            async def work(uow: UnitOfWork) -> None:
                if table.status is TableStatus.PLAYING and table.series_key:
                    await uow.abandon_series(table.guild_id, table.series_key, ended)
                await uow.delete_table(table.channel_id)

            try:
                await self._write(work)
            except (StoreUnavailable, TimeoutError) as exc:
                raise ServiceError("try_again") from exc
            self._cancel_task(channel_id)
            del self._tables[channel_id]
            log.info(
                "stopped table=%s guild=%s channel=%s",
                table.table_id,
                table.guild_id,
                channel_id,
            )
        await self._emit(TableEvent("stopped", table))
        return table

    async def set_messages(self, channel_id: int, table_id: str, ids: dict[str, int]) -> None:
        """Remember ids of the table's public messages (persisted, for restarts)."""
        async with self._lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None or table.table_id != table_id:
                return
            if all(table.messages.get(k) == v for k, v in ids.items()):
                return

            def change(t: Table) -> None:
                t.messages.update(ids)

            try:
                await self._commit(table, change)
            except ServiceError:
                log.warning("message_ids_not_saved channel=%s", channel_id)

    # ------------------------------------------------------------------ internals
    def _require(self, channel_id: int, table_id: str) -> Table:
        table = self._tables.get(channel_id)
        if table is None:
            raise ServiceError("no_table")
        if table.table_id != table_id:
            raise ServiceError("old_table")
        return table

    async def _commit(
        self, table: Table, change: Callable[[Table], None], *, starting: bool = False
    ) -> None:
        """Apply ``change`` and persist it, or restore the table exactly and raise.

        The write has ``commit_timeout`` seconds, so an interaction is always answered in
        time: when the database is away the change is refused with "try again".
        """
        # The state as last saved (kept from the previous commit: no second serialisation).
        before = table.saved_state if table.saved_state is not None else table.to_state()
        before_meta = (table.version, dict(table.messages), table.deadline)
        change(table)
        table.version += 1
        self._set_deadline(table)
        started = time.perf_counter()
        try:
            await asyncio.wait_for(
                self.store.run(lambda uow: self._save(uow, table, starting=starting)),
                timeout=self.commit_timeout,
            )
            self.commit_times.append(time.perf_counter() - started)
        except (StoreUnavailable, TimeoutError, StaleTableError) as exc:
            log.warning(
                "not_saved table=%s guild=%s channel=%s error=%s: rolled back",
                table.table_id,
                table.guild_id,
                table.channel_id,
                type(exc).__name__,
            )
            restored = self._table_from_state(
                before, version=before_meta[0], messages=before_meta[1], deadline=before_meta[2]
            )
            table.__dict__.update(restored.__dict__)  # the registry keeps the same object
            if isinstance(exc, StaleTableError | TimeoutError):
                # The stored table may be ahead of ours (a write that timed out can still
                # have committed): take the stored one as the truth.
                await self._reload(table)
            raise ServiceError("try_again") from exc
        self._schedule(table)

    async def _reload(self, table: Table) -> None:
        try:
            live = await asyncio.wait_for(
                self.store.load_table(table.channel_id), timeout=self.commit_timeout
            )
        except (StoreUnavailable, TimeoutError):
            return
        if live is not None and live.version != table.version:
            stored = self._table_from_state(
                live.state, version=live.version, messages=live.messages, deadline=live.deadline
            )
            table.__dict__.update(stored.__dict__)
            log.info("reloaded table=%s version=%d", table.table_id, live.version)

    async def _play_change(
        self,
        table: Table,
        seat: int,
        action: Action,
        change: Callable[[Table], None],
        *,
        by_computer: bool,
        timed_out: bool = False,
    ) -> list[TableEvent]:
        series = table.series
        assert series is not None
        games_before = len(series.results)
        shown = public_action(action)

        def full_change(t: Table) -> None:
            change(t)
            t.last_event = {
                "seat": seat,
                "kind": action.kind.value,
                "n": len(action.cards),
                "by_computer": by_computer,
                "timed_out": timed_out,
            }
            if series.over:
                t.status = TableStatus.FINISHED

        await self._commit(table, full_change)
        log.info(
            "move table=%s guild=%s channel=%s move=%d seat=%d action=%s cards=%d by=%s",
            table.table_id,
            table.guild_id,
            table.channel_id,
            len(series.actions),
            seat,
            action.kind.value,
            len(action.cards),
            "timeout" if timed_out else ("computer" if by_computer else "player"),
        )
        events = [
            TableEvent(
                "move", table, seat=seat, action=shown, by_computer=by_computer, timed_out=timed_out
            )
        ]
        for number, result in enumerate(series.results[games_before:], start=games_before + 1):
            log.info(
                "game_over table=%s guild=%s game=%d points=%d-%d defeat_points=%d-%d eggs=%s",
                table.table_id,
                table.guild_id,
                number,
                *result.card_points,
                *result.defeat_points,
                result.eggs,
            )
            events.append(TableEvent("game_over", table, result=result))
        outcome = series.outcome()
        if outcome is not None:
            events.append(TableEvent("series_over", table, outcome=outcome))
        return events

    async def _save(self, uow: UnitOfWork, table: Table, *, starting: bool = False) -> None:
        """One transaction: the table snapshot plus any league records now due."""
        series = table.series
        if starting and series is not None and table.series_key:
            await uow.start_series(
                SeriesStart(
                    guild_id=table.guild_id,
                    channel_id=table.channel_id,
                    series_key=table.series_key,
                    seats=tuple(
                        SeatSpec(i, s.user_id, s.name, s.level)
                        for i, s in enumerate(table.seats)
                        if s is not None
                    ),
                    started_at=self._now(),
                )
            )
        if series is not None and table.series_key:
            for number in range(table.recorded_games + 1, len(series.results) + 1):
                await uow.record_game(self._stored_game(table, number))
            table.recorded_games = len(series.results)
            outcome = series.outcome()
            if outcome is not None and not table.series_recorded:
                await uow.finish_series(
                    SeriesEnd(
                        guild_id=table.guild_id,
                        series_key=table.series_key,
                        defeat_points=outcome.defeat_points,
                        goats=outcome.goats,
                        eggs=outcome.eggs,
                        goats_with_eggs=outcome.goats_with_eggs,
                        ended_at=self._now(),
                    )
                )
                table.series_recorded = True
        state = table.to_state()
        table.saved_state = state
        await uow.save_table(
            table.guild_id,
            table.channel_id,
            table.version,
            state,
            dict(table.messages),
            {"turn_timeout": table.turn_timeout},
            table.deadline,
        )

    def _stored_game(self, table: Table, number: int) -> StoredGame:
        series = table.series
        assert series is not None and table.series_key is not None
        r = series.results[number - 1]
        return StoredGame(
            guild_id=table.guild_id,
            series_key=table.series_key,
            number=number,
            dealer=r.dealer,
            first_leader=r.first_leader,
            trump_card=r.trump_card.label,
            card_points=r.card_points,
            tricks=r.tricks,
            defeat_points=r.defeat_points,
            eggs=r.eggs,
            last_trick_taker=r.last_trick_taker,
            record=series.game_record(number),
            finished_at=self._now(),
        )

    async def _catch_up_records(self, table: Table) -> None:
        """After a restart: record any finished game the store does not have yet."""
        series = table.series
        if series is None:
            return
        due = len(series.results) > table.recorded_games or (
            series.over and not table.series_recorded
        )
        if due:
            try:
                await self._commit(table, lambda t: None)
            except ServiceError:
                log.warning("records_not_caught_up table=%s", table.table_id)

    def _set_deadline(self, table: Table) -> None:
        table.deadline = None
        if (
            table.status is not TableStatus.PLAYING
            or table.series is None
            or not table.turn_timeout
        ):
            return
        turn = table.series.turn
        if turn is None:
            return
        seat = table.seats[turn]
        if seat is not None and not seat.played_by_computer:
            table.deadline = self._now() + dt.timedelta(seconds=table.turn_timeout)

    # ------------------------------------------------------------------ tasks
    def _cancel_task(self, channel_id: int) -> None:
        task = self._tasks.pop(channel_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _schedule(self, table: Table, *, ask_computers: bool = True) -> None:
        """(Re)plan the one pending task of the table: a computer move or a turn timer."""
        self._cancel_task(table.channel_id)
        if self._closed or table.status is not TableStatus.PLAYING or table.series is None:
            return
        series = table.series
        turn = series.turn
        if turn is None:
            return
        version = table.version
        computer_turn = table.seat(turn).played_by_computer
        molodka_seats = [
            i for i in series.molodka_claimants() if i != turn and table.seat(i).played_by_computer
        ]
        if computer_turn or (molodka_seats and ask_computers):
            coro = self._computer_task(table.channel_id, version, self.computer_delay)
        elif table.deadline is not None:
            delay = max(0.0, (table.deadline - self._now()).total_seconds())
            coro = self._timer_task(table.channel_id, version, delay)
        else:
            return
        task = asyncio.create_task(coro, name=f"table-{table.table_id}-v{version}")
        self._tasks[table.channel_id] = task

    async def _computer_task(self, channel_id: int, version: int, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        await self._run_step(channel_id, version, timed_out=False)

    async def _timer_task(self, channel_id: int, version: int, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        await self._run_step(channel_id, version, timed_out=True)

    async def _run_step(self, channel_id: int, version: int, *, timed_out: bool) -> None:
        events: list[TableEvent] = []
        try:
            async with self._lock(channel_id):
                table = self._tables.get(channel_id)
                if table is None or table.version != version:
                    return
                events = await self._computer_step(table, timed_out=timed_out)
                if not events:
                    # The computers declined their molodkas: now only the turn timer runs.
                    self._schedule(table, ask_computers=False)
        except ServiceError as exc:
            log.warning(
                "computer_move_not_saved channel=%s reason=%s; retrying", channel_id, exc.key
            )
            await self._retry_later(channel_id, version, timed_out)
            return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer_move_failed channel=%s", channel_id)
            return
        for event in events:
            await self._emit(event)

    async def _retry_later(self, channel_id: int, version: int, timed_out: bool) -> None:
        if self._closed:
            return
        await asyncio.sleep(RETRY_AFTER_DB_ERROR)
        table = self._tables.get(channel_id)
        if table is not None and table.version == version:
            await self._run_step(channel_id, version, timed_out=timed_out)

    async def _computer_step(self, table: Table, *, timed_out: bool) -> list[TableEvent]:
        series = table.series
        assert series is not None
        turn = series.turn
        if turn is None:
            return []
        base = f"{table.series_seed}/{len(series.actions)}"
        # Out-of-turn molodkas of computer seats first, in priority order (5.3).
        for i in series.molodka_claimants():
            s = table.seat(i)
            if not s.played_by_computer or i == turn:
                continue
            level = s.level or computer.TIMEOUT_LEVEL
            obs = observe(series, i)
            try:
                wish = await self.computers.wants_molodka(level, obs, f"{base}/m{i}")
            except Exception:
                log.exception("computer_failed table=%s seat=%d: no molodka", table.table_id, i)
                wish = None
            if wish is not None and wish in obs.legal_actions:
                return await self._computer_apply(table, i, wish, timed_out=False)
        seat = table.seat(turn)
        if seat.played_by_computer or timed_out:
            level = seat.level or computer.TIMEOUT_LEVEL
            obs = observe(series, turn)
            try:
                action = await self.computers.choose(level, obs, f"{base}/{turn}")
            except Exception:
                log.exception(
                    "computer_failed table=%s seat=%d level=%s", table.table_id, turn, level
                )
                action = None
            if action not in obs.legal_actions:
                # A failed or confused player must not stall the table: the simple one plays.
                action = computer.fallback_choice(obs, f"{base}/{turn}")
            assert action is not None
            return await self._computer_apply(table, turn, action, timed_out=timed_out)
        return []

    async def _computer_apply(
        self, table: Table, seat: int, action: Action, *, timed_out: bool
    ) -> list[TableEvent]:
        series = table.series
        assert series is not None

        def change(t: Table) -> None:
            series.apply(seat, action)
            if timed_out:
                s = t.seat(seat)
                s.timeouts += 1
                if s.timeouts >= AWAY_AFTER_TIMEOUTS:
                    s.away = True

        return await self._play_change(
            table, seat, action, change, by_computer=True, timed_out=timed_out
        )

    async def _emit(self, event: TableEvent) -> None:
        for listener in self._listeners:
            try:
                await listener.on_table_event(event)
            except Exception:
                log.exception("a table listener failed on %s", event.kind)
