"""The league store: persistent per-server leagues (series, games, ratings, live tables).

Typical wiring in the bot::

    engine = create_engine(settings.database_url)
    await upgrade_database(settings.database_url)
    store = LeagueStore(create_sessionmaker(engine))
"""

from kozel_discord.store.db import (
    create_engine,
    create_sessionmaker,
    downgrade_database,
    upgrade_database,
)
from kozel_discord.store.league import (
    MAX_PER_PAGE,
    STANDINGS_SORTS,
    GameResult,
    GuildSettings,
    LeagueStore,
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
    UnitOfWork,
    UnknownSeriesError,
)

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
    "create_engine",
    "create_sessionmaker",
    "downgrade_database",
    "upgrade_database",
]
