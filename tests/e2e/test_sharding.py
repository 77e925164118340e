"""Two bot processes, each owning one of two shards, share one PostgreSQL database: tables
in servers of both shards play through, and each process only touches its own servers."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, embed_text
from standin.sharding import LIMIT, load_two_shards, start_shard

pytestmark = [pytest.mark.e2e, pytest.mark.postgres]


async def test_two_processes_with_their_own_shards_share_one_database(
    tmp_path: Path, bots: list[BotProcess], postgres_server: object
) -> None:
    name = await asyncio.to_thread(postgres_server.create)  # type: ignore[attr-defined]
    url = postgres_server.url_of(name)  # type: ignore[attr-defined]
    try:
        async with DiscordStandIn(response_timeout=10.0, gateway_shards=2) as standin:
            players = {}
            guilds = []
            for shard in (0, 1):
                a, b = standin.add_user(f"a{shard}"), standin.add_user(f"b{shard}")
                guild = standin.add_guild(f"Shard {shard} club", members=[a, b], shard=(shard, 2))
                assert (guild.id >> 22) % 2 == shard
                players[guild.id] = (a, b)
                guilds.append(guild)
            procs = [
                await start_shard(standin, url, tmp_path / f"bot-shard{shard}.log", shard, bots)
                for shard in (0, 1)
            ]
            await standin.wait_for_commands("kozel", timeout=30)

            async def play(guild_index: int) -> str:
                guild = guilds[guild_index]
                a, b = players[guild.id]
                rng = random.Random(guild_index)
                driver = Driver(standin, guild, {0: a, 1: b}, lambda o: str(rng.choice(o)["value"]))
                await driver.open_table(a, {2: "heuristic", 3: "random"})
                await driver.play_until(driver.series_over, max_steps=3000)
                return embed_text(driver.series_over())  # type: ignore[arg-type]

            results = await asyncio.gather(play(0), play(1))
            for text in results:
                assert re.search(r"Defeat points: A (\d+)\u00a0· B (\d+)", text)
            for shard, session in enumerate(standin.sessions):
                assert session.shard == (shard, 2) or session.shard == [shard, 2]
                assert session.interactions_received > 0
            assert standin.rejections == [] and standin.missed_deadlines == []

            # Restarted, a process picks up only the tables of its own shard.
            for bot in procs:
                await bot.kill()
            again = await start_shard(standin, url, tmp_path / "bot-shard0-again.log", 0, bots)
            assert "resumed 1 live tables" in again.log_text()

        # Each process logged only its own server's table.
        for shard, bot in enumerate(procs):
            log = bot.log_text()
            own = guilds[shard].id
            other = guilds[1 - shard].id
            assert f"guild={own}" in log
            assert f"guild={other}" not in log
            assert "resumed 0 live tables" in log
    finally:
        await asyncio.to_thread(postgres_server.drop, name)  # type: ignore[attr-defined]


# ------------------------------------------------------------------ one rate limit for both
@pytest.mark.parametrize("sharing", ["on", "off"])
async def test_two_processes_stay_under_one_rate_limit_only_when_they_share_it(
    tmp_path: Path,
    bots: list[BotProcess],
    postgres_server: object,
    sharing: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Discord's global limit is per bot: with the budget shared through the database the
    stand-in never counts more than the limit in any second over both processes, from
    their start-up (logins, command and emoji syncs) through the load; each keeping its own
    budget (the switch off), the same load goes over it, so this test can fail."""
    name = await asyncio.to_thread(postgres_server.create)  # type: ignore[attr-defined]
    try:
        figures = await load_two_shards(tmp_path, bots, postgres_server.url_of(name), sharing)  # type: ignore[attr-defined]
    finally:
        await asyncio.to_thread(postgres_server.drop, name)  # type: ignore[attr-defined]
    line = figures.line()
    with capsys.disabled():
        print(f"\n{line}")
    if sharing == "on":
        assert figures.most_in_any_second <= LIMIT, line
        assert figures.loaded_max >= LIMIT * 0.7, f"not under load: {line}"
    else:
        assert figures.loaded_max > LIMIT, f"the load does not exceed the limit: {line}"
