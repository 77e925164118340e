"""``kozel-discord simulate`` with computer players."""

from __future__ import annotations

import random

import pytest

from kozel_discord.__main__ import main
from kozel_discord.ai import HeuristicPlayer, RandomPlayer
from kozel_discord.engine import Action, ActionKind, Observation, cards
from kozel_discord.simulate import make_players, next_move, play_series, random_chooser, simulate

from .ai.helpers import position


def test_make_players_in_seat_order() -> None:
    players = make_players("heuristic,random,heuristic,random", seed=1)
    assert [type(p) for p in players] == [HeuristicPlayer, RandomPlayer] * 2
    assert len(make_players("random", seed=1)) == 4
    with pytest.raises(ValueError, match="four levels"):
        make_players("random,random", seed=1)
    with pytest.raises(ValueError, match="unknown computer player level"):
        make_players("random,random,random,wizard", seed=1)


def test_simulate_command_with_players(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "simulate",
            "--series",
            "3",
            "--seed",
            "2",
            "--players",
            "heuristic,random,heuristic,random",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "players (seats):  heuristic, random, heuristic, random" in out
    assert "series played:    3" in out
    assert "goats by team:    A 0, B 3" in out  # heuristic partners against random ones


def test_simulate_command_rejects_unknown_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "random,ace,random,random"]) == 2
    assert "unknown computer player level" in capsys.readouterr().err


def test_default_is_random_and_reproducible() -> None:
    a = simulate(2, 5, make_players("random,random,random,random", 5))
    b = simulate(2, 5, make_players("random", 5))
    assert a.games == b.games and a.defeat_points == b.defeat_points
    assert a.series == 2


def test_plain_choosers_still_work() -> None:
    series = play_series(3, [random_chooser] * 4, random.Random(1))
    assert series.over


def test_out_of_turn_molodka_is_asked_for() -> None:
    series = position(
        ["6c Kc 8d 9s", "7h 8h Jd Qh", "7c 8c 9c Jc", "6s 7s 8s 10s"],
        "6h",
        leader=0,
        stock="6d 7d 9d 10d",
    )
    series.apply(0, Action.lead(*cards("Kc")))

    class Asked(RandomPlayer):
        asked: list[Observation]

        def wants_molodka(
            self, obs: Observation, rng: random.Random | None = None
        ) -> Action | None:
            self.asked.append(obs)
            return next(a for a in obs.legal_actions if a.kind is ActionKind.MOLODKA)

    asked = Asked(0)
    asked.asked = []
    players = [random_chooser, random_chooser, random_chooser, asked]
    seat, action = next_move(series, players, random.Random(0))
    assert seat == 3 and action == Action.molodka(*cards("6s 7s 8s 10s"))
    assert [o.seat for o in asked.asked] == [3]
