"""The pace of the bot's channel messages: a global budget of posts and edits per second,
and at most one edit of a channel's table message per ``edit_interval`` seconds."""

from __future__ import annotations

import asyncio


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
