"""Migrations: upgrade head / downgrade base / upgrade again, and the models match them."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from kozel_discord.store.db import (
    alembic_config,
    create_engine,
    current_revision,
    downgrade_database,
    upgrade_database,
)
from kozel_discord.store.models import metadata

from .conftest import PostgresServer

TABLES = {
    "computer_ratings",
    "game_ratings",
    "games",
    "guilds",
    "league_entries",
    "live_tables",
    "partnerships",
    "players",
    "rate_budgets",
    "rate_leases",
    "series",
    "series_seats",
}


@pytest.fixture
def fresh_url(backend: str, request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    """An empty database of the backend, dropped afterwards."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path}/fresh.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = server.create()
    try:
        yield server.url_of(name)
    finally:
        server.drop(name)


def head() -> str:
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert revision is not None
    return revision


async def tables(engine: AsyncEngine) -> set[str]:
    async with engine.connect() as conn:
        names = await conn.run_sync(lambda c: inspect(c).get_table_names())
    return set(names) - {"alembic_version"}


async def test_upgrade_downgrade_upgrade(fresh_url: str) -> None:
    engine = create_engine(fresh_url)
    try:
        assert await current_revision(engine) is None
        await upgrade_database(fresh_url)
        assert await current_revision(engine) == head()
        assert await tables(engine) == TABLES

        await downgrade_database(fresh_url)
        assert await current_revision(engine) is None
        assert await tables(engine) == set()

        await upgrade_database(fresh_url)
        assert await current_revision(engine) == head()
        assert await tables(engine) == TABLES
        await upgrade_database(fresh_url)  # at head already: a no-op
        assert await current_revision(engine) == head()
    finally:
        await engine.dispose()


def _diff(connection: Connection) -> list[object]:
    context = MigrationContext.configure(
        connection, opts={"compare_type": True, "compare_server_default": True}
    )
    return list(compare_metadata(context, metadata))


async def test_models_match_migrations(engine: AsyncEngine) -> None:
    """Autogenerate finds nothing to do: the migrations create exactly the models."""
    async with engine.connect() as conn:
        diff = await conn.run_sync(_diff)
    assert diff == []


def test_alembic_command_line_path(
    fresh_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """env.py on its own (as ``alembic upgrade head`` runs it): URL from KOZEL_DATABASE_URL,
    its own engine and event loop."""
    monkeypatch.chdir(str(tmp_path))  # no stray .env file
    monkeypatch.setenv("KOZEL_DATABASE_URL", fresh_url)
    config = alembic_config()  # no URL on the config: env.py asks get_settings()
    command.upgrade(config, "head")

    async def check() -> str | None:
        engine = create_engine(fresh_url)
        try:
            return await current_revision(engine)
        finally:
            await engine.dispose()

    assert asyncio.run(check()) == head()
    command.downgrade(config, "base")
    assert asyncio.run(check()) is None


def test_processes_started_together_migrate_one_after_another(
    request: pytest.FixtureRequest,
) -> None:
    # Shard processes started together on a new PostgreSQL database collided on CREATE
    # TABLE; one exited with "the database stopped answering" (a duplicate key). (SQLite
    # has one writer at a time already.)
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = server.create()
    url = server.url_of(name)
    env = {**os.environ, "KOZEL_DATABASE_URL": url}
    try:
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "kozel_discord", "migrate"], env=env,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            )
            for _ in range(3)
        ]  # fmt: skip
        outputs = [p.communicate(timeout=120)[0] for p in procs]
        assert [p.returncode for p in procs] == [0, 0, 0], outputs

        async def check() -> None:
            engine = create_engine(url)
            try:
                assert await current_revision(engine) == head()
                assert await tables(engine) == TABLES
            finally:
                await engine.dispose()

        asyncio.run(check())
    finally:
        server.drop(name)
