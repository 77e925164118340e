"""A table session's scheduled computer step (:class:`ComputerSteps`, a mixin of
:class:`~kozel_discord.service.session.TableSession`): the computers' decision made while
their delay runs, outside the table's lock, then played under it at the version it was
made for; a turn whose clock ran out played by the heuristic; a move the store refused
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
        """The computers' step at ``version``, ``delay`` seconds from now: decided outside
        the table's lock, then played under it. A computer's own turn is decided while its
        delay runs, and played when the delay is over: how long a search took (longer with
        more legal moves, or while another computer holds a molodka it does not declare)
        told the players about hidden cards, and moves and clicks waited behind it. A turn
        whose clock ran out (a public time) is decided then, by the heuristic."""
        if timed_out and delay > 0:
            await asyncio.sleep(delay)
        table = await self.settled()  # the position as saved, at this version
        if self.ended or table.version != version:
            return
        question = computer.asked(table, timed_out=timed_out)
        deciding = asyncio.ensure_future(computer.decide(self.ctx.computers, question))
        try:
            if not timed_out and delay > 0:
                await asyncio.sleep(delay)
            decision = await deciding
        finally:
            deciding.cancel()  # (done by now, unless this task was cancelled)
        await self._run_step(version, decision, timed_out=timed_out)

    async def _run_step(
        self, version: int, decision: tuple[int, Action] | None, *, timed_out: bool
    ) -> None:
        """Play ``decision``, made at ``version``, if the table is still there (None: the
        computers declined their molodkas, now only the turn timer runs)."""
        events: list[TableEvent] = []
        try:
            async with self.lock:
                if self.ended or self.table.version != version:
                    return
                series = self.table.series
                assert series is not None
                if decision is None:
                    self.schedule(ask_computers=False)
                    return
                seat, action = decision
                if action not in series.legal_actions(seat):  # (never expected) ask again
                    self.schedule()
                    return
                # A molodka out of turn is the computer's own; only the turn times out.
                events = await self._computer_apply(
                    seat, action, timed_out=timed_out and seat == series.turn
                )
        except ServiceError as exc:
            log.warning(
                "computer_move_not_saved channel=%s reason=%s; retrying",
                self.channel_id,
                exc.key.value,
            )
            await self._retry_later(version, decision, timed_out)
            return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer_move_failed channel=%s", self.channel_id)
            return
        for event in events:
            await self.ctx.emit(event)

    async def _retry_later(
        self, version: int, decision: tuple[int, Action] | None, timed_out: bool
    ) -> None:
        if self.ctx.closed:
            return
        await asyncio.sleep(RETRY_AFTER_DB_ERROR)
        if not self.ended and self.table.version == version:
            await self._run_step(version, decision, timed_out=timed_out)

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
