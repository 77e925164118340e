"""Live-table snapshots: round trip, optimistic concurrency, listing per server."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import pytest

from kozel_discord.store import LeagueStore, StaleTableError

from .conftest import T0, League, new_id

STATE = {
    "series": {"seed": 12345678901, "actions": [[0, "play:10♥"], [1, "play:K♠"]]},
    "phase": "playing",
    "nested": {"list": [1, 2.5, None, True, "ё"]},
}
MESSAGES = {"table": 111222333444555666, "hands": {"0": 1, "2": 3}}
SETTINGS = {"turn_timeout": 90, "locale": "ru"}


async def test_round_trip(store: LeagueStore, league: League) -> None:
    g, channel = league.guild(), new_id()
    assert await store.load_table(channel) is None
    deadline = T0 + dt.timedelta(seconds=90)
    await store.run(lambda uow: uow.save_table(g, channel, 1, STATE, MESSAGES, SETTINGS, deadline))
    table = await store.load_table(channel)
    assert table is not None
    assert (table.guild_id, table.channel_id, table.version) == (g, channel, 1)
    assert (table.state, table.messages, table.settings) == (STATE, MESSAGES, SETTINGS)
    assert table.deadline == deadline and table.deadline.tzinfo is not None
    assert table.updated_at.tzinfo is not None

    # Naive datetimes are UTC; other zones are converted.
    moscow = dt.timezone(dt.timedelta(hours=3))
    await store.run(
        lambda uow: uow.save_table(g, channel, 2, {"v": 2}, {}, {}, deadline.astimezone(moscow))
    )
    table = await store.load_table(channel)
    assert table is not None
    assert (table.version, table.state, table.deadline) == (2, {"v": 2}, deadline)
    await store.run(lambda uow: uow.save_table(g, channel, 3, {"v": 3}, {}, {}, None))
    table = await store.load_table(channel)
    assert table is not None and table.deadline is None


ONE_STATEMENT = pytest.mark.parametrize(
    "one_statement", [False, True], ids=["transaction", "one-statement"]
)


@ONE_STATEMENT
async def test_stale_versions_are_rejected(
    store: LeagueStore, league: League, one_statement: bool
) -> None:
    """The same answers whether the snapshot is written in a transaction block or as one
    statement on its own (how a move that ends no game is written)."""
    g, channel = league.guild(), new_id()

    async def run(work: Any) -> Any:
        return await store.run(work, one_statement=one_statement)

    with pytest.raises(StaleTableError) as missing:
        await run(lambda uow: uow.save_table(g, channel, 2, {}, {}, {}, None))
    assert (missing.value.expected_version, missing.value.stored_version) == (1, None)

    await run(lambda uow: uow.save_table(g, channel, 1, {"v": 1}, {}, {}, None))
    with pytest.raises(StaleTableError) as twice:
        await run(lambda uow: uow.save_table(g, channel, 1, {"v": "other"}, {}, {}, None))
    assert (twice.value.expected_version, twice.value.stored_version) == (None, 1)
    with pytest.raises(StaleTableError) as skipped:
        await run(lambda uow: uow.save_table(g, channel, 3, {"v": 3}, {}, {}, None))
    assert (skipped.value.channel_id, skipped.value.stored_version) == (channel, 1)
    await run(lambda uow: uow.save_table(g, channel, 2, {"v": 2}, {}, {}, None))
    with pytest.raises(StaleTableError):
        await run(lambda uow: uow.save_table(g, channel, 2, {"v": "late"}, {}, {}, None))
    table = await store.load_table(channel)
    assert table is not None and (table.version, table.state) == (2, {"v": 2})
    with pytest.raises(ValueError):
        await run(lambda uow: uow.save_table(g, channel, 0, {}, {}, {}, None))


@ONE_STATEMENT
async def test_concurrent_saves_of_one_version(
    store: LeagueStore, league: League, one_statement: bool
) -> None:
    g, channel = league.guild(), new_id()
    await store.run(lambda uow: uow.save_table(g, channel, 1, {}, {}, {}, None))
    outcomes = await asyncio.gather(
        *(
            store.run(
                lambda uow, i=i: uow.save_table(g, channel, 2, {"writer": i}, {}, {}, None),
                one_statement=one_statement,
            )
            for i in range(8)
        ),
        return_exceptions=True,
    )
    assert sum(o is None for o in outcomes) == 1
    assert all(isinstance(o, StaleTableError) for o in outcomes if o is not None)
    table = await store.load_table(channel)
    assert table is not None and table.version == 2
    assert table.state == {"writer": outcomes.index(None)}


async def test_delete(store: LeagueStore, league: League) -> None:
    g, channel = league.guild(), new_id()
    await store.run(lambda uow: uow.save_table(g, channel, 1, {}, {}, {}, None))
    await store.run(lambda uow: uow.save_table(g, channel, 2, {}, {}, {}, None))
    with pytest.raises(StaleTableError):
        await store.run(lambda uow: uow.delete_table(channel, version=1))
    assert await store.run(lambda uow: uow.delete_table(channel, version=2)) is True
    assert await store.run(lambda uow: uow.delete_table(channel)) is False
    assert await store.load_table(channel) is None
    await store.run(
        lambda uow: uow.save_table(g, channel, 1, {"new": "table"}, {}, {}, None)
    )  # starts over
    assert await store.run(lambda uow: uow.delete_table(channel)) is True


async def test_list_tables_per_guild(store: LeagueStore, league: League) -> None:
    a, b, c = league.guild(), league.guild(), league.guild()
    channels = {a: [new_id(), new_id()], b: [new_id()], c: []}
    for guild, chans in channels.items():
        for channel in chans:
            async with store.unit_of_work() as uow:
                await uow.save_table(guild, channel, 1, {"guild": guild}, {}, {}, None)
    assert [t.channel_id for t in await store.list_tables({a})] == channels[a]
    assert [t.channel_id for t in await store.list_tables({a, b})] == channels[a] + channels[b]
    assert await store.list_tables({c}) == []
    assert await store.list_tables(set()) == []
    everything = {t.channel_id for t in await store.list_tables()}
    assert set(channels[a] + channels[b]) <= everything
