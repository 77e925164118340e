"""Engine speed on one core: full random deals per second and legal_actions calls per second.

Run: .venv/bin/python benchmarks/engine.py [--seconds 5]
A "full random deal" is a shuffle and deal followed by random legal play
(``legal_actions`` then ``apply``, fully validated) until the game is over.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from kozel_discord.engine import Game, Series


def deals_per_second(seconds: float, rng: random.Random) -> tuple[float, int]:
    n = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game.deal(rng, n % 4, (n + 1) % 4)
        n += 1
        while g.turn is not None:
            seat = g.turn
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            moves += 1
    elapsed = time.perf_counter() - start
    return n / elapsed, moves


def legal_actions_per_second(seconds: float, rng: random.Random) -> float:
    # A pool of positions reached by random play, then legal_actions for every seat.
    positions = []
    for i in range(200):
        s = Series(i)
        for _ in range(rng.randrange(0, 30)):
            seat = s.turn
            assert seat is not None
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        positions.append(s.game)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for g in positions:
            for seat in range(4):
                g.legal_actions(seat)
            calls += 4
    return calls / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="best of N")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rng = random.Random(12345)
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    best = max(deals_per_second(args.seconds, rng)[0] for _ in range(args.repeat))
    print(f"full random deals per second:   {best:10,.0f}")
    la = max(legal_actions_per_second(args.seconds, rng) for _ in range(args.repeat))
    print(f"legal_actions calls per second: {la:10,.0f}")


if __name__ == "__main__":
    main()
