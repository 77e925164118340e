"""Holding back a request's answer: the test's way to stop the bot at a chosen point (for
example between Discord accepting a post and the bot saving its id) and kill it there."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


@dataclass
class Hold:
    """The next ``method template`` request (for which ``when`` is true) is held: before it
    is handled (``after=False``: nothing happens) or after (``after=True``: done, but the
    answer is not sent). ``reached`` is set when it arrives; ``release()`` lets it go. One
    request only. ``when`` gets the route's parameters and a JSON document: with ``after``
    the answer, else the request's body (``None`` when it is not JSON)."""

    method: str
    template: str
    after: bool = False
    when: Callable[[dict[str, str], Any], bool] | None = None
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)
    used: bool = False
    dropped: bool = False

    def release(self) -> None:
        self.released.set()

    def drop(self) -> None:
        """Let the held request go without handling it (the bot died waiting: as if it
        never arrived). After the request was handled (``after``), the same as release."""
        self.dropped = True
        self.released.set()

    async def wait_reached(
        self, timeout: float = 30.0, alongside: asyncio.Task[Any] | None = None
    ) -> None:
        """Wait until the request is held. With ``alongside`` (the task meant to lead the
        bot there), that task's own failure is raised at once instead of a bare timeout."""
        if alongside is None:
            await asyncio.wait_for(self.reached.wait(), timeout)
            return
        reached = asyncio.ensure_future(self.reached.wait())
        done, _ = await asyncio.wait(
            {reached, alongside}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if reached not in done:
            reached.cancel()
            if alongside in done:
                alongside.result()  # raises what stopped it
                raise AssertionError("the task ended without leading the bot to the hold")
            raise TimeoutError(f"the hold on {self.method} {self.template} was not reached")

    def _matches(self, key: str, after: bool, params: dict[str, str], answer: Any) -> bool:
        if self.used or after != self.after or key != f"{self.method} {self.template}":
            return False
        return self.when is None or self.when(params, answer)


async def hold_if_asked(
    holds: list[Hold],
    key: str,
    params: dict[str, str],
    response: web.StreamResponse | None = None,
    body: Any = None,
) -> bool:
    """Wait here while a hold of this request (before it is handled when ``response`` is
    None, else after) is not released; True when it was dropped before being handled.
    ``body``: the request's JSON, which a hold before handling is matched on."""
    answer: Any = body
    if response is not None and isinstance(response, web.Response) and response.body:
        try:
            answer = json.loads(bytes(response.body))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            answer = None
    for hold in holds:
        if hold._matches(key, response is not None, params, answer):
            hold.used = True
            hold.reached.set()
            await hold.released.wait()
            return hold.dropped and response is None
    return False
