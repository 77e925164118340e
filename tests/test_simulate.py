"""``kozel-discord simulate`` with computer players."""

from __future__ import annotations

import random

import pytest

from kozel_discord.ai import HeuristicPlayer, RandomPlayer
from kozel_discord.cli import build_parser, main
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
    assert (
        "players (seats):  heuristic (normal), random (easy), heuristic (normal), random (easy)"
        in out
    )
    assert "team A (seats 1 and 3): heuristic (normal) + heuristic (normal)" in out
    assert "team B (seats 2 and 4): random (easy) + random (easy)" in out
    assert "series played:    3" in out
    assert "goats by team:    A 0, B 3" in out  # heuristic partners against random ones


def test_simulate_accepts_both_level_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--series", "1", "--players", "normal,easy,heuristic,random"]) == 0
    out = capsys.readouterr().out
    assert "heuristic (normal), random (easy), heuristic (normal), random (easy)" in out
    help_text = " ".join(_simulate_help().split())
    assert "easy = random, normal = heuristic, hard = strong" in help_text


def _simulate_help() -> str:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return str(sub.choices["simulate"].format_help())  # type: ignore[attr-defined]


@pytest.mark.parametrize("count", ["-1", "0", "many"])
def test_simulate_refuses_a_series_count_below_one(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--series", count])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --series:" in err
    assert ("must be at least 1" in err) or ("not a whole number" in err)
    with pytest.raises(ValueError, match="at least 1"):
        simulate(0, 1, make_players("random", 1))


def test_simulate_reports_progress_after_each_series() -> None:
    ticks: list[int] = []
    simulate(3, 1, make_players("random", 1), on_series=lambda: ticks.append(1))
    assert len(ticks) == 3


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
