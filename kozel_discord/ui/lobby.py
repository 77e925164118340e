"""The lobby message's components: sit (or take a computer out), add a computer, leave,
timer, start and cancel. Custom ids carry the table, so a stale lobby is refused."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from ..i18n import locale_of, t
from ..service import LEVELS, ErrorKey, ServiceError, Table, TableStatus
from ..service import lobby as lobby_rules
from . import render
from .errors import Guarded
from .ids import TID
from .interaction import display_name, selected_value
from .pings import PingsButton
from .ports import host_of


def lobby_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if table.status is not TableStatus.LOBBY:
        return view
    for i in range(4):
        seat = table.seats[i]
        button = RemoveComputerButton if seat is not None and seat.is_computer else SitButton
        view.add_item(button(table, i, locale))
    empty = [i for i in range(4) if table.seats[i] is None]
    if empty:
        view.add_item(AddComputerSelect(table, empty, locale))
    view.add_item(LobbyButton(table, "timer", locale))
    view.add_item(RulesButton(table, "length", locale))
    if lobby_rules.hints_possible(table):
        view.add_item(RulesButton(table, "hints", locale))
    view.add_item(PingsButton(table.table_id, locale))
    for action in ("leave", "begin"):
        view.add_item(LobbyButton(table, action, locale))
    view.add_item(LobbyButton(table, "cancel", locale))  # last, on a row of its own
    return view


async def update_lobby(interaction: discord.Interaction[Any], table: Table) -> None:
    locale = table.locale
    await interaction.response.edit_message(
        embed=render.lobby_embed(table, locale), view=lobby_view(table, locale)
    )


class SitButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:sit:{TID}:(?P<seat>[0-3])",
):
    """Sit in a seat of the lobby (a seat with a computer has
    :class:`RemoveComputerButton` instead: each id says what its button does, so a click on
    a button drawn before the seat changed is refused, not taken for the other action)."""

    ACTION: ClassVar[str] = "sit"  # of the custom id, as in the template

    def __init__(self, table: Table | str, seat: int, locale: str = "en-US") -> None:
        table_id = table if isinstance(table, str) else table.table_id
        label = render.seat_label(seat, locale)
        style = discord.ButtonStyle.success
        disabled = False
        if isinstance(table, Table) and table.seats[seat] is not None:
            occupant = table.seat(seat)
            if occupant.is_computer:
                label = t("lobby.remove_computer", locale, name=render.plain_name(occupant, locale))
                style = discord.ButtonStyle.secondary
            else:
                # short, so that two seats' buttons share a phone's line
                label = t("lobby.seat_taken", locale, n=seat + 1, name=occupant.name)[:80]
                style = discord.ButtonStyle.secondary
                disabled = True
        elif isinstance(table, Table):
            label = t("lobby.sit", locale, seat=render.seat_label(seat, locale))
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"kozel:{self.ACTION}:{table_id}:{seat}",
                disabled=disabled,
                row=0,
            )
        )
        self.table_id, self.seat = table_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SitButton:
        return cls(match["tid"], int(match["seat"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        user = interaction.user
        table = await svc.sit(
            interaction.channel_id or 0, self.table_id, user.id, display_name(user), self.seat
        )
        await update_lobby(interaction, table)


class RemoveComputerButton(SitButton, template=rf"kozel:unbot:{TID}:(?P<seat>[0-3])"):
    """Take the computer player out of a seat of the lobby."""

    ACTION = "unbot"

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        table = await svc.remove_computer(
            interaction.channel_id or 0, self.table_id, interaction.user.id, self.seat
        )
        await update_lobby(interaction, table)


class AddComputerSelect(
    Guarded, discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"kozel:addbot:{TID}"
):
    """Put a computer player of a chosen level into an empty seat."""

    def __init__(
        self, table: Table | str, empty: list[int] | None = None, locale: str = "en-US"
    ) -> None:
        table_id = table if isinstance(table, str) else table.table_id
        options = [
            discord.SelectOption(
                label=t(
                    "lobby.add_option",
                    locale,
                    seat=render.seat_label(i, locale),
                    level=t(f"level.{level}", locale),
                )[:100],
                value=f"{i}:{level}",
            )
            for i in (empty or [])
            for level in LEVELS
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"kozel:addbot:{table_id}",
                placeholder=t("lobby.add_placeholder", locale),
                options=options or [discord.SelectOption(label="-", value="-")],
                row=1,
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AddComputerSelect:
        return cls(match["tid"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        m = re.fullmatch(rf"([0-3]):({'|'.join(LEVELS)})", selected_value(interaction))
        if m is None:
            raise ServiceError(ErrorKey.BAD_SEAT)
        seat, level = int(m[1]), m[2]
        channel_id = interaction.channel_id or 0
        current = svc.get(channel_id)
        name = t("computer.name", current.locale if current else locale_of(interaction), n=seat + 1)
        table = await svc.add_computer(
            channel_id, self.table_id, interaction.user.id, seat, level, name
        )
        await update_lobby(interaction, table)


class LobbyButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:lobby:{TID}:(?P<action>leave|timer|begin|cancel)(?::(?P<to>on|off))?",
):
    """Leave, timer on/off (host), start (host), cancel (host). The timer button says what
    it sets (``:on``/``:off``), as the rules buttons do: a double tap does not undo itself."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "leave": discord.ButtonStyle.secondary,
        "timer": discord.ButtonStyle.secondary,
        "begin": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(
        self, table: Table | str, action: str, locale: str = "en-US", to: str | None = None
    ) -> None:
        table_id = table if isinstance(table, str) else table.table_id
        label = t(f"lobby.{action}", locale)
        style = self.STYLES[action]
        disabled = False
        if isinstance(table, Table):
            if action == "timer":
                to = "off" if table.turn_timeout else "on"
            if action == "timer" and table.turn_timeout:  # on: its seconds, coloured as "on"
                seconds = round(table.turn_timeout)
                label = t("lobby.timer_button_on", locale, seconds=seconds)
                style = discord.ButtonStyle.primary
            elif action == "timer":
                label = t("lobby.timer_button_off", locale)
            if action == "begin":
                disabled = not table.full or not table.human_ids
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"kozel:lobby:{table_id}:{action}" + (f":{to}" if to else ""),
                disabled=disabled,
                # on the settings' row each button has its emoji, as the footer names them
                emoji="⏱️" if action == "timer" else None,
                # the settings first (Timer with Length and Hints), then Leave and Start,
                # Cancel last, away from "Leave": Start came before Length and Hints, and
                # a host could start before setting them
                row={"cancel": 4, "timer": 2}.get(action, 3),
            )
        )
        self.table_id, self.action, self.to = table_id, action, to

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["tid"], match["action"], to=match["to"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        channel_id = interaction.channel_id or 0
        user = interaction.user.id
        if self.action == "leave":
            table = await svc.leave(channel_id, self.table_id, user)
        elif self.action == "timer":
            on = None if self.to is None else self.to == "on"
            table = await svc.toggle_timer(channel_id, self.table_id, user, on)
        elif self.action == "begin":
            table = await svc.start(channel_id, self.table_id, user)
        else:
            table = await svc.stop(
                channel_id, user, is_admin=False, table_id=self.table_id, cancel=True
            )
            await interaction.response.edit_message(
                content=t("lobby.cancelled", table.locale), embed=None, view=None
            )
            return
        await update_lobby(interaction, table)


class RulesButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:rules:{TID}:(?P<action>length|hints)(?::(?P<to>[0-9]{{1,2}}|on|off))?",
):
    """The host's house rules of this lobby: the series length (the next offered one at
    each click) and hints on/off (casual tables only). The button says what it sets
    (``:8``, ``:on``): a phone's double tap, or a press on a lobby not redrawn yet, sets
    the same again instead of toggling back. (Ids without it, of lobbies drawn before,
    still toggle.)"""

    def __init__(
        self, table: Table | str, action: str, locale: str = "en-US", to: str | None = None
    ) -> None:
        table_id = table if isinstance(table, str) else table.table_id
        label, emoji = t(f"lobby.rules_{action}", locale), "🎯" if action == "length" else "💡"
        style = discord.ButtonStyle.secondary
        if isinstance(table, Table):
            if action == "length":
                label = t("lobby.length_button", locale, target=table.target)
                to = str(lobby_rules.next_length(table.target))
            else:
                to = "off" if table.hints else "on"
                label = t(
                    "lobby.hints_button_on" if table.hints else "lobby.hints_button_off", locale
                )
                style = discord.ButtonStyle.primary if table.hints else style
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                emoji=emoji,
                custom_id=f"kozel:rules:{table_id}:{action}" + (f":{to}" if to else ""),
                row=2,
            )
        )
        self.table_id, self.action, self.to = table_id, action, to

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesButton:
        return cls(match["tid"], match["action"], to=match["to"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        channel_id = interaction.channel_id or 0
        user, to = interaction.user.id, self.to
        # (a target that does not fit its button, as only a forged id has: none, a toggle)
        if self.action == "length":
            target = int(to) if to is not None and to.isdigit() else None
            table = await svc.set_length(channel_id, self.table_id, user, target)
        else:
            on = {"on": True, "off": False}.get(to or "")
            table = await svc.toggle_hints(channel_id, self.table_id, user, on)
        await update_lobby(interaction, table)
