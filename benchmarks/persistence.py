"""CPU per move of writing a live table (PostgreSQL): the unit of work on a plain connection
(how the bot writes now) side by side with the same unit on an ORM session (how it wrote
before), alternating rounds over the same tables, CPU time of this process.

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
        connection = LeagueStore(create_sessionmaker(engine))
        session = LeagueStore(create_sessionmaker(engine))
        session._engine = None  # the ORM session path (a store without a known engine)
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
            await connection.run(table_writes(table, now)[0])
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

        figures: dict[str, list[float]] = {"connection": [], "session": []}
        for _ in range(args.rounds):
            for name, store in (("session", session), ("connection", connection)):
                start = time.process_time()
                for _ in range(args.moves):
                    await store.run(table_writes(move(), now)[0])
                figures[name].append((time.process_time() - start) * 1000 / args.moves)
        await engine.dispose()
    print(f"{args.tables} tables, {args.moves} moves x {args.rounds} rounds per variant")
    print("CPU ms per move (the move in the engine, its snapshot and the write):")
    for name, values in figures.items():
        rounds = " ".join(f"{v:.2f}" for v in values)
        print(
            f"  {name:<11} {rounds}   min {min(values):.2f}  median {statistics.median(values):.2f}"
        )
    ratio = [s / c for s, c in zip(figures["session"], figures["connection"], strict=True)]
    print(
        f"session / connection per round: min {min(ratio):.2f}x"
        f"  median {statistics.median(ratio):.2f}x"
    )


if __name__ == "__main__":
    asyncio.run(main())
