"""The made-up league of ``store.py``: game results (:func:`game_result`) and one big
server loaded with COPY (:func:`bulk_load`).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import uuid
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from kozel_discord.store import GameResult
from kozel_discord.store.rating import ordinal

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


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
