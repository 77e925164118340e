"""Kill the bot with SIGKILL at several points of a series, start it again, finish the series:
the result, the stored records and the league table equal those of the same seeded series
played without a crash."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker
from standin.discord_standin import PERM_MANAGE_GUILD, DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text, field_values, summary_number

pytestmark = pytest.mark.e2e

GUILD_ID = 880_000_000_000_000_001
ALICE, BOB = 880_000_000_000_000_011, 880_000_000_000_000_012


async def _play(tmp: Path, crash_at: str | None) -> dict[str, Any]:
    db = tmp / f"crash-{crash_at or 'none'}.sqlite3"
    url = f"sqlite+aiosqlite:///{db}"
    async with DiscordStandIn(response_timeout=10.0) as standin:
        alice = standin.add_user("alice", id=ALICE)
        bob = standin.add_user("bob", id=BOB)
        guild = standin.add_guild("Crash club", id=GUILD_ID, members=[alice, bob])
        standin.grant_permissions(guild, alice, PERM_MANAGE_GUILD)
        bot = BotProcess(standin, url, tmp / f"bot-{crash_at}.log", guild=guild)
        crashes = 0

        async def crash() -> None:
            nonlocal bot, crashes
            await bot.kill()
            crashes += 1
            bot = BotProcess(standin, url, tmp / f"bot-{crash_at}-{crashes}.log", guild=guild)
            await bot.start()

        try:
            await bot.start()
            await standin.wait_for_commands("kozel", guild=guild, timeout=30)
            await standin.slash(
                alice, guild, None, "league", subcommand="ranked", options={"enabled": True}
            )
            rng = random.Random(42)
            driver = Driver(
                standin, guild, {0: alice, 1: bob}, lambda opts: str(rng.choice(opts)["value"])
            )
            # The lobby: open, sit; crash here if asked; then computers and start.
            r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
            lobby = r.message
            assert lobby is not None
            driver.tid = re.search(r"kozel:sit:([0-9a-f]{12}):0", " ".join(lobby.custom_ids()))[1]  # type: ignore[index]
            await standin.click(bob, lobby, f"kozel:sit:{driver.tid}:1")
            if crash_at == "lobby":
                await crash()
            await standin.select(alice, lobby, f"kozel:addbot:{driver.tid}", ["2:heuristic"])
            await standin.select(alice, lobby, f"kozel:addbot:{driver.tid}", ["3:random"])
            await standin.click(alice, lobby, f"kozel:lobby:{driver.tid}:begin")
            await standin.wait_for(driver.table_message, timeout=20)

            channel = guild.default_channel.id
            human_moves = 0

            def games_over() -> int:
                return sum(
                    summary_number(m) is not None
                    for m in standin.public_messages(channel)
                    if f"kozel:rematch:{driver.tid}" not in m.custom_ids()
                )

            def final_summary() -> bool:
                for m in standin.public_messages(channel):
                    s = re.search(r"Defeat points: A (\d+)\u00a0· B (\d+)", embed_text(m))
                    # the series' closing post, which carries the final score
                    if (
                        "The series is over" in embed_text(m)
                        and s
                        and max(int(s[1]), int(s[2])) >= 12
                    ):
                        return True
                return False

            crashed = False
            for _ in range(5000):
                if not crashed and crash_at == "after_last_move" and final_summary():
                    await crash()
                    crashed = True
                if driver.series_over():
                    break
                if not crashed and crash_at == "mid_trick" and human_moves >= 7:
                    trick = embed_text(driver.table_message()).split("Current trick")[-1]  # type: ignore[arg-type]
                    if "Nothing played yet" not in trick:
                        await crash()
                        crashed = True
                if not crashed and crash_at == "between_games" and games_over() >= 1:
                    await crash()
                    crashed = True
                token = driver.state_token()
                if await driver.step():
                    human_moves += 1
                elif not driver.series_over():
                    await driver.wait_change(token)
            over = driver.series_over()
            assert over is not None, "the series finished"
            table = await standin.slash(alice, guild, None, "league", subcommand="table")
            league_text = embed_text(table.message)  # type: ignore[arg-type]
            final = re.search(r"Defeat points: A (\d+)\u00a0· B (\d+)", embed_text(over))
            assert final is not None
            assert standin.rejections == [] and standin.unhandled == []
            summaries = sum(summary_number(m) is not None for m in standin.public_messages(channel))
            ratings = {  # each summary's "League rating" lines, by game number
                n: field_values(m, "League rating")
                for m in standin.public_messages(channel)
                if (n := summary_number(m)) is not None
            }
            over_ratings = field_values(over, "League rating")
            series_over_posts = sum(
                f"kozel:rematch:{driver.tid}" in m.custom_ids()
                for m in standin.public_messages(channel)
            )
        finally:
            await bot.stop()

    engine = create_engine(url)
    try:
        store = LeagueStore(create_sessionmaker(engine))
        series = await store.recent_series(GUILD_ID)
        assert len(series) == 1
        games = await store.get_series_games(GUILD_ID, series[0].series_key)
        standings = await store.standings(GUILD_ID)
    finally:
        await engine.dispose()
    return {
        "selections": driver.selections,
        "final": final.groups(),
        "crashes": crashes,
        "summaries": summaries,
        "ratings": ratings,
        "over_ratings": over_ratings,
        "series_over_posts": series_over_posts,
        "league": league_text,
        "status": series[0].status.value,
        "series": (
            series[0].defeat_points,
            series[0].eggs,
            series[0].goats,
            series[0].games_played,
        ),
        "games": [
            (g.number, g.card_points, g.defeat_points, g.eggs, g.record["actions"]) for g in games
        ],
        "standings": [
            (
                r.user_id,
                r.rank,
                round(r.rating, 6),
                r.series_won,
                r.series_lost,
                r.games_won,
                r.games_lost,
            )
            for r in standings.rows
        ],
    }


def _first_difference(a: list[tuple[str, str, bool]], b: list[tuple[str, str, bool]]) -> str:
    """Where the scripted humans' choices of two runs part (custom id with seat and move
    number, value, answered "out of date"): a choice the bot refused in one run only shifts
    every later draw of the humans' shared RNG."""
    stale = f"out of date: {sum(x[2] for x in a)} without the crash, {sum(x[2] for x in b)} with"
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"choice {i} differs: without the crash {x}, with it {y}; {stale}"
    return f"the humans' choices agree ({len(a)} and {len(b)} of them); {stale}"


@pytest.fixture(scope="module")
def baseline_cache() -> dict[str, Any]:
    return {}


@pytest.mark.parametrize("crash_at", ["lobby", "mid_trick", "between_games", "after_last_move"])
async def test_crash_and_restart_loses_nothing(
    crash_at: str, tmp_path: Path, baseline_cache: dict[str, Any]
) -> None:
    if "result" not in baseline_cache:
        baseline_cache["result"] = await _play(tmp_path, None)
    baseline = baseline_cache["result"]
    crashed = await _play(tmp_path, crash_at)
    assert baseline["status"] == "finished"
    assert baseline["crashes"] == 0 and crashed["crashes"] == 1, "the bot was killed once"
    assert len(baseline["games"]) >= 3 and baseline["standings"], "a ranked series was played"
    for key in ("final", "series", "games", "standings", "league", "status"):
        assert crashed[key] == baseline[key], (
            f"{key} differs after a crash at {crash_at}; "
            + _first_difference(baseline["selections"], crashed["selections"])
        )
    # Each summary shows how the game moved both humans' ratings, the same crash or not:
    # the games after the restart start from the ratings the crash left in the store.
    # (None of these crash points leaves a summary for the restarted bot to post; a
    # summary posted again reads the same stored rows, tests/store/test_game_ratings.py.)
    assert len(baseline["ratings"]) == len(baseline["games"])
    for number, fields in baseline["ratings"].items():
        assert len(fields) == 1 and f"<@{ALICE}>: " in fields[0] and f"<@{BOB}>: " in fields[0], (
            number,
            fields,
        )
    assert crashed["ratings"] == baseline["ratings"]
    assert len(baseline["over_ratings"]) == 1 and f"<@{ALICE}>: " in baseline["over_ratings"][0]
    assert crashed["over_ratings"] == baseline["over_ratings"]
    # Every game's summary was posted exactly once, crash or not.
    assert crashed["summaries"] == baseline["summaries"] == len(baseline["games"])
    assert crashed["series_over_posts"] == baseline["series_over_posts"] == 1
