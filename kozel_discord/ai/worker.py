"""What the hard computers' worker processes run: a decision from an observation.

These functions live in the ``ai`` package, not in ``service``: a worker process imports the
module of every function it is sent, and ``kozel_discord.service`` brings the store with it
(SQLAlchemy, Alembic), which a worker never uses. Importing only ``ai`` and ``engine`` keeps
a worker's start-up (every bot start, every replaced worker) to what it needs.
"""

from __future__ import annotations

import random

from ..engine import Action, Observation
from . import SearchBudget, get_player


def choose(level: str, obs: Observation, seed: str, budget: SearchBudget | None = None) -> Action:
    """The move of a ``level`` player from ``obs``, its randomness seeded by ``seed``."""
    return get_player(level, budget=budget).choose(obs, random.Random(seed))


def molodka(
    level: str, obs: Observation, seed: str, budget: SearchBudget | None = None
) -> Action | None:
    """The molodka a ``level`` player declares out of turn from ``obs``, or None."""
    return get_player(level, budget=budget).wants_molodka(obs, random.Random(seed))


def warm_up() -> None:
    """Import the players in a fresh worker process before the first real decision."""
    get_player("strong")
