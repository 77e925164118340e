"""Scoring a finished game (rule 7 of docs/rules.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Card

WIN_POINTS = 61  # 7.2


class DefeatReason(StrEnum):
    """7.2-7.3: the rule that scored a game (what the losing team's defeat points are for)."""

    NO_TRICK = "no_trick"  # no trick taken at all: 6
    THIRTY_OR_FEWER = "thirty_or_fewer"  # 30 or fewer card points, at least one trick: 4
    UNDER_SIXTY = "under_sixty"  # 31-59 card points: 2
    EGGS = "eggs"  # 60-60: nobody


DEFEAT_POINTS = {
    DefeatReason.NO_TRICK: 6,
    DefeatReason.THIRTY_OR_FEWER: 4,
    DefeatReason.UNDER_SIXTY: 2,
    DefeatReason.EGGS: 0,
}


@dataclass(frozen=True, slots=True)
class BestTrick:
    """The trick of a game with the most face-up card points (discards count nothing:
    their faces stay hidden, 9.2). ``points`` of ``cards`` cards, taken by ``taker``."""

    points: int
    cards: int
    taker: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """7: the scoring of a finished game."""

    dealer: int
    first_leader: int
    trump_card: Card
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    defeat_points: tuple[int, int]
    eggs: bool
    winner: int | None  # team index, None for eggs
    last_trick_taker: int
    # Derived from the game's log (not part of a snapshot: a replay computes it again).
    best_trick: BestTrick | None = None

    @property
    def loser(self) -> int | None:
        """The team that received the defeat points (None for eggs)."""
        return None if self.winner is None else 1 - self.winner

    @property
    def reason(self) -> DefeatReason:
        """The rule of 7.2-7.3 that gave this game's defeat points."""
        if self.eggs or self.loser is None:
            return DefeatReason.EGGS
        return defeat_reason(self.card_points[self.loser], self.tricks[self.loser])


def defeat_reason(points: int, tricks: int) -> DefeatReason:
    """7.2: the rule that applies to a losing team (fewer than 60 card points)."""
    if tricks == 0:
        return DefeatReason.NO_TRICK
    if points <= 30:
        return DefeatReason.THIRTY_OR_FEWER
    return DefeatReason.UNDER_SIXTY


def defeat_points_for(points: int, tricks: int) -> int:
    """7.2: defeat points for a losing team (fewer than 60 card points)."""
    return DEFEAT_POINTS[defeat_reason(points, tricks)]


def score(card_points: tuple[int, int], tricks: tuple[int, int]) -> tuple[tuple[int, int], bool]:
    """7.2–7.3: (defeat points per team, eggs) for a finished game."""
    a, b = card_points
    if a == b:  # 60–60: eggs, nobody receives defeat points
        return (0, 0), True
    if a >= WIN_POINTS:
        return (0, defeat_points_for(b, tricks[1])), False
    return (defeat_points_for(a, tricks[0]), 0), False


__all__ = [
    "DEFEAT_POINTS",
    "WIN_POINTS",
    "BestTrick",
    "DefeatReason",
    "GameResult",
    "defeat_points_for",
    "defeat_reason",
    "score",
]
