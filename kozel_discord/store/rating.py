"""Team ratings with openskill's Plackett–Luce model.

Each finished game of a ranked series is one two-team match: team A (seats 0, 2) against
team B (seats 1, 3); the winners rank first, eggs (60–60) is a draw. The league table shows
the conservative ordinal ``mu - 3 * sigma`` (openskill's ``ordinal()``).

Computer seats (only in ranked series when the guild enables ``rank_computer_series``) take
part as a rated pseudo-player per (guild, computer level): their ``mu``/``sigma`` are stored
and updated like a human's, so beating a weak computer soon earns little. When one entity
sits in two seats of a game (two computers of the same level), it gets the mean of its two
updated ratings.

:func:`rate_ranked_game` is the whole update of a ranked game as a pure function (current
skills of the four seats and the result in, new skills and counter increments out); the
store only reads the rows, calls it and writes the answer back.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce

from kozel_discord.engine import team_of

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
DEFAULT_MU: float = float(MODEL.mu)
DEFAULT_SIGMA: float = float(MODEL.sigma)

E = TypeVar("E", bound=Hashable)  # who sits in a seat


#: The rating as players read it: 1000 + 40 × the ordinal, in whole points. Places in the
#: league are shared by those whose points are the same (two "1691" were 3rd and 4th).
RATING_START = 1000
RATING_PER_ORDINAL = 40


def rating_points(rating: float) -> int:
    """A stored rating (an ordinal) on the players' scale, in whole points."""
    return round(RATING_START + RATING_PER_ORDINAL * rating) + 0  # no "-0"


def above_points(points: int) -> float:
    """The least stored rating shown above ``points``: ranks count the players from it."""
    return (points + 0.5 - RATING_START) / RATING_PER_ORDINAL


def ordinal(mu: float, sigma: float) -> float:
    """openskill's conservative rating estimate (``mu - 3 * sigma``)."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


DEFAULT_SKILL = Skill()
DEFAULT_ORDINAL = DEFAULT_SKILL.ordinal


def rate_game(
    seat_entities: Sequence[E],
    skills: Mapping[E, Skill],
    winner: int | None,
) -> dict[E, Skill]:
    """The new skills after one game.

    ``seat_entities[seat]`` names who sits at each of the four seats (a user id, or a key
    for a computer level); ``skills`` holds their current skills; ``winner`` is the winning
    team index or None for eggs. Returns the new skill of every entity.
    """
    if len(seat_entities) != 4:
        raise ValueError("a game has four seats")
    teams = [
        [
            MODEL.rating(mu=skills[seat_entities[s]].mu, sigma=skills[seat_entities[s]].sigma)
            for s in (team, team + 2)
        ]
        for team in (0, 1)
    ]
    ranks: list[float]  # lower is better; equal ranks are a draw
    if winner is None:
        ranks = [1.0, 1.0]
    elif winner == 0:
        ranks = [1.0, 2.0]
    elif winner == 1:
        ranks = [2.0, 1.0]
    else:
        raise ValueError(f"winner must be 0, 1 or None, not {winner!r}")
    rated = MODEL.rate(teams, ranks=ranks)
    collected: dict[E, list[Skill]] = {}
    for team in (0, 1):
        for i, seat in enumerate((team, team + 2)):
            new = rated[team][i]
            collected.setdefault(seat_entities[seat], []).append(
                Skill(float(new.mu), float(new.sigma))
            )
    return {
        entity: Skill(
            sum(s.mu for s in values) / len(values), sum(s.sigma for s in values) / len(values)
        )
        for entity, values in collected.items()
    }


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """Who sits at a seat of a ranked game and their skill before it: a human
    (``user_id``) or a computer (``user_id`` None, ``computer_level``)."""

    user_id: int | None
    computer_level: str | None
    skill: Skill


@dataclass(frozen=True, slots=True)
class PlayerGameUpdate:
    """A human's new skill after a ranked game and what the game adds to their counters."""

    user_id: int
    skill: Skill
    won: int
    lost: int
    eggs: int
    defeat_points_taken: int
    defeat_points_inflicted: int


@dataclass(frozen=True, slots=True)
class ComputerGameUpdate:
    level: str
    skill: Skill


@dataclass(frozen=True, slots=True)
class RankedGameUpdate:
    """Humans by user id, computers by level (the store's lock order)."""

    players: tuple[PlayerGameUpdate, ...]
    computers: tuple[ComputerGameUpdate, ...]


def _entity(seat: RatedSeat) -> tuple[str, int | str]:
    if seat.user_id is not None:
        return ("user", seat.user_id)
    return ("computer", seat.computer_level or "")


def rate_ranked_game(
    seats: Sequence[RatedSeat], winner: int | None, defeat_points: tuple[int, int]
) -> RankedGameUpdate:
    """The new skills and counter increments after one ranked game.

    ``seats[seat]`` for seats 0-3 (team A = seats 0 and 2); ``winner`` is the winning team
    index or None for eggs; ``defeat_points`` is ``(team A, team B)``. One entity in two
    seats (two computers of a level) gets the mean of its two updated skills.
    """
    if len(seats) != 4:
        raise ValueError("a game has four seats")
    entities = [_entity(s) for s in seats]
    skills = dict(zip(entities, (s.skill for s in seats), strict=True))
    rated = rate_game(entities, skills, winner)
    team_by_user = {s.user_id: team_of(i) for i, s in enumerate(seats) if s.user_id is not None}
    players = tuple(
        PlayerGameUpdate(
            user_id=user_id,
            skill=rated[("user", user_id)],
            won=1 if winner == team else 0,
            lost=1 if winner is not None and winner != team else 0,
            eggs=1 if winner is None else 0,
            defeat_points_taken=defeat_points[team],
            defeat_points_inflicted=defeat_points[1 - team],
        )
        for user_id, team in sorted(team_by_user.items())
    )
    levels = sorted({s.computer_level or "" for s in seats if s.user_id is None})
    computers = tuple(ComputerGameUpdate(level, rated[("computer", level)]) for level in levels)
    return RankedGameUpdate(players=players, computers=computers)


__all__ = [
    "DEFAULT_MU",
    "DEFAULT_ORDINAL",
    "DEFAULT_SIGMA",
    "MODEL",
    "ComputerGameUpdate",
    "PlayerGameUpdate",
    "RankedGameUpdate",
    "RatedSeat",
    "Skill",
    "ordinal",
    "rate_game",
    "rate_ranked_game",
]
