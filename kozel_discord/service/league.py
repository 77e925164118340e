"""League queries for the cogs (the store is used through the service layer only)."""

from __future__ import annotations

import logging

from ..store import (
    STANDINGS_SORTS,
    LeagueStore,
    PlayerProfile,
    SeriesSummary,
    StandingsPage,
    StoreUnavailable,
)
from .errors import ErrorKey, ServiceError
from .replays import GameListing, GameReplayView, Replays

__all__ = [
    "PER_PAGE",
    "GameListing",
    "GameReplayView",
    "LeagueService",
    "PlayerProfile",
    "SeriesSummary",
    "StandingsPage",
]

log = logging.getLogger(__name__)

PER_PAGE = 10


class LeagueService:
    def __init__(self, store: LeagueStore) -> None:
        self.store = store
        self.replays = Replays(store)

    async def standings(self, guild_id: int, sort: str = "rating", page: int = 0) -> StandingsPage:
        if sort not in STANDINGS_SORTS:
            raise ServiceError(ErrorKey.BAD_SORT)
        try:
            return await self.store.standings(
                guild_id, sort=sort, page=max(0, page), per_page=PER_PAGE
            )
        except StoreUnavailable as exc:
            log.warning("standings of guild %s failed: %s", guild_id, exc)
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc

    async def profile(self, guild_id: int, user_id: int) -> PlayerProfile | None:
        try:
            return await self.store.player_profile(guild_id, user_id)
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
