"""Every computer player returns legal actions only, is deterministic per seed, and
finds obvious moves."""

from __future__ import annotations

import random

import pytest

from kozel_discord.ai import LEVELS, HeuristicPlayer, Player, StrongPlayer, get_player
from kozel_discord.ai.base import BasePlayer
from kozel_discord.ai.strong import game_value
from kozel_discord.engine import Action, ActionKind, Series, cards, observe

from .helpers import position, random_molodka_position


def fast_strong(seed: int = 0) -> StrongPlayer:
    return StrongPlayer(seed, iterations=6, time_budget=None)


def players_under_test() -> list[BasePlayer]:
    return [get_player("random", 1), get_player("heuristic", 1), fast_strong(1)]


def check_all_seats(series: Series, players: list[BasePlayer], rng: random.Random) -> int:
    """Ask every player about every seat that may act now; return the number of checks."""
    checks = 0
    for seat in range(4):
        obs = observe(series, seat)
        if not obs.legal_actions:
            continue
        for p in players:
            if obs.turn == seat:
                assert p.choose(obs, rng) in obs.legal_actions
                checks += 1
            if obs.can_declare_molodka():
                m = p.wants_molodka(obs, rng)
                assert m is None or (m in obs.legal_actions and m.kind is ActionKind.MOLODKA)
                checks += 1
            else:
                assert p.wants_molodka(obs, rng) is None
    return checks


def test_levels_and_protocol() -> None:
    assert LEVELS == ("random", "heuristic", "strong")
    for level, alias in zip(LEVELS, ("easy", "normal", "hard"), strict=True):
        p = get_player(level)
        assert p.level == level
        assert isinstance(p, Player)
        assert type(get_player(alias.upper())) is type(p)
    with pytest.raises(ValueError, match="unknown computer player level"):
        get_player("grandmaster")
    with pytest.raises(ValueError):
        StrongPlayer(iterations=0)


def test_only_legal_actions_over_random_series() -> None:
    """Whole games with random play: every seat and every level, to the end of the stock."""
    rng = random.Random(5)
    players = players_under_test()
    checks = 0
    for seed in range(4):
        series = Series(seed)
        while not series.over and series.number <= 2:
            checks += check_all_seats(series, players, rng)
            seat = series.turn
            assert seat is not None
            series.apply(seat, rng.choice(series.legal_actions(seat)))
    assert checks > 300


def test_only_legal_actions_in_molodka_positions() -> None:
    rng = random.Random(11)
    players = players_under_test()
    asked_molodka = 0
    for _ in range(40):
        series = random_molodka_position(rng)
        for _step in range(6):
            if series.over or series.game.over:
                break
            check_all_seats(series, players, rng)
            asked_molodka += sum(observe(series, s).can_declare_molodka() for s in range(4))
            movers = [s for s in range(4) if series.legal_actions(s)]
            seat = rng.choice(movers)
            series.apply(seat, rng.choice(series.legal_actions(seat)))
    assert asked_molodka > 30


@pytest.mark.parametrize("level", LEVELS)
def test_deterministic_for_a_seed(level: str) -> None:
    def run() -> list[Action]:
        p = fast_strong(3) if level == "strong" else get_player(level, 3)
        series = Series(42)
        out = []
        rng = random.Random(9)  # drives the other seats
        for _ in range(60):
            seat = series.turn
            assert seat is not None
            obs = observe(series, seat)
            a = p.choose(obs) if seat == 0 else rng.choice(obs.legal_actions)
            out.append(a)
            series.apply(seat, a)
        return out

    assert run() == run()


def test_players_are_choosers() -> None:
    series = Series(3)
    seat = series.turn
    assert seat is not None
    obs = observe(series, seat)
    for p in players_under_test():
        assert p(obs, random.Random(0)) in obs.legal_actions


def test_strong_beats_on_the_last_trick() -> None:
    """Last trick, 50–55 so far: seat 1 leads K♠; seat 2 must beat with A♠ to win 65–55."""
    series = position(
        ["7c", "Ks", "As", "6c"],
        "9h",
        leader=1,
        piles=("10c Ac Kc 10d Ad Kd", ""),
        tricks=(4, 4),
    )
    g = series.game
    pts = [sum(c.points for c in p) for p in g.piles]
    assert pts == [50, 55]
    series.apply(1, Action.lead(*cards("Ks")))
    obs = observe(series, 2)
    assert set(obs.legal_actions) == {Action.beat(*cards("As")), Action.discard(*cards("As"))}
    for seed in range(5):
        p = StrongPlayer(seed, iterations=4, time_budget=None)
        assert p.choose(obs) == Action.beat(*cards("As"))

    class Loser(StrongPlayer):
        """Values a game as the opponents do: the search follows its ``_value``."""

        _value = staticmethod(lambda pts, tricks, team: -game_value(pts, tricks, team))

    assert Loser(0, iterations=4, time_budget=None).choose(obs) == Action.discard(*cards("As"))


def test_time_budget_uses_the_injected_clock() -> None:
    ticks = iter(range(1000))
    p = StrongPlayer(0, iterations=500, time_budget=0.5, clock=lambda: float(next(ticks)))
    series = Series(8)
    seat = series.turn
    assert seat is not None
    obs = observe(series, seat)
    assert p.choose(obs) in obs.legal_actions
    assert p.last_iterations == 1  # the fake clock says a second passed per world


def test_heuristic_and_strong_decline_to_displace_the_partners_molodka() -> None:
    """Seat 2's molodka leads; seat 0 (the opener, higher priority) holds one too."""
    series = position(
        ["6c 7c 8c 9c", "Ah Kh 7s 8s", "6s 9s Js Qs", "7d 8d 9d Jd"],
        "6h",
        leader=0,
        stock="6d 10d Qd Kd",
    )
    series.apply(0, Action.lead(*cards("6c")))
    series.apply(1, Action.discard(*cards("8s")))
    series.apply(2, Action.molodka(*cards("6s 9s Js Qs")))
    obs = observe(series, 0)
    assert obs.can_declare_molodka()
    assert HeuristicPlayer().wants_molodka(obs) is None
    obs3 = observe(series, 3)
    assert obs3.can_declare_molodka() is False  # lower priority than seat 2


def test_molodka_is_declared_out_of_turn_when_it_pays() -> None:
    series = position(
        ["6c Kc 8d 9s", "7h 8h Jh Qh", "7c 8c 9c Jc", "6s 7s 8s 10s"],
        "6h",
        leader=0,
        stock="6d 7d 9d 10d",
    )
    series.apply(0, Action.lead(*cards("Kc")))
    mol = Action.molodka(*cards("7h 8h Jh Qh"))
    obs = observe(series, 1)
    assert obs.turn == 1 and mol in obs.legal_actions
    obs3 = observe(series, 3)
    m3 = Action.molodka(*cards("6s 7s 8s 10s"))
    assert HeuristicPlayer().wants_molodka(obs3) == m3
    assert fast_strong().wants_molodka(obs3) == m3
    assert HeuristicPlayer().choose(obs) == mol  # four trumps: declared on its own turn
