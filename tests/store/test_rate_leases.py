"""Leases of a shared request budget: one grant at a time, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid

from sqlalchemy.ext.asyncio import AsyncEngine

from kozel_discord.service.rate_budget import allocate, effective
from kozel_discord.store import LeagueStore, RateLease, UnitOfWork
from kozel_discord.store.db import create_engine, create_sessionmaker


async def test_a_new_budget_row_is_made_and_expired_leases_are_forgotten(
    store: LeagueStore,
) -> None:
    budget = f"t{uuid.uuid4().hex[:12]}"

    async def save(uow: UnitOfWork) -> list[RateLease]:
        found = await uow.lock_rate_leases(budget, 0.0)
        await uow.save_rate_lease(budget, RateLease("old", 3, 3, expires_at=5.0))
        await uow.save_rate_lease(budget, RateLease("new", 4, 6, 50.0, held=7, held_until=9.0))
        return found

    assert await store.run(save) == []

    async def read(uow: UnitOfWork) -> list[RateLease]:
        return await uow.lock_rate_leases(budget, 10.0)

    assert await store.run(read) == [RateLease("new", 4, 6, 50.0, held=7, held_until=9.0)]


async def test_concurrent_grants_from_many_processes_never_exceed_the_limit(
    engine: AsyncEngine, database_url: str
) -> None:
    """Eight "processes" (each its own engine) ask for the whole limit at the same time,
    over and over: the budget's row lock lets one grant at a time, so the rates granted
    never add up to more than the limit."""
    budget = f"t{uuid.uuid4().hex[:12]}"
    limit = 10
    engines = [create_engine(database_url) for _ in range(8)]
    stores = [LeagueStore(create_sessionmaker(e)) for e in engines]
    now = 1000.0

    async def grant(store: LeagueStore, holder: str) -> None:
        async def work(uow: UnitOfWork) -> None:
            leases = await uow.lock_rate_leases(budget, 0.0)
            await uow.save_rate_lease(budget, allocate(leases, holder, limit, limit, now))

        await store.run(work)

    try:
        for _ in range(3):
            await asyncio.gather(*(grant(s, f"p{i}") for i, s in enumerate(stores)))
        leases = await stores[0].run(lambda uow: uow.lock_rate_leases(budget, 0.0))
    finally:
        for e in engines:
            await e.dispose()
    assert len(leases) == 8
    # What each may be sending (its rate, or a higher one it just gave up) fits the limit.
    assert sum(effective(lease, now) for lease in leases) <= limit
    assert sum(lease.rate for lease in leases) >= 1
