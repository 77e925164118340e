"""Tests of the Discord stand-in, driven by a tiny real discord.py bot running in-process."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

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
    use_local_discord,
)

# ---------------------------------------------------------------------------- the bot under test


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"card:(?P<card>\w+)"):
    def __init__(self, card: str) -> None:
        super().__init__(discord.ui.Button(label=card, custom_id=f"card:{card}"))
        self.card = card

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CardButton:
        return cls(match["card"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"played {self.card}", view=None)


class Panel(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="My hand", custom_id="panel:hand")
    async def hand(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        view = discord.ui.View(timeout=None)
        for card in ("AS", "KH"):
            view.add_item(CardButton(card))
        await interaction.response.send_message(
            f"hand of {interaction.user.name}", ephemeral=True, view=view
        )

    @discord.ui.button(label="Refresh", custom_id="panel:refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="refreshed")

    @discord.ui.select(
        custom_id="panel:trump",
        options=[discord.SelectOption(label=s.title(), value=s) for s in ("clubs", "hearts")],
    )
    async def trump(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"trump: {select.values[0]}")


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="modal:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class MiniBot(commands.Bot):
    def __init__(self, **options: Any) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents(guilds=True, members=True),
            guild_ready_timeout=0.05,
            **options,
        )
        self.handled: list[tuple[str, int | None]] = []
        self.ready = asyncio.Event()
        self.entered = asyncio.Event()
        self.gate = asyncio.Event()
        self.joined = asyncio.Event()
        group = app_commands.Group(name="kozel", description="Kozel tables")

        @group.command(name="start", description="Open a table")
        async def start(interaction: discord.Interaction, stake: int = 10) -> None:
            self.handled.append(("start", interaction.guild_id))
            await interaction.response.send_message(f"table stake {stake}", view=Panel())

        @group.command(name="secret", description="An ephemeral reply")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("only you", ephemeral=True)

        @group.command(name="slow", description="Defer, then follow up")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("done")

        @group.command(name="hold", description="Answers once the test opens the gate")
        async def hold(interaction: discord.Interaction) -> None:
            self.entered.set()
            await self.gate.wait()
            with contextlib.suppress(discord.NotFound):
                await interaction.response.send_message("finally")

        @group.command(name="bad", description="Answers with too long a message")
        async def bad(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("x" * 2001)

        @group.command(name="name", description="Opens a modal")
        async def name(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @app_commands.command(name="settings", description="Server settings")
        @app_commands.default_permissions(manage_guild=True)
        async def settings(interaction: discord.Interaction) -> None:
            allowed = interaction.permissions.manage_guild
            await interaction.response.send_message(f"manage_guild={allowed}", ephemeral=True)

        self.tree.add_command(group)
        self.tree.add_command(settings)
        self.errors: list[BaseException] = []
        self.errored = asyncio.Event()

        @self.tree.error
        async def on_app_command_error(
            interaction: discord.Interaction, error: app_commands.AppCommandError
        ) -> None:
            self.errors.append(error.__cause__ or error)
            self.errored.set()

    async def setup_hook(self) -> None:
        self.add_view(Panel())
        self.add_dynamic_items(CardButton)
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py sleeps 5 s before re-identifying; no need against the stand-in

    async def on_ready(self) -> None:
        self.ready.set()

    async def on_guild_join(self, guild: discord.Guild) -> None:
        self.joined.set()


@contextlib.asynccontextmanager
async def running_bot(standin: DiscordStandIn, **options: Any) -> AsyncIterator[MiniBot]:
    restore = use_local_discord(standin.api_base, standin.gateway_url)
    bot = MiniBot(**options)
    task = asyncio.create_task(bot.start(standin.token))
    try:
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        restore()


@pytest.fixture
def alice(standin: DiscordStandIn) -> StandInUser:
    return standin.add_user("alice", global_name="Alice")


@pytest.fixture
def bob(standin: DiscordStandIn) -> StandInUser:
    return standin.add_user("bob")


@pytest.fixture
def guild(standin: DiscordStandIn, alice: StandInUser, bob: StandInUser) -> StandInGuild:
    return standin.add_guild("Kozel club", channels=["general", "games"], members=[alice, bob])


@pytest.fixture
async def bot(standin: DiscordStandIn, guild: StandInGuild) -> AsyncIterator[MiniBot]:
    async with running_bot(standin) as mini:
        await standin.wait_for_sessions(1)
        await standin.wait_for_commands("kozel")
        yield mini
    assert standin.unhandled == []


async def post(
    http: aiohttp.ClientSession, standin: DiscordStandIn, path: str, body: Any, method: str = "POST"
) -> tuple[int, Any, aiohttp.ClientResponse]:
    headers = {"Authorization": f"Bot {standin.token}"}
    async with http.request(method, standin.api_base + path, json=body, headers=headers) as resp:
        return resp.status, await resp.json(content_type=None), resp


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


# ---------------------------------------------------------------------------- rejection rules


def _button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _select(custom_id: str = "s", options: int = 2, **extra: Any) -> dict[str, Any]:
    choices = [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": choices, **extra}


def _option(**fields: str) -> dict[str, Any]:
    return _select(options=0) | {"options": [{"label": "l", "value": "v"} | fields]}


def _embed(**fields: Any) -> dict[str, Any]:
    return {"content": "x", "embeds": [fields]}


LONG = "x" * 101
REJECTED: dict[str, tuple[dict[str, Any], int]] = {
    "six action rows": ({"components": [_row(_button(f"b{i}")) for i in range(6)]}, 50035),
    "six buttons in a row": ({"components": [_row(*(_button(f"b{i}") for i in range(6)))]}, 50035),
    "select not alone": ({"components": [_row(_select(), _button("b"))]}, 50035),
    "select without options": ({"components": [_row(_select(options=0))]}, 50035),
    "select with 26 options": ({"components": [_row(_select(options=26))]}, 50035),
    "max_values 26": ({"components": [_row(_select(max_values=26))]}, 50035),
    "min_values 26": ({"components": [_row(_select(min_values=26))]}, 50035),
    "custom id missing": ({"components": [_row({"type": 2, "style": 1, "label": "b"})]}, 50035),
    "custom id too long": ({"components": [_row(_button(LONG))]}, 50035),
    "duplicate custom ids": ({"components": [_row(_button("a")), _row(_button("a"))]}, 50035),
    "button label 81": ({"components": [_row(_button("b", "x" * 81))]}, 50035),
    "option label 101": ({"components": [_row(_option(label=LONG))]}, 50035),
    "option value 101": ({"components": [_row(_option(value=LONG))]}, 50035),
    "option description 101": ({"components": [_row(_option(description=LONG))]}, 50035),
    "content 2001": ({"content": "x" * 2001}, 50035),
    "eleven embeds": ({"embeds": [{"title": "t"}] * 11}, 50035),
    "embed total 6001": (
        {"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]},
        50035,
    ),
    "embed title 257": (_embed(title="x" * 257), 50035),
    "embed description 4097": (_embed(description="x" * 4097), 50035),
    "26 embed fields": (_embed(fields=[{"name": "n", "value": "v"}] * 26), 50035),
    "field name 257": (_embed(fields=[{"name": "x" * 257, "value": "v"}]), 50035),
    "field value 1025": (_embed(fields=[{"name": "n", "value": "x" * 1025}]), 50035),
    "empty message": ({"content": ""}, 50006),
}


REJECTED["components v2 with content"] = (
    {"content": "x", "flags": 1 << 15, "components": [{"type": 10, "content": "t"}]},
    50035,
)


@pytest.mark.parametrize("case", list(REJECTED))
async def test_rejected_channel_messages(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession, case: str
) -> None:
    payload, code = REJECTED[case]
    path = f"/channels/{guild.default_channel.id}/messages"
    status, body, response = await post(http, standin, path, payload)
    assert status == 400 and body["code"] == code, body
    assert response.headers["Content-Type"] == "application/json"
    if code == 50035:
        assert body["message"] == "Invalid Form Body" and body["errors"]
    [rejection] = standin.rejections
    assert rejection.status == 400 and rejection.route == "/channels/{channel_id}/messages"
    assert standin.messages() == []


async def test_valid_limits_are_accepted(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    payload = {
        "content": "x" * 2000,
        "components": [_row(*(_button(f"b{r}{i}", "x" * 80) for i in range(5))) for r in range(4)]
        + [_row(_select(options=25, max_values=25))],
        "embeds": [{"title": "x" * 256, "fields": [{"name": "n", "value": "x" * 1024}] * 3}],
    }
    path = f"/channels/{guild.default_channel.id}/messages"
    status, body, response = await post(http, standin, path, payload)
    assert status == 200, body
    assert response.headers["Content-Type"] == "application/json"
    [message] = standin.messages()
    assert body["id"] == str(message.id) and message.source == "channel"
    assert standin.rejections == []


async def test_multipart_payload_json_with_a_file(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "with file"}', content_type="application/json")
    form.add_field("files[0]", b"12345", filename="score.txt", content_type="text/plain")
    url = f"{standin.api_base}/channels/{guild.default_channel.id}/messages"
    headers = {"Authorization": f"Bot {standin.token}"}
    async with http.post(url, data=form, headers=headers) as response:
        body = await response.json()
    assert response.status == 200 and body["content"] == "with file"
    assert [(a["filename"], a["size"]) for a in body["attachments"]] == [("score.txt", 5)]


async def test_unhandled_routes_and_auth(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    status, body, _ = await post(http, standin, f"/guilds/{guild.id}/bans", None, "GET")
    assert status == 404 and body["code"] == 0
    assert standin.unhandled == [f"GET /guilds/{guild.id}/bans"]
    async with http.get(standin.api_base + "/users/@me", headers={"Authorization": "Bot no"}) as r:
        assert r.status == 401


async def test_rate_limit_headers_and_429(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    standin.set_rate_limit("POST /channels/{channel_id}/messages", 2, per=60)
    path = f"/channels/{guild.default_channel.id}/messages"
    status, _, first = await post(http, standin, path, {"content": "1"})
    assert status == 200 and first.headers["X-RateLimit-Remaining"] == "1"
    status, _, second = await post(http, standin, path, {"content": "2"})
    assert status == 200 and second.headers["X-RateLimit-Remaining"] == "0"
    status, body, third = await post(http, standin, path, {"content": "3"})
    assert status == 429 and third.headers["Via"] and body["retry_after"] > 0
    assert standin.rate_limited == 1 and len(standin.messages()) == 2


async def test_wait_for_message_wakes_on_creates_and_edits(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    mark = standin.mark()
    path = f"/channels/{guild.default_channel.id}/messages"
    waiter = asyncio.create_task(standin.wait_for_message(lambda m: "go" in m.content, since=mark))
    status, body, _ = await post(http, standin, path, {"content": "wait"})
    assert status == 200 and not waiter.done()
    await post(http, standin, f"{path}/{body['id']}", {"content": "go"}, "PATCH")
    message = await asyncio.wait_for(waiter, 5)
    assert message.id == int(body["id"]) and message.edit_count == 1


async def test_components_v2_and_old_message_edit_limit(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    container = {"type": 17, "components": [{"type": 10, "content": "table"}, _row(_button("a"))]}
    path = f"/channels/{guild.default_channel.id}/messages"
    status, body, _ = await post(http, standin, path, {"flags": 1 << 15, "components": [container]})
    assert status == 200, body
    message = standin.messages()[0]
    assert message.custom_ids() == ["a"] and "table" in message.text()
    standin.old_message_edit_limit = 1
    standin.advance_clock(3601)
    edit = {"components": [container | {"components": [{"type": 10, "content": "new"}]}]}
    status, body, _ = await post(http, standin, f"{path}/{message.id}", edit, "PATCH")
    assert status == 200, body
    status, body, _ = await post(http, standin, f"{path}/{message.id}", edit, "PATCH")
    assert status == 400 and body["code"] == 30046
    assert [r.code for r in standin.rejections] == [30046]


async def test_enforced_nonce_makes_posting_idempotent(standin: DiscordStandIn) -> None:
    guild = standin.add_guild("Nonce club")
    channel = guild.default_channel
    url = f"{standin.api_base}/channels/{channel.id}/messages"
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession() as http:
        ids = []
        for _ in range(2):
            body = {"content": "hello", "nonce": "kozel-result-1", "enforce_nonce": True}
            async with http.post(url, json=body, headers=headers) as resp:
                assert resp.status == 200
                ids.append((await resp.json())["id"])
        assert ids[0] == ids[1]
        assert len(standin.public_messages(channel)) == 1
        body = {"content": "hello", "nonce": "x" * 26, "enforce_nonce": True}
        async with http.post(url, json=body, headers=headers) as resp:
            assert resp.status == 400
