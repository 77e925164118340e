"""What the league store records of a table: the start of a series, each finished game
and the end of the series (pure mapping, no I/O)."""

from __future__ import annotations

import datetime as dt

from ..store.records import GameResult as StoredGame
from ..store.records import SeatSpec, SeriesEnd, SeriesStart
from . import fair
from .table import Table


def series_start(table: Table, now: dt.datetime) -> SeriesStart:
    assert table.series_key is not None
    return SeriesStart(
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        series_key=table.series_key,
        seats=tuple(
            SeatSpec(i, s.user_id, s.name, s.level)
            for i, s in enumerate(table.seats)
            if s is not None
        ),
        started_at=now,
        target=table.series.target if table.series is not None else table.target,
        turn_timer=int(table.turn_timeout) if table.turn_timeout else None,
        hints=table.hints,
        rank_computers=table.rank_computers,
    )


def games_due(table: Table) -> range:
    """The numbers of the finished games the store does not have yet."""
    done = len(table.series.results) if table.series is not None else 0
    return range(table.recorded_games + 1, done + 1)


def series_end_due(table: Table) -> bool:
    series = table.series
    return series is not None and series.over and not table.series_recorded


def records_due(table: Table) -> bool:
    return bool(games_due(table)) or series_end_due(table)


def stored_game(table: Table, number: int, now: dt.datetime) -> StoredGame:
    """Game ``number`` (from 1) of the table's series, as the league records it."""
    series = table.series
    assert series is not None and table.series_key is not None
    r = series.results[number - 1]
    return StoredGame(
        guild_id=table.guild_id,
        series_key=table.series_key,
        number=number,
        dealer=r.dealer,
        first_leader=r.first_leader,
        trump_card=r.trump_card.label,
        card_points=r.card_points,
        tricks=r.tricks,
        defeat_points=r.defeat_points,
        eggs=r.eggs,
        last_trick_taker=r.last_trick_taker,
        record=fair.game_record(table, number),
        finished_at=now,
    )


def series_end(table: Table, now: dt.datetime) -> SeriesEnd | None:
    """The end of the series, once it is over (None before)."""
    series = table.series
    outcome = series.outcome() if series is not None else None
    if outcome is None or table.series_key is None:
        return None
    return SeriesEnd(
        guild_id=table.guild_id,
        series_key=table.series_key,
        defeat_points=outcome.defeat_points,
        goats=outcome.goats,
        eggs=outcome.eggs,
        goats_with_eggs=outcome.goats_with_eggs,
        ended_at=now,
    )
