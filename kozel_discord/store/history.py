"""Reading a server's series and games: recent series, one series, a series' games with
their records (for replays and exports).

Functions on a read session (:class:`~kozel_discord.store.league.LeagueStore` opens it);
every query is per server (``guild_id``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.store import models as m
from kozel_discord.store.records import GameResult, RatingChange, SeatSpec, SeriesSummary


def _seat_spec(row: m.SeriesSeat) -> SeatSpec:
    return SeatSpec(
        seat=row.seat,
        user_id=row.user_id,
        display_name=row.display_name,
        computer_level=row.computer_level,
    )


def _game_result(series_key: str, row: m.Game) -> GameResult:
    return GameResult(
        guild_id=row.guild_id,
        series_key=series_key,
        number=row.number,
        dealer=row.dealer,
        first_leader=row.first_leader,
        trump_card=row.trump_card,
        card_points=(row.card_points_a, row.card_points_b),
        tricks=(row.tricks_a, row.tricks_b),
        defeat_points=(row.defeat_points_a, row.defeat_points_b),
        eggs=row.eggs,
        last_trick_taker=row.last_trick_taker,
        record=row.record,
        finished_at=row.finished_at,
    )


async def summaries(session: AsyncSession, query: Select[Any]) -> list[SeriesSummary]:
    """Run a ``select(m.Series)`` and attach the seats."""
    series = list((await session.scalars(query)).all())
    if not series:
        return []
    seats: dict[int, list[SeatSpec]] = {s.id: [] for s in series}
    seat_rows = await session.scalars(
        select(m.SeriesSeat)
        .where(m.SeriesSeat.series_id.in_(list(seats)))
        .order_by(m.SeriesSeat.series_id, m.SeriesSeat.seat)
    )
    for seat in seat_rows:
        seats[seat.series_id].append(_seat_spec(seat))
    return [
        SeriesSummary(
            guild_id=s.guild_id,
            series_key=s.series_key,
            channel_id=s.channel_id,
            status=s.status,
            ranked=s.ranked,
            seats=tuple(seats[s.id]),
            games_played=s.games_played,
            defeat_points=(s.defeat_points_a, s.defeat_points_b),
            eggs=s.eggs,
            goats=s.goats,
            goats_with_eggs=s.goats_with_eggs,
            started_at=s.started_at,
            ended_at=s.ended_at,
            target=s.target,
            hints=s.hints,
        )
        for s in series
    ]


async def recent_series(
    session: AsyncSession, guild_id: int, limit: int = 10
) -> list[SeriesSummary]:
    """The last ``limit`` series of the guild (any status), newest first."""
    return await summaries(
        session,
        select(m.Series)
        .where(m.Series.guild_id == guild_id)
        .order_by(m.Series.started_at.desc(), m.Series.id.desc())
        .limit(limit),
    )


async def get_series(session: AsyncSession, guild_id: int, series_key: str) -> SeriesSummary | None:
    found = await summaries(
        session,
        select(m.Series).where(m.Series.guild_id == guild_id, m.Series.series_key == series_key),
    )
    return found[0] if found else None


async def get_series_games(
    session: AsyncSession, guild_id: int, series_key: str
) -> list[GameResult]:
    """The recorded games of a series with their records, by number (for replay and
    export); empty for an unknown series."""
    rows = await session.scalars(
        select(m.Game)
        .join(m.Series, m.Series.id == m.Game.series_id)
        .where(m.Series.guild_id == guild_id, m.Series.series_key == series_key)
        .order_by(m.Game.number)
    )
    return [_game_result(series_key, r) for r in rows]


async def rating_changes(
    session: AsyncSession, guild_id: int, series_key: str, number: int | None
) -> list[RatingChange]:
    """How game ``number`` of the series (None: the whole series: from before its first
    game by the sum of its games' changes, so that games of another series played
    meanwhile in the same league do not count) moved its humans' ratings, by user id;
    empty for an unranked series, a game not recorded yet, or games recorded before
    ratings were kept."""
    query = (
        select(m.GameRating.user_id, m.GameRating.rating_before, m.GameRating.rating_after)
        .join(m.Game, m.Game.id == m.GameRating.game_id)
        .join(m.Series, m.Series.id == m.Game.series_id)
        .where(m.Series.guild_id == guild_id, m.Series.series_key == series_key)
        .order_by(m.Game.number, m.GameRating.user_id)
    )
    if number is not None:
        query = query.where(m.Game.number == number)
    changes: dict[int, RatingChange] = {}
    for user_id, before, after in await session.execute(query):
        so_far = changes.get(user_id)
        if so_far is None:
            changes[user_id] = RatingChange(user_id, before, after)
        else:
            changes[user_id] = RatingChange(user_id, so_far.before, so_far.after + after - before)
    return [changes[u] for u in sorted(changes)]


__all__ = ["get_series", "get_series_games", "rating_changes", "recent_series", "summaries"]
