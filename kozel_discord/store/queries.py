"""Reading the league: the league table (standings), a player's profile, series and games.

Functions on a read session (:class:`~kozel_discord.store.league.LeagueStore` opens it).
Everything is per server: every function takes the ``guild_id`` and no query mixes two
servers. A player is listed in the league table once they have a finished game in a ranked
series.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Select, and_, func, literal, select
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.store import models as m
from kozel_discord.store.records import (
    GameResult,
    PartnerStats,
    PlayerProfile,
    PlayerStats,
    SeatSpec,
    SeriesSummary,
    StandingsPage,
    StandingsRow,
)

#: Sort keys of :func:`standings` (all descending; ties by user id).
STANDINGS_SORTS: dict[str, Any] = {
    "rating": m.Player.rating,
    "series_won": m.Player.series_won,
    "series_played": m.Player.series_played,
    "goats": m.Player.series_lost,
    "goats_with_eggs": m.Player.goats_with_eggs,
    "games_won": m.Player.games_won,
    "games_played": m.Player.games_played,
    "games_lost": m.Player.games_lost,
    "eggs": m.Player.games_eggs,
    "defeat_points_taken": m.Player.defeat_points_taken,
    "defeat_points_inflicted": m.Player.defeat_points_inflicted,
}
MAX_PER_PAGE = 100

# A player is listed in the league table once they have a finished game in a ranked series.
_LISTED = m.Player.games_played > 0


# ------------------------------------------------------------------------- row mapping
_STATS_COLUMNS = (
    m.Player.user_id,
    m.Player.display_name,
    m.Player.rating,
    m.Player.mu,
    m.Player.sigma,
    m.Player.series_played,
    m.Player.series_won,
    m.Player.series_lost,
    m.Player.goats_with_eggs,
    m.Player.games_played,
    m.Player.games_won,
    m.Player.games_lost,
    m.Player.games_eggs,
    m.Player.defeat_points_taken,
    m.Player.defeat_points_inflicted,
    m.Player.last_played_at,
)


def _stats_kwargs(row: Any) -> dict[str, Any]:
    return {
        "user_id": row.user_id,
        "display_name": row.display_name,
        "rating": row.rating,
        "mu": row.mu,
        "sigma": row.sigma,
        "series_played": row.series_played,
        "series_won": row.series_won,
        "series_lost": row.series_lost,
        "goats": row.series_lost,
        "goats_with_eggs": row.goats_with_eggs,
        "games_played": row.games_played,
        "games_won": row.games_won,
        "games_lost": row.games_lost,
        "eggs": row.games_eggs,
        "defeat_points_taken": row.defeat_points_taken,
        "defeat_points_inflicted": row.defeat_points_inflicted,
        "last_played_at": row.last_played_at,
    }


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


async def _summaries(session: AsyncSession, query: Select[Any]) -> list[SeriesSummary]:
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
        )
        for s in series
    ]


async def standings(
    session: AsyncSession, guild_id: int, sort: str = "rating", page: int = 0, per_page: int = 10
) -> StandingsPage:
    """A page of the league table of ``guild_id``.

    ``sort`` is a key of :data:`STANDINGS_SORTS` (descending; ties by user id, and tied
    players share a rank). ``page`` is 0-based and clamped to the last page.
    Players are listed once they have a finished game in a ranked series.
    """
    column = STANDINGS_SORTS.get(sort)
    if column is None:
        raise ValueError(f"unknown sort {sort!r}; use one of {', '.join(STANDINGS_SORTS)}")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise ValueError(f"per_page must be 1..{MAX_PER_PAGE}")
    where = and_(m.Player.guild_id == guild_id, _LISTED)
    order = (column.desc(), m.Player.user_id)

    def page_query(page: int) -> Any:
        # Sort only (key, user id), then fetch the full rows of the page by primary key.
        keys = (
            select(m.Player.user_id)
            .where(where)
            .order_by(*order)
            .limit(per_page)
            .offset(page * per_page)
            .subquery("page")
        )
        on = and_(m.Player.guild_id == guild_id, m.Player.user_id == keys.c.user_id)
        return select(*_STATS_COLUMNS).join(keys, on).order_by(*order)

    page = max(page, 0)
    # The page first, then one aggregate for the total and the rank of the page's
    # first row: no window function over the whole table.
    found = (await session.execute(page_query(page))).all()
    total, better = await _count_listed(session, where, column, found)
    pages = max(1, math.ceil(total / per_page))
    if not found and page > pages - 1:  # past the end: show the last page
        page = pages - 1
        found = (await session.execute(page_query(page))).all()
        total, better = await _count_listed(session, where, column, found)
        pages = max(1, math.ceil(total / per_page))
    rows: list[StandingsRow] = []
    previous: Any = None
    for i, r in enumerate(found):
        value = getattr(r, column.key)
        if i == 0:
            rank = better + 1  # competition ranking: 1 + players with a better value
        elif value != previous:
            rank = page * per_page + i + 1
        previous = value
        rows.append(StandingsRow(rank=rank, **_stats_kwargs(r)))
    return StandingsPage(
        guild_id=guild_id,
        sort=sort,
        page=page,
        per_page=per_page,
        total=total,
        pages=pages,
        rows=tuple(rows),
    )


async def _count_listed(
    session: AsyncSession, where: Any, column: Any, found: Sequence[Any]
) -> tuple[int, int]:
    """(players listed, players listed with a better value than the first row)."""
    better: Any = literal(0)
    if found:
        better = func.count().filter(column > getattr(found[0], column.key))
    total, better_count = (await session.execute(select(func.count(), better).where(where))).one()
    return int(total), int(better_count or 0)


async def player_profile(
    session: AsyncSession, guild_id: int, user_id: int, *, recent: int = 5
) -> PlayerProfile | None:
    """A player's stats, rank by rating, best partner and ``recent`` last series
    (ranked or not). None when the user never sat at a table in this guild."""
    row = (
        await session.execute(
            select(*_STATS_COLUMNS).where(
                m.Player.guild_id == guild_id, m.Player.user_id == user_id
            )
        )
    ).one_or_none()
    if row is None:
        return None
    stats = PlayerStats(**_stats_kwargs(row))
    rank: int | None = None
    if stats.games_played > 0:
        better = await session.scalar(
            select(func.count()).where(
                m.Player.guild_id == guild_id, _LISTED, m.Player.rating > stats.rating
            )
        )
        rank = int(better or 0) + 1
    partner = m.Player.__table__.alias("partner")
    best = (
        await session.execute(
            select(
                m.Partnership.partner_id,
                partner.c.display_name,
                m.Partnership.series_played,
                m.Partnership.series_won,
            )
            .join(
                partner,
                and_(
                    partner.c.guild_id == m.Partnership.guild_id,
                    partner.c.user_id == m.Partnership.partner_id,
                ),
            )
            .where(
                m.Partnership.guild_id == guild_id,
                m.Partnership.user_id == user_id,
                m.Partnership.series_won > 0,
            )
            .order_by(
                m.Partnership.series_won.desc(),
                m.Partnership.series_played,
                m.Partnership.partner_id,
            )
            .limit(1)
        )
    ).one_or_none()
    best_partner = (
        None
        if best is None
        else PartnerStats(
            user_id=best.partner_id,
            display_name=best.display_name,
            series_played=best.series_played,
            series_won=best.series_won,
        )
    )
    recent_series = await _summaries(
        session,
        select(m.Series)
        .where(
            m.Series.guild_id == guild_id,
            m.Series.id.in_(
                select(m.SeriesSeat.series_id).where(
                    m.SeriesSeat.guild_id == guild_id, m.SeriesSeat.user_id == user_id
                )
            ),
        )
        .order_by(m.Series.started_at.desc(), m.Series.id.desc())
        .limit(recent),
    )
    return PlayerProfile(
        guild_id=guild_id,
        user_id=user_id,
        display_name=stats.display_name,
        rank=rank,
        stats=stats,
        best_partner=best_partner,
        recent_series=tuple(recent_series),
    )


async def recent_series(
    session: AsyncSession, guild_id: int, limit: int = 10
) -> list[SeriesSummary]:
    """The last ``limit`` series of the guild (any status), newest first."""
    return await _summaries(
        session,
        select(m.Series)
        .where(m.Series.guild_id == guild_id)
        .order_by(m.Series.started_at.desc(), m.Series.id.desc())
        .limit(limit),
    )


async def get_series(session: AsyncSession, guild_id: int, series_key: str) -> SeriesSummary | None:
    found = await _summaries(
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


__all__ = [
    "MAX_PER_PAGE",
    "STANDINGS_SORTS",
    "get_series",
    "get_series_games",
    "player_profile",
    "recent_series",
    "standings",
]
