"""End to end: a ranked game's summary that only the restarted bot posts (the first one died
before Discord saw it) still shows how the game moved each human's league rating, read back
from what the game's own transaction stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from kozel_discord.store import create_engine
from kozel_discord.ui.ratings import rating_shift_text, rating_text
from standin.discord_standin import PERM_MANAGE_GUILD, DiscordStandIn, RecordedMessage
from standin.harness import (
    BotProcess,
    Driver,
    field_values,
    find_id,
    payload_summary_number,
    summary_number,
)

pytestmark = pytest.mark.e2e

MESSAGES = "/channels/{channel_id}/messages"


def _game_1_summary_request(_params: dict[str, str], body: Any) -> bool:
    """The bot's post of game 1's summary, before Discord handles it."""
    return payload_summary_number(body) == 1


def _rating_lines(message: RecordedMessage) -> list[str]:
    return [line for v in field_values(message, "League rating") for line in v.splitlines()]


async def _stored_game_1_ratings(url: str) -> list[tuple[int, float, float]]:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(
                text(
                    "SELECT r.user_id, r.rating_before, r.rating_after FROM game_ratings r"
                    " JOIN games g ON g.id = r.game_id WHERE g.number = 1 ORDER BY r.user_id"
                )
            )
            return [(int(u), float(b), float(a)) for u, b, a in rows]
    finally:
        await engine.dispose()


async def test_a_summary_first_posted_after_a_restart_shows_the_rating_changes(
    standin: DiscordStandIn, sqlite_url: str, tmp_path: Path, bots: list[BotProcess]
) -> None:
    alice = standin.add_user("alice")
    guild = standin.add_guild("Club", members=[alice])
    channel = guild.default_channel.id
    env = {"KOZEL_TURN_TIMEOUT": "0.05"}  # Alice's turns time out: the computers play them

    async def start_bot() -> BotProcess:
        bot = BotProcess(
            standin, sqlite_url, tmp_path / f"bot-{len(bots)}.log", guild=guild, extra_env=env
        )
        bots.append(bot)
        await bot.start()
        await standin.wait_for_commands("kozel", guild=guild, timeout=30)
        return bot

    first = await start_bot()
    # An admin's choice: series with computers count for the league, so Alice's games move
    # her rating.
    standin.grant_permissions(guild, alice, PERM_MANAGE_GUILD)
    ranked = await standin.slash(
        alice, guild, None, "league", subcommand="ranked", options={"enabled": True}
    )
    assert ranked.message is not None and "❌" not in ranked.message.content
    lobby = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert lobby.message is not None
    tid = find_id(lobby.message, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    for seat, level in enumerate(("heuristic", "random", "heuristic"), start=1):
        await standin.select(alice, lobby.message, f"kozel:addbot:{tid}", [f"{seat}:{level}"])
    driver = Driver(standin, guild, {}, lambda opts: str(opts[0]["value"]))
    driver.tid = tid

    # Game 1 is recorded; the bot dies while posting its summary, which Discord never sees.
    hold = standin.hold("POST", MESSAGES, when=_game_1_summary_request)
    await standin.click(alice, lobby.message, f"kozel:lobby:{tid}:begin")
    await hold.wait_reached(timeout=60)
    await first.kill()
    hold.drop()
    assert not [p for p in standin.public_messages(channel) if summary_number(p) == 1]

    await start_bot()
    summary = await standin.wait_for(
        lambda: next((p for p in standin.public_messages(channel) if summary_number(p) == 1), None),
        timeout=60,
        what="game 1's summary, posted by the restarted bot",
    )
    stored = await _stored_game_1_ratings(sqlite_url)
    assert [user for user, _, _ in stored] == [alice.id]  # the computers are not listed
    expected = [
        (
            f"<@{user}>",
            f"{rating_text(before, 'en-US')} → {rating_text(after, 'en-US')}"
            f" ({rating_shift_text(before, after, 'en-US')})",
        )
        for user, before, after in stored
    ]
    # "<@id> (away — the computer plays): 1000 → 940 (−60)": who, then the figures
    shown = [
        (line.split(" ", 1)[0].rstrip(":"), line.rsplit(": ", 1)[1])
        for line in _rating_lines(summary)
    ]
    assert shown == expected
    assert expected[0][1].startswith("1000 → ")  # her first ranked game
    assert len([p for p in standin.public_messages(channel) if summary_number(p) == 1]) == 1
    assert standin.rejections == [] and standin.unhandled == []
