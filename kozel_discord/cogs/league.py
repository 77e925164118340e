"""``/league table|player|history|game|ranked``: the server's league (rendered by ui.league;
replays of finished games by ui.replay)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..engine import SERIES_LENGTHS
from ..i18n import locale_of, ls, t
from ..ui.interaction import display_name
from ..ui.league import history_embed, profile_embed, standings_message
from ..ui.replay import games_view, open_replay

if TYPE_CHECKING:
    from ..bot import KozelBot

LENGTH_CHOICES = [
    app_commands.Choice(name=ls(f"choice.length.{n}"), value=n) for n in SERIES_LENGTHS
]
SORT_CHOICES = [
    app_commands.Choice(name=ls(f"sort.{s}"), value=s)
    for s in ("rating", "series_won", "games_won", "goats", "goats_with_eggs", "eggs")
]


class LeagueCog(
    commands.GroupCog, group_name=ls("cmd.league.name"), group_description=ls("cmd.league.desc")
):
    def __init__(self, bot: KozelBot) -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.table.name"), description=ls("cmd.table.desc"))
    @app_commands.rename(sort=ls("cmd.table.sort_name"), length=ls("cmd.table.length_name"))
    @app_commands.describe(sort=ls("cmd.table.sort"), length=ls("cmd.table.length"))
    @app_commands.choices(sort=SORT_CHOICES)
    @app_commands.choices(length=LENGTH_CHOICES)
    @app_commands.guild_only()
    async def table(
        self,
        interaction: discord.Interaction[Any],
        sort: app_commands.Choice[str] | None = None,
        length: app_commands.Choice[int] | None = None,
    ) -> None:
        """The league of the server's standard series length, or of ``length``."""
        assert interaction.guild_id is not None
        key = sort.value if sort is not None else "rating"
        size = length.value if length is not None else None
        page = await self.bot.league.standings(interaction.guild_id, key, 0, size)
        await interaction.response.send_message(**standings_message(page, interaction))

    @app_commands.command(name=ls("cmd.player.name"), description=ls("cmd.player.desc"))
    @app_commands.rename(member=ls("cmd.player.member_name"), length=ls("cmd.table.length_name"))
    @app_commands.describe(member=ls("cmd.player.member"), length=ls("cmd.table.length"))
    @app_commands.choices(length=LENGTH_CHOICES)
    @app_commands.guild_only()
    async def player(
        self,
        interaction: discord.Interaction[Any],
        member: discord.User | None = None,
        length: app_commands.Choice[int] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        locale = locale_of(interaction)
        target = member or interaction.user
        size = length.value if length is not None else None
        profile = await self.bot.league.profile(interaction.guild_id, target.id, size)
        if profile is None:
            await interaction.response.send_message(
                t("profile.none", locale, user=f"<@{target.id}>"), ephemeral=True
            )
            return
        games = await self.bot.league.recent_games(interaction.guild_id, target.id)
        embed = profile_embed(profile, locale, display_name(target))
        view = games_view(games, locale)
        if view is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        embed.set_footer(text=t("replay.pick_hint", locale))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name=ls("cmd.history.name"), description=ls("cmd.history.desc"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        rows = await self.bot.league.history(interaction.guild_id)
        games = await self.bot.league.recent_games(interaction.guild_id)
        locale = locale_of(interaction, public=True)
        embed = history_embed(rows, locale)
        view = games_view(games, locale)
        if view is None:
            await interaction.response.send_message(embed=embed)
            return
        embed.set_footer(text=t("replay.pick_hint", locale))
        await interaction.response.send_message(embed=embed, view=view)

    @app_commands.command(name=ls("cmd.game.name"), description=ls("cmd.game.desc"))
    @app_commands.rename(game_id=ls("cmd.game.id_name"), public=ls("cmd.game.public_name"))
    @app_commands.describe(game_id=ls("cmd.game.id"), public=ls("cmd.game.public"))
    @app_commands.guild_only()
    async def game(
        self,
        interaction: discord.Interaction[Any],
        game_id: app_commands.Range[int, 1, 2**53 - 1],
        public: bool = False,
    ) -> None:
        await open_replay(interaction, game_id, public=public)

    @app_commands.command(name=ls("cmd.ranked.name"), description=ls("cmd.ranked.desc"))
    @app_commands.rename(enabled=ls("cmd.ranked.enabled_name"))
    @app_commands.describe(enabled=ls("cmd.ranked.enabled"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def ranked(
        self, interaction: discord.Interaction[Any], enabled: bool | None = None
    ) -> None:
        assert interaction.guild_id is not None
        value = await self.bot.league.rank_computer_series(interaction.guild_id, enabled)
        locale = locale_of(interaction)
        text = t("ranked.on" if value else "ranked.off", locale)
        if enabled is not None:  # changed (or set again): from which series it holds
            text += " " + t("ranked.from_next", locale)
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: KozelBot) -> None:
    await bot.add_cog(LeagueCog(bot))
