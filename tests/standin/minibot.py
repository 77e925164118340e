"""The bot the stand-in's tests drive: a tiny real discord.py bot (slash commands, a
persistent view, dynamic buttons, a modal), run in-process against the stand-in."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from standin.discord_standin import DiscordStandIn, use_local_discord

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


ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.asynccontextmanager
async def started(standin: DiscordStandIn, make: Callable[[], ClientT]) -> AsyncIterator[ClientT]:
    """A discord.py client made by ``make``, logged in to the stand-in while the block runs."""
    restore = use_local_discord(standin.api_base, standin.gateway_url)
    bot = make()
    task = asyncio.create_task(bot.start(standin.token))
    try:
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        restore()


@contextlib.asynccontextmanager
async def running_bot(standin: DiscordStandIn, **options: Any) -> AsyncIterator[MiniBot]:
    async with started(standin, lambda: MiniBot(**options)) as bot:
        yield bot
