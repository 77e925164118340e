"""Persistent message components: ``DynamicItem`` buttons and selects whose custom ids
carry the table (and, for moves, the seat and the position), so they keep working
after a restart and a stale or forged one is recognised and refused.

Callbacks stay thin: parse the custom id, check who clicked (the service checks
seat ownership again), call the service, render its answer.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import discord

from ..engine import Observation
from ..i18n import locale_of, t
from ..service import LEVELS, ServiceError, Table, TableService, TableStatus
from . import render

if TYPE_CHECKING:
    from ..bot import KozelBot

log = logging.getLogger(__name__)

TID = r"(?P<tid>[0-9a-f]{12})"


def service_of(interaction: discord.Interaction[Any]) -> TableService:
    return cast("KozelBot", interaction.client).tables


def selected_value(interaction: discord.Interaction[Any]) -> str:
    """The one value chosen in a select menu ('' when there is none)."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or []
    return str(values[0]) if values else ""


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


CallbackT = TypeVar("CallbackT", bound=Callable[..., Awaitable[None]])


def guarded(fn: CallbackT) -> CallbackT:
    """The central error handler of component callbacks: a refused request becomes its
    clear ephemeral message; anything unexpected a short apology and a log line."""

    @functools.wraps(fn)
    async def wrapper(self: Any, interaction: discord.Interaction[Any]) -> None:
        try:
            await fn(self, interaction)
        except ServiceError as err:
            await send_error(interaction, err)
        except Exception:
            log.exception("component %s failed", type(self).__name__)
            stats = getattr(interaction.client, "stats", None)
            if stats is not None:
                stats.errors += 1
            text = t("error.internal", locale_of(interaction))
            with contextlib.suppress(discord.HTTPException):
                if interaction.response.is_done():
                    await interaction.followup.send(text, ephemeral=True)
                else:
                    await interaction.response.send_message(text, ephemeral=True)

    return cast(CallbackT, wrapper)


async def send_error(interaction: discord.Interaction[Any], err: ServiceError) -> None:
    """A refused request: a clear ephemeral answer to the clicker only; nothing changed."""
    locale = locale_of(interaction)
    params = {k: v for k, v in err.params.items() if k != "reason"}
    text = t(f"error.{err.key}", locale, **params)
    if err.key == "illegal" and err.params.get("reason"):
        text += " " + t(f"reason.{err.params['reason']}", locale)
    if err.key == "table_exists" and err.params.get("message_id") and interaction.guild_id:
        link = (
            f"https://discord.com/channels/{interaction.guild_id}/"
            f"{interaction.channel_id}/{err.params['message_id']}"
        )
        text += " " + link
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


# ---------------------------------------------------------------- views
def lobby_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if table.status is not TableStatus.LOBBY:
        return view
    for i in range(4):
        view.add_item(SitButton(table, i, locale))
    empty = [i for i in range(4) if table.seats[i] is None]
    if empty:
        view.add_item(AddComputerSelect(table, empty, locale))
    for action in ("leave", "timer", "begin", "cancel"):
        view.add_item(LobbyButton(table, action, locale))
    return view


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


async def show_hand(
    interaction: discord.Interaction[Any], table: Table, *, note: str | None = None
) -> None:
    """Answer with the clicker's private board: a fresh ephemeral message, or the same
    ephemeral message updated in place when the click came from one."""
    svc = service_of(interaction)
    locale = locale_of(interaction)
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.series is None:
        key = "error.not_seated" if table.series is not None else "error.not_playing"
        await interaction.response.send_message(t(key, locale), ephemeral=True)
        return
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
    presenter = cast("KozelBot", interaction.client).presenter
    presenter.remember_board(table, seat, interaction, locale, shown_move=move)


# ---------------------------------------------------------------- items
class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:hand:{TID}"):
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

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        svc = service_of(interaction)
        table = svc.get(interaction.channel_id or 0)
        if table is None or table.table_id != self.table_id:
            await send_error(interaction, ServiceError("old_table"))
            return
        await svc.mark_back(table.channel_id, interaction.user.id)
        await show_hand(interaction, table)


class PlaySelect(
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

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        svc = service_of(interaction)
        locale = locale_of(interaction)
        choice = selected_value(interaction)
        channel_id = interaction.channel_id or 0
        try:
            table = await svc.play(
                channel_id, self.table_id, interaction.user.id, self.seat, self.move_no, choice
            )
        except ServiceError as err:
            current = svc.get(channel_id)
            if (
                err.key in ("stale", "illegal")
                and current is not None
                and current.table_id == self.table_id
                and current.seat_of(interaction.user.id) == self.seat
            ):
                # An old menu: refuse it and give the player the current board instead.
                note = t("hand.stale", locale) if err.key == "stale" else None
                if note is None:
                    note = (
                        t("error.illegal", locale)
                        + " "
                        + t(f"reason.{err.params.get('reason', 'bad_action')}", locale)
                    )
                await show_hand(interaction, current, note=note)
                return
            await send_error(interaction, err)
            return
        await show_hand(interaction, table)


class SitButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:sit:{TID}:(?P<seat>[0-3])"
):
    """Sit in a seat of the lobby (or take a computer player out of it)."""

    def __init__(self, table: Table | str, seat: int, locale: str = "en-US") -> None:
        table_id = table if isinstance(table, str) else table.table_id
        label = render.seat_label(seat, locale)
        style = discord.ButtonStyle.success
        disabled = False
        if isinstance(table, Table) and table.seats[seat] is not None:
            occupant = table.seat(seat)
            if occupant.is_computer:
                label = t("lobby.remove_computer", locale, seat=seat + 1)
                style = discord.ButtonStyle.secondary
            else:
                label = f"{render.seat_label(seat, locale)}: {occupant.name}"[:80]
                style = discord.ButtonStyle.secondary
                disabled = True
        elif isinstance(table, Table):
            label = t("lobby.sit", locale, seat=render.seat_label(seat, locale))
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=style,
                custom_id=f"kozel:sit:{table_id}:{seat}",
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

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        svc = service_of(interaction)
        channel_id = interaction.channel_id or 0
        current = svc.get(channel_id)
        try:
            if current is not None and current.table_id == self.table_id:
                occupant = current.seats[self.seat]
                if occupant is not None and occupant.is_computer:
                    table = await svc.remove_computer(
                        channel_id, self.table_id, interaction.user.id, self.seat
                    )
                    await _update_lobby(interaction, table)
                    return
            table = await svc.sit(
                channel_id,
                self.table_id,
                interaction.user.id,
                display_name(interaction.user),
                self.seat,
            )
        except ServiceError as err:
            await send_error(interaction, err)
            return
        await _update_lobby(interaction, table)


class AddComputerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"kozel:addbot:{TID}"
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

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        svc = service_of(interaction)
        locale = locale_of(interaction)
        m = re.fullmatch(rf"([0-3]):({'|'.join(LEVELS)})", selected_value(interaction))
        if m is None:
            await send_error(interaction, ServiceError("bad_seat"))
            return
        seat, level = int(m[1]), m[2]
        current = svc.get(interaction.channel_id or 0)
        table_locale = current.locale if current else locale
        name = t("computer.name", table_locale, n=seat + 1)
        try:
            table = await svc.add_computer(
                interaction.channel_id or 0, self.table_id, interaction.user.id, seat, level, name
            )
        except ServiceError as err:
            await send_error(interaction, err)
            return
        await _update_lobby(interaction, table)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:lobby:{TID}:(?P<action>leave|timer|begin|cancel)",
):
    """Leave, timer on/off (host), start (host), cancel (host)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "leave": discord.ButtonStyle.secondary,
        "timer": discord.ButtonStyle.secondary,
        "begin": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, table: Table | str, action: str, locale: str = "en-US") -> None:
        table_id = table if isinstance(table, str) else table.table_id
        label = t(f"lobby.{action}", locale)
        disabled = False
        if isinstance(table, Table):
            if action == "timer":
                label = t(
                    "lobby.timer_button_on" if table.turn_timeout else "lobby.timer_button_off",
                    locale,
                )
            if action == "begin":
                disabled = not table.full
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=self.STYLES[action],
                custom_id=f"kozel:lobby:{table_id}:{action}",
                disabled=disabled,
                row=2,
            )
        )
        self.table_id, self.action = table_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["tid"], match["action"])

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        svc = service_of(interaction)
        channel_id = interaction.channel_id or 0
        user = interaction.user.id
        try:
            if self.action == "leave":
                table = await svc.leave(channel_id, self.table_id, user)
            elif self.action == "timer":
                current = svc.get(channel_id)
                seconds = None
                if current is not None and not current.turn_timeout:
                    seconds = svc.default_timeout or 90.0
                table = await svc.set_timer(channel_id, self.table_id, user, seconds)
            elif self.action == "begin":
                table = await svc.start(channel_id, self.table_id, user)
            else:
                current = svc.get(channel_id)
                if current is None or current.table_id != self.table_id:
                    raise ServiceError("old_table")
                if current.host_id != user:
                    raise ServiceError("host_only")
                table = await svc.stop(channel_id, user, is_admin=False)
                locale = table.locale
                await interaction.response.edit_message(
                    content=t("lobby.cancelled", locale), embed=None, view=None
                )
                return
        except ServiceError as err:
            await send_error(interaction, err)
            return
        await _update_lobby(interaction, table)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:rematch:{TID}"
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

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        svc = service_of(interaction)
        try:
            table = await svc.rematch(
                interaction.channel_id or 0, self.table_id, interaction.user.id
            )
        except ServiceError as err:
            await send_error(interaction, err)
            return
        await interaction.response.edit_message(view=None)
        log.info("table %s: rematch", table.table_id)


class StopButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:stop:{TID}"):
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

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        svc = service_of(interaction)
        locale = locale_of(interaction)
        channel_id = interaction.channel_id or 0
        current = svc.get(channel_id)
        if current is None or current.table_id != self.table_id:
            await send_error(interaction, ServiceError("old_table"))
            return
        perms = interaction.permissions
        try:
            await svc.stop(channel_id, interaction.user.id, is_admin=perms.manage_guild)
        except ServiceError as err:
            await send_error(interaction, err)
            return
        await interaction.response.edit_message(content=t("stop.done", locale), view=None)


async def _update_lobby(interaction: discord.Interaction[Any], table: Table) -> None:
    locale = table.locale
    await interaction.response.edit_message(
        embed=render.lobby_embed(table, locale), view=lobby_view(table, locale)
    )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    HandButton,
    PlaySelect,
    SitButton,
    AddComputerSelect,
    LobbyButton,
    RematchButton,
    StopButton,
)
