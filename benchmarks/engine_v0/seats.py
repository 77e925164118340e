"""Seats and teams (rule 1.1 of docs/rules.md): the one place that says who plays with whom."""

from __future__ import annotations

SEATS = 4
HAND_SIZE = 4  # 2.1: cards in a full hand


def team_of(seat: int) -> int:
    """1.1: seats 0 and 2 are team A (0), seats 1 and 3 are team B (1)."""
    return seat & 1


def partner_of(seat: int) -> int:
    """1.1: partners sit opposite each other."""
    return (seat + 2) % SEATS


def team_seats(team: int) -> tuple[int, int]:
    """The two seats of ``team`` (0: team A, 1: team B), lower seat first."""
    return (team, team + 2)


__all__ = ["HAND_SIZE", "SEATS", "partner_of", "team_of", "team_seats"]
