"""Time to review one game (the coach of issue 14), at a given budget.

    python benchmarks/review.py [--games 20] [--seed 1] [--worlds 150] [--time-cap 6]
        [--players heuristic,random,strong,heuristic]

Plays ``--games`` games (game 1 of series ``seed``, ``seed + 1``, ...; the seats played
by the given levels, so there are good and bad moves to find), then reviews every seat
of every game, one review at a time on one core, the way a worker process does
(:func:`kozel_discord.ai.review.review_game` on the stored game record). Printed: the
review time p50 / p90 / max (wall clock) and its CPU time p50 / max, the decisions per
review, the evaluated alternatives per decision, the worlds per decision (min) and how many
reviews the time cap cut short; the margin of chance of the best alternative's lead and how
many moves it spares a cost; then the budget's spread (how often the same review with
another seed marks the same costliest mistake, and gives a move the same cost): how far the
numbers can be trusted.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kozel_discord.ai import get_player
from kozel_discord.ai.review import GameReview, ReviewBudget, review_game
from kozel_discord.engine import Series, observe


def _record(seed: int, levels: list[str]) -> dict[str, object]:
    s = Series(seed)
    players = [get_player(level, seed=seed * 4 + i) for i, level in enumerate(levels)]
    while not s.results:
        turn = s.turn
        assert turn is not None
        s.apply(turn, players[turn].choose(observe(s, turn)))
    return s.game_record(1)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=ReviewBudget().worlds)
    ap.add_argument("--time-cap", type=float, default=ReviewBudget().time_cap)
    ap.add_argument("--players", default="heuristic,random,strong,heuristic")
    args = ap.parse_args()
    levels = args.players.split(",")
    budget = ReviewBudget(worlds=args.worlds, time_cap=args.time_cap)
    records = [_record(args.seed + g, levels) for g in range(args.games)]
    times: list[float] = []
    cpus: list[float] = []
    reviews: list[tuple[dict[str, object], int, GameReview]] = []
    cpu0 = time.process_time()
    for record in records:
        for seat in range(4):
            start, cpu_start = time.perf_counter(), time.process_time()
            r = review_game(record, seat, budget, seed="bench")
            times.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu_start)
            reviews.append((record, seat, r))
    cpu = time.process_time() - cpu0
    decisions = [len(r.decisions) for _rec, _s, r in reviews]
    options = [len(d.options) for _rec, _s, r in reviews for d in r.decisions]
    worlds = [d.worlds for _rec, _s, r in reviews for d in r.decisions]
    capped = sum(r.capped for _rec, _s, r in reviews)
    mistakes = [len(r.mistakes) for _rec, _s, r in reviews]
    print(f"budget: {budget.worlds} worlds a decision, time cap {budget.time_cap:g} s a review")
    print(f"{len(reviews)} reviews ({args.games} games x 4 seats, players {args.players})")
    p50, p90, top = statistics.median(times), _pct(times, 0.9), max(times)
    print(f"review time (s): p50 {p50:.2f} / p90 {p90:.2f} / max {top:.2f}  (CPU {cpu:.0f} s)")
    c50, ctop = statistics.median(cpus), max(cpus)
    print(f"review CPU time (s): p50 {c50:.2f} / max {ctop:.2f}  (the work, whatever the load)")
    print(
        f"decisions a review: mean {statistics.mean(decisions):.1f}, max {max(decisions)}; "
        f"alternatives a decision: mean {statistics.mean(options):.1f}, max {max(options)}"
    )
    print(f"worlds a decision: min {min(worlds)}; reviews cut by the time cap: {capped}")
    print(
        f"mistakes marked a review: mean {statistics.mean(mistakes):.2f}; "
        f"reviews with one: {sum(1 for m in mistakes if m)}"
    )
    margins = sorted(d.margin for _rec, _s, r in reviews for d in r.decisions)
    behind = [d for _rec, _s, r in reviews for d in r.decisions if not d.top]
    unclear = sum(1 for d in behind if not d.clear)
    print(
        f"margin of the best's lead (95%, points): p50 {_pct(margins, 0.5):.1f} / "
        f"p90 {_pct(margins, 0.9):.1f}; moves behind the best: {len(behind)}, "
        f"of them within that margin (cost 0): {unclear}"
    )
    # Spread: the same review with another evaluation seed, does it mark the same worst move?
    same = total = 0
    for record, seat, r in reviews[: min(len(reviews), 24)]:
        if not r.mistakes:
            continue
        other = review_game(record, seat, budget, seed="bench-2")
        total += 1
        same += bool(other.mistakes) and other.mistakes[0].move == r.mistakes[0].move
    if total:
        print(f"same costliest mistake with another seed: {same}/{total}")
    # and do the two agree on the cost of every move (the lines a player reads)?
    agree = agree_plain = moves = 0
    for record, seat, r in reviews[: min(len(reviews), 24)]:
        other = review_game(record, seat, budget, seed="bench-2")
        for d, e in zip(r.decisions, other.decisions, strict=True):
            moves += 1
            agree += d.cost == e.cost
            plain = [dataclasses.replace(x, margin=0.0).cost for x in (d, e)]
            agree_plain += plain[0] == plain[1]
    print(
        f"same cost of a move with another seed: {agree}/{moves} "
        f"(not sparing the moves within the margin: {agree_plain}/{moves})"
    )


if __name__ == "__main__":
    main()
