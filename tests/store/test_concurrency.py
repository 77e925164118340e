"""Concurrent recording in one server gives exact counters (no lost updates)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from sqlalchemy.exc import DBAPIError, OperationalError

from kozel_discord.store import LeagueStore, StoreError, StoreUnavailable, UnitOfWork
from kozel_discord.store.db import is_transient_error

from .conftest import League, make_game

N = 20


async def test_concurrent_games_of_one_series(store: LeagueStore, league: League) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    winners = [0 if n % 3 else None for n in range(1, N + 1)]  # some eggs
    results = await asyncio.gather(
        *(
            store.run(lambda uow, game=game: uow.record_game(game))
            for game in (
                make_game(g, key, n, w, defeat_points=2) for n, w in enumerate(winners, start=1)
            )
        )
    )
    assert results == [True] * N
    won = sum(1 for w in winners if w == 0)
    eggs = N - won
    series = await store.get_series(g, key)
    assert series is not None
    assert (series.games_played, series.defeat_points, series.eggs) == (N, (0, 2 * won), eggs)
    rows = {r.user_id: r for r in (await store.standings(g)).rows}
    for user in (1, 3):
        assert (rows[user].games_played, rows[user].games_won, rows[user].eggs) == (N, won, eggs)
        assert rows[user].defeat_points_inflicted == 2 * won
    for user in (2, 4):
        assert (rows[user].games_played, rows[user].games_lost) == (N, won)
        assert rows[user].defeat_points_taken == 2 * won
    assert len(await store.get_series_games(g, key)) == N


async def test_concurrent_games_of_many_series_sharing_players(
    store: LeagueStore, league: League
) -> None:
    g = league.guild()
    # Six players in rotating seats, so concurrent transactions lock overlapping rows.
    lineups = [[(i + k) % 6 + 1 for k in range(4)] for i in range(N)]
    keys = [await league.start(g, lineup) for lineup in lineups]
    results = await asyncio.gather(
        *(
            store.run(lambda uow, game=game: uow.record_game(game))
            for game in (make_game(g, key, 1, winner=i % 2) for i, key in enumerate(keys))
        )
    )
    assert results == [True] * N
    expected: dict[int, list[int]] = {u: [0, 0] for u in range(1, 7)}  # played, won
    for i, lineup in enumerate(lineups):
        for seat, user in enumerate(lineup):
            expected[user][0] += 1
            expected[user][1] += 1 if seat % 2 == i % 2 else 0
    rows = {r.user_id: r for r in (await store.standings(g, per_page=100)).rows}
    assert {u: [r.games_played, r.games_won] for u, r in rows.items()} == expected
    assert sum(r.games_won for r in rows.values()) == 2 * N


async def test_concurrent_duplicates_are_recorded_once(store: LeagueStore, league: League) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    game = make_game(g, key, 1, winner=1)
    results = await asyncio.gather(
        *(store.run(lambda uow: uow.record_game(game)) for _ in range(10))
    )
    assert sorted(results) == [False] * 9 + [True]
    await league.play(g, key, [1] * 5, first=2)
    finished = await asyncio.gather(*(league.finish(g, key, goats=0) for _ in range(5)))
    assert sorted(finished) == [False] * 4 + [True]
    rows = {r.user_id: r for r in (await store.standings(g)).rows}
    assert (rows[2].games_played, rows[2].series_played, rows[2].series_won) == (6, 1, 1)
    assert (rows[1].series_lost, rows[1].goats) == (1, 1)


async def test_transient_errors_are_retried(store: LeagueStore, league: League) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    attempts = 0

    async def work(uow: UnitOfWork) -> bool:
        nonlocal attempts
        attempts += 1
        recorded = await uow.record_game(make_game(g, key, 1, winner=0))
        if attempts == 1:  # fails after writing: the first attempt must roll back
            raise OperationalError("COMMIT", {}, sqlite3.OperationalError("database is locked"))
        return recorded

    assert await store.run(work) is True
    assert attempts == 2
    assert len(await store.get_series_games(g, key)) == 1

    async def broken(uow: UnitOfWork) -> None:
        raise OperationalError("SELECT", {}, sqlite3.OperationalError("no such table: x"))

    with pytest.raises(StoreUnavailable) as failed:
        await store.run(broken)
    assert isinstance(failed.value.__cause__, OperationalError)
    assert "no such table: x" in str(failed.value)


def test_transient_error_classification() -> None:
    class PgError(Exception):
        def __init__(self, sqlstate: str) -> None:
            super().__init__(sqlstate)
            self.sqlstate = sqlstate

    def wrapped(orig: Exception) -> DBAPIError:
        return DBAPIError("UPDATE", {}, orig)

    assert is_transient_error(wrapped(sqlite3.OperationalError("database is locked")))
    assert is_transient_error(wrapped(PgError("40P01")))  # deadlock detected
    assert is_transient_error(wrapped(PgError("40001")))  # serialization failure
    assert not is_transient_error(wrapped(PgError("23505")))  # unique violation
    assert not is_transient_error(ValueError("database is locked"))


async def test_nested_unit_of_work_is_an_error(store: LeagueStore, league: League) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    with pytest.raises(StoreError, match="nested"):
        async with store.unit_of_work() as uow:
            await uow.record_game(make_game(g, key, 1, winner=0))
            await store.run(lambda uow: uow.record_game(make_game(g, key, 2, winner=0)))
    assert await store.get_series_games(g, key) == []  # the outer unit rolled back
