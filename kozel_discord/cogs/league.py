"""``/league table|player|history|ranked``: the server's league, from the store."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import ls, t
from ..service import ServiceError
from ..store import PlayerProfile, SeriesSummary, StandingsPage
from ..ui.components import guarded, send_error, user_locale

if TYPE_CHECKING:
    from ..bot import KozelBot

log = logging.getLogger(__name__)

SORT_CHOICES = [
    app_commands.Choice(name=ls(f"sort.{s}"), value=s)
    for s in ("rating", "series_won", "games_won", "goats", "goats_with_eggs", "eggs")
]


def _guild_locale(interaction: discord.Interaction[Any]) -> str:
    loc = interaction.guild_locale or interaction.locale
    return str(loc.value if loc else "en-US")


def standings_embed(page: StandingsPage, guild_name: str, locale: str) -> discord.Embed:
    e = discord.Embed(
        title=t("league.title", locale, guild=guild_name),
        colour=0xC27C0E,
        description=t("league.sorted_by", locale, sort=t(f"sort.{page.sort}", locale)),
    )
    if not page.rows:
        e.description = t("league.empty", locale)
        return e
    lines = [
        t(
            "league.row",
            locale,
            rank=row.rank,
            user=f"<@{row.user_id}>",
            rating=f"{row.rating:.1f}",
            sw=row.series_won,
            sl=row.series_lost,
            goats=row.goats,
            goats_eggs=row.goats_with_eggs,
            gw=row.games_won,
            gl=row.games_lost,
            eggs=row.eggs,
        )
        for row in page.rows
    ]
    e.add_field(name=t("league.columns", locale), value="\n".join(lines)[:1024], inline=False)
    e.set_footer(
        text=t("league.page", locale, page=page.page + 1, pages=page.pages, total=page.total)
    )
    return e


def standings_view(page: StandingsPage, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        StandingsPageButton(page.sort, page.page - 1, "◀", disabled=page.page <= 0, slot="prev")
    )
    view.add_item(
        StandingsPageButton(
            page.sort, page.page + 1, "▶", disabled=page.page + 1 >= page.pages, slot="next"
        )
    )
    return view


class StandingsPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"kozel:lt:(?P<sort>[a-z_]{1,24}):(?P<page>[0-9]{1,5}):(?P<slot>prev|next)",
):
    """Paging of ``/league table`` (anyone may page; it edits the same message)."""

    def __init__(
        self, sort: str, page: int, label: str = "▶", *, disabled: bool = False, slot: str = "next"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"kozel:lt:{sort}:{max(page, 0)}:{slot}",
                disabled=disabled,
            )
        )
        self.sort, self.page = sort, max(page, 0)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StandingsPageButton:
        return cls(match["sort"], int(match["page"]), slot=match["slot"])

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            raise ServiceError("guild_only")
        bot = cast("KozelBot", interaction.client)
        locale = _guild_locale(interaction)
        page = await bot.league.standings(interaction.guild_id, self.sort, self.page)
        name = interaction.guild.name if interaction.guild else ""
        await interaction.response.edit_message(
            embed=standings_embed(page, name, locale), view=standings_view(page, locale)
        )


def _series_line(s: SeriesSummary, locale: str) -> str:
    def names(team: int) -> str:
        return " & ".join(
            f"<@{seat.user_id}>"
            if seat.user_id is not None
            else t("seat.computer_short", locale, level=t(f"level.{seat.computer_level}", locale))
            for seat in s.seats
            if seat.team == team
        )

    when = f"<t:{int((s.ended_at or s.started_at).timestamp())}:d>"
    if s.goats is None:
        verdict = t(f"history.status.{s.status.value}", locale)
    else:
        key = "history.goats_with_eggs" if s.goats_with_eggs else "history.goats"
        verdict = t(key, locale, names=names(s.goats))
    return t(
        "history.line",
        locale,
        when=when,
        a=names(0),
        b=names(1),
        da=s.defeat_points[0],
        db=s.defeat_points[1],
        eggs=s.eggs,
        verdict=verdict,
        ranked="" if s.ranked else t("history.unranked", locale),
    )


def profile_embed(p: PlayerProfile, locale: str) -> discord.Embed:
    st = p.stats
    e = discord.Embed(title=t("profile.title", locale, name=p.display_name), colour=0xC27C0E)
    e.add_field(
        name=t("profile.rating", locale),
        value=f"{st.rating:.1f}" + (f" (#{p.rank})" if p.rank else ""),
    )
    e.add_field(
        name=t("profile.series", locale),
        value=t("profile.series_value", locale, w=st.series_won, l=st.series_lost),
    )
    e.add_field(
        name=t("profile.goats", locale),
        value=t("profile.goats_value", locale, n=st.goats, eggs=st.goats_with_eggs),
    )
    e.add_field(
        name=t("profile.games", locale),
        value=t("profile.games_value", locale, w=st.games_won, l=st.games_lost, eggs=st.eggs),
    )
    e.add_field(
        name=t("profile.defeat_points", locale),
        value=t(
            "profile.defeat_points_value",
            locale,
            taken=st.defeat_points_taken,
            inflicted=st.defeat_points_inflicted,
        ),
    )
    if p.best_partner is not None:
        e.add_field(
            name=t("profile.best_partner", locale),
            value=t(
                "profile.best_partner_value",
                locale,
                user=f"<@{p.best_partner.user_id}>",
                won=p.best_partner.series_won,
                played=p.best_partner.series_played,
            ),
        )
    if p.recent_series:
        e.add_field(
            name=t("profile.recent", locale),
            value="\n".join(_series_line(s, locale) for s in p.recent_series)[:1024],
            inline=False,
        )
    return e


class LeagueCog(
    commands.GroupCog, group_name=ls("cmd.league.name"), group_description=ls("cmd.league.desc")
):
    def __init__(self, bot: KozelBot) -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.table.name"), description=ls("cmd.table.desc"))
    @app_commands.describe(sort=ls("cmd.table.sort"))
    @app_commands.choices(sort=SORT_CHOICES)
    @app_commands.guild_only()
    async def table(
        self, interaction: discord.Interaction[Any], sort: app_commands.Choice[str] | None = None
    ) -> None:
        assert interaction.guild_id is not None
        locale = _guild_locale(interaction)
        key = sort.value if sort is not None else "rating"
        try:
            page = await self.bot.league.standings(interaction.guild_id, key, 0)
        except ServiceError as err:
            await send_error(interaction, err)
            return
        name = interaction.guild.name if interaction.guild else ""
        await interaction.response.send_message(
            embed=standings_embed(page, name, locale), view=standings_view(page, locale)
        )

    @app_commands.command(name=ls("cmd.player.name"), description=ls("cmd.player.desc"))
    @app_commands.describe(member=ls("cmd.player.member"))
    @app_commands.guild_only()
    async def player(
        self, interaction: discord.Interaction[Any], member: discord.User | None = None
    ) -> None:
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        target = member or interaction.user
        try:
            profile = await self.bot.league.profile(interaction.guild_id, target.id)
        except ServiceError as err:
            await send_error(interaction, err)
            return
        if profile is None:
            await interaction.response.send_message(
                t("profile.none", locale, user=f"<@{target.id}>"), ephemeral=True
            )
            return
        await interaction.response.send_message(
            embed=profile_embed(profile, locale), ephemeral=True
        )

    @app_commands.command(name=ls("cmd.history.name"), description=ls("cmd.history.desc"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        locale = _guild_locale(interaction)
        try:
            rows = await self.bot.league.history(interaction.guild_id)
        except ServiceError as err:
            await send_error(interaction, err)
            return
        e = discord.Embed(title=t("history.title", locale), colour=0xC27C0E)
        e.description = (
            "\n".join(_series_line(s, locale) for s in rows)[:4096]
            if rows
            else t("history.empty", locale)
        )
        await interaction.response.send_message(embed=e)

    @app_commands.command(name=ls("cmd.ranked.name"), description=ls("cmd.ranked.desc"))
    @app_commands.describe(enabled=ls("cmd.ranked.enabled"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def ranked(
        self, interaction: discord.Interaction[Any], enabled: bool | None = None
    ) -> None:
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        try:
            value = await self.bot.league.rank_computer_series(interaction.guild_id, enabled)
        except ServiceError as err:
            await send_error(interaction, err)
            return
        key = "ranked.on" if value else "ranked.off"
        await interaction.response.send_message(t(key, locale), ephemeral=True)


async def setup(bot: KozelBot) -> None:
    bot.add_dynamic_items(StandingsPageButton)
    await bot.add_cog(LeagueCog(bot))
