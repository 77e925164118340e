"""Where the pictures are drawn: off the bot's GIL, in a few worker processes.

Drawing a picture costs a few milliseconds of CPU in Pillow, much of it holding the GIL:
in a thread of the bot, 50 busy tables stalled the event loop for seconds (answer p99
4.8 s). So :class:`Drawer` sends the hashable state of a picture (only what it shows,
from an observation) to a small pool of worker processes (``KOZEL_DRAW_PROCESSES``;
0: a worker thread, for tests and tools), at most ``2 x processes`` at a time and table
pictures (edits, which have no deadline) at most one per worker, so that a board picture
(an interaction answer) never queues behind many of them; it keeps the PNGs it got back
in an LRU cache keyed by that state. A broken pool is restarted
once and otherwise falls back to a thread: a picture never stalls a table.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final, TypeVar

from ..engine import Observation
from ..workers import spawn_pool
from . import pictures
from .pictures import FinishedTrick, Labels
from .pictures.hand import HandState, hand_state
from .pictures.table import TableState, table_state

log = logging.getLogger(__name__)

CACHE_SIZE: Final = 1024
S = TypeVar("S", TableState, HandState)


def _table_png(state: TableState) -> bytes:
    return pictures.table_png(state)


def _hand_png(state: HandState) -> bytes:
    return pictures.hand_png(state)


def _warm_up() -> None:
    """Build the palette and the card sprites in a fresh worker before its first picture."""
    pictures.warm_up()


class Drawer:
    """Draws table and board pictures in ``processes`` worker processes (0: a thread)."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(max(1, 2 * processes))
        # Table pictures (edits, no deadline) take at most one worker each, so that a
        # board picture (an interaction answer, due within 3 s) waits for one draw at most.
        self._table_slots = asyncio.Semaphore(max(1, processes))
        self._cache: OrderedDict[object, bytes] = OrderedDict()

    def _executor(self) -> ProcessPoolExecutor | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            self._pool = spawn_pool(self.processes)
        return self._pool

    async def start(self) -> None:
        """Start the workers (and warm their caches) now rather than on the first picture."""
        loop = asyncio.get_running_loop()
        if self.processes <= 0:
            await asyncio.to_thread(_warm_up)
            return
        pool = self._executor()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm_up) for _ in range(self.processes)))

    async def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def table(
        self, obs: Observation, labels: Labels, last_trick: FinishedTrick | None = None
    ) -> bytes:
        """The public table picture of ``obs`` (see :func:`.pictures.draw_table`)."""
        state = table_state(obs, labels, last_trick)
        if state in self._cache:
            return await self._draw(state, _table_png)
        async with self._table_slots:
            return await self._draw(state, _table_png)

    async def hand(
        self, obs: Observation, labels: Labels, last_trick: FinishedTrick | None = None
    ) -> bytes:
        """A seat's board picture of ``obs`` (see :func:`.pictures.draw_hand`)."""
        return await self._draw(hand_state(obs, labels, last_trick), _hand_png)

    async def _draw(self, state: S, fn: Callable[[S], bytes]) -> bytes:
        cached = self._cache.get(state)
        if cached is not None:
            self._cache.move_to_end(state)
            return cached
        async with self._slots:
            png = await self._run(state, fn)
        self._cache[state] = png
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return png

    async def _run(self, state: S, fn: Callable[[S], bytes]) -> bytes:
        loop = asyncio.get_running_loop()
        pool = self._executor()
        if pool is None:
            return await asyncio.to_thread(fn, state)
        try:
            return await loop.run_in_executor(pool, fn, state)
        except BrokenProcessPool:
            log.warning("draw_pool_broken: restarting it")
            self._pool = None
        try:
            return await loop.run_in_executor(self._executor(), fn, state)
        except BrokenProcessPool:
            log.warning("draw_pool_broken again: drawing in a thread")
            self._pool = None
            return await asyncio.to_thread(fn, state)


_drawer = Drawer(0)


def drawer() -> Drawer:
    """The drawer the bot set up (:func:`use`); a thread-backed one until then."""
    return _drawer


def use(d: Drawer) -> Drawer:
    """Make ``d`` the drawer of every table and board picture; returns it."""
    global _drawer
    _drawer = d
    return d
