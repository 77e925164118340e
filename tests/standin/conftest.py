"""Fixtures for the Discord stand-in's own tests: a started stand-in and a raw HTTP client;
two users, Alice and Bob, in a guild with two channels; the tiny bot of minibot.py, logged
in and synced."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from standin.discord_standin import DiscordStandIn, StandInGuild, StandInUser
from tests.standin.minibot import MiniBot, running_bot


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


@pytest.fixture
def alice(standin: DiscordStandIn) -> StandInUser:
    return standin.add_user("alice", global_name="Alice")


@pytest.fixture
def bob(standin: DiscordStandIn) -> StandInUser:
    return standin.add_user("bob")


@pytest.fixture
def guild(standin: DiscordStandIn, alice: StandInUser, bob: StandInUser) -> StandInGuild:
    return standin.add_guild("Kozel club", channels=["general", "games"], members=[alice, bob])


@pytest.fixture
async def bot(standin: DiscordStandIn, guild: StandInGuild) -> AsyncIterator[MiniBot]:
    async with running_bot(standin) as mini:
        await standin.wait_for_sessions(1)
        await standin.wait_for_commands("kozel")
        yield mini
    assert standin.unhandled == []
