"""Fixtures of the service tests: a league store on a fresh SQLite database (a module
that needs a store with more in it defines its own ``store``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

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
