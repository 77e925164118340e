"""Tests of the Discord stand-in, driven by a tiny real discord.py bot running in-process
(tests/standin/minibot.py): login and command sync, interactions, Discord's limits on
them. The stand-in's refusals of raw HTTP requests are in test_discord_standin_http.py."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from standin.discord_standin import (
    PERM_MANAGE_GUILD,
    CommandNotFoundError,
    CommandNotPermittedError,
    ComponentNotFoundError,
    DiscordStandIn,
    InteractionDeadlineMissedError,
    InteractionFailedError,
    InteractionTimeoutError,
    StandInError,
    StandInGuild,
    StandInUser,
)
from tests.standin.helpers import post
from tests.standin.minibot import MiniBot, running_bot

# ---------------------------------------------------------------------------- login and sync


async def test_login_ready_and_guild_create(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild
) -> None:
    await asyncio.wait_for(bot.ready.wait(), 5)
    assert bot.user is not None and bot.user.id == standin.bot_user.id
    assert bot.application_id == standin.application_id
    [seen] = bot.guilds
    assert seen.id == guild.id and seen.name == "Kozel club"
    assert [c.name for c in seen.text_channels] == ["general", "games"]
    assert {m.name for m in seen.members} >= {"alice", "bob"}
    assert seen.me is not None and seen.default_role.id == guild.id
    assert standin.request_counts["GET /users/@me"] == 1
    assert sum(standin.requests_per_second.values()) == len(standin.request_log)


async def test_command_sync_is_stored_and_echoed(standin: DiscordStandIn, bot: MiniBot) -> None:
    by_name = {c["name"]: c for c in standin.commands()}
    assert set(by_name) == {"kozel", "settings"}
    subcommands = {o["name"] for o in by_name["kozel"]["options"]}
    assert subcommands == {"start", "secret", "slow", "hold", "bad", "name"}
    assert by_name["settings"]["default_member_permissions"] == str(PERM_MANAGE_GUILD)
    assert all(c["id"].isdigit() for c in by_name.values())
    synced = await bot.tree.fetch_commands()
    assert {c.name for c in synced} == {"kozel", "settings"}


# ---------------------------------------------------------------------------- interactions


async def test_slash_command_public_response(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    result = await standin.slash(
        alice, guild, None, "kozel", subcommand="start", options={"stake": 25}
    )
    assert result.response_type == 4 and bot.handled == [("start", guild.id)]
    table = result.message
    assert table is not None and table.content == "table stake 25"
    assert table.visible_to is None and not table.ephemeral
    assert table.custom_ids() == ["panel:hand", "panel:refresh", "panel:trump"]
    assert standin.public_messages(guild.default_channel) == [table]
    assert standin.messages(guild.channel("games")) == []
    assert standin.latencies[result.interaction_id] < 3
    with pytest.raises(CommandNotFoundError):
        await standin.slash(alice, guild, None, "kozel", subcommand="nope")
    with pytest.raises(CommandNotFoundError):
        await standin.slash(alice, guild, None, "poker")
    assert standin.rejections == [] and standin.missed_deadlines == []


async def test_ephemeral_reply_is_visible_only_to_the_user(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser, bob: StandInUser
) -> None:
    result = await standin.slash(alice, guild, None, "kozel", subcommand="secret")
    message = result.message
    assert message is not None and message.ephemeral and message.visible_to == alice.id
    assert standin.visible_to(alice, guild.default_channel) == [message]
    assert standin.visible_to(bob, guild.default_channel) == []
    assert standin.public_messages() == []
    assert standin.last_message(user=bob) is None


async def test_buttons_dynamic_items_and_update_message(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser, bob: StandInUser
) -> None:
    table = (await standin.slash(alice, guild, None, "kozel", subcommand="start")).message
    assert table is not None
    hand = await standin.click(bob, table, "panel:hand")
    assert hand.response_type == 4 and hand.message is not None
    assert hand.message.visible_to == bob.id and hand.message.content == "hand of bob"
    assert hand.message.custom_ids() == ["card:AS", "card:KH"]
    with pytest.raises(ComponentNotFoundError):
        await standin.click(alice, hand.message, "card:AS")  # not alice's ephemeral
    with pytest.raises(ComponentNotFoundError):
        await standin.click(bob, table, "panel:nope")
    played = await standin.click(bob, hand.message, "card:KH")
    assert played.response_type == 7 and played.message is hand.message
    assert hand.message.content == "played KH" and hand.message.components == []
    assert [v["content"] for v in hand.message.history] == ["hand of bob", "played KH"]
    assert hand.message.ephemeral and hand.message.edit_count == 1
    assert standin.rejections == []


async def test_select_updates_the_recorded_message(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    table = (await standin.slash(alice, guild, None, "kozel", subcommand="start")).message
    assert table is not None
    with pytest.raises(ComponentNotFoundError):
        await standin.select(alice, table, "panel:trump", ["spades"])
    with pytest.raises(ComponentNotFoundError):
        await standin.select(alice, table, "panel:hand", ["clubs"])
    result = await standin.select(alice, table, "panel:trump", ["hearts"])
    assert result.response_type == 7 and result.message is table
    assert table.content == "trump: hearts"
    assert table.history[0]["content"] == "table stake 10"
    assert table.custom_ids() == ["panel:hand", "panel:refresh", "panel:trump"]  # the view stays


async def test_deferred_update_then_edit_original(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    table = (await standin.slash(alice, guild, None, "kozel", subcommand="start")).message
    assert table is not None
    result = await standin.click(alice, table, "panel:refresh")
    assert result.response_type == 6 and result.message is table
    await standin.wait_for(lambda: table.content == "refreshed")
    assert table.edit_count == 1 and standin.rejections == []


async def test_dropped_connection_resumes_or_identifies_again(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    [session] = standin.sessions
    await standin.drop_connection(session)
    await standin.wait_for(lambda: session.connected)
    assert session.resumes == 1
    await standin.slash(alice, guild, None, "kozel", subcommand="start")
    await standin.drop_connection(session, resumable=False)
    await standin.wait_for_sessions(1)
    assert len(standin.sessions) == 2 and not session.connected
    await standin.slash(alice, guild, None, "kozel", subcommand="start")
    assert bot.handled == [("start", guild.id)] * 2


async def test_deferred_answer_is_filled_by_the_first_followup(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    result = await standin.slash(alice, guild, None, "kozel", subcommand="slow")
    assert result.response_type == 5 and result.deferred
    message = await standin.wait_until_resolved(result)
    assert message.content == "done" and not message.loading
    assert result.followups == [] and standin.messages() == [message]


async def test_modal_round_trip(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser, bob: StandInUser
) -> None:
    opened = await standin.slash(alice, guild, None, "kozel", subcommand="name")
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Your name" and opened.message is None
    with pytest.raises(StandInError, match="only alice"):
        await standin.submit_modal(bob, opened, {"modal:name": "Bob"})
    with pytest.raises(StandInError, match="required"):
        await standin.submit_modal(alice, opened, {})
    submitted = await standin.submit_modal(alice, opened, {"modal:name": "Alice"})
    assert submitted.message is not None and submitted.message.content == "hello Alice"


async def test_member_permissions_and_hidden_commands(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    with pytest.raises(CommandNotPermittedError):
        await standin.slash(alice, guild, None, "settings")
    standin.grant_permissions(guild, alice, PERM_MANAGE_GUILD)
    result = await standin.slash(alice, guild, None, "settings")
    assert result.message is not None and result.message.content == "manage_guild=True"


async def test_guilds_added_later_reach_the_bot(standin: DiscordStandIn, bot: MiniBot) -> None:
    await asyncio.wait_for(bot.ready.wait(), 5)
    carol = standin.add_user("carol")
    later = standin.add_guild("Later", members=[carol])
    await asyncio.wait_for(bot.joined.wait(), 5)
    result = await standin.slash(carol, later, None, "kozel", subcommand="start")
    assert bot.handled == [("start", later.id)] and result.message is not None
    assert bot.get_guild(later.id) is not None


# ---------------------------------------------------------------------------- Discord's limits


async def test_double_response_gets_40060(
    standin: DiscordStandIn,
    bot: MiniBot,
    guild: StandInGuild,
    alice: StandInUser,
    http: aiohttp.ClientSession,
) -> None:
    result = await standin.slash(alice, guild, None, "kozel", subcommand="secret")
    path = f"/interactions/{result.interaction_id}/{result.token}/callback?with_response=1"
    status, body, _ = await post(http, standin, path, {"type": 4, "data": {"content": "again"}})
    assert status == 400 and body["code"] == 40060
    assert body["message"] == "Interaction has already been acknowledged."
    [rejection] = standin.rejections
    assert rejection.code == 40060 and "interaction" in rejection.description


async def test_interaction_token_expires_after_15_minutes(
    standin: DiscordStandIn,
    bot: MiniBot,
    guild: StandInGuild,
    alice: StandInUser,
    http: aiohttp.ClientSession,
) -> None:
    result = await standin.slash(alice, guild, None, "kozel", subcommand="secret")
    followup = f"/webhooks/{standin.application_id}/{result.token}?wait=true"
    status, body, _ = await post(http, standin, followup, {"content": "more", "flags": 64})
    assert status == 200 and body["flags"] & 64
    assert [m.content for m in result.followups] == ["more"]
    assert result.followups[0].visible_to == alice.id
    standin.advance_clock(14 * 60)
    original = f"/webhooks/{standin.application_id}/{result.token}/messages/@original"
    status, body, _ = await post(http, standin, original, {"content": "edited"}, "PATCH")
    assert status == 200 and body["content"] == "edited"
    standin.advance_clock(60 + 1)
    status, body, _ = await post(http, standin, original, {"content": "too late"}, "PATCH")
    assert status == 401 and body["code"] == 50027
    status, body, _ = await post(http, standin, followup, {"content": "too late"})
    assert status == 401 and body["code"] == 50027
    assert [r.code for r in standin.rejections] == [50027, 50027]


async def test_late_answer_is_a_missed_deadline(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    call = asyncio.create_task(standin.slash(alice, guild, None, "kozel", subcommand="hold"))
    await asyncio.wait_for(bot.entered.wait(), 5)
    standin.advance_clock(3.5)  # the bot "took" 3.5 s
    bot.gate.set()
    with pytest.raises(InteractionDeadlineMissedError):
        await call
    [missed] = standin.missed_deadlines
    assert missed.latency is not None and missed.latency > 3
    assert standin.latencies[missed.interaction_id] > 3
    assert standin.messages() == []
    assert [r.code for r in standin.rejections] == [10062]


async def test_invalid_answer_fails_the_interaction_at_once(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    with pytest.raises(InteractionFailedError, match="2000 or fewer"):
        await standin.slash(alice, guild, None, "kozel", subcommand="bad")
    [rejection] = standin.rejections
    assert rejection.code == 50035 and "/kozel bad by alice" in rejection.description
    await asyncio.wait_for(bot.errored.wait(), 5)
    [error] = bot.errors
    assert isinstance(error, discord.HTTPException) and error.status == 400
    assert error.code == 50035 and "data" in str(error)
    assert standin.messages() == []


async def test_unanswered_interaction_times_out(
    standin: DiscordStandIn, bot: MiniBot, guild: StandInGuild, alice: StandInUser
) -> None:
    with pytest.raises(InteractionTimeoutError):
        await standin.slash(alice, guild, None, "kozel", subcommand="hold", timeout=0.2)
    assert len(standin.missed_deadlines) == 1
    bot.gate.set()
    message = await standin.wait_for_message(lambda m: m.content == "finally")
    assert message.source == "response"


async def test_ephemeral_cannot_be_edited_through_the_channel_endpoint(
    standin: DiscordStandIn,
    bot: MiniBot,
    guild: StandInGuild,
    alice: StandInUser,
    http: aiohttp.ClientSession,
) -> None:
    secret = (await standin.slash(alice, guild, None, "kozel", subcommand="secret")).message
    table = (await standin.slash(alice, guild, None, "kozel", subcommand="start")).message
    assert secret is not None and table is not None
    channel = guild.default_channel.id
    status, body, _ = await post(
        http, standin, f"/channels/{channel}/messages/{secret.id}", {"content": "x"}, "PATCH"
    )
    assert status == 404 and body["code"] == 10008
    assert len(standin.rejections) == 1
    status, body, _ = await post(
        http, standin, f"/channels/{channel}/messages/{table.id}", {"content": "new"}, "PATCH"
    )
    assert status == 200 and body["content"] == "new" and body["edited_timestamp"]
    assert [v["content"] for v in table.history] == ["table stake 10", "new"]
    assert table.custom_ids() == ["panel:hand", "panel:refresh", "panel:trump"]


async def test_two_shards_get_only_their_guilds(
    standin: DiscordStandIn, alice: StandInUser
) -> None:
    first = standin.add_guild("Shard zero", members=[alice], shard=(0, 2))
    second = standin.add_guild("Shard one", members=[alice], shard=(1, 2))
    assert (first.shard_id(2), second.shard_id(2)) == (0, 1)
    async with (
        running_bot(standin, shard_id=0, shard_count=2) as bot0,
        running_bot(standin, shard_id=1, shard_count=2) as bot1,
    ):
        await standin.wait_for_sessions(2)
        await standin.wait_for_commands("kozel")
        assert sorted(s.shard for s in standin.sessions if s.shard) == [(0, 2), (1, 2)]
        await standin.slash(alice, first, None, "kozel", subcommand="start")
        await standin.slash(alice, second, None, "kozel", subcommand="start")
        await standin.slash(alice, second, None, "kozel", subcommand="start")
        assert bot0.handled == [("start", first.id)]
        assert bot1.handled == [("start", second.id)] * 2
        assert [g.id for g in bot0.guilds] == [first.id]
        assert [g.id for g in bot1.guilds] == [second.id]
