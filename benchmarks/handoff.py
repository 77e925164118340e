"""What handing work off the event loop costs the bot, beside the work itself.

1. The quick computer levels' decisions (heuristic, random; the out-of-turn molodka check):
   CPU time per decision over random positions. The bot makes them on its event loop, since
   a thread handoff costs the loop more than that.
2. A picture's handoff to a draw process: the bot process's CPU time (all its threads) and
   wall time per task for a ``ProcessPoolExecutor`` (how the bot draws) beside one pipe per
   worker process read by asyncio, for the same task (a small pickled state in, 20 KB of
   PNG-sized bytes out, the work itself nothing), in alternating rounds.

    python -m benchmarks.handoff [--decisions 6000] [--tasks 3000] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import pickle
import random
import statistics
import struct
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from kozel_discord.engine import Series, observe
from kozel_discord.service.computer import _choose, _molodka

PICTURE = os.urandom(20_000)
STATE = ("table", tuple(range(40)), "x" * 300)  # about a TableState's pickled size

WORKER = r"""
import os, pickle, struct, sys
picture = os.urandom(20_000)
read, write = sys.stdin.buffer, sys.stdout.buffer
while head := read.read(4):
    pickle.loads(read.read(struct.unpack("!I", head)[0]))
    out = pickle.dumps(picture)
    write.write(struct.pack("!I", len(out)) + out)
    write.flush()
"""


def decisions(n: int) -> None:
    rng = random.Random(1)
    series = Series(1)
    times: dict[str, list[float]] = {"heuristic": [], "random": [], "molodka check": []}
    for k in range(n):
        if series.over:
            series = Series(rng.randrange(1 << 30))
        seat = series.turn
        assert seat is not None
        obs = observe(series, seat)
        for level in ("heuristic", "random"):
            start = time.process_time()
            _choose(level, obs, f"s{k}", None)
            times[level].append(time.process_time() - start)
        start = time.process_time()
        _molodka("heuristic", obs, f"s{k}", None)
        times["molodka check"].append(time.process_time() - start)
        series.apply(seat, rng.choice(series.legal_actions(seat)))
    print(f"quick decisions, {n} positions, CPU ms per decision:")
    for name, values in times.items():
        values.sort()
        print(
            f"  {name:<14} p50 {statistics.median(values) * 1e3:.3f}"
            f"  p99 {values[int(len(values) * 0.99)] * 1e3:.3f}  max {values[-1] * 1e3:.3f}"
        )


def _draw(_state: object) -> bytes:
    return PICTURE


async def _pool(n: int) -> tuple[float, float]:
    loop = asyncio.get_running_loop()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        await asyncio.gather(*(loop.run_in_executor(pool, _draw, i) for i in range(20)))
        slots = asyncio.Semaphore(4)  # as the bot: at most 2 x processes at a time

        async def one() -> bytes:
            async with slots:
                return await loop.run_in_executor(pool, _draw, STATE)

        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.gather(*(one() for _ in range(n)))
        return (time.process_time() - cpu) / n * 1e3, (time.perf_counter() - wall) / n * 1e3


async def _pipes(n: int) -> tuple[float, float]:
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            WORKER,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=1 << 20,
        )
        for _ in range(2)
    ]
    locks = [asyncio.Lock() for _ in workers]

    async def one(k: int) -> bytes:
        worker, lock = workers[k % 2], locks[k % 2]
        assert worker.stdin is not None and worker.stdout is not None
        async with lock:
            data = pickle.dumps(STATE)
            worker.stdin.write(struct.pack("!I", len(data)) + data)
            size = struct.unpack("!I", await worker.stdout.readexactly(4))[0]
            picture: bytes = pickle.loads(await worker.stdout.readexactly(size))
            return picture

    await asyncio.gather(*(one(k) for k in range(20)))
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(*(one(k) for k in range(n)))
    figures = (time.process_time() - cpu) / n * 1e3, (time.perf_counter() - wall) / n * 1e3
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.close()
        await worker.wait()
    return figures


async def handoffs(n: int, rounds: int) -> None:
    got: dict[str, list[tuple[float, float]]] = {"process pool": [], "pipes": []}
    for r in range(rounds):
        order = ("process pool", "pipes") if r % 2 == 0 else ("pipes", "process pool")
        for name in order:
            got[name].append(await (_pool(n) if name == "process pool" else _pipes(n)))
    print(f"a picture's handoff, {n} tasks x {rounds} rounds, the bot's ms per task:")
    for name, figures in got.items():
        cpu = " ".join(f"{c:.3f}" for c, _ in figures)
        wall = " ".join(f"{w:.3f}" for _, w in figures)
        print(f"  {name:<13} CPU {cpu}   wall {wall}")
    ratio = [p[0] / q[0] for p, q in zip(got["process pool"], got["pipes"], strict=True)]
    print(f"process pool / pipes, CPU per round: {' '.join(f'x{r:.2f}' for r in ratio)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=6000)
    parser.add_argument("--tasks", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    decisions(args.decisions)
    asyncio.run(handoffs(args.tasks, args.rounds))


if __name__ == "__main__":
    main()
