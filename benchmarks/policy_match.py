"""Duplicate match between two rollout policies, played out by the fast simulator.

    python benchmarks/policy_match.py whole plain --deals 20000 --seed 1

Each deal is played twice, once with policy A in seats 0/2 and once in seats 1/3, every
seat seeing only what it may (its hand, the cards shown face up). A policy is a
``(lead, follow)`` pair from ``POLICIES`` (benchmarks/candidates.py). Printed for A: the
share of games won (a 60:60 egg counts one half) with its 95% interval (clustered by
deal), the mean card points per deal, and the deals played per second.

What it is for: the strong player's search is as good as the play of its rollouts, and
a rollout policy costs microseconds a game, so candidates for the rollouts can be
compared on a hundred thousand deals in a minute before a search is built on them.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from candidates import POLICIES, Pair

from kozel_discord.ai import fastsim


def play(deal_seed: int, seats: list[Pair]) -> list[int]:
    """One deal with ``seats[s]`` playing seat ``s``; the teams' card points."""
    st = fastsim.new_deal(deal_seed)

    # The rollout asks one policy for every seat: these hand each decision to the seat's own
    # (a lead is asked for the seat whose turn it is; an answer names its seat).
    def lead(hand: list[int], trump: int, stock_n: int, unseen: int) -> tuple[int, ...]:
        return seats[st.turn][0](hand, trump, stock_n, unseen)

    def follow(hand: list[int], me: int, *rest: Any) -> tuple[bool, tuple[int, ...]]:
        return seats[me][1](hand, me, *rest)

    fastsim.rollout(st, lead, follow)
    return st.pts


def score(mine: int, theirs: int) -> float:
    return 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", choices=sorted(POLICIES))
    ap.add_argument("b", choices=sorted(POLICIES))
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    a, b = POLICIES[args.a], POLICIES[args.b]
    per_deal: list[float] = []
    points = 0
    t0 = time.perf_counter()
    for i in range(args.deals):
        s = args.seed * 1_000_003 + i
        p1 = play(s, [a, b, a, b])
        p2 = play(s, [b, a, b, a])
        per_deal.append((score(p1[0], p1[1]) + score(p2[1], p2[0])) / 2)
        points += p1[0] + p2[1]
    dt = time.perf_counter() - t0
    n = len(per_deal)
    mean = sum(per_deal) / n
    var = sum((x - mean) ** 2 for x in per_deal) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    print(
        f"{args.a} vs {args.b}: {n:,} deals x2, games won {mean:.1%} ± {half:.1%}, "
        f"{points / (2 * n):.2f} card points/deal, {2 * n / dt:,.0f} games/s"
    )


if __name__ == "__main__":
    main()
