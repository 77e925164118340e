"""Do the readings of the others' play move the sampled worlds toward the true hands?

    python benchmarks/calibration.py [--series 8] [--seed 100] [--worlds 200] [--jobs 1]

Plays strong-vs-strong series (the play the readings' shares were measured from) and, at
every decision with a choice whose seat has a clue of some reading, samples ``--worlds``
worlds from that seat's knowledge (as every searching player does) and weighs each by the
readings of ``inference.py``: ``infer`` (the opponents' discards), ``leads`` (the other
seats' leads) and ``reads`` (leads with both recordings' ratios, and trumping). It then
compares, with the engine's true deal (which no player sees), the share of each other
seat's cards of unknown place that a world puts in that seat's hand: the plain mean over
the worlds (every world alike, as ``exact`` counts them) against the weighted mean (as
the reading counts them). A reading that captures what the hands hold raises the share;
knowing the hands (``seer``) would make it 100%. Printed per reading and for the
opponents and the partner apart, while the stock lasts and once it is empty: decisions,
both shares, their difference with a 95% interval over decisions, and the mean effective
share of worlds (1 when all weigh alike).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import inference  # benchmarks/

from kozel_discord.ai import SearchBudget
from kozel_discord.ai.intcards import to_ints
from kozel_discord.ai.knowledge import Knowledge, World, read, sample
from kozel_discord.engine import Observation, Series, observe
from kozel_discord.simulate import Chooser, next_move

Weigher = Callable[[World], float]
# (reading, "foes" or "partner") -> per decision: (plain share, weighted share, effective)
Rows = dict[tuple[str, str], list[tuple[float, float, float]]]


def readings(obs: Observation, kn: Knowledge) -> dict[str, Weigher]:
    """Each reading's weight of a world at this decision (only readings with clues)."""
    out: dict[str, Weigher] = {}
    discards = inference.clues(obs, kn)
    leads = inference.lead_clues(obs, kn)
    trumps = inference.trump_clues(obs, kn)
    t = kn.trump
    if discards:
        out["infer"] = lambda w: inference.weight(discards, w, t)
    if leads:
        out["leads"] = lambda w: inference.lead_weight(leads, w, t)
    if leads or trumps:
        ratio = inference.READS_LEAD_RATIO
        out["reads"] = lambda w: (
            inference.lead_weight(leads, w, t, ratio) * inference.trump_weight(trumps, w, t)
        )
    return out


def measure(series: Series, seat: int, worlds: int, rng: random.Random, rows: Rows) -> None:
    obs = observe(series, seat)
    kn = read(obs)
    weighers = readings(obs, kn)
    if not weighers:
        return
    unknown = set(kn.unknown)
    truth = [set(to_ints(h)) & unknown for h in series.game.hands]
    others = [(o, "partner" if o == seat ^ 2 else "foes") for o in range(4) if o != seat]
    sampled = [sample(kn, rng) for _ in range(worlds)]
    # per world and group: the share of that group's unknown true cards the world places right
    hits: list[dict[str, float]] = []
    for w in sampled:
        got: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for o, group in others:
            got[group][0] += len(truth[o] & set(w.hands[o]))
            got[group][1] += len(truth[o])
        hits.append({g: a / n for g, (a, n) in got.items() if n})
    for name, weigh in weighers.items():
        ws = [weigh(w) for w in sampled]
        total = sum(ws)
        if total <= 0:
            continue
        eff = total * total / sum(x * x for x in ws) / worlds
        for group in ("foes", "partner"):
            pairs = [(h[group], x) for h, x in zip(hits, ws, strict=True) if group in h]
            if len(pairs) == worlds:
                plain = sum(h for h, _ in pairs) / worlds
                weighted = sum(h * x for h, x in pairs) / total
                stage = "stock empty" if kn.stock_size == 0 else "stock left"
                rows[(name, f"{group}, {stage}")].append((plain, weighted, eff))


def run(seeds: Sequence[int], worlds: int) -> Rows:
    rows: Rows = defaultdict(list)
    budget = SearchBudget(time_cap=None)
    for seed in seeds:
        players: list[Chooser] = [budget.player(seed * 8 + s) for s in range(4)]
        rng, wrng = random.Random(seed), random.Random(seed + 1)
        series = Series(seed)
        while not series.over:
            seat = series.turn
            if seat is not None and len(observe(series, seat).legal_actions) > 1:
                measure(series, seat, worlds, wrng, rows)
            who, action = next_move(series, players, rng)
            series.apply(who, action)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--series", type=int, default=8, help="series to play (default 8)")
    ap.add_argument("--seed", type=int, default=100, help="first series seed (default 100)")
    ap.add_argument("--worlds", type=int, default=200, help="worlds a decision (default 200)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = ap.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.series))
    rows: Rows = defaultdict(list)
    with ProcessPoolExecutor(args.jobs) as pool:
        chunks = [seeds[i :: args.jobs] for i in range(args.jobs)]
        for part in pool.map(run, chunks, [args.worlds] * args.jobs):
            for key, v in part.items():
                rows[key] += v
    print(
        f"{args.series} strong-vs-strong series (seeds {seeds[0]}-{seeds[-1]}), "
        f"{args.worlds} worlds a decision; share of the unknown true cards placed right"
    )
    print("  reading  seats, stock        decisions   plain  weighted   difference       effective")
    for (name, group), v in sorted(rows.items()):
        d = [b - a for a, b, _ in v]
        half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("nan")
        print(
            f"  {name:<8} {group:<19} {len(v):9d}  {statistics.mean(a for a, _, _ in v):6.2%}"
            f"  {statistics.mean(b for _, b, _ in v):7.2%}   {statistics.mean(d):+.2%} ± {half:.2%}"
            f"   {statistics.mean(e for _, _, e in v):8.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
