"""Benchmark of the league store on PostgreSQL.

    .venv/bin/python -m benchmarks.store [--players 10000] [--games 100000]

Admin URL: ``KOZEL_BENCH_POSTGRES_URL``, else ``KOZEL_TEST_POSTGRES_URL``, else
``postgresql+asyncpg://postgres@127.0.0.1:5432/postgres``. The benchmark creates its own
temporary database, migrates it, and drops it at the end.

Prints:
* games recorded per second through ``LeagueStore.record_game`` (sequential and concurrent);
* ``standings`` latency p50/p95 in one server with ``--players`` players and ``--games``
  games (bulk-loaded with COPY), for several sorts and pages, plus ``player_profile`` and
  ``recent_series``, and a timed sample of ``record_game`` into that big server.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
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

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

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
from kozel_discord.store.rating import ordinal
from standin.postgres import admin_sql

log = logging.getLogger(__name__)

DEFAULT_ADMIN_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def admin_url() -> str:
    url = (
        os.environ.get("KOZEL_BENCH_POSTGRES_URL")
        or os.environ.get("KOZEL_TEST_POSTGRES_URL")
        or DEFAULT_ADMIN_URL
    )
    return normalise_database_url(url)


def game_result(guild_id: int, key: str, number: int, rng: random.Random) -> GameResult:
    eggs = rng.random() < 0.05
    if eggs:
        card_points, dp, winner = (60, 60), (0, 0), None
    else:
        winner = rng.randrange(2)
        loser_points = rng.randrange(0, 60)
        points = rng.choice((2, 2, 2, 4, 6))
        card_points = (
            (120 - loser_points, loser_points)
            if winner == 0
            else (loser_points, 120 - loser_points)
        )
        dp = (0, points) if winner == 0 else (points, 0)
    return GameResult(
        guild_id=guild_id,
        series_key=key,
        number=number,
        dealer=(number - 1) % 4,
        first_leader=number % 4,
        trump_card=rng.choice(("7♠", "10♥", "A♦", "K♣")),
        card_points=card_points,
        tricks=(5, 3) if winner == 0 else (3, 5),
        defeat_points=dp,
        eggs=eggs,
        last_trick_taker=rng.randrange(4),
        record={"seed": rng.getrandbits(48), "actions": [[i % 4, "play:A♠"] for i in range(32)]},
        finished_at=T0 + dt.timedelta(minutes=number),
    )


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


# ---------------------------------------------------------------------------- bulk load
async def bulk_load(engine: AsyncEngine, guild: int, players: int, games: int) -> list[str]:
    """One server with ``players`` players and ``games`` games in series of 8 games, loaded
    with COPY. Player counters are computed from the generated games; ratings are random."""
    rng = random.Random(7)
    user_ids = [10**17 + i * 7919 for i in range(players)]
    stats = {
        u: dict.fromkeys(
            (
                "series_played",
                "series_won",
                "series_lost",
                "goats_with_eggs",
                "games_played",
                "games_won",
                "games_lost",
                "games_eggs",
                "defeat_points_taken",
                "defeat_points_inflicted",
            ),
            0,
        )
        for u in user_ids
    }
    series_rows, seat_rows, game_rows, keys = [], [], [], []
    games_per_series = 8
    async with engine.connect() as conn:
        first_id = int((await conn.scalar(text("SELECT coalesce(max(id), 0) FROM series"))) or 0)
    for series_id in range(first_id + 1, first_id + games // games_per_series + 1):
        key = str(uuid.uuid4())
        keys.append(key)
        lineup = rng.sample(user_ids, 4)
        started = T0 + dt.timedelta(minutes=series_id)
        dp_total, eggs = [0, 0], 0
        for number in range(1, games_per_series + 1):
            g = game_result(guild, key, number, rng)
            game_rows.append(
                (
                    series_id,
                    guild,
                    number,
                    g.dealer,
                    g.first_leader,
                    g.trump_card,
                    *g.card_points,
                    *g.tricks,
                    *g.defeat_points,
                    g.eggs,
                    g.last_trick_taker,
                    json.dumps(g.record),
                    started + dt.timedelta(minutes=number),
                )
            )
            dp_total[0] += g.defeat_points[0]
            dp_total[1] += g.defeat_points[1]
            eggs += g.eggs
            for seat, user in enumerate(lineup):
                team = seat % 2
                s = stats[user]
                s["games_played"] += 1
                s["games_eggs"] += g.eggs
                s["games_won"] += g.winner == team
                s["games_lost"] += g.winner is not None and g.winner != team
                s["defeat_points_taken"] += g.defeat_points[team]
                s["defeat_points_inflicted"] += g.defeat_points[1 - team]
        goats = 0 if dp_total[0] >= dp_total[1] else 1
        for seat, user in enumerate(lineup):
            s = stats[user]
            s["series_played"] += 1
            lost = seat % 2 == goats
            s["series_won"] += not lost
            s["series_lost"] += lost
            s["goats_with_eggs"] += lost and eggs > 0
            seat_rows.append((series_id, seat, guild, user, f"player {user % 100000}", None))
        series_rows.append(
            (
                series_id,
                guild,
                key,
                4242,
                True,
                "finished",
                started,
                started + dt.timedelta(minutes=games_per_series + 1),
                games_per_series,
                dp_total[0],
                dp_total[1],
                eggs,
                goats,
                eggs > 0,
            )
        )
    player_rows, entry_rows = [], []
    for user in user_ids:
        mu, sigma = rng.gauss(25, 4), rng.uniform(1.0, 8.3)
        s = stats[user]
        player_rows.append((guild, user, f"player {user % 100000}"))
        entry_rows.append((guild, 12, user, mu, sigma, ordinal(mu, sigma), *s.values()))
    async with engine.begin() as conn:
        raw = await conn.get_raw_connection()
        apg: Any = raw.driver_connection
        await apg.execute("INSERT INTO guilds (guild_id) VALUES ($1)", guild)
        await apg.copy_records_to_table(
            "players", records=player_rows, columns=["guild_id", "user_id", "display_name"]
        )
        await apg.copy_records_to_table(  # the 12-point league
            "league_entries",
            records=entry_rows,
            columns=[
                "guild_id",
                "target",
                "user_id",
                "mu",
                "sigma",
                "rating",
                *next(iter(stats.values())).keys(),
            ],
        )
        await apg.copy_records_to_table(
            "series",
            records=series_rows,
            columns=[
                "id",
                "guild_id",
                "series_key",
                "channel_id",
                "ranked",
                "status",
                "started_at",
                "ended_at",
                "games_played",
                "defeat_points_a",
                "defeat_points_b",
                "eggs",
                "goats",
                "goats_with_eggs",
            ],
        )
        await apg.execute(
            "SELECT setval(pg_get_serial_sequence('series', 'id'), $1)", first_id + len(keys)
        )
        await apg.copy_records_to_table(
            "series_seats",
            records=seat_rows,
            columns=["series_id", "seat", "guild_id", "user_id", "display_name", "computer_level"],
        )
        await apg.copy_records_to_table(
            "games",
            records=game_rows,
            columns=[
                "series_id",
                "guild_id",
                "number",
                "dealer",
                "first_leader",
                "trump_card",
                "card_points_a",
                "card_points_b",
                "tricks_a",
                "tricks_b",
                "defeat_points_a",
                "defeat_points_b",
                "eggs",
                "last_trick_taker",
                "record",
                "finished_at",
            ],
        )
    async with engine.connect() as conn:
        await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text("VACUUM ANALYZE"))
    return keys


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
