"""House rules (migration 0003): the guild's defaults, each series' rules, and one league
per series length; on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from kozel_discord.store import LeagueStore, SeriesStart, create_sessionmaker
from kozel_discord.store.db import create_engine, downgrade_database, upgrade_database

from .conftest import T0, League, new_id, seats_of
from .test_migrations import fresh_url  # noqa: F401  (a fixture)


async def test_defaults_then_changes_then_back_to_the_default(store: LeagueStore) -> None:
    g = new_id()
    first = await store.get_guild_settings(g)
    assert (first.series_length, first.turn_timer, first.hints_allowed, first.table_locale) == (
        12,
        None,
        True,
        None,
    )
    changed = await store.run(
        lambda uow: uow.set_guild_settings(
            g, {"series_length": 8, "turn_timer": 0, "hints_allowed": False, "table_locale": "ru"}
        )
    )
    assert (changed.series_length, changed.turn_timer, changed.hints_allowed) == (8, 0, False)
    assert changed.table_locale == "ru" and changed.table_threads is True
    await store.run(lambda uow: uow.set_table_threads(g, False))  # other settings stay
    kept = await store.get_guild_settings(g)
    assert (kept.series_length, kept.table_threads) == (8, False)
    back = await store.run(
        lambda uow: uow.set_guild_settings(g, {"series_length": None, "table_locale": None})
    )
    assert (back.series_length, back.table_locale, back.turn_timer) == (12, None, 0)


@pytest.mark.parametrize(
    "values",
    [
        {"series_length": 7},
        {"series_length": 0},
        {"turn_timer": -1},
        {"turn_timer": 99_999},
        {"turn_timer": True},
        {"hints_allowed": "yes"},
        {"table_locale": ""},
        {"colour": "red"},
    ],
)
async def test_bad_values_are_refused_and_change_nothing(
    store: LeagueStore, values: dict[str, object]
) -> None:
    g = new_id()
    await store.run(lambda uow: uow.set_guild_settings(g, {"series_length": 10}))
    with pytest.raises(ValueError):
        await store.run(lambda uow: uow.set_guild_settings(g, values))
    assert (await store.get_guild_settings(g)).series_length == 10


async def test_each_series_keeps_its_rules(store: LeagueStore, league: League) -> None:
    g = league.guild()
    a, b, c, d = (new_id() for _ in range(4))
    key = str(new_id())
    start = SeriesStart(
        guild_id=g,
        channel_id=new_id(),
        series_key=key,
        seats=seats_of([a, b, c, d]),
        started_at=T0,
        target=8,
        turn_timer=60,
        hints=False,
    )
    assert await store.run(lambda uow: uow.start_series(start)) is True
    summary = await store.get_series(g, key)
    assert summary is not None and (summary.target, summary.hints) == (8, False)
    old = await store.get_series(g, await league.start(g, [a, b, c, d]))
    assert old is not None and old.target == 12


async def test_a_series_with_hints_is_never_ranked(store: LeagueStore, league: League) -> None:
    g = league.guild()
    humans = [new_id() for _ in range(4)]
    await store.run(lambda uow: uow.set_rank_computer_series(g, True))
    key = await league.start(g, humans, hints=True)
    summary = await store.get_series(g, key)
    assert summary is not None and summary.hints and not summary.ranked
    await league.play(g, key, [0, 0])
    assert (await store.standings(g)).total == 0  # nobody listed


async def test_the_league_separates_series_lengths(store: LeagueStore, league: League) -> None:
    g = league.guild()
    short = [new_id() for _ in range(4)]
    long = [new_id() for _ in range(4)]
    both = short[0]
    key8 = await league.start(g, short, target=8)
    await league.play(g, key8, [0, 0, 0, 0])
    await league.finish(g, key8, 1, defeat_points=(0, 8))
    key12 = await league.start(g, [both, *long[1:]])
    await league.play(g, key12, [1, 1])

    eight = await store.standings(g, target=8)
    twelve = await store.standings(g)
    assert eight.target == 8 and twelve.target == 12
    assert {r.user_id for r in eight.rows} == set(short)
    assert {r.user_id for r in twelve.rows} == {both, *long[1:]}
    row8 = next(r for r in eight.rows if r.user_id == both)
    row12 = next(r for r in twelve.rows if r.user_id == both)
    assert (row8.games_played, row8.games_won, row8.series_won) == (4, 4, 1)
    assert (row12.games_played, row12.games_won, row12.series_won) == (2, 0, 0)
    assert row8.rating > row12.rating  # separate ratings
    ten = await store.standings(g, target=10)
    # Nobody at 10: the page says which lengths of the league do list players.
    assert ten.total == 0 and ten.other_lengths == (8, 12)
    assert eight.other_lengths == () and twelve.other_lengths == ()

    p8 = await store.player_profile(g, both, target=8)
    p12 = await store.player_profile(g, both)
    p10 = await store.player_profile(g, both, target=10)
    assert p8 is not None and p12 is not None and p10 is not None
    assert (p8.target, p8.stats.games_played, p8.rank) == (8, 4, 1)
    assert (p12.stats.games_played, p12.stats.games_won) == (2, 0)
    assert (p10.stats.games_played, p10.rank) == (0, None)  # no games at that length
    assert {s.target for s in p12.recent_series} == {8, 12}  # recent series: every length


async def test_the_migration_keeps_the_league_as_the_12_point_league(
    fresh_url: str,  # noqa: F811
) -> None:
    """A database at 0002 with a rated player and a series: after 0003 the player's rating
    and counters are the 12-point league and the series is a series to 12; a downgrade
    brings them back into ``players``."""
    await upgrade_database(fresh_url, "0002")
    engine = create_engine(fresh_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO guilds (guild_id) VALUES (1)"))
            await conn.execute(
                text(
                    "INSERT INTO players (guild_id, user_id, display_name, mu, sigma, rating, "
                    "games_played, games_won, series_won) VALUES (1, 7, 'Ann', 30, 5, 15, 9, 6, 1)"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO series (guild_id, series_key, channel_id, ranked, status, "
                    "started_at) VALUES (1, 'k', 5, true, 'finished', '2026-11-30 10:00:00')"
                )
            )
        await upgrade_database(fresh_url)
        store_engine = create_engine(fresh_url)
        store = LeagueStore(create_sessionmaker(store_engine))
        try:
            page = await store.standings(1)
            assert [
                (r.user_id, r.display_name, r.games_played, r.games_won) for r in page.rows
            ] == [(7, "Ann", 9, 6)]
            assert (page.rows[0].rating, page.rows[0].series_won) == (15, 1)
            summary = await store.get_series(1, "k")
            assert summary is not None and (summary.target, summary.hints) == (12, False)
            settings = await store.get_guild_settings(1)
            assert (settings.series_length, settings.hints_allowed) == (12, True)
        finally:
            await store_engine.dispose()
        await downgrade_database(fresh_url, "0002")
        async with engine.connect() as conn:
            row = (
                await conn.execute(
                    text("SELECT mu, sigma, rating, games_played, games_won FROM players")
                )
            ).one()
        assert tuple(row) == (30, 5, 15, 9, 6)
    finally:
        await engine.dispose()
