"""A database that is slow rather than down: a write that commits but answers after the
commit timeout counts as saved; a change being written is never published (if its write
fails, its cards go back to a hand); message ids that could not be saved are kept."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from kozel_discord.service import ServiceError, TableService, TableStatus
from kozel_discord.store import LeagueStore, StoreUnavailable
from tests.service.test_service import (
    CHANNEL,
    GUILD,
    HOST,
    Events,
    FlakyStore,
    _human_turn,
    _two_humans,
)

MakeService = Callable[..., TableService]


async def _a_human_move(svc: TableService) -> tuple[str, int, int, str, int]:
    """A started table at a human's turn: its id, the seat, the move number, a legal move
    and the table's version."""
    tid = await _two_humans(svc)
    seat = await _human_turn(svc)
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    action = table.series.legal_actions(seat)[0].encode()
    return tid, seat, svc.move_number(table), action, table.version


class LateStore(FlakyStore):
    """While ``late`` is set, a write commits and then does not answer (its caller's
    timeout runs out): a database under load."""

    def __init__(self, inner: LeagueStore) -> None:
        super().__init__(inner)
        self.late = False
        self._never = asyncio.Event()

    async def run(self, work: Any, *, one_statement: bool = False) -> Any:
        out = await self.inner.run(work, one_statement=one_statement)
        if self.late:
            self.late = False
            await self._never.wait()
        return out


async def test_a_start_whose_write_answers_late_starts_and_plays_on(
    store: LeagueStore, make_service: MakeService
) -> None:
    # Before: the host was told "try again" while the series had started in the store;
    # no table message, no computer ever moved, and Start said "already started".
    late = LateStore(store)
    svc = make_service(late, commit_timeout=0.05)
    events = Events()
    svc.add_listener(events)
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US", turn_timeout=0.001)
    for seat in (1, 2, 3):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "random", f"C{seat}")
    late.late = True
    table = await svc.start(CHANNEL, t.table_id, HOST)
    assert table.status is TableStatus.PLAYING and "started" in events.kinds
    saved = table.version  # (the computers play on from here)
    stored = await store.load_table(CHANNEL)
    assert stored is not None and stored.version >= saved
    await events.wait_for("move")  # the turn's task was scheduled: the table plays on


async def test_a_move_whose_write_answers_late_is_accepted(
    store: LeagueStore, make_service: MakeService
) -> None:
    late = LateStore(store)
    svc = make_service(late, commit_timeout=0.05)
    tid, seat, move, action, _ = await _a_human_move(svc)
    events = Events()
    svc.add_listener(events)
    late.late = True
    await svc.play(CHANNEL, tid, HOST if seat == 0 else 200, seat, move, action)
    assert "move" in events.kinds
    now = svc.get(CHANNEL)
    assert now is not None and svc.move_number(now) > move
    saved = now.version  # (the computers play on from here)
    stored = await store.load_table(CHANNEL)
    assert stored is not None and stored.version >= saved


class GatedStore(FlakyStore):
    """While ``gate`` is set, a write waits for it to open and then fails."""

    def __init__(self, inner: LeagueStore) -> None:
        super().__init__(inner)
        self.gate: asyncio.Event | None = None
        self.waiting = asyncio.Event()

    async def run(self, work: Any, *, one_statement: bool = False) -> Any:
        gate = self.gate
        if gate is not None:
            self.waiting.set()
            await gate.wait()
            raise StoreUnavailable("the database failed: ConnectionResetError")
        return await self.inner.run(work, one_statement=one_statement)


async def test_a_move_being_written_is_not_published_and_a_failed_one_never(
    store: LeagueStore, make_service: MakeService
) -> None:
    gated = GatedStore(store)
    svc = make_service(gated)
    tid, seat, move, action, version = await _a_human_move(svc)
    events = Events()
    svc.add_listener(events)
    gated.gate = gate = asyncio.Event()
    play = asyncio.create_task(
        svc.play(CHANNEL, tid, HOST if seat == 0 else 200, seat, move, action)
    )
    await gated.waiting.wait()
    # The move is applied in memory while its write runs: what publishes waits for it.
    reader = asyncio.create_task(svc.settled(CHANNEL))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not reader.done()
    gated.gate = None
    gate.set()
    with pytest.raises(ServiceError) as e:
        await play
    assert e.value.key == "try_again"
    shown = await reader
    assert shown is not None and shown.version == version and svc.move_number(shown) == move
    # What publishes waited and read the table as saved: no event to take anything back
    # (one per failed write flooded the presenter while the database was away).
    assert events.kinds == []


async def test_settled_waits_for_a_write_that_began_as_the_last_one_ended(
    store: LeagueStore, make_service: MakeService
) -> None:
    # asyncio.Event.wait() does not look at the flag again on waking: a move whose write
    # began in between was handed out, then rolled back after its cards were shown.
    gated = GatedStore(store)
    svc = make_service(gated)
    tid, seat, move, action, version = await _a_human_move(svc)
    session = svc._sessions[CHANNEL]
    gated.gate = first = asyncio.Event()
    play = asyncio.create_task(
        svc.play(CHANNEL, tid, HOST if seat == 0 else 200, seat, move, action)
    )
    await gated.waiting.wait()

    async def read() -> tuple[int, int]:  # what a publisher sees, at once
        shown = await svc.settled(CHANNEL)
        assert shown is not None
        return shown.version, svc.move_number(shown)

    reader = asyncio.create_task(read())

    async def next_write() -> None:  # ready as the first write ends, it gets the lock first
        while session.lock.locked():
            await asyncio.sleep(0)
        async with session.lock:
            await session.commit(lambda t: None)

    for _ in range(5):
        await asyncio.sleep(0)
    following = asyncio.create_task(next_write())
    await asyncio.sleep(0)
    gated.gate = second = asyncio.Event()  # the next write waits, then fails too
    first.set()
    with pytest.raises(ServiceError):
        await play
    for _ in range(5):
        await asyncio.sleep(0)
    gated.gate = None
    second.set()
    with pytest.raises(ServiceError):
        await following
    assert await reader == (version, move)  # never the write in flight


async def test_message_ids_that_could_not_be_saved_are_saved_with_the_next_change(
    store: LeagueStore, make_service: MakeService
) -> None:
    # Before: the failure was dropped; the game's message was never edited and was posted
    # again at the game's end.
    flaky = FlakyStore(store)
    svc = make_service(flaky)
    tid = await _two_humans(svc)
    flaky.down = True
    await svc.set_messages(CHANNEL, tid, {"table": 4242, "table_game": 1})
    table = svc.get(CHANNEL)
    assert table is not None and table.messages["table"] == 4242
    flaky.down = False
    await svc.set_pings(CHANNEL, HOST, False)
    stored = await store.load_table(CHANNEL)
    assert stored is not None and stored.messages["table"] == 4242
