"""A player's private board ("My hand"): a components v2 message drawn from the seat's own
observation (``observe(series, seat)``) only.

Layout (mobile first): a Container in the colour of the team to play; first line what you
must do now (or whose turn it is, partner or opponent); the picture of your hand with the
trick as you see it; then the move menu (:mod:`.moves`, one click; a single legal move is
one button) and "Refresh"; then the words in small print (:mod:`.board_text`).

The picture is drawn in a worker process (:mod:`.drawing`) and cached by the state it
shows (:mod:`.pictures`).
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord

from ..engine import Observation, team_of
from ..i18n import locale_of, t
from ..service import ErrorKey, ServiceError, Table
from . import alt_text, drawing, pictures, render
from .answering import answer_budget, defer, in_time
from .board_text import board_labels, first_line, summary
from .emojis import CARD_EMOJIS
from .errors import Guarded
from .hints import hint_line
from .ids import TID
from .interaction import selected_value
from .moves import MoveOption, move_options
from .pictures import style
from .ports import host_of, table_here

IMAGE = "hand.png"


def board_view(
    table: Table, obs: Observation, move_no: int, locale: str, *, note: str | None = None
) -> discord.ui.LayoutView:
    assert obs.seat is not None
    turn = obs.turn if obs.turn is not None else obs.seat
    accent = discord.Colour.from_rgb(*style.TEAM[team_of(turn)])
    top = first_line(table, obs, locale)
    header = t("hand.title", locale, seat=render.seat_long(obs.seat, locale))
    parts: list[discord.ui.Item[Any]] = [
        discord.ui.TextDisplay(f"{note}\n{top}" if note else top),
        discord.ui.MediaGallery(
            discord.MediaGalleryItem(
                f"attachment://{IMAGE}", description=alt_text.hand(table.seats, obs, locale)
            )
        ),
    ]
    options = move_options(obs, locale) if obs.legal_actions else []
    buttons: list[discord.ui.Item[Any]] = []
    forced = obs.my_turn and len(options) == 1
    if forced:  # one tap, not a menu of one option
        (only,) = options
        emoji = CARD_EMOJIS.of(only.card)
        buttons.append(PlayButton(table.table_id, obs.seat, move_no, only.value, only.label, emoji))
    elif options:
        select = PlaySelect(table.table_id, obs.seat, move_no, options, obs.my_turn, locale)
        parts.append(discord.ui.ActionRow(select))
    style_ = discord.ButtonStyle.secondary
    # 🔄: with the table's 🃏 it read as a second "My hand"
    refresh = HandButton(table.table_id, t("button.refresh", locale), style=style_, emoji="🔄")
    buttons.append(refresh)
    if table.hints and obs.my_turn and options and not forced:
        buttons.append(HintButton(table.table_id, t("hints.button", locale)))
    parts.append(discord.ui.ActionRow(*buttons))
    # The move menu right under the picture, the words after it in small print: they
    # repeat the picture (and the menu says what each move does), and on a phone they
    # pushed the menu below the fold.
    small = render.small_print((header, *summary(table, obs, locale).splitlines()))
    parts.append(discord.ui.TextDisplay(small))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=accent))
    return view


async def board_image(table: Table, obs: Observation, locale: str) -> discord.File:
    """The board's picture as an attachment, drawn off the event loop (cached)."""
    labels = board_labels(table, locale, obs.seat)
    png = await drawing.drawer().hand(obs, labels, pictures.last_trick(obs))
    return discord.File(io.BytesIO(png), filename=IMAGE)


async def board_message(
    table: Table, obs: Observation, move_no: int, locale: str, *, note: str | None = None
) -> tuple[discord.ui.LayoutView, discord.File]:
    """Everything a board message is made of: its layout and its picture."""
    return board_view(table, obs, move_no, locale, note=note), await board_image(table, obs, locale)


async def show_hand(
    interaction: discord.Interaction[Any],
    table: Table,
    *,
    note: str | None = None,
    note_for_move: tuple[int, str] | None = None,
) -> None:
    """Answer with the clicker's private board: a fresh ephemeral message, or the same
    ephemeral message updated in place when the click came from one. ``note_for_move``:
    ``note`` holds only at that move number; at a later one this other note replaces it."""
    host = host_of(interaction)
    svc = host.tables
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.series is None:
        raise ServiceError(
            ErrorKey.NOT_SEATED if table.series is not None else ErrorKey.NOT_PLAYING
        )
    message = interaction.message
    in_place = message is not None and message.flags.ephemeral

    # One writer at a time on this player's board (the presenter refreshes it too), and the
    # table read once the lock is held, so this answer is never older than what it replaces.
    boards = host.presenter.boards
    async with boards.writing(
        table.channel_id,
        interaction.user.id,
        patience=answer_budget(interaction),
        impatient=lambda: defer(interaction, in_place),
    ):
        current = svc.get(table.channel_id)
        if current is not None and current.table_id == table.table_id:
            table = current
        if note_for_move is not None and svc.move_number(table) != note_for_move[0]:
            note = note_for_move[1]
        await _answer(interaction, table, seat, in_place, answer_budget(interaction), note)


async def _answer(
    interaction: discord.Interaction[Any],
    table: Table,
    seat: int,
    in_place: bool,
    patience: float,
    note: str | None,
) -> None:
    """The board itself (:func:`show_hand`, under the player's board lock)."""
    host = host_of(interaction)
    svc, locale = host.tables, locale_of(interaction)
    obs = svc.observation(table, seat)
    assert obs is not None
    move = svc.move_number(table)
    view = board_view(table, obs, move, locale, note=note)
    drawing_task = asyncio.ensure_future(board_image(table, obs, locale))
    deferred = interaction.response.is_done()
    done: set[asyncio.Future[discord.File]] = set()
    if not deferred:
        done, _ = await asyncio.wait({drawing_task}, timeout=patience)
    if not done:  # a burst of pictures: answer in time, show the board when it is drawn
        if not deferred:
            await defer(interaction, in_place)
        await interaction.edit_original_response(view=view, attachments=[await drawing_task])
    elif in_place:
        await interaction.response.edit_message(view=view, attachments=[drawing_task.result()])
    else:
        await interaction.response.send_message(
            view=view, file=drawing_task.result(), ephemeral=True
        )
    # Refreshed in place when the player's turn comes, while the token lives.
    host.presenter.boards.remember(table, seat, interaction, locale, shown_move=move)


async def send_board(
    interaction: discord.Interaction[Any], shown: tuple[discord.ui.LayoutView, discord.File]
) -> None:
    """Bring an open board up to date through its interaction token (the presenter)."""
    view, image = shown
    await interaction.edit_original_response(view=view, attachments=[image])


async def open_hand(interaction: discord.Interaction[Any], table_id: str | None = None) -> None:
    """ "My hand" (the button or ``/kozel hand``): a player who was away is back."""
    svc = host_of(interaction).tables
    table = table_here(interaction, table_id)
    # (in time: coming back waits for the table's lock while a computer decides there)
    await in_time(interaction, svc.mark_back(table.channel_id, interaction.user.id))
    await show_hand(interaction, svc.get(table.channel_id) or table)


# ---------------------------------------------------------------- items
class HandButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:hand:{TID}"
):
    """ "My hand" on the table message (and "Refresh" inside the private board)."""

    prefix = "hand"  # of the custom id, as in the template

    def __init__(
        self,
        table_id: str,
        label: str = "My hand",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        emoji: str = "🃏",
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"kozel:{self.prefix}:{table_id}", emoji=emoji
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


class HintButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"kozel:hint:{TID}"
):
    """ "Hint" on a private board when hints are on and it is the player's turn: the same
    board again, its first line the computer's move and why (:mod:`.hints`)."""

    def __init__(self, table_id: str, label: str = "Hint") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=f"kozel:hint:{table_id}",
                emoji="💡",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HintButton:
        return cls(match["tid"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        user = interaction.user.id
        # The computer thinks in the worker pool, maybe behind a review: answered in time
        # (the board stays until the hint shows in it), never after Discord's 3 s.
        table, hint = await in_time(
            interaction, svc.hint(interaction.channel_id or 0, self.table_id, user)
        )
        locale = locale_of(interaction)
        await show_hand(
            interaction,
            table,
            note=hint_line(hint, locale),
            # the game moved on while the computer thought: the hint is for a past position
            note_for_move=(hint.move_no, t("hints.stale", locale)),
        )


class Move(Guarded):
    """What the move menu and the one-move button share: the seat's choice is played
    (checked by the service: the seat, the move number, legality), then the board shown;
    an old or illegal choice shows the current board with a note instead."""

    table_id: str
    seat: int
    move_no: int

    def chosen(self, interaction: discord.Interaction[Any]) -> str:
        raise NotImplementedError

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        # (in time: a move waits for the table's lock while a computer decides there)
        play = host_of(interaction).tables.play(
            interaction.channel_id or 0,
            self.table_id,
            interaction.user.id,
            self.seat,
            self.move_no,
            self.chosen(interaction),
        )
        await show_hand(interaction, await in_time(interaction, play))

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


class PlaySelect(
    Move,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"kozel:play:{TID}:(?P<seat>[0-3]):(?P<move>[0-9]{{1,6}})",
):
    """The move menu of a private board: exactly the seat's legal actions now, grouped
    and worded by :mod:`.moves`, each with its card's emoji once uploaded."""

    def __init__(
        self,
        table_id: str,
        seat: int,
        move_no: int,
        options: list[MoveOption] | None = None,
        my_turn: bool = True,
        locale: str = "en-US",
    ) -> None:
        shown = [
            discord.SelectOption(
                label=o.label[:100],
                value=o.value,
                description=o.description[:100],
                emoji=CARD_EMOJIS.of(o.card),
            )
            for o in options or ()
        ]
        placeholder = t("hand.choose" if my_turn else "hand.choose_molodka", locale)
        super().__init__(
            discord.ui.Select(
                custom_id=f"kozel:play:{table_id}:{seat}:{move_no}",
                placeholder=placeholder,
                options=shown or [discord.SelectOption(label="-", value="-")],
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

    def chosen(self, interaction: discord.Interaction[Any]) -> str:
        return selected_value(interaction)


class PlayButton(
    Move,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:move:{TID}:(?P<seat>[0-3]):(?P<move>[0-9]{{1,6}}):(?P<value>[a-z]{{3,8}}:[0-9AJQKachds,]{{2,16}})",
):
    """A player's only move, as one button: a menu of one option took two taps (every game
    ends with such moves: the last card in the hand)."""

    def __init__(
        self,
        table_id: str,
        seat: int,
        move_no: int,
        value: str,
        label: str = "",
        emoji: discord.PartialEmoji | str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or value)[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"kozel:move:{table_id}:{seat}:{move_no}:{value}",
                emoji=emoji,
            )
        )
        self.table_id, self.seat, self.move_no, self.value = table_id, seat, move_no, value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayButton:
        return cls(match["tid"], int(match["seat"]), int(match["move"]), match["value"])

    def chosen(self, interaction: discord.Interaction[Any]) -> str:
        return self.value
