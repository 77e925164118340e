"""Computer players for the live tables, run off the event loop (in a worker thread)."""

from __future__ import annotations

import asyncio
import random

from ..ai import get_player
from ..engine import Action, Observation

TIMEOUT_LEVEL = "heuristic"  # plays a timed-out or away human's turn


def _choose(level: str, obs: Observation, seed: str) -> Action:
    return get_player(level).choose(obs, random.Random(seed))


def _molodka(level: str, obs: Observation, seed: str) -> Action | None:
    return get_player(level).wants_molodka(obs, random.Random(seed))


async def choose(level: str, obs: Observation, seed: str) -> Action:
    """The computer's move for the seat that ``obs`` belongs to (only what it may see)."""
    return await asyncio.to_thread(_choose, level, obs, seed)


async def wants_molodka(level: str, obs: Observation, seed: str) -> Action | None:
    """Whether a computer seat declares its molodka out of turn now."""
    return await asyncio.to_thread(_molodka, level, obs, seed)
