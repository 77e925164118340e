"""Engine speed on one core, today's engine side by side with the frozen engine_v0.

Run: .venv/bin/python benchmarks/engine.py [--seconds 3] [--repeat 3]

A "full random deal" is a shuffle and deal followed by random legal play
(``legal_actions`` then ``apply``, fully validated) until the game is over. Both engines
play the very same deals and moves (the same RNG seed; their legal actions are identical,
tests/engine/test_differential.py), in alternating rounds so that a change of the host's
load hits both alike; the time is the process's CPU time (time.process_time), which a busy
host disturbs less than the wall clock. Printed: each round's figures and ratio, then the
best of each and the min/median of the rounds' ratios.
benchmarks/engine_v0/ is the engine as it was before the speed work (see its README).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import engine_v0  # noqa: E402  (benchmarks/engine_v0, the frozen copy)

import kozel_discord.engine as engine_now  # noqa: E402

ENGINES: tuple[tuple[str, ModuleType], ...] = (("v0", engine_v0), ("now", engine_now))


def deals_per_second(eng: ModuleType, seconds: float, seed: int) -> tuple[float, float]:
    """(full random deals per second, moves per second) for ``seconds`` of play."""
    game_cls: Any = eng.Game
    rng = random.Random(seed)
    n = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = game_cls.deal(rng, n % 4, (n + 1) % 4)
        n += 1
        while g.turn is not None:
            seat = g.turn
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            moves += 1
    elapsed = time.process_time() - start
    return n / elapsed, moves / elapsed


def legal_actions_per_second(eng: ModuleType, seconds: float, seed: int) -> float:
    """legal_actions calls per second for every seat of a pool of positions."""
    rng = random.Random(seed)
    positions = []
    for i in range(200):
        s = eng.Series(i)
        for _ in range(rng.randrange(0, 30)):
            seat = s.turn
            assert seat is not None
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        positions.append(s.game)
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for g in positions:
            for seat in range(4):
                g.legal_actions(seat)
            calls += 4
    return calls / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine and round")
    parser.add_argument("--repeat", type=int, default=3, help="alternating rounds")
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    print(f"load average before: {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "")
    deals: dict[str, list[float]] = {name: [] for name, _ in ENGINES}
    legal: dict[str, list[float]] = {name: [] for name, _ in ENGINES}
    ratios: list[float] = []
    for r in range(args.repeat):
        order = ENGINES if r % 2 == 0 else ENGINES[::-1]  # alternate who goes first
        for name, eng in order:
            deals[name].append(deals_per_second(eng, args.seconds, args.seed)[0])
            legal[name].append(legal_actions_per_second(eng, args.seconds / 2, args.seed))
        ratio = deals["now"][-1] / deals["v0"][-1]
        ratios.append(ratio)
        print(
            f"round {r + 1}: full random deals/s  v0 {deals['v0'][-1]:9,.0f}"
            f"   now {deals['now'][-1]:9,.0f}   ratio {ratio:5.2f}x"
        )
    best = {name: max(v) for name, v in deals.items()}
    best_la = {name: max(v) for name, v in legal.items()}
    print(
        f"full random deals per second (best):   v0 {best['v0']:10,.0f}   "
        f"now {best['now']:10,.0f}   ratio {best['now'] / best['v0']:5.2f}x"
    )
    print(
        f"legal_actions calls per second (best): v0 {best_la['v0']:10,.0f}   "
        f"now {best_la['now']:10,.0f}   ratio {best_la['now'] / best_la['v0']:5.2f}x"
    )
    print(
        f"per-round ratio of deals/s: min {min(ratios):.2f}x, "
        f"median {statistics.median(ratios):.2f}x"
    )


if __name__ == "__main__":
    main()
