"""A live table: the lobby, the seats and the running series of one channel.

A table is plain data plus the engine's :class:`~kozel_discord.engine.Series`; it
serialises to JSON for the store (``to_state``/``from_state``) so a restarted bot
resumes it exactly.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..engine import SERIES_TARGET, Series, from_snapshot, to_snapshot

STATE_VERSION = 1
AWAY_AFTER_TIMEOUTS = 3


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    #: Stopped; the row stays in the store (a tombstone) until the table's public messages
    #: have lost their controls, so that a crash in between still gets them marked.
    STOPPED = "stopped"


@dataclass
class Seat:
    """Who sits in a seat: a human (``user_id``) or a computer player (``level``)."""

    user_id: int | None
    name: str
    level: str | None = None
    away: bool = False  # a human seat played by the computer after repeated timeouts
    timeouts: int = 0  # consecutive timed-out turns

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def played_by_computer(self) -> bool:
        return self.user_id is None or self.away

    def to_json(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id,
            "name": self.name,
            "level": self.level,
            "away": self.away,
            "timeouts": self.timeouts,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Seat:
        return cls(
            user_id=d["user_id"],
            name=d["name"],
            level=d.get("level"),
            away=bool(d.get("away", False)),
            timeouts=int(d.get("timeouts", 0)),
        )


@dataclass
class Table:
    table_id: str
    guild_id: int
    channel_id: int
    host_id: int
    locale: str
    turn_timeout: float | None
    status: TableStatus = TableStatus.LOBBY
    seats: list[Seat | None] = field(default_factory=lambda: [None, None, None, None])
    series: Series | None = None
    series_key: str | None = None
    series_seed: int | None = None
    version: int = 0
    messages: dict[str, int] = field(default_factory=dict)
    deadline: dt.datetime | None = None
    recorded_games: int = 0  # games of the series already in the league store
    series_recorded: bool = False
    last_event: dict[str, Any] = field(default_factory=dict)  # what the table message says
    pings_off: set[int] = field(default_factory=set)  # players who turned their turn pings off
    votes: dict[str, set[int]] = field(default_factory=dict)  # vote kind -> who voted for it
    last_activity: dt.datetime | None = None  # the last change saved (idle tables close)
    # Each game's salt of its fair-deal commitment (service/fair.py), game 1 first; None for
    # a game dealt before fair deals. Secret until that game ends, like its seed.
    salts: list[str | None] = field(default_factory=list)
    # The series' moves (indices into its actions) a computer played for a human: their
    # turn timed out, or they were away. A review does not judge them as the player's.
    auto_moves: list[int] = field(default_factory=list)
    # House rules: the series length (defeat points that lose it) and hints (casual
    # tables only); the server's settings as the lobby opened: may the host turn hints
    # on, does the server rank series with computer seats.
    target: int = SERIES_TARGET
    hints: bool = False
    hints_allowed: bool = True
    rank_computers: bool = False
    # The state as last written to the store (not itself stored): the rollback point.
    saved_state: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ queries
    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.user_id == user_id:
                return i
        return None

    @property
    def full(self) -> bool:
        return all(s is not None for s in self.seats)

    def seat(self, i: int) -> Seat:
        s = self.seats[i]
        if s is None:
            raise LookupError(f"seat {i} is empty")
        return s

    @property
    def human_ids(self) -> list[int]:
        return [s.user_id for s in self.seats if s is not None and s.user_id is not None]

    # ------------------------------------------------------------------ JSON
    def to_state(self) -> dict[str, Any]:
        return {
            "v": STATE_VERSION,
            "table_id": self.table_id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "host_id": self.host_id,
            "locale": self.locale,
            "turn_timeout": self.turn_timeout,
            "status": self.status.value,
            "seats": [s.to_json() if s else None for s in self.seats],
            "series": to_snapshot(self.series) if self.series else None,
            "series_key": self.series_key,
            "series_seed": self.series_seed,
            "recorded_games": self.recorded_games,
            "series_recorded": self.series_recorded,
            "last_event": self.last_event,
            "pings_off": sorted(self.pings_off),
            "votes": {k: sorted(v) for k, v in sorted(self.votes.items()) if v},
            "last_activity": self.last_activity.isoformat() if self.last_activity else None,
            "salts": list(self.salts),
            "auto_moves": list(self.auto_moves),
            "target": self.target,
            "hints": self.hints,
            "hints_allowed": self.hints_allowed,
            "rank_computers": self.rank_computers,
        }

    @classmethod
    def from_state(
        cls,
        state: dict[str, Any],
        *,
        version: int,
        messages: dict[str, int],
        deadline: dt.datetime | None,
    ) -> Table:
        if state.get("v") != STATE_VERSION:
            raise ValueError(f"unknown table state version {state.get('v')!r}")
        series = from_snapshot(state["series"]) if state.get("series") else None
        return cls(
            table_id=state["table_id"],
            guild_id=int(state["guild_id"]),
            channel_id=int(state["channel_id"]),
            host_id=int(state["host_id"]),
            locale=state.get("locale", "en-US"),
            turn_timeout=state.get("turn_timeout"),
            status=TableStatus(state["status"]),
            seats=[Seat.from_json(s) if s else None for s in state["seats"]],
            series=series,
            series_key=state.get("series_key"),
            series_seed=state.get("series_seed"),
            version=version,
            messages={k: int(v) for k, v in messages.items()},
            deadline=deadline,
            recorded_games=int(state.get("recorded_games", 0)),
            series_recorded=bool(state.get("series_recorded", False)),
            last_event=dict(state.get("last_event") or {}),
            pings_off={int(u) for u in state.get("pings_off") or ()},
            votes={str(k): {int(u) for u in v} for k, v in (state.get("votes") or {}).items()},
            last_activity=_time(state.get("last_activity")),
            salts=_salts(state, series),
            auto_moves=[int(i) for i in state.get("auto_moves") or ()],
            target=int(state.get("target", series.target if series else SERIES_TARGET)),
            hints=bool(state.get("hints", False)),
            hints_allowed=bool(state.get("hints_allowed", True)),
            rank_computers=bool(state.get("rank_computers", False)),
            saved_state=state,
        )


def _salts(state: dict[str, Any], series: Series | None) -> list[str | None]:
    """The stored salts; a table stored before fair deals has none for its games so far."""
    raw = state.get("salts")
    if raw is None:
        return [None] * (len(series.seeds) if series is not None else 0)
    return [str(x) if x is not None else None for x in raw]


def _time(value: Any) -> dt.datetime | None:
    if not value:
        return None
    when = dt.datetime.fromisoformat(str(value))
    return when if when.tzinfo is not None else when.replace(tzinfo=dt.UTC)
