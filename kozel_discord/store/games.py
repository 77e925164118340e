"""Reading single finished games: one by its id (replays and exports of ``/league game``)
and the recent games of a server or a player (to pick one from).

A game's id is its row id (``games.id``): unique across servers, so a game of another
server is recognised as such (:attr:`StoredGame.guild_id`) and the caller refuses it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.store import models as m
from kozel_discord.store.records import SeatSpec

#: At most this many games in a listing (a Discord select holds 25 options).
MAX_LISTED_GAMES = 25


@dataclass(frozen=True, slots=True)
class GameListing:
    """A finished game as a list shows it."""

    game_id: int
    guild_id: int
    series_key: str
    number: int  # in its series, 1-based
    seats: tuple[SeatSpec, ...]
    card_points: tuple[int, int]
    defeat_points: tuple[int, int]
    eggs: bool
    finished_at: dt.datetime


@dataclass(frozen=True, slots=True)
class StoredGame(GameListing):
    """A finished game with its record (seed and moves, as the engine wrote it) and the
    series' totals before it."""

    record: dict[str, Any]
    dealer: int
    first_leader: int
    tricks: tuple[int, int]
    last_trick_taker: int
    #: The series' defeat points and eggs before this game (its earlier games).
    defeat_points_before: tuple[int, int]
    eggs_before: int
    #: The series' length: the defeat points that lose it.
    target: int


def _seats(rows: Any) -> dict[int, list[SeatSpec]]:
    seats: dict[int, list[SeatSpec]] = {}
    for r in rows:
        seats.setdefault(r.series_id, []).append(
            SeatSpec(
                seat=r.seat,
                user_id=r.user_id,
                display_name=r.display_name,
                computer_level=r.computer_level,
            )
        )
    return seats


async def _series_seats(session: AsyncSession, series_ids: list[int]) -> dict[int, list[SeatSpec]]:
    if not series_ids:
        return {}
    rows = await session.scalars(
        select(m.SeriesSeat)
        .where(m.SeriesSeat.series_id.in_(series_ids))
        .order_by(m.SeriesSeat.series_id, m.SeriesSeat.seat)
    )
    return _seats(rows)


def _listing_kwargs(game: m.Game, series_key: str, seats: list[SeatSpec]) -> dict[str, Any]:
    return {
        "game_id": game.id,
        "guild_id": game.guild_id,
        "series_key": series_key,
        "number": game.number,
        "seats": tuple(seats),
        "card_points": (game.card_points_a, game.card_points_b),
        "defeat_points": (game.defeat_points_a, game.defeat_points_b),
        "eggs": game.eggs,
        "finished_at": game.finished_at,
    }


async def get_game(session: AsyncSession, game_id: int) -> StoredGame | None:
    """Game ``game_id`` of whichever server (the caller checks :attr:`guild_id`); None
    when there is no such game."""
    found = (
        await session.execute(
            select(m.Game, m.Series.series_key, m.Series.target)
            .join(m.Series, m.Series.id == m.Game.series_id)
            .where(m.Game.id == game_id)
        )
    ).one_or_none()
    if found is None:
        return None
    game, series_key, target = found
    before = (
        await session.execute(
            select(
                func.coalesce(func.sum(m.Game.defeat_points_a), 0),
                func.coalesce(func.sum(m.Game.defeat_points_b), 0),
                func.count().filter(m.Game.eggs.is_(True)),
            ).where(m.Game.series_id == game.series_id, m.Game.number < game.number)
        )
    ).one()
    seats = (await _series_seats(session, [game.series_id])).get(game.series_id, [])
    return StoredGame(
        **_listing_kwargs(game, series_key, seats),
        record=game.record,
        dealer=game.dealer,
        first_leader=game.first_leader,
        tricks=(game.tricks_a, game.tricks_b),
        last_trick_taker=game.last_trick_taker,
        defeat_points_before=(int(before[0]), int(before[1])),
        eggs_before=int(before[2] or 0),
        target=int(target),
    )


async def recent_games(
    session: AsyncSession,
    guild_id: int,
    *,
    user_id: int | None = None,
    series: int = 10,
    limit: int = MAX_LISTED_GAMES,
) -> list[GameListing]:
    """The finished games of the last ``series`` series of ``guild_id`` (those ``user_id``
    sat in, if given), newest first, at most ``limit`` (1..25)."""
    if not 1 <= limit <= MAX_LISTED_GAMES:
        raise ValueError(f"limit must be 1..{MAX_LISTED_GAMES}")
    recent = select(m.Series.id, m.Series.series_key).where(m.Series.guild_id == guild_id)
    if user_id is not None:
        recent = recent.where(
            m.Series.id.in_(
                select(m.SeriesSeat.series_id).where(
                    m.SeriesSeat.guild_id == guild_id, m.SeriesSeat.user_id == user_id
                )
            )
        )
    keys = {
        r.id: r.series_key
        for r in await session.execute(
            recent.order_by(m.Series.started_at.desc(), m.Series.id.desc()).limit(series)
        )
    }
    if not keys:
        return []
    games = list(
        await session.scalars(
            select(m.Game)
            .where(m.Game.series_id.in_(list(keys)))
            .order_by(m.Game.finished_at.desc(), m.Game.id.desc())
            .limit(limit)
        )
    )
    seats = await _series_seats(session, list({g.series_id for g in games}))
    return [
        GameListing(**_listing_kwargs(g, keys[g.series_id], seats.get(g.series_id, [])))
        for g in games
    ]


__all__ = ["MAX_LISTED_GAMES", "GameListing", "StoredGame", "get_game", "recent_games"]
