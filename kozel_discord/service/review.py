"""Game reviews (a coach after each game): one human's decisions beside the strong
computer's evaluation, computed in the computer players' worker processes.

The game comes from the league store (its stored record, ``games.record``), so a review
works for any finished game of the server, after a restart too. Only the game's human
players may open it, each for their own seat. The review is deterministic from the
record (an evaluation seed drawn from the record and the seat; only the wall-clock cap of the
budget could cut it shorter on a very slow host), so it is cached in memory only, in a
small LRU keyed by the game and the seat: a restart recomputes it. Requests for a review
already being computed wait for that one computation.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass

from ..ai.evaluate import Choice
from ..ai.review import (
    MISTAKE_THRESHOLD,
    Decision,
    GameReview,
    ReviewBudget,
    review_game,
    review_seed,
)
from ..store import LeagueStore, StoreUnavailable
from .computer import ComputerPlayers
from .errors import ErrorKey, ServiceError

__all__ = [
    "MISTAKE_THRESHOLD",
    "Choice",
    "Decision",
    "GameReview",
    "ReviewAnswer",
    "ReviewBudget",
    "ReviewService",
]

log = logging.getLogger(__name__)

CACHE_SIZE = 256
REVIEW_LEVEL = "strong"  # the reviews run where this level's decisions run
# How long a request waits for its worker beyond the review's own time cap (a queue of
# computer moves and other reviews ahead of it); then "try again".
QUEUE_GRACE_SECONDS = 20.0
# Reviews computed at once: one, so that with the default two worker processes one is
# always free for the hard computers' moves at the tables (a review takes about a second).
REVIEW_SLOTS = 1

_Key = tuple[int, str, int, int]  # guild, series key, game number, seat


@dataclass(frozen=True, slots=True)
class ReviewAnswer:
    review: GameReview
    seconds: float  # computing it (0.0 from the cache)
    cached: bool


def _compute(record: dict[str, object], seat: int, budget: ReviewBudget, seed: str) -> GameReview:
    """In a worker process."""
    return review_game(record, seat, budget, seed=seed)


class ReviewService:
    def __init__(
        self,
        store: LeagueStore,
        computers: ComputerPlayers,
        budget: ReviewBudget | None = None,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self.store = store
        self.computers = computers
        self.budget = budget or ReviewBudget()
        self.cache_size = cache_size
        self._cache: OrderedDict[_Key, GameReview] = OrderedDict()
        self._running: dict[_Key, asyncio.Future[GameReview]] = {}
        # the computations in the workers (or waiting for a slot), kept past a timeout
        self._jobs: dict[_Key, asyncio.Future[object]] = {}
        self._seats: dict[tuple[int, str], tuple[int | None, ...]] = {}
        self._slots = asyncio.Semaphore(REVIEW_SLOTS)

    async def _human_seats(self, guild_id: int, series_key: str) -> tuple[int | None, ...]:
        """The user id of every seat of the series (None: a computer); cached, seats of a
        series never change."""
        known = self._seats.get((guild_id, series_key))
        if known is not None:
            return known
        try:
            summary = await self.store.get_series(guild_id, series_key)
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc
        if summary is None:
            raise ServiceError(ErrorKey.REVIEW_MISSING)
        users: list[int | None] = [None] * 4
        for s in summary.seats:
            users[s.seat] = s.user_id
        seats = tuple(users)
        if len(self._seats) >= self.cache_size:
            self._seats.pop(next(iter(self._seats)))
        self._seats[(guild_id, series_key)] = seats
        return seats

    async def seat_of(self, guild_id: int, series_key: str, user_id: int) -> int:
        """The seat ``user_id`` played in that series; refused for anyone else."""
        seats = await self._human_seats(guild_id, series_key)
        if user_id not in seats:
            raise ServiceError(ErrorKey.REVIEW_NOT_PLAYER)
        return seats.index(user_id)

    def cached(self, guild_id: int, series_key: str, number: int, seat: int) -> GameReview | None:
        key = (guild_id, series_key, number, seat)
        review = self._cache.get(key)
        if review is not None:
            self._cache.move_to_end(key)
        return review

    async def review(
        self, guild_id: int, series_key: str, number: int, user_id: int
    ) -> ReviewAnswer:
        """The review of game ``number`` of the series for the seat ``user_id`` played.

        Refused (:class:`ServiceError`) for someone who did not play in it, for a game the
        store does not have, and with "try again" when the store or the workers fail."""
        seat = await self.seat_of(guild_id, series_key, user_id)
        key = (guild_id, series_key, number, seat)
        hit = self.cached(*key)
        if hit is not None:
            return ReviewAnswer(hit, 0.0, True)
        started = time.perf_counter()
        running = self._running.get(key)
        if running is None:
            running = asyncio.ensure_future(self._compute(key))
            self._running[key] = running
            running.add_done_callback(lambda _f: self._running.pop(key, None))
        review = await asyncio.shield(running)
        return ReviewAnswer(review, time.perf_counter() - started, False)

    async def _in_a_slot(self, record: dict[str, object], seat: int, seed: str) -> object:
        async with self._slots:
            started = time.perf_counter()
            result = await self.computers.run(
                REVIEW_LEVEL, _compute, record, seat, self.budget, seed
            )
            if isinstance(result, GameReview):
                log.info(
                    "review game=%d seat=%d decisions=%d capped=%s seconds=%.2f",
                    result.game,
                    seat,
                    len(result.decisions),
                    result.capped,
                    time.perf_counter() - started,
                )
            return result

    async def _compute(self, key: _Key) -> GameReview:
        guild_id, series_key, number, seat = key
        try:
            games = await self.store.get_series_games(guild_id, series_key)
        except StoreUnavailable as exc:
            raise ServiceError(ErrorKey.TRY_AGAIN) from exc
        record = next((g.record for g in games if g.number == number), None)
        if record is None:
            raise ServiceError(ErrorKey.REVIEW_MISSING)
        job = self._jobs.get(key)
        if job is None:
            job = asyncio.ensure_future(self._in_a_slot(record, seat, review_seed(record, seat)))
            self._jobs[key] = job
            job.add_done_callback(lambda done: self._finished(key, done))
        try:
            result = await asyncio.wait_for(
                asyncio.shield(job), self.budget.time_cap + QUEUE_GRACE_SECONDS
            )
        except TimeoutError as exc:
            # The computation goes on, keeping its slot (a worker stays free for the
            # tables' moves); its review is kept for the player's next ask.
            log.warning("review_timeout game=%s/%d seat=%d", series_key, number, seat)
            raise ServiceError(ErrorKey.REVIEW_BUSY) from exc  # (not the database's text)
        assert isinstance(result, GameReview)
        return result

    def _finished(self, key: _Key, job: asyncio.Future[object]) -> None:
        self._jobs.pop(key, None)
        if job.cancelled() or job.exception() is not None:
            return
        result = job.result()
        if isinstance(result, GameReview):
            self._cache[key] = result
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
