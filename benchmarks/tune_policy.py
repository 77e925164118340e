"""Tune the rollout policy's numbers (``kozel_discord.ai.policy.Params``) by duplicate matches.

    python benchmarks/tune_policy.py --sweeps 3 --deals 20000 --jobs 2

Coordinate search: each number in turn is moved up and down by a step; a move is
kept when the moved policy beats the current one over ``--deals`` duplicate deals
(fresh deals for every comparison) by more than two standard errors. Prints each kept
move with its match figures, and at the end the parameters that differ from the
defaults, and a check match of the result against the start on fresh deals.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from policy_match import play, score

from kozel_discord.ai.policy import Params, Policy


def _chunk(args: tuple[Params, Params, int, int]) -> tuple[float, float, int]:
    a_p, b_p, first, n = args
    a, b = Policy(a_p), Policy(b_p)
    pa, pb = (a.lead, a.follow), (b.lead, b.follow)
    s = s2 = 0.0
    for i in range(first, first + n):
        p1 = play(i, [pa, pb, pa, pb])
        p2 = play(i, [pb, pa, pb, pa])
        x = (score(p1[0], p1[1]) + score(p2[1], p2[0])) / 2
        s += x
        s2 += x * x
    return s, s2, n


def match(
    pool: ProcessPoolExecutor, a: Params, b: Params, first: int, deals: int, jobs: int
) -> tuple[float, float]:
    """A's share against B and its standard error, over deals first..first+deals."""
    per = deals // jobs
    parts = list(pool.map(_chunk, [(a, b, first + j * per, per) for j in range(jobs)]))
    s = sum(p[0] for p in parts)
    s2 = sum(p[1] for p in parts)
    n = sum(p[2] for p in parts)
    mean = s / n
    var = max(s2 / n - mean * mean, 1e-12)
    return mean, math.sqrt(var / n)


def _kv(text: str) -> tuple[str, float | bool]:
    k, v = text.split("=")
    return k, (v == "True") if k == "whole" else float(v)


def moves(p: Params, name: str, step: float) -> list[Params]:
    v = getattr(p, name)
    if isinstance(v, bool):
        return [replace(p, **{name: not v})]
    d = abs(v) * step if v else step * 2
    return [replace(p, **{name: v + d}), replace(p, **{name: v - d})]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sweeps", type=int, default=2)
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--step", type=float, default=0.3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=_kv, nargs="*", default=[], help="name=value ...")
    args = ap.parse_args(argv)
    start = best = Params(**dict(args.start))
    first = args.seed * 10_000_000
    with ProcessPoolExecutor(args.jobs) as pool:
        for sweep in range(args.sweeps):
            step = args.step / (sweep + 1)
            for f in fields(Params):
                for cand in moves(best, f.name, step):
                    m, se = match(pool, cand, best, first, args.deals, args.jobs)
                    first += args.deals
                    if m - 0.5 > 2 * se:
                        print(
                            f"sweep {sweep + 1}: {f.name} {getattr(best, f.name):g} -> "
                            f"{getattr(cand, f.name):g}: {m:.2%} ± {1.96 * se:.2%}",
                            flush=True,
                        )
                        best = cand
                        break
        m, se = match(pool, best, start, first, args.deals * 2, args.jobs)
    changed = {k: v for k, v in asdict(best).items() if v != getattr(start, k)}
    print(f"tuned: {changed}")
    print(f"tuned vs start: {m:.2%} ± {1.96 * se:.2%} over {args.deals * 2:,} fresh deals")


if __name__ == "__main__":
    main()
