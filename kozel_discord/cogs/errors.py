"""The central error handler: any unexpected failure of a command or component gets a
short ephemeral apology (never a stack trace or a hidden card) and a log line."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import locale_of, t

if TYPE_CHECKING:
    from ..bot import KozelBot

log = logging.getLogger(__name__)


class ErrorsCog(commands.Cog):
    def __init__(self, bot: KozelBot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        locale = locale_of(interaction)
        if isinstance(error, app_commands.NoPrivateMessage):
            text = t("error.guild_only", locale)
        elif isinstance(error, app_commands.CheckFailure):
            text = t("error.not_allowed", locale)
        else:
            cmd = interaction.command.qualified_name if interaction.command else "?"
            log.error("command %s failed", cmd, exc_info=error)
            self.bot.stats.errors += 1
            text = t("error.internal", locale)
        await reply(interaction, text)


async def reply(interaction: discord.Interaction[Any], text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error")


async def setup(bot: KozelBot) -> None:
    await bot.add_cog(ErrorsCog(bot))
