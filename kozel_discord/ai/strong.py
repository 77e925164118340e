"""``strong``: determinized Monte Carlo search (PIMC) with heuristic rollouts.

For each sampled world (:func:`.knowledge.sample`: hidden cards dealt consistently
with everything the seat has seen) every candidate action is played and the game
is rolled out to its end by the heuristic for all four seats (the same world for
every candidate, so their difference has low variance). The action with the best
mean game value for the seat's team wins; the value is the defeat points the game
deals (§7.2), plus a little for card points to separate equal outcomes.

Budget: by work, so that the player is as strong on a busy host as on a quiet one
(issue 15): ``iterations`` worlds per decision (each world one heuristic rollout per
candidate still in the running), and ``time_budget`` seconds of wall clock only as a
safety net, well above what the worlds take on a quiet core (the clock is injected; by
default ``time.perf_counter``). With a given seed the player is deterministic as long as
the safety net is not what stops the search (tests pass ``time_budget=None``).
:class:`SearchBudget` carries both settings (``KOZEL_AI_WORLDS``, ``KOZEL_AI_TIME_CAP_MS``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action, ActionKind, Observation, team_of
from . import fastsim, policy
from .base import BasePlayer, molodka_action, require_legal
from .heuristic import heuristic_action
from .intcards import to_ints
from .knowledge import Knowledge, World, read, sample

DEFAULT_ITERATIONS = 120  # worlds per decision
# Seconds per decision, a safety net only: 120 worlds take about 0.1-0.2 s on a quiet core.
DEFAULT_TIME_BUDGET = 1.0
_HEURISTIC_BONUS = 0.02  # ties go to the heuristic's own choice


def game_value(pts: list[int], tricks: list[int], team: int) -> float:
    """The game's worth for ``team``: ±1 for the game, more for 4 or 6 defeat points (§7.2),
    and a little for card points to separate equal outcomes."""
    mine, theirs = pts[team], pts[1 - team]
    if mine == theirs:
        v = 0.0
    elif mine > theirs:
        v = 1.0 if theirs > 30 else (1.3 if tricks[1 - team] else 1.6)
    else:
        v = -(1.0 if mine > 30 else (1.3 if tricks[team] else 1.6))
    return v + (mine - 60) * 0.004


_Candidate = tuple[ActionKind, tuple[int, ...]] | None  # None: pass (no molodka now)


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How hard the searching player thinks: ``worlds`` per decision (the work), and a
    wall-clock ``time_cap`` in seconds (None: none) that stops a search only when the
    host is so slow that the worlds would take far longer than they should."""

    worlds: int = DEFAULT_ITERATIONS
    time_cap: float | None = DEFAULT_TIME_BUDGET

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError("a search needs at least one world")
        if self.time_cap is not None and self.time_cap <= 0:
            raise ValueError("the time cap is a positive number of seconds (or None)")

    def player(self, seed: int | None = None) -> StrongPlayer:
        return StrongPlayer(seed, iterations=self.worlds, time_budget=self.time_cap)


class StrongPlayer(BasePlayer):
    """PIMC search over the legal actions with heuristic rollouts."""

    level = "strong"
    _lead = staticmethod(policy.lead)  # how the rollouts open a trick
    _follow = staticmethod(policy.follow)  # and how they answer one
    _value = staticmethod(game_value)  # what a rolled-out game is worth to the seat's team

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(seed)
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        self.time_budget = time_budget
        self.clock = clock
        self.last_iterations = 0  # worlds searched by the last decision (0: no search)
        self.last_capped = False  # whether the time cap stopped the last search

    # ------------------------------------------------------------------ protocol
    def choose(self, obs: Observation, rng: random.Random | None = None) -> Action:
        require_legal(obs)
        self.last_iterations, self.last_capped = 0, False
        legal = list(obs.legal_actions)
        fallback = heuristic_action(obs)
        if len(legal) == 1:
            return legal[0]
        cands: list[_Candidate] = [(a.kind, to_ints(a.cards)) for a in legal]
        try:
            best = self._search(obs, cands, legal.index(fallback), self._r(rng))
        except Exception:  # a search failure must never stall a table
            return fallback
        return legal[best]

    def wants_molodka(self, obs: Observation, rng: random.Random | None = None) -> Action | None:
        self.last_iterations, self.last_capped = 0, False
        m = molodka_action(obs)
        if m is None:
            return None
        if obs.turn == obs.seat:
            return m if self.choose(obs, rng) == m else None
        cands: list[_Candidate] = [(m.kind, to_ints(m.cards)), None]
        try:
            best = self._search(obs, cands, 0, self._r(rng))
        except Exception:
            return m
        return m if best == 0 else None

    # ------------------------------------------------------------------ search
    def _search(
        self, obs: Observation, cands: list[_Candidate], prefer: int, rng: random.Random
    ) -> int:
        kn = read(obs)
        me = kn.me
        team = team_of(me)
        turn = obs.turn if obs.turn is not None else me
        top = to_ints(obs.top)
        n = len(cands)
        totals = [0.0] * n
        totals[prefer] += _HEURISTIC_BONUS
        alive = list(range(n))
        start = self.clock()
        budget = self.time_budget
        done = 0
        weigh = self._weigher(obs, kn)
        weights = 0.0  # the worlds' weights so far (the number of worlds when all weigh 1)
        for it in range(self.iterations):
            world = sample(kn, rng)
            w = 1.0 if weigh is None else weigh(world)
            weights += w
            base = self._root(world, kn, obs, turn, top)
            for i in alive:
                cand = cands[i]
                st = base.copy()
                over = False
                if cand is not None:
                    over = fastsim.apply(st, me, cand[0], cand[1])
                if not over:
                    self._play_out(st, rng)
                totals[i] += w * self._value(st.pts, st.tricks, team)
            done = it + 1
            if budget is not None and self.clock() - start > budget:
                self.last_capped = done < self.iterations
                break
            if done in (20, 60) and len(alive) > 2:
                alive = _prune(alive, totals, weights)
        self.last_iterations = done
        return max(alive, key=lambda i: totals[i])

    def _play_out(self, st: fastsim.SimState, rng: random.Random) -> None:
        """Play a sampled world to the end of the game (mutates ``st``)."""
        del rng
        fastsim.rollout(st, self._lead, self._follow)

    def _weigher(self, obs: Observation, kn: Knowledge) -> Callable[[World], float] | None:
        """How much each sampled world counts in this decision (None: every world alike);
        a subclass may weigh worlds by how well they explain what the others did."""
        del obs, kn
        return None

    @staticmethod
    def _root(
        world: World, kn: Knowledge, obs: Observation, turn: int, top: tuple[int, ...]
    ) -> fastsim.SimState:
        """The search's state in a sampled world."""
        return fastsim.from_world(
            world,
            kn.trump,
            turn,
            obs.opener,
            top,
            obs.top_seat,
            obs.tricks,
            kn.seen,
        )


def _prune(alive: list[int], totals: list[float], worlds: float) -> list[int]:
    """Drop candidates whose mean is clearly behind the best (successive pruning);
    ``worlds``: the worlds searched (their weights' sum)."""
    best = max(totals[i] for i in alive)
    margin = 0.5 * worlds  # half a game per world on average
    kept = [i for i in alive if totals[i] >= best - margin]
    return kept if len(kept) >= 2 else sorted(alive, key=lambda i: -totals[i])[:2]
