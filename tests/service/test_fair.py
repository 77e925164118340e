"""Fair deals at a table (service/fair.py): a salt per game drawn with its deal, the
commitment known from the deal on, the reveal only once the game has ended, the stored
records that `kozel-discord verify` accepts, and restarts that keep the commitment."""

from __future__ import annotations

import asyncio
import hashlib
import re
from typing import Any

from kozel_discord.engine import distinct_seeds
from kozel_discord.engine import fair as engine_fair
from kozel_discord.service import TableEvent, TableEventKind, TableService, fair
from kozel_discord.store import LeagueStore

GUILD, CHANNEL, HOST = 1, 10, 100


class Commitments:
    """Listens to a table: the commitment of the game being played after every event, and
    whether its reveal was available then (it must not be, while the game runs)."""

    def __init__(self) -> None:
        self.at_deal: dict[int, str | None] = {}
        self.revealed_early: list[int] = []
        self.kinds: list[str] = []
        self.changed = asyncio.Event()

    async def on_table_event(self, event: TableEvent) -> None:
        table, series = event.table, event.table.series
        if series is not None and not series.over:
            number = series.number
            self.at_deal.setdefault(number, fair.commitment(table, number))
            if fair.reveal(table, number) is not None:
                self.revealed_early.append(number)
        self.kinds.append(event.kind)
        self.changed.set()

    async def wait_for(self, kind: str) -> None:
        while kind not in self.kinds:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 60)


async def _computer_series(svc: TableService) -> str:
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US", turn_timeout=0.001)
    for seat in (1, 2, 3):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "random", f"C{seat}")
    await svc.start(CHANNEL, t.table_id, HOST)
    return t.table_id


async def test_every_stored_game_is_sealed_with_the_commitment_shown_at_its_deal(
    store: LeagueStore,
) -> None:
    svc = TableService(store, default_timeout=None, computer_delay=0)  # OS seeds and salts
    seen = Commitments()
    svc.add_listener(seen)
    try:
        await _computer_series(svc)
        await seen.wait_for(TableEventKind.SERIES_OVER)
    finally:
        await svc.close()
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    games = await store.get_series_games(GUILD, table.series_key or "")
    assert len(games) == len(table.series.results) >= 2
    assert not seen.revealed_early, "a running game's seed and salt were revealable"
    salts = set()
    for g in games:
        verdict = engine_fair.verify(g.record)
        assert verdict.ok, verdict.line
        sealed = g.record["fair"]
        assert sealed["series"] == table.series_key
        assert re.fullmatch(r"[0-9a-f]{32}", sealed["salt"])
        salts.add(sealed["salt"])
        # The commitment stored with the game is the one the table had at its deal.
        assert seen.at_deal[g.number] == sealed["commitment"]
        # The reveal: the line holds seed and salt and hashes to the commitment.
        shown = fair.reveal(table, g.number)
        assert shown is not None and shown.commitment == sealed["commitment"]
        assert hashlib.sha256(shown.line.encode()).hexdigest() == sealed["commitment"]
        assert str(g.record["seed"]) in shown.line and sealed["salt"] in shown.line
        # The host never moved: the clock played each of their moves, and the record says
        # so (a review does not judge those as theirs); verify accepts it all the same.
        own = [i for i, (s, _a) in enumerate(g.record["actions"]) if s == 0]
        assert own and g.record["auto"] == own
        assert g.record["result"]["card_points"] == list(g.card_points)
        assert g.record["result"]["defeat_points"] == list(g.defeat_points)
    assert len(salts) == len(games), "every game has its own salt"


async def test_a_restart_keeps_the_running_games_commitment(store: LeagueStore) -> None:
    first = TableService(store, default_timeout=None, computer_delay=3600)
    try:
        t = await first.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
        for seat in (1, 2, 3):
            await first.add_computer(CHANNEL, t.table_id, HOST, seat, "random", f"C{seat}")
        await first.start(CHANNEL, t.table_id, HOST)
        table = first.get(CHANNEL)
        assert table is not None
        before = fair.commitment(table, 1)
        assert before is not None and fair.reveal(table, 1) is None
    finally:
        await first.close()
    second = TableService(store, default_timeout=None, computer_delay=3600)
    try:
        [resumed] = await second.resume()
        assert fair.commitment(resumed, 1) == before
        assert fair.reveal(resumed, 1) is None
    finally:
        await second.close()


async def test_a_table_stored_before_fair_deals_seals_only_later_games(
    store: LeagueStore,
) -> None:
    svc = TableService(store, default_timeout=None, computer_delay=3600, seed_source=lambda c: 9)
    try:
        t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
        for seat in (1, 2, 3):
            await svc.add_computer(CHANNEL, t.table_id, HOST, seat, "random", f"C{seat}")
        await svc.start(CHANNEL, t.table_id, HOST)
        table = svc.get(CHANNEL)
        assert table is not None and table.series is not None
        state: dict[str, Any] = dict(table.to_state())
        del state["salts"]  # as an older bot stored it
        old = type(table).from_state(state, version=table.version, messages={}, deadline=None)
    finally:
        await svc.close()
    assert old.salts == [None] and fair.commitment(old, 1) is None
    series = old.series
    assert series is not None
    series.seed_source = distinct_seeds(9)  # as the service's loader gives a stored series
    while len(series.results) < 1:  # play game 1 out; game 2 is dealt
        who = series.turn
        assert who is not None
        series.apply(who, series.legal_actions(who)[0])
    fair.draw_salts(old, lambda: "ab" * 16)
    assert old.salts == [None, "ab" * 16]
    assert "fair" not in fair.game_record(old, 1) and fair.reveal(old, 1) is None
    assert fair.commitment(old, 2) is not None and fair.reveal(old, 2) is None
