"""The turn ping's reminder follows the turn's timer: a vote that turns the timer on during
a turn gives that turn its "almost up" reminder; one that turns it off takes it back."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from kozel_discord.engine import Series
from kozel_discord.service import Seat, Table, TableStatus
from kozel_discord.ui.pings import TurnPings


@dataclass
class Posted:
    deleted: bool = False

    async def delete(self) -> None:
        self.deleted = True


@dataclass
class Channel:
    sent: list[str] = field(default_factory=list)

    async def send(self, content: str, **_: Any) -> Posted:
        self.sent.append(content)
        return Posted()


def _table() -> Table:
    t = Table("0123456789ab", 1, 2, 10, "en-US", None, status=TableStatus.PLAYING)
    t.seats = [Seat(user_id=10 + i, name=f"p{i}") for i in range(4)]
    t.series = Series(3)
    return t


async def test_a_timer_turned_on_mid_turn_gets_that_turn_its_reminder() -> None:
    channel = Channel()
    pings = TurnPings(lambda _t: channel)  # type: ignore[arg-type,return-value]
    table = _table()
    try:
        await pings.update(table)  # the turn's ping, no timer: no reminder
        assert len(channel.sent) == 1
        ping = pings._pings[table.channel_id]
        assert ping.reminder is None
        # the vote passes: the same turn now has a deadline
        table.turn_timeout = 90.0
        table.deadline = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=90)
        await pings.update(table)
        assert pings._pings[table.channel_id] is ping and len(channel.sent) == 1
        assert ping.reminder is not None and not ping.reminder.done()
        # and a vote turning it off again takes the reminder back
        task = ping.reminder
        table.turn_timeout, table.deadline = None, None
        await pings.update(table)
        assert ping.reminder is None and (task.cancelling() or task.cancelled())
    finally:
        await pings.close()
