"""Leases of a request budget shared by the bot's processes (the rows of ``rate_leases``).

A lease is granted inside one unit of work: :func:`lock_leases` first updates the budget's
row (a row lock on PostgreSQL; SQLite's writing transactions hold the database's write lock
anyway), so two processes never grant from the same picture of the leases; then the service
computes the new lease and :func:`save_lease` writes it. No advisory locks, one short
transaction per renewal. Functions on a session inside a unit of work.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kozel_discord.store import models as m
from kozel_discord.store.sql import insert_for


@dataclass(frozen=True)
class RateLease:
    """A process's share of a budget: ``rate`` requests in any window, until
    ``expires_at``; ``held``: a higher rate it gave up lately, still counted for the others
    until ``held_until`` (epoch seconds)."""

    holder: str
    rate: int
    wanted: int
    expires_at: float
    held: int = 0
    held_until: float = 0.0


async def lock_leases(session: AsyncSession, budget: str, forget_before: float) -> list[RateLease]:
    """Lock the budget (creating its row if needed), forget the leases that expired before
    ``forget_before`` and return the others."""
    locked = await session.execute(
        update(m.RateBudget)
        .where(m.RateBudget.name == budget)
        .values(leases=m.RateBudget.leases + 1)
        .returning(m.RateBudget.name)
    )
    if locked.first() is None:
        await session.execute(
            insert_for(session, m.RateBudget)
            .values(name=budget, leases=1)
            .on_conflict_do_nothing(index_elements=["name"])
        )
        await session.execute(
            update(m.RateBudget).where(m.RateBudget.name == budget).values(leases=1)
        )
    await session.execute(
        delete(m.RateLease).where(
            m.RateLease.budget == budget, m.RateLease.expires_at < forget_before
        )
    )
    rows = await session.scalars(select(m.RateLease).where(m.RateLease.budget == budget))
    return [RateLease(r.holder, r.rate, r.wanted, r.expires_at, r.held, r.held_until) for r in rows]


async def save_lease(session: AsyncSession, budget: str, lease: RateLease) -> None:
    values = {
        "rate": lease.rate,
        "wanted": lease.wanted,
        "expires_at": lease.expires_at,
        "held": lease.held,
        "held_until": lease.held_until,
    }
    statement = insert_for(session, m.RateLease).values(
        budget=budget, holder=lease.holder, **values
    )
    await session.execute(
        statement.on_conflict_do_update(index_elements=["budget", "holder"], set_=values)
    )


__all__ = ["RateLease", "lock_leases", "save_lease"]
