"""Candidate computer players, measured by ``ai_tournament.py`` before one becomes a level.

Issue #14 part 6 asks for an ``expert`` level that wins at least 55% of the games against
``strong`` over 2,000 duplicate deals. A candidate lives here, not in the package, until
it does: players are offered only levels that have been measured to be what their name
says. ``ai_tournament.py`` accepts a candidate's name wherever it accepts a level.

* ``wholesuit``: the strong player's search (``kozel_discord/ai/strong.py``) with rollouts
  that lead as the strong player does (``policy.lead_whole``: all the cards of the longest
  plain suit, the difference ``benchmarks/agreement.py`` found largest), and 200 worlds a
  decision instead of 120, under the same time cap.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kozel_discord.ai import BasePlayer, SearchBudget, StrongPlayer, get_player, policy


class WholeSuitStrong(StrongPlayer):
    """PIMC search whose rollouts lead whole plain suits."""

    level = "wholesuit"
    _lead = staticmethod(policy.lead_whole)


WHOLESUIT_WORLDS = 200


def _wholesuit(seed: int | None, budget: SearchBudget) -> BasePlayer:
    return WholeSuitStrong(seed, iterations=WHOLESUIT_WORLDS, time_budget=budget.time_cap)


CANDIDATES: dict[str, Callable[[int | None, SearchBudget], BasePlayer]] = {
    "wholesuit": _wholesuit,
}


def player(level: str, seed: int | None = None, budget: SearchBudget | None = None) -> BasePlayer:
    """A candidate by name, or else the package's level (``get_player``)."""
    make = CANDIDATES.get(level)
    if make is not None:
        return make(seed, budget or SearchBudget())
    return get_player(level, seed=seed, budget=budget)
