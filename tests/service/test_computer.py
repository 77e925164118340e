"""Where computer decisions run: the searching player in worker processes, the quick
levels on the event loop itself (a fraction of a millisecond, less than a thread handoff)."""

from __future__ import annotations

import os
import random
import threading

from kozel_discord.engine import Series, observe
from kozel_discord.service.computer import ComputerPlayers


async def test_strong_player_decides_in_a_worker_process_and_others_on_the_loop() -> None:
    series = Series(9)
    rng = random.Random(9)
    for _ in range(5):
        seat = series.turn
        assert seat is not None
        series.apply(seat, rng.choice(series.legal_actions(seat)))
    seat = series.turn
    assert seat is not None
    obs = observe(series, seat)
    players = ComputerPlayers(processes=1)
    try:
        await players.start()
        assert players._pool is not None, "the worker process is running"
        assert await players.run("strong", os.getpid) != os.getpid()
        assert await players.run("heuristic", threading.get_ident) == threading.get_ident()
        for level in ("strong", "heuristic", "random"):
            action = await players.choose(level, obs, "seed")
            assert action in obs.legal_actions
        # Deterministic for a seed: the same decision twice (heuristic: no time budget).
        first = await players.choose("heuristic", obs, "s")
        assert await players.choose("heuristic", obs, "s") == first
    finally:
        await players.close()
    assert players._pool is None
