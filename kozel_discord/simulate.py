"""``kozel-discord simulate``: play whole series between computer players and print figures."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .engine import Action, Observation, Series, observe

# A computer player: chooses one of the legal actions from what its seat may see.
Chooser = Callable[[Observation, random.Random], Action]


def random_chooser(obs: Observation, rng: random.Random) -> Action:
    return rng.choice(obs.legal_actions)


@dataclass
class SimulationReport:
    series: int = 0
    games: int = 0
    eggs: int = 0
    goats_with_eggs: int = 0
    goats_by_team: Counter[int] = field(default_factory=Counter)
    defeat_points: Counter[int] = field(default_factory=Counter)  # per game: 0/2/4/6 -> count
    seconds: float = 0.0

    def lines(self) -> list[str]:
        out = [
            f"series played:    {self.series}",
            f"games played:     {self.games}",
            f"eggs (60-60):     {self.eggs}",
            f"goats with eggs:  {self.goats_with_eggs}",
            f"goats by team:    A {self.goats_by_team[0]}, B {self.goats_by_team[1]}",
            "defeat points per game (loser's award):",
        ]
        for dp in (0, 2, 4, 6):
            n = self.defeat_points[dp]
            share = n / self.games if self.games else 0.0
            label = "eggs" if dp == 0 else f"{dp} points"
            out.append(f"  {label:>9}: {n:6d}  ({share:6.1%})")
        out.append(f"wall time:        {self.seconds:.3f} s")
        return out


def play_series(seed: int, players: Sequence[Chooser], rng: random.Random) -> Series:
    """Play one series to its end; each seat only ever sees ``observe(series, seat)``."""
    series = Series(seed)
    while not series.over:
        seat = series.turn
        assert seat is not None
        action = players[seat](observe(series, seat), rng)
        series.apply(seat, action)
    return series


def simulate(n_series: int, seed: int, players: Sequence[Chooser]) -> SimulationReport:
    report = SimulationReport()
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n_series):
        series = play_series(seed * 1_000_003 + i, players, rng)
        outcome = series.outcome()
        assert outcome is not None
        report.series += 1
        report.games += len(series.results)
        report.eggs += outcome.eggs
        report.goats_with_eggs += outcome.goats_with_eggs
        report.goats_by_team[outcome.goats] += 1
        for r in series.results:
            report.defeat_points[max(r.defeat_points)] += 1
    report.seconds = time.perf_counter() - start
    return report
