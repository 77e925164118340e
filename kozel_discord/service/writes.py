"""The unit of work that stores a table: its snapshot plus the league records now due.

Everything is decided before the write: the store may run a unit of work more than once
(it retries on transient errors), so the unit itself only writes what was decided and
changes nothing in memory (a retry can never skip recording a finished game)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

from ..store import GameResult as StoredGame
from ..store import SeriesEnd, SeriesStart, UnitOfWork
from . import league_records
from .table import Table

Work = Callable[[UnitOfWork], Awaitable[None]]


class TableWrite(NamedTuple):
    work: Work
    state: dict[str, Any]  # the snapshot it writes
    one_statement: bool  # only the snapshot's row: see LeagueStore.run


def table_writes(table: Table, now: dt.datetime, *, starting: bool = False) -> TableWrite:
    """The unit of work storing ``table`` and the snapshot it writes. The table's own
    counters of recorded games are advanced here (they are part of the snapshot); the
    caller restores the table when the write fails. A move that ends no game writes the
    snapshot alone, one statement."""
    start: SeriesStart | None = None
    games: list[StoredGame] = []
    end: SeriesEnd | None = None
    if table.series is not None and table.series_key:
        if starting:
            start = league_records.series_start(table, now)
        games = [
            league_records.stored_game(table, number, now)
            for number in league_records.games_due(table)
        ]
        table.recorded_games = len(table.series.results)
        if not table.series_recorded:
            end = league_records.series_end(table, now)
            table.series_recorded = end is not None
    state = table.to_state()
    row = (
        table.guild_id,
        table.channel_id,
        table.version,
        state,
        dict(table.messages),
        {"turn_timeout": table.turn_timeout},
        table.deadline,
    )

    async def work(uow: UnitOfWork) -> None:
        if start is not None:
            await uow.start_series(start)
        for game in games:
            await uow.record_game(game)
        if end is not None:
            await uow.finish_series(end)
        await uow.save_table(*row)

    return TableWrite(work, state, start is None and not games and end is None)
