"""At ``KOZEL_LOG_LEVEL=DEBUG`` the bot's log shows no hidden card, on SQLite and on
PostgreSQL: the database drivers' loggers (which print every SQL statement with its
parameters: hands, stock orders, seeds) stay capped at WARNING (kozel_discord.logs)."""

from __future__ import annotations

import asyncio
import hashlib
import io
import random
import re
from pathlib import Path

import pytest

from kozel_discord.cli.health import health
from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver

pytestmark = pytest.mark.e2e

FIXED_SEED = 4242
#: A card as the table shows it (10♦) and as the engine stores it, quoted ("10d").
CARD_LABEL = re.compile(r"(10|[6-9JQKA])[♣♦♥♠♤♧☘]")
CARD_CODE = re.compile(r"[\"'](10|[6-9JQKA])[cdhs][\"']")
SQL = re.compile(r"\b(INSERT INTO|UPDATE \w+ SET|SELECT .* FROM)\b")


def first_series_seed(fixed: int) -> int:
    """The seed of the first series with KOZEL_FIXED_SEED (kozel_discord.bot.seed_source)."""
    digest = hashlib.sha256(f"{fixed}/1".encode()).digest()
    return int.from_bytes(digest[:7], "big")


async def play_a_series_at_debug(standin: DiscordStandIn, url: str, log_path: Path) -> str:
    heartbeat = log_path.parent / ".kozel-heartbeat"  # the bot's working directory
    alice = standin.add_user("alice")
    guild = standin.add_guild("Quiet club", members=[alice])
    bot = BotProcess(
        standin,
        url,
        log_path,
        guild=guild,
        extra_env={"KOZEL_LOG_LEVEL": "DEBUG", "KOZEL_FIXED_SEED": str(FIXED_SEED)},
    )
    try:
        await bot.start()
        await standin.wait_for_commands("kozel", guild=guild, timeout=30)
        rng = random.Random(3)
        driver = Driver(standin, guild, {0: alice}, lambda o: str(rng.choice(o)["value"]))
        await driver.open_table(alice, {1: "random", 2: "random", 3: "random"})
        await driver.play_until(driver.series_over, max_steps=3000)
        assert driver.series_over() is not None
        # The connected bot keeps its heartbeat (`kozel-discord health`, Docker's check).
        await standin.wait_for(heartbeat.exists, timeout=15, what="the first heartbeat")
        assert health(path=heartbeat, out=io.StringIO()) == 0
    finally:
        await bot.stop()
    assert not heartbeat.exists()  # a stopped bot is not healthy
    return bot.log_text()


def assert_no_hidden_card(log: str) -> None:
    assert " DEBUG " in log, "the bot did not log at DEBUG"
    assert not CARD_LABEL.search(log), "a card appears in the log"
    assert not CARD_CODE.search(log), "a stored card code appears in the log"
    assert str(first_series_seed(FIXED_SEED)) not in log, "the series seed is in the log"
    assert not SQL.search(log), "SQL statements are logged"
    for name in ("aiosqlite", "sqlalchemy.engine", "asyncpg"):
        assert f" DEBUG {name}" not in log and f" INFO {name}" not in log


async def test_debug_log_on_sqlite_shows_no_hidden_card(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path
) -> None:
    assert_no_hidden_card(await play_a_series_at_debug(standin, sqlite_url, log_path))


async def test_debug_log_on_postgres_shows_no_hidden_card(
    standin: DiscordStandIn, log_path: Path, postgres_server: object
) -> None:
    name = await asyncio.to_thread(postgres_server.create)  # type: ignore[attr-defined]
    try:
        url = postgres_server.url_of(name)  # type: ignore[attr-defined]
        assert_no_hidden_card(await play_a_series_at_debug(standin, url, log_path))
    finally:
        await asyncio.to_thread(postgres_server.drop, name)  # type: ignore[attr-defined]
