"""What the ui needs from the bot, as small interfaces (so the ui never imports the bot).

The bot provides all of them; tests may provide fakes."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, runtime_checkable

import discord

from ..monitor import BotStats
from ..service import ErrorKey, ServiceError, Table, TableService
from ..service.league import LeagueService
from ..service.review import ReviewService


class Messenger(Protocol):
    """Sends to and edits in channels (``discord.Client`` is one)."""

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...


class RequestBudget(Protocol):
    """The bot's budget of Discord requests (``service.rate_budget``): ``take`` waits until
    one more request fits it, ``done`` tells it the request was answered."""

    async def take(self) -> int: ...

    def done(self, token: int) -> None: ...


class BoardKeeper(Protocol):
    """Remembers a player's private board, to refresh it when their turn comes
    (:class:`.boards.PrivateBoards`)."""

    def remember(
        self,
        table: Table,
        seat: int,
        interaction: discord.Interaction[Any],
        locale: str,
        shown_move: int,
    ) -> None: ...

    def writing(
        self,
        channel_id: int,
        user_id: int,
        *,
        patience: float,
        impatient: Callable[[], Awaitable[None]],
    ) -> contextlib.AbstractAsyncContextManager[None]: ...


class Presenter(Protocol):
    """The part of the presenter that interactions use: the players' private boards."""

    @property
    def boards(self) -> BoardKeeper: ...


@runtime_checkable
class UiHost(Protocol):
    """The client behind an interaction, as components and commands see it."""

    tables: TableService
    league: LeagueService
    reviews: ReviewService
    presenter: Presenter
    stats: BotStats


def host_of(interaction: discord.Interaction[Any]) -> UiHost:
    client = interaction.client
    if not isinstance(client, UiHost):
        raise TypeError(f"{type(client).__name__} does not provide the ui's services")
    return client


def table_here(interaction: discord.Interaction[Any], table_id: str | None = None) -> Table:
    """The table in play in the interaction's channel. With ``table_id`` (a control on a
    table's message) only that table: a control of an older table is answered as such."""
    table = host_of(interaction).tables.get(interaction.channel_id or 0)
    if table is None:
        raise ServiceError(ErrorKey.OLD_TABLE if table_id else ErrorKey.NO_TABLE)
    if table_id is not None and table.table_id != table_id:
        raise ServiceError(ErrorKey.OLD_TABLE)
    return table
