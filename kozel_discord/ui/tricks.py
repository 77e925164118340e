"""Finished tricks as text: the "last trick" line of the table message and the
"Tricks so far" button, which shows whoever clicks it the tricks of this game so far.

Only the public observation's ``taken`` tricks are shown: face-up cards, discards as backs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from ..engine import TakenTrick, face_up_points, team_of
from ..i18n import NBSP, locale_of, t
from ..service import ErrorKey, ServiceError, Table, fair
from . import render
from .emojis import WORD_JOINER
from .errors import Guarded
from .ids import TID
from .ports import host_of, table_here

TEAM_DOTS = render.TEAM_DOTS


def team_count(team: int, value: int) -> str:
    """A team's number as 🔵 2: a no-break space keeps the dot with its number."""
    return f"{TEAM_DOTS[team]}{NBSP}{value}"


def team_counts(values: tuple[int, int]) -> tuple[str, str]:
    """Both teams' numbers, 🔵 2 and 🟠 1."""
    return team_count(0, values[0]), team_count(1, values[1])


def any_discard(tricks: Iterable[TakenTrick]) -> bool:
    """Whether a discard lies face down in these tricks (their face-up points are not all)."""
    return any(not p.face_up for trick in tricks for p in trick.plays)


def team_tag(team: int, locale: str) -> str:
    """A team as 🔵 Team A, in one piece: a word joiner before the dot, no-break spaces
    after it and inside the name (a line broke between "(" and "🔵" in "took it with …
    (🔵 Team A)", and between "Команда" and "А")."""
    return team_who(team, render.team_name(team, locale).replace(" ", NBSP))


def team_who(team: int, who: str) -> str:
    """A player with their team's dot, in one piece: "🔵 Alice" (the summary's "🔵 Team A:
    …" says which team the dot is; "… (🔵 Team A)" after the cards took a line of its own
    on a phone)."""
    return f"{WORD_JOINER}{TEAM_DOTS[team]}{NBSP}{who}"


def trick_line(table: Table, trick: TakenTrick, locale: str, *, last: bool = False) -> str:
    """ "Last trick: 🔵 Alice took it with A♥" (``last``), or the heading of a trick
    in the list of tricks, whose plays are listed under it: "Alice took it (Team A)"."""
    who = render.who(table.seats[trick.taker], locale, mention=False, level=False)
    if not last:
        return t("tricks.taker", locale, who=who, team=team_tag(team_of(trick.taker), locale))
    play = trick.taking_play
    cards = render.cards_text(play.cards, locale) if play is not None else render.face_down(1)
    return t("table.last_trick", locale, who=team_who(team_of(trick.taker), who), cards=cards)


def tricks_embed(
    table: Table, taken: tuple[TakenTrick, ...], game: int, locale: str
) -> discord.Embed:
    """The tricks of the game so far, oldest first (public: discards face down)."""
    # Each trick under its taker, one play a line: on a phone the plays of a trick joined on
    # one line ran on for five or six lines with nothing to tell where a play began.
    blocks = []
    if taken:  # what a player would count by eye to know whether the team is past 30 or 60
        a, b = team_counts(face_up_points(taken))
        points = t("table.points_so_far", locale, a=a, b=b)
        if any_discard(taken):  # why they do not add up to 120
            points += "\n" + t("table.discards_hidden", locale)
        blocks.append(points)
    for n, trick in enumerate(taken, start=1):
        plays = "\n".join(f"• {render.play_line(table.seats, p, locale)}" for p in trick.plays)
        blocks.append(f"**{n}. {trick_line(table, trick, locale)}**\n{plays}")
    return discord.Embed(
        title=t("tricks.title", locale, n=game, total=len(taken)),  # a snapshot: "so far"
        description="\n\n".join(blocks)[:4000] if blocks else t("tricks.none", locale),
        colour=render.COLOR_TABLE,
    )


class LastTricksButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:tricks:{TID}"
):
    """ "Tricks so far" on the table message: the tricks of this game, to the clicker only."""

    def __init__(self, table_id: str, label: str = "Tricks so far") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"kozel:tricks:{table_id}",
                emoji="📜",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LastTricksButton:
        return cls(match["tid"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        table = table_here(interaction, self.table_id)
        obs = svc.observation(table, None)
        if obs is None:
            raise ServiceError(ErrorKey.NOT_PLAYING)
        locale = locale_of(interaction)
        embed = tricks_embed(table, obs.taken, obs.game_number, locale)
        sealed = fair.commitment(table, obs.game_number)
        if sealed is not None:  # the full commitment of the game (the table shows its start)
            embed.set_footer(text=t("fair.tricks_footer", locale, commitment=sealed))
        await interaction.response.send_message(embed=embed, ephemeral=True)
