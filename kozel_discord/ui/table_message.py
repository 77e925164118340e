"""The public table message as a components v2 layout (``discord.ui.LayoutView``).

One Container, its accent the colour of the team to play (the picture's team colours):

1. a TextDisplay with whose turn it is (a finished game: its end and result) -- with the
   picture, what a phone's first screen shows;
2. a MediaGallery with the drawn table (``attachment://table.png``);
3. a TextDisplay with the current trick, the play winning it and its team, and the trick
   just taken ("last trick: Alice took it with A♥");
4. the controls ("My hand", "Tricks so far"), left out of a frozen game's message;
5. a TextDisplay in small print with the rest: seats and tricks, trump and stock, defeat
   points toward the target, eggs, the last move (the picture shows them; the texts stay
   for notifications, screen readers and clients without images).

Everything comes from the public observation (``observe(series, None)``, or
``observe_game_end`` for a game's final position). The picture is drawn in a worker
process (:mod:`.drawing`) and cached by the state it shows (:mod:`.pictures`).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from ..engine import Observation, observe_game_end, team_of
from ..i18n import t
from ..service import Table, TableService, fair
from . import alt_text, drawing, failures, render
from .components import HandButton
from .pictures import Labels, draw_table
from .results import game_line, reveal_text
from .table_text import head_and_trick, shown_last_trick, summary
from .tricks import LastTricksButton

log = logging.getLogger(__name__)

TABLE_PNG = "table.png"
TEAM_COLOURS = (discord.Colour(0x56B4E9), discord.Colour(0xE69F00))  # pictures.style.TEAM


def picture_labels(table: Table, locale: str) -> Labels:
    """The words of the table picture in ``locale`` (seat names without mentions)."""
    names = tuple(render.plain_name(s, locale) if s is not None else "—" for s in table.seats)
    return seat_labels((names[0], names[1], names[2], names[3]), locale)


def seat_labels(names: tuple[str, str, str, str], locale: str) -> Labels:
    """The words of a table picture in ``locale`` with these seat names."""
    return Labels(
        seat_names=names,
        team_names=(render.team_name(0, locale), render.team_name(1, locale)),
        trump=t("picture.trump", locale),
        stock=t("picture.stock", locale),
        turn=t("picture.turn", locale),
        winning=t("picture.winning", locale),
        took=t("picture.took", locale),
        last_trick=t("picture.last_trick", locale),
        tricks=t("picture.tricks", locale),
        defeat_points=t("picture.defeat_points", locale),
        eggs=t("picture.eggs", locale),
        game=t("picture.game", locale),
        dealer=t("picture.dealer", locale),
        no_cards=t("picture.no_cards", locale),
        molodka=t("picture.molodka", locale),
        goats=t("picture.goats", locale),
    )


def draw(table: Table, obs: Observation, locale: str) -> bytes:
    """The table picture (PNG) of the public ``obs``, drawn right here (tools, tests)."""
    return draw_table(obs, picture_labels(table, locale), shown_last_trick(obs))


async def draw_off_loop(table: Table, obs: Observation, locale: str) -> bytes:
    """The table picture of the public ``obs``, drawn by the bot's :class:`.drawing.Drawer`
    (worker processes), never on the event loop."""
    labels = picture_labels(table, locale)
    return await drawing.drawer().table(obs, labels, shown_last_trick(obs))


@dataclass(frozen=True)
class TableMessage:
    """A rendered table message: its layout and its picture."""

    view: discord.ui.LayoutView
    png: bytes

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename=TABLE_PNG)

    def allowed_mentions(self) -> discord.AllowedMentions:
        """Nobody: the mention of the player to move is a name here. The turn's ping
        notifies them, unless they turned pings off (a components v2 text's mention
        notifies like content: a player with pings off was notified by each new table
        message, and one with pings on twice)."""
        return discord.AllowedMentions.none()


async def render_message(
    table: Table, obs: Observation, locale: str, *, final: bool = False
) -> TableMessage:
    """The table message of ``obs``; ``final``: a finished game's last version (no
    controls). The picture is drawn off the event loop."""
    # The text first: the table may move on while the picture is drawn, and the text must
    # show the same position as the picture (the last move line reads the live table).
    view = layout(table, obs, locale, final=final)
    png = await draw_off_loop(table, obs, locale)
    return TableMessage(view, png)


def digest(png: bytes) -> str:
    """What a shown picture is remembered by (to upload it again only when it changed)."""
    return hashlib.sha256(png).hexdigest()


Uploaded = dict[int, tuple[int, str]]  # channel -> (message id, digest of its picture)


async def edit(
    channel: discord.PartialMessageable, msg_id: int, shown: TableMessage, uploaded: Uploaded
) -> None:
    """Edit a table message; the picture is uploaded again only when it changed (the new
    upload replaces the old attachment). ``uploaded`` is updated."""
    kwargs: dict[str, Any] = {"view": shown.view}
    key = (msg_id, digest(shown.png))
    if uploaded.get(channel.id) != key:
        kwargs["attachments"] = [shown.file()]
    await channel.get_partial_message(msg_id).edit(**kwargs)
    uploaded[channel.id] = key


async def freeze(
    tables: TableService,
    table: Table,
    channel: discord.PartialMessageable,
    uploaded: Uploaded,
    edit_slot: Callable[[], Awaitable[None]],
) -> None:
    """The last edit of a finished game's table message: its final position and result,
    no controls. Done once (``table_frozen`` is saved); the next game gets a new one.
    ``edit_slot`` waits for a share of the global budget of channel requests."""
    msg_id, game = table.messages.get("table"), table.messages.get("table_game")
    if table.series is None or msg_id is None or table.messages.get("table_frozen") == game:
        return
    end = observe_game_end(table.series, None)
    if game is None or end is None or end.game_number < game:
        return  # the message is of the game being played: not the end of it yet
    if end.game_number == game:
        rendered = await render_message(table, end, table.locale, final=True)

        async def last_edit() -> None:
            await edit_slot()
            await edit(channel, msg_id, rendered, uploaded)

    else:  # more than one game ended meanwhile: that game's last position is gone, so it
        # says that it ended and how (no stale turn, no controls, no old picture)
        log.info("table_message_final_unknown channel=%s game=%s", table.channel_id, game)
        text = t("table.game_over", table.locale, n=game)
        line = game_line(game, end.results[game - 1], table.locale)
        layout = done_layout(f"{text}\n{line}")

        async def last_edit() -> None:
            await edit_slot()
            await channel.get_partial_message(msg_id).edit(view=layout, attachments=[])
            uploaded.pop(channel.id, None)

    try:  # the next game gets a new message: this one is never edited again
        await failures.retrying(last_edit, "freeze")
    except failures.DISCORD_FAILURES as exc:
        log.warning("table_message_not_frozen channel=%s: %s", table.channel_id, failures.why(exc))
    await tables.set_messages(table.channel_id, table.table_id, {"table_frozen": game})


def missed_end(table: Table) -> int | None:
    """The number of the last game that ended, if it has no table message yet
    (:func:`post_missed_end`)."""
    end = observe_game_end(table.series, None) if table.series is not None else None
    game = table.messages.get("table_game")
    if end is None or (game is not None and end.game_number <= game):
        return None
    return end.game_number


async def post_missed_end(
    tables: TableService,
    table: Table,
    send: Callable[..., Awaitable[discord.Message | None]],
    uploaded: Uploaded,
    game: int,
) -> bool:
    """A game the computers played from its first move to its last while the presenter
    waited for Discord has no table message: post one showing how it ended (final, no
    controls), so every game of the series has its picture. ``send`` posts with an
    idempotency key (``TablePresenter._send``). False when ``game`` is no longer the last
    game that ended (another one ended meanwhile): nothing was posted."""
    if missed_end(table) != game:
        return False
    assert table.series is not None
    end = observe_game_end(table.series, None)
    assert end is not None
    rendered = await render_message(table, end, table.locale, final=True)
    msg = await send(
        table,
        view=rendered.view,
        file=rendered.file(),
        allowed_mentions=rendered.allowed_mentions(),
        key=f"table:{end.game_number}",
    )
    if msg is not None:
        uploaded[table.channel_id] = (msg.id, digest(rendered.png))
        number = end.game_number
        await tables.set_messages(
            table.channel_id,
            table.table_id,
            {"table": msg.id, "table_game": number, "table_frozen": number},
        )
    return True


async def mark_stopped(
    channel: discord.PartialMessageable,
    table: Table,
    *,
    lobby_channel: discord.PartialMessageable | None = None,
    text: str | None = None,
) -> None:
    """A stopped table's public messages lose their controls and say that it was stopped
    (a frozen game's message stays as it is). ``channel``: where the game's messages are
    (the table's thread, if any); ``lobby_channel``: where the lobby is (default the same)."""
    table_id = table.messages.get("table")
    if table_id is not None and table.messages.get("table_frozen") != table.messages.get(
        "table_game"
    ):
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(table_id).edit(
                view=stopped_layout(table.locale, table), attachments=[]
            )
    over_id = table.messages.get("series_over")
    if over_id is not None:  # its Rematch would only answer "old table" now
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(over_id).edit(view=None)
    lobby_id = table.messages.get("lobby")
    if lobby_id is not None:
        with contextlib.suppress(discord.HTTPException):
            await (
                (lobby_channel or channel)
                .get_partial_message(lobby_id)
                .edit(content=text or t("stop.done", table.locale), embed=None, view=None)
            )


def layout(
    table: Table, obs: Observation, locale: str, *, final: bool = False
) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    colour = (
        render.COLOR_DONE
        if final or obs.series_over or obs.turn is None
        else TEAM_COLOURS[team_of(obs.turn)]
    )
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=colour)
    # Whose turn first, then the picture: a phone's first screen shows the table itself
    # (the trick's lines above it filled that screen with text); the words follow it.
    head, trick = head_and_trick(table, obs, locale, final=final)
    box.add_item(discord.ui.TextDisplay(head))
    alt = alt_text.table(table.seats, obs, locale)
    picture = discord.MediaGalleryItem(f"attachment://{TABLE_PNG}", description=alt)
    box.add_item(discord.ui.MediaGallery(picture))
    if trick:
        box.add_item(discord.ui.TextDisplay(trick))
    # The controls before the small print: on a phone "My hand" was below the fold, under
    # lines that repeat what the picture shows.
    if not final and not obs.series_over:
        row: discord.ui.ActionRow[discord.ui.LayoutView] = discord.ui.ActionRow()
        row.add_item(HandButton(table.table_id, t("button.my_hand", locale)))
        row.add_item(LastTricksButton(table.table_id, t("button.last_tricks", locale)))
        box.add_item(row)
    box.add_item(discord.ui.TextDisplay(summary(table, obs, locale, final=final)))
    view.add_item(box)
    return view


def stopped_layout(locale: str, table: Table) -> discord.ui.LayoutView:
    """What a stopped table's message turns into: with the seal of the game it stopped
    opened (no summary will: its players may want to check the seal shown at the deal)."""
    text = t("stop.done", locale)
    shown = fair.reveal_stopped(table)
    if shown is not None:
        text += "\n" + render.small_print([reveal_text(shown, locale)])
    return done_layout(text)


def done_layout(text: str) -> discord.ui.LayoutView:
    """A table message that is over: ``text`` alone, no controls."""
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=render.COLOR_DONE
    )
    box.add_item(discord.ui.TextDisplay(text))
    view.add_item(box)
    return view
