"""``kozel-discord simulate``: play whole series between computer players and print figures."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .engine import Action, Observation, Series, observe, team_of

# A computer player: chooses one of the legal actions from what its seat may see.
# Every :class:`kozel_discord.ai.Player` is a Chooser too (it is callable); players
# that have ``wants_molodka`` are also asked about out-of-turn molodkas.
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
    players: tuple[str, ...] = ()

    def team_lines(self) -> list[str]:
        """Who plays in which team: seats 1 and 3 are team A, seats 2 and 4 team B."""
        if len(self.players) != 4:
            return []
        out = []
        for team, label in ((0, "A"), (1, "B")):
            seats = [s for s in range(4) if team_of(s) == team]
            who = " + ".join(self.players[s] for s in seats)
            out.append(f"team {label} (seats {seats[0] + 1} and {seats[1] + 1}): {who}")
        return out

    def lines(self) -> list[str]:
        out = []
        if self.players:
            out.append(f"players (seats):  {', '.join(self.players)}")
            out += self.team_lines()
        out += [
            f"series played:    {self.series}",
            f"games played:     {self.games}",
            f"eggs (60-60):     {self.eggs}",
            f"goats with eggs:  {self.goats_with_eggs}",
            f"goats by team:    A {self.goats_by_team[0]}, B {self.goats_by_team[1]}"
            "  (the goats: the team that lost the series, reaching 12 defeat points)",
            "defeat points per game (loser's award):",
        ]
        for dp in (0, 2, 4, 6):
            n = self.defeat_points[dp]
            share = n / self.games if self.games else 0.0
            label = "eggs" if dp == 0 else f"{dp} points"
            out.append(f"  {label:>9}: {n:6d}  ({share:6.1%})")
        out.append(f"wall time:        {self.seconds:.3f} s")
        return out


def _molodka_declarer(
    series: Series, players: Sequence[Chooser], rng: random.Random
) -> tuple[int, Action] | None:
    """Ask the seats that may declare a molodka out of turn, in §5.3 priority order."""
    game = series.game
    for i in range(4):
        seat = (game.opener + i) % 4
        if seat == game.turn or not game.can_declare_molodka(seat):
            continue
        ask = getattr(players[seat], "wants_molodka", None)
        if ask is None:
            continue
        action = ask(observe(series, seat), rng)
        if action is not None:
            return seat, action
    return None


def next_move(series: Series, players: Sequence[Chooser], rng: random.Random) -> tuple[int, Action]:
    """The next (seat, action): an out-of-turn molodka if a seat wants one, else the turn's."""
    declared = _molodka_declarer(series, players, rng)
    if declared is not None:
        return declared
    seat = series.turn
    assert seat is not None
    return seat, players[seat](observe(series, seat), rng)


def play_series(seed: int, players: Sequence[Chooser], rng: random.Random) -> Series:
    """Play one series to its end; each seat only ever sees ``observe(series, seat)``."""
    series = Series(seed)
    while not series.over:
        seat, action = next_move(series, players, rng)
        series.apply(seat, action)
    return series


def level_name(level: str) -> str:
    """``"strong"`` or ``"hard"`` -> ``"strong (hard)"``: both names of a computer level."""
    from .ai import LEVEL_LABELS, get_player

    name = str(getattr(get_player(level), "level", level))
    label = LEVEL_LABELS.get(name)
    return f"{name} ({label})" if label else name


def make_players(spec: str, seed: int) -> list[Chooser]:
    """``"strong,heuristic,strong,heuristic"`` (seat order; or easy/normal/hard) -> four
    computer players."""
    from .ai import get_player

    names = [p.strip() for p in spec.split(",") if p.strip()]
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise ValueError("--players needs four levels (one per seat) or one for all seats")
    return [get_player(name, seed=seed * 4 + i) for i, name in enumerate(names)]


def simulate(
    n_series: int,
    seed: int,
    players: Sequence[Chooser],
    names: Sequence[str] = (),
    on_series: Callable[[], object] | None = None,
) -> SimulationReport:
    """Play ``n_series`` series; ``on_series`` is called after each (a progress bar)."""
    if n_series < 1:
        raise ValueError("the number of series must be at least 1")
    report = SimulationReport(players=tuple(names))
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
        if on_series is not None:
            on_series()
    report.seconds = time.perf_counter() - start
    return report


__all__ = [
    "Chooser",
    "SimulationReport",
    "level_name",
    "make_players",
    "next_move",
    "play_series",
    "random_chooser",
    "simulate",
]
