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
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from candidates import POLICIES, Pair

from kozel_discord.ai import fastsim
from kozel_discord.ai.intcards import ALL_MASK, BIT, SUIT
from kozel_discord.engine import ActionKind
from kozel_discord.engine.deal import deal_cards


def play(deal_seed: int, seats: list[Pair]) -> list[int]:
    """One deal with ``seats[s]`` playing seat ``s``; the teams' card points."""
    rng = random.Random(deal_seed)
    dealer = deal_seed % 4
    hands, stock, trump_card = deal_cards(rng, dealer)
    st = fastsim.SimState(
        trump=SUIT[trump_card.index],
        hands=[sorted(c.index for c in h) for h in hands],
        stock=[c.index for c in stock],
        pts=[0, 0],
        tricks=[0, 0],
        turn=(dealer + 1) % 4,
        opener=(dealer + 1) % 4,
        top=(),
        top_seat=(dealer + 1) % 4,
        trick=[],
        trick_pts=0,
        seen=BIT[trump_card.index],
    )
    while True:
        seat = st.turn
        hand = st.hands[seat]
        hm = 0
        for c in hand:
            hm |= BIT[c]
        unseen = ALL_MASK & ~st.seen & ~hm
        lead, follow = seats[seat]
        if not st.trick:
            cards = lead(hand, st.trump, len(st.stock), unseen)
            over = fastsim.apply(st, seat, ActionKind.LEAD, cards)
        else:
            is_beat, cards = follow(
                hand,
                seat,
                st.trump,
                st.top,
                st.top_seat,
                len(st.trick),
                st.trick_pts,
                len(st.stock),
                unseen,
            )
            kind = ActionKind.BEAT if is_beat else ActionKind.DISCARD
            over = fastsim.apply(st, seat, kind, cards)
        if over:
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
