"""Plain data passed to and returned by the league store (no Discord; teams as the engine
says, ``kozel_discord.engine.team_of``).

Teams: team A = seats 0 and 2 (team index 0), team B = seats 1 and 3 (team index 1).
Pairs such as ``defeat_points`` are ``(team A, team B)``. All datetimes are timezone-aware
UTC when read back (naive datetimes passed in are taken to be UTC).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..engine import SERIES_TARGET, team_of

log = logging.getLogger(__name__)

SEATS = 4


class SeriesStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


# ------------------------------------------------------------------------------- inputs
@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits at ``seat`` (0–3): a human (``user_id``, ``computer_level`` None) or a
    computer (``user_id`` None, ``computer_level`` e.g. ``"heuristic"``)."""

    seat: int
    user_id: int | None
    display_name: str
    computer_level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def team(self) -> int:
        return team_of(self.seat)


@dataclass(frozen=True, slots=True)
class SeriesStart:
    """A new series. ``series_key`` is a unique id (a UUID) made by the caller; starting the
    same key twice is a no-op. Ranked or not is decided by the store (see ``LeagueStore``)."""

    guild_id: int
    channel_id: int
    series_key: str
    seats: tuple[SeatSpec, ...]
    started_at: dt.datetime
    #: The series' rules: the defeat points that lose it, the move timer (seconds, None:
    #: off) and whether hints are on (a series with hints is never ranked).
    target: int = SERIES_TARGET
    turn_timer: int | None = None
    hints: bool = False
    #: The server's "series with computers count" as the table read it when the series
    #: started, so that the league records what the table showed (None: read it now).
    rank_computers: bool | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game (deal) of a series; ``number`` is 1-based within the series.

    ``record`` is JSON data (seed and actions) that the store keeps but never interprets.
    """

    guild_id: int
    series_key: str
    number: int
    dealer: int
    first_leader: int
    trump_card: str
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    defeat_points: tuple[int, int]
    eggs: bool
    last_trick_taker: int
    record: dict[str, Any]
    finished_at: dt.datetime

    @property
    def winner(self) -> int | None:
        """The winning team index; None for eggs (a draw)."""
        if self.eggs:
            return None
        return 0 if self.card_points[0] > self.card_points[1] else 1


@dataclass(frozen=True, slots=True)
class RatingChange:
    """How one ranked game moved a human's rating (the conservative ordinal)."""

    user_id: int
    before: float
    after: float


@dataclass(frozen=True, slots=True)
class SeriesEnd:
    """The end of a series: ``goats`` is the losing team's index."""

    guild_id: int
    series_key: str
    defeat_points: tuple[int, int]
    goats: int
    eggs: int
    goats_with_eggs: bool
    ended_at: dt.datetime


# ------------------------------------------------------------------------------ outputs
@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    #: Off (default): a series with a computer seat is unranked. On: it counts for its humans.
    rank_computer_series: bool = False
    #: A thread per table (default on: used where the bot may create threads).
    table_threads: bool = True
    #: The standard series length (defeat points that lose a series): the length of a new
    #: lobby and of the league table shown by default.
    series_length: int = SERIES_TARGET
    #: The move timer of a new lobby in seconds (0: off; None: the bot's default).
    turn_timer: int | None = None
    #: Whether hosts may turn hints on at casual (unranked) tables.
    hints_allowed: bool = True
    #: The public table's language (a Discord locale; None: the server's own).
    table_locale: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's league entry in one server. Counters cover ranked series only.

    ``rating`` is openskill's conservative ordinal ``mu - 3 * sigma``; ``goats`` (times in
    the losing team of a series) equals ``series_lost``.
    """

    user_id: int
    display_name: str
    rating: float
    mu: float
    sigma: float
    series_played: int
    series_won: int
    series_lost: int
    goats: int
    goats_with_eggs: int
    games_played: int
    games_won: int
    games_lost: int
    eggs: int
    defeat_points_taken: int
    defeat_points_inflicted: int
    last_played_at: dt.datetime | None


@dataclass(frozen=True, slots=True)
class StandingsRow(PlayerStats):
    """A line of the league table; tied players share a rank (1, 2, 2, 4, ...)."""

    rank: int


@dataclass(frozen=True, slots=True)
class StandingsPage:
    guild_id: int
    target: int  # the league: series of this length
    sort: str
    page: int  # 0-based, clamped to the last page
    per_page: int
    total: int  # players in the table
    pages: int  # at least 1
    rows: tuple[StandingsRow, ...]
    # When nobody is listed: the other lengths of the server's league that list players
    # ("no ranked series yet" misled a server whose league is of another length).
    other_lengths: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PartnerStats:
    user_id: int
    display_name: str
    series_played: int  # finished ranked series on the same team
    series_won: int


@dataclass(frozen=True, slots=True)
class SeriesSummary:
    guild_id: int
    series_key: str
    channel_id: int
    status: SeriesStatus
    ranked: bool
    seats: tuple[SeatSpec, ...]
    games_played: int
    defeat_points: tuple[int, int]
    eggs: int
    goats: int | None  # losing team index, once finished
    goats_with_eggs: bool
    started_at: dt.datetime
    ended_at: dt.datetime | None
    target: int = SERIES_TARGET  # the defeat points that lose it
    hints: bool = False


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    guild_id: int
    user_id: int
    display_name: str
    #: Position in the table by rating; None when the player has no ranked game yet.
    rank: int | None
    stats: PlayerStats  # in the league of ``target``
    target: int
    #: The partner with most series won together (ties: fewer series together, i.e. the
    #: better record, then the lower user id); None before the first series won with a
    #: human partner.
    best_partner: PartnerStats | None
    recent_series: tuple[SeriesSummary, ...]


@dataclass(frozen=True, slots=True)
class LiveTable:
    """The snapshot of a table in play, for crash recovery. ``version`` starts at 1."""

    guild_id: int
    channel_id: int
    version: int
    state: dict[str, Any]
    messages: dict[str, Any]
    settings: dict[str, Any]
    deadline: dt.datetime | None
    updated_at: dt.datetime


__all__ = [
    "SEATS",
    "GameResult",
    "GuildSettings",
    "LiveTable",
    "PartnerStats",
    "PlayerProfile",
    "PlayerStats",
    "SeatSpec",
    "SeriesEnd",
    "SeriesStart",
    "SeriesStatus",
    "SeriesSummary",
    "StandingsPage",
    "StandingsRow",
]
