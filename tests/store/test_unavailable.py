"""A database that fails comes out of the store as ``StoreUnavailable``, never as a
SQLAlchemy or driver error, for reads, ``run`` and ``unit_of_work`` alike."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from kozel_discord.store import (
    LeagueStore,
    SeriesStart,
    StaleTableError,
    StoreUnavailable,
    create_engine,
    create_sessionmaker,
)
from standin.postgres import admin_sql
from tests.store.conftest import T0, PostgresServer, new_id, seats_of


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed again when the block ends


@pytest.fixture(params=["sqlite", "postgres"])
async def gone(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[LeagueStore]:
    """A store whose database fails: an SQLite "database" file that is not one, or a
    PostgreSQL URL whose port nobody listens on (the driver's own ConnectionRefusedError)."""
    if request.param == "sqlite":
        path = tmp_path / "league.sqlite3"
        path.write_bytes(b"not a database, " * 256)
        url = f"sqlite+aiosqlite:///{path}"
    else:
        url = f"postgresql+asyncpg://postgres@127.0.0.1:{_closed_port()}/kozel"
    engine = create_engine(url)
    try:
        yield LeagueStore(create_sessionmaker(engine), max_attempts=2)
    finally:
        await engine.dispose()


async def test_reads_and_writes_raise_store_unavailable(gone: LeagueStore) -> None:
    start = SeriesStart(new_id(), new_id(), "key", seats_of([1, 2, 3, 4]), T0)
    calls = [
        lambda: gone.standings(1),
        lambda: gone.player_profile(1, 2),
        lambda: gone.recent_series(1),
        lambda: gone.get_series_games(1, "key"),
        lambda: gone.get_guild_settings(1),
        lambda: gone.load_table(1),
        lambda: gone.list_tables(None),
        lambda: gone.run(lambda uow: uow.start_series(start)),
    ]
    for call in calls:
        with pytest.raises(StoreUnavailable) as failed:
            await call()
        assert isinstance(failed.value.__cause__, SQLAlchemyError | OSError)
    with pytest.raises(StoreUnavailable):
        async with gone.unit_of_work() as uow:
            await uow.start_series(start)


async def test_answers_about_the_data_are_not_unavailability(store: LeagueStore) -> None:
    """StaleTableError (and the other data errors) stay what they are."""
    channel = new_id()
    with pytest.raises(StaleTableError) as stale:
        await store.run(lambda uow: uow.save_table(new_id(), channel, 2, {}, {}, {}, None))
    assert not isinstance(stale.value, StoreUnavailable)


@pytest.mark.postgres
async def test_a_server_side_disconnect_costs_no_move(
    postgres_url: str, postgres_server: PostgresServer
) -> None:
    """Connections the server drops (a restart, a terminated backend) are replaced, not
    reported: the pool checks a connection's socket at checkout, and a unit of work whose
    connection died unseen is run again on a new one."""
    engine = create_engine(postgres_url)
    store = LeagueStore(create_sessionmaker(engine))
    guild, channel = new_id(), new_id()
    database = make_url(postgres_url).database
    try:
        for version in (1, 2, 3):
            await store.run(
                lambda uow, v=version: uow.save_table(guild, channel, v, {"v": v}, {}, {}, None)
            )
            await admin_sql(
                postgres_server.admin_url,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{database}' AND pid <> pg_backend_pid()",
            )
        loaded = await store.load_table(channel)
        assert loaded is not None and loaded.version == 3 and loaded.state == {"v": 3}
    finally:
        await engine.dispose()
