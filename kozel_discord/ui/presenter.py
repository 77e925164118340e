"""Keeps each table's public messages in step with the service.

It listens to table events. Moves mark the table message dirty; one updater task per
channel edits it, at most once per ``edit_interval`` seconds, so a burst of computer
moves costs one edit. Each game of a series gets a new table message (Discord limits
edits of old messages); game results and the end of the series are posted as new
messages. Only public observations (``observe(series, None)``) are rendered here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from ..i18n import t
from ..service import Table, TableEvent, TableStatus
from . import components, render

if TYPE_CHECKING:
    from ..bot import KozelBot

log = logging.getLogger(__name__)


class TablePresenter:
    def __init__(
        self, bot: KozelBot, *, edit_interval: float = 1.0, max_edits_per_second: float = 40.0
    ) -> None:
        self.bot = bot
        self.edit_interval = edit_interval
        self._edit_gap = 1.0 / max_edits_per_second
        self._next_edit = 0.0
        self._dirty: dict[int, asyncio.Event] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._posting: dict[int, asyncio.Lock] = {}

    async def close(self) -> None:
        for task in self._workers.values():
            task.cancel()
        for task in list(self._workers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._workers.clear()

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._posting.setdefault(channel_id, asyncio.Lock())

    async def on_table_event(self, event: TableEvent) -> None:
        table = event.table
        kind = event.kind
        if kind == "started":
            await self.post_table_message(table)
        elif kind in ("move", "away"):
            self.mark_dirty(table)
        elif kind == "game_over" and event.result is not None:
            await self.flush(table)
            await self._post_results(table)
            if table.series is not None and not table.series.over:
                await self.post_table_message(table)
        elif kind == "series_over" and event.outcome is not None:
            await self.flush(table)
            await self._post_series_over(table)
        elif kind == "stopped":
            await self._stopped(table)
        elif kind == "resumed":
            await self._resumed(table)

    # ---------------------------------------------------------------- messages
    def _channel(self, table: Table) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def _send(
        self,
        table: Table,
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
    ) -> discord.Message | None:
        kwargs: dict[str, Any] = {"content": content, "embed": embed}
        if view is not None:
            kwargs["view"] = view
        try:
            return await self._channel(table).send(**kwargs)
        except discord.HTTPException as exc:
            log.warning("channel %s: message not sent: %s", table.channel_id, exc)
            return None

    async def post_table_message(self, table: Table) -> None:
        """A new public table message for the current game, with the "My hand" button."""
        async with self._lock(table.channel_id):
            obs = self.bot.tables.observation(table, None)
            if obs is None:
                return
            msg = await self._send(
                table,
                content=render.table_content(table, obs),
                embed=render.table_embed(table, obs, table.locale),
                view=components.table_view(table, table.locale),
            )
            if msg is not None:
                await self.bot.tables.set_messages(
                    table.channel_id,
                    table.table_id,
                    {"table": msg.id, "table_game": obs.game_number},
                )

    def mark_dirty(self, table: Table) -> None:
        event = self._dirty.setdefault(table.channel_id, asyncio.Event())
        event.set()
        worker = self._workers.get(table.channel_id)
        if worker is None or worker.done():
            self._workers[table.channel_id] = asyncio.create_task(
                self._worker(table.channel_id), name=f"present-{table.channel_id}"
            )

    async def flush(self, table: Table) -> None:
        """Edit the table message now if it has pending changes."""
        event = self._dirty.get(table.channel_id)
        if event is not None and event.is_set():
            event.clear()
            await self._edit_table_message(table.channel_id)

    async def _worker(self, channel_id: int) -> None:
        event = self._dirty[channel_id]
        while True:
            try:
                await asyncio.wait_for(event.wait(), timeout=60)
            except TimeoutError:
                return
            event.clear()
            await self._edit_table_message(channel_id)
            if self.edit_interval > 0:
                await asyncio.sleep(self.edit_interval)

    async def _edit_slot(self) -> None:
        """A share of the global edit budget (Discord allows 50 requests/s per bot; interaction
        answers are not counted): under load, edits of a table simply coalesce longer."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        slot = max(now, self._next_edit)
        self._next_edit = slot + self._edit_gap
        if slot > now:
            await asyncio.sleep(slot - now)

    async def _edit_table_message(self, channel_id: int) -> None:
        await self._edit_slot()
        gone: Table | None = None
        async with self._lock(channel_id):
            table = self.bot.tables.get(channel_id)
            if table is None or table.series is None:
                return
            msg_id = table.messages.get("table")
            obs = self.bot.tables.observation(table, None)
            if msg_id is None or obs is None:
                return
            view = (
                components.table_view(table, table.locale)
                if table.status is TableStatus.PLAYING
                else discord.ui.View()
            )
            try:
                await (
                    self._channel(table)
                    .get_partial_message(msg_id)
                    .edit(
                        content=render.table_content(table, obs),
                        embed=render.table_embed(table, obs, table.locale),
                        view=view,
                    )
                )
            except discord.NotFound:
                log.info("channel %s: table message gone; posting a new one", channel_id)
                gone = table
            except discord.HTTPException as exc:
                log.warning("channel %s: table message not edited: %s", channel_id, exc)
        if gone is not None:
            await self.post_table_message(gone)

    async def _post_results(self, table: Table) -> None:
        """Post the summary of every finished game that has none yet (after a crash too)."""
        series = table.series
        obs = self.bot.tables.observation(table, None)
        if series is None or obs is None:
            return
        for number, result in enumerate(series.results, start=1):
            key = f"result_{number}"
            if key in table.messages:
                continue
            msg = await self._send(
                table, embed=render.game_over_embed(table, number, result, obs, table.locale)
            )
            if msg is not None:
                await self.bot.tables.set_messages(table.channel_id, table.table_id, {key: msg.id})

    async def _post_series_over(self, table: Table) -> None:
        series = table.series
        outcome = series.outcome() if series is not None else None
        if outcome is None or "series_over" in table.messages:
            return
        msg = await self._send(
            table,
            embed=render.series_over_embed(table, outcome, table.locale),
            view=components.rematch_view(table, table.locale),
        )
        if msg is not None:
            await self.bot.tables.set_messages(
                table.channel_id, table.table_id, {"series_over": msg.id}
            )

    async def _stopped(self, table: Table) -> None:
        for key in ("table",):
            msg_id = table.messages.get(key)
            if msg_id is None:
                continue
            with contextlib.suppress(discord.HTTPException):
                await (
                    self._channel(table)
                    .get_partial_message(msg_id)
                    .edit(content=t("stop.done", table.locale), view=None)
                )

    async def _resumed(self, table: Table) -> None:
        """After a restart: post what the crash kept from being posted (game summaries, a
        table message for the current game, the end of the series), else refresh."""
        if table.status is TableStatus.LOBBY:
            msg_id = table.messages.get("lobby")
            if msg_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await (
                        self._channel(table)
                        .get_partial_message(msg_id)
                        .edit(
                            embed=render.lobby_embed(table, table.locale),
                            view=components.lobby_view(table, table.locale),
                        )
                    )
            return
        await self._post_results(table)
        if table.status is TableStatus.FINISHED:
            self.mark_dirty(table)
            await self._post_series_over(table)
            return
        obs = self.bot.tables.observation(table, None)
        if obs is None:
            return
        if table.messages.get("table_game") != obs.game_number:
            await self.post_table_message(table)
        else:
            self.mark_dirty(table)
