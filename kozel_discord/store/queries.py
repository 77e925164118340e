"""Reading the league: the league table (standings) and a player's profile (series and
games: :mod:`.history`).

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

from sqlalchemy import and_, func, literal, select
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.engine import SERIES_TARGET
from kozel_discord.store import models as m
from kozel_discord.store.history import summaries
from kozel_discord.store.rating import (
    DEFAULT_MU,
    DEFAULT_ORDINAL,
    DEFAULT_SIGMA,
    above_points,
    rating_points,
)
from kozel_discord.store.records import (
    PartnerStats,
    PlayerProfile,
    PlayerStats,
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
    players share a rank; ratings tie when they show the same whole points). ``page`` is
    0-based and clamped to the last page.
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
        value = _shown(column, getattr(r, column.key))
        if i == 0:
            rank = better + 1  # competition ranking: 1 + players with a better value
        elif value != previous:
            rank = page * per_page + i + 1
        previous = value
        rows.append(StandingsRow(rank=rank, **_stats_kwargs(r)))
    others: tuple[int, ...] = ()
    if not total:  # the server's league may be of another length
        lengths = select(E.target).where(E.guild_id == guild_id, E.target != target, _LISTED)
        others = tuple(sorted({int(x) for x in (await session.scalars(lengths.distinct())).all()}))
    return StandingsPage(
        guild_id=guild_id,
        target=target,
        sort=sort,
        page=page,
        per_page=per_page,
        total=total,
        pages=pages,
        rows=tuple(rows),
        other_lengths=others,
    )


def _rated_above(rating: float) -> Any:
    """Players whose rating shows more whole points than ``rating`` does."""
    return E.rating >= above_points(rating_points(rating))


def _shown(column: Any, value: Any) -> Any:
    """A sort key's value as the table shows it (a rating in whole points)."""
    return rating_points(value) if column is E.rating else value


async def _count_listed(
    session: AsyncSession, where: Any, column: Any, found: Sequence[Any]
) -> tuple[int, int]:
    """(players listed, players listed with a better value than the first row, as shown:
    a rating in whole points)."""
    better: Any = literal(0)
    if found:
        first = getattr(found[0], column.key)
        better = func.count().filter(_rated_above(first) if column is E.rating else column > first)
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
                E.guild_id == guild_id,
                E.target == target,
                _LISTED,
                _rated_above(stats.rating),
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
    recent_series = await summaries(
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


__all__ = [
    "MAX_PER_PAGE",
    "STANDINGS_SORTS",
    "player_profile",
    "standings",
]
