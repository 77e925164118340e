"""Controls drawn for a table as it was do not act on it as it is now: a stop confirmation
asked about a lobby, or the lobby's Cancel, pressed once the series has started."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kozel_discord.service import ServiceError, TableService, TableStatus
from kozel_discord.store import LeagueStore
from tests.service.test_service import CHANNEL, GUILD, HOST, _two_humans


async def test_a_stop_confirmation_asked_about_a_lobby_does_not_stop_a_series(
    store: LeagueStore, make_service: Callable[..., TableService]
) -> None:
    # "/kozel stop" on a lobby asks "Close this lobby? nothing is recorded"; pressed after
    # Start, it abandoned the running series.
    svc = make_service()
    tid = await _two_humans(svc)  # started
    with pytest.raises(ServiceError) as e:
        await svc.stop(CHANNEL, HOST, False, table_id=tid, status=TableStatus.LOBBY)
    assert e.value.key == "stop_changed"
    table = svc.get(CHANNEL)
    assert table is not None and table.status is TableStatus.PLAYING
    with pytest.raises(ServiceError) as e:
        await svc.stop(CHANNEL, HOST, False, table_id=tid, cancel=True)  # the lobby's Cancel
    assert e.value.key == "already_started"
    series = await store.recent_series(GUILD)
    assert len(series) == 1 and series[0].status.value != "abandoned"
    await svc.stop(CHANNEL, HOST, False, table_id=tid, status=TableStatus.PLAYING)
    assert svc.get(CHANNEL) is None
