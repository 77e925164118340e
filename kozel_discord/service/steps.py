"""A table session's scheduled computer step (:class:`ComputerSteps`, a mixin of
:class:`~kozel_discord.service.session.TableSession`): the computers' decision made while
their delay runs, outside the table's lock, then played under it at the version it was
made for; a turn whose clock ran out played by the heuristic; a step the store refused
tried again."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ..engine import Action
from . import computer
from .context import Change, SessionContext
from .errors import ServiceError
from .events import TableEvent
from .table import AWAY_AFTER_TIMEOUTS, Table

log = logging.getLogger(__name__)

RETRY_AFTER_DB_ERROR = 2.0  # seconds before a computer move is tried again


class ComputerSteps:
    """The computers' step of a session (what the session provides is declared here)."""

    table: Table
    lock: asyncio.Lock
    ctx: SessionContext
    ended: bool

    if TYPE_CHECKING:

        @property
        def channel_id(self) -> int: ...

        async def settled(self) -> Table: ...

        def schedule(self, *, ask_computers: bool = True) -> None: ...

        async def play_change(
            self,
            seat: int,
            action: Action,
            change: Change,
            *,
            by_computer: bool,
            timed_out: bool = False,
        ) -> list[TableEvent]: ...

    async def _step_later(self, version: int, delay: float, *, timed_out: bool) -> None:
        if timed_out:  # the turn's clock ran out (a public time): the heuristic moves
            if delay > 0:
                await asyncio.sleep(delay)
            await self._run_step(version, timed_out=True)
            return
        # A computer's turn: decided while the delay runs, outside the table's lock, and
        # played when the delay is over. How long a search took (longer with more legal
        # moves, or while another computer holds a molodka it does not declare) told the
        # players about hidden cards, and moves and clicks waited behind it.
        table = await self.settled()  # the position as saved, at this version
        if self.ended or table.version != version:
            return
        deciding = asyncio.ensure_future(
            computer.decide(self.ctx.computers, computer.asked(table, timed_out=False))
        )
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            decision = await deciding
        finally:
            deciding.cancel()  # (done by now, unless this task was cancelled)
        await self._run_step(version, timed_out=False, decided=(decision,))

    async def _run_step(
        self,
        version: int,
        *,
        timed_out: bool,
        decided: tuple[tuple[int, Action] | None] | None = None,
    ) -> None:
        """The computers' step at ``version``: ``decided`` (the decision made at that
        version, in a 1-tuple), else decided now."""
        events: list[TableEvent] = []
        try:
            async with self.lock:
                if self.ended or self.table.version != version:
                    return
                events = await self._computer_step(timed_out=timed_out, decided=decided)
                if not events:
                    # The computers declined their molodkas: now only the turn timer runs.
                    self.schedule(ask_computers=False)
        except ServiceError as exc:
            log.warning(
                "computer_move_not_saved channel=%s reason=%s; retrying",
                self.channel_id,
                exc.key.value,
            )
            await self._retry_later(version, timed_out)
            return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer_move_failed channel=%s", self.channel_id)
            return
        for event in events:
            await self.ctx.emit(event)

    async def _retry_later(self, version: int, timed_out: bool) -> None:
        if self.ctx.closed:
            return
        await asyncio.sleep(RETRY_AFTER_DB_ERROR)
        if not self.ended and self.table.version == version:
            await self._run_step(version, timed_out=timed_out)

    async def _computer_step(
        self, *, timed_out: bool, decided: tuple[tuple[int, Action] | None] | None
    ) -> list[TableEvent]:
        series = self.table.series
        assert series is not None
        decision = decided[0] if decided is not None else None
        if decision is not None and decision[1] not in series.legal_actions(decision[0]):
            decided = None  # (never expected: it was decided at this version) decide again
        if decided is None:
            question = computer.asked(self.table, timed_out=timed_out)
            decision = await computer.decide(self.ctx.computers, question)
        if decision is None:
            return []
        seat, action = decision
        # A molodka out of turn is the computer's own; only the turn itself can time out.
        return await self._computer_apply(seat, action, timed_out=timed_out and seat == series.turn)

    async def _computer_apply(
        self, seat: int, action: Action, *, timed_out: bool
    ) -> list[TableEvent]:
        series = self.table.series
        assert series is not None

        def change(t: Table) -> None:
            series.apply(seat, action)
            if timed_out:
                s = t.seat(seat)
                s.timeouts += 1
                if s.timeouts >= AWAY_AFTER_TIMEOUTS:
                    s.away = True

        return await self.play_change(seat, action, change, by_computer=True, timed_out=timed_out)
