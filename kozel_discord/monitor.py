"""Operational figures of a bot process: interactions, errors, games, event-loop lag.

Shown by ``/kozel stats`` (Manage Server) and logged as one ``stats`` line every
``KOZEL_STATS_INTERVAL`` seconds and at shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


@dataclass
class BotStats:
    started: float = field(default_factory=time.monotonic)
    interactions: int = 0
    errors: int = 0
    moves: int = 0
    games: int = 0
    series: int = 0
    lag_samples: deque[float] = field(default_factory=lambda: deque(maxlen=4000))
    lag_max: float = 0.0
    game_times: deque[float] = field(default_factory=lambda: deque(maxlen=10_000))

    def record_lag(self, lag: float) -> None:
        self.lag_samples.append(lag)
        self.lag_max = max(self.lag_max, lag)

    def record_game(self) -> None:
        self.games += 1
        self.game_times.append(time.monotonic())

    def games_last_hour(self) -> int:
        cutoff = time.monotonic() - 3600
        return sum(1 for t in self.game_times if t >= cutoff)

    @staticmethod
    def peak_rss_mib() -> float:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    def line(
        self,
        live_tables: int,
        lock_waits: list[float] | None = None,
        commit_times: list[float] | None = None,
    ) -> str:
        lags = list(self.lag_samples)
        extra = ""
        if lock_waits:
            extra += f" lock_wait_p99_ms={percentile(lock_waits, 0.99) * 1000:.1f}"
        if commit_times:
            extra += (
                f" commit_p50_ms={percentile(commit_times, 0.5) * 1000:.1f}"
                f" commit_p99_ms={percentile(commit_times, 0.99) * 1000:.1f}"
            )
        return (
            f"stats uptime={time.monotonic() - self.started:.0f}s live_tables={live_tables} "
            f"interactions={self.interactions} errors={self.errors} moves={self.moves} "
            f"games={self.games} games_last_hour={self.games_last_hour()} series={self.series} "
            f"loop_lag_p99_ms={percentile(lags, 0.99) * 1000:.1f} "
            f"loop_lag_max_ms={self.lag_max * 1000:.1f} peak_rss_mib={self.peak_rss_mib():.1f}"
            + extra
        )


class LagMonitor:
    """Measures how late the event loop wakes a task that sleeps ``interval`` seconds."""

    def __init__(self, stats: BotStats, interval: float = 0.1) -> None:
        self.stats = stats
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="loop-lag-monitor")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(self.interval)
            self.stats.record_lag(max(0.0, loop.time() - before - self.interval))


#: Seconds between two touches of the heartbeat file.
HEARTBEAT_INTERVAL = 30.0


class Heartbeat:
    """Touches ``path`` every ``interval`` seconds while ``alive()`` says the bot is
    connected; ``kozel-discord health`` checks that the file is fresh. The file holds the
    time of the last beat (seconds since the epoch) and nothing else."""

    def __init__(
        self, path: str | Path, alive: Callable[[], bool], interval: float = HEARTBEAT_INTERVAL
    ) -> None:
        self.path = Path(path)
        self.alive = alive
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    def beat(self) -> None:
        try:
            self.path.write_text(f"{time.time():.0f}\n")
        except OSError as exc:
            log.warning("heartbeat file %s not written: %s", self.path, exc)

    def start(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink()  # a beat of an earlier run does not count
        self._task = asyncio.create_task(self._run(), name="heartbeat")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(OSError):
            self.path.unlink()

    async def _run(self) -> None:
        # Looks every second (or sooner), so the first beat follows the connection at once.
        poll = min(1.0, self.interval)
        last: float | None = None
        while True:
            if not self.alive():
                last = None
            elif last is None or time.monotonic() - last >= self.interval:
                self.beat()
                last = time.monotonic()
            await asyncio.sleep(poll)
