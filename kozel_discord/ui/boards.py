"""Players' latest private boards, refreshed in place when their turn comes.

When a player's turn comes (or a molodka becomes possible), or a turn their board offered
is gone without their move (the clock played it), their latest private board is
refreshed through its interaction token, while that token is young enough (Discord keeps
them 15 minutes): the move menu appears without a click. This is best effort; the "My hand"
button always gives a fresh board.

A board message has two writers: this refresh (through the interaction that sent the board)
and the player's own clicks on it (Refresh, a move: a newer interaction editing the same
message). Each player's board writes are serialised by a lock (:meth:`PrivateBoards.writing`)
and each writer reads the table inside it, so the last write to a board always shows the
newest position: a slow refresh never lands over the answer to a newer click.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from ..service import Table, TableService, TableStatus
from . import failures
from .board import board_message, send_board

log = logging.getLogger(__name__)

BOARD_TOKEN_LIFETIME = 14 * 60.0  # seconds; Discord's interaction tokens live 15 minutes


@dataclass
class _Board:
    interaction: discord.Interaction[Any]
    seat: int
    locale: str
    since: float
    shown_move: int
    menu: bool = False  # it shows the player's turn with a move menu


class PrivateBoards:
    """Each channel's players' latest boards (by channel: a move looks at its table's only)."""

    def __init__(self, service: TableService, table_moved: Callable[[Table], None]) -> None:
        self.tables = service
        self._table_moved = table_moved  # asks for a refresh of the table's boards
        self._boards: dict[int, dict[int, _Board]] = {}  # channel -> user -> board
        self._locks: dict[int, dict[int, asyncio.Lock]] = {}  # channel -> user -> writes

    def lock(self, channel_id: int, user_id: int) -> asyncio.Lock:
        """Held by whoever is writing this player's board at this channel."""
        return self._locks.setdefault(channel_id, {}).setdefault(user_id, asyncio.Lock())

    @contextlib.asynccontextmanager
    async def writing(
        self,
        channel_id: int,
        user_id: int,
        *,
        patience: float,
        impatient: Callable[[], Awaitable[None]],
    ) -> AsyncIterator[None]:
        """Hold the player's board lock; if it is not free within ``patience`` seconds,
        ``impatient()`` is awaited first (the interaction is deferred, as Discord wants an
        answer within 3 s) and the lock is waited for."""
        lock = self.lock(channel_id, user_id)
        acquire = asyncio.ensure_future(lock.acquire())
        try:
            done, _ = await asyncio.wait({acquire}, timeout=patience)
            if not done:
                await impatient()
                await acquire
        except BaseException:
            if acquire.done() and not acquire.cancelled():
                lock.release()
            else:
                acquire.cancel()
            raise
        try:
            yield
        finally:
            lock.release()

    def remember(
        self,
        table: Table,
        seat: int,
        interaction: discord.Interaction[Any],
        locale: str,
        shown_move: int,
    ) -> None:
        """The player's latest private board (showing move ``shown_move``)."""
        loop = asyncio.get_running_loop()
        obs = self.tables.observation(table, seat)
        menu = obs is not None and obs.my_turn
        self._boards.setdefault(table.channel_id, {})[interaction.user.id] = _Board(
            interaction, seat, locale, loop.time(), shown_move, menu
        )
        if shown_move != self.tables.move_number(table):
            # The table moved on while this board was being sent (computer moves): the refresh
            # that ran meanwhile saw the previous board, so refresh this one now.
            self._table_moved(table)

    def forget(self, channel_id: int) -> None:
        self._boards.pop(channel_id, None)
        self._locks.pop(channel_id, None)

    async def refresh(self, table: Table) -> None:
        """Refresh the boards of the players whose turn it now is at ``table``'s channel."""
        current = await self.tables.settled(table.channel_id)  # not a move being written
        if current is None or current.series is None or current.status is not TableStatus.PLAYING:
            return
        move = self.tables.move_number(current)
        now = asyncio.get_running_loop().time()
        boards = self._boards.get(current.channel_id, {})
        for user_id, board in list(boards.items()):
            if now - board.since > BOARD_TOKEN_LIFETIME or current.seat_of(user_id) != board.seat:
                del boards[user_id]
                continue
            if board.shown_move == move:
                continue
            lock = self.lock(current.channel_id, user_id)
            if lock.locked():
                continue  # the player's click is being answered; it shows the newest board
            async with lock:
                await self._refresh_one(current, user_id, board, move)

    async def _refresh_one(self, table: Table, user_id: int, board: _Board, move: int) -> None:
        """One player's board, under their lock (:meth:`refresh`)."""
        obs = self.tables.observation(table, board.seat)
        # a turn of theirs comes, or one it offered is gone (the clock played it, or the
        # player is away): its menu would only answer "out of date"
        if obs is None or not (obs.my_turn or obs.can_declare_molodka() or board.menu):
            return
        shown = await board_message(table, obs, move, board.locale)
        if self.tables.move_number(self.tables.get(table.channel_id) or table) != move:
            return  # the table moved on while it was drawn: the next refresh shows it
        board.shown_move, board.menu = move, obs.my_turn
        try:
            await send_board(board.interaction, shown)
        except failures.DISCORD_FAILURES:
            self._boards.get(table.channel_id, {}).pop(user_id, None)
