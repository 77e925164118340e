"""The registry of tables: where a table may be opened, and what a restart brings back."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from kozel_discord.engine import SnapshotError
from kozel_discord.service import ErrorKey, ServiceError, TableService
from kozel_discord.store import LeagueStore

GUILD, CHANNEL, THREAD, HOST, OTHER = 1, 10, 11, 100, 200


def _svc(store: LeagueStore) -> TableService:
    return TableService(store, default_timeout=None, computer_delay=3600, seed_source=lambda c: 5)


async def test_a_table_cannot_be_opened_in_another_tables_thread(store: LeagueStore) -> None:
    """Its lobby's controls would reach the channel's table (the thread stands for it) and
    be refused: a lobby nobody could use or cancel, stored and resumed after restarts."""
    svc = _svc(store)
    try:
        t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
        for seat in (1, 2, 3):
            await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "random", f"C{seat}")
        await svc.start(CHANNEL, t.table_id, HOST)
        await svc.set_messages(CHANNEL, t.table_id, {"thread": THREAD})
        assert svc.get(THREAD) is svc.get(CHANNEL)
        with pytest.raises(ServiceError) as e:
            await svc.open_lobby(GUILD, THREAD, OTHER, "other", "en-US")
        assert e.value.key is ErrorKey.IN_TABLE_THREAD and e.value.params == {
            "channel": f"<#{CHANNEL}>"
        }
        assert await store.load_table(THREAD) is None
        await svc.stop(CHANNEL, HOST, is_admin=True)
        with pytest.raises(ServiceError) as e:  # the table is over: still its thread
            await svc.open_lobby(GUILD, THREAD, OTHER, "other", "en-US")
        assert e.value.key is ErrorKey.IN_TABLE_THREAD
    finally:
        await svc.close()


async def test_a_table_that_cannot_be_loaded_is_logged_without_its_moves(
    store: LeagueStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A refused snapshot's message names the refused action, cards and all."""
    first = _svc(store)
    await first.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    await first.close()

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise SnapshotError("action 3 (2, discard:7h) is illegal: not in the hand")

    second = _svc(store)
    monkeypatch.setattr(second, "_table_from_state", refuse)
    try:
        with caplog.at_level(logging.DEBUG):
            assert await second.resume() == []
    finally:
        await second.close()
    assert f"table in channel {CHANNEL} could not be loaded (SnapshotError)" in caplog.text
    assert "7h" not in caplog.text and "discard" not in caplog.text
