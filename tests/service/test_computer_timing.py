"""A computer's move is decided while its delay runs, outside the table's lock: how long it
thinks (longer with more legal moves, or while another computer holds a molodka it does
not declare) no longer shows when the move comes, and nothing waits behind it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from kozel_discord.engine import Observation
from kozel_discord.service import TableService
from kozel_discord.service.computer import fallback_choice
from tests.service.test_service import CHANNEL, GUILD, HOST


class ThinkingComputers:
    """Computer players that think until ``done`` is set (a long search)."""

    def __init__(self) -> None:
        self.asked = asyncio.Event()
        self.done = asyncio.Event()

    async def choose(self, level: str, obs: Observation, seed: str) -> Any:
        self.asked.set()
        await self.done.wait()
        return fallback_choice(obs, seed)

    async def wants_molodka(self, level: str, obs: Observation, seed: str) -> Any:
        self.asked.set()
        await self.done.wait()
        return None

    async def close(self) -> None:
        return None


async def test_a_computer_thinks_during_its_delay_and_holds_no_lock(
    make_service: Callable[..., TableService],
) -> None:
    players = ThinkingComputers()
    svc = make_service(computers=players, computer_delay=3600.0)
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US", turn_timeout=None)
    for seat in (1, 2, 3):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "strong", f"C{seat}")
    table = await svc.start(CHANNEL, t.table_id, HOST)
    assert table.series is not None
    if table.series.turn == 0:  # the host leads first: play it, a computer's turn comes
        await svc.play(
            CHANNEL,
            t.table_id,
            HOST,
            0,
            svc.move_number(table),
            table.series.legal_actions(0)[0].encode(),
        )
    moves = svc.move_number(table)
    # Asked at once, an hour before its move is due (it was asked after the delay).
    await asyncio.wait_for(players.asked.wait(), 10)
    # While it thinks, the table's lock is free: a player's change does not wait.
    await asyncio.wait_for(svc.set_pings(CHANNEL, HOST, False), 10)
    current = svc.get(CHANNEL)
    assert current is not None and svc.move_number(current) == moves  # not played yet
    players.done.set()
