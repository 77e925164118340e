"""The ranked-game update as a pure function: no database, just skills in and out."""

from __future__ import annotations

import pytest

from kozel_discord.store.rating import (
    DEFAULT_SKILL,
    ComputerGameUpdate,
    PlayerGameUpdate,
    RatedSeat,
    Skill,
    rate_game,
    rate_ranked_game,
)


def human(user_id: int, skill: Skill = DEFAULT_SKILL) -> RatedSeat:
    return RatedSeat(user_id=user_id, computer_level=None, skill=skill)


def computer(level: str, skill: Skill = DEFAULT_SKILL) -> RatedSeat:
    return RatedSeat(user_id=None, computer_level=level, skill=skill)


def test_a_win_of_team_b_moves_ratings_and_counters() -> None:
    # Seats 0..3 are users 40, 10, 30, 20: team A = 40 and 30, team B = 10 and 20.
    seats = [human(40), human(10), human(30), human(20)]
    update = rate_ranked_game(seats, winner=1, defeat_points=(2, 0))
    assert [p.user_id for p in update.players] == [10, 20, 30, 40]  # the lock order
    by_user = {p.user_id: p for p in update.players}
    for winner in (10, 20):
        p = by_user[winner]
        assert (p.won, p.lost, p.eggs) == (1, 0, 0)
        assert (p.defeat_points_taken, p.defeat_points_inflicted) == (0, 2)
        assert p.skill.mu > DEFAULT_SKILL.mu and p.skill.ordinal > DEFAULT_SKILL.ordinal
    for loser in (30, 40):
        p = by_user[loser]
        assert (p.won, p.lost, p.eggs) == (0, 1, 0)
        assert (p.defeat_points_taken, p.defeat_points_inflicted) == (2, 0)
        assert p.skill.mu < DEFAULT_SKILL.mu
    assert all(p.skill.sigma < DEFAULT_SKILL.sigma for p in update.players)
    assert update.computers == ()


def test_the_update_equals_openskill_on_the_same_teams() -> None:
    strong, weak = Skill(30.0, 5.0), Skill(20.0, 7.0)
    seats = [human(1, strong), human(2, weak), human(3, strong), human(4, weak)]
    update = rate_ranked_game(seats, winner=0, defeat_points=(0, 4))
    expected = rate_game([1, 2, 3, 4], {1: strong, 2: weak, 3: strong, 4: weak}, 0)
    assert {p.user_id: p.skill for p in update.players} == expected
    # The favourites gain less than the underdogs would have.
    upset = rate_ranked_game(seats, winner=1, defeat_points=(4, 0))
    gain = update.players[0].skill.mu - strong.mu
    upset_gain = upset.players[1].skill.mu - weak.mu
    assert 0 < gain < upset_gain


def test_eggs_is_a_draw_for_equal_teams() -> None:
    seats = [human(1), human(2), human(3), human(4)]
    update = rate_ranked_game(seats, winner=None, defeat_points=(0, 0))
    for p in update.players:
        assert (p.won, p.lost, p.eggs, p.defeat_points_taken) == (0, 0, 1, 0)
        assert p.skill.mu == pytest.approx(DEFAULT_SKILL.mu)
        assert p.skill.sigma < DEFAULT_SKILL.sigma


def test_computers_are_rated_once_per_level() -> None:
    seats = [human(7), computer("heuristic"), human(8), computer("heuristic")]
    update = rate_ranked_game(seats, winner=0, defeat_points=(0, 2))
    assert [p.user_id for p in update.players] == [7, 8]
    assert len(update.computers) == 1
    (bot,) = update.computers
    assert isinstance(bot, ComputerGameUpdate) and bot.level == "heuristic"
    assert bot.skill.mu < DEFAULT_SKILL.mu
    assert all(isinstance(p, PlayerGameUpdate) and p.won == 1 for p in update.players)


def test_a_game_has_four_seats() -> None:
    with pytest.raises(ValueError, match="four seats"):
        rate_ranked_game([human(1), human(2), human(3)], winner=0, defeat_points=(0, 2))
