"""What every table session of a service shares (:class:`SessionContext`): the store, the
computer players, the clock, the pacing, the listeners and the figures of the stats line;
and which store failures refuse a change with "try again"."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..store import LeagueStore, StaleTableError, StoreUnavailable, UnitOfWork
from . import computer, fair
from .events import TableEvent
from .table import Table

#: A write that failed for one of these is refused with "try again" (nothing changed).
STORE_FAILURES: tuple[type[Exception], ...] = (StoreUnavailable, TimeoutError)
#: A commit that failed for one of these is rolled back.
COMMIT_FAILURES: tuple[type[Exception], ...] = (*STORE_FAILURES, StaleTableError)

Change = Callable[[Table], None]


class TableLoader(Protocol):
    """Builds a table from its stored state (the service's: it sets the series' seeds)."""

    def __call__(
        self,
        state: dict[str, Any],
        *,
        version: int,
        messages: dict[str, int],
        deadline: dt.datetime | None,
    ) -> Table: ...


@dataclass
class SessionContext:
    """What every session of a service shares: the store, the computer players, the clock,
    the pacing, the listeners and the figures of the stats line."""

    store: LeagueStore
    computers: computer.ComputerPlayers
    now: Callable[[], dt.datetime]
    emit: Callable[[TableEvent], Awaitable[None]]
    load: TableLoader = Table.from_state
    computer_delay: float = 1.0
    commit_timeout: float = 2.0
    salt: fair.SaltSource = fair.new_salt  # each game's salt of its fair-deal commitment
    closed: bool = False
    # Seconds spent waiting for table locks (human moves) and writing to the store.
    lock_waits: deque[float] = field(default_factory=lambda: deque(maxlen=4000))
    commit_times: deque[float] = field(default_factory=lambda: deque(maxlen=4000))

    async def write(
        self, work: Callable[[UnitOfWork], Awaitable[None]], *, one_statement: bool = False
    ) -> None:
        """One unit of work in the store, within ``commit_timeout`` seconds."""
        await asyncio.wait_for(
            self.store.run(work, one_statement=one_statement), timeout=self.commit_timeout
        )


__all__ = [
    "COMMIT_FAILURES",
    "STORE_FAILURES",
    "Change",
    "SessionContext",
    "TableLoader",
]
