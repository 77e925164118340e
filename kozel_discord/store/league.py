"""The league store: series, games, ratings, the league table and live-table snapshots.

Independent of Discord and of the rules engine: the bot's service layer calls
:class:`LeagueStore` with the plain dataclasses of :mod:`kozel_discord.store.records`
(re-exported here). Everything is per server: every method takes the ``guild_id`` (or a
channel, which belongs to one server) and no query mixes two servers.

Ranked or unranked (decided once, when the series starts, and stored with it):

* a series is ranked when every human sits in one seat only, there is at least one human,
  and it has no computer seat -- or the guild setting ``rank_computer_series`` is on;
* only ranked series move the league: ratings after every game; player counters (games,
  eggs, defeat points after every game; series, goats, goats with eggs, partners when the
  series finishes). Unranked series are still stored, with their games and records, and
  listed in recent series.
* Computer seats of a ranked series are rated pseudo-players per (guild, level); see
  :mod:`kozel_discord.store.rating`.

Transactions and concurrency:

* Each public method of :class:`LeagueStore` is one transaction in its own session, retried
  on transient errors (SQLite "database is locked", PostgreSQL deadlock / serialization
  failure). Several operations that must commit together (a game's result together with the
  table snapshot that follows it) go through :meth:`LeagueStore.unit_of_work`.
* Counters are changed with atomic ``UPDATE ... SET x = x + n``; rows whose ratings are
  read and rewritten are locked (``SELECT ... FOR NO KEY UPDATE``) in a fixed order (series,
  then players by user id, then computer levels, then partnerships). On SQLite, writing
  transactions start with ``BEGIN IMMEDIATE`` and wait for the busy timeout.
* Recording is idempotent through unique keys, not checks in Python: a game is keyed by
  (series, number) and inserted with ``ON CONFLICT DO NOTHING``; a series is finished by a
  conditional ``UPDATE ... WHERE status = 'active'``. A game recorded twice (e.g. replayed
  after a crash) changes nothing the second time.

Live tables use optimistic concurrency: saving version ``v`` needs stored version ``v - 1``
(for ``v = 1``: no row); otherwise :class:`StaleTableError`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import math
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from contextvars import ContextVar
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from sqlalchemy import (
    BigInteger,
    Double,
    Integer,
    Select,
    String,
    and_,
    bindparam,
    delete,
    func,
    literal,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from kozel_discord.engine import team_of
from kozel_discord.store import models as m
from kozel_discord.store.db import WRITE, is_transient_error
from kozel_discord.store.rating import DEFAULT_MU, DEFAULT_ORDINAL, DEFAULT_SIGMA, Skill, rate_game
from kozel_discord.store.records import (
    SEATS,
    GameResult,
    GuildSettings,
    LiveTable,
    PartnerStats,
    PlayerProfile,
    PlayerStats,
    SeatSpec,
    SeriesClosedError,
    SeriesEnd,
    SeriesStart,
    SeriesStatus,
    SeriesSummary,
    StaleTableError,
    StandingsPage,
    StandingsRow,
    StoreError,
    UnknownSeriesError,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
_Entity = tuple[str, int | str]  # ("user", user id) or ("computer", level)

# SQLite has one writer at a time: writers of one engine queue on an asyncio lock instead of
# spinning in SQLite's busy handler (the busy timeout still covers other processes).
_sqlite_write_locks: WeakKeyDictionary[Engine, asyncio.Lock] = WeakKeyDictionary()
# Set while a task is inside a unit of work: a second, nested one would wait for the first.
_inside_unit_of_work: ContextVar[bool] = ContextVar("kozel_inside_unit_of_work", default=False)

#: Sort keys of :meth:`LeagueStore.standings` (all descending; ties by user id).
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
_IN_CHUNK = 5_000  # ids per IN (...) list

# A player is listed in the league table once they have a finished game in a ranked series.
_LISTED = m.Player.games_played > 0


# Counter and rating updates, executed as executemany (one round trip for all seats).
_players = m.metadata.tables["players"]
_computers = m.metadata.tables["computer_ratings"]
_UPDATE_PLAYER_AFTER_GAME = (
    update(_players)
    .where(
        _players.c.guild_id == bindparam("p_guild", type_=BigInteger()),
        _players.c.user_id == bindparam("p_user", type_=BigInteger()),
    )
    .values(
        mu=bindparam("p_mu", type_=Double()),
        sigma=bindparam("p_sigma", type_=Double()),
        rating=bindparam("p_rating", type_=Double()),
        games_played=_players.c.games_played + 1,
        games_won=_players.c.games_won + bindparam("p_won", type_=Integer()),
        games_lost=_players.c.games_lost + bindparam("p_lost", type_=Integer()),
        games_eggs=_players.c.games_eggs + bindparam("p_eggs", type_=Integer()),
        defeat_points_taken=_players.c.defeat_points_taken + bindparam("p_taken", type_=Integer()),
        defeat_points_inflicted=_players.c.defeat_points_inflicted
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
    update(_players)
    .where(
        _players.c.guild_id == bindparam("p_guild", type_=BigInteger()),
        _players.c.user_id == bindparam("p_user", type_=BigInteger()),
    )
    .values(
        series_played=_players.c.series_played + 1,
        series_won=_players.c.series_won + bindparam("p_won", type_=Integer()),
        series_lost=_players.c.series_lost + bindparam("p_lost", type_=Integer()),
        goats_with_eggs=_players.c.goats_with_eggs
        + bindparam("p_goats_with_eggs", type_=Integer()),
        last_played_at=bindparam("p_at", type_=m.UTCDateTime()),
    )
)


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _insert(session: AsyncSession, table: Any) -> Any:
    """A dialect-specific INSERT (for ``ON CONFLICT``): PostgreSQL or SQLite."""
    name = session.get_bind().dialect.name
    if name == "postgresql":
        return postgresql.insert(table)
    if name == "sqlite":
        return sqlite.insert(table)
    raise StoreError(f"unsupported database dialect {name!r}")


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


def _ranked(seats: Sequence[SeatSpec], rank_computer_series: bool) -> bool:
    humans = [s.user_id for s in seats if s.user_id is not None]
    if not humans or len(set(humans)) != len(humans):
        return False
    return len(humans) == SEATS or rank_computer_series


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


def _live_table(row: m.LiveTable) -> LiveTable:
    return LiveTable(
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        version=row.version,
        state=row.state,
        messages=row.messages,
        settings=row.settings,
        deadline=row.deadline,
        updated_at=row.updated_at,
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
            status=SeriesStatus(s.status),
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


def _chunks(values: Sequence[int], size: int = _IN_CHUNK) -> Iterable[list[int]]:
    for i in range(0, len(values), size):
        yield list(values[i : i + size])


# ============================================================================ unit of work
class UnitOfWork:
    """The writing operations of the store on one session and one transaction.

    Get one from :meth:`LeagueStore.unit_of_work`; everything done through it commits
    together when the ``async with`` block ends (or rolls back on an exception). Do not
    keep it beyond the block or share it between tasks.
    """

    def __init__(self, session: AsyncSession, now: Callable[[], dt.datetime]) -> None:
        self.session = session
        self._now = now

    # ---------------------------------------------------------------- guild settings
    async def _ensure_guild(self, guild_id: int) -> None:
        stmt = _insert(self.session, m.Guild).values(guild_id=guild_id)
        await self.session.execute(stmt.on_conflict_do_nothing(index_elements=["guild_id"]))

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        value = await self.session.scalar(
            select(m.Guild.rank_computer_series).where(m.Guild.guild_id == guild_id)
        )
        return GuildSettings(guild_id=guild_id, rank_computer_series=bool(value))

    async def set_rank_computer_series(self, guild_id: int, value: bool) -> GuildSettings:
        stmt = _insert(self.session, m.Guild).values(guild_id=guild_id, rank_computer_series=value)
        stmt = stmt.on_conflict_do_update(
            index_elements=["guild_id"], set_={"rank_computer_series": value}
        )
        await self.session.execute(stmt)
        log.info("guild %s: rank_computer_series=%s", guild_id, value)
        return GuildSettings(guild_id=guild_id, rank_computer_series=value)

    # ----------------------------------------------------------------------- series
    async def start_series(self, start: SeriesStart) -> bool:
        """Create the series (a no-op when ``series_key`` exists in the guild) and upsert
        its human players with their display names. Returns whether the series is ranked."""
        _validate_seats(start.seats)
        session = self.session
        gid = start.guild_id
        await self._ensure_guild(gid)
        existing = await session.scalar(
            select(m.Series.ranked).where(
                m.Series.guild_id == gid, m.Series.series_key == start.series_key
            )
        )
        if existing is not None:
            return bool(existing)
        settings = await self.get_guild_settings(gid)
        ranked = _ranked(start.seats, settings.rank_computer_series)
        humans = sorted(
            (s for s in start.seats if s.user_id is not None), key=lambda s: s.user_id or 0
        )
        for seat in humans:  # in user id order: the lock order of player rows
            stmt = _insert(session, m.Player).values(
                guild_id=gid,
                user_id=seat.user_id,
                display_name=seat.display_name,
                mu=DEFAULT_MU,
                sigma=DEFAULT_SIGMA,
                rating=DEFAULT_ORDINAL,
            )
            stmt = stmt.on_conflict_do_update(
                index_elements=["guild_id", "user_id"],
                set_={"display_name": stmt.excluded.display_name},
            )
            await session.execute(stmt)
        if ranked:
            levels = sorted({s.computer_level for s in start.seats if s.computer_level})
            for level in levels:
                stmt = _insert(session, m.ComputerRating).values(
                    guild_id=gid, level=level, mu=DEFAULT_MU, sigma=DEFAULT_SIGMA
                )
                await session.execute(stmt.on_conflict_do_nothing())
        stmt = (
            _insert(session, m.Series)
            .values(
                guild_id=gid,
                series_key=start.series_key,
                channel_id=start.channel_id,
                ranked=ranked,
                status=SeriesStatus.ACTIVE.value,
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
            _insert(session, m.SeriesSeat),
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
            "guild %s: series %s started in channel %s (%s)",
            gid,
            start.series_key,
            start.channel_id,
            "ranked" if ranked else "unranked",
        )
        return ranked

    async def _series(self, guild_id: int, series_key: str) -> m.Series:
        series = await self.session.scalar(
            select(m.Series).where(m.Series.guild_id == guild_id, m.Series.series_key == series_key)
        )
        if series is None:
            raise UnknownSeriesError(guild_id, series_key)
        return series

    async def _seats(self, series_id: int) -> list[m.SeriesSeat]:
        rows = await self.session.scalars(
            select(m.SeriesSeat)
            .where(m.SeriesSeat.series_id == series_id)
            .order_by(m.SeriesSeat.seat)
        )
        return list(rows)

    async def record_game(self, game: GameResult) -> bool:
        """Store a finished game and update the series' counters and, when the series is
        ranked, the players' counters and ratings. Returns False (and changes nothing)
        when game ``number`` of the series is already recorded.

        Raises :class:`UnknownSeriesError` and :class:`SeriesClosedError` (a new game for a
        finished or abandoned series).
        """
        _validate_game(game)
        session = self.session
        series = await self._series(game.guild_id, game.series_key)
        stmt = (
            _insert(session, m.Game)
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
        if (await session.execute(stmt)).scalar_one_or_none() is None:
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
            .where(m.Series.id == series.id, m.Series.status == SeriesStatus.ACTIVE.value)
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
            await self._apply_ranked_game(series, game)
        log.debug(
            "guild %s: recorded game %s of series %s", game.guild_id, game.number, game.series_key
        )
        return True

    async def _apply_ranked_game(self, series: m.Series, game: GameResult) -> None:
        session = self.session
        gid = series.guild_id
        seats = await self._seats(series.id)
        entities: list[_Entity] = [
            ("user", s.user_id) if s.user_id is not None else ("computer", s.computer_level or "")
            for s in seats
        ]
        user_ids = sorted({s.user_id for s in seats if s.user_id is not None})
        levels = sorted({s.computer_level for s in seats if s.computer_level is not None})
        skills: dict[_Entity, Skill] = {}
        # Lock the rows whose ratings are rewritten: players by user id, then computer levels.
        player_rows = await session.execute(
            select(m.Player.user_id, m.Player.mu, m.Player.sigma)
            .where(m.Player.guild_id == gid, m.Player.user_id.in_(user_ids))
            .order_by(m.Player.user_id)
            .with_for_update(key_share=True)
        )
        for row in player_rows:
            skills[("user", row.user_id)] = Skill(row.mu, row.sigma)
        if levels:
            for level in levels:  # normally created by start_series already
                stmt = _insert(session, m.ComputerRating).values(
                    guild_id=gid, level=level, mu=DEFAULT_MU, sigma=DEFAULT_SIGMA
                )
                await session.execute(stmt.on_conflict_do_nothing())
            computer_rows = await session.execute(
                select(m.ComputerRating.level, m.ComputerRating.mu, m.ComputerRating.sigma)
                .where(m.ComputerRating.guild_id == gid, m.ComputerRating.level.in_(levels))
                .order_by(m.ComputerRating.level)
                .with_for_update(key_share=True)
            )
            for level, mu, sigma in computer_rows:
                skills[("computer", level)] = Skill(mu, sigma)
        missing = [e for e in entities if e not in skills]
        if missing:
            raise StoreError(f"series {series.series_key}: no rating rows for {missing}")
        winner = game.winner
        new_skills = rate_game(entities, skills, winner)
        team_by_user = {s.user_id: team_of(s.seat) for s in seats if s.user_id is not None}
        dp = game.defeat_points
        player_params = []
        for user_id in user_ids:  # one executemany, in lock order
            team = team_by_user[user_id]
            skill = new_skills[("user", user_id)]
            player_params.append(
                {
                    "p_guild": gid,
                    "p_user": user_id,
                    "p_mu": skill.mu,
                    "p_sigma": skill.sigma,
                    "p_rating": skill.ordinal,
                    "p_won": 1 if winner == team else 0,
                    "p_lost": 1 if winner is not None and winner != team else 0,
                    "p_eggs": 1 if winner is None else 0,
                    "p_taken": dp[team],
                    "p_inflicted": dp[1 - team],
                    "p_at": game.finished_at,
                }
            )
        await session.execute(_UPDATE_PLAYER_AFTER_GAME, player_params)
        if levels:
            await session.execute(
                _UPDATE_COMPUTER_AFTER_GAME,
                [
                    {
                        "p_guild": gid,
                        "p_level": level,
                        "p_mu": new_skills[("computer", level)].mu,
                        "p_sigma": new_skills[("computer", level)].sigma,
                    }
                    for level in levels
                ],
            )

    async def finish_series(self, end: SeriesEnd) -> bool:
        """Close the series with its final result. For a ranked series, count series
        played/won/lost, goats, goats with eggs and partnerships for its humans. Returns
        False (and changes nothing) when the series was already finished or abandoned.

        Raises :class:`UnknownSeriesError`.
        """
        if end.goats not in (0, 1):
            raise ValueError(f"goats is a team index 0 or 1, not {end.goats!r}")
        _check_pair(end.defeat_points, "defeat_points")
        if end.eggs < 0:
            raise ValueError("eggs must be >= 0")
        session = self.session
        gid = end.guild_id
        series = await self._series(gid, end.series_key)
        recorded = (series.defeat_points_a, series.defeat_points_b)  # summed from its games
        recorded_eggs = series.eggs
        updated = await session.execute(
            update(m.Series)
            .execution_options(synchronize_session=False)
            .where(m.Series.id == series.id, m.Series.status == SeriesStatus.ACTIVE.value)
            .values(
                status=SeriesStatus.FINISHED.value,
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
                "guild %s: series %s ends with %s defeat points / %s eggs, its games add up "
                "to %s / %s",
                gid,
                end.series_key,
                end.defeat_points,
                end.eggs,
                recorded,
                recorded_eggs,
            )
        if series.ranked:
            await self._apply_ranked_series(series, end)
        log.info(
            "guild %s: series %s finished, goats: team %s%s",
            gid,
            end.series_key,
            end.goats,
            " with eggs" if end.goats_with_eggs else "",
        )
        return True

    async def _apply_ranked_series(self, series: m.Series, end: SeriesEnd) -> None:
        session = self.session
        gid = series.guild_id
        seats = await self._seats(series.id)
        humans = sorted((s.user_id, team_of(s.seat)) for s in seats if s.user_id is not None)
        await session.execute(
            _UPDATE_PLAYER_AFTER_SERIES,
            [
                {
                    "p_guild": gid,
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
            stmt = _insert(session, m.Partnership)
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

    async def abandon_series(self, guild_id: int, series_key: str, ended_at: dt.datetime) -> bool:
        """Mark an active series abandoned (its recorded games keep counting). Returns
        whether it changed anything (False for unknown or already closed series)."""
        result = await self.session.execute(
            update(m.Series)
            .execution_options(synchronize_session=False)
            .where(
                m.Series.guild_id == guild_id,
                m.Series.series_key == series_key,
                m.Series.status == SeriesStatus.ACTIVE.value,
            )
            .values(status=SeriesStatus.ABANDONED.value, ended_at=ended_at)
            .returning(m.Series.id)
        )
        changed = result.scalar_one_or_none() is not None
        if changed:
            log.info("guild %s: series %s abandoned", guild_id, series_key)
        return changed

    # ------------------------------------------------------------------ live tables
    async def _stored_version(self, channel_id: int) -> int | None:
        return await self.session.scalar(
            select(m.LiveTable.version).where(m.LiveTable.channel_id == channel_id)
        )

    async def save_table(
        self,
        guild_id: int,
        channel_id: int,
        version: int,
        state: dict[str, Any],
        messages: dict[str, Any],
        settings: dict[str, Any],
        deadline: dt.datetime | None,
    ) -> None:
        """Save the snapshot of the table in ``channel_id`` as ``version``.

        Version 1 creates the row and needs that there is none; version ``v > 1`` needs the
        stored version ``v - 1``. Otherwise raises :class:`StaleTableError` (someone else
        saved in between, or the table was deleted).
        """
        if not isinstance(version, int) or version < 1:
            raise ValueError(f"a table version is an int >= 1, not {version!r}")
        values = {
            "guild_id": guild_id,
            "version": version,
            "state": state,
            "messages": messages,
            "settings": settings,
            "deadline": deadline,
            "updated_at": self._now(),
        }
        if version == 1:
            stmt = (
                _insert(self.session, m.LiveTable)
                .values(channel_id=channel_id, **values)
                .on_conflict_do_nothing(index_elements=["channel_id"])
                .returning(m.LiveTable.channel_id)
            )
        else:
            stmt = (
                update(m.LiveTable)
                .execution_options(synchronize_session=False)
                .where(
                    m.LiveTable.channel_id == channel_id,
                    m.LiveTable.guild_id == guild_id,
                    m.LiveTable.version == version - 1,
                )
                .values(**values)
                .returning(m.LiveTable.channel_id)
            )
        if (await self.session.execute(stmt)).scalar_one_or_none() is None:
            raise StaleTableError(
                channel_id,
                None if version == 1 else version - 1,
                await self._stored_version(channel_id),
            )

    async def load_table(self, channel_id: int) -> LiveTable | None:
        row = await self.session.scalar(
            select(m.LiveTable).where(m.LiveTable.channel_id == channel_id)
        )
        return None if row is None else _live_table(row)

    async def delete_table(self, channel_id: int, *, version: int | None = None) -> bool:
        """Delete the snapshot of ``channel_id``; returns whether there was one. With
        ``version``, delete only that version, else raise :class:`StaleTableError`."""
        stmt = (
            delete(m.LiveTable)
            .where(m.LiveTable.channel_id == channel_id)
            .execution_options(synchronize_session=False)
        )
        if version is not None:
            stmt = stmt.where(m.LiveTable.version == version)
        result = await self.session.execute(stmt.returning(m.LiveTable.channel_id))
        deleted = result.scalar_one_or_none() is not None
        if not deleted and version is not None:
            stored = await self._stored_version(channel_id)
            if stored is not None:
                raise StaleTableError(channel_id, version, stored)
        return deleted

    async def list_tables(self, guild_ids: set[int] | None = None) -> list[LiveTable]:
        query = select(m.LiveTable).order_by(m.LiveTable.channel_id)
        if guild_ids is None:
            return [_live_table(r) for r in await self.session.scalars(query)]
        tables: list[LiveTable] = []
        for chunk in _chunks(sorted(guild_ids)):
            rows = await self.session.scalars(query.where(m.LiveTable.guild_id.in_(chunk)))
            tables += [_live_table(r) for r in rows]
        tables.sort(key=lambda t: t.channel_id)
        return tables


# ============================================================================ the store
class LeagueStore:
    """The league store. Construct it with the application's one ``async_sessionmaker``;
    every call uses its own session, so a store can be shared by all tasks.

    ``max_attempts``: how often a writing call is tried on transient database errors.
    ``now``: the clock for ``updated_at`` of live tables (tests may inject one).
    """

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        *,
        max_attempts: int = 8,
        now: Callable[[], dt.datetime] = _utcnow,
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        self._sessionmaker = sessionmaker
        self._max_attempts = max_attempts
        self._now = now
        bind = sessionmaker.kw.get("bind")
        self._sqlite_engine: Engine | None = (
            bind.sync_engine
            if isinstance(bind, AsyncEngine) and bind.dialect.name == "sqlite"
            else None
        )

    def _write_lock(self) -> AbstractAsyncContextManager[Any]:
        if self._sqlite_engine is None:
            return nullcontext()
        lock = _sqlite_write_locks.get(self._sqlite_engine)
        if lock is None:
            lock = _sqlite_write_locks[self._sqlite_engine] = asyncio.Lock()
        return lock

    # ---------------------------------------------------------------- transactions
    @asynccontextmanager
    async def unit_of_work(self) -> AsyncIterator[UnitOfWork]:
        """One writing transaction: ``async with store.unit_of_work() as uow: ...``.

        Commits when the block ends, rolls back on an exception. Not retried
        automatically (use :meth:`run` for that). On SQLite the write lock is taken when the
        block starts, so keep the block short and free of network calls. Inside the block,
        call the methods of ``uow``: a nested unit of work (e.g. ``store.record_game``)
        raises :class:`StoreError` instead of waiting for the outer one forever.
        """
        if _inside_unit_of_work.get():
            raise StoreError(
                "nested unit of work: inside `async with store.unit_of_work() as uow`, "
                "call the methods of `uow`, not of the store"
            )
        token = _inside_unit_of_work.set(True)
        try:
            async with self._write_lock(), self._sessionmaker() as session, session.begin():
                await session.connection(execution_options={WRITE: True})
                yield UnitOfWork(session, self._now)
        finally:
            _inside_unit_of_work.reset(token)

    async def run(self, work: Callable[[UnitOfWork], Awaitable[T]]) -> T:
        """Run ``work(uow)`` in a unit of work and commit, retrying the whole unit on
        transient errors (lock timeouts, deadlocks, serialization failures). ``work`` may
        therefore run more than once; it must not have effects outside the database."""
        attempt = 0
        while True:
            attempt += 1
            try:
                async with self.unit_of_work() as uow:
                    return await work(uow)
            except DBAPIError as exc:
                if attempt >= self._max_attempts or not is_transient_error(exc):
                    raise
                delay = min(0.5, 0.01 * 2**attempt) * (0.5 + random.random())
                log.warning(
                    "transient database error (attempt %s/%s), retrying in %.3fs: %s",
                    attempt,
                    self._max_attempts,
                    delay,
                    exc.orig,
                )
                await asyncio.sleep(delay)

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncSession]:
        async with self._sessionmaker() as session:
            yield session

    # ------------------------------------------------------------- guild settings
    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        async with self._read() as session:
            return await UnitOfWork(session, self._now).get_guild_settings(guild_id)

    async def set_rank_computer_series(self, guild_id: int, value: bool) -> GuildSettings:
        """Whether series with a computer seat count for the humans in them (default off).
        Applies to series started afterwards."""
        return await self.run(lambda uow: uow.set_rank_computer_series(guild_id, value))

    # --------------------------------------------------------------------- series
    async def start_series(self, start: SeriesStart) -> bool:
        """See :meth:`UnitOfWork.start_series`. Returns whether the series is ranked."""
        return await self.run(lambda uow: uow.start_series(start))

    async def record_game(self, game: GameResult) -> bool:
        """See :meth:`UnitOfWork.record_game`. Returns True if the game was new."""
        return await self.run(lambda uow: uow.record_game(game))

    async def finish_series(self, end: SeriesEnd) -> bool:
        """See :meth:`UnitOfWork.finish_series`. Returns True if it finished the series."""
        return await self.run(lambda uow: uow.finish_series(end))

    async def abandon_series(self, guild_id: int, series_key: str, ended_at: dt.datetime) -> bool:
        """See :meth:`UnitOfWork.abandon_series`."""
        return await self.run(lambda uow: uow.abandon_series(guild_id, series_key, ended_at))

    # ---------------------------------------------------------------- live tables
    async def save_table(
        self,
        guild_id: int,
        channel_id: int,
        version: int,
        state: dict[str, Any],
        messages: dict[str, Any],
        settings: dict[str, Any],
        deadline: dt.datetime | None,
    ) -> None:
        """See :meth:`UnitOfWork.save_table`."""
        await self.run(
            lambda uow: uow.save_table(
                guild_id, channel_id, version, state, messages, settings, deadline
            )
        )

    async def load_table(self, channel_id: int) -> LiveTable | None:
        async with self._read() as session:
            return await UnitOfWork(session, self._now).load_table(channel_id)

    async def delete_table(self, channel_id: int, *, version: int | None = None) -> bool:
        """See :meth:`UnitOfWork.delete_table`."""
        return await self.run(lambda uow: uow.delete_table(channel_id, version=version))

    async def list_tables(self, guild_ids: set[int] | None = None) -> list[LiveTable]:
        """All saved tables (of the given guilds), by channel id -- for recovery at start-up."""
        async with self._read() as session:
            return await UnitOfWork(session, self._now).list_tables(guild_ids)

    # -------------------------------------------------------------------- queries
    async def standings(
        self, guild_id: int, sort: str = "rating", page: int = 0, per_page: int = 10
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
        async with self._read() as session:
            # The page first, then one aggregate for the total and the rank of the page's
            # first row: no window function over the whole table.
            found = (await session.execute(page_query(page))).all()
            total, better = await self._count_listed(session, where, column, found)
            pages = max(1, math.ceil(total / per_page))
            if not found and page > pages - 1:  # past the end: show the last page
                page = pages - 1
                found = (await session.execute(page_query(page))).all()
                total, better = await self._count_listed(session, where, column, found)
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

    @staticmethod
    async def _count_listed(
        session: AsyncSession, where: Any, column: Any, found: Sequence[Any]
    ) -> tuple[int, int]:
        """(players listed, players listed with a better value than the first row)."""
        better: Any = literal(0)
        if found:
            better = func.count().filter(column > getattr(found[0], column.key))
        total, better_count = (
            await session.execute(select(func.count(), better).where(where))
        ).one()
        return int(total), int(better_count or 0)

    async def player_profile(
        self, guild_id: int, user_id: int, *, recent: int = 5
    ) -> PlayerProfile | None:
        """A player's stats, rank by rating, best partner and ``recent`` last series
        (ranked or not). None when the user never sat at a table in this guild."""
        async with self._read() as session:
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

    async def recent_series(self, guild_id: int, limit: int = 10) -> list[SeriesSummary]:
        """The last ``limit`` series of the guild (any status), newest first."""
        async with self._read() as session:
            return await _summaries(
                session,
                select(m.Series)
                .where(m.Series.guild_id == guild_id)
                .order_by(m.Series.started_at.desc(), m.Series.id.desc())
                .limit(limit),
            )

    async def get_series(self, guild_id: int, series_key: str) -> SeriesSummary | None:
        async with self._read() as session:
            found = await _summaries(
                session,
                select(m.Series).where(
                    m.Series.guild_id == guild_id, m.Series.series_key == series_key
                ),
            )
        return found[0] if found else None

    async def get_series_games(self, guild_id: int, series_key: str) -> list[GameResult]:
        """The recorded games of a series with their records, by number (for replay and
        export); empty for an unknown series."""
        async with self._read() as session:
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
    "GameResult",
    "GuildSettings",
    "LeagueStore",
    "LiveTable",
    "PartnerStats",
    "PlayerProfile",
    "PlayerStats",
    "SeatSpec",
    "SeriesClosedError",
    "SeriesEnd",
    "SeriesStart",
    "SeriesStatus",
    "SeriesSummary",
    "StaleTableError",
    "StandingsPage",
    "StandingsRow",
    "StoreError",
    "UnitOfWork",
    "UnknownSeriesError",
]
