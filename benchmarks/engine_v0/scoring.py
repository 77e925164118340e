"""Scoring a finished game (rule 7 of docs/rules.md)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card

WIN_POINTS = 61  # 7.2


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


def defeat_points_for(points: int, tricks: int) -> int:
    """7.2: defeat points for a losing team (fewer than 60 card points)."""
    if tricks == 0:
        return 6
    if points <= 30:
        return 4
    return 2


def score(card_points: tuple[int, int], tricks: tuple[int, int]) -> tuple[tuple[int, int], bool]:
    """7.2–7.3: (defeat points per team, eggs) for a finished game."""
    a, b = card_points
    if a == b:  # 60–60: eggs, nobody receives defeat points
        return (0, 0), True
    if a >= WIN_POINTS:
        return (0, defeat_points_for(b, tricks[1])), False
    return (defeat_points_for(a, tricks[0]), 0), False


__all__ = ["WIN_POINTS", "GameResult", "defeat_points_for", "score"]
