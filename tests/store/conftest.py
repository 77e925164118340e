"""Fixtures of the store suite: every store test runs on SQLite and on PostgreSQL.

PostgreSQL: ``KOZEL_TEST_POSTGRES_URL`` (default: the local server's ``postgres`` database,
used as the admin connection). Each test session creates its own uniquely named database,
migrates it, and drops it at the end, so concurrent test runs do not interfere. When the
server is unreachable the PostgreSQL tests are skipped -- or fail when ``CI`` is true.
Tests stay independent without truncating tables: each one uses fresh guild and channel ids.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import os
import random
import uuid
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from kozel_discord.store import (
    GameResult,
    LeagueStore,
    SeatSpec,
    SeriesEnd,
    SeriesStart,
)
from kozel_discord.store.db import create_engine, create_sessionmaker, upgrade_database
from standin.postgres import admin_sql

DEFAULT_POSTGRES_ADMIN_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
T0 = dt.datetime(2026, 1, 1, 12, 0, tzinfo=dt.UTC)


# ------------------------------------------------------------------------------ backends
def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def postgres_admin_url() -> str:
    from kozel_discord.settings import normalise_database_url

    return normalise_database_url(
        os.environ.get("KOZEL_TEST_POSTGRES_URL", DEFAULT_POSTGRES_ADMIN_URL)
    )


class PostgresServer:
    """Creates and drops uniquely named databases on the test server."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.prefix = f"kozel_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        self._count = itertools.count(1)

    def url_of(self, name: str) -> str:
        return make_url(self.admin_url).set(database=name).render_as_string(hide_password=False)

    def create(self) -> str:
        name = f"{self.prefix}_{next(self._count)}"
        asyncio.run(admin_sql(self.admin_url, f'CREATE DATABASE "{name}"'))
        return name

    def drop(self, name: str) -> None:
        asyncio.run(admin_sql(self.admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def postgres_server() -> PostgresServer:
    url = postgres_admin_url()
    shown = make_url(url).render_as_string(hide_password=True)
    try:
        asyncio.run(asyncio.wait_for(admin_sql(url, "SELECT 1"), timeout=10))
    except Exception as exc:
        message = (
            f"PostgreSQL is not reachable at {shown} ({type(exc).__name__}: {exc}); "
            "set KOZEL_TEST_POSTGRES_URL to an admin URL of a running server"
        )
        if _ci():
            pytest.fail(f"CI is set and the PostgreSQL tests cannot run: {message}", pytrace=False)
        pytest.skip(message)
    return PostgresServer(url)


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A migrated database, shared by the session's PostgreSQL store tests."""
    name = postgres_server.create()
    try:
        url = postgres_server.url_of(name)
        asyncio.run(upgrade_database(url))
        yield url
    finally:
        postgres_server.drop(name)


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A migrated SQLite file, shared by the session's SQLite store tests."""
    path = tmp_path_factory.mktemp("sqlite") / "league.sqlite3"
    url = f"sqlite+aiosqlite:///{path}"
    asyncio.run(upgrade_database(url))
    return url


BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database_url(backend: str, request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue(f"{backend}_url"))


@pytest.fixture
async def engine(database_url: str) -> AsyncIterator[AsyncEngine]:
    engine = create_engine(database_url)
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.fixture
def store(engine: AsyncEngine) -> LeagueStore:
    return LeagueStore(create_sessionmaker(engine))


# ------------------------------------------------------------------------------- helpers
_ids = itertools.count(random.randrange(10**15, 2 * 10**15, 10**6))


def new_id() -> int:
    """A snowflake-sized id unique within this test process (and, by the random start,
    practically unique between processes sharing a database)."""
    return next(_ids)


def human(seat: int, user_id: int, name: str | None = None) -> SeatSpec:
    return SeatSpec(seat=seat, user_id=user_id, display_name=name or f"user{user_id % 10_000}")


def computer(seat: int, level: str = "heuristic") -> SeatSpec:
    return SeatSpec(seat=seat, user_id=None, display_name=f"Bot {seat}", computer_level=level)


def seats_of(players: Sequence[int | str]) -> tuple[SeatSpec, ...]:
    """Seats 0-3 from user ids; a string is a computer of that level."""
    return tuple(
        computer(seat, p) if isinstance(p, str) else human(seat, p)
        for seat, p in enumerate(players)
    )


def make_game(
    guild_id: int,
    series_key: str,
    number: int,
    winner: int | None,
    *,
    defeat_points: int = 2,
    at: dt.datetime | None = None,
) -> GameResult:
    """A finished game won by team ``winner`` (None: eggs); the losers get ``defeat_points``."""
    if winner is None:
        card_points, dp = (60, 60), (0, 0)
    elif winner == 0:
        card_points, dp = (90, 30), (0, defeat_points)
    else:
        card_points, dp = (30, 90), (defeat_points, 0)
    return GameResult(
        guild_id=guild_id,
        series_key=series_key,
        number=number,
        dealer=(number - 1) % 4,
        first_leader=number % 4,
        trump_card="10♥",
        card_points=card_points,
        tricks=(6, 2) if winner == 0 else (2, 6),
        defeat_points=dp,
        eggs=winner is None,
        last_trick_taker=0 if winner != 1 else 1,
        record={"seed": number, "actions": [[0, "play:A♠"], [1, "play:7♠"]]},
        finished_at=(at or T0) + dt.timedelta(minutes=number),
    )


class League:
    """Drives a store like the bot's service layer would."""

    def __init__(self, store: LeagueStore) -> None:
        self.store = store

    @staticmethod
    def guild() -> int:
        return new_id()

    async def start(
        self,
        guild_id: int,
        players: Sequence[int | str],
        *,
        key: str | None = None,
        at: dt.datetime = T0,
        channel_id: int | None = None,
        target: int = 12,
        hints: bool = False,
    ) -> str:
        key = key or str(uuid.uuid4())
        await self.store.run(
            lambda uow: uow.start_series(
                SeriesStart(
                    guild_id=guild_id,
                    channel_id=channel_id or new_id(),
                    series_key=key,
                    seats=seats_of(players),
                    started_at=at,
                    target=target,
                    hints=hints,
                )
            )
        )
        return key

    async def play(
        self,
        guild_id: int,
        key: str,
        winners: Sequence[int | None],
        *,
        first: int = 1,
        defeat_points: int = 2,
    ) -> list[bool]:
        return [
            await self.store.run(lambda uow, game=game: uow.record_game(game))
            for game in (
                make_game(guild_id, key, first + i, w, defeat_points=defeat_points)
                for i, w in enumerate(winners)
            )
        ]

    async def finish(
        self,
        guild_id: int,
        key: str,
        goats: int,
        *,
        defeat_points: tuple[int, int] | None = None,
        eggs: int = 0,
        at: dt.datetime | None = None,
    ) -> bool:
        if defeat_points is None:
            defeat_points = (12, 0) if goats == 0 else (0, 12)
        return await self.store.run(
            lambda uow: uow.finish_series(
                SeriesEnd(
                    guild_id=guild_id,
                    series_key=key,
                    defeat_points=defeat_points,
                    goats=goats,
                    eggs=eggs,
                    goats_with_eggs=eggs > 0,
                    ended_at=at or T0 + dt.timedelta(hours=1),
                )
            )
        )

    async def series(
        self,
        guild_id: int,
        players: Sequence[int | str],
        winner: int,
        *,
        eggs: int = 0,
        at: dt.datetime = T0,
    ) -> str:
        """A whole series that team ``winner`` wins 6:0 in games of 2 defeat points each
        (after ``eggs`` eggs games); the other team are the goats."""
        key = await self.start(guild_id, players, at=at)
        await self.play(guild_id, key, [None] * eggs + [winner] * 6)
        goats = 1 - winner
        dp = (12, 0) if goats == 0 else (0, 12)
        await self.finish(guild_id, key, goats, defeat_points=dp, eggs=eggs)
        return key


@pytest.fixture
def league(store: LeagueStore) -> League:
    return League(store)


def columns(rows: Sequence[Any], *names: str) -> list[tuple[Any, ...]]:
    """The named attributes of each row, for compact assertions."""
    return [tuple(getattr(r, n) for n in names) for r in rows]
