"""The bot's budget of Discord requests: at most ``limit`` requests authorised with the bot
token in any second, over all the processes of the bot (Discord's global limit, 50/s).

:class:`RequestBudget` keeps one process under the limit by itself: a request may go when
fewer than ``rate`` requests are in flight or were answered in the last ``window`` seconds
(a sliding log). A request is logged at its *answer*, not when it was let go: Discord counts
it when it arrives, which is some time between the two (a busy event loop sends late, and
several late requests land together; on a loaded 2-core machine they arrived up to 0.3 s
closer together than they were let go). The next request waits for the window after an
answer, so it arrives at least a window after the one before it whatever the delays, and the
window needs only a little over Discord's second (1.05 s). A request whose answer never
comes (lost, cancelled unseen) counts as answered after ``MAX_IN_FLIGHT`` seconds.

:class:`SharedRequestBudget` shares the limit between the processes of one bot through the
database. Each process holds a lease: a ``rate`` of its own for a few seconds, renewed in
the background, so a request costs no database round trip (only the renewals do: every
1.5 s when nothing changes, at most every 0.1 s while requests wait and the budget has room,
every 0.5 s when it has none). A renewal is one unit of work that locks the budget's row and
grants (:func:`allocate`)::

    rate(me) <= limit - sum over the others of what they may still be sending

where what another may still be sending is its rate, or a higher rate it gave up less than a
window ago (``held``), until its lease has been expired for a window. So in any window the
rates in force add up to at most ``limit``. Shares follow demand: each lease says what it
would like (``wanted``); when the wishes add up to more than the limit, nobody is granted
more than an equal share unless the others leave it free, and a process above its equal
share gives the excess back at its next renewal (counted as held for one window more).

A process that cannot renew (database away) keeps its lease until it expires and then sends
nothing bot-authorised until the database answers again: staying under the limit wins over
sending (interaction answers, which Discord does not count, are not held back).

Processes must agree on the time (epoch seconds; NTP): a clock that is off by ``e`` seconds
can let about ``limit * e`` extra requests through.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import math
import time
import uuid
from collections import deque
from collections.abc import Callable, Sequence

from ..store import LeagueStore, RateLease, StoreUnavailable, UnitOfWork

log = logging.getLogger(__name__)

BUDGET = "discord"  # the budget's row: one bot per database
WINDOW = 1.05  # seconds after an answer: Discord counts per second (the rest: rounding)
MAX_IN_FLIGHT = 30.0  # seconds after which a request never answered counts as answered
LEASE_SECONDS = 3.0  # how long a lease holds without renewal
IDLE_RENEWAL = 1.5  # seconds between renewals when nothing changes
BUSY_RENEWAL = 0.5  # ... when the rate does not fit the demand
EAGER_RENEWAL = 0.1  # ... when requests wait and the last renewal granted what it asked
HOLD_MARGIN = 0.5  # seconds a given-up rate is held beyond the window (the renewal's own time)
FORGET_AFTER = 60.0  # seconds after which an expired lease's row is deleted
FLOOR = 1  # the least rate a process asks for (its first request never waits for a renewal)

Clock = Callable[[], float]


class RequestBudget:
    """At most ``limit`` requests in any ``window`` seconds, in this process alone."""

    def __init__(self, limit: int, *, window: float = WINDOW, clock: Clock = time.time) -> None:
        if limit < 1:
            raise ValueError("the request budget needs a limit of at least 1")
        self.limit = limit
        self.window = window
        self._clock = clock
        self._rate = limit
        self._expires = math.inf
        self._answered: deque[float] = deque()  # answer times in the last window, in order
        self._in_flight: dict[int, float] = {}  # token -> when the request was let go
        self._tokens = 0
        self._waiting = 0
        self._changed = asyncio.Event()
        # Requests wait their turn in order; only the first looks at the budget, so an answer
        # or a renewal wakes one waiting request, not all of them (waking them all at every
        # answer was ~5% of the bot's CPU in benchmarks/load.py at 50 tables, by py-spy).
        self._queue = asyncio.Lock()
        self.waits = 0  # requests that had to wait for the budget (figures)
        self.checks = 0  # times a request looked at the budget (figures)

    @property
    def rate(self) -> int:
        """The requests this process may send in any window now."""
        return self._rate if self._clock() < self._expires else 0

    def _prune(self, now: float) -> int:
        """Forget answers older than the window; the requests that count now."""
        while self._answered and self._answered[0] <= now - self.window:
            self._answered.popleft()
        lost = [tok for tok, at in self._in_flight.items() if at <= now - MAX_IN_FLIGHT]
        for token in lost:  # as if answered MAX_IN_FLIGHT seconds after it was let go
            answered = self._in_flight.pop(token) + MAX_IN_FLIGHT
            if answered > now - self.window:
                bisect.insort(self._answered, answered)
        return len(self._answered) + len(self._in_flight)

    def done(self, token: int) -> None:
        """The request let go as ``token`` was answered (or failed): it counts for one more
        window from now. Unknown tokens (already counted) are ignored."""
        if self._in_flight.pop(token, None) is not None:
            self._answered.append(self._clock())
            self._notify()

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _short(self) -> None:
        """Hook: a request is waiting for the budget."""

    async def take(self) -> int:
        """Wait until one more request fits the budget; it is in flight until :meth:`done`
        is called with the token returned."""
        self._waiting += 1
        try:
            queued = self._queue.locked()  # behind other waiting requests
            if queued:
                self.waits += 1
            async with self._queue:
                return await self._first_in_line(queued)
        finally:
            self._waiting -= 1

    async def _first_in_line(self, waited: bool) -> int:
        while True:
            self.checks += 1
            now = self._clock()
            counted = self._prune(now)
            rate = self.rate
            if counted < rate:
                self._tokens += 1
                self._in_flight[self._tokens] = now
                return self._tokens
            if not waited:
                waited = True
                self.waits += 1
            self._short()
            if self._answered and counted >= max(rate, 1):
                # The oldest answer leaves the window (when the rate is not lower); an
                # answer coming in wakes the first waiting request too.
                wake = self._answered[0] + self.window - now
            else:
                wake = BUSY_RENEWAL
            changed = self._changed
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(wake, 0.001)):
                    await changed.wait()

    async def start(self) -> None:
        """Nothing to do for a budget of its own."""

    async def close(self) -> None:
        """Nothing to do for a budget of its own."""


def effective(lease: RateLease, now: float, window: float = WINDOW) -> int:
    """What the holder of ``lease`` may still be sending in a window that ends now."""
    if now >= lease.expires_at + window:
        return 0
    held = lease.held if lease.held_until > now else 0
    return max(lease.rate, held)


def allocate(
    leases: Sequence[RateLease],
    holder: str,
    ask: int,
    limit: int,
    now: float,
    *,
    window: float = WINDOW,
    lease_seconds: float = LEASE_SECONDS,
) -> RateLease:
    """``holder``'s new lease, given every lease of the budget (``holder``'s own too)."""
    mine = next((lease for lease in leases if lease.holder == holder), None)
    others = [lease for lease in leases if lease.holder != holder]
    busy = sum(effective(lease, now, window) for lease in others)
    live = [lease for lease in others if lease.expires_at > now]
    wanted = sum(lease.wanted for lease in live)
    if ask + wanted <= limit:
        target = ask
    else:
        fair = limit // (len(live) + 1)
        target = max(min(ask, fair), limit - wanted)
    rate = max(0, min(target, limit - busy))
    held, held_until = 0, 0.0
    if mine is not None:
        # A rate given up is held for a window from now (it was in force until now);
        # a hold from before runs out at its own time.
        before = mine.rate if now < mine.expires_at + window else 0
        still = mine.held if mine.held_until > now else 0
        if rate < before:
            held, held_until = max(before, still), now + window + HOLD_MARGIN
        elif rate < still:
            held, held_until = still, mine.held_until
    return RateLease(holder, rate, ask, now + lease_seconds, held, held_until)


class SharedRequestBudget(RequestBudget):
    """The bot's limit shared with its other processes through the database (see the
    module's docstring). ``start`` takes the first lease; ``close`` gives it back."""

    def __init__(
        self,
        store: LeagueStore,
        limit: int,
        *,
        holder: str | None = None,
        budget: str = BUDGET,
        window: float = WINDOW,
        clock: Clock = time.time,
    ) -> None:
        super().__init__(limit, window=window, clock=clock)
        self._store = store
        self.budget = budget
        self.holder = holder or uuid.uuid4().hex
        self._rate = 0
        self._expires = 0.0
        self._last_renewal = -math.inf
        self._granted_all = True  # the last renewal granted what it asked for
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failing = False
        self.renewals = 0  # figures: leases taken

    def _short(self) -> None:
        self._wake.set()

    def _ask(self) -> int:
        demand = self._prune(self._clock()) + self._waiting
        ramp = 2 * self._rate if self._waiting else 0  # short of it: double the rate
        return min(self.limit, max(FLOOR, demand + max(1, demand // 4), ramp))

    async def _renew(self, ask: int | None = None) -> None:
        ask = self._ask() if ask is None else ask
        now = self._clock()

        async def work(uow: UnitOfWork) -> RateLease:
            nonlocal now
            leases = await uow.lock_rate_leases(self.budget, now - FORGET_AFTER)
            # The time once the budget's row is locked: a rate given up is held for a
            # window from when the new lease takes over, however long the lock took.
            now = self._clock()
            lease = allocate(leases, self.holder, ask, self.limit, now, window=self.window)
            await uow.save_rate_lease(self.budget, lease)
            return lease

        # Until the new lease is known, the old one holds, but never above what is asked.
        self._rate = min(self._rate, ask)
        lease = await self._store.run(work)
        self._last_renewal = now
        self.renewals += 1
        self._granted_all = lease.rate >= ask
        self._rate, self._expires = lease.rate, lease.expires_at
        log.debug("request budget: rate %s of %s (asked %s)", lease.rate, self.limit, ask)
        self._notify()

    def _due(self, now: float) -> float:
        """When the next renewal is due."""
        ask = self._ask()
        due = self._expires - (LEASE_SECONDS - IDLE_RENEWAL)
        if ask > self._rate or ask < self._rate // 2:
            due = min(due, self._last_renewal + BUSY_RENEWAL)
        if self._waiting and self._granted_all:
            due = min(due, self._last_renewal + EAGER_RENEWAL)
        return due

    async def _run(self) -> None:
        while True:
            now = self._clock()
            due = self._due(now)
            if due > now:
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(due - now):
                        await self._wake.wait()
                continue
            try:
                await self._renew()
                if self._failing:
                    log.info("request budget: the database answers again")
                    self._failing = False
            except StoreUnavailable as exc:
                if not self._failing:
                    log.warning("request budget: lease not renewed (%s)", exc)
                    self._failing = True
                self._last_renewal = now
                await asyncio.sleep(BUSY_RENEWAL)

    async def start(self) -> None:
        """Take the first lease (raises :class:`StoreUnavailable`) and keep renewing it."""
        await self._renew(max(FLOOR, self.limit // 10))
        self._task = asyncio.create_task(self._run(), name="request-budget")

    async def close(self) -> None:
        """Stop renewing and give the lease back (held for one window more)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        now = self._clock()

        async def work(uow: UnitOfWork) -> None:
            leases = await uow.lock_rate_leases(self.budget, now - FORGET_AFTER)
            mine = next((lease for lease in leases if lease.holder == self.holder), None)
            if mine is not None:
                held = effective(mine, now, self.window)
                until = now + self.window + HOLD_MARGIN
                given_back = RateLease(self.holder, 0, 0, now + HOLD_MARGIN, held, until)
                await uow.save_rate_lease(self.budget, given_back)

        with contextlib.suppress(StoreUnavailable, TimeoutError):
            async with asyncio.timeout(2.0):
                await self._store.run(work)
        self._rate, self._expires = 0, 0.0


__all__ = [
    "BUDGET",
    "MAX_IN_FLIGHT",
    "WINDOW",
    "RequestBudget",
    "SharedRequestBudget",
    "allocate",
    "effective",
]
