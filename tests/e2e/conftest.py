"""Fixtures of the end-to-end tests: a Discord stand-in in the test's event loop, a database,
and the real bot process started against both."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from standin.discord_standin import DiscordStandIn
from standin.harness import BotProcess
from standin.limits import iter_components
from tests.footers import FOOTER_MARKUP


def footers_with_markup(standin: DiscordStandIn) -> list[str]:
    """The embed footers of everything the bot sent that a player would see garbled."""
    return [
        text
        for version in standin.message_versions(include_deleted=True)
        for embed in version.payload.get("embeds") or []
        if FOOTER_MARKUP.search(text := str((embed.get("footer") or {}).get("text") or ""))
    ]


def media_items(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """A message payload's media gallery items (components v2), at any depth."""
    return [
        item
        for _path, c in iter_components(payload.get("components"))
        if c.get("type") == 12  # a media gallery
        for item in c.get("items") or []
    ]


def pictures_without_alt_text(standin: DiscordStandIn) -> list[str]:
    """The pictures the bot showed with no alternative text (a screen reader says only
    "table.png" of them)."""
    return [
        str(item.get("media"))
        for version in standin.message_versions(include_deleted=True)
        for item in media_items(version.payload)
        if not str(item.get("description") or "").strip()
    ]


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    async with DiscordStandIn(response_timeout=10.0) as s:
        yield s
        # every end-to-end test checks what it made the bot send
        assert not footers_with_markup(s), footers_with_markup(s)
        assert not pictures_without_alt_text(s), pictures_without_alt_text(s)


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
