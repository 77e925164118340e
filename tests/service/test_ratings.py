"""The rating changes a game's summary shows, as the service hands them to the presenter:
read only for a series that counts for the league, and never holding the summary up when
the database is away or slow."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kozel_discord.service import RatingChange, Seat, Table, TableService
from kozel_discord.store import (
    LeagueStore,
    SeriesStart,
    StoreUnavailable,
    create_engine,
    create_sessionmaker,
    upgrade_database,
)
from tests.store.conftest import T0, make_game, seats_of

GUILD, CHANNEL = 1, 10
USERS = (100, 200, 300, 400)


class WatchedStore:
    """A store that counts its rating reads and can fail or hang them."""

    def __init__(self, inner: LeagueStore) -> None:
        self.inner = inner
        self.reads = 0
        self.fail = False
        self.hang = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def rating_changes(
        self, guild_id: int, series_key: str, number: int | None = None
    ) -> list[RatingChange]:
        self.reads += 1
        if self.fail:
            raise StoreUnavailable("the database failed: ConnectionRefusedError")
        if self.hang:
            await asyncio.Event().wait()  # a database that never answers
        return await self.inner.rating_changes(guild_id, series_key, number)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[WatchedStore]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'ratings.sqlite3'}"
    await upgrade_database(url)
    engine = create_engine(url)
    yield WatchedStore(LeagueStore(create_sessionmaker(engine)))
    await engine.dispose()


@pytest.fixture
async def svc(store: WatchedStore) -> AsyncIterator[TableService]:
    service = TableService(store, default_timeout=None, seed_source=lambda _c: 1)  # type: ignore[arg-type]
    yield service
    await service.close()


async def _table(store: WatchedStore, players: tuple[int | str, ...], **rules: Any) -> Table:
    """A table whose series (key "s") has game 1 recorded in the store."""
    await store.inner.run(
        lambda uow: uow.start_series(SeriesStart(GUILD, CHANNEL, "s", seats_of(players), T0))
    )
    await store.inner.run(lambda uow: uow.record_game(make_game(GUILD, "s", 1, winner=0)))
    table = Table("0123456789ab", GUILD, CHANNEL, USERS[0], "en-US", None, **rules)
    table.series_key = "s"
    table.seats = [
        Seat(user_id=None, name="Computer", level=p) if isinstance(p, str) else Seat(p, str(p))
        for p in players
    ]
    return table


async def test_a_ranked_series_gets_its_games_changes(
    svc: TableService, store: WatchedStore
) -> None:
    table = await _table(store, USERS)
    changes = await svc.rating_changes(table, 1)
    assert [c.user_id for c in changes] == sorted(USERS)
    assert all(c.after != c.before for c in changes)
    assert [c.user_id for c in await svc.rating_changes(table)] == sorted(USERS)  # the series


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (USERS, {"hints": True}),  # a series with hints never counts
        ((100, "heuristic", 300, "random"), {}),  # computers, not ranked on this server
    ],
)
async def test_a_casual_series_is_not_read(
    svc: TableService, store: WatchedStore, players: tuple[int | str, ...], rules: dict[str, Any]
) -> None:
    table = await _table(store, players, **rules)
    assert await svc.rating_changes(table, 1) == []
    assert store.reads == 0


async def test_a_database_away_or_slow_leaves_the_changes_out(
    svc: TableService, store: WatchedStore, caplog: pytest.LogCaptureFixture
) -> None:
    table = await _table(store, USERS)
    store.fail = True
    with caplog.at_level(logging.WARNING):
        assert await svc.rating_changes(table, 1) == []
    assert "no rating changes" in caplog.text
    store.fail, store.hang = False, True
    svc._ctx.commit_timeout = 0.01  # the wait is bounded by the commit timeout too
    assert await svc.rating_changes(table, 1) == []
    assert store.reads == 2
