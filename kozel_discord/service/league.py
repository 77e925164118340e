"""League queries for the cogs (the store is used through the service layer only)."""

from __future__ import annotations

import logging
from typing import Any

from ..engine import SERIES_LENGTHS
from ..store import (
    HOUSE_RULES,
    STANDINGS_SORTS,
    GuildSettings,
    LeagueStore,
    PlayerProfile,
    SeriesSummary,
    StandingsPage,
    StoreUnavailable,
)
from ..store.rating import rating_points
from .errors import ErrorKey, ServiceError, bad_length
from .replays import GameListing, GameReplayView, Replays

__all__ = [
    "PER_PAGE",
    "GameListing",
    "GameReplayView",
    "GuildSettings",
    "LeagueService",
    "PlayerProfile",
    "SeriesSummary",
    "StandingsPage",
    "rating_points",
]

log = logging.getLogger(__name__)

PER_PAGE = 10


class LeagueService:
    def __init__(self, store: LeagueStore) -> None:
        self.store = store
        self.replays = Replays(store)

    async def _length(self, guild_id: int, length: int | None) -> int:
        """The league to show: ``length`` if given, else the server's standard length."""
        if length is None:
            return (await self.store.get_guild_settings(guild_id)).series_length
        if length not in SERIES_LENGTHS:
            raise bad_length()
        return length

    async def standings(
        self, guild_id: int, sort: str = "rating", page: int = 0, length: int | None = None
    ) -> StandingsPage:
        """A page of the league of series of ``length`` (None: the server's standard)."""
        if sort not in STANDINGS_SORTS:
            raise ServiceError(ErrorKey.BAD_SORT)
        try:
            target = await self._length(guild_id, length)
            return await self.store.standings(
                guild_id, sort=sort, page=max(0, page), per_page=PER_PAGE, target=target
            )
        except StoreUnavailable as exc:
            log.warning("standings of guild %s failed: %s", guild_id, exc)
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc

    async def profile(
        self, guild_id: int, user_id: int, length: int | None = None
    ) -> PlayerProfile | None:
        """A player's profile in the league of ``length`` (None: the server's standard)."""
        try:
            target = await self._length(guild_id, length)
            return await self.store.player_profile(guild_id, user_id, target=target)
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc

    async def settings(self, guild_id: int, values: dict[str, Any] | None = None) -> GuildSettings:
        """The server's house rules, after changing those in ``values`` (names of
        :data:`~kozel_discord.store.HOUSE_RULES`; None: back to the default). A bad value is
        refused with a clear error and changes nothing."""
        values = dict(values or {})
        if set(values) - set(HOUSE_RULES):
            raise ServiceError(ErrorKey.BAD_SETTING)
        length = values.get("series_length")
        if length is not None and length not in SERIES_LENGTHS:
            raise bad_length()
        try:
            if not values:
                return await self.store.get_guild_settings(guild_id)
            return await self.store.run(lambda uow: uow.set_guild_settings(guild_id, values))
        except ValueError as exc:
            raise ServiceError(ErrorKey.BAD_SETTING) from exc
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc

    async def history(self, guild_id: int, limit: int = 10) -> list[SeriesSummary]:
        try:
            return await self.store.recent_series(guild_id, limit=limit)
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc

    async def game_replay(self, guild_id: int, game_id: int) -> GameReplayView:
        """Finished game ``game_id`` of this server, as public steps and its record
        (refused: unknown id, another server's game, a record that does not replay)."""
        return await self.replays.game(guild_id, game_id)

    async def recent_games(self, guild_id: int, user_id: int | None = None) -> list[GameListing]:
        """The server's (or a player's) recent finished games, newest first (at most 25)."""
        return await self.replays.recent(guild_id, user_id)

    async def rank_computer_series(self, guild_id: int, value: bool | None) -> bool:
        """Read (``value`` None) or set whether series with computer seats are ranked."""
        try:
            if value is None:
                return (await self.store.get_guild_settings(guild_id)).rank_computer_series
            settings = await self.store.run(
                lambda uow: uow.set_rank_computer_series(guild_id, value)
            )
            return settings.rank_computer_series
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc

    async def table_threads(self, guild_id: int, value: bool | None = None) -> bool:
        """Read (``value`` None) or set whether a table's game goes into a thread."""
        try:
            if value is None:
                return (await self.store.get_guild_settings(guild_id)).table_threads
            settings = await self.store.run(lambda uow: uow.set_table_threads(guild_id, value))
            return settings.table_threads
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc
