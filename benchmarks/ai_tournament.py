"""Duplicate tournament between two computer-player levels.

    python benchmarks/ai_tournament.py strong heuristic --deals 2000 --seed 1 [--jobs 2]
        [--worlds 120] [--time-cap-ms 1000] [--busy 2]

Series are played in duplicate pairs: the series with seed s once with A in seats
0/2 and once with A in seats 1/3. Game n of a series always uses the same shuffle
(the engine derives it from the seed and n) and the same dealer, so every deal is
played twice with the teams swapped and the card luck cancels. Pairs are played
until at least ``--deals`` deals have been played on each side (on average).

Printed for team A, each with a 95% confidence interval (clustered by duplicate
pair): the share of games won (eggs count one half), the share of series won
and the mean card points per deal; then each level's decision time p50/p95/max and, for
the searching level, the worlds its decisions searched (p50/min) and how many decisions
the time cap cut short. ``--worlds`` / ``--time-cap-ms`` set the hard computer's budget
(default: the bot's settings KOZEL_AI_WORLDS / KOZEL_AI_TIME_CAP_MS); ``--busy N`` runs
N busy-loop processes during the match, to compare strength and decision time under a
busy host with a quiet one.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from candidates import player as get_player  # a level, or a candidate (benchmarks/)

from kozel_discord.ai import SearchBudget
from kozel_discord.engine import Action, Observation, Series
from kozel_discord.settings import Settings
from kozel_discord.simulate import Chooser, next_move


class Timed:
    """Wraps a player and records how long each of its decisions takes."""

    def __init__(
        self, level: str, seed: int, stats: Stats, budget: SearchBudget | None = None
    ) -> None:
        self.player = get_player(level, seed, budget)
        self.stats = stats

    def _note(self, started: float) -> None:
        self.stats.times.append(time.perf_counter() - started)
        worlds = getattr(self.player, "last_iterations", 0)
        if worlds:  # a decision that searched
            self.stats.worlds.append(worlds)
            self.stats.capped += bool(getattr(self.player, "last_capped", False))

    def __call__(self, obs: Observation, rng: random.Random) -> Action:
        t = time.perf_counter()
        a = self.player.choose(obs, rng)
        self._note(t)
        return a

    def wants_molodka(self, obs: Observation, rng: random.Random) -> Action | None:
        t = time.perf_counter()
        a = self.player.wants_molodka(obs, rng)
        self._note(t)
        return a


@dataclass
class Stats:
    """One side's decisions: time of each, worlds of each search, searches cut short."""

    times: list[float] = field(default_factory=list)
    worlds: list[int] = field(default_factory=list)
    capped: int = 0

    def add(self, other: Stats) -> None:
        self.times += other.times
        self.worlds += other.worlds
        self.capped += other.capped


@dataclass
class PairResult:
    """One duplicate pair, from team A's side: per game (won, card points), series won."""

    games: list[tuple[float, int]] = field(default_factory=list)
    series: list[float] = field(default_factory=list)
    a: Stats = field(default_factory=Stats)
    b: Stats = field(default_factory=Stats)


def play_pair(a: str, b: str, seed: int, budget: SearchBudget | None = None) -> PairResult:
    res = PairResult()
    for a_team in (0, 1):
        timed: list[Timed] = []
        for seat in range(4):
            mine = (seat & 1) == a_team
            timed.append(Timed(a if mine else b, seed * 8 + seat, res.a if mine else res.b, budget))
        players: list[Chooser] = list(timed)
        rng = random.Random(seed * 2 + a_team)
        series = Series(seed)
        seers = [t.player for t in timed if getattr(t.player, "sees_all", False)]
        while not series.over:
            for p in seers:  # a measuring candidate that sees every card (never a level)
                p.game = series.game  # type: ignore[attr-defined]
            seat, action = next_move(series, players, rng)
            series.apply(seat, action)
        for r in series.results:
            pts = r.card_points[a_team]
            won = 0.5 if r.eggs else float(r.winner == a_team)
            res.games.append((won, pts))
        outcome = series.outcome()
        assert outcome is not None
        res.series.append(float(outcome.goats != a_team))
    return res


def ratio_ci(clusters: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """Mean of a ratio sum(y)/sum(n) over clusters, with a clustered 95% half-width."""
    sy = sum(y for y, _ in clusters)
    sn = sum(n for _, n in clusters)
    mean = sy / sn
    m = len(clusters)
    if m < 2:
        return mean, float("nan")
    var = sum((y - mean * n) ** 2 for y, n in clusters) / (sn * sn) * m / (m - 1)
    return mean, 1.96 * math.sqrt(var)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def report(a: str, b: str, pairs: list[PairResult], seconds: float) -> str:
    games = sum(len(p.games) for p in pairs)
    won = ratio_ci([(sum(w for w, _ in p.games), len(p.games)) for p in pairs])
    pts = ratio_ci([(float(sum(x for _, x in p.games)), len(p.games)) for p in pairs])
    ser = ratio_ci([(sum(p.series), len(p.series)) for p in pairs])
    wins = sum(1 for p in pairs for w, _ in p.games if w == 1.0)
    eggs = sum(1 for p in pairs for w, _ in p.games if w == 0.5)
    sa, sb = Stats(), Stats()
    for p in pairs:
        sa.add(p.a)
        sb.add(p.b)
    lines = [
        f"A = {a}, B = {b}: {len(pairs)} duplicate series pairs, {games} games "
        f"({games / 2:.0f} duplicate deals), {seconds:.0f} s",
        f"  games won by A        {won[0]:7.1%} ± {won[1]:.1%}   "
        f"(W {wins} / eggs {eggs} / L {games - wins - eggs})",
        f"  series won by A       {ser[0]:7.1%} ± {ser[1]:.1%}   ({2 * len(pairs)} series)",
        f"  A card points / deal  {pts[0]:7.2f} ± {pts[1]:.2f}",
        "  decision time (ms)      n      p50     p95     max",
    ]
    for name, st in ((f"A {a}", sa), (f"B {b}", sb)):
        ts = st.times
        lines.append(
            f"    {name:<18}{len(ts):7d} {pct(ts, 0.5) * 1e3:8.2f} {pct(ts, 0.95) * 1e3:7.2f}"
            f" {max(ts, default=0.0) * 1e3:7.1f}"
        )
    for name, st in ((f"A {a}", sa), (f"B {b}", sb)):
        if st.worlds:
            w = [float(x) for x in st.worlds]
            lines.append(
                f"  {name} worlds searched per decision: p50 {pct(w, 0.5):.0f}, "
                f"p5 {pct(w, 0.05):.0f}, min {min(st.worlds)} ({len(w)} searches, "
                f"{st.capped} cut short by the time cap)"
            )
    return "\n".join(lines)


def _busy_loop() -> None:
    while True:
        pass


def start_busy(n: int) -> list[multiprocessing.Process]:
    """N processes that spin on a core each for the whole match (a busy host)."""
    procs = [multiprocessing.Process(target=_busy_loop, daemon=True) for _ in range(n)]
    for p in procs:
        p.start()
    return procs


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "a", help="level of team A: random, heuristic or strong, or a candidate (wholesuit)"
    )
    ap.add_argument("b", help="level of team B")
    ap.add_argument("--deals", type=int, default=200, help="duplicate deals to play (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--progress", type=int, default=0, help="print the table every N pairs")
    defaults = Settings()
    ap.add_argument(
        "--worlds",
        type=int,
        default=defaults.ai_worlds,
        help=f"worlds per decision of the hard computer (default {defaults.ai_worlds})",
    )
    ap.add_argument(
        "--time-cap-ms",
        type=float,
        default=defaults.ai_time_cap_ms,
        help=f"its safety net per decision in ms, 0: none (default {defaults.ai_time_cap_ms:g})",
    )
    ap.add_argument("--busy", type=int, default=0, help="busy-loop processes during the match")
    args = ap.parse_args(argv)
    budget = SearchBudget(worlds=args.worlds, time_cap=args.time_cap_ms / 1000 or None)
    for level in (args.a, args.b):
        get_player(level)  # fail early on an unknown name
    print(
        f"budget: {budget.worlds} worlds, time cap "
        f"{'none' if budget.time_cap is None else f'{budget.time_cap * 1e3:g} ms'}; "
        f"{args.busy} busy-loop processes; load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    busy = start_busy(args.busy)
    try:
        return _match(args, budget)
    finally:
        for p in busy:
            p.terminate()
        for p in busy:
            p.join()


def _match(args: argparse.Namespace, budget: SearchBudget) -> int:
    start = time.perf_counter()
    pairs: list[PairResult] = []

    def deals_done() -> float:
        return sum(len(p.games) for p in pairs) / 2

    def tick() -> None:
        if args.progress and len(pairs) % args.progress == 0:
            print(report(args.a, args.b, pairs, time.perf_counter() - start), flush=True)

    next_seed = args.seed * 1_000_003
    if args.jobs <= 1:
        while deals_done() < args.deals:
            pairs.append(play_pair(args.a, args.b, next_seed, budget))
            next_seed += 1
            tick()
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            running: set[Future[PairResult]] = set()
            while deals_done() < args.deals or running:
                while deals_done() < args.deals and len(running) < args.jobs * 2:
                    running.add(pool.submit(play_pair, args.a, args.b, next_seed, budget))
                    next_seed += 1
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for f in done:
                    pairs.append(f.result())
                    tick()
                if deals_done() >= args.deals:
                    for f in running:
                        f.cancel()
                    for f in running:
                        if not f.cancelled():
                            pairs.append(f.result())
                    running = set()
    print(report(args.a, args.b, pairs, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
