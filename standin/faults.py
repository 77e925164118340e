"""Discord failing a request: a server error (Discord's 503 is not retried by discord.py,
its 5xx are, up to five times) or a connection cut before any answer (aiohttp's
``ServerDisconnectedError``, which is not a ``discord.HTTPException``). The test's way to
check that the bot recovers from what a real Discord, or the network to it, does now and
then."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

CUT: Literal["cut"] = "cut"


@dataclass
class Fault:
    """The next ``times`` ``method template`` requests (for which ``when`` is true, given
    the route's parameters) fail: with the HTTP status ``answer``, or cut (``"cut"``).
    ``hits`` lists the parameters of the requests that failed."""

    method: str
    template: str
    answer: int | Literal["cut"]
    times: int = 1
    when: Callable[[dict[str, str]], bool] | None = None
    hits: list[dict[str, str]] = field(default_factory=list)

    def take(self, key: str, params: dict[str, str]) -> bool:
        """Whether this request fails (counted)."""
        if key != f"{self.method} {self.template}" or len(self.hits) >= self.times:
            return False
        if self.when is not None and not self.when(params):
            return False
        self.hits.append(dict(params))
        return True
