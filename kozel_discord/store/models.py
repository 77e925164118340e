"""SQLAlchemy 2 declarative models of the league database.

Everything that belongs to a server carries its ``guild_id``, and every query of the store
filters on it, so two servers never see each other's data.

The models declare no relationships: the store reads and writes with explicit Core-style
statements, so nothing can lazy-load under asyncio.

Column naming: ``*_a`` / ``*_b`` are the two teams (team A = seats 0 and 2, team index 0;
team B = seats 1 and 3, team index 1). ``rating`` is openskill's conservative ordinal
(``mu - 3 * sigma``), stored so that the league table can be sorted by an index.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Double,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.ext.asyncio import AsyncAttrs
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kozel_discord.store.columns import (
    BigId,
    JSONDoc,
    SeriesStatusType,
    UTCDateTime,
    counter,
)
from kozel_discord.store.records import SeriesStatus

log = logging.getLogger(__name__)

NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

NAME_LENGTH = 100  # Discord display names are at most 32 characters; leave room
LEVEL_LENGTH = 32
LOCALE_LENGTH = 16


class Base(AsyncAttrs, DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Guild(Base):
    """A Discord server and its league settings."""

    __tablename__ = "guilds"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    # Off: a series with a computer seat is unranked. On: it counts for its humans.
    rank_computer_series: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=text("false")
    )
    # A thread per table: NULL is the default (on where the bot may create threads).
    table_threads: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # House rules (``/kozel settings``; NULL: the bot's default). The standard series
    # length (defeat points that lose a series): 6, 8, 10 or 12; the league table shows it
    # by default.
    series_length: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    # The move timer of a new lobby in seconds (0: off; NULL: the bot's KOZEL_TURN_TIMEOUT).
    turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Whether hosts may turn hints on at casual tables (NULL: yes).
    hints_allowed: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # The public table's language (a Discord locale such as "ru"; NULL: the server's).
    table_locale: Mapped[str | None] = mapped_column(String(LOCALE_LENGTH), nullable=True)


class Player(Base):
    """A human who sat at a table of one server: their name there. Their standing in each
    league of the server (one per series length) is a :class:`LeagueEntry`."""

    __tablename__ = "players"

    guild_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("guilds.guild_id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    display_name: Mapped[str] = mapped_column(String(NAME_LENGTH), nullable=False)


class LeagueEntry(Base):
    """A human's entry in one league of a server: rating and counters of the ranked series
    of one length (``target``: the defeat points that lose them). Each length is a league
    of its own; the league table shows the server's standard length by default."""

    __tablename__ = "league_entries"
    __table_args__ = (
        ForeignKeyConstraint(
            ["guild_id", "user_id"],
            ["players.guild_id", "players.user_id"],
            ondelete="CASCADE",
        ),
        Index("ix_league_entries_guild_id_target_rating", "guild_id", "target", "rating"),
    )

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    target: Mapped[int] = mapped_column(SmallInteger, primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    mu: Mapped[float] = mapped_column(Double, nullable=False)
    sigma: Mapped[float] = mapped_column(Double, nullable=False)
    rating: Mapped[float] = mapped_column(Double, nullable=False)
    series_played: Mapped[int] = counter()
    series_won: Mapped[int] = counter()
    series_lost: Mapped[int] = counter()  # = times goat
    goats_with_eggs: Mapped[int] = counter()
    games_played: Mapped[int] = counter()
    games_won: Mapped[int] = counter()
    games_lost: Mapped[int] = counter()
    games_eggs: Mapped[int] = counter()
    defeat_points_taken: Mapped[int] = counter()
    defeat_points_inflicted: Mapped[int] = counter()
    last_played_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime, nullable=True)


class ComputerRating(Base):
    """The rating of a computer level in one server, used when a ranked series has a
    computer seat (the guild setting ``rank_computer_series``). Never listed; one rating
    per level for all series lengths (a computer plays the same at every length)."""

    __tablename__ = "computer_ratings"

    guild_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("guilds.guild_id", ondelete="CASCADE"), primary_key=True
    )
    level: Mapped[str] = mapped_column(String(LEVEL_LENGTH), primary_key=True)
    mu: Mapped[float] = mapped_column(Double, nullable=False)
    sigma: Mapped[float] = mapped_column(Double, nullable=False)
    games_played: Mapped[int] = counter()


class Series(Base):
    """A series: games until a team has ``target`` defeat points, with the rules it was
    played by (its length, move timer and whether hints were on)."""

    __tablename__ = "series"
    __table_args__ = (
        UniqueConstraint("guild_id", "series_key"),
        Index("ix_series_guild_id_started_at", "guild_id", "started_at"),
        CheckConstraint(
            "status IN (" + ", ".join(f"'{s.value}'" for s in SeriesStatus) + ")",
            name="status",
        ),
        CheckConstraint("goats IS NULL OR goats IN (0, 1)", name="goats"),
        CheckConstraint("target >= 1", name="target"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("guilds.guild_id", ondelete="CASCADE"), nullable=False
    )
    series_key: Mapped[str] = mapped_column(String(64), nullable=False)
    channel_id: Mapped[int] = mapped_column(BigInteger, nullable=False)
    ranked: Mapped[bool] = mapped_column(Boolean, nullable=False)
    # Its rules: the defeat points that lose it, the move timer (seconds; NULL: off), hints.
    target: Mapped[int] = mapped_column(
        SmallInteger, nullable=False, default=12, server_default=text("12")
    )
    turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hints: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=text("false")
    )
    status: Mapped[SeriesStatus] = mapped_column(SeriesStatusType, nullable=False)
    started_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, nullable=False)
    ended_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime, nullable=True)
    games_played: Mapped[int] = counter()
    defeat_points_a: Mapped[int] = counter()
    defeat_points_b: Mapped[int] = counter()
    eggs: Mapped[int] = counter()
    goats: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    goats_with_eggs: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=text("false")
    )


class SeriesSeat(Base):
    """Who sat where in a series (a human with ``user_id`` or a computer with a level)."""

    __tablename__ = "series_seats"
    __table_args__ = (
        ForeignKeyConstraint(
            ["guild_id", "user_id"],
            ["players.guild_id", "players.user_id"],
            ondelete="CASCADE",
        ),
        Index("ix_series_seats_guild_id_user_id", "guild_id", "user_id"),
        CheckConstraint("seat BETWEEN 0 AND 3", name="seat"),
        CheckConstraint("(user_id IS NULL) <> (computer_level IS NULL)", name="human_or_computer"),
    )

    series_id: Mapped[int] = mapped_column(
        BigId, ForeignKey("series.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(SmallInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int] = mapped_column(BigInteger, nullable=False)
    user_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    display_name: Mapped[str] = mapped_column(String(NAME_LENGTH), nullable=False)
    computer_level: Mapped[str | None] = mapped_column(String(LEVEL_LENGTH), nullable=True)


class Game(Base):
    """A finished game (one deal) with its record (opaque JSON: seed + actions)."""

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("series_id", "number"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    series_id: Mapped[int] = mapped_column(
        BigId, ForeignKey("series.id", ondelete="CASCADE"), nullable=False
    )
    guild_id: Mapped[int] = mapped_column(BigInteger, nullable=False)
    number: Mapped[int] = mapped_column(Integer, nullable=False)
    dealer: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    first_leader: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    trump_card: Mapped[str] = mapped_column(String(8), nullable=False)
    card_points_a: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    card_points_b: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    tricks_a: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    tricks_b: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    defeat_points_a: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    defeat_points_b: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    eggs: Mapped[bool] = mapped_column(Boolean, nullable=False)
    last_trick_taker: Mapped[int] = mapped_column(SmallInteger, nullable=False)
    record: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False)
    finished_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, nullable=False)


class GameRating(Base):
    """How a ranked game moved a human's league rating (the conservative ordinal before and
    after it), for the game's summary; written with the game, so a summary posted again
    after a restart shows the same change."""

    __tablename__ = "game_ratings"

    game_id: Mapped[int] = mapped_column(
        BigId, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    rating_before: Mapped[float] = mapped_column(Double, nullable=False)
    rating_after: Mapped[float] = mapped_column(Double, nullable=False)


class Partnership(Base):
    """Two humans who sat on the same team of a finished ranked series (both directions)."""

    __tablename__ = "partnerships"
    __table_args__ = (
        ForeignKeyConstraint(
            ["guild_id", "user_id"],
            ["players.guild_id", "players.user_id"],
            ondelete="CASCADE",
        ),
        ForeignKeyConstraint(
            ["guild_id", "partner_id"],
            ["players.guild_id", "players.user_id"],
            ondelete="CASCADE",
        ),
    )

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    partner_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    series_played: Mapped[int] = counter()
    series_won: Mapped[int] = counter()


class LiveTable(Base):
    """The snapshot of a table being played in a channel (crash recovery), versioned for
    optimistic concurrency."""

    __tablename__ = "live_tables"
    __table_args__ = (
        Index("ix_live_tables_guild_id", "guild_id"),
        CheckConstraint("version >= 1", name="version"),
    )

    channel_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int] = mapped_column(BigInteger, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    state: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False)
    messages: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False)
    settings: Mapped[dict[str, Any]] = mapped_column(JSONDoc, nullable=False)
    deadline: Mapped[dt.datetime | None] = mapped_column(UTCDateTime, nullable=True)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, nullable=False)


class RateBudget(Base):
    """A budget of requests per second shared by the processes of one bot (Discord's global
    limit): the row every lease of it locks first, so leases are granted one at a time."""

    __tablename__ = "rate_budgets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    leases: Mapped[int] = mapped_column(BigInteger, nullable=False, default=0)  # granted so far


class RateLease(Base):
    """One process's share of a :class:`RateBudget`: ``rate`` requests in any window of
    the budget, until ``expires_at``; ``held`` is a higher rate given up at most one window
    ago, still counted for others until ``held_until`` (times: epoch seconds)."""

    __tablename__ = "rate_leases"

    budget: Mapped[str] = mapped_column(
        String(32), ForeignKey("rate_budgets.name", ondelete="CASCADE"), primary_key=True
    )
    holder: Mapped[str] = mapped_column(String(64), primary_key=True)
    rate: Mapped[int] = mapped_column(Integer, nullable=False)
    wanted: Mapped[int] = mapped_column(Integer, nullable=False)
    expires_at: Mapped[float] = mapped_column(Double, nullable=False)
    held: Mapped[int] = mapped_column(Integer, nullable=False)
    held_until: Mapped[float] = mapped_column(Double, nullable=False)


metadata = Base.metadata

__all__ = [
    "NAMING_CONVENTION",
    "Base",
    "ComputerRating",
    "Game",
    "Guild",
    "LeagueEntry",
    "LiveTable",
    "Partnership",
    "Player",
    "RateBudget",
    "RateLease",
    "Series",
    "SeriesSeat",
    "SeriesStatusType",
    "UTCDateTime",
    "metadata",
]
