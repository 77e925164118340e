"""Keeps each table's public messages, and its players' private boards, in step with the
service.

Table events are queued per channel and handled by one worker task per channel, so the
service (and the interaction that caused a move) never waits for Discord. Consecutive
moves cost one edit of the table message, and edits over all channels share a global
budget (``max_edits_per_second``). Each game of a series gets a new table message (a
components v2 layout with the drawn table, :mod:`.table_message`); when the game ends, its
message is edited one last time to the game's final position and result, without controls,
and never again (``messages["table_frozen"]`` keeps that across restarts). Game results and
the end of the series are new messages. Only public observations (``observe(series,
None)``, ``observe_game_end``) are rendered into public messages; a picture is drawn (in a
worker process, :mod:`.drawing`) only for a post or edit about to be sent, and uploaded
again only when it changed.
Players' private boards are refreshed in place when their turn comes (:mod:`.boards`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from typing import Any

import discord

from ..i18n import t
from ..service import Table, TableEvent, TableEventKind, TableService, TableStatus
from ..service.tasks import cancel_and_wait
from . import adopt, components, failures, pings, render, results, table_message, threads
from .boards import PrivateBoards
from .lobby import lobby_view
from .pacing import Pacer
from .ports import Messenger
from .review import review_view

log = logging.getLogger(__name__)

IDLE_WORKER = 60.0
NO_MENTIONS = discord.AllowedMentions.none()


class TablePresenter:
    def __init__(
        self,
        service: TableService,
        messenger: Messenger,
        *,
        edit_interval: float = 1.0,
        max_edits_per_second: float = 40.0,
    ) -> None:
        self.tables = service
        self.messenger = messenger
        self._pacer = Pacer(edit_interval, max_edits_per_second)
        self._edit_slot = self._pacer.slot
        self._queues: dict[int, asyncio.Queue[TableEvent]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self.boards = PrivateBoards(
            service, lambda table: self._enqueue(TableEvent(TableEventKind.MOVE, table))
        )
        self._shown_version: dict[int, tuple[int, str]] = {}  # channel -> (version, message)
        self.pings = pings.TurnPings(self._channel)
        self._shown_png: dict[int, tuple[int, str]] = {}  # channel -> (message, picture digest)
        self._later = failures.Later(self._catch_up)

    def _catch_up(self, channel_id: int) -> None:
        """After Discord failed a table's message: bring them all up to date (RESUMED)."""
        table = self.tables.get(channel_id)
        if table is not None:
            self._enqueue(TableEvent(TableEventKind.RESUMED, table))

    async def close(self) -> None:
        await self.pings.close()
        await cancel_and_wait([*self._workers.values(), *self._later.close()])
        self._workers.clear()

    # ---------------------------------------------------------------- events
    async def on_table_event(self, event: TableEvent) -> None:
        """Queue the event for the channel's worker; never waits for Discord."""
        self._enqueue(event)

    def _enqueue(self, event: TableEvent) -> None:
        channel_id = event.table.channel_id
        queue = self._queues.setdefault(channel_id, asyncio.Queue())
        queue.put_nowait(event)
        if channel_id not in self._workers:
            self._workers[channel_id] = asyncio.create_task(
                self._worker(channel_id), name=f"present-{channel_id}"
            )

    async def _worker(self, channel_id: int) -> None:
        queue = self._queues[channel_id]
        try:
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), timeout=IDLE_WORKER)
                except TimeoutError:
                    if queue.empty():
                        return
                    continue
                try:
                    await self._handle_batch(event, queue)
                except Exception:  # the channel's worker goes on: its table must not freeze
                    log.exception("presenting failed in channel %s", channel_id)
        finally:
            if self._workers.get(channel_id) is asyncio.current_task():
                del self._workers[channel_id]

    async def _handle_batch(self, event: TableEvent, queue: asyncio.Queue[TableEvent]) -> None:
        """Handle ``event`` and everything queued behind it; moves coalesce into one edit."""
        pending_edit: Table | None = None
        while True:
            try:
                if event.kind in (TableEventKind.MOVE, TableEventKind.AWAY):
                    pending_edit = event.table
                else:
                    if pending_edit is not None:
                        await self._edit_table_message(pending_edit)
                        pending_edit = None
                    await self._handle(event)
            except Exception:
                log.exception(
                    "presenting %s failed in channel %s", event.kind, event.table.channel_id
                )
            if queue.empty():
                break
            event = queue.get_nowait()
        if pending_edit is not None:
            try:  # whatever happens to the edit, the boards and the ping follow the table
                await self._edit_table_message(pending_edit)
            except Exception:
                log.exception("table_message_edit_failed channel=%s", event.table.channel_id)
        try:  # a board that failed must not cost the next player their ping
            await self.boards.refresh(event.table)
        except Exception:
            log.exception("boards_refresh_failed channel=%s", event.table.channel_id)
        if queue.empty():
            # The ping follows the turn the table message now shows. With moves queued
            # meanwhile (a computer moved while Discord answered), the next batch edits
            # the table first and pings then: never "your turn" under another's turn.
            await self.pings.follow(self.tables, event.table)

    def _current(self, table: Table) -> Table:
        """The service's table now (a failed commit rebuilds it), if it is still that one."""
        current = self.tables.get(table.channel_id)
        return current if current is not None and current.table_id == table.table_id else table

    async def _handle(self, event: TableEvent) -> None:
        table = self._current(event.table)
        kind = event.kind
        if kind is TableEventKind.STARTED:
            await threads.ensure_thread(self.tables, self.messenger, table)
            await self.post_table_message(self._current(table))
        elif kind is TableEventKind.GAME_OVER:
            await self._finish_game(table)
            table = self._current(table)
            obs = self.tables.observation(table, None)
            if (
                obs is not None
                and not obs.series_over
                and table.messages.get("table_game") != obs.game_number
            ):
                await self.post_table_message(table)
        elif kind is TableEventKind.SERIES_OVER:
            await self._finish_game(table)
            await self._post_series_over(self._current(table))
        elif kind is TableEventKind.STOPPED:
            await self._stopped(event.table)
            self.boards.forget(table.channel_id)
            await self.tables.forget_stopped(event.table)
        elif kind is TableEventKind.IDLE_CLOSED:
            await self._stopped(table, text=t("idle.closed_message", table.locale))
            await self._send(table, content=t("idle.closed", table.locale))
            self.boards.forget(table.channel_id)
            await self.tables.forget_stopped(event.table)
        elif kind is TableEventKind.VOTED:
            await self._send(table, content=pings.vote_text(event), allowed_mentions=NO_MENTIONS)
        elif kind is TableEventKind.RESUMED:
            await self._resumed(table)

    # ---------------------------------------------------------------- messages
    def _channel(self, table: Table) -> discord.PartialMessageable:
        """Where the game's messages go: the table's thread, if it has one (ui/threads.py)."""
        where = table.messages.get("thread") or table.channel_id
        return self.messenger.get_partial_messageable(where, guild_id=table.guild_id)

    def _lobby_channel(self, table: Table) -> discord.PartialMessageable:
        return self.messenger.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def _stopped(self, table: Table, text: str | None = None) -> None:
        await table_message.mark_stopped(
            self._channel(table), table, lobby_channel=self._lobby_channel(table), text=text
        )

    async def _send(
        self,
        table: Table,
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        view: discord.ui.View | discord.ui.LayoutView | None = None,
        key: str | None = None,
        file: discord.File | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
    ) -> discord.Message | None:
        """Post a public message. With ``key``, the post is idempotent: Discord returns the
        message already posted with the same nonce (a crash between posting and saving the
        message id must not post a summary twice)."""
        kwargs: dict[str, Any] = {}
        if not isinstance(view, discord.ui.LayoutView):  # components v2: no content, no embed
            kwargs.update(content=content, embed=embed)
        if view is not None:
            kwargs["view"] = view
        if file is not None:
            kwargs["file"] = file
        if allowed_mentions is not None:
            kwargs["allowed_mentions"] = allowed_mentions
        if key is not None:
            digest = hashlib.sha256(f"{table.table_id}:{key}".encode()).hexdigest()
            kwargs["nonce"] = digest[:25]

        async def post() -> discord.Message:
            if file is not None:
                file.reset()  # a second try reads the picture from its start again
            await self._edit_slot()
            return await self._channel(table).send(**kwargs)

        try:  # a post with a nonce may be tried again: Discord answers with the first
            return await (failures.retrying(post, "send") if key is not None else post())
        except failures.DISCORD_FAILURES as exc:
            log.warning("message_not_sent channel=%s: %s", table.channel_id, failures.why(exc))
            if key is not None and failures.transient(exc):
                self._later.catch_up(table.channel_id)
            return None

    async def post_table_message(self, table: Table, *, again: bool = False) -> None:
        """A new public table message for the current game, with the "My hand" button
        (``again``: the previous one was deleted, so no idempotency key)."""
        current = await self.tables.settled(table.channel_id)  # not a move being written
        if current is not None and current.table_id == table.table_id:
            table = current
        obs = self.tables.observation(table, None)
        if obs is None:
            return
        rendered = table.version
        shown = await table_message.render_message(table, obs, table.locale)
        msg = await self._send(
            table,
            view=shown.view,
            file=shown.file(),
            allowed_mentions=shown.allowed_mentions(),
            key=None if again else f"table:{obs.game_number}",
        )
        if msg is not None:
            self._shown_png[table.channel_id] = (msg.id, table_message.digest(shown.png))
            await self.tables.set_messages(
                table.channel_id, table.table_id, {"table": msg.id, "table_game": obs.game_number}
            )
            if table.version == rendered + 1:
                # Only the message id was saved since: the new message is up to date.
                self._shown_version[table.channel_id] = (table.version, str(msg.id))

    def _is_shown(self, table: Table) -> bool:
        msg_id = table.messages.get("table")
        return self._shown_version.get(table.channel_id) == (table.version, str(msg_id))

    def _live_game_message(self, table: Table) -> bool:
        """The table message is of the game being played (not of one that has ended)."""
        obs = self.tables.observation(table, None)
        return (
            obs is not None
            and not obs.series_over
            and table.messages.get("table_game") == obs.game_number
            and table.messages.get("table_frozen") != obs.game_number
        )

    async def _edit_table_message(self, table: Table) -> None:
        """Bring the table message up to date (moves queued meanwhile are included). The
        message of a game that has ended is left alone: it is frozen (GAME_OVER)."""
        current = self.tables.get(table.channel_id)
        if current is None or current.series is None or current.table_id != table.table_id:
            return
        if self._is_shown(current) or not self._live_game_message(current):
            return
        await self._pacer.pace(current.channel_id)
        # Never a move still being written: if its write fails, its cards go back to a
        # hand, and the public message must not have shown them.
        current = await self.tables.settled(table.channel_id)
        if current is None or current.series is None or current.table_id != table.table_id:
            return
        msg_id = current.messages.get("table")
        obs = self.tables.observation(current, None)
        if msg_id is None or obs is None or not self._live_game_message(current):
            return
        shown = (current.version, str(msg_id))
        rendered = await table_message.render_message(current, obs, current.locale)

        async def edit() -> None:
            await table_message.edit(self._channel(current), msg_id, rendered, self._shown_png)

        try:
            await failures.retrying(edit, "edit")
            self._shown_version[current.channel_id] = shown
        except discord.NotFound:
            log.info("table_message_gone channel=%s: posting a new one", current.channel_id)
            await self.post_table_message(current, again=True)
        except failures.DISCORD_FAILURES as exc:
            log.warning(
                "table_message_not_edited channel=%s: %s", current.channel_id, failures.why(exc)
            )
            if failures.transient(exc):  # shown later, not at the next move (if any)
                self._later.catch_up(current.channel_id)

    async def _finish_game(self, table: Table) -> None:
        """A game ended: its table message frozen (or posted, if the computers played all
        of it while Discord was slow), then the summaries not posted yet."""
        await self._freeze_table_message(table)
        # In the order played: the earlier games' summaries first. While they are posted,
        # the computers may end another game: then that one's end is the one shown. A game
        # ending after the final message was drawn is left to its own game-over event.
        upto: int | None = None
        while (missed := table_message.missed_end(self._current(table))) is not None:
            await self._post_results(self._current(table), before=missed)
            if await table_message.post_missed_end(
                self.tables, self._current(table), self._send, self._shown_png, missed
            ):
                upto = missed + 1
                break
        await self._post_results(self._current(table), before=upto)

    async def _freeze_table_message(self, table: Table) -> None:
        """The last edit of a finished game's table message (:func:`.table_message.freeze`)."""
        table = self._current(table)
        channel = self._channel(table)
        await table_message.freeze(self.tables, table, channel, self._shown_png, self._edit_slot)

    async def _post_results(self, table: Table, before: int | None = None) -> None:
        """Post the summary of every finished game that has none yet (after a crash too);
        ``before``: only of the games before that one."""
        obs = self.tables.observation(table, None)
        if obs is None:
            return
        for number, result in enumerate(obs.results, start=1):
            key = f"result_{number}"
            if key in table.messages or (before is not None and number >= before):
                continue
            ratings = await self.tables.rating_changes(table, number)
            msg = await self._send(
                table,
                embed=results.game_over_embed(table, number, result, obs, table.locale, ratings),
                view=review_view(table.series_key, number, table.locale),
                key=key,
            )
            if msg is not None:
                await self.tables.set_messages(table.channel_id, table.table_id, {key: msg.id})

    async def _post_series_over(self, table: Table) -> None:
        obs = self.tables.observation(table, None)
        if obs is None or not obs.series_over or "series_over" in table.messages:
            return
        ratings = await self.tables.rating_changes(table)
        msg = await self._send(
            table,
            embed=results.series_over_embed(table, obs, table.locale, ratings),
            view=components.rematch_view(table, table.locale),
            key="series_over",
        )
        if msg is not None:
            await self.tables.set_messages(
                table.channel_id, table.table_id, {"series_over": msg.id}
            )

    async def _resumed(self, table: Table) -> None:
        """After a restart: post what the crash kept from being posted (game summaries, a
        table message for the current game, the end of the series), else refresh. Messages
        posted but never recorded are adopted first (:mod:`.adopt`)."""
        await self._edit_slot()
        user = getattr(self.messenger, "user", None)
        table = await adopt.adopt(self.tables, self._channel(table), table, user)
        if table.status is TableStatus.LOBBY:
            msg_id = table.messages.get("lobby")
            if msg_id is None:
                # The crash came between storing the lobby and posting it.
                await self._post_lobby(table)
            else:
                with contextlib.suppress(discord.HTTPException):
                    await (
                        self._lobby_channel(table)
                        .get_partial_message(msg_id)
                        .edit(
                            embed=render.lobby_embed(table, table.locale),
                            view=lobby_view(table, table.locale),
                        )
                    )
            return
        obs = self.tables.observation(table, None)
        if obs is None:
            return
        if obs.series_over or table.messages.get("table_game") != obs.game_number:
            await self._finish_game(table)
        else:
            await self._post_results(table)
        table = self._current(table)
        if table.status is TableStatus.FINISHED:
            await self._post_series_over(table)
            return
        if table.messages.get("table_game") != obs.game_number:
            await self.post_table_message(table)
            # Discord may answer with the message posted before the crash (same nonce),
            # which shows an older position: never take it as shown.
            self._shown_version.pop(table.channel_id, None)
        await self._edit_table_message(self._current(table))

    async def _post_lobby(self, table: Table) -> None:
        embed, view = render.lobby_embed(table, table.locale), lobby_view(table, table.locale)
        msg = await self._send(table, embed=embed, view=view, key="lobby")
        if msg is not None:
            await self.tables.set_messages(table.channel_id, table.table_id, {"lobby": msg.id})
