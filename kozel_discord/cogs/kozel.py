"""``/kozel start|stop|hand|rules``: tables in channels."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..engine import SERIES_LENGTHS
from ..i18n import LANGUAGES, locale_of, ls, t
from ..monitor import percentile
from ..ui import components, render
from ..ui.interaction import display_name
from ..ui.lobby import lobby_view
from ..ui.permissions import check_can_host
from ..ui.settings import rules_embed, settings_changes, settings_text

if TYPE_CHECKING:
    from ..bot import KozelBot

ON_OFF = [
    app_commands.Choice(name=ls("choice.on"), value="on"),
    app_commands.Choice(name=ls("choice.off"), value="off"),
]
VOTE_CHOICES = [
    app_commands.Choice(name=ls("choice.vote.stop"), value="stop"),
    app_commands.Choice(name=ls("choice.vote.timer"), value="timer"),
]

TIMER_CHOICES = [
    app_commands.Choice(name=ls("choice.timer.off"), value=0),
    app_commands.Choice(name=ls("choice.timer.30"), value=30),
    app_commands.Choice(name=ls("choice.timer.60"), value=60),
    app_commands.Choice(name=ls("choice.timer.90"), value=90),
    app_commands.Choice(name=ls("choice.timer.180"), value=180),
]
LENGTH_CHOICES = [
    app_commands.Choice(name=ls(f"choice.length.{n}"), value=n) for n in SERIES_LENGTHS
]
LANGUAGE_CHOICES = [
    app_commands.Choice(name=ls(f"choice.language.{lang}"), value=lang)
    for lang in ("server", *LANGUAGES)
]


class KozelCog(
    commands.GroupCog,
    group_name=ls("cmd.kozel.name"),
    group_description=ls("cmd.kozel.desc"),
):
    def __init__(self, bot: KozelBot) -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.start.name"), description=ls("cmd.start.desc"))
    @app_commands.rename(timer=ls("cmd.start.timer_name"), length=ls("cmd.start.length_name"))
    @app_commands.describe(timer=ls("cmd.start.timer"), length=ls("cmd.start.length"))
    @app_commands.choices(timer=TIMER_CHOICES, length=LENGTH_CHOICES)
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction[Any],
        timer: app_commands.Choice[int] | None = None,
        length: app_commands.Choice[int] | None = None,
    ) -> None:
        svc = self.bot.tables
        assert interaction.guild_id is not None and interaction.channel_id is not None
        check_can_host(interaction, locale_of(interaction))
        table = await svc.open_lobby(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            display_name(interaction.user),
            locale_of(interaction, public=True),
            turn_timeout=timer.value if timer is not None else None,
            length=length.value if length is not None else None,
        )
        locale = table.locale  # the server's table language
        response = await interaction.response.send_message(
            embed=render.lobby_embed(table, locale), view=lobby_view(table, locale)
        )
        if response.message_id is not None:
            await svc.set_messages(table.channel_id, table.table_id, {"lobby": response.message_id})

    @app_commands.command(name=ls("cmd.stop.name"), description=ls("cmd.stop.desc"))
    @app_commands.guild_only()
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        locale = locale_of(interaction)
        table = self.bot.tables.check_stop(
            interaction.channel_id or 0,
            interaction.user.id,
            is_admin=interaction.permissions.manage_guild,
        )
        await interaction.response.send_message(
            components.stop_question(table, locale),
            view=components.stop_view(table, locale),
            ephemeral=True,
        )

    @app_commands.command(name=ls("cmd.hand.name"), description=ls("cmd.hand.desc"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await components.open_hand(interaction)

    @app_commands.command(name=ls("cmd.pings.name"), description=ls("cmd.pings.desc"))
    @app_commands.rename(state=ls("cmd.pings.state_name"))
    @app_commands.describe(state=ls("cmd.pings.state"))
    @app_commands.choices(state=ON_OFF)
    @app_commands.guild_only()
    async def pings(
        self, interaction: discord.Interaction[Any], state: app_commands.Choice[str]
    ) -> None:
        """Turn one's own turn pings at this channel's table on or off."""
        locale = locale_of(interaction)
        on = state.value == "on"
        await self.bot.tables.set_pings(interaction.channel_id or 0, interaction.user.id, on)
        await interaction.response.send_message(
            t("ping.on" if on else "ping.off", locale), ephemeral=True
        )

    @app_commands.command(name=ls("cmd.vote.name"), description=ls("cmd.vote.desc"))
    @app_commands.rename(what=ls("cmd.vote.what_name"))
    @app_commands.describe(what=ls("cmd.vote.what"))
    @app_commands.choices(what=VOTE_CHOICES)
    @app_commands.guild_only()
    async def vote(
        self, interaction: discord.Interaction[Any], what: app_commands.Choice[str]
    ) -> None:
        """A vote of the other players against a host who holds the game up."""
        locale = locale_of(interaction)
        event = await self.bot.tables.vote(
            interaction.channel_id or 0, interaction.user.id, what.value
        )
        have, need = event.votes
        text = (
            t(f"vote.{what.value}.passed", locale)
            if event.passed
            else t("vote.yours", locale, n=have, total=need)
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name=ls("cmd.settings.name"), description=ls("cmd.settings.desc"))
    @app_commands.rename(
        threads=ls("cmd.settings.threads_name"),
        length=ls("cmd.settings.length_name"),
        timer=ls("cmd.settings.timer_name"),
        hints=ls("cmd.settings.hints_name"),
        language=ls("cmd.settings.language_name"),
    )
    @app_commands.describe(
        threads=ls("cmd.settings.threads"),
        length=ls("cmd.settings.length"),
        timer=ls("cmd.settings.timer"),
        hints=ls("cmd.settings.hints"),
        language=ls("cmd.settings.language"),
    )
    @app_commands.choices(length=LENGTH_CHOICES, timer=TIMER_CHOICES)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        threads: bool | None = None,
        length: app_commands.Choice[int] | None = None,
        timer: app_commands.Choice[int] | None = None,
        hints: bool | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        """This server's house rules (Manage Server): without options it shows them; each
        option changes one, for lobbies opened afterwards."""
        assert interaction.guild_id is not None
        league = self.bot.league
        changes = settings_changes(
            length=length.value if length is not None else None,
            timer=timer.value if timer is not None else None,
            hints=hints,
            language=language.value if language is not None else None,
        )
        rules = await league.settings(interaction.guild_id, changes)  # a bad value: refused
        if threads is not None:
            await league.table_threads(interaction.guild_id, threads)
            rules = dataclasses.replace(rules, table_threads=threads)
        changed = bool(changes) or threads is not None
        text = settings_text(
            rules, locale_of(interaction), self.bot.tables.timer_of(rules), changed=changed
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name=ls("cmd.rules.name"), description=ls("cmd.rules.desc"))
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        """The rules in short, with this table's (or this server's) series length, timer
        and hints."""
        tables = self.bot.tables
        table = tables.get(interaction.channel_id or 0) if interaction.guild_id else None
        rules = None
        if table is None and interaction.guild_id is not None:
            rules = await tables.guild_settings(interaction.guild_id)
        await interaction.response.send_message(
            embed=rules_embed(locale_of(interaction), table, rules, tables.timer_of),
            ephemeral=True,
        )

    @app_commands.command(name=ls("cmd.stats.name"), description=ls("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def stats(self, interaction: discord.Interaction[Any]) -> None:
        locale = locale_of(interaction)
        st = self.bot.stats
        lags = list(st.lag_samples)
        embed = discord.Embed(title=t("stats.title", locale), colour=0x5865F2)
        embed.description = t(
            "stats.text",
            locale,
            tables=self.bot.live_tables(),
            games=st.games_last_hour(),
            interactions=st.interactions,
            errors=st.errors,
            lag=f"{percentile(lags, 0.99) * 1000:.0f}",
            lag_max=f"{st.lag_max * 1000:.0f}",
            rss=f"{st.peak_rss_mib():.0f}",
            shards=",".join(str(i) for i in (self.bot.shard_ids or [0])),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: KozelBot) -> None:
    await bot.add_cog(KozelCog(bot))
