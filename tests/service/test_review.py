"""The review service: only the game's human players, each their own seat; the stored
record; the cache; one computation for simultaneous requests."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from kozel_discord.ai import get_player
from kozel_discord.ai.review import GameReview, ReviewBudget
from kozel_discord.engine import Series, observe
from kozel_discord.service import ErrorKey, ServiceError
from kozel_discord.service import review as review_module
from kozel_discord.service.computer import ComputerPlayers
from kozel_discord.service.review import ReviewService
from kozel_discord.store import LeagueStore, create_engine, create_sessionmaker, upgrade_database
from kozel_discord.store.records import GameResult as StoredGame
from kozel_discord.store.records import SeatSpec, SeriesStart

GUILD, KEY = 1, "ab" * 16
ALICE, BOB, CAROL = 100, 200, 300  # Alice seat 0, Bob seat 2; Carol watched
NOW = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[LeagueStore]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'review.sqlite3'}"
    await upgrade_database(url)
    engine = create_engine(url)
    store = LeagueStore(create_sessionmaker(engine))
    s = Series(21)
    players = [get_player("heuristic", seed=i) for i in range(4)]
    while not s.results:
        turn = s.turn
        assert turn is not None
        s.apply(turn, players[turn].choose(observe(s, turn)))
    r = s.results[0]
    seats = (
        SeatSpec(0, ALICE, "Alice", None),
        SeatSpec(1, None, "C1", "heuristic"),
        SeatSpec(2, BOB, "Bob", None),
        SeatSpec(3, None, "C3", "strong"),
    )
    game = StoredGame(
        guild_id=GUILD, series_key=KEY, number=1, dealer=r.dealer, first_leader=r.first_leader,
        trump_card=r.trump_card.label, card_points=r.card_points, tricks=r.tricks,
        defeat_points=r.defeat_points, eggs=r.eggs, last_trick_taker=r.last_trick_taker,
        record=s.game_record(1), finished_at=NOW,
    )  # fmt: skip

    async def work(uow: Any) -> None:
        await uow.start_series(SeriesStart(GUILD, 10, KEY, seats, NOW))
        await uow.record_game(game)

    await store.run(work)
    yield store
    await engine.dispose()


def _service(store: LeagueStore) -> ReviewService:
    return ReviewService(store, ComputerPlayers(processes=0), ReviewBudget(worlds=10, time_cap=30))


async def test_only_the_players_of_the_game_open_its_review(store: LeagueStore) -> None:
    svc = _service(store)
    with pytest.raises(ServiceError) as refused:
        await svc.review(GUILD, KEY, 1, CAROL)
    assert refused.value.key is ErrorKey.REVIEW_NOT_PLAYER
    with pytest.raises(ServiceError) as other_guild:
        await svc.review(GUILD + 1, KEY, 1, ALICE)
    assert other_guild.value.key is ErrorKey.REVIEW_MISSING
    with pytest.raises(ServiceError) as missing:
        await svc.review(GUILD, KEY, 2, ALICE)
    assert missing.value.key is ErrorKey.REVIEW_MISSING
    alice = await svc.review(GUILD, KEY, 1, ALICE)
    bob = await svc.review(GUILD, KEY, 1, BOB)
    assert (alice.review.seat, bob.review.seat) == (0, 2)
    assert not alice.cached and alice.review.decisions


async def test_reviews_are_cached_and_computed_once(
    store: LeagueStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = review_module._compute

    def counting(record: dict[str, object], seat: int, *args: Any) -> GameReview:
        calls.append(seat)
        return real(record, seat, *args)

    monkeypatch.setattr(review_module, "_compute", counting)
    svc = _service(store)
    first, second = await asyncio.gather(
        svc.review(GUILD, KEY, 1, ALICE), svc.review(GUILD, KEY, 1, ALICE)
    )
    assert calls == [0] and first.review == second.review
    again = await svc.review(GUILD, KEY, 1, ALICE)
    assert again.cached and again.review == first.review and calls == [0]
    # A fresh service (a restarted bot) computes the same review from the stored record.
    assert (await _service(store).review(GUILD, KEY, 1, ALICE)).review == first.review


async def test_a_review_the_busy_workers_cannot_finish_says_so_not_the_database(
    store: LeagueStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Timed out in the queue, a review answered "The database is not answering".
    monkeypatch.setattr(review_module, "QUEUE_GRACE_SECONDS", 0.0)
    svc = ReviewService(store, ComputerPlayers(processes=0), ReviewBudget(worlds=10, time_cap=0.05))
    async with svc._slots:  # every review slot taken by another review
        with pytest.raises(ServiceError) as busy:
            await svc.review(GUILD, KEY, 1, ALICE)
        (job,) = svc._jobs.values()  # it waits on, for the slot
    assert busy.value.key is ErrorKey.REVIEW_BUSY
    # It went on (keeping its slot while it ran), and the player's next ask has it.
    await job
    again = await svc.review(GUILD, KEY, 1, ALICE)
    assert again.cached and again.review.decisions and svc._jobs == {}
