"""How the strong player's leads depend on what it holds: the table ``inference.py`` uses.

    python benchmarks/lead_shares.py [--seconds 420] [--seed 21] [--jobs 1] [--data FILE]

Records strong-vs-strong play with ``agreement.py`` (``agreement.recorded``; ``--data``: its
pickle, written on the first run and read back after). For every lead and every suit in the
leader's hand, and every k up to the cards it holds of that suit, it counts whether the lead
was exactly k cards of that suit: once where those k were all it held of the suit (a whole
suit) and once where it held more. The ratio of the two shares, by (trump suit, k, stock
empty), is how much less likely a k-card lead is from a hand that keeps more of the suit:
``inference.LEAD_RATIO``: the share from a hand that holds more is pulled toward the other
by 5 situations' worth, and the ratio kept at 0.03 or more (no world is ruled out).
Then, for every answer to a single plain card by a seat holding a trump that beats it, how
often it trumped, with and without a beat in the suit: ``inference.TRUMPED_RATIO``.
``--spread N``: how the ``reads`` candidate's weights spread over 200 sampled worlds at
every N-th recorded decision (whether the weighting leaves enough worlds that count).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from agreement import Decision, recorded  # benchmarks/
from inference import (  # benchmarks/
    READS_LEAD_RATIO,
    LeadKey,
    lead_clues,
    lead_weight,
    trump_clues,
    trump_weight,
)

from kozel_discord.ai.intcards import BEATERS, SUIT, SUIT_MASK
from kozel_discord.ai.knowledge import read, sample
from kozel_discord.engine import ActionKind

Key = LeadKey  # trump suit, cards led (3 = 3 or more), stock empty
PRIOR = 5
FLOOR = 0.03


def counts(data: Sequence[Decision]) -> dict[tuple[Key, bool], tuple[int, int]]:
    """(key, held more) -> (situations, leads of exactly that many cards of the suit)."""
    n: Counter[tuple[Key, bool]] = Counter()
    hit: Counter[tuple[Key, bool]] = Counter()
    for obs, action in data:
        if obs.lead_seat is not None or action.kind is not ActionKind.LEAD:
            continue
        led = [c.index for c in action.cards]
        led_suit = SUIT[led[0]] if len({SUIT[c] for c in led}) == 1 else -1
        hand = [c.index for c in obs.hand]
        for suit in {SUIT[c] for c in hand}:
            m = sum(1 for c in hand if SUIT[c] == suit)
            for k in range(1, m + 1):
                key = ((suit == int(obs.trump), min(k, 3), obs.stock_size == 0), m > k)
                n[key] += 1
                hit[key] += suit == led_suit and len(led) == k
    return {key: (n[key], hit[key]) for key in n}


def ratios(table: dict[tuple[Key, bool], tuple[int, int]]) -> dict[Key, float]:
    out: dict[Key, float] = {}
    for key in sorted({k for k, _more in table}):
        nw, hw = table.get((key, False), (0, 0))
        np_, hp = table.get((key, True), (0, 0))
        if not nw or not hw or not np_:
            continue
        whole = hw / nw
        more = (hp + PRIOR * whole) / (np_ + PRIOR)  # PRIOR situations at the whole share
        out[key] = round(max(FLOOR, more / whole), 3)
    return out


def trumped(data: Sequence[Decision]) -> dict[tuple[bool, bool], tuple[int, int]]:
    """(stock empty, held a beat in the suit) -> (answers to a single plain card by a seat
    holding a trump that beats it, of which trumped): ``inference.TRUMPED_RATIO``."""
    n: Counter[tuple[bool, bool]] = Counter()
    hit: Counter[tuple[bool, bool]] = Counter()
    for obs, action in data:
        if obs.lead_seat is None or len(obs.top) != 1:
            continue
        trump, top = int(obs.trump), obs.top[0].index
        if SUIT[top] == trump:
            continue
        hand = [c.index for c in obs.hand]
        beat = BEATERS[trump][top]
        if not any((beat & SUIT_MASK[trump]) >> x & 1 for x in hand):
            continue
        key = (obs.stock_size == 0, any((beat & ~SUIT_MASK[trump]) >> x & 1 for x in hand))
        n[key] += 1
        hit[key] += action.kind is ActionKind.BEAT and SUIT[action.cards[0].index] == trump
    return {key: (n[key], hit[key]) for key in n}


def spread(data: Sequence[Decision], every: int, worlds: int) -> str:
    """How the ``reads`` weights spread over sampled worlds: for every ``every``-th decision
    with clues, ``worlds`` worlds weighed as ``reads`` weighs them; p10 / p50 / p90 over
    the decisions of the mean weight and of the effective number of worlds
    ((sum w)² / sum w²)."""
    rng = random.Random(1)
    means: list[float] = []
    effective: list[float] = []
    for obs, _action in data[::every]:
        kn = read(obs)
        leads, trumps = lead_clues(obs, kn), trump_clues(obs, kn)
        if not leads and not trumps:
            continue
        ws = []
        for _ in range(worlds):
            world = sample(kn, rng)
            w = lead_weight(leads, world, kn.trump, READS_LEAD_RATIO)
            ws.append(w * trump_weight(trumps, world, kn.trump))
        means.append(sum(ws) / worlds)
        effective.append(sum(ws) ** 2 / sum(w * w for w in ws))

    def deciles(v: list[float]) -> str:
        q = statistics.quantiles(v, n=10)
        return f"{q[0]:.2f} / {q[4]:.2f} / {q[8]:.2f}"

    return (
        f"{len(means)} decisions with clues, {worlds} worlds each: mean weight p10 / p50 / p90 "
        f"{deciles(means)}, effective worlds {deciles(effective)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=float, default=420, help="recording time")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--spread", type=int, default=0, help="also weigh worlds at every N-th decision"
    )
    ap.add_argument("--data", type=Path, default=Path(tempfile.gettempdir()) / "kozel-leads.pickle")
    args = ap.parse_args(argv)
    data = recorded(args.data, args.seed, args.seconds, args.jobs)
    table = counts(data)
    print(f"{len(data)} decisions")
    print("trump, cards, stock empty, held more: situations, share led")
    for (key, more), (n, h) in sorted(table.items()):
        print(f"  {key} {'more ' if more else 'whole'}: {n:6d}  {h / n:.3f}")
    print("LEAD_RATIO = {")
    for key, r in ratios(table).items():
        print(f"    {key}: {r},")
    print("}")
    answers = trumped(data)
    print("stock empty, held a beat in the suit: answers holding a trump, share trumped")
    for situation, (n, h) in sorted(answers.items()):
        print(f"  {situation}: {n:6d}  {h / n:.3f}")
    print("TRUMPED_RATIO = {")
    for empty in (False, True):
        (n1, h1), (n0, h0) = answers[(empty, True)], answers[(empty, False)]
        print(f"    {empty}: {round((h1 / n1) / (h0 / n0), 3)},")
    print("}")
    if args.spread:
        print(spread(data, args.spread, 200))
    return 0


if __name__ == "__main__":
    sys.exit(main())
