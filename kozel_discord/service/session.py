"""One live table's session: its lock, its one scheduled task (a computer move or the turn
timer), its deadline and its commit/rollback.

Every change is applied under the lock, written to the store (snapshot and version, plus
the league records of a finished game or series, in one transaction) and only then
reported as accepted. When the write fails, the session's table is rebuilt from the state
last saved (:meth:`Table.from_state`) and the change is refused with "try again".
Scheduled tasks take the same lock and act only if the table is still at the version they
were scheduled for, so a stale timer can never play a newer position.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from typing import Any

from ..engine import Action, public_action
from ..store import LiveTable, StaleTableError, UnitOfWork
from . import computer, fair, league_records
from .context import COMMIT_FAILURES, STORE_FAILURES, Change, SessionContext
from .errors import ErrorKey, ServiceError
from .events import TableEvent, TableEventKind
from .steps import ComputerSteps
from .table import Table, TableStatus
from .writes import TableWrite, table_writes

log = logging.getLogger(__name__)


class TableSession(ComputerSteps):
    """The live table of one channel. ``lock`` is the channel's: successive sessions of a
    channel share it, so that opening and stopping serialise with play."""

    def __init__(self, table: Table, lock: asyncio.Lock, ctx: SessionContext) -> None:
        self.table = table
        self.lock = lock
        self.ctx = ctx
        self.ended = False
        self._task: asyncio.Task[None] | None = None
        # Clear while a change is applied but not yet saved: what the table shows then may
        # be rolled back (a move's cards in a player's hand again), so readers that publish
        # it wait (:meth:`settled`).
        self._saved = asyncio.Event()
        self._saved.set()

    @property
    def channel_id(self) -> int:
        return self.table.channel_id

    @property
    def deadline(self) -> dt.datetime | None:
        return self.table.deadline

    async def settled(self) -> Table:
        """The table once no change is being written (never a position that may still be
        rolled back). Asked again on waking: the next change may have begun by then."""
        while not self._saved.is_set():
            await self._saved.wait()
        return self.table

    # ------------------------------------------------------------------ commit
    async def commit(self, change: Change, *, starting: bool = False) -> None:
        """Apply ``change`` and persist it, or restore the table as last saved and raise.

        The write has ``commit_timeout`` seconds, so an interaction is always answered in
        time: when the database is away the change is refused with "try again". A write
        that answers late but did commit counts as saved.
        """
        self._saved.clear()
        try:
            await self._commit(change, starting=starting)
        finally:
            self._saved.set()

    async def _commit(self, change: Change, *, starting: bool) -> None:
        table = self.table
        # The state as last saved (kept from the previous commit: no second serialisation).
        before = table.saved_state if table.saved_state is not None else table.to_state()
        version, messages, deadline = table.version, dict(table.messages), table.deadline
        turn_before = _turn_key(table)
        started = time.perf_counter()
        state: dict[str, Any] | None = None
        try:
            change(table)
            fair.draw_salts(table, self.ctx.salt)  # a game the change dealt gets its salt
            table.version += 1
            table.last_activity = self.ctx.now()
            # A change that is not a move (pings, a player back, a message id) keeps the
            # running timer: it restarted the turn's full time, again and again.
            same_turn = turn_before is not None and _turn_key(table) == turn_before
            self._set_deadline(keep=deadline if same_turn else None)
            work, state, one_statement = self._writes(starting=starting)
            await self.ctx.write(work, one_statement=one_statement)
            table.saved_state = state
            self.ctx.commit_times.append(time.perf_counter() - started)
        except BaseException as exc:
            if isinstance(exc, TimeoutError) and state is not None and await self._landed():
                # The write committed after all, only its answer came late: the change is
                # saved (refusing it left the table stuck at a version the store is past).
                table.saved_state = state
                log.info("late_write_saved table=%s version=%d", table.table_id, table.version)
                self.schedule()
                return
            # Whatever failed (the change, the store, a value the store refused, a
            # cancellation), the table in memory is the one last saved again.
            self.table = self.ctx.load(
                before, version=version, messages=messages, deadline=deadline
            )
            if isinstance(exc, ServiceError):
                raise  # the change refused itself (illegal move, lobby rule)
            if not isinstance(exc, Exception):
                raise
            log.warning(
                "not_saved table=%s guild=%s channel=%s error=%s: rolled back",
                table.table_id,
                table.guild_id,
                table.channel_id,
                type(exc).__name__,
            )
            if isinstance(exc, StaleTableError | TimeoutError) and await self._reload():
                # The stored table was ahead of ours (a write that timed out committed
                # later): it is the truth now, its turn needs its task and its messages
                # a refresh.
                self.schedule()
                await self.ctx.emit(TableEvent(TableEventKind.RESUMED, self.table))
            if isinstance(exc, COMMIT_FAILURES):
                # What publishes waited for the write (:meth:`settled`) and reads the
                # table as saved again: nothing to take back, no event (one per failed
                # write flooded the presenter while the database was away).
                raise ServiceError(ErrorKey.TRY_AGAIN) from exc
            raise
        self.schedule()

    async def save_new(self) -> None:
        """Write a new lobby in place of whatever the channel's row held."""
        table = self.table
        save, state, _ = self._writes()

        async def work(uow: UnitOfWork) -> None:
            await uow.delete_table(table.channel_id)
            await save(uow)

        try:
            await self.ctx.write(work)
        except STORE_FAILURES as exc:
            log.warning(
                "open_failed guild=%s channel=%s error=%s", table.guild_id, table.channel_id, exc
            )
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc
        table.saved_state = state

    async def delete(self, ended: dt.datetime) -> int:
        """Stop the table in the store (a running series is recorded as abandoned). Its row
        becomes a tombstone (status "stopped", the version returned) until the table's
        messages are marked stopped (:meth:`TableService.forget_stopped`)."""
        table = self.table
        tomb = {**(table.saved_state or table.to_state()), "status": TableStatus.STOPPED.value}
        version = table.version + 1

        async def work(uow: UnitOfWork) -> None:
            if table.status is TableStatus.PLAYING and table.series_key:
                await uow.abandon_series(table.guild_id, table.series_key, ended)
            await uow.save_table(
                table.guild_id,
                table.channel_id,
                version,
                tomb,
                dict(table.messages),
                {"turn_timeout": table.turn_timeout},
                None,
            )

        try:
            await self.ctx.write(work)
        except COMMIT_FAILURES as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc
        return version

    async def _stored(self) -> LiveTable | None:
        """The channel's stored table (None also when the store does not answer)."""
        try:
            return await asyncio.wait_for(
                self.ctx.store.load_table(self.channel_id), timeout=self.ctx.commit_timeout
            )
        except STORE_FAILURES:
            return None

    async def _landed(self) -> bool:
        """Whether the write of the table's current version is in the store (it timed
        out): under the table's lock nothing else writes that version of this channel."""
        live = await self._stored()
        return live is not None and live.version == self.table.version

    async def _reload(self) -> bool:
        """Take the stored table when it is ahead of ours; whether it was."""
        live = await self._stored()
        if live is None or live.version == self.table.version:
            return False
        self.table = self.ctx.load(
            live.state, version=live.version, messages=live.messages, deadline=live.deadline
        )
        log.info("reloaded table=%s version=%d", self.table.table_id, live.version)
        return True

    def _writes(self, *, starting: bool = False) -> TableWrite:
        return table_writes(self.table, self.ctx.now(), starting=starting)

    async def catch_up_records(self) -> None:
        """After a restart: record any finished game the store does not have yet."""
        if league_records.records_due(self.table):
            try:
                await self.commit(lambda t: None)
            except ServiceError:
                log.warning("records_not_caught_up table=%s", self.table.table_id)

    def grant_grace(self, seconds: float) -> None:
        """After a restart: the human to move has at least ``seconds`` (at most a whole
        turn's time) from now. The time the bot was down was not theirs: their clicks could
        only fail, and the turn played at once counted as their timeout, a third one
        marking them away."""
        table = self.table
        if table.deadline is None or not table.turn_timeout:
            return
        floor = self.ctx.now() + dt.timedelta(seconds=min(seconds, table.turn_timeout))
        table.deadline = max(table.deadline, floor)

    def _set_deadline(self, keep: dt.datetime | None = None) -> None:
        """The deadline of the human to move: ``keep`` (the running one, the same turn
        still), else the turn's full time from now."""
        table = self.table
        table.deadline = None
        if table.status is not TableStatus.PLAYING or table.series is None:
            return
        turn = table.series.turn
        if not table.turn_timeout or turn is None:
            return
        seat = table.seats[turn]
        if seat is not None and not seat.played_by_computer:
            table.deadline = keep or self.ctx.now() + dt.timedelta(seconds=table.turn_timeout)

    # ------------------------------------------------------------------ moves
    async def play_change(
        self,
        seat: int,
        action: Action,
        change: Change,
        *,
        by_computer: bool,
        timed_out: bool = False,
    ) -> list[TableEvent]:
        """Commit a move (``change`` applies it) and return the events it caused."""
        series = self.table.series
        assert series is not None
        games_before = len(series.results)
        shown = public_action(action)

        def full_change(t: Table) -> None:
            change(t)
            if by_computer and t.seat(seat).user_id is not None:  # for a human: not theirs
                t.auto_moves.append(len(series.actions) - 1)
            t.last_event = {
                "seat": seat,
                "kind": action.kind.value,
                "n": len(action.cards),
                "by_computer": by_computer,
                "timed_out": timed_out,
                "game": games_before + 1,  # the game it was played in
            }
            if series.over:
                t.status = TableStatus.FINISHED

        await self.commit(full_change)
        table = self.table
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
                TableEventKind.MOVE,
                table,
                seat=seat,
                action=shown,
                by_computer=by_computer,
                timed_out=timed_out,
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
            events.append(TableEvent(TableEventKind.GAME_OVER, table, result=result))
        outcome = series.outcome()
        if outcome is not None:
            events.append(TableEvent(TableEventKind.SERIES_OVER, table, outcome=outcome))
        return events

    # ------------------------------------------------------------------ the scheduled task
    def cancel(self) -> None:
        """Cancel the pending task (not awaited; it may be the current one)."""
        task, self._task = self._task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def detach_task(self) -> asyncio.Task[None] | None:
        """The pending task, no longer the session's (to cancel and await it elsewhere)."""
        task, self._task = self._task, None
        return task

    def end(self) -> None:
        """The session is over: nothing is scheduled any more."""
        self.ended = True
        self.cancel()

    def schedule(self, *, ask_computers: bool = True) -> None:
        """(Re)plan the one pending task of the table: a computer move or a turn timer."""
        self.cancel()
        table = self.table
        if self.ctx.closed or self.ended or table.status is not TableStatus.PLAYING:
            return
        series = table.series
        if series is None or series.turn is None:
            return
        version = table.version
        if computer.wants_to_act(table, series, ask_molodkas=ask_computers):
            coro = self._step_later(version, self.ctx.computer_delay, timed_out=False)
        elif table.deadline is not None:
            delay = max(0.0, (table.deadline - self.ctx.now()).total_seconds())
            coro = self._step_later(version, delay, timed_out=True)
        else:
            return
        self._task = asyncio.create_task(coro, name=f"table-{table.table_id}-v{version}")


def _turn_key(table: Table) -> tuple[object, ...] | None:
    """What a turn's timer belongs to: the table, the move, the seat to move, whether a
    human plays it and the timer's length (None: no turn running)."""
    series = table.series
    if table.status is not TableStatus.PLAYING or series is None or series.turn is None:
        return None
    seat = table.seats[series.turn]
    by_computer = seat is None or seat.played_by_computer
    return (table.table_id, len(series.actions), series.turn, by_computer, table.turn_timeout)
