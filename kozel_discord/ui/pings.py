"""Turn pings: when a human's turn comes, a short new message in the table's channel that
mentions only that player (so Discord really notifies: edits never do), deleted once the
turn has passed; and, with a turn timer, a reminder shortly before it runs out. Each
carries its own "My hand" button (:class:`TurnHandButton`): the notification leads to the
ping, at the bottom of the channel, and the table message may be out of sight by then.

At most one ping and one reminder per turn. Computer turns (and players marked away,
whom the computer plays) notify nobody, nor a player who turned pings off at this table
(``/kozel pings off``; stored with the table). The presenter calls :meth:`TurnPings.update`
after each batch of table events and :meth:`TurnPings.forget` when a table ends. What the
pings remember lives in memory: after a restart a ping of the turn then current is sent
again (a leftover one is not deleted).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from ..i18n import locale_of, t
from ..service import Table, TableEvent, TableService, TableStatus
from . import failures
from .board import HandButton
from .errors import Guarded
from .ids import TID
from .ports import host_of, table_here

log = logging.getLogger(__name__)

REMIND_BEFORE = 20.0  # seconds before the turn timer runs out (at most half the timer)


@dataclass(frozen=True)
class Turn:
    """One turn of one player: the table, the move number, the user to notify."""

    table_id: str
    move: int
    user_id: int


@dataclass
class _Ping:
    turn: Turn
    message: discord.Message | None = None
    reminder: asyncio.Task[None] | None = None
    reminded: bool = False


def pinged_turn(table: Table) -> Turn | None:
    """The turn that deserves a ping now: a human's (not away, pings on), during a game."""
    series = table.series
    if table.status is not TableStatus.PLAYING or series is None or series.turn is None:
        return None
    seat = table.seats[series.turn]
    if seat is None or seat.user_id is None or seat.played_by_computer:
        return None
    if seat.user_id in table.pings_off:
        return None
    return Turn(table.table_id, len(series.actions), seat.user_id)


def mention_only(user_id: int) -> discord.AllowedMentions:
    """Allowed mentions that notify ``user_id`` and nobody else."""
    return discord.AllowedMentions(
        users=[discord.Object(id=user_id)], everyone=False, roles=False, replied_user=False
    )


def reminder_delay(table: Table, now: float, deadline: float) -> float | None:
    """Seconds from ``now`` until the reminder (None: no timer, or too late for one)."""
    if not table.turn_timeout:
        return None
    before = min(REMIND_BEFORE, table.turn_timeout / 2)
    delay = deadline - before - now
    return delay if delay > 0 else None


class TurnPings:
    """The pings of every table; ``channel`` gives the messageable a table's game is in."""

    def __init__(self, channel: Callable[[Table], discord.abc.Messageable]) -> None:
        self._channel = channel
        self._pings: dict[int, _Ping] = {}  # channel id -> the ping of its current turn
        # channel id -> pings of past turns Discord failed to delete (tried again later)
        self._undeleted: dict[int, list[discord.Message]] = {}

    async def update(self, table: Table) -> None:
        """Bring the channel's ping in line with the table's current turn."""
        turn = pinged_turn(table)
        await self._delete_undeleted(table.channel_id)
        current = self._pings.get(table.channel_id)
        if current is not None and current.turn == turn:
            self._timer_changed(table, current)
            return
        if current is not None:
            await self._drop(table.channel_id)
        if turn is None:
            return
        ping = self._pings[table.channel_id] = _Ping(turn)
        ping.message = await self._post(table, turn, "ping.turn")
        self._schedule_reminder(table, ping)

    async def follow(self, tables: TableService, table: Table) -> None:
        """After the presenter handled ``table``'s events: the ping follows the table's
        turn now (and goes when the table is gone). Never raises."""
        try:
            current = await tables.settled(table.channel_id)  # not a move still being written
            if current is None or current.table_id != table.table_id:
                await self.forget(table)
            else:
                await self.update(current)
        except Exception:
            log.exception("turn ping failed in channel %s", table.channel_id)

    async def forget(self, table: Table) -> None:
        """The table ended: its ping goes."""
        await self._drop(table.channel_id)
        await self._delete_undeleted(table.channel_id)

    async def close(self) -> None:
        for ping in self._pings.values():
            if ping.reminder is not None:
                ping.reminder.cancel()
        self._pings.clear()

    # ---------------------------------------------------------------- internals
    async def _post(self, table: Table, turn: Turn, key: str) -> discord.Message | None:
        text = t(key, table.locale, user=f"<@{turn.user_id}>")
        view = discord.ui.View(timeout=None)
        view.add_item(TurnHandButton(table.table_id, t("button.my_hand", table.locale)))
        try:
            return await self._channel(table).send(
                content=text, view=view, allowed_mentions=mention_only(turn.user_id)
            )
        except failures.DISCORD_FAILURES as exc:
            log.warning("ping_not_sent channel=%s: %s", table.channel_id, failures.why(exc))
            return None

    async def _drop(self, channel_id: int) -> None:
        ping = self._pings.pop(channel_id, None)
        if ping is None:
            return
        # A reminder being posted is not cancelled: it deletes itself once posted (cut
        # off, its message stayed in the channel for a turn already played).
        posting = ping.reminded
        if (
            ping.reminder is not None
            and ping.reminder is not asyncio.current_task()
            and not posting
        ):
            ping.reminder.cancel()
        if ping.message is not None:
            await self._delete(channel_id, ping.message)

    async def _delete(self, channel_id: int, message: discord.Message) -> None:
        """Delete a past turn's ping; when Discord fails, kept to try again (two "your
        turn" pings stayed in the channel)."""
        try:
            await message.delete()
        except discord.NotFound:
            pass
        except failures.DISCORD_FAILURES as exc:
            log.info("ping_not_deleted channel=%s: %s", channel_id, failures.why(exc))
            if failures.transient(exc):
                self._undeleted.setdefault(channel_id, []).append(message)

    async def _delete_undeleted(self, channel_id: int) -> None:
        for message in self._undeleted.pop(channel_id, []):
            await self._delete(channel_id, message)

    def _timer_changed(self, table: Table, ping: _Ping) -> None:
        """The same turn, its timer turned on or off (a vote): a reminder for it now, or
        none (the ping came before any deadline, and the clock played the turn unwarned)."""
        if ping.reminded:
            return
        if table.deadline is None and ping.reminder is not None:
            ping.reminder.cancel()
            ping.reminder = None
        elif table.deadline is not None and ping.reminder is None:
            self._schedule_reminder(table, ping)

    def _schedule_reminder(self, table: Table, ping: _Ping) -> None:
        if table.deadline is None:
            return
        loop = asyncio.get_running_loop()
        wall = table.deadline.timestamp()
        # The deadline is wall time: the wait starts from the wall clock now.
        delay = reminder_delay(table, time.time(), wall)
        if delay is None:
            return
        ping.reminder = loop.create_task(
            self._remind_later(table, ping, delay), name=f"remind-{table.channel_id}"
        )

    async def _remind_later(self, table: Table, ping: _Ping, delay: float) -> None:
        await asyncio.sleep(delay)
        if self._pings.get(table.channel_id) is not ping or ping.reminded:
            return
        ping.reminded = True
        old = ping.message
        posted = await self._post(table, ping.turn, "ping.reminder")
        if self._pings.get(table.channel_id) is not ping:  # the turn passed meanwhile
            if posted is not None:
                await self._delete(table.channel_id, posted)
            return
        ping.message = posted
        if old is not None:
            await self._delete(table.channel_id, old)


def vote_text(event: TableEvent) -> str:
    """What the channel is told of a vote against the host (``TableEventKind.VOTED``)."""
    table, kind = event.table, event.vote or "stop"
    if event.passed:
        return t(f"vote.{kind}.passed", table.locale)
    have, need = event.votes
    return t(f"vote.{kind}.counted", table.locale, n=have, total=need)


class PingsButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"kozel:pings:{TID}",
):
    """The lobby's "🔕 Pings" toggle: the clicker's own turn pings at this table, off or
    on again (the same as ``/kozel pings``); the answer says which, privately."""

    def __init__(self, table_id: str, locale: str = "en-US") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("ping.button", locale)[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"kozel:pings:{table_id}",
                row=2,  # with the house rules' buttons (Timer, Length, Hints)
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PingsButton:
        return cls(match["tid"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        svc = host_of(interaction).tables
        table = table_here(interaction, self.table_id)
        on = interaction.user.id in table.pings_off
        await svc.set_pings(table.channel_id, interaction.user.id, on)
        await interaction.response.send_message(
            t("ping.on" if on else "ping.off", locale_of(interaction)), ephemeral=True
        )


class TurnHandButton(HandButton, template=rf"kozel:turn:{TID}"):
    """ "My hand" on a turn ping: the table message's button under its own id (only the
    table message carries ``kozel:hand``)."""

    prefix = "turn"
