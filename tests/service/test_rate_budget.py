"""The request budget: the grants (pure), one process's sliding window of answers, and two
processes sharing one limit through a database."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from kozel_discord.service.rate_budget import (
    MAX_IN_FLIGHT,
    WINDOW,
    RequestBudget,
    SharedRequestBudget,
    allocate,
    effective,
)
from kozel_discord.store import (
    LeagueStore,
    RateLease,
)

W = WINDOW


def most_in_window(times: list[float], window: float) -> int:
    times = sorted(times)
    best, end = 0, 0
    for start, at in enumerate(times):
        while end < len(times) and times[end] < at + window:
            end += 1
        best = max(best, end - start)
    return best


# ------------------------------------------------------------------------------ grants
def test_a_lone_process_gets_what_it_asks_up_to_the_limit() -> None:
    assert allocate([], "a", 7, 10, 100.0).rate == 7
    assert allocate([], "a", 30, 10, 100.0).rate == 10


def test_a_second_process_gets_only_what_the_first_leaves() -> None:
    a = allocate([], "a", 10, 10, 100.0)
    b = allocate([a], "b", 10, 10, 100.1)
    assert b.rate == 0 and b.wanted == 10
    # The first gives back down to an equal share, but still counts as sending its old
    # rate for one window: the second gets its share only after that.
    a2 = allocate([a, b], "a", 10, 10, 100.5)
    assert a2.rate == 5 and a2.held == 10
    assert allocate([a2, b], "b", 10, 10, 101.0).rate == 0
    b2 = allocate([a2, b], "b", 10, 10, 100.5 + W + 0.6)
    assert b2.rate == 5


def test_a_given_up_rate_is_not_held_for_ever() -> None:
    """Renewing at the lower rate again does not hold the old rate again."""
    a = allocate([], "a", 10, 10, 0.0)
    now = 0.0
    for _ in range(20):
        now += 0.5
        a = allocate([a], "a", 1, 10, now)
    assert effective(a, now) == 1
    assert allocate([a], "b", 10, 10, now).rate == 9


def test_an_expired_lease_frees_its_rate_one_window_after_it_expired() -> None:
    dead = RateLease("dead", 8, 8, expires_at=10.0)
    assert allocate([dead], "b", 10, 10, 10.5).rate == 2
    assert allocate([dead], "b", 10, 10, 10.0 + W).rate == 10


def test_equal_shares_when_everyone_wants_more_than_the_limit() -> None:
    leases: dict[str, RateLease] = {}
    now = 0.0
    for _ in range(40):
        for holder in ("a", "b", "c"):
            now += 0.2
            leases[holder] = allocate(list(leases.values()), holder, 50, 12, now)
    assert sorted(lease.rate for lease in leases.values()) == [4, 4, 4]


@pytest.mark.parametrize("seed", range(20))
def test_the_rates_in_force_in_any_window_never_add_up_to_more_than_the_limit(
    seed: int,
) -> None:
    """Random renewals (random asks, some processes stop renewing and come back): at any
    time, the highest rate each process had in force over the last window, added up over
    the processes, stays within the limit."""
    rng = random.Random(seed)
    limit = 10
    leases: dict[str, RateLease] = {}
    history: dict[str, list[tuple[float, RateLease]]] = {h: [] for h in "abcd"}
    now = 0.0
    for _ in range(300):
        now += rng.choice([0.05, 0.1, 0.3, 0.5, 1.0, 4.0])
        holder = rng.choice("abcd")
        lease = allocate(list(leases.values()), holder, rng.randint(0, 15), limit, now)
        leases[holder] = lease
        history[holder].append((now, lease))

    def rate_at(holder: str, t: float) -> int:
        current = [lease for at, lease in history[holder] if at <= t]
        return current[-1].rate if current and t < current[-1].expires_at else 0

    def highest(holder: str, end: float) -> int:
        points = [end - W + 1e-9] + [at for at, _ in history[holder] if end - W < at <= end]
        return max(rate_at(holder, t) for t in points)

    for end in [at for h in history.values() for at, _ in h]:
        assert sum(highest(h, end) for h in history) <= limit, end


# ------------------------------------------------------------------------------ one process
async def test_a_process_alone_sends_at_most_its_limit_in_any_window() -> None:
    budget = RequestBudget(4, window=0.2)
    sent: list[float] = []

    async def one() -> None:
        token = await budget.take()
        sent.append(time.monotonic())
        budget.done(token)

    started = time.monotonic()
    await asyncio.gather(*(one() for _ in range(12)))
    assert most_in_window(sent, 0.2) <= 4
    assert max(sent) - started >= 0.4  # 12 requests at 4 per 0.2 s: three windows
    assert budget.waits == 8


async def test_an_answer_wakes_the_first_waiting_request_not_all_of_them() -> None:
    """Waiting requests go in order, and only the first looks at the budget: 60 requests
    through a budget of 5 per window look at it a few times each, not once per answer
    each (which was 5% of the bot's CPU with 50 busy tables)."""
    budget = RequestBudget(5, window=0.02)
    order: list[int] = []

    async def one(n: int) -> None:
        token = await budget.take()
        order.append(n)
        budget.done(token)

    await asyncio.gather(*(one(n) for n in range(60)))
    assert order == list(range(60))  # first come, first served
    assert budget.waits == 55
    assert budget.checks <= 3 * 60, budget.checks


async def test_a_request_counts_until_a_window_after_its_answer() -> None:
    """A request arrives somewhere between being let go and its answer: the next one that
    the window's limit holds back waits for the answer, then for a window after it."""
    budget = RequestBudget(1, window=0.05)
    first = await budget.take()
    second = asyncio.create_task(budget.take())
    done, _ = await asyncio.wait({second}, timeout=0.25)  # five windows, still unanswered
    assert not done
    budget.done(first)
    answered = time.monotonic()
    budget.done(await second)
    assert time.monotonic() - answered >= 0.05 * 0.9


async def test_an_answer_told_twice_counts_once() -> None:
    now = [1000.0]
    budget = RequestBudget(2, window=1.0, clock=lambda: now[0])
    first = await budget.take()
    budget.done(first)
    budget.done(first)  # e.g. a failure reported after the answer
    # One answer in the window, one place left: the next request goes at once.
    await asyncio.wait_for(budget.take(), 1.0)


async def test_a_request_never_answered_counts_as_answered_after_a_while() -> None:
    now = [1000.0]
    budget = RequestBudget(1, window=1.0, clock=lambda: now[0])
    await budget.take()  # never answered (a lost trace callback)
    now[0] += MAX_IN_FLIGHT + 1.0 + 0.01
    token = await asyncio.wait_for(budget.take(), 1.0)  # no real waiting: the clock moved
    assert token == 2


# ------------------------------------------------------------------------------ shared
async def test_two_processes_share_one_limit_through_the_database(store: LeagueStore) -> None:
    window = 0.3
    a = SharedRequestBudget(store, 6, holder="a", window=window)
    b = SharedRequestBudget(store, 6, holder="b", window=window)
    await a.start()
    await b.start()
    sent: dict[str, list[float]] = {"a": [], "b": []}

    async def burst(budget: SharedRequestBudget, n: int) -> None:
        async def one() -> None:
            token = await budget.take()
            sent[budget.holder].append(time.time())
            budget.done(token)

        await asyncio.gather(*(one() for _ in range(n)))

    try:
        await asyncio.gather(burst(a, 30), burst(b, 30))
    finally:
        await a.close()
        await b.close()
    both = sent["a"] + sent["b"]
    assert most_in_window(both, window) <= 6
    # Leases, not a round trip per request.
    assert a.renewals + b.renewals < len(both)


async def test_plenty_of_budget_costs_no_round_trip_per_request(store: LeagueStore) -> None:
    budget = SharedRequestBudget(store, 50, holder="alone")
    await budget.start()
    try:
        for _ in range(40):
            budget.done(await budget.take())
    finally:
        await budget.close()
    # 40 requests at once (within the limit): the lease doubles while requests wait.
    assert budget.waits <= 4
    assert budget.renewals <= 6


async def test_a_closed_process_gives_its_rate_back(store: LeagueStore) -> None:
    a = SharedRequestBudget(store, 10, holder="a")
    await a.start()
    for _ in range(8):
        a.done(await a.take())
    await a.close()

    async def leases(uow: object) -> list[RateLease]:
        return await uow.lock_rate_leases("discord", 0.0)  # type: ignore[attr-defined,no-any-return]

    (mine,) = await store.run(leases)  # type: ignore[arg-type]
    assert mine.rate == 0
    assert effective(mine, time.time() + W + 1.0) == 0
