"""Series and games: idempotent recording, closing, per-series queries, validation."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from kozel_discord.store import (
    LeagueStore,
    SeriesClosedError,
    SeriesStart,
    SeriesStatus,
    StaleTableError,
    UnitOfWork,
    UnknownSeriesError,
)

from .conftest import T0, League, computer, human, make_game, new_id, seats_of


async def test_start_series_is_idempotent_and_updates_display_names(league: League) -> None:
    store = league.store
    g, channel = league.guild(), new_id()
    start = SeriesStart(g, channel, "key-1", seats_of([1, 2, 3, 4]), T0)
    assert await store.run(lambda uow: uow.start_series(start)) is True
    assert await store.run(lambda uow: uow.start_series(start)) is True  # same key: nothing new
    assert [s.series_key for s in await store.recent_series(g)] == ["key-1"]

    renamed = dataclasses.replace(
        start, series_key="key-2", seats=(human(0, 1, "Новое имя"), *start.seats[1:])
    )
    await store.run(lambda uow: uow.start_series(renamed))
    await league.play(g, "key-2", [0])
    profile = await store.player_profile(g, 1)
    assert profile is not None
    assert profile.display_name == "Новое имя"  # the last known display name
    first = await store.get_series(g, "key-1")
    assert first is not None
    assert first.seats[0].display_name == "user1"  # seats keep the name they had


async def test_record_game_is_idempotent(league: League) -> None:
    store = league.store
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    game = make_game(g, key, 1, winner=0, defeat_points=4)
    assert await store.run(lambda uow: uow.record_game(game)) is True
    assert await store.run(lambda uow: uow.record_game(game)) is False
    # A replay with different content (e.g. after a crash) does not overwrite either.
    assert (
        await store.run(lambda uow: uow.record_game(dataclasses.replace(game, trump_card="A♠")))
        is False
    )

    series = await store.get_series(g, key)
    assert series is not None
    assert (series.games_played, series.defeat_points, series.eggs) == (1, (0, 4), 0)
    games = await store.get_series_games(g, key)
    assert games == [game]
    page = await store.standings(g)
    assert {(r.user_id, r.games_played, r.games_won, r.games_lost) for r in page.rows} == {
        (1, 1, 1, 0),
        (3, 1, 1, 0),
        (2, 1, 0, 1),
        (4, 1, 0, 1),
    }
    assert {r.user_id: r.defeat_points_taken for r in page.rows} == {1: 0, 3: 0, 2: 4, 4: 4}


async def test_finish_series_is_idempotent(league: League) -> None:
    store = league.store
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    await league.play(g, key, [None, 1, 1, 1, 1, 1, 1])
    assert await league.finish(g, key, goats=0, eggs=1) is True
    assert await league.finish(g, key, goats=0, eggs=1) is False
    assert await league.finish(g, key, goats=1) is False  # closed: no second opinion

    series = await store.get_series(g, key)
    assert series is not None
    assert series.status is SeriesStatus.FINISHED
    assert (series.goats, series.goats_with_eggs, series.eggs) == (0, True, 1)
    assert series.defeat_points == (12, 0)
    assert series.ended_at is not None
    page = await store.standings(g, sort="goats")
    assert [(r.user_id, r.goats, r.goats_with_eggs, r.series_played) for r in page.rows] == [
        (1, 1, 1, 1),
        (3, 1, 1, 1),
        (2, 0, 0, 1),
        (4, 0, 0, 1),
    ]
    assert {r.user_id: (r.series_won, r.series_lost) for r in page.rows} == {
        1: (0, 1),
        3: (0, 1),
        2: (1, 0),
        4: (1, 0),
    }


async def test_closed_series_take_no_new_games(league: League) -> None:
    store = league.store
    g = league.guild()
    key = await league.series(g, [1, 2, 3, 4], winner=0)
    with pytest.raises(SeriesClosedError):
        await store.run(lambda uow: uow.record_game(make_game(g, key, 7, winner=0)))
    assert (
        await store.run(lambda uow: uow.record_game(make_game(g, key, 6, winner=0))) is False
    )  # a replay is fine
    assert len(await store.get_series_games(g, key)) == 6

    abandoned = await league.start(g, [1, 2, 3, 4])
    await league.play(g, abandoned, [0, 0])
    assert (
        await store.run(lambda uow: uow.abandon_series(g, abandoned, T0 + dt.timedelta(hours=2)))
        is True
    )
    assert (
        await store.run(lambda uow: uow.abandon_series(g, abandoned, T0 + dt.timedelta(hours=3)))
        is False
    )
    assert await league.finish(g, abandoned, goats=1) is False
    with pytest.raises(SeriesClosedError):
        await store.run(lambda uow: uow.record_game(make_game(g, abandoned, 3, winner=0)))
    summary = await store.get_series(g, abandoned)
    assert summary is not None
    assert summary.status is SeriesStatus.ABANDONED
    assert summary.ended_at == T0 + dt.timedelta(hours=2)
    assert summary.games_played == 2
    # The games of an abandoned series keep counting; the series itself does not.
    profile = await store.player_profile(g, 1)
    assert profile is not None
    assert (profile.stats.games_played, profile.stats.series_played) == (8, 1)


async def test_unknown_series(league: League) -> None:
    store = league.store
    g = league.guild()
    with pytest.raises(UnknownSeriesError):
        await store.run(lambda uow: uow.record_game(make_game(g, "nope", 1, winner=0)))
    with pytest.raises(UnknownSeriesError):
        await league.finish(g, "nope", goats=0)
    assert await store.run(lambda uow: uow.abandon_series(g, "nope", T0)) is False
    assert await store.get_series(g, "nope") is None
    assert await store.get_series_games(g, "nope") == []


async def test_series_games_round_trip(league: League) -> None:
    store = league.store
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    games = [make_game(g, key, n, w) for n, w in enumerate([0, None, 1], start=1)]
    games[2] = dataclasses.replace(
        games[2], record={"seed": 2**40, "actions": [[3, "play:K♦"]], "note": "ёжик"}
    )
    for game in reversed(games):  # any order
        assert await store.run(lambda uow, game=game: uow.record_game(game))
    loaded = await store.get_series_games(g, key)
    assert loaded == games
    assert all(x.finished_at.tzinfo is not None for x in loaded)
    assert loaded[1].eggs and loaded[1].winner is None
    series = await store.get_series(g, key)
    assert series is not None
    assert (series.games_played, series.eggs, series.defeat_points) == (3, 1, (2, 2))


async def test_recent_series(league: League) -> None:
    store = league.store
    g = league.guild()
    keys = [
        await league.start(g, [1, 2, 3, "heuristic"], at=T0 + dt.timedelta(minutes=i))
        for i in range(5)
    ]
    await league.play(g, keys[1], [0] * 6)
    await league.finish(g, keys[1], goats=1)
    recent = await store.recent_series(g, limit=3)
    assert [s.series_key for s in recent] == [keys[4], keys[3], keys[2]]
    assert recent[0].seats[3] == computer(3)
    assert recent[0].status is SeriesStatus.ACTIVE and recent[0].ranked is False
    everything = await store.recent_series(g, limit=10)
    assert [s.series_key for s in everything] == keys[::-1]
    assert everything[3].status is SeriesStatus.FINISHED
    assert everything[3].goats == 1


async def test_invalid_input_is_rejected(league: League) -> None:
    store = league.store
    g = league.guild()
    with pytest.raises(ValueError, match="each seat"):
        await store.run(
            lambda uow: uow.start_series(SeriesStart(g, 1, "k", seats_of([1, 2, 3]), T0))
        )
    with pytest.raises(ValueError, match="computer_level"):
        bad = (*seats_of([1, 2, 3]), dataclasses.replace(computer(3), computer_level=None))
        await store.run(lambda uow: uow.start_series(SeriesStart(g, 1, "k", bad, T0)))
    key = await league.start(g, [1, 2, 3, 4])
    game = make_game(g, key, 1, winner=0)
    for broken in (
        dataclasses.replace(game, number=0),
        dataclasses.replace(game, dealer=4),
        dataclasses.replace(game, eggs=True),  # eggs with defeat points
        dataclasses.replace(game, card_points=(60, 60)),  # 60-60 that is not eggs
    ):
        with pytest.raises(ValueError):
            await store.run(lambda uow, game=broken: uow.record_game(game))
    assert await store.get_series_games(g, key) == []


async def test_unit_of_work_commits_together_or_not_at_all(
    store: LeagueStore, league: League
) -> None:
    """The service records a finished game and the next table snapshot atomically."""
    g, channel = league.guild(), new_id()
    key = await league.start(g, [1, 2, 3, 4], channel_id=channel)
    await store.run(lambda uow: uow.save_table(g, channel, 1, {"game": 1}, {}, {}, None))

    # A stale snapshot aborts the whole unit: the game is not recorded either.
    with pytest.raises(StaleTableError):
        async with store.unit_of_work() as uow:
            assert await uow.record_game(make_game(g, key, 1, winner=0))
            await uow.save_table(g, channel, 3, {"game": 2}, {}, {}, None)
    assert await store.get_series_games(g, key) == []

    async with store.unit_of_work() as uow:
        assert await uow.record_game(make_game(g, key, 1, winner=0))
        await uow.save_table(g, channel, 2, {"game": 2}, {}, {}, None)
    assert len(await store.get_series_games(g, key)) == 1
    table = await store.load_table(channel)
    assert table is not None and table.version == 2

    # After a crash between the move and the recording the service records again: no-op.
    async def replay(uow: UnitOfWork) -> bool:
        return await uow.record_game(make_game(g, key, 1, winner=0))

    assert await store.run(replay) is False
    profile = await store.player_profile(g, 1)
    assert profile is not None and profile.stats.games_played == 1


async def test_finish_with_other_totals_than_the_games_is_logged(
    league: League, caplog: pytest.LogCaptureFixture
) -> None:
    g = league.guild()
    key = await league.start(g, [1, 2, 3, 4])
    await league.play(g, key, [0] * 5)  # 10 defeat points for team B
    with caplog.at_level("WARNING", logger="kozel_discord.store.series"):
        assert await league.finish(g, key, goats=1, defeat_points=(0, 12))
    assert "add up to (0, 10)" in caplog.text
    series = await league.store.get_series(g, key)
    assert series is not None and series.defeat_points == (0, 12)  # the final word
