"""Cost per move of writing a live table (PostgreSQL), three ways side by side in alternating
rounds over the same tables: a move's snapshot as one statement without a transaction block
(how the bot writes a move that ends no game), the same in a transaction (BEGIN, the
statement, COMMIT: how it wrote before, and still writes a game's end), and that on a pool
with ``pool_pre_ping`` (three more round trips per checkout; the setting before). CPU time
of this process and wall time per move.

Run: .venv/bin/python -m benchmarks.persistence [--tables 200] [--moves 200] [--rounds 4]
     [--database-url postgresql+asyncpg://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import random
import statistics
import time

from kozel_discord.engine import Series
from kozel_discord.service.table import Seat, Table
from kozel_discord.service.writes import table_writes
from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker, upgrade_database
from standin.postgres import temporary_database


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=200, help="moves per variant and round")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "KOZEL_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
        ),
    )
    args = parser.parse_args()
    async with temporary_database(args.database_url, "kozel_persist") as url:
        await upgrade_database(url)
        engine = create_engine(url)
        pinging = create_engine(url, pool_pre_ping=True)
        store = LeagueStore(create_sessionmaker(engine))
        variants = {
            "one statement": (store, True),
            "transaction": (store, False),
            "pre-ping + transaction": (LeagueStore(create_sessionmaker(pinging)), False),
        }
        rng = random.Random(1)
        now = dt.datetime.now(dt.UTC)
        tables = [
            Table(
                f"t{i}",
                1,
                1000 + i,
                1,
                "en-US",
                None,
                seats=[Seat(j + 1, f"p{j}") for j in range(4)],
                series=Series(i + 1),
                series_seed=i + 1,
                version=1,
            )
            for i in range(args.tables)
        ]
        for table in tables:
            await store.run(table_writes(table, now).work)
        turn = 0

        def move() -> Table:
            nonlocal turn
            while True:
                table = tables[turn % len(tables)]
                turn += 1
                series = table.series
                assert series is not None
                if not series.over:
                    break
                table.series = Series(rng.randrange(1 << 30))
            seat = series.turn
            assert seat is not None
            series.apply(seat, rng.choice(series.legal_actions(seat)))
            table.version += 1
            return table

        cpu: dict[str, list[float]] = {name: [] for name in variants}
        wall: dict[str, list[float]] = {name: [] for name in variants}
        for n in range(args.rounds):
            names = list(variants) if n % 2 == 0 else list(reversed(variants))
            for name in names:
                variant, one_statement = variants[name]
                start, started = time.process_time(), time.perf_counter()
                for _ in range(args.moves):
                    write = table_writes(move(), now)
                    single = one_statement and write.one_statement
                    await variant.run(write.work, one_statement=single)
                cpu[name].append((time.process_time() - start) * 1000 / args.moves)
                wall[name].append((time.perf_counter() - started) * 1000 / args.moves)
        await engine.dispose()
        await pinging.dispose()
    print(f"{args.tables} tables, {args.moves} moves x {args.rounds} rounds per variant")
    print("ms per move (the move in the engine, its snapshot and the write), per round:")
    for name in variants:
        for label, figures in (("CPU", cpu[name]), ("wall", wall[name])):
            rounds = " ".join(f"{v:.2f}" for v in figures)
            print(
                f"  {name:<23} {label:<4} {rounds}   min {min(figures):.2f}"
                f"  median {statistics.median(figures):.2f}"
            )
    for name in list(variants)[1:]:
        for label, times in (("CPU", cpu), ("wall", wall)):
            ratio = [b / a for a, b in zip(times["one statement"], times[name], strict=True)]
            print(
                f"{name} / one statement, {label}: min {min(ratio):.2f}x"
                f"  median {statistics.median(ratio):.2f}x"
            )


if __name__ == "__main__":
    asyncio.run(main())
