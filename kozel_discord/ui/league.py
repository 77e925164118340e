"""The league's messages: the standings (with paging), a player's profile, the history."""

from __future__ import annotations

import re
from typing import Any

import discord

from ..i18n import NBSP, locale_of, t
from ..service import ErrorKey, ServiceError
from ..service.league import PlayerProfile, SeriesSummary, StandingsPage
from . import render
from .errors import Guarded
from .ports import host_of
from .ratings import rating_text


def standings_embed(page: StandingsPage, guild_name: str, locale: str) -> discord.Embed:
    e = discord.Embed(
        title=t("league.title", locale, guild=guild_name),
        colour=0xC27C0E,
        description=t("league.sorted_by", locale, sort=t(f"sort.{page.sort}", locale))
        + "\n"
        + t("settings.league_length", locale, target=page.target),
    )
    if not page.rows:
        empty = (
            t(
                "league.empty_length",
                locale,
                target=page.target,
                lengths=", ".join(map(str, page.other_lengths)),
            )
            if page.other_lengths
            else t("league.empty", locale)
        )
        e.description = empty + "\n" + t("settings.league_length", locale, target=page.target)
        return e
    lines = [
        t(
            "league.row",
            locale,
            rank=row.rank,
            user=f"<@{row.user_id}>",
            rating=rating_text(row.rating, locale),
            sw=row.series_won,
            sl=row.series_lost,
            goats_eggs=row.goats_with_eggs,
            gw=row.games_won,
            gl=row.games_lost,
            eggs=row.eggs,
        )
        for row in page.rows
    ]
    # what the numbers are (where a rating starts: a new player's 900 puzzled); an emoji's
    legend = [t("league.columns", locale, start=rating_text(0.0, locale))]
    if any(row.goats_with_eggs for row in page.rows):
        legend.append(t("league.columns.goats_eggs", locale))
    if any(row.eggs for row in page.rows):
        legend.append(t("league.columns.eggs", locale))
    # Whole rows (a cut at 1,024 characters took the last row's numbers), the rest in a
    # second field without a heading.
    for i, chunk in enumerate(render.line_chunks(lines, 1024)):
        e.add_field(
            name=f"{NBSP}· ".join(legend) if i == 0 else "\u200b", value=chunk, inline=False
        )
    e.set_footer(
        text=t("league.page", locale, page=page.page + 1, pages=page.pages, total=page.total)
    )
    return e


def standings_view(page: StandingsPage, locale: str) -> discord.ui.View | None:
    """The paging buttons ◀ ▶, or None when everything fits on one page."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        StandingsPageButton(
            page.sort, page.page - 1, "◀", disabled=page.page <= 0, slot="prev", length=page.target
        )
    )
    view.add_item(
        StandingsPageButton(
            page.sort,
            page.page + 1,
            "▶",
            disabled=page.page + 1 >= page.pages,
            slot="next",
            length=page.target,
        )
    )
    return view


class StandingsPageButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"kozel:lt:(?P<sort>[a-z_]{1,24}):(?P<page>[0-9]{1,5})"
    r"(?::(?P<length>[0-9]{1,2}))?:(?P<slot>prev|next)",
):
    """Paging of ``/league table`` (anyone may page; it edits the same message). The id
    carries the league's series length (ids from before it: the server's standard)."""

    def __init__(
        self,
        sort: str,
        page: int,
        label: str = "▶",
        *,
        disabled: bool = False,
        slot: str = "next",
        length: int | None = None,
    ) -> None:
        league = f":{length}" if length is not None else ""
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"kozel:lt:{sort}:{max(page, 0)}{league}:{slot}",
                disabled=disabled,
            )
        )
        self.sort, self.page, self.length = sort, max(page, 0), length

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StandingsPageButton:
        length = int(match["length"]) if match["length"] else None
        return cls(match["sort"], int(match["page"]), slot=match["slot"], length=length)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            raise ServiceError(ErrorKey.GUILD_ONLY)
        page = await host_of(interaction).league.standings(
            interaction.guild_id, self.sort, self.page, self.length
        )
        await interaction.response.edit_message(**standings_message(page, interaction))


def series_line(s: SeriesSummary, locale: str) -> str:
    def names(team: int) -> str:
        players = [
            f"<@{seat.user_id}>"
            if seat.user_id is not None
            else t("seat.computer_short", locale, level=t(f"level.{seat.computer_level}", locale))
            for seat in s.seats
            if seat.team == team
        ]
        if len(players) != 2:
            return ", ".join(players)
        levels = [seat.computer_level for seat in s.seats if seat.team == team]
        if levels[0] is not None and levels[0] == levels[1]:  # one level: "🤖 2 computers
            # (normal)" ("🤖 normal ×2" read as a description of the humans before it)
            level = t(f"level.{levels[0]}", locale)
            return t("history.computers", locale, n=2, level=level).replace(" ", NBSP)
        return t("team.pair", locale, first=players[0], second=players[1])

    when = f"<t:{int((s.ended_at or s.started_at).timestamp())}:D>"
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
    ) + t("settings.history_length", locale, target=s.target)


def profile_embed(p: PlayerProfile, locale: str, name: str | None = None) -> discord.Embed:
    """A player's profile; ``name``: the member's name now (the stored one is the name of
    their last series' start: a renamed player's profile kept the old one)."""
    st = p.stats
    e = discord.Embed(
        title=t("profile.title", locale, name=render.text_name(name or p.display_name)),
        # what the number means ("Rating −2.5 (#1)" explained nothing)
        description=t("settings.league_length", locale, target=p.target)
        + "\n"
        + t("profile.rating_note", locale, start=rating_text(0.0, locale)),
        colour=0xC27C0E,
    )
    rating = rating_text(st.rating, locale)
    e.add_field(
        name=t("profile.rating", locale),
        value=t("profile.rating_value", locale, rating=rating, rank=p.rank) if p.rank else rating,
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
            value=render.line_chunks((series_line(s, locale) for s in p.recent_series), 1024)[0],
            inline=False,
        )
    return e


def standings_message(page: StandingsPage, interaction: discord.Interaction[Any]) -> dict[str, Any]:
    """The embed and paging buttons of a standings page, in the server's language."""
    locale = locale_of(interaction, public=True)
    name = interaction.guild.name if interaction.guild else ""
    message: dict[str, Any] = {"embed": standings_embed(page, name, locale)}
    view = standings_view(page, locale)
    if view is not None:  # (send_message does not take view=None)
        message["view"] = view
    return message


def history_embed(rows: list[SeriesSummary], locale: str) -> discord.Embed:
    e = discord.Embed(title=t("history.title", locale), colour=0xC27C0E)
    e.description = (
        "\n".join(series_line(s, locale) for s in rows)[:4096]
        if rows
        else t("history.empty", locale)
    )
    return e
