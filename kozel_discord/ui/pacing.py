"""The pace of the bot's requests to Discord.

* :class:`RequestGate`: every request authorised with the bot token (the ones Discord's
  global limit counts, from every part of the bot: posts, edits, pings, threads, emojis,
  command syncs) waits for the bot's :class:`~.ports.RequestBudget` just before it is sent,
  through a trace hook of discord.py's HTTP session (``http_trace``), and tells it when the
  answer came (or the request failed). Interaction answers carry no bot token and are never
  held back (Discord does not count them).
* :class:`Pacer`: the presenter's own share of posts and edits per second, and at most one
  edit of a channel's table message per ``edit_interval`` seconds.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp

from .ports import RequestBudget


class RequestGate:
    """Holds discord.py's requests to the bot's budget; until ``budget`` is set (before the
    database is open), requests pass."""

    def __init__(self) -> None:
        self.budget: RequestBudget | None = None
        self.held = 0  # requests that went through the budget

    def trace(self) -> aiohttp.TraceConfig:
        """The trace configuration to give ``discord.Client(http_trace=...)``."""
        config = aiohttp.TraceConfig()
        config.on_request_start.append(self._on_request_start)
        config.on_request_end.append(self._on_request_done)
        config.on_request_exception.append(self._on_request_done)
        return config

    async def _on_request_start(
        self,
        _session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        budget = self.budget
        if budget is not None and params.headers.get("Authorization", "").startswith("Bot "):
            self.held += 1
            context.kozel_budget = (budget, await budget.take())

    async def _on_request_done(
        self, _session: aiohttp.ClientSession, context: SimpleNamespace, _params: object
    ) -> None:
        taken: tuple[RequestBudget, int] | None = getattr(context, "kozel_budget", None)
        if taken is not None:  # (a token told twice is ignored by the budget)
            budget, token = taken
            budget.done(token)


class Pacer:
    def __init__(self, edit_interval: float = 1.0, max_edits_per_second: float = 40.0) -> None:
        self.edit_interval = edit_interval
        self._edit_gap = 1.0 / max_edits_per_second
        self._next_edit = 0.0
        self._last_edit: dict[int, float] = {}  # channel -> loop time of its last edit

    async def slot(self) -> None:
        """A share of the global budget of channel-message requests (posts and edits; Discord
        allows 50 requests/s per bot, interaction answers not counted): under load, edits of
        a table simply coalesce longer."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        slot = max(now, self._next_edit)
        self._next_edit = slot + self._edit_gap
        if slot > now:
            await asyncio.sleep(slot - now)

    async def pace(self, channel_id: int) -> None:
        """At most one edit of a channel's table message per ``edit_interval`` seconds."""
        loop = asyncio.get_running_loop()
        wait = self._last_edit.get(channel_id, -1e9) + self.edit_interval - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        await self.slot()
        self._last_edit[channel_id] = loop.time()
