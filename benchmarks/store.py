"""Benchmark of the league store on PostgreSQL.

    .venv/bin/python -m benchmarks.store [--players 10000] [--games 100000]

Admin URL: ``KOZEL_BENCH_POSTGRES_URL``, else ``KOZEL_TEST_POSTGRES_URL``, else
``postgresql+asyncpg://postgres@127.0.0.1:5432/postgres``. The benchmark creates its own
temporary database, migrates it, and drops it at the end. Its made-up games, and the big
server's bulk load, are in ``store_data.py``.

Prints:
* games recorded per second through ``LeagueStore.record_game`` (sequential and concurrent);
* ``standings`` latency p50/p95 in one server with ``--players`` players and ``--games``
  games (bulk-loaded with COPY), for several sorts and pages, plus ``player_profile`` and
  ``recent_series``, and a timed sample of ``record_game`` into that big server.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine
from store_data import T0, bulk_load, game_result  # benchmarks/: the made-up league

from kozel_discord.settings import normalise_database_url
from kozel_discord.store import (
    GameResult,
    LeagueStore,
    SeatSpec,
    SeriesStart,
    create_engine,
    create_sessionmaker,
    upgrade_database,
)
from standin.postgres import admin_sql

log = logging.getLogger(__name__)

DEFAULT_ADMIN_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"


def admin_url() -> str:
    url = (
        os.environ.get("KOZEL_BENCH_POSTGRES_URL")
        or os.environ.get("KOZEL_TEST_POSTGRES_URL")
        or DEFAULT_ADMIN_URL
    )
    return normalise_database_url(url)


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return p50 * 1000, p95 * 1000, ordered[-1] * 1000


async def timed(samples: int, call: Callable[[int], Awaitable[Any]]) -> tuple[float, float, float]:
    durations = []
    for i in range(samples):
        start = time.perf_counter()
        await call(i)
        durations.append(time.perf_counter() - start)
    return percentiles(durations)


# --------------------------------------------------------------------------- throughput
async def start_series(store: LeagueStore, start: SeriesStart) -> bool:
    return await store.run(lambda uow: uow.start_series(start))


async def record_game(store: LeagueStore, game: GameResult) -> bool:
    return await store.run(lambda uow: uow.record_game(game))


async def bench_recording(store: LeagueStore, concurrency: int, series_count: int) -> None:
    rng = random.Random(1)
    guild = 1_000 + concurrency
    players = list(range(1, 41))

    async def start() -> str:
        key = str(uuid.uuid4())
        seats = tuple(
            SeatSpec(seat=s, user_id=u, display_name=f"player {u}")
            for s, u in enumerate(rng.sample(players, 4))
        )
        await start_series(store, SeriesStart(guild, 1, key, seats, T0))
        return key

    keys = [await start() for _ in range(series_count)]
    games = [game_result(guild, key, n, rng) for key in keys for n in range(1, 9)]
    begin = time.perf_counter()
    if concurrency == 1:
        for game in games:
            await record_game(store, game)
    else:
        # One task per series (games of a series are sequential, like at a real table).
        async def table(key: str) -> None:
            for game in (g for g in games if g.series_key == key):
                await record_game(store, game)

        semaphore = asyncio.Semaphore(concurrency)

        async def limited(key: str) -> None:
            async with semaphore:
                await table(key)

        await asyncio.gather(*(limited(k) for k in keys))
    elapsed = time.perf_counter() - begin
    label = "sequential" if concurrency == 1 else f"{concurrency} concurrent tables"
    print(f"record_game, {label:>22}: {len(games) / elapsed:8.0f} games/s ({len(games)} games)")


# ------------------------------------------------------------------------------ queries
async def bench_queries(
    store: LeagueStore, engine: AsyncEngine, guild: int, players: int, games: int
) -> None:
    begin = time.perf_counter()
    keys = await bulk_load(engine, guild, players, games)
    print(
        f"bulk load: {players} players, {len(keys)} series, {len(keys) * 8} games "
        f"in {time.perf_counter() - begin:.1f}s"
    )
    rng = random.Random(3)
    first = await store.standings(guild)
    pages = first.pages
    print(f"standings: {first.total} players listed, {pages} pages of 10")
    for _ in range(20):  # warm-up
        await store.standings(guild, page=rng.randrange(pages))
    cases: list[tuple[str, Callable[[int], Awaitable[Any]]]] = [
        ("standings rating, page 0", lambda i: store.standings(guild)),
        (
            "standings rating, random page",
            lambda i: store.standings(guild, page=rng.randrange(pages)),
        ),
        ("standings rating, last page", lambda i: store.standings(guild, page=pages - 1)),
        ("standings series_won, page 0", lambda i: store.standings(guild, sort="series_won")),
        (
            "standings goats, random page",
            lambda i: store.standings(guild, sort="goats", page=rng.randrange(pages)),
        ),
        (
            "standings eggs, random page",
            lambda i: store.standings(guild, sort="eggs", page=rng.randrange(pages)),
        ),
        (
            "player_profile",
            lambda i: store.player_profile(guild, 10**17 + rng.randrange(players) * 7919),
        ),
        ("recent_series", lambda i: store.recent_series(guild)),
        ("get_series_games", lambda i: store.get_series_games(guild, rng.choice(keys))),
    ]
    for name, call in cases:
        p50, p95, worst = await timed(200, call)
        print(f"{name:32} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   max {worst:6.2f} ms")

    # A timed sample through record_game into the big server (ranked, rating updates).
    user_ids = [10**17 + i * 7919 for i in range(players)]
    sample_keys = []
    for _ in range(25):
        key = str(uuid.uuid4())
        seats = tuple(
            SeatSpec(seat=s, user_id=u, display_name=f"player {u % 100000}")
            for s, u in enumerate(rng.sample(user_ids, 4))
        )
        await start_series(store, SeriesStart(guild, 4242, key, seats, T0))
        sample_keys.append(key)
    sample = [game_result(guild, k, n, rng) for k in sample_keys for n in range(1, 9)]
    begin = time.perf_counter()
    for game in sample:
        assert await record_game(store, game)
    elapsed = time.perf_counter() - begin
    print(
        f"record_game into the big server: {len(sample) / elapsed:.0f} games/s sequential "
        f"({len(sample)} games)"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()

    admin_db = admin_url()
    name = f"kozel_bench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    url = make_url(admin_db).set(database=name).render_as_string(hide_password=False)
    await admin_sql(admin_db, f'CREATE DATABASE "{name}"')
    try:
        await upgrade_database(url)
        engine = create_engine(url, pool_size=max(5, args.concurrency), max_overflow=0)
        try:
            store = LeagueStore(create_sessionmaker(engine))
            print(f"PostgreSQL benchmark database {name}")
            await bench_recording(store, 1, 40)
            await bench_recording(store, args.concurrency, 120)
            await bench_queries(store, engine, 777, args.players, args.games)
        finally:
            await engine.dispose()
    finally:
        await admin_sql(admin_db, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(main())
