"""Fixtures of the end-to-end tests: a Discord stand-in in the test's event loop, a database,
and the real bot process started against both."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    async with DiscordStandIn(response_timeout=10.0) as s:
        yield s


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'kozel.sqlite3'}"


@pytest.fixture
async def bots(tmp_path: Path) -> AsyncIterator[list[BotProcess]]:
    """Every bot process a test starts is listed here and stopped at the end."""
    started: list[BotProcess] = []
    yield started
    for bot in started:
        await bot.stop()
    # No text was shown as its raw key (the bot logs each one it could not find).
    missing = sorted(
        {
            line.split("missing text", 1)[1].strip()
            for bot in started
            if bot.log_path.exists()
            for line in bot.log_text().splitlines()
            if "missing text" in line
        }
    )
    assert not missing, f"texts missing in every language: {missing}"


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.log"


# The PostgreSQL server fixture of the store tests: skipped locally without a server,
# a failure under CI.
from tests.store.conftest import postgres_server  # noqa: E402, F401
