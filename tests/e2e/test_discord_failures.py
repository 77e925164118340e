"""Discord failing now and then (standin.fail): a dropped connection, a 503 that
discord.py does not retry. The table message, the pings and the game go on."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess, Driver, find_id, text_displays
from standin.records import RecordedMessage
from tests.e2e.test_flow import _bot, _choose, _live

pytestmark = pytest.mark.e2e

MESSAGE = "/channels/{channel_id}/messages/{message_id}"
MESSAGES = "/channels/{channel_id}/messages"


async def _two_humans(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> tuple[Driver, int]:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    guild = standin.add_guild("Club", members=[alice, bob])
    await _bot(standin, sqlite_url, log_path, bots, guild)
    driver = Driver(standin, guild, {0: alice, 1: bob}, _choose(random.Random(3)))
    return driver, guild.default_channel.id


async def _at_alices_turn(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> tuple[Driver, int, RecordedMessage]:
    """A table of Alice, Bob and two computers, at Alice's first turn: its ping."""
    driver, channel = await _two_humans(standin, sqlite_url, log_path, bots)
    await driver.open_table(driver.humans[0], {2: "random", 3: "random"})
    ping = await standin.wait_for(
        lambda: next(iter(_live(standin, channel)), None), timeout=20, what="alice's ping"
    )
    return driver, channel, ping


async def _bob_pinged(driver: Driver, channel: int) -> None:
    bob = driver.humans[1]
    await driver.s.wait_for(
        lambda: any(m.mentioned == [bob.id] for m in _live(driver.s, channel)),
        timeout=20,
        what="bob's ping",
    )


async def test_a_connection_cut_during_a_table_edit_does_not_freeze_the_table(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    # Before: the cut (not a discord.HTTPException) ended the channel's presenter task:
    # the table showed Alice to move for good, and Bob was never pinged.
    driver, channel, _ping = await _at_alices_turn(standin, sqlite_url, log_path, bots)
    bob = driver.humans[1]
    table = driver.table_message()
    assert table is not None
    cut = standin.fail("PATCH", MESSAGE, "cut", when=lambda p: p["message_id"] == str(table.id))
    await driver.steps(1)  # Alice moves
    await _bob_pinged(driver, channel)
    assert cut.hits, "the edit was cut"
    await standin.wait_for(
        lambda: f"<@{bob.id}>" in text_displays(table)[0], timeout=20, what="the table edited"
    )
    assert "Task exception was never retrieved" not in bots[-1].log_text()


async def test_a_table_message_refused_once_is_posted(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    # Before: one 503 on the post and the game ran without a table message (no picture,
    # no "My hand" button).
    driver, channel = await _two_humans(standin, sqlite_url, log_path, bots)
    alice, bob = driver.humans[0], driver.humans[1]
    r = await standin.slash(alice, driver.guild, None, "kozel", subcommand="start")
    assert r.message is not None
    tid = find_id(r.message, r"kozel:sit:[0-9a-f]{12}:0").split(":")[2]
    await standin.click(bob, r.message, f"kozel:sit:{tid}:1")
    for seat in (2, 3):
        await standin.select(alice, r.message, f"kozel:addbot:{tid}", [f"{seat}:random"])
    refused = standin.fail("POST", MESSAGES, 503)
    await standin.click(alice, r.message, f"kozel:lobby:{tid}:begin")
    table = await standin.wait_for(
        lambda: next(
            (m for m in standin.public_messages(channel) if f"kozel:hand:{tid}" in m.custom_ids()),
            None,
        ),
        timeout=20,
        what="the table message",
    )
    assert len(refused.hits) == 1
    # The second try uploads the whole picture (the same file, read from its start again:
    # it sent 0 bytes).
    picture = table.attachments(0)[0].data
    assert picture.startswith(b"\x89PNG\r\n\x1a\n") and len(picture) > 10_000


async def test_a_ping_discord_failed_to_delete_goes_at_the_next_turn(
    standin: DiscordStandIn, sqlite_url: str, log_path: Path, bots: list[BotProcess]
) -> None:
    # Before: it stayed for good, beside the next "it is your turn".
    driver, channel, ping = await _at_alices_turn(standin, sqlite_url, log_path, bots)
    refused = standin.fail("DELETE", MESSAGE, 503, when=lambda p: p["message_id"] == str(ping.id))
    await driver.steps(1)
    await _bob_pinged(driver, channel)
    await driver.steps(2)  # the pings move on: the one left behind is deleted then
    await standin.wait_for(lambda: ping.deleted, timeout=20, what="the old ping deleted")
    assert refused.hits and len(_live(standin, channel)) <= 1
