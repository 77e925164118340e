"""The league store: persistent per-server leagues (series, games, ratings, live tables).

The service uses this package's names only (it never imports SQLAlchemy). Typical wiring::

    engine = create_engine(settings.database_url)
    await upgrade_database(settings.database_url)
    store = LeagueStore(create_sessionmaker(engine))
    await store.run(lambda uow: uow.record_game(game))   # writes: a unit of work
    page = await store.standings(guild_id)                 # reads: the store

Modules: ``records`` (the data passed in and out), ``errors``, ``league`` (``LeagueStore``,
``UnitOfWork``), ``series`` and ``ranked`` (writing series, games and ratings; ``rating`` is
the pure rating maths), ``live`` (live-table snapshots), ``queries`` (standings, profiles,
history), ``games`` (one finished game by id, recent games), ``models`` and ``db`` (schema,
engine, migrations).
"""

from kozel_discord.store.db import (
    create_engine,
    create_sessionmaker,
    downgrade_database,
    upgrade_database,
)
from kozel_discord.store.errors import (
    SeriesClosedError,
    StaleTableError,
    StoreError,
    StoreUnavailable,
    UnknownSeriesError,
)
from kozel_discord.store.games import MAX_LISTED_GAMES, GameListing, StoredGame
from kozel_discord.store.league import LeagueStore, UnitOfWork
from kozel_discord.store.queries import MAX_PER_PAGE, STANDINGS_SORTS
from kozel_discord.store.rate_budget import RateLease
from kozel_discord.store.records import (
    GameResult,
    GuildSettings,
    LiveTable,
    PartnerStats,
    PlayerProfile,
    PlayerStats,
    RatingChange,
    SeatSpec,
    SeriesEnd,
    SeriesStart,
    SeriesStatus,
    SeriesSummary,
    StandingsPage,
    StandingsRow,
)
from kozel_discord.store.series import HOUSE_RULES, is_ranked

__all__ = [
    "HOUSE_RULES",
    "MAX_LISTED_GAMES",
    "MAX_PER_PAGE",
    "STANDINGS_SORTS",
    "GameListing",
    "GameResult",
    "GuildSettings",
    "LeagueStore",
    "LiveTable",
    "PartnerStats",
    "PlayerProfile",
    "PlayerStats",
    "RateLease",
    "RatingChange",
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
    "StoreUnavailable",
    "StoredGame",
    "UnitOfWork",
    "UnknownSeriesError",
    "create_engine",
    "create_sessionmaker",
    "downgrade_database",
    "is_ranked",
    "upgrade_database",
]
