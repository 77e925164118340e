"""One finished game by its id (replays and exports), and the recent games to pick from."""

from __future__ import annotations

import datetime as dt

import pytest

from kozel_discord.store import LeagueStore

from .conftest import League, new_id


async def test_get_game_returns_the_record_and_the_series_totals_before_it(
    league: League,
) -> None:
    store: LeagueStore = league.store
    g = league.guild()
    key = await league.start(g, [1, 2, "heuristic", 4])
    await league.play(g, key, [0, None, 1, 0], defeat_points=4)
    listed = await store.recent_games(g)
    assert [x.number for x in listed] == [4, 3, 2, 1]  # newest first
    third = next(x for x in listed if x.number == 3)
    game = await store.get_game(third.game_id)
    assert game is not None
    assert (game.guild_id, game.series_key, game.number) == (g, key, 3)
    assert game.record == {"seed": 3, "actions": [[0, "play:A♠"], [1, "play:7♠"]]}
    assert game.defeat_points == (4, 0) and game.card_points == (30, 90)
    # before game 3: game 1 gave team B 4, game 2 was eggs
    assert (game.defeat_points_before, game.eggs_before) == ((0, 4), 1)
    assert [s.seat for s in game.seats] == [0, 1, 2, 3]
    assert game.seats[2].computer_level == "heuristic" and game.seats[2].user_id is None
    first = await store.get_game(next(x.game_id for x in listed if x.number == 1))
    assert first is not None and (first.defeat_points_before, first.eggs_before) == ((0, 0), 0)
    assert await store.get_game(max(x.game_id for x in listed) + 10_000) is None
    assert game.target == 12


async def test_a_stored_game_knows_its_series_length(league: League) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, "heuristic", 4], target=6)
    await league.play(g, key, [0], defeat_points=4)
    (listed,) = await league.store.recent_games(g)
    game = await league.store.get_game(listed.game_id)
    assert game is not None and game.target == 6


async def test_recent_games_per_server_and_per_player(league: League) -> None:
    store = league.store
    g, other = league.guild(), league.guild()
    alice, bob = new_id(), new_id()
    t0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
    mine = await league.start(g, [alice, 2, 3, 4], at=t0)
    await league.play(g, mine, [0, 1])
    theirs = await league.start(g, [bob, 6, 7, 8], at=t0 + dt.timedelta(hours=1))
    await league.play(g, theirs, [1])
    elsewhere = await league.start(other, [alice, 2, 3, 4], at=t0)
    await league.play(other, elsewhere, [0])

    everything = await store.recent_games(g)
    assert {x.series_key for x in everything} == {mine, theirs}
    assert all(x.guild_id == g for x in everything)
    alices = await store.recent_games(g, user_id=alice)
    assert [(x.series_key, x.number) for x in alices] == [(mine, 2), (mine, 1)]
    assert await store.recent_games(g, user_id=new_id()) == []
    assert len(await store.recent_games(g, limit=1)) == 1
    # A game of the other server is found by id, and says which server it belongs to.
    (foreign,) = await store.recent_games(other)
    found = await store.get_game(foreign.game_id)
    assert found is not None and found.guild_id == other
    with pytest.raises(ValueError):
        await store.recent_games(g, limit=26)
