"""Sharding benchmark: two bot processes (shards 0 and 1) on one PostgreSQL database, loaded
past a Discord rate limit of 6 requests/s, with the budget shared through the database
(``KOZEL_RATE_LIMIT_SHARING=on``) and with each process keeping its own (``off``).

For each run and each mode it prints what the stand-in counted: the most requests with the
bot token in any 1-second window from the processes' start-up on, and, under load, the
requests per second and the busiest and median 1-second windows. Then min / median / max
over the runs. ``--busy N`` runs N busy loops beside it, so that a starved event loop sends
its requests late and bunched (the README's figures were taken with ``--busy 0`` beside a run
of the e2e folder and two busy loops, on this 2-core machine).

Run: .venv/bin/python -m benchmarks.sharding [--runs 3] [--busy 2]
     [--database-url postgresql+asyncpg://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from standin.harness import BotProcess
from standin.postgres import temporary_database
from standin.sharding import LIMIT, RateFigures, load_two_shards


async def _run(admin: str, workdir: Path, sharing: str) -> RateFigures:
    bots: list[BotProcess] = []
    workdir.mkdir(parents=True, exist_ok=True)
    async with temporary_database(admin, "kozel_shard") as url:
        try:
            return await load_two_shards(workdir, bots, url, sharing)
        finally:
            for bot in bots:
                await bot.stop()


def _summary(label: str, values: list[float], fmt: str = "{:.1f}") -> str:
    shown = ", ".join(fmt.format(v) for v in values)
    return (
        f"  {label + ':':34}{shown}   (min {fmt.format(min(values))}, "
        f"median {fmt.format(statistics.median(values))}, max {fmt.format(max(values))})"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--busy", type=int, default=0, help="busy loops beside the run")
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "KOZEL_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args()
    if args.runs < 1 or args.busy < 0:
        parser.error("--runs must be at least 1 and --busy at least 0")
    workdir = Path(tempfile.mkdtemp(prefix="kozel-sharding-"))
    busy = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(args.busy)]
    results: dict[str, list[RateFigures]] = {"on": [], "off": []}
    try:
        print(f"limit {LIMIT}/s, {args.runs} runs, {args.busy} busy loops, {os.cpu_count()} cores")
        for run in range(1, args.runs + 1):
            for sharing in ("on", "off"):
                figures = await _run(args.database_url, workdir / f"run{run}", sharing)
                results[sharing].append(figures)
                print(f"run {run}: {figures.line()}", flush=True)
    finally:
        for p in busy:
            p.kill()
    for sharing, label in (("on", "shared budget"), ("off", "each process its own budget")):
        runs = results[sharing]
        print(f"{label} (KOZEL_RATE_LIMIT_SHARING={sharing}):")
        print(
            _summary(
                "most in any 1 s from start-up", [r.most_in_any_second for r in runs], "{:.0f}"
            )
        )
        print(_summary("busiest 1 s window under load", [r.loaded_max for r in runs], "{:.0f}"))
        print(_summary("median 1 s window under load", [r.loaded_median for r in runs]))
        print(_summary("requests/s under load", [r.loaded_rate for r in runs]))
    print(f"bot logs: {workdir}")


if __name__ == "__main__":
    asyncio.run(main())
