"""How each ranked game moved its humans' ratings: kept with the game (for its summary),
on both backends."""

from __future__ import annotations

import pytest

from kozel_discord.store.rating import DEFAULT_ORDINAL

from .conftest import League


async def test_a_ranked_game_keeps_each_humans_rating_before_and_after(league: League) -> None:
    store = league.store
    g = league.guild()
    key = await league.start(g, [10, 20, 30, 40])  # team A: 10 and 30
    await league.play(g, key, [0])
    first = await store.rating_changes(g, key, 1)
    assert [c.user_id for c in first] == [10, 20, 30, 40]
    assert all(c.before == DEFAULT_ORDINAL for c in first)  # newcomers
    after_first = {r.user_id: r.rating for r in (await store.standings(g)).rows}
    assert {c.user_id: c.after for c in first} == after_first
    by_user = {c.user_id: c for c in first}
    assert by_user[10].after > by_user[10].before and by_user[30].after > by_user[30].before
    assert by_user[20].after < by_user[10].after  # the losers end below the winners

    await league.play(g, key, [1], first=2)
    second = {c.user_id: c for c in await store.rating_changes(g, key, 2)}
    assert {u: c.before for u, c in second.items()} == after_first  # it starts where game 1 ended
    assert second[20].after > second[20].before
    after_second = {r.user_id: r.rating for r in (await store.standings(g)).rows}
    assert {u: c.after for u, c in second.items()} == after_second

    # The whole series: from before its first game to after its last.
    whole = await store.rating_changes(g, key)
    assert [(c.user_id, c.before) for c in whole] == [
        (u, DEFAULT_ORDINAL) for u in (10, 20, 30, 40)
    ]
    assert [c.after for c in whole] == pytest.approx([after_second[u] for u in (10, 20, 30, 40)])

    # Recording a game again (after a crash) neither adds nor changes its rows.
    assert await league.play(g, key, [1], first=2) == [False]
    assert {c.user_id: c for c in await store.rating_changes(g, key, 2)} == second
    assert await store.rating_changes(g, key, 3) == []  # not played yet


async def test_an_unranked_game_moves_no_rating(league: League) -> None:
    store = league.store
    g = league.guild()
    key = await league.start(g, [10, "heuristic", 30, "random"])  # computers: not ranked here
    await league.play(g, key, [0])
    assert await store.rating_changes(g, key, 1) == []
    assert await store.rating_changes(g, key) == []
    assert await store.rating_changes(g, "no-such-series", 1) == []
    assert await store.rating_changes(league.guild(), key, 1) == []  # another server's


async def test_a_series_change_counts_only_its_own_games(league: League) -> None:
    # User 10 plays two ranked series of one length at once (two channels): both move the
    # same league row, but each series' total is the sum of its own games' changes.
    store = league.store
    g = league.guild()
    one = await league.start(g, [10, 20, 30, 40])
    two = await league.start(g, [10, 50, 60, 70])
    await league.play(g, one, [0])
    await league.play(g, two, [1])  # user 10 loses here, between the games of `one`
    await league.play(g, one, [0], first=2)
    games = [{c.user_id: c for c in await store.rating_changes(g, one, n)}[10] for n in (1, 2)]
    assert games[1].before != games[0].after  # the other series moved it in between
    [total] = [c for c in await store.rating_changes(g, one) if c.user_id == 10]
    assert total.before == games[0].before
    assert total.after - total.before == pytest.approx(
        sum(c.after - c.before for c in games), abs=1e-9
    )
