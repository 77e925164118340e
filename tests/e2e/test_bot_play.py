"""End to end: the real bot process against the local Discord stand-in."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from kozel_discord.testing.discord_standin import DiscordStandIn

from .harness import BotProcess, Driver, embed_text

pytestmark = pytest.mark.e2e

SUITS = "♣♦♥♠"


def random_choice(rng: random.Random):  # type: ignore[no-untyped-def]
    def choose(options: list[dict[str, object]]) -> str:
        return str(rng.choice(options)["value"])

    return choose


async def test_two_humans_two_computers_play_a_series_to_12(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Kozel club", members=[alice, bob])
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)

    driver = Driver(standin, guild, {0: alice, 1: bob}, random_choice(random.Random(7)))
    await driver.open_table(alice, {2: "heuristic", 3: "random"})
    await driver.play_until(driver.series_over, max_steps=3000)

    over = driver.series_over()
    assert over is not None
    text = embed_text(over)
    assert "goats" in text
    score = re.search(r"Defeat points: A (\d+) · B (\d+) · eggs: (\d+)", text)
    assert score is not None and max(int(score[1]), int(score[2])) >= 12
    # A summary was posted for every game, and a new table message for each game.
    results = [m for m in standin.public_messages(guild.default_channel.id) if "is over" in embed_text(m)]
    assert len(results) >= 3
    # The league store shows the finished series.
    history = await standin.slash(alice, guild, None, "league", subcommand="history")
    assert history.message is not None
    assert "goats" in embed_text(history.message) and f"{score[1]} : {score[2]}" in embed_text(
        history.message
    )
    assert standin.rejections == [] and standin.unhandled == [] and standin.missed_deadlines == []
