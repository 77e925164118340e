"""Candidate computer players, measured by ``ai_tournament.py`` before one becomes a level.

Issue #14 part 6 asks for an ``expert`` level that wins at least 55% of the games against
``strong`` over 2,000 duplicate deals. A candidate lives here, not in the package, until
it does: players are offered only levels that have been measured to be what their name
says. ``ai_tournament.py`` accepts a candidate's name wherever it accepts a level.

* ``wholesuit``: the strong player's search (``kozel_discord/ai/strong.py``) with rollouts
  that lead as the strong player does (``policy.lead_whole``: all the cards of the longest
  plain suit, the difference ``benchmarks/agreement.py`` found largest), and 200 worlds a
  decision instead of 120, under the same time cap.
* ``keep``: ``wholesuit`` whose rollouts also answer as the strong player does more often
  (:func:`follow_keep`: the second player to a cheap single card neither trumps it while
  the stock lasts nor throws its worthless card, it slips its partner points; found with
  ``benchmarks/agreement.py``, follow agreement 57.9% → 60.7%). Measured weaker than
  ``wholesuit``.
* ``wholesuit300``: ``wholesuit`` with 300 worlds a decision, to see what more worlds buy.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kozel_discord.ai import BasePlayer, SearchBudget, StrongPlayer, get_player, policy
from kozel_discord.ai.intcards import SUIT


class WholeSuitStrong(StrongPlayer):
    """PIMC search whose rollouts lead whole plain suits."""

    level = "wholesuit"
    _lead = staticmethod(policy.lead_whole)


WHOLESUIT_WORLDS = 200


def _wholesuit(seed: int | None, budget: SearchBudget) -> BasePlayer:
    return WholeSuitStrong(seed, iterations=WHOLESUIT_WORLDS, time_budget=budget.time_cap)


def _wholesuit300(seed: int | None, budget: SearchBudget) -> BasePlayer:
    return WholeSuitStrong(seed, iterations=300, time_budget=budget.time_cap)


CHEAP_LEAD = 6  # points: a single-card lead worth less is not trumped by the second player


def follow_keep(
    hand: list[int],
    me: int,
    trump: int,
    top: tuple[int, ...],
    top_seat: int,
    n_played: int,
    trick_pts: int,
    stock_n: int,
    unseen: int,
) -> tuple[bool, tuple[int, ...]]:
    """An answer as the strong player makes it more often than ``policy.follow``: the second
    player to a single card worth less than ``CHEAP_LEAD`` does not trump it while the
    stock lasts, and when it discards there it slips its partner (who plays last) points."""
    is_beat, cards = policy.follow(
        hand, me, trump, top, top_seat, n_played, trick_pts, stock_n, unseen
    )
    if n_played != 1 or len(top) != 1 or trick_pts >= CHEAP_LEAD:
        return is_beat, cards
    if is_beat and (stock_n == 0 or SUIT[cards[0]] != trump):
        return is_beat, cards
    return False, policy.gifts(hand, 1, trump, unseen)


class KeepStrong(WholeSuitStrong):
    """``wholesuit`` whose rollouts answer with :func:`follow_keep`."""

    level = "keep"
    _follow = staticmethod(follow_keep)


def _keep(seed: int | None, budget: SearchBudget) -> BasePlayer:
    return KeepStrong(seed, iterations=WHOLESUIT_WORLDS, time_budget=budget.time_cap)


CANDIDATES: dict[str, Callable[[int | None, SearchBudget], BasePlayer]] = {
    "wholesuit": _wholesuit,
    "wholesuit300": _wholesuit300,
    "keep": _keep,
}


def player(level: str, seed: int | None = None, budget: SearchBudget | None = None) -> BasePlayer:
    """A candidate by name, or else the package's level (``get_player``)."""
    make = CANDIDATES.get(level)
    if make is not None:
        return make(seed, budget or SearchBudget())
    return get_player(level, seed=seed, budget=budget)
