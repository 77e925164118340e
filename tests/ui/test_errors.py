"""The one error handler of commands and components: what the user is told, and when the
error is counted and logged."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from kozel_discord.monitor import BotStats
from kozel_discord.service import ErrorKey, ServiceError
from kozel_discord.ui.errors import Guarded, error_text, handle_error


@dataclass
class Response:
    done: bool = False
    sent: list[str] = field(default_factory=list)

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, text: str, *, ephemeral: bool = False) -> None:
        assert ephemeral
        self.sent.append(text)
        self.done = True


@dataclass
class Followup:
    sent: list[str] = field(default_factory=list)

    async def send(self, text: str, *, ephemeral: bool = False) -> None:
        assert ephemeral
        self.sent.append(text)


class Host:
    """A client with the ui's services (only the stats matter here)."""

    tables: Any = None
    league: Any = None
    presenter: Any = None

    def __init__(self) -> None:
        self.stats = BotStats()


@dataclass
class FakeInteraction:
    client: Any = field(default_factory=Host)
    response: Response = field(default_factory=Response)
    followup: Followup = field(default_factory=Followup)
    locale: discord.Locale = discord.Locale.american_english
    guild_id: int | None = 1
    channel_id: int | None = 2
    command: Any = None


async def test_a_refusal_is_its_ephemeral_text_and_not_counted() -> None:
    i = FakeInteraction()
    await handle_error(i, ServiceError(ErrorKey.NO_TABLE))  # type: ignore[arg-type]
    assert i.response.sent == [error_text(ServiceError(ErrorKey.NO_TABLE), "en-US", 1, 2)]
    assert i.client.stats.errors == 0


async def test_a_refusal_inside_a_command_is_unwrapped_and_followed_up_when_answered() -> None:
    i = FakeInteraction(response=Response(done=True))
    cmd: Any = app_commands.Command(name="x", description="x", callback=_noop)
    wrapped = app_commands.CommandInvokeError(cmd, ServiceError(ErrorKey.TRY_AGAIN))
    await handle_error(i, wrapped)  # type: ignore[arg-type]
    assert i.followup.sent == [error_text(ServiceError(ErrorKey.TRY_AGAIN), "en-US", 1, 2)]
    assert i.response.sent == []


async def _noop(interaction: discord.Interaction[Any]) -> None:
    return None


def test_the_texts_name_the_broken_rule_and_link_the_existing_table() -> None:
    illegal = error_text(ServiceError(ErrorKey.ILLEGAL, reason="must_follow"), "en-US", 1, 2)
    plain = error_text(ServiceError(ErrorKey.ILLEGAL), "en-US", 1, 2)
    assert illegal.startswith(plain) and len(illegal) > len(plain)
    exists = error_text(ServiceError(ErrorKey.TABLE_EXISTS, message_id=77), "en-US", 1, 2)
    assert exists.endswith(" https://discord.com/channels/1/2/77")


async def test_an_unexpected_error_is_an_apology_a_log_line_and_a_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    i = FakeInteraction()
    with caplog.at_level(logging.ERROR, logger="kozel_discord.ui.errors"):
        await handle_error(i, RuntimeError("boom"), "component X")  # type: ignore[arg-type]
    assert i.client.stats.errors == 1
    assert "component X failed" in caplog.text
    assert len(i.response.sent) == 1 and "boom" not in i.response.sent[0]


async def test_failed_checks_are_refusals_not_errors() -> None:
    i = FakeInteraction()
    await handle_error(i, app_commands.MissingPermissions(["manage_guild"]))  # type: ignore[arg-type]
    j = FakeInteraction()
    await handle_error(j, app_commands.NoPrivateMessage())  # type: ignore[arg-type]
    assert i.response.sent and j.response.sent and i.response.sent != j.response.sent
    assert i.client.stats.errors == j.client.stats.errors == 0


async def test_a_guarded_item_routes_what_its_action_raises_to_the_handler() -> None:
    class Item(Guarded):
        async def act(self, interaction: discord.Interaction[Any]) -> None:
            raise ServiceError(ErrorKey.OLD_TABLE)

    i = FakeInteraction()
    await Item().callback(i)  # type: ignore[arg-type]
    assert i.response.sent == [error_text(ServiceError(ErrorKey.OLD_TABLE), "en-US", 1, 2)]
