"""Discord failing a request, as the presenter and the pings meet it.

discord.py retries a 429 after its ``retry_after`` and a 500, 502, 504 or 524 up to five
times; a 503, a dropped connection (aiohttp's ``ServerDisconnectedError``, an ``OSError``)
or a timeout reaches the bot as it is, and only the first is a ``discord.HTTPException``.
Each of them once ended a channel's presenter task (its table froze on an old position,
the next player was never pinged) or left a message for good in the state before it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")

#: What a request to Discord may fail with.
DISCORD_FAILURES: tuple[type[BaseException], ...] = (
    discord.HTTPException,
    aiohttp.ClientError,
    OSError,
    TimeoutError,
)
#: Seconds before trying an idempotent request again (then it is given up).
RETRY_DELAYS: tuple[float, ...] = (1.0, 3.0)


def transient(exc: BaseException) -> bool:
    """Whether trying again may succeed: a server error or a lost connection, not a
    refusal (a 4xx says the request itself is wrong, or the message is gone)."""
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500
    return True


def why(exc: BaseException) -> str:
    """A failure in one word for a log line: its HTTP status or its type."""
    status = getattr(exc, "status", None)
    return str(status) if isinstance(status, int) else type(exc).__name__


async def retrying(
    request: Callable[[], Awaitable[T]], what: str, delays: tuple[float, ...] = RETRY_DELAYS
) -> T:
    """``request()``, tried again after each of ``delays`` while it fails transiently (only
    for requests that may be repeated: an edit, a post with a nonce); the last failure is
    raised."""
    for delay in delays:
        try:
            return await request()
        except DISCORD_FAILURES as exc:
            if not transient(exc):
                raise
            log.info("discord_retry %s after %s in %.0f s", what, why(exc), delay)
        await asyncio.sleep(delay)
    return await request()


class Later:
    """Events queued again after a while, one pending per channel: what Discord refused
    (a table message not posted or not edited) is caught up with then, not at the next
    move, which may be minutes away, or never (the last move of a series)."""

    def __init__(self, enqueue: Callable[[int], None], delay: float = 15.0) -> None:
        self._enqueue = enqueue
        self._delay = delay
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def catch_up(self, channel_id: int) -> None:
        """Ask ``enqueue(channel_id)`` again in ``delay`` seconds (once, however often
        this is called meanwhile)."""
        if channel_id in self._tasks:
            return
        self._tasks[channel_id] = asyncio.get_running_loop().create_task(
            self._run(channel_id), name=f"catch-up-{channel_id}"
        )

    async def _run(self, channel_id: int) -> None:
        try:
            await asyncio.sleep(self._delay)
        finally:
            self._tasks.pop(channel_id, None)
        self._enqueue(channel_id)

    def close(self) -> list[asyncio.Task[None]]:
        """The pending tasks, no longer this object's (to cancel and await)."""
        tasks, self._tasks = list(self._tasks.values()), {}
        return tasks
