"""Writing series and games: start, record a game, finish, abandon (guild settings:
:mod:`kozel_discord.store.guilds`).

Functions on the session of a unit of work (:class:`~kozel_discord.store.unit.UnitOfWork`
calls them). Recording is idempotent through unique keys, not checks in Python: a game is
keyed by (series, number) and inserted with ``ON CONFLICT DO NOTHING``; a series is closed
by a conditional ``UPDATE ... WHERE status = 'active'``. Ratings and player counters of
ranked series: :mod:`kozel_discord.store.ranked`.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.store import models as m
from kozel_discord.store.errors import SeriesClosedError, UnknownSeriesError
from kozel_discord.store.guilds import (
    HOUSE_RULES,
    ensure_guild,
    get_guild_settings,
    set_guild_settings,
    set_rank_computer_series,
    set_table_threads,
)
from kozel_discord.store.ranked import apply_ranked_game, apply_ranked_series
from kozel_discord.store.rating import DEFAULT_MU, DEFAULT_ORDINAL, DEFAULT_SIGMA
from kozel_discord.store.records import (
    SEATS,
    GameResult,
    SeatSpec,
    SeriesEnd,
    SeriesStart,
    SeriesStatus,
)
from kozel_discord.store.sql import insert_for

log = logging.getLogger(__name__)


# ----------------------------------------------------------------------------- validation
def _check_seat(value: int, what: str) -> None:
    if not isinstance(value, int) or not 0 <= value < SEATS:
        raise ValueError(f"{what} must be a seat 0-3, not {value!r}")


def _check_pair(value: tuple[int, int], what: str) -> None:
    if len(value) != 2 or any(not isinstance(v, int) or v < 0 for v in value):
        raise ValueError(f"{what} must be two non-negative ints, not {value!r}")


def _validate_seats(seats: Sequence[SeatSpec]) -> None:
    if sorted(s.seat for s in seats) != list(range(SEATS)):
        raise ValueError("a series needs exactly one SeatSpec for each seat 0-3")
    for s in seats:
        if s.user_id is None and not s.computer_level:
            raise ValueError(f"seat {s.seat}: a computer seat needs a computer_level")
        if s.user_id is not None and s.computer_level is not None:
            raise ValueError(f"seat {s.seat}: a human seat has no computer_level")
        if len(s.display_name) > m.NAME_LENGTH:
            raise ValueError(f"seat {s.seat}: display name longer than {m.NAME_LENGTH}")
        if s.computer_level is not None and len(s.computer_level) > m.LEVEL_LENGTH:
            raise ValueError(f"seat {s.seat}: computer level longer than {m.LEVEL_LENGTH}")


def _validate_game(game: GameResult) -> None:
    if not isinstance(game.number, int) or game.number < 1:
        raise ValueError(f"game number must be >= 1, not {game.number!r}")
    _check_seat(game.dealer, "dealer")
    _check_seat(game.first_leader, "first_leader")
    _check_seat(game.last_trick_taker, "last_trick_taker")
    _check_pair(game.card_points, "card_points")
    _check_pair(game.tricks, "tricks")
    _check_pair(game.defeat_points, "defeat_points")
    if game.eggs and game.defeat_points != (0, 0):
        raise ValueError("an eggs game gives no defeat points")
    if not game.eggs and game.card_points[0] == game.card_points[1]:
        raise ValueError("equal card points are eggs")
    if not isinstance(game.record, dict):
        raise ValueError("a game record is a JSON object (dict)")
    if len(game.trump_card) > 8:
        raise ValueError(f"trump card {game.trump_card!r} is too long")


def is_ranked(seats: Sequence[SeatSpec], rank_computer_series: bool, hints: bool = False) -> bool:
    """Whether a series with these seats is ranked: at least one human, each in one seat,
    no hints, and either four humans or the guild's ``rank_computer_series`` on."""
    humans = [s.user_id for s in seats if s.user_id is not None]
    if hints or not humans or len(set(humans)) != len(humans):
        return False
    return len(humans) == SEATS or rank_computer_series


# ------------------------------------------------------------------------------- series
async def start_series(session: AsyncSession, start: SeriesStart) -> bool:
    _validate_seats(start.seats)
    gid = start.guild_id
    await ensure_guild(session, gid)
    existing = await session.scalar(
        select(m.Series.ranked).where(
            m.Series.guild_id == gid, m.Series.series_key == start.series_key
        )
    )
    if existing is not None:
        return bool(existing)
    if start.target < 1:
        raise ValueError(f"a series target is at least 1, not {start.target!r}")
    rank_computers = start.rank_computers
    if rank_computers is None:
        rank_computers = (await get_guild_settings(session, gid)).rank_computer_series
    ranked = is_ranked(start.seats, rank_computers, start.hints)
    humans = sorted((s for s in start.seats if s.user_id is not None), key=lambda s: s.user_id or 0)
    for seat in humans:  # in user id order: the lock order of player rows
        stmt = insert_for(session, m.Player).values(
            guild_id=gid, user_id=seat.user_id, display_name=seat.display_name
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=["guild_id", "user_id"],
            set_={"display_name": stmt.excluded.display_name},
        )
        await session.execute(stmt)
        if ranked:  # an entry in the league of this length
            entry = insert_for(session, m.LeagueEntry).values(
                guild_id=gid,
                target=start.target,
                user_id=seat.user_id,
                mu=DEFAULT_MU,
                sigma=DEFAULT_SIGMA,
                rating=DEFAULT_ORDINAL,
            )
            await session.execute(entry.on_conflict_do_nothing())
    if ranked:
        levels = sorted({s.computer_level for s in start.seats if s.computer_level})
        for level in levels:
            stmt = insert_for(session, m.ComputerRating).values(
                guild_id=gid, level=level, mu=DEFAULT_MU, sigma=DEFAULT_SIGMA
            )
            await session.execute(stmt.on_conflict_do_nothing())
    stmt = (
        insert_for(session, m.Series)
        .values(
            guild_id=gid,
            series_key=start.series_key,
            channel_id=start.channel_id,
            ranked=ranked,
            target=start.target,
            turn_timer=start.turn_timer,
            hints=start.hints,
            status=SeriesStatus.ACTIVE,
            started_at=start.started_at,
        )
        .on_conflict_do_nothing(index_elements=["guild_id", "series_key"])
        .returning(m.Series.id)
    )
    series_id = (await session.execute(stmt)).scalar_one_or_none()
    if series_id is None:  # started concurrently by someone else
        value = await session.scalar(
            select(m.Series.ranked).where(
                m.Series.guild_id == gid, m.Series.series_key == start.series_key
            )
        )
        return bool(value)
    await session.execute(
        insert_for(session, m.SeriesSeat),
        [
            {
                "series_id": series_id,
                "seat": s.seat,
                "guild_id": gid,
                "user_id": s.user_id,
                "display_name": s.display_name,
                "computer_level": s.computer_level,
            }
            for s in sorted(start.seats, key=lambda s: s.seat)
        ],
    )
    log.info(
        "guild %s: series %s to %s started in channel %s (%s)",
        gid,
        start.series_key,
        start.target,
        start.channel_id,
        "ranked" if ranked else "unranked",
    )
    return ranked


async def _series(session: AsyncSession, guild_id: int, series_key: str) -> m.Series:
    series = await session.scalar(
        select(m.Series).where(m.Series.guild_id == guild_id, m.Series.series_key == series_key)
    )
    if series is None:
        raise UnknownSeriesError(guild_id, series_key)
    return series


async def record_game(session: AsyncSession, game: GameResult) -> bool:
    _validate_game(game)
    series = await _series(session, game.guild_id, game.series_key)
    stmt = (
        insert_for(session, m.Game)
        .values(
            series_id=series.id,
            guild_id=game.guild_id,
            number=game.number,
            dealer=game.dealer,
            first_leader=game.first_leader,
            trump_card=game.trump_card,
            card_points_a=game.card_points[0],
            card_points_b=game.card_points[1],
            tricks_a=game.tricks[0],
            tricks_b=game.tricks[1],
            defeat_points_a=game.defeat_points[0],
            defeat_points_b=game.defeat_points[1],
            eggs=game.eggs,
            last_trick_taker=game.last_trick_taker,
            record=game.record,
            finished_at=game.finished_at,
        )
        .on_conflict_do_nothing(index_elements=["series_id", "number"])
        .returning(m.Game.id)
    )
    game_id = (await session.execute(stmt)).scalar_one_or_none()
    if game_id is None:
        log.info(
            "guild %s: game %s of series %s was already recorded",
            game.guild_id,
            game.number,
            game.series_key,
        )
        return False
    dp_a, dp_b = game.defeat_points
    updated = await session.execute(
        update(m.Series)
        .execution_options(synchronize_session=False)
        .where(m.Series.id == series.id, m.Series.status == SeriesStatus.ACTIVE)
        .values(
            games_played=m.Series.games_played + 1,
            defeat_points_a=m.Series.defeat_points_a + dp_a,
            defeat_points_b=m.Series.defeat_points_b + dp_b,
            eggs=m.Series.eggs + (1 if game.eggs else 0),
        )
        .returning(m.Series.id)
    )
    if updated.scalar_one_or_none() is None:
        status = await session.scalar(select(m.Series.status).where(m.Series.id == series.id))
        raise SeriesClosedError(game.guild_id, game.series_key, str(status))
    if series.ranked:
        await apply_ranked_game(session, series, game, game_id)
    log.debug(
        "guild %s: recorded game %s of series %s", game.guild_id, game.number, game.series_key
    )
    return True


async def finish_series(session: AsyncSession, end: SeriesEnd) -> bool:
    if end.goats not in (0, 1):
        raise ValueError(f"goats is a team index 0 or 1, not {end.goats!r}")
    _check_pair(end.defeat_points, "defeat_points")
    if end.eggs < 0:
        raise ValueError("eggs must be >= 0")
    gid = end.guild_id
    series = await _series(session, gid, end.series_key)
    recorded = (series.defeat_points_a, series.defeat_points_b)  # summed from its games
    recorded_eggs = series.eggs
    updated = await session.execute(
        update(m.Series)
        .execution_options(synchronize_session=False)
        .where(m.Series.id == series.id, m.Series.status == SeriesStatus.ACTIVE)
        .values(
            status=SeriesStatus.FINISHED,
            ended_at=end.ended_at,
            defeat_points_a=end.defeat_points[0],
            defeat_points_b=end.defeat_points[1],
            eggs=end.eggs,
            goats=end.goats,
            goats_with_eggs=end.goats_with_eggs,
        )
        .returning(m.Series.id)
    )
    if updated.scalar_one_or_none() is None:
        log.info("guild %s: series %s was already closed", gid, end.series_key)
        return False
    if recorded != end.defeat_points or recorded_eggs != end.eggs:
        log.warning(
            "guild %s: series %s ends with %s defeat points / %s eggs, its games add up to %s / %s",
            gid,
            end.series_key,
            end.defeat_points,
            end.eggs,
            recorded,
            recorded_eggs,
        )
    if series.ranked:
        await apply_ranked_series(session, series, end)
    log.info(
        "guild %s: series %s finished, goats: team %s%s",
        gid,
        end.series_key,
        end.goats,
        " with eggs" if end.goats_with_eggs else "",
    )
    return True


async def abandon_series(
    session: AsyncSession, guild_id: int, series_key: str, ended_at: dt.datetime
) -> bool:
    result = await session.execute(
        update(m.Series)
        .execution_options(synchronize_session=False)
        .where(
            m.Series.guild_id == guild_id,
            m.Series.series_key == series_key,
            m.Series.status == SeriesStatus.ACTIVE,
        )
        .values(status=SeriesStatus.ABANDONED, ended_at=ended_at)
        .returning(m.Series.id)
    )
    changed = result.scalar_one_or_none() is not None
    if changed:
        log.info("guild %s: series %s abandoned", guild_id, series_key)
    return changed


__all__ = [
    "HOUSE_RULES",
    "abandon_series",
    "ensure_guild",
    "finish_series",
    "get_guild_settings",
    "is_ranked",
    "record_game",
    "set_guild_settings",
    "set_rank_computer_series",
    "set_table_threads",
    "start_series",
]
