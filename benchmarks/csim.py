"""Speed of a rollout: the Python simulator, the C one, searched and exact rollouts.

    python benchmarks/csim.py [--positions 300] [--rounds 5]

On the same positions (a deal played some way by the whole-suit policy), each way plays
the game to its end: ``fastsim.rollout`` with the whole-suit policy (what the strong and
the candidate players do), ``_csim.rollout`` with the same policy (``nest=0``: the same
plays, ``tests/ai/test_csim.py``), and ``_csim.rollout`` as the ``nested`` candidate calls
it (``benchmarks/candidates.py``: the first ``NEST`` plays each searched over
``INNER_WORLDS`` worlds), and ``_csim.rollout`` as the ``exact`` candidate calls it (the
rest of the game solved exactly once the stock is empty and the seat to play holds at most
``EXACT_DEPTH`` or ``ENDGAME_DEPTH`` cards). All are
measured in turn, round after round, so the ratios compare like with like on a shared host;
printed: microseconds a rollout (min and median over the rounds) and the ratios of the
medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from candidates import ENDGAME_DEPTH, EXACT_DEPTH, INNER_WORLDS, NEST, c_rollout

from kozel_discord.ai import fastsim, policy
from kozel_discord.ai.intcards import ALL_MASK, SUIT, mask_of
from kozel_discord.engine import ActionKind
from kozel_discord.engine.deal import deal_cards


def position(seed: int) -> fastsim.SimState | None:
    """A deal played ``0..29`` plays in by the whole-suit policy (None if it ended)."""
    rng = random.Random(seed)
    hands, stock, trump_card = deal_cards(rng, seed % 4)
    first = (seed + 1) % 4
    st = fastsim.SimState(
        trump=SUIT[trump_card.index],
        hands=[sorted(c.index for c in h) for h in hands],
        stock=[c.index for c in stock],
        pts=[0, 0],
        tricks=[0, 0],
        turn=first,
        opener=first,
        top=(),
        top_seat=first,
        trick=[],
        trick_pts=0,
        seen=0,
    )
    for _ in range(rng.randrange(30)):
        seat, hand = st.turn, st.hands[st.turn]
        unseen = ALL_MASK & ~st.seen & ~mask_of(hand)
        if not st.trick:
            cards = policy.lead_whole(hand, st.trump, len(st.stock), unseen)
            over = fastsim.apply(st, seat, ActionKind.LEAD, cards)
        else:
            beat, cards = policy.follow(
                hand, seat, st.trump, st.top, st.top_seat, len(st.trick), st.trick_pts,
                len(st.stock), unseen,
            )  # fmt: skip
            over = fastsim.apply(st, seat, ActionKind.BEAT if beat else ActionKind.DISCARD, cards)
        if over:
            return None
    return st


def timed(positions: list[fastsim.SimState], one: Callable[[fastsim.SimState, int], None]) -> float:
    """Microseconds a rollout over ``positions``."""
    t = time.perf_counter()
    for i, st in enumerate(positions):
        one(st, i + 1)
    return (time.perf_counter() - t) / len(positions) * 1e6


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    positions = [p for p in (position(s) for s in range(args.positions)) if p is not None]
    ways: dict[str, Callable[[fastsim.SimState, int], None]] = {
        "python fastsim": lambda st, _seed: fastsim.rollout(
            st.copy(), policy.lead_whole, policy.follow
        ),
        "C, plain": lambda st, seed: c_rollout(st.copy(), 0, 1, seed),
        f"C, nested ({NEST} plays x {INNER_WORLDS} worlds searched)": (
            lambda st, seed: c_rollout(st.copy(), NEST, INNER_WORLDS, seed)
        ),
        f"C, exact from {EXACT_DEPTH} cards": (
            lambda st, seed: c_rollout(st.copy(), 0, 1, seed, EXACT_DEPTH)
        ),
        f"C, exact from {ENDGAME_DEPTH} cards": (
            lambda st, seed: c_rollout(st.copy(), 0, 1, seed, ENDGAME_DEPTH)
        ),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, one in ways.items():
            times[name].append(timed(positions, one))
    print(f"{len(positions)} positions, {args.rounds} rounds; microseconds a rollout")
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    base = medians["python fastsim"]
    for name, ts in times.items():
        print(
            f"  {name:52} min {min(ts):9.1f}  median {medians[name]:9.1f}  "
            f"({medians[name] / base:.3f} x python)"
        )


if __name__ == "__main__":
    main()
