"""Computer players for the live tables.

``random`` and ``heuristic`` decide in microseconds, on the event loop (cheaper than any
handoff). ``strong``
searches for up to ~200 ms of CPU per decision: in a thread it would hold the GIL and stall
the event loop (measured: loop lag p99 ~200 ms with 20 tables of strong players), so it
runs in a small pool of worker processes. A player only ever receives an observation.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ..ai import SearchBudget, worker
from ..engine import Action, Observation, Series, observe
from ..workers import spawn_pool
from .table import Table

log = logging.getLogger(__name__)

TIMEOUT_LEVEL = "heuristic"  # plays a timed-out or away human's turn
HINT_LEVEL = "strong"  # suggests a move at a table with hints on
SEARCHING_LEVELS = frozenset({"strong"})


# The functions the worker processes run (ai/worker.py: a worker imports only ai + engine).
_choose, _molodka, _warm_up = worker.choose, worker.molodka, worker.warm_up


def fallback_choice(obs: Observation, seed: str) -> Action:
    """The heuristic's move, decided right here (it takes microseconds): used when a
    player failed, so that a table never stalls."""
    return _choose(TIMEOUT_LEVEL, obs, seed)


def level_of(table: Table, seat: int) -> str:
    """The level that plays ``seat``: its computer's, or the stand-in's for an away human."""
    return table.seat(seat).level or TIMEOUT_LEVEL


def molodka_seats(table: Table, series: Series) -> list[int]:
    """The computer-played seats (other than the one to move) that may declare a molodka
    now, in priority order (5.3)."""
    turn = series.turn
    return [i for i in series.molodka_claimants() if i != turn and table.seat(i).played_by_computer]


def wants_to_act(table: Table, series: Series, *, ask_molodkas: bool) -> bool:
    """Whether a computer has something to decide now: its own move, or (``ask_molodkas``)
    an out-of-turn molodka."""
    turn = series.turn
    if turn is None:
        return False
    if table.seat(turn).played_by_computer:
        return True
    return ask_molodkas and bool(molodka_seats(table, series))


class ComputerPlayers:
    """Runs decisions: searching levels in ``processes`` worker processes (0: threads), the
    others on the event loop (they take a fraction of a millisecond)."""

    def __init__(self, processes: int = 2, budget: SearchBudget | None = None) -> None:
        self.processes = processes
        self.budget = budget  # how hard the searching levels think (None: the default)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self, level: str) -> Executor | None:
        if self.processes <= 0:
            return None  # the default thread pool
        if self._pool is None:
            self._pool = spawn_pool(self.processes)
        return self._pool

    async def start(self) -> None:
        """Start the worker processes now rather than on the first hard computer's move."""
        if self.processes > 0:
            pool = self._executor(next(iter(SEARCHING_LEVELS)))
            loop = asyncio.get_running_loop()
            await asyncio.gather(
                *(loop.run_in_executor(pool, _warm_up) for _ in range(self.processes))
            )

    async def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def _run(
        self, level: str, fn: Callable[..., object], obs: Observation, seed: str
    ) -> object:
        return await self.run(level, fn, level, obs, seed, self.budget)

    async def run(self, level: str, fn: Callable[..., object], *args: object) -> object:
        """``fn(*args)`` where ``level``'s decisions run (a worker process for a searching
        level); a broken pool is restarted once. ``fn`` and ``args`` must pickle."""
        if level not in SEARCHING_LEVELS:
            # Decided on the loop: a heuristic move takes ~0.15 ms (p99 ~0.3 ms), less than
            # handing it to a thread and back costs the loop (benchmarks/handoff.py).
            return fn(*args)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(level), fn, *args)
        except BrokenProcessPool:
            log.warning("computer_pool_broken level=%s: restarting it", level)
            self._pool = None
            return await loop.run_in_executor(self._executor(level), fn, *args)

    async def choose(self, level: str, obs: Observation, seed: str) -> Action:
        """The computer's move for the seat that ``obs`` belongs to (only what it may see)."""
        action = await self._run(level, _choose, obs, seed)
        assert isinstance(action, Action)
        return action

    async def wants_molodka(self, level: str, obs: Observation, seed: str) -> Action | None:
        """Whether a computer seat declares its molodka out of turn now."""
        wish = await self._run(level, _molodka, obs, seed)
        assert wish is None or isinstance(wish, Action)
        return wish


@dataclass(frozen=True)
class Asked:
    """What the computers decide on at one moment of a table: each seat's observation,
    taken at once (the table may change while they think; a decision is played only at
    the version it was asked at)."""

    base: str  # the seeds' prefix: the series and the move
    table_id: str
    molodkas: tuple[tuple[int, Observation, str], ...]  # (seat, its view, level) by priority
    mover: tuple[int, Observation, str] | None  # the seat to move, if a computer plays it


def asked(table: Table, *, timed_out: bool) -> Asked | None:
    """The computers' questions at ``table`` now (None: nobody is to move). Out-of-turn
    molodkas of computer seats come first, in priority order (5.3); then the move of the
    seat to play, if a computer plays it or its turn ``timed_out``."""
    series = table.series
    assert series is not None
    turn = series.turn
    if turn is None:
        return None
    base = f"{table.series_seed}/{len(series.actions)}"
    molodkas = tuple(
        (i, observe(series, i), level_of(table, i)) for i in molodka_seats(table, series)
    )
    moves = table.seat(turn).played_by_computer or timed_out
    mover = (turn, observe(series, turn), level_of(table, turn)) if moves else None
    return Asked(base, table.table_id, molodkas, mover)


async def decide(players: ComputerPlayers, question: Asked | None) -> tuple[int, Action] | None:
    """The computers' next decision on ``question`` (:func:`asked`): (seat, action), or
    None when none acts. A failing player never stalls the table: it declares no molodka,
    and the heuristic moves for it."""
    if question is None:
        return None
    base = question.base
    for i, obs, level in question.molodkas:
        try:
            wish = await players.wants_molodka(level, obs, f"{base}/m{i}")
        except Exception:
            log.exception("computer_failed table=%s seat=%d: no molodka", question.table_id, i)
            wish = None
        if wish is not None and wish in obs.legal_actions:
            return i, wish
    if question.mover is None:
        return None
    turn, obs, level = question.mover
    action: Action | None
    try:
        action = await players.choose(level, obs, f"{base}/{turn}")
    except Exception:
        log.exception("computer_failed table=%s seat=%d level=%s", question.table_id, turn, level)
        action = None
    if action is None or action not in obs.legal_actions:
        action = fallback_choice(obs, f"{base}/{turn}")
    return turn, action


async def suggest(players: ComputerPlayers, table: Table, obs: Observation) -> Action:
    """A hint: the strongest computer's move for the seat of ``obs`` (its observation only;
    a failing player falls back to the heuristic's move, so a hint is always answered)."""
    series = table.series
    assert series is not None and obs.seat is not None
    seed = f"{table.series_seed}/{len(series.actions)}/hint{obs.seat}"
    try:
        action = await players.choose(HINT_LEVEL, obs, seed)
    except Exception:
        log.exception("hint_failed table=%s seat=%d", table.table_id, obs.seat)
        return fallback_choice(obs, seed)
    return action if action in obs.legal_actions else fallback_choice(obs, seed)
