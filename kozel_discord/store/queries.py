"""Reading the league: the league table (standings), a player's profile, series and games.

Functions on a read session (:class:`~kozel_discord.store.league.LeagueStore` opens it).
Everything is per server: every function takes the ``guild_id`` and no query mixes two
servers. Each series length is a league of its own (``target``, the defeat points that lose
a series): a player is listed in the league table of a length once they have a finished
game in a ranked series of that length.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Select, and_, func, literal, select
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.engine import SERIES_TARGET
from kozel_discord.store import models as m
from kozel_discord.store.rating import DEFAULT_MU, DEFAULT_ORDINAL, DEFAULT_SIGMA
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
E = m.LeagueEntry
STANDINGS_SORTS: dict[str, Any] = {
    "rating": E.rating,
    "series_won": E.series_won,
    "series_played": E.series_played,
    "goats": E.series_lost,
    "goats_with_eggs": E.goats_with_eggs,
    "games_won": E.games_won,
    "games_played": E.games_played,
    "games_lost": E.games_lost,
    "eggs": E.games_eggs,
    "defeat_points_taken": E.defeat_points_taken,
    "defeat_points_inflicted": E.defeat_points_inflicted,
}
MAX_PER_PAGE = 100

# A player is listed in a league table once they have a finished game in a ranked series.
_LISTED = E.games_played > 0


# ------------------------------------------------------------------------- row mapping
_STATS_COLUMNS = (
    E.user_id,
    m.Player.display_name,
    E.rating,
    E.mu,
    E.sigma,
    E.series_played,
    E.series_won,
    E.series_lost,
    E.goats_with_eggs,
    E.games_played,
    E.games_won,
    E.games_lost,
    E.games_eggs,
    E.defeat_points_taken,
    E.defeat_points_inflicted,
    E.last_played_at,
)
# The entry's player (for the name).
_NAMED = and_(m.Player.guild_id == E.guild_id, m.Player.user_id == E.user_id)


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


def _no_games(user_id: int, name: str) -> PlayerStats:
    """The stats of a player without a ranked game in a league: a new player's."""
    return PlayerStats(
        user_id=user_id,
        display_name=name,
        rating=DEFAULT_ORDINAL,
        mu=DEFAULT_MU,
        sigma=DEFAULT_SIGMA,
        series_played=0,
        series_won=0,
        series_lost=0,
        goats=0,
        goats_with_eggs=0,
        games_played=0,
        games_won=0,
        games_lost=0,
        eggs=0,
        defeat_points_taken=0,
        defeat_points_inflicted=0,
        last_played_at=None,
    )


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
            target=s.target,
            hints=s.hints,
        )
        for s in series
    ]


async def standings(
    session: AsyncSession,
    guild_id: int,
    sort: str = "rating",
    page: int = 0,
    per_page: int = 10,
    *,
    target: int = SERIES_TARGET,
) -> StandingsPage:
    """A page of the league table of ``guild_id`` for series of length ``target``.

    ``sort`` is a key of :data:`STANDINGS_SORTS` (descending; ties by user id, and tied
    players share a rank). ``page`` is 0-based and clamped to the last page.
    Players are listed once they have a finished game in a ranked series of that length.
    """
    column = STANDINGS_SORTS.get(sort)
    if column is None:
        raise ValueError(f"unknown sort {sort!r}; use one of {', '.join(STANDINGS_SORTS)}")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise ValueError(f"per_page must be 1..{MAX_PER_PAGE}")
    where = and_(E.guild_id == guild_id, E.target == target, _LISTED)
    order = (column.desc(), E.user_id)

    def page_query(page: int) -> Any:
        # Sort only (key, user id), then fetch the full rows of the page by primary key.
        keys = (
            select(E.user_id)
            .where(where)
            .order_by(*order)
            .limit(per_page)
            .offset(page * per_page)
            .subquery("page")
        )
        on = and_(E.guild_id == guild_id, E.target == target, E.user_id == keys.c.user_id)
        return (
            select(*_STATS_COLUMNS)
            .select_from(E)
            .join(keys, on)
            .join(m.Player, _NAMED)
            .order_by(*order)
        )

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
        target=target,
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
    session: AsyncSession,
    guild_id: int,
    user_id: int,
    *,
    recent: int = 5,
    target: int = SERIES_TARGET,
) -> PlayerProfile | None:
    """A player's stats and rank by rating in the league of ``target``, best partner and
    ``recent`` last series (ranked or not, any length). None when the user never sat at a
    table in this guild."""
    name = await session.scalar(
        select(m.Player.display_name).where(
            m.Player.guild_id == guild_id, m.Player.user_id == user_id
        )
    )
    if name is None:
        return None
    row = (
        await session.execute(
            select(*_STATS_COLUMNS)
            .select_from(E)
            .join(m.Player, _NAMED)
            .where(E.guild_id == guild_id, E.target == target, E.user_id == user_id)
        )
    ).one_or_none()
    stats = PlayerStats(**_stats_kwargs(row)) if row is not None else _no_games(user_id, name)
    rank: int | None = None
    if stats.games_played > 0:
        better = await session.scalar(
            select(func.count()).where(
                E.guild_id == guild_id, E.target == target, _LISTED, E.rating > stats.rating
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
        target=target,
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
