"""Fixtures for the Discord stand-in's own tests: a started stand-in and a raw HTTP client."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from standin.discord_standin import DiscordStandIn


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    server = DiscordStandIn(response_timeout=3.5)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session
