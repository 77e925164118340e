"""What the service tells its listeners (the presenter, the statistics) about a table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from ..engine import Action, GameResult, SeriesOutcome
from .table import Table


class TableEventKind(StrEnum):
    LOBBY = "lobby"  # the lobby changed
    STARTED = "started"  # a series started (also a rematch)
    MOVE = "move"  # a move was accepted and saved
    AWAY = "away"  # a player who was away is back
    GAME_OVER = "game_over"
    SERIES_OVER = "series_over"
    STOPPED = "stopped"
    IDLE_CLOSED = "idle_closed"  # closed after a long time without anything happening
    VOTED = "voted"  # a vote against the host: ``passed`` says whether it carried
    RESUMED = "resumed"  # loaded again after a restart
    PINGS = "pings"  # a player turned their turn pings on or off (the ping follows)


@dataclass(frozen=True)
class TableEvent:
    """Something happened at a table (already saved). For a move, ``action`` is its public
    view (discarded faces hidden)."""

    kind: TableEventKind
    table: Table
    seat: int | None = None
    action: Action | None = None
    by_computer: bool = False
    timed_out: bool = False
    result: GameResult | None = None
    outcome: SeriesOutcome | None = None
    vote: str | None = None  # VOTED: the vote's kind (lobby.VOTE_STOP / VOTE_TIMER)
    passed: bool = False
    votes: tuple[int, int] = (0, 0)  # VOTED: votes so far, votes needed


class TableListener(Protocol):
    async def on_table_event(self, event: TableEvent) -> None: ...
