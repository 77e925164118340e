"""The SQL step of ranked series: read and lock the rows, let the pure
:func:`~kozel_discord.store.rating.rate_ranked_game` compute, write the answer back.

A series moves the league of its own length: the players' :class:`LeagueEntry` rows of the
series' ``target`` (each length is a league of its own).

Counters are changed with atomic ``UPDATE ... SET x = x + n`` (one executemany for all
seats); rows whose ratings are read and rewritten are locked (``SELECT ... FOR NO KEY
UPDATE``) in a fixed order: players by user id, then computer levels, then partnerships.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Double, Integer, String, bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.engine import team_of
from kozel_discord.store import models as m
from kozel_discord.store.errors import StoreError
from kozel_discord.store.rating import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    RatedSeat,
    Skill,
    rate_ranked_game,
)
from kozel_discord.store.records import GameResult, SeriesEnd
from kozel_discord.store.sql import insert_for

_entries = m.metadata.tables["league_entries"]
_computers = m.metadata.tables["computer_ratings"]
_UPDATE_PLAYER_AFTER_GAME = (
    update(_entries)
    .where(
        _entries.c.guild_id == bindparam("p_guild", type_=BigInteger()),
        _entries.c.target == bindparam("p_target", type_=Integer()),
        _entries.c.user_id == bindparam("p_user", type_=BigInteger()),
    )
    .values(
        mu=bindparam("p_mu", type_=Double()),
        sigma=bindparam("p_sigma", type_=Double()),
        rating=bindparam("p_rating", type_=Double()),
        games_played=_entries.c.games_played + 1,
        games_won=_entries.c.games_won + bindparam("p_won", type_=Integer()),
        games_lost=_entries.c.games_lost + bindparam("p_lost", type_=Integer()),
        games_eggs=_entries.c.games_eggs + bindparam("p_eggs", type_=Integer()),
        defeat_points_taken=_entries.c.defeat_points_taken + bindparam("p_taken", type_=Integer()),
        defeat_points_inflicted=_entries.c.defeat_points_inflicted
        + bindparam("p_inflicted", type_=Integer()),
        last_played_at=bindparam("p_at", type_=m.UTCDateTime()),
    )
)
_UPDATE_COMPUTER_AFTER_GAME = (
    update(_computers)
    .where(
        _computers.c.guild_id == bindparam("p_guild", type_=BigInteger()),
        _computers.c.level == bindparam("p_level", type_=String()),
    )
    .values(
        mu=bindparam("p_mu", type_=Double()),
        sigma=bindparam("p_sigma", type_=Double()),
        games_played=_computers.c.games_played + 1,
    )
)
_UPDATE_PLAYER_AFTER_SERIES = (
    update(_entries)
    .where(
        _entries.c.guild_id == bindparam("p_guild", type_=BigInteger()),
        _entries.c.target == bindparam("p_target", type_=Integer()),
        _entries.c.user_id == bindparam("p_user", type_=BigInteger()),
    )
    .values(
        series_played=_entries.c.series_played + 1,
        series_won=_entries.c.series_won + bindparam("p_won", type_=Integer()),
        series_lost=_entries.c.series_lost + bindparam("p_lost", type_=Integer()),
        goats_with_eggs=_entries.c.goats_with_eggs
        + bindparam("p_goats_with_eggs", type_=Integer()),
        last_played_at=bindparam("p_at", type_=m.UTCDateTime()),
    )
)


async def _seats(session: AsyncSession, series_id: int) -> list[m.SeriesSeat]:
    rows = await session.scalars(
        select(m.SeriesSeat).where(m.SeriesSeat.series_id == series_id).order_by(m.SeriesSeat.seat)
    )
    return list(rows)


async def _locked_skills(
    session: AsyncSession, guild_id: int, target: int, user_ids: list[int], levels: list[str]
) -> tuple[dict[int, Skill], dict[str, Skill]]:
    """The current skills in the league of ``target``, the rows locked: players by user
    id, then computer levels."""
    players: dict[int, Skill] = {}
    e = m.LeagueEntry
    player_rows = await session.execute(
        select(e.user_id, e.mu, e.sigma)
        .where(e.guild_id == guild_id, e.target == target, e.user_id.in_(user_ids))
        .order_by(e.user_id)
        .with_for_update(key_share=True)
    )
    for user_id, mu, sigma in player_rows:
        players[user_id] = Skill(mu, sigma)
    computers: dict[str, Skill] = {}
    if levels:
        for level in levels:  # normally created by start_series already
            stmt = insert_for(session, m.ComputerRating).values(
                guild_id=guild_id, level=level, mu=DEFAULT_MU, sigma=DEFAULT_SIGMA
            )
            await session.execute(stmt.on_conflict_do_nothing())
        level_rows = await session.execute(
            select(m.ComputerRating.level, m.ComputerRating.mu, m.ComputerRating.sigma)
            .where(m.ComputerRating.guild_id == guild_id, m.ComputerRating.level.in_(levels))
            .order_by(m.ComputerRating.level)
            .with_for_update(key_share=True)
        )
        for level, mu, sigma in level_rows:
            computers[level] = Skill(mu, sigma)
    return players, computers


async def apply_ranked_game(
    session: AsyncSession, series: m.Series, game: GameResult, game_id: int
) -> None:
    """Ratings and game counters of a ranked series' new game (row ``game_id``), and how
    the game moved each human's rating (``game_ratings``)."""
    gid = series.guild_id
    seats = await _seats(session, series.id)
    user_ids = sorted({s.user_id for s in seats if s.user_id is not None})
    levels = sorted({s.computer_level for s in seats if s.computer_level is not None})
    players, computers = await _locked_skills(session, gid, series.target, user_ids, levels)
    rated: list[RatedSeat] = []
    for s in seats:
        skill = (
            players.get(s.user_id)
            if s.user_id is not None
            else computers.get(s.computer_level or "")
        )
        if skill is None:
            who = s.user_id if s.user_id is not None else s.computer_level
            raise StoreError(f"series {series.series_key}: no rating row for {who!r}")
        rated.append(RatedSeat(s.user_id, s.computer_level, skill))
    result = rate_ranked_game(rated, game.winner, game.defeat_points)
    await session.execute(
        _UPDATE_PLAYER_AFTER_GAME,
        [
            {
                "p_guild": gid,
                "p_target": series.target,
                "p_user": p.user_id,
                "p_mu": p.skill.mu,
                "p_sigma": p.skill.sigma,
                "p_rating": p.skill.ordinal,
                "p_won": p.won,
                "p_lost": p.lost,
                "p_eggs": p.eggs,
                "p_taken": p.defeat_points_taken,
                "p_inflicted": p.defeat_points_inflicted,
                "p_at": game.finished_at,
            }
            for p in result.players
        ],
    )
    if result.players:
        await session.execute(
            insert_for(session, m.GameRating),
            [
                {
                    "game_id": game_id,
                    "user_id": p.user_id,
                    "rating_before": players[p.user_id].ordinal,
                    "rating_after": p.skill.ordinal,
                }
                for p in result.players
            ],
        )
    if result.computers:
        await session.execute(
            _UPDATE_COMPUTER_AFTER_GAME,
            [
                {"p_guild": gid, "p_level": c.level, "p_mu": c.skill.mu, "p_sigma": c.skill.sigma}
                for c in result.computers
            ],
        )


async def apply_ranked_series(session: AsyncSession, series: m.Series, end: SeriesEnd) -> None:
    """Series counters, goats and partnerships of a finished ranked series."""
    gid = series.guild_id
    seats = await _seats(session, series.id)
    humans = sorted((s.user_id, team_of(s.seat)) for s in seats if s.user_id is not None)
    await session.execute(
        _UPDATE_PLAYER_AFTER_SERIES,
        [
            {
                "p_guild": gid,
                "p_target": series.target,
                "p_user": user_id,
                "p_won": 0 if team == end.goats else 1,
                "p_lost": 1 if team == end.goats else 0,
                "p_goats_with_eggs": 1 if team == end.goats and end.goats_with_eggs else 0,
                "p_at": end.ended_at,
            }
            for user_id, team in humans
        ],
    )
    by_seat = {s.seat: s.user_id for s in seats}
    pairs: list[tuple[int, int, bool]] = []
    for team in (0, 1):
        a, b = by_seat.get(team), by_seat.get(team + 2)
        if a is not None and b is not None and a != b:
            won = team != end.goats
            pairs += [(a, b, won), (b, a, won)]
    if pairs:
        stmt = insert_for(session, m.Partnership)
        stmt = stmt.on_conflict_do_update(
            index_elements=["guild_id", "user_id", "partner_id"],
            set_={
                "series_played": m.Partnership.series_played + 1,
                "series_won": m.Partnership.series_won + stmt.excluded.series_won,
            },
        )
        await session.execute(
            stmt,
            [
                {
                    "guild_id": gid,
                    "user_id": user_id,
                    "partner_id": partner_id,
                    "series_played": 1,
                    "series_won": 1 if won else 0,
                }
                for user_id, partner_id, won in sorted(pairs)
            ],
        )


__all__ = ["apply_ranked_game", "apply_ranked_series"]
