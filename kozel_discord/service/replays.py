"""Replays and exports of finished games (``/league game``): the stored record of a game
of this server, played again into public steps by the engine (:mod:`..engine.replay`).

A game is found by its id (``games.id``); one of another server, an unknown id or a
record that does not replay are refused with their own :class:`ServiceError`. A record
never changes once stored, so replays are kept in a small in-memory LRU by game id.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..engine import SnapshotError
from ..engine.replay import GameReplay, ReplayStep, replay_steps
from ..store import GameListing, LeagueStore, StoredGame, StoreUnavailable
from .errors import ErrorKey, ServiceError
from .table import Seat

log = logging.getLogger(__name__)

CACHE_SIZE = 64
#: Game ids are row ids: positive 64-bit integers.
MAX_GAME_ID = 2**63 - 1


@dataclass(frozen=True, slots=True)
class GameReplayView:
    """A finished game of a server, ready to be shown step by step or exported."""

    game: StoredGame
    replay: GameReplay
    seats: tuple[Seat | None, Seat | None, Seat | None, Seat | None]

    @property
    def game_id(self) -> int:
        return self.game.game_id

    @property
    def steps(self) -> tuple[ReplayStep, ...]:
        return self.replay.steps

    @property
    def record(self) -> dict[str, Any]:
        """The stored record as is (the export)."""
        return self.game.record

    @property
    def defeat_points_after(self) -> tuple[int, int]:
        a, b = self.game.defeat_points_before
        return a + self.game.defeat_points[0], b + self.game.defeat_points[1]

    @property
    def eggs_after(self) -> int:
        return self.game.eggs_before + int(self.game.eggs)

    def step(self, n: int) -> ReplayStep:
        """Step ``n`` (1-based), clamped to the game's tricks."""
        return self.steps[max(1, min(n, len(self.steps))) - 1]


def _seats(game: StoredGame) -> tuple[Seat | None, Seat | None, Seat | None, Seat | None]:
    by_seat: list[Seat | None] = [None, None, None, None]
    for spec in game.seats:
        if 0 <= spec.seat < 4:
            by_seat[spec.seat] = Seat(
                user_id=spec.user_id, name=spec.display_name, level=spec.computer_level
            )
    return by_seat[0], by_seat[1], by_seat[2], by_seat[3]


class Replays:
    """Finds, checks and replays stored games (used by :class:`.league.LeagueService`)."""

    def __init__(self, store: LeagueStore) -> None:
        self.store = store
        self._cache: OrderedDict[int, GameReplayView] = OrderedDict()

    async def game(self, guild_id: int, game_id: int) -> GameReplayView:
        """Game ``game_id`` of server ``guild_id``, replayed into public steps."""
        if not 1 <= game_id <= MAX_GAME_ID:
            raise ServiceError(ErrorKey.GAME_NOT_FOUND, id=str(game_id))
        view = self._cache.get(game_id)
        if view is None:
            view = await self._load(game_id)
            self._cache[game_id] = view
            if len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(game_id)
        if view.game.guild_id != guild_id:
            raise ServiceError(ErrorKey.GAME_OTHER_GUILD, id=str(game_id))
        return view

    async def _load(self, game_id: int) -> GameReplayView:
        try:
            game = await self.store.get_game(game_id)
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc
        if game is None:
            raise ServiceError(ErrorKey.GAME_NOT_FOUND, id=str(game_id))
        try:
            replay = replay_steps(
                game.record,
                defeat_points=game.defeat_points_before,
                eggs=game.eggs_before,
                target=game.target,
            )
        except (SnapshotError, KeyError, TypeError, ValueError) as exc:
            log.warning("game_record_unreadable game=%s: %s", game_id, type(exc).__name__)
            raise ServiceError(ErrorKey.GAME_UNREADABLE, id=str(game_id)) from exc
        if not replay.steps:
            raise ServiceError(ErrorKey.GAME_UNREADABLE, id=str(game_id))
        return GameReplayView(game, replay, _seats(game))

    async def recent(self, guild_id: int, user_id: int | None = None) -> list[GameListing]:
        """The recent finished games of the server (or of a player's series), newest first."""
        try:
            return await self.store.recent_games(guild_id, user_id=user_id)
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc


__all__ = ["GameListing", "GameReplayView", "Replays"]
