"""Fixtures of the service tests: a league store on a fresh SQLite database (a module
that needs a store with more in it defines its own ``store``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from kozel_discord.service import TableService
from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker, upgrade_database


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[LeagueStore]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'svc.sqlite3'}"
    await upgrade_database(url)
    engine = create_engine(url)
    try:
        yield LeagueStore(create_sessionmaker(engine))
    finally:
        await engine.dispose()


@pytest.fixture
async def make_service(store: LeagueStore) -> AsyncIterator[Callable[..., TableService]]:
    """Makes services on ``store`` (or a wrapper of it: the first argument), no computer
    delay, no default timer; each is closed (its tasks cancelled) before the store goes."""
    made: list[TableService] = []

    def make(over: Any = None, **kw: Any) -> TableService:
        kw = {"default_timeout": None, "computer_delay": 0, "seed_source": lambda c: 5, **kw}
        svc = TableService(over or store, **kw)
        made.append(svc)
        return svc

    yield make
    for svc in made:
        await svc.close()
