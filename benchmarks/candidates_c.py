"""The candidates whose rollouts run in C, for ``candidates.py`` (which describes every
candidate and names them for ``ai_tournament.py``): :func:`c_rollout` (``_csim.rollout``,
``kozel_discord/ai/_csim.c``), the search whose rollouts it plays (:class:`CStrong`), and on
it ``nested``, ``exact``, ``nestexact``, ``exact4`` and the ``exact`` searches whose worlds
count by ``inference.py`` (``infer``, ``leads``, ``reads``).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import inference  # benchmarks/

from kozel_discord.ai import StrongPlayer, _csim, fastsim, policy
from kozel_discord.ai.intcards import mask_of
from kozel_discord.ai.knowledge import Knowledge, World
from kozel_discord.engine import Observation

WHOLE_PARAMS = dataclasses.astuple(policy.WHOLE.p)  # the C rollouts' policy: whole-suit leads


def c_rollout(st: fastsim.SimState, nest: int, inner: int, seed: int, depth: int = -1) -> None:
    """Play ``st`` to the end of the game in C (``_csim.rollout``; mutates ``st``): the
    first ``nest`` plays searched over ``inner`` worlds, exactly from ``depth`` cards in the
    seat's hand once the stock is empty (-1: never)."""
    (st.pts[0], st.pts[1]), (st.tricks[0], st.tricks[1]) = _csim.rollout(
        st.trump,
        (mask_of(st.hands[0]), mask_of(st.hands[1]), mask_of(st.hands[2]), mask_of(st.hands[3])),
        bytes(st.stock),
        (st.pts[0], st.pts[1]),
        (st.tricks[0], st.tricks[1]),
        st.turn,
        st.opener,
        bytes(st.top),
        st.top_seat,
        len(st.trick),
        st.trick_pts,
        st.seen,
        WHOLE_PARAMS,
        nest,
        inner,
        seed,
        depth,
    )


NEST = 6  # plays of each nested rollout chosen by the seat's own search
INNER_WORLDS = 8  # worlds of each such search


class CStrong(StrongPlayer):
    """PIMC search whose rollouts run in C (:func:`c_rollout`): the first ``nest`` plays
    searched over ``inner`` worlds, exactly from ``depth`` cards (``endgame_depth`` when the
    decision comes after the stock is empty; -1: never)."""

    nest = 0
    inner = 1
    depth = -1
    endgame_depth = -1

    def _play_out(self, st: fastsim.SimState, rng: random.Random) -> None:
        depth = self.depth if st.stock else self.endgame_depth
        c_rollout(st, self.nest, self.inner, rng.getrandbits(64) | 1, depth)


class NestedStrong(CStrong):
    """PIMC search whose rollouts model every seat as a searching player (in C)."""

    level = "nested"
    nest = NEST
    inner = INNER_WORLDS


EXACT_DEPTH = 3  # cards in the hand of the seat to play from which a rollout ends exactly
ENDGAME_DEPTH = 4  # the same when the decision comes after the stock is empty


class ExactStrong(CStrong):
    """PIMC search whose rollouts (whole-suit policy, in C) end in an exact endgame."""

    level = "exact"
    depth = EXACT_DEPTH
    endgame_depth = ENDGAME_DEPTH


class NestedExactStrong(ExactStrong):
    """``nested`` whose rollouts end in the exact endgame."""

    level = "nestexact"
    nest = NEST
    inner = INNER_WORLDS


class DeepExactStrong(ExactStrong):
    """``exact`` whose rollouts play exactly from the moment the stock runs out (4 cards in
    the hand of the seat to play), where ``exact`` waits for 3."""

    level = "exact4"
    depth = ENDGAME_DEPTH


class InferStrong(ExactStrong):
    """``exact`` whose worlds count by the likelihood of the opponents' discards
    (``inference.py``): a world that lets an opponent beat where it discarded counts less."""

    level = "infer"

    def _weigher(self, obs: Observation, kn: Knowledge) -> Callable[[World], float] | None:
        clues = inference.clues(obs, kn)
        if not clues:
            return None
        return lambda world: inference.weight(clues, world, kn.trump)


class LeadsStrong(ExactStrong):
    """``exact`` whose worlds count by the likelihood of the other seats' leads
    (``inference.lead_weight``): a world in which a seat kept more of a suit it led counts
    by how much rarer such a lead is from such a hand (``lead_shares.py``)."""

    level = "leads"

    def _weigher(self, obs: Observation, kn: Knowledge) -> Callable[[World], float] | None:
        clues = inference.lead_clues(obs, kn)
        if not clues:
            return None
        return lambda world: inference.lead_weight(clues, world, kn.trump)


class ReadsStrong(ExactStrong):
    """``exact`` whose worlds count by how well they explain the other seats' leads and
    their trumping (``inference.lead_weight`` with the ratios of both recordings,
    ``inference.trump_weight``)."""

    level = "reads"

    def _weigher(self, obs: Observation, kn: Knowledge) -> Callable[[World], float] | None:
        leads = inference.lead_clues(obs, kn)
        trumps = inference.trump_clues(obs, kn)
        if not leads and not trumps:
            return None
        ratio = inference.READS_LEAD_RATIO

        def weigh(world: World) -> float:
            w = inference.lead_weight(leads, world, kn.trump, ratio)
            return w * inference.trump_weight(trumps, world, kn.trump)

        return weigh
