"""Ratings: direction of the moves, eggs as a draw, computer seats and the guild setting."""

from __future__ import annotations

import pytest

from kozel_discord.store import LeagueStore, PlayerStats
from kozel_discord.store.rating import DEFAULT_MU, DEFAULT_SIGMA, Skill, rate_game

from .conftest import League


async def stats(store: LeagueStore, guild_id: int, user_id: int) -> PlayerStats:
    profile = await store.player_profile(guild_id, user_id)
    assert profile is not None
    return profile.stats


async def test_winners_go_up_losers_go_down(store: LeagueStore, league: League) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    before = {u: await stats(store, g, u) for u in (1, 2, 3, 4)}
    assert {(s.mu, s.sigma) for s in before.values()} == {(DEFAULT_MU, DEFAULT_SIGMA)}
    await league.play(g, key, [1])  # team B (seats 1, 3: users 2, 4) wins
    after = {u: await stats(store, g, u) for u in (1, 2, 3, 4)}
    for winner in (2, 4):
        assert after[winner].mu > DEFAULT_MU
        assert after[winner].rating > before[winner].rating
    for loser in (1, 3):
        assert after[loser].mu < DEFAULT_MU
    assert all(after[u].sigma < DEFAULT_SIGMA for u in after)
    assert after[2].rating == pytest.approx(after[2].mu - 3 * after[2].sigma)

    # Every further win raises the winners' conservative rating and lowers the losers'.
    previous = after
    for number in range(2, 6):
        await league.play(g, key, [1], first=number)
        current = {u: await stats(store, g, u) for u in (1, 2, 3, 4)}
        assert current[2].rating > previous[2].rating
        assert current[1].mu < previous[1].mu
        previous = current


async def test_eggs_is_a_draw(store: LeagueStore, league: League) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    await league.play(g, key, [None])
    for user in (1, 2, 3, 4):
        s = await stats(store, g, user)
        assert s.mu == pytest.approx(DEFAULT_MU)
        assert s.sigma < DEFAULT_SIGMA
        assert (s.games_played, s.games_won, s.games_lost, s.eggs) == (1, 0, 0, 1)


def test_rate_game_with_one_computer_level_in_two_seats() -> None:
    skills = {"a": Skill(), "b": Skill(30.0, 5.0), "bot": Skill(20.0, 4.0)}
    new = rate_game(["a", "bot", "b", "bot"], skills, winner=0)
    assert new["a"].mu > skills["a"].mu and new["b"].mu > skills["b"].mu
    assert new["bot"].mu < skills["bot"].mu
    draw = rate_game(["a", "bot", "bot", "b"], skills, winner=None)  # the bot on both teams
    assert set(draw) == {"a", "b", "bot"}
    with pytest.raises(ValueError):
        rate_game(["a", "b", "bot"], skills, winner=0)


async def test_computer_seats_are_unranked_by_default(store: LeagueStore, league: League) -> None:
    g = league.guild()
    assert (await store.get_guild_settings(g)).rank_computer_series is False
    key = await league.start(g, [1, "heuristic", 2, "heuristic"])
    await league.play(g, key, [0] * 6)
    await league.finish(g, key, goats=1)
    series = await store.get_series(g, key)
    assert series is not None and series.ranked is False
    assert series.games_played == 6  # stored all the same
    for user in (1, 2):
        s = await stats(store, g, user)
        assert (s.mu, s.games_played, s.series_played) == (DEFAULT_MU, 0, 0)
    assert (await store.standings(g)).total == 0


async def test_guild_setting_ranks_series_with_computers(
    store: LeagueStore, league: League
) -> None:
    g = league.guild()
    unranked = await league.start(g, [1, "heuristic", 2, "random"])
    settings = await store.run(lambda uow: uow.set_rank_computer_series(g, True))
    assert settings.rank_computer_series is True
    assert (await store.get_guild_settings(g)).rank_computer_series is True
    ranked = await league.start(g, [1, "heuristic", 2, "random"])
    await league.play(g, ranked, [0] * 6)
    await league.finish(g, ranked, goats=1)
    await league.play(g, unranked, [0] * 3)  # decided at its start: stays unranked

    assert (await store.get_series(g, ranked)).ranked is True  # type: ignore[union-attr]
    assert (await store.get_series(g, unranked)).ranked is False  # type: ignore[union-attr]
    page = await store.standings(g)
    assert [r.user_id for r in page.rows] == [1, 2]  # computers are never listed
    one = page.rows[0]
    assert (one.games_played, one.games_won, one.series_won, one.goats) == (6, 6, 1, 0)
    assert one.mu > DEFAULT_MU
    profile = await store.player_profile(g, 1)
    assert profile is not None
    assert profile.best_partner is not None and profile.best_partner.user_id == 2

    # Lone human against three computers counts too when the setting is on.
    solo = await league.start(g, [3, "heuristic", "heuristic", "heuristic"])
    await league.play(g, solo, [1])
    three = await stats(store, g, 3)
    assert (three.games_played, three.games_lost) == (1, 1) and three.mu < DEFAULT_MU

    await store.run(lambda uow: uow.set_rank_computer_series(g, False))
    later = await league.start(g, [1, "heuristic", 2, "heuristic"])
    assert (await store.get_series(g, later)).ranked is False  # type: ignore[union-attr]


async def test_series_that_are_never_ranked(store: LeagueStore, league: League) -> None:
    g = league.guild()
    await store.run(lambda uow: uow.set_rank_computer_series(g, True))
    bots = await league.start(g, ["heuristic"] * 4)
    twice = await league.start(g, [1, 2, 1, 3])  # one user in two seats
    await league.play(g, bots, [0])
    await league.play(g, twice, [0])
    for key in (bots, twice):
        assert (await store.get_series(g, key)).ranked is False  # type: ignore[union-attr]
    assert (await store.standings(g)).total == 0
