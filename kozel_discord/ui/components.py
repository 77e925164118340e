"""Persistent message components of a running table: ``DynamicItem`` buttons and selects
whose custom ids carry the table (and, for moves, the seat and the position), so they keep
working after a restart and a stale or forged one is recognised and refused.

Callbacks stay thin: parse the custom id, call the service, render its answer. Errors go
the one way of :mod:`.errors`. The lobby's components are in :mod:`.lobby`, the league's
in :mod:`.league`.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from ..engine import Observation
from ..i18n import locale_of, t
from ..service import ErrorKey, ServiceError, Table
from . import render
from .errors import Guarded
from .interaction import selected_value
from .league import StandingsPageButton
from .lobby import TID, AddComputerSelect, LobbyButton, SitButton
from .pings import PingsButton
from .ports import host_of

log = logging.getLogger(__name__)


# ---------------------------------------------------------------- views
def table_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table.table_id, t("button.my_hand", locale)))
    return view


def hand_view(table: Table, obs: Observation, move_no: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if obs.legal_actions and obs.seat is not None:
        view.add_item(PlaySelect(table.table_id, obs.seat, move_no, obs, locale))
    view.add_item(
        HandButton(table.table_id, t("button.refresh", locale), style=discord.ButtonStyle.secondary)
    )
    return view


def rematch_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table.table_id, t("button.rematch", locale)))
    return view


def stop_view(table: Table, locale: str) -> discord.ui.View:
    """The confirmation of ``/kozel stop``."""
    view = discord.ui.View(timeout=None)
    view.add_item(StopButton(table.table_id, t("stop.confirm_button", locale)))
    return view


async def show_hand(
    interaction: discord.Interaction[Any], table: Table, *, note: str | None = None
) -> None:
    """Answer with the clicker's private board: a fresh ephemeral message, or the same
    ephemeral message updated in place when the click came from one."""
    host = host_of(interaction)
    svc = host.tables
    locale = locale_of(interaction)
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.series is None:
        raise ServiceError(
            ErrorKey.NOT_SEATED if table.series is not None else ErrorKey.NOT_PLAYING
        )
    obs = svc.observation(table, seat)
    assert obs is not None
    embed = render.hand_embed(table, obs, locale, note=note)
    move = svc.move_number(table)
    view = hand_view(table, obs, move, locale)
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.edit_message(embed=embed, view=view, content=None)
    else:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
    # Refreshed in place when the player's turn comes, while the token lives.
    host.presenter.remember_board(table, seat, interaction, locale, shown_move=move)


async def open_hand(interaction: discord.Interaction[Any], table_id: str | None = None) -> None:
    """ "My hand" (the button or ``/kozel hand``): a player who was away is back."""
    svc = host_of(interaction).tables
    table = svc.get(interaction.channel_id or 0)
    if table is None:
        raise ServiceError(ErrorKey.OLD_TABLE if table_id else ErrorKey.NO_TABLE)
    if table_id is not None and table.table_id != table_id:
        raise ServiceError(ErrorKey.OLD_TABLE)
    await svc.mark_back(table.channel_id, interaction.user.id)
    await show_hand(interaction, svc.get(table.channel_id) or table)


# ---------------------------------------------------------------- items
class HandButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:hand:{TID}"
):
    """ "My hand" on the table message (and "Refresh" inside the private board)."""

    def __init__(
        self,
        table_id: str,
        label: str = "My hand",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"kozel:hand:{table_id}", emoji="🃏"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(match["tid"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await open_hand(interaction, self.table_id)


class PlaySelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"kozel:play:{TID}:(?P<seat>[0-3]):(?P<move>[0-9]{{1,6}})",
):
    """The move menu of a private board: exactly the seat's legal actions now."""

    def __init__(
        self,
        table_id: str,
        seat: int,
        move_no: int,
        obs: Observation | None = None,
        locale: str = "en-US",
    ) -> None:
        options: list[discord.SelectOption] = []
        if obs is not None:
            for action in obs.legal_actions[:25]:
                options.append(
                    discord.SelectOption(
                        label=render.action_label(action, obs, locale)[:100],
                        value=action.encode(),
                        description=render.action_description(action, obs, locale)[:100],
                    )
                )
        placeholder = (
            t("hand.choose", locale)
            if obs is None or obs.my_turn
            else t("hand.choose_molodka", locale)
        )
        super().__init__(
            discord.ui.Select(
                custom_id=f"kozel:play:{table_id}:{seat}:{move_no}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            )
        )
        self.table_id, self.seat, self.move_no = table_id, seat, move_no

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlaySelect:
        return cls(match["tid"], int(match["seat"]), int(match["move"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        table = await host_of(interaction).tables.play(
            interaction.channel_id or 0,
            self.table_id,
            interaction.user.id,
            self.seat,
            self.move_no,
            selected_value(interaction),
        )
        await show_hand(interaction, table)

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception) -> None:
        """An old or illegal choice of this seat's player: the current board instead."""
        if isinstance(error, ServiceError) and error.key in (ErrorKey.STALE, ErrorKey.ILLEGAL):
            current = host_of(interaction).tables.get(interaction.channel_id or 0)
            if (
                current is not None
                and current.table_id == self.table_id
                and current.seat_of(interaction.user.id) == self.seat
            ):
                locale = locale_of(interaction)
                if error.key is ErrorKey.STALE:
                    note = t("hand.stale", locale)
                else:
                    reason = error.params.get("reason", "bad_action")
                    note = t("error.illegal", locale) + " " + t(f"reason.{reason}", locale)
                try:
                    await show_hand(interaction, current, note=note)
                except Exception as again:
                    await super().on_error(interaction, again)
                return
        await super().on_error(interaction, error)


class RematchButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:rematch:{TID}"
):
    def __init__(self, table_id: str, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=f"kozel:rematch:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(match["tid"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        table = await host_of(interaction).tables.rematch(
            interaction.channel_id or 0, self.table_id, interaction.user.id
        )
        await interaction.response.edit_message(view=None)
        log.info("table %s: rematch", table.table_id)


class StopButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:stop:{TID}"
):
    """The confirmation of ``/kozel stop``."""

    def __init__(self, table_id: str, label: str = "Stop the game") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.danger, custom_id=f"kozel:stop:{table_id}"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StopButton:
        return cls(match["tid"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).tables.stop(
            interaction.channel_id or 0,
            interaction.user.id,
            is_admin=interaction.permissions.manage_guild,
            table_id=self.table_id,
        )
        await interaction.response.edit_message(
            content=t("stop.done", locale_of(interaction)), view=None
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    HandButton,
    PlaySelect,
    SitButton,
    AddComputerSelect,
    LobbyButton,
    RematchButton,
    StopButton,
    StandingsPageButton,
    PingsButton,
)
