"""Team ratings with openskill's Plackett–Luce model.

Each finished game of a ranked series is one two-team match: team A (seats 0, 2) against
team B (seats 1, 3); the winners rank first, eggs (60–60) is a draw. The league table shows
the conservative ordinal ``mu - 3 * sigma`` (openskill's ``ordinal()``).

Computer seats (only in ranked series when the guild enables ``rank_computer_series``) take
part as a rated pseudo-player per (guild, computer level): their ``mu``/``sigma`` are stored
and updated like a human's, so beating a weak computer soon earns little. When one entity
sits in two seats of a game (two computers of the same level), it gets the mean of its two
updated ratings.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
DEFAULT_MU: float = float(MODEL.mu)
DEFAULT_SIGMA: float = float(MODEL.sigma)

E = TypeVar("E", bound=Hashable)  # who sits in a seat


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


__all__ = [
    "DEFAULT_MU",
    "DEFAULT_ORDINAL",
    "DEFAULT_SIGMA",
    "MODEL",
    "Skill",
    "ordinal",
    "rate_game",
]
