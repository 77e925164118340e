"""The strong computer's evaluation of every alternative a seat had: expected card points.

:func:`evaluate` answers "what is each of my options worth?" from one seat's
:class:`~kozel_discord.engine.Observation` alone, the way :mod:`.strong` searches:
worlds sampled consistently with what the seat has seen (:func:`.knowledge.sample`),
every alternative played in each world and the game rolled out to its end by the
heuristic for all four seats (:mod:`.fastsim`). Unlike the player it keeps every
alternative to the end (no pruning) and scores in the seat's team's expected card
points at the end of the game (0-120), which a person can read. Every alternative is
played in the *same* worlds, so the differences between them are fair (common random
numbers) even where the values themselves are noisy.

Out of turn, the alternatives of a seat holding a molodka are to declare it or to pass
(``None``). Deterministic for a given ``seed`` as long as the wall-clock cap of the
:class:`~.strong.SearchBudget` is not what stops it (the cap is checked after whole worlds,
so all alternatives always share the same worlds).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Action, ActionKind, Observation, team_of
from . import fastsim
from .base import molodka_action
from .intcards import to_ints
from .knowledge import read, sample
from .strong import SearchBudget

#: An alternative: a move, or ``None`` for passing on an out-of-turn molodka.
Choice = Action | None


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Expected card points of the seat's team (at the game's end) for each alternative,
    and how many worlds the estimate rests on."""

    values: dict[Choice, float]
    worlds: int
    capped: bool  # the wall-clock cap stopped it before ``budget.worlds`` worlds
    #: Each alternative's card points world by world (the worlds in the same order for all).
    samples: dict[Choice, tuple[float, ...]] = field(default_factory=dict)

    def margin(self, a: Choice, b: Choice) -> float:
        """The half-width of a 95% interval around ``values[a] - values[b]``, from the
        spread of that difference over the worlds (0 with fewer than two worlds)."""
        diffs = [x - y for x, y in zip(self.samples[a], self.samples[b], strict=True)]
        if len(diffs) < 2:
            return 0.0
        return 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))


def alternatives(obs: Observation) -> list[Choice]:
    """What the seat could do at ``obs``: its legal moves on its turn; out of turn, declare
    its molodka or pass. Empty when it had nothing to decide."""
    if obs.seat is None:
        raise ValueError("an evaluation needs a seat's observation")
    if obs.turn == obs.seat:
        return list(obs.legal_actions)
    m = molodka_action(obs)
    return [m, None] if m is not None else []


def evaluate(
    obs: Observation,
    budget: SearchBudget,
    *,
    seed: int | str = 0,
    clock: Callable[[], float] = time.perf_counter,
) -> Evaluation:
    """Every alternative of the seat at ``obs`` (:func:`alternatives`) with the expected card
    points of its team, from ``budget.worlds`` sampled worlds (fewer if ``budget.time_cap``
    seconds run out first; at least one)."""
    choices = alternatives(obs)
    if not choices:
        return Evaluation({}, 0, False)
    assert obs.seat is not None
    rng = random.Random(seed)
    kn = read(obs)
    me = kn.me
    team = team_of(me)
    turn = obs.turn if obs.turn is not None else me
    top = to_ints(obs.top)
    cands: list[tuple[ActionKind, tuple[int, ...]] | None] = [
        None if c is None else (c.kind, to_ints(c.cards)) for c in choices
    ]
    samples: list[list[float]] = [[] for _ in choices]
    start = clock()
    cap = budget.time_cap
    done = 0
    capped = False
    for _ in range(budget.worlds):
        world = sample(kn, rng)
        base = fastsim.from_world(
            world, kn.trump, turn, obs.opener, top, obs.top_seat, obs.tricks, kn.seen
        )
        for i, cand in enumerate(cands):
            st = base.copy()
            over = False
            if cand is not None:
                over = fastsim.apply(st, me, cand[0], cand[1])
            if not over:
                fastsim.rollout(st)
            samples[i].append(float(st.pts[team]))
        done += 1
        if cap is not None and clock() - start > cap:
            capped = done < budget.worlds
            break
    return Evaluation(
        {c: sum(samples[i]) / done for i, c in enumerate(choices)},
        done,
        capped,
        {c: tuple(samples[i]) for i, c in enumerate(choices)},
    )
