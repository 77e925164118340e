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

from ..i18n import locale_of, t
from ..service import ErrorKey, ServiceError, Table, TableStatus
from .board import HandButton, HintButton, PlayButton, PlaySelect, open_hand, show_hand
from .errors import Guarded
from .ids import TID
from .league import StandingsPageButton
from .lobby import AddComputerSelect, LobbyButton, RemoveComputerButton, RulesButton, SitButton
from .pings import PingsButton, TurnHandButton
from .ports import host_of
from .review import ReviewButton
from .tricks import LastTricksButton

log = logging.getLogger(__name__)

__all__ = [
    "DYNAMIC_ITEMS",
    "HandButton",
    "PlayButton",
    "PlaySelect",
    "open_hand",
    "rematch_view",
    "show_hand",
    "stop_view",
    "table_view",
]


# ---------------------------------------------------------------- views
def table_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table.table_id, t("button.my_hand", locale)))
    return view


def rematch_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table.table_id, t("button.rematch", locale)))
    return view


def stop_question(table: Table, locale: str) -> str:
    """What ``/kozel stop`` asks: what stopping does depends on the table (only a series in
    play is recorded as abandoned; a lobby has nothing to record, a finished series stays)."""
    key = {
        TableStatus.LOBBY: "stop.confirm_lobby",
        TableStatus.FINISHED: "stop.confirm_finished",
    }.get(table.status, "stop.confirm")
    return t(key, locale)


def stop_view(table: Table, locale: str) -> discord.ui.View:
    """The confirmation of ``/kozel stop``."""
    view = discord.ui.View(timeout=None)
    view.add_item(StopButton(table.table_id, t("stop.confirm_button", locale), table.status))
    return view


# ---------------------------------------------------------------- items
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

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception) -> None:
        """Two players pressed Rematch together: the second, seated at the new series, gets
        their board for it (it was told "a table that is over")."""
        if isinstance(error, ServiceError) and error.key is ErrorKey.OLD_TABLE:
            current = host_of(interaction).tables.get(interaction.channel_id or 0)
            if (
                current is not None
                and current.status is TableStatus.PLAYING
                and current.seat_of(interaction.user.id) is not None
            ):
                note = t("rematch.started", locale_of(interaction))
                await show_hand(interaction, current, note=note)
                return
        await super().on_error(interaction, error)


class StopButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:stop:{TID}(?::(?P<status>lobby|playing|finished))?",
):
    """The confirmation of ``/kozel stop``. It carries the table's status its question
    described: "Close this lobby? nothing is recorded", pressed after Start, must not
    abandon the series (an id drawn before it carried none: it stops whatever is there)."""

    def __init__(
        self, table_id: str, label: str = "Stop the game", status: TableStatus | None = None
    ) -> None:
        suffix = f":{status.value}" if status is not None else ""
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger,
                custom_id=f"kozel:stop:{table_id}{suffix}",
            )
        )
        self.table_id, self.status = table_id, status

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StopButton:
        status = match["status"]
        return cls(match["tid"], status=TableStatus(status) if status else None)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).tables.stop(
            interaction.channel_id or 0,
            interaction.user.id,
            is_admin=interaction.permissions.manage_guild,
            table_id=self.table_id,
            status=self.status,
        )
        await interaction.response.edit_message(
            content=t("stop.done", locale_of(interaction)), view=None
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    HandButton,
    LastTricksButton,
    PlaySelect,
    PlayButton,
    SitButton,
    RemoveComputerButton,
    AddComputerSelect,
    LobbyButton,
    RematchButton,
    StopButton,
    StandingsPageButton,
    PingsButton,
    TurnHandButton,
    RulesButton,
    HintButton,
    ReviewButton,
)
