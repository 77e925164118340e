"""The league table: ordering, sorting, pagination, ties, profiles, and server isolation."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncEngine

from kozel_discord.store import STANDINGS_SORTS, LeagueStore, PartnerStats

from .conftest import T0, League, columns, make_game, new_id


async def test_empty_table(store: LeagueStore, league: League) -> None:
    page = await store.standings(league.guild())
    assert (page.total, page.pages, page.page, page.rows) == (0, 1, 0, ())


async def test_rating_order_ties_and_pagination(store: LeagueStore, league: League) -> None:
    g = league.guild()
    # Users 1..8 in two tables; the winners of each table are tied with each other.
    await league.series(g, [11, 12, 13, 14], winner=0)  # 11, 13 win
    await league.series(g, [21, 22, 23, 24], winner=1)  # 22, 24 win
    page = await store.standings(g, per_page=3)
    assert (page.total, page.pages, page.page) == (8, 3, 0)
    # Same results give the same ratings: tied players share the rank, in user id order.
    assert columns(page.rows, "rank", "user_id") == [(1, 11), (1, 13), (1, 22)]
    page = await store.standings(g, page=1, per_page=3)
    assert columns(page.rows, "rank", "user_id") == [(1, 24), (5, 12), (5, 14)]
    page = await store.standings(g, page=2, per_page=3)
    assert columns(page.rows, "rank", "user_id") == [(5, 21), (5, 23)]
    assert (await store.standings(g, page=99, per_page=3)).page == 2  # clamped
    assert (await store.standings(g, page=-1, per_page=3)).page == 0
    ratings = [r.rating for r in (await store.standings(g, per_page=100)).rows]
    assert ratings == sorted(ratings, reverse=True)
    assert ratings[0] > 0 > ratings[-1]


async def test_sort_columns(store: LeagueStore, league: League) -> None:
    g = league.guild()
    await league.series(g, [1, 2, 3, 4], winner=0, eggs=2)  # 2, 4 goats with eggs
    await league.series(g, [1, 5, 3, 6], winner=0)  # 5, 6 goats
    await league.series(g, [5, 1, 6, 7], winner=0)  # 1, 7 goats
    by = {}
    for sort in ("series_won", "goats", "goats_with_eggs", "eggs", "games_won", "games_played"):
        page = await store.standings(g, sort=sort, per_page=100)
        by[sort] = columns(page.rows, "user_id", sort)
    assert by["series_won"] == [(1, 2), (3, 2), (5, 1), (6, 1), (2, 0), (4, 0), (7, 0)]
    assert by["goats"] == [(1, 1), (2, 1), (4, 1), (5, 1), (6, 1), (7, 1), (3, 0)]
    assert by["goats_with_eggs"][:2] == [(2, 1), (4, 1)]
    assert by["eggs"][:4] == [(1, 2), (2, 2), (3, 2), (4, 2)]
    assert by["games_won"][:3] == [(1, 12), (3, 12), (5, 6)]
    assert by["games_played"][0] == (1, 20)
    page = await store.standings(g, sort="goats", per_page=100)
    assert columns(page.rows, "rank")[:7] == [(1,)] * 6 + [(7,)]
    for sort in STANDINGS_SORTS:
        assert (await store.standings(g, sort=sort)).total == 7
    with pytest.raises(ValueError, match="unknown sort"):
        await store.standings(g, sort="user_id; DROP TABLE players")
    with pytest.raises(ValueError):
        await store.standings(g, per_page=0)


async def test_profile_and_best_partner(store: LeagueStore, league: League) -> None:
    g = league.guild()
    t = [T0 + dt.timedelta(hours=h) for h in range(10)]
    await league.series(g, [1, 2, 3, 4], winner=0, at=t[0])  # 1+3 win
    await league.series(g, [1, 2, 5, 4], winner=0, at=t[1])  # 1+5 win
    await league.series(g, [1, 2, 5, 4], winner=0, at=t[2])  # 1+5 win
    await league.series(g, [1, 2, 3, 4], winner=1, at=t[3])  # 1+3 lose
    await league.series(g, [1, 6, 3, 7], winner=1, at=t[4])  # 1+3 lose, 6+7 win
    await league.series(g, [8, 1, 9, 3], winner=1, at=t[5])  # 1+3 win, 8+9 lose
    # User 1 won twice with 5 (in 2 series) and twice with 3 (in 4 series): equal wins,
    # the better record decides.
    profile = await store.player_profile(g, 1, recent=3)
    assert profile is not None
    assert profile.best_partner is not None
    assert profile.best_partner == PartnerStats(5, "user5", series_played=2, series_won=2)
    assert (profile.stats.series_played, profile.stats.series_won, profile.stats.goats) == (6, 4, 2)
    assert [s.started_at for s in profile.recent_series] == [t[5], t[4], t[3]]
    table = (await store.standings(g, per_page=100)).rows
    assert profile.rank == next(r.rank for r in table if r.user_id == 1)

    three = await store.player_profile(g, 3)
    assert three is not None
    assert three.best_partner == PartnerStats(1, "user1", series_played=4, series_won=2)
    six = await store.player_profile(g, 6)
    assert six is not None and six.best_partner is not None
    assert six.best_partner.user_id == 7
    eight = await store.player_profile(g, 8)
    assert eight is not None and eight.best_partner is None  # never won with a partner
    assert await store.player_profile(g, 999) is None


async def test_player_without_ranked_games_is_not_listed(
    store: LeagueStore, league: League
) -> None:
    g = league.guild()
    key = await league.start(g, [1, "heuristic", 2, "heuristic"])  # unranked by default
    await league.play(g, key, [0] * 6)
    await league.finish(g, key, goats=1)
    assert (await store.standings(g)).total == 0
    profile = await store.player_profile(g, 1)
    assert profile is not None
    assert profile.rank is None
    assert profile.stats.games_played == 0
    assert [s.series_key for s in profile.recent_series] == [key]


async def test_servers_never_see_each_others_data(store: LeagueStore, league: League) -> None:
    a, b = league.guild(), league.guild()
    key = "same-key-in-both-servers"
    # The same users and the same series key in two servers, with opposite results.
    await league.start(a, [1, 2, 3, 4], key=key)
    await league.start(b, [1, 2, 3, 4], key=key)
    await league.play(a, key, [0] * 6)
    await league.play(b, key, [1] * 3)
    await league.finish(a, key, goats=1)
    channel_a, channel_b = new_id(), new_id()
    await store.run(lambda uow: uow.save_table(a, channel_a, 1, {"server": "a"}, {}, {}, None))
    await store.run(lambda uow: uow.save_table(b, channel_b, 1, {"server": "b"}, {}, {}, None))
    await store.run(lambda uow: uow.set_rank_computer_series(b, True))

    rows_a = {r.user_id: r for r in (await store.standings(a)).rows}
    rows_b = {r.user_id: r for r in (await store.standings(b)).rows}
    assert (rows_a[1].games_won, rows_a[1].series_won, rows_a[2].games_won) == (6, 1, 0)
    assert (rows_b[1].games_won, rows_b[1].series_played, rows_b[2].games_won) == (0, 0, 3)
    assert rows_a[1].rating > rows_a[2].rating and rows_b[1].rating < rows_b[2].rating
    profile_b = await store.player_profile(b, 1)
    assert profile_b is not None and profile_b.best_partner is None
    assert [s.guild_id for s in await store.recent_series(a)] == [a]
    series_b = await store.get_series(b, key)
    assert series_b is not None
    assert (series_b.status, series_b.games_played) == ("active", 3)
    assert len(await store.get_series_games(a, key)) == 6
    assert len(await store.get_series_games(b, key)) == 3
    assert [t.state for t in await store.list_tables({a})] == [{"server": "a"}]
    assert (await store.get_guild_settings(a)).rank_computer_series is False
    assert (await store.get_guild_settings(b)).rank_computer_series is True
    # Recording for a series key that only exists in the other server fails.
    other = dataclasses.replace(make_game(a, key, 4, winner=0), guild_id=league.guild())
    with pytest.raises(LookupError):
        await store.run(lambda uow: uow.record_game(other))


async def test_players_shown_with_the_same_rating_share_their_place(
    store: LeagueStore, league: League, engine: AsyncEngine
) -> None:
    # "3. @a 1691 / 4. @b 1691": places were judged on the stored ordinal while players
    # read it in whole points.
    from kozel_discord.store import models
    from kozel_discord.store.rating import rating_points

    g = league.guild()
    await league.series(g, [31, 32, 33, 34], winner=0)
    ordinals = {31: 17.2862, 32: 17.2706, 33: 17.2905, 34: 5.0}  # 1691, 1691, 1692, 1200
    async with engine.begin() as conn:
        for user, value in ordinals.items():
            await conn.execute(
                update(models.LeagueEntry)
                .where(models.LeagueEntry.guild_id == g, models.LeagueEntry.user_id == user)
                .values(rating=value)
            )
    assert [rating_points(v) for v in ordinals.values()] == [1691, 1691, 1692, 1200]
    page = await store.standings(g, per_page=100)
    assert columns(page.rows, "user_id", "rank") == [(33, 1), (31, 2), (32, 2), (34, 4)]
    second = await store.standings(g, page=1, per_page=2)  # a page that starts in a tie
    assert columns(second.rows, "user_id", "rank") == [(32, 2), (34, 4)]
    for user, rank in ((31, 2), (32, 2), (33, 1), (34, 4)):
        profile = await store.player_profile(g, user)
        assert profile is not None and profile.rank == rank
