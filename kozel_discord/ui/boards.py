"""Players' latest private boards, refreshed in place when their turn comes.

When a player's turn comes (or a molodka becomes possible), their latest private board is
refreshed through its interaction token, while that token is young enough (Discord keeps
them 15 minutes): the move menu appears without a click. This is best effort; the "My hand"
button always gives a fresh board.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from ..service import Table, TableService, TableStatus
from .board import refresh_board

log = logging.getLogger(__name__)

BOARD_TOKEN_LIFETIME = 14 * 60.0  # seconds; Discord's interaction tokens live 15 minutes


@dataclass
class _Board:
    interaction: discord.Interaction[Any]
    seat: int
    locale: str
    since: float
    shown_move: int


class PrivateBoards:
    """Each channel's players' latest boards (by channel: a move looks at its table's only)."""

    def __init__(self, service: TableService, table_moved: Callable[[Table], None]) -> None:
        self.tables = service
        self._table_moved = table_moved  # asks for a refresh of the table's boards
        self._boards: dict[int, dict[int, _Board]] = {}  # channel -> user -> board

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
        self._boards.setdefault(table.channel_id, {})[interaction.user.id] = _Board(
            interaction, seat, locale, loop.time(), shown_move
        )
        if shown_move != self.tables.move_number(table):
            # The table moved on while this board was being sent (computer moves): the refresh
            # that ran meanwhile saw the previous board, so refresh this one now.
            self._table_moved(table)

    def forget(self, channel_id: int) -> None:
        self._boards.pop(channel_id, None)

    async def refresh(self, table: Table) -> None:
        """Refresh the boards of the players whose turn it now is at ``table``'s channel."""
        current = self.tables.get(table.channel_id)
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
            obs = self.tables.observation(current, board.seat)
            if obs is None or not (obs.my_turn or obs.can_declare_molodka()):
                continue
            board.shown_move = move
            try:
                await refresh_board(board.interaction, current, obs, move, board.locale)
            except discord.HTTPException:
                boards.pop(user_id, None)
