"""`/league table` pages through a server's standings with its buttons, and shows only
that server's players."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker, upgrade_database
from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, embed_text
from tests.store.conftest import League

pytestmark = pytest.mark.e2e


async def test_league_table_pages_and_keeps_servers_apart(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    players = [standin.add_user(f"p{i}") for i in range(24)]
    guild = standin.add_guild("Big league", members=players)
    other = standin.add_guild("Other server", members=players[:4])
    await upgrade_database(sqlite_url)
    engine = create_engine(sqlite_url)
    try:
        league = League(LeagueStore(create_sessionmaker(engine)))
        for i in range(0, 24, 4):  # six ranked series of four humans each
            await league.series(guild.id, [p.id for p in players[i : i + 4]], winner=0)
        await league.series(other.id, [p.id for p in players[:4]], winner=1)
    finally:
        await engine.dispose()

    bot = BotProcess(standin, sqlite_url, log_path)  # global commands: both servers have them
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("league", timeout=30)
    first = await standin.slash(players[0], guild, None, "league", subcommand="table")
    message = first.message
    assert message is not None and not message.ephemeral
    text = embed_text(message)
    assert "Page 1 of 3\u00a0· 24\u00a0players" in text
    page1 = re.findall(r"<@(\d+)>", text)
    assert len(page1) == 10
    next_id = next(c for c in message.custom_ids() if c.endswith(":next"))
    second = await standin.click(players[5], message, next_id)
    assert second.response_type == 7 and second.message is message
    text2 = embed_text(message)
    assert "Page 2 of 3" in text2
    page2 = re.findall(r"<@(\d+)>", text2)
    assert len(page2) == 10 and not set(page1) & set(page2)
    # The winners (team A of each series) come before the goats.
    winners = {str(p.id) for i in range(0, 24, 4) for p in (players[i], players[i + 2])}
    assert set(page1) <= winners
    # Another server sees only its own four players.
    theirs = await standin.slash(players[0], other, None, "league", subcommand="table")
    assert "4\u00a0players" in embed_text(theirs.message)  # type: ignore[arg-type]
    assert standin.rejections == [] and standin.missed_deadlines == []
