"""The hard computer's budget is work (worlds), the wall clock only a safety net (issue 15):
a slow host gives it the same worlds, hence the same moves, as a fast one."""

from __future__ import annotations

import itertools

import pytest

from kozel_discord.ai import SearchBudget, StrongPlayer, get_player
from kozel_discord.engine import Observation, Series, observe
from kozel_discord.settings import Settings


def first_search_position() -> Observation:
    """The first position of a series with a choice to make."""
    series = Series(8)
    seat = series.turn
    assert seat is not None
    obs = observe(series, seat)
    assert len(obs.legal_actions) > 1
    return obs


def slow_clock(step: float) -> itertools.count[float]:
    return itertools.count(0.0, step)


def test_a_slow_host_searches_every_world_and_plays_as_a_fast_one() -> None:
    obs = first_search_position()
    fast = StrongPlayer(3, iterations=40, time_budget=1.0, clock=slow_clock(0.0).__next__)
    slow = StrongPlayer(3, iterations=40, time_budget=1.0, clock=slow_clock(0.02).__next__)
    assert fast.choose(obs) == slow.choose(obs)
    assert fast.last_iterations == slow.last_iterations == 40  # 0.8 s of a slow clock
    assert not slow.last_capped


def test_the_time_cap_is_a_safety_net_that_stops_a_hopeless_search() -> None:
    obs = first_search_position()
    p = StrongPlayer(3, iterations=40, time_budget=1.0, clock=slow_clock(0.25).__next__)
    assert p.choose(obs) in obs.legal_actions
    assert p.last_iterations == 5  # more than 1 s has passed after 5 worlds of 0.25 s
    assert p.last_capped


def test_get_player_takes_a_budget() -> None:
    obs = first_search_position()
    p = get_player("hard", 1, budget=SearchBudget(worlds=7, time_cap=None))
    assert isinstance(p, StrongPlayer)
    assert (p.iterations, p.time_budget) == (7, None)
    p.choose(obs)
    assert p.last_iterations == 7
    default = get_player("strong", 1)
    assert isinstance(default, StrongPlayer)
    assert (default.iterations, default.time_budget) == (SearchBudget().worlds, 1.0)
    with pytest.raises(ValueError):
        SearchBudget(worlds=0)
    with pytest.raises(ValueError):
        SearchBudget(time_cap=0)


def test_the_settings_of_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_AI_WORLDS", "60")
    monkeypatch.setenv("KOZEL_AI_TIME_CAP_MS", "0")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (s.ai_worlds, s.ai_time_cap_seconds) == (60, None)
    d = Settings(_env_file=None, ai_worlds=120, ai_time_cap_ms=1000)  # type: ignore[call-arg]
    assert (d.ai_worlds, d.ai_time_cap_seconds) == (120, 1.0)
