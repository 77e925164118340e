"""End to end, issue 12 item 7: a thread per table. The lobby stays in the channel, the
game's messages go into a thread started from the lobby message; without the permission
to create threads (or with the server setting off) the game stays in the channel."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from standin.discord_standin import PERM_MANAGE_GUILD, DiscordStandIn
from standin.harness import BotProcess, Driver, find_id
from standin.model import (
    PERM_CREATE_PUBLIC_THREADS,
    THREAD_BOT_PERMISSIONS,
    StandInGuild,
    StandInUser,
)

pytestmark = pytest.mark.e2e


async def _bot(
    standin: DiscordStandIn,
    sqlite_url: str,
    log_path: Path,
    bots: list[BotProcess],
    guild: StandInGuild,
) -> None:
    bot = BotProcess(standin, sqlite_url, log_path, guild=guild)
    bots.append(bot)
    await bot.start()
    await standin.wait_for_commands("kozel", guild=guild, timeout=30)


async def _open(
    standin: DiscordStandIn, guild: StandInGuild, alice: StandInUser, bob: StandInUser
) -> tuple[str, int]:
    """Alice opens a table with Bob and two computers and starts it: (table id, lobby id)."""
    r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert r.message is not None
    lobby = r.message
    tid = find_id(lobby, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    await standin.click(bob, lobby, f"kozel:sit:{tid}:1")
    for seat in (2, 3):
        await standin.select(alice, lobby, f"kozel:addbot:{tid}", [f"{seat}:random"])
    await standin.click(alice, lobby, f"kozel:lobby:{tid}:begin")
    return tid, lobby.id


def _table_messages(standin: DiscordStandIn, channel: int, tid: str) -> list[object]:
    return [m for m in standin.public_messages(channel) if f"kozel:hand:{tid}" in m.custom_ids()]


async def test_the_game_runs_in_a_thread_of_the_channel(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Thread club", members=[alice, bob])
    guild.bot_permissions = THREAD_BOT_PERMISSIONS  # invited with today's invite link
    await _bot(standin, sqlite_url, log_path, bots, guild)
    channel = guild.default_channel
    tid, lobby_id = await _open(standin, guild, alice, bob)
    thread = await standin.wait_for(
        lambda: next(iter(guild.threads), None), timeout=20, what="the table's thread"
    )
    # Started from the lobby message (which stays in the channel), named after the players.
    assert thread.id == lobby_id and thread.parent_id == channel.id
    assert thread.name.startswith("Kozel\u00a0— alice, bob")
    assert standin.message(lobby_id).channel_id == channel.id
    # The table message is in the thread, not in the channel.
    await standin.wait_for(
        lambda: _table_messages(standin, thread.id, tid), timeout=20, what="table in thread"
    )
    assert _table_messages(standin, channel.id, tid) == []
    # The game is played from the thread: the hand button there, pings there.
    driver = Driver(standin, guild, {0: alice, 1: bob}, lambda o: str(random.choice(o)["value"]))
    driver.channel_id, driver.tid = thread.id, tid
    await driver.steps(4)
    pings = [
        m for m in standin.messages(thread.id, include_deleted=True) if "your turn" in m.content
    ]
    assert pings and all(m.channel_id == thread.id for m in pings)
    assert not any("your turn" in m.content for m in standin.public_messages(channel.id))
    # /kozel start in the table's thread: a lobby there could not be used; sent to the channel.
    again = await standin.slash(bob, guild, thread, "kozel", subcommand="start")
    assert again.ephemeral and again.message is not None
    assert (
        f"<#{channel.id}>" in again.message.text() and "start a new table" in again.message.text()
    )
    lobbies = [m for m in standin.public_messages(thread.id) if "kozel:sit:" in str(m.custom_ids())]
    assert lobbies == []
    # /kozel stop in the channel stops the table of the thread.
    stop = await standin.slash(alice, guild, None, "kozel", subcommand="stop")
    assert stop.message is not None
    await standin.click(alice, stop.message, find_id(stop.message, r"kozel:stop:.*"))
    await standin.wait_for(
        lambda: any("stopped" in m.text() for m in standin.public_messages(thread.id)),
        timeout=20,
        what="the table stopped",
    )
    assert standin.rejections == [] and standin.unhandled == []


async def test_without_the_permission_the_game_stays_in_the_channel(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("No-thread club", members=[alice, bob])
    guild.bot_permissions = THREAD_BOT_PERMISSIONS & ~PERM_CREATE_PUBLIC_THREADS
    await _bot(standin, sqlite_url, log_path, bots, guild)
    tid, _lobby = await _open(standin, guild, alice, bob)
    await standin.wait_for(
        lambda: _table_messages(standin, guild.default_channel.id, tid),
        timeout=20,
        what="the table in the channel",
    )
    assert guild.threads == []
    # The bot checked before asking: Discord refused nothing.
    assert standin.rejections == [] and standin.unhandled == []


async def test_with_the_setting_off_the_game_stays_in_the_channel(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    other = standin.add_guild("Setting club", members=[alice, bob])
    other.bot_permissions = THREAD_BOT_PERMISSIONS
    await _bot(standin, sqlite_url, log_path, bots, other)
    # A server that turned threads off (Manage Server): no thread, though the bot may.
    standin.grant_permissions(other, alice, PERM_MANAGE_GUILD)
    off = await standin.slash(
        alice, other, None, "kozel", subcommand="settings", options={"threads": False}
    )
    assert off.message is not None and "without threads" in off.message.content
    refused = await standin.slash(bob, other, None, "kozel", subcommand="settings")
    assert refused.message is not None and refused.message.ephemeral
    tid2, _ = await _open(standin, other, alice, bob)
    await standin.wait_for(
        lambda: _table_messages(standin, other.default_channel.id, tid2),
        timeout=20,
        what="the table in the channel",
    )
    assert other.threads == []
    shown = await standin.slash(alice, other, None, "kozel", subcommand="settings")
    assert shown.message is not None and re.search("without threads", shown.message.content)
    assert standin.rejections == [] and standin.unhandled == []


async def test_a_table_is_not_opened_where_the_bot_could_not_show_it(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    # Without Attach Files (a bot invited before it asked for it, on a server where not
    # everyone may attach files) the lobby opened, and after Start no table ever appeared.
    from standin.model import PERM_ATTACH_FILES, PERM_EMBED_LINKS

    alice = standin.add_user("alice")
    guild = standin.add_guild("Strict club", members=[alice])
    guild.bot_permissions = THREAD_BOT_PERMISSIONS & ~PERM_ATTACH_FILES & ~PERM_EMBED_LINKS
    await _bot(standin, sqlite_url, log_path, bots, guild)
    r = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert r.message is not None and r.message.ephemeral
    assert "I can't host a table in this channel" in r.message.content
    assert "Embed Links, Attach Files." in r.message.content
    assert standin.public_messages(guild.default_channel.id) == []  # no lobby
    guild.bot_permissions = THREAD_BOT_PERMISSIONS  # given them: it opens
    again = await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert again.message is not None and not again.message.ephemeral
    assert standin.rejections == [] and standin.unhandled == []
