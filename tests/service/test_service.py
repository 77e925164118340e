"""The table service without Discord: seats, moves, persistence, refusals, rollback."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from kozel_discord.engine import ActionKind
from kozel_discord.service import ServiceError, TableEvent, TableService, TableStatus
from kozel_discord.store import (
    LeagueStore,
    StoreUnavailable,
)

GUILD, CHANNEL, HOST, OTHER = 1, 10, 100, 200


class Events:
    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.changed = asyncio.Event()

    async def on_table_event(self, event: TableEvent) -> None:
        self.kinds.append(event.kind)
        self.changed.set()

    async def wait_for(self, kind: str) -> None:
        while kind not in self.kinds:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 30)


_services: list[TableService] = []


@pytest.fixture(autouse=True)
async def _close_services(store: LeagueStore) -> AsyncIterator[None]:
    """Every service a test made is closed (its tasks cancelled) before the store goes."""
    yield
    while _services:
        await _services.pop().close()


def _svc(store: LeagueStore, **kw: Any) -> TableService:
    svc = TableService(store, default_timeout=None, computer_delay=0, seed_source=lambda c: 5, **kw)
    _services.append(svc)
    return svc


async def _two_humans(svc: TableService) -> str:
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    await svc.sit(CHANNEL, t.table_id, OTHER, "other", 1)
    await svc.add_computer(CHANNEL, t.table_id, HOST, 2, "heuristic", "C3")
    await svc.add_computer(CHANNEL, t.table_id, HOST, 3, "random", "C4")
    await svc.start(CHANNEL, t.table_id, HOST)
    return t.table_id


async def _human_turn(svc: TableService) -> int:
    """Wait for the computers' moves (event based) until a human is to move; the seat."""
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    events = Events()
    svc.add_listener(events)
    for _ in range(1000):
        turn = table.series.turn
        if turn in (0, 1):
            return turn
        events.changed.clear()
        await asyncio.wait_for(events.changed.wait(), 30)
    raise AssertionError("no human turn")


async def test_lobby_rules(store: LeagueStore) -> None:
    svc = _svc(store)
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    with pytest.raises(ServiceError) as e:
        await svc.open_lobby(GUILD, CHANNEL, OTHER, "other", "en-US")
    assert e.value.key == "table_exists"
    with pytest.raises(ServiceError) as e:
        await svc.sit(CHANNEL, t.table_id, OTHER, "other", 0)
    assert e.value.key == "seat_taken"
    with pytest.raises(ServiceError) as e:
        await svc.start(CHANNEL, t.table_id, HOST)
    assert e.value.key == "seats_empty"
    await svc.sit(CHANNEL, t.table_id, OTHER, "other", 1)
    with pytest.raises(ServiceError) as e:
        await svc.start(CHANNEL, t.table_id, OTHER)
    assert e.value.key == "host_only_start"
    with pytest.raises(ServiceError) as e:
        await svc.sit(CHANNEL, "0" * 12, OTHER, "other", 2)
    assert e.value.key == "old_table"
    await svc.leave(CHANNEL, t.table_id, OTHER)
    assert svc.get(CHANNEL).seats[1] is None  # type: ignore[union-attr]
    stored = await store.load_table(CHANNEL)
    assert stored is not None and stored.version == svc.get(CHANNEL).version  # type: ignore[union-attr]


async def test_moves_are_persisted_before_they_are_acknowledged(store: LeagueStore) -> None:
    svc = _svc(store)
    tid = await _two_humans(svc)
    seat = await _human_turn(svc)
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    user = HOST if seat == 0 else OTHER
    action = table.series.legal_actions(seat)[0]
    move = svc.move_number(table)
    await svc.play(CHANNEL, tid, user, seat, move, action.encode())
    stored = await store.load_table(CHANNEL)
    assert stored is not None
    actions = stored.state["series"]["record"]["actions"]
    assert [seat, action.encode()] in actions[move:]


async def test_refusals_change_nothing(store: LeagueStore) -> None:
    svc = _svc(store)
    tid = await _two_humans(svc)
    seat = await _human_turn(svc)
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    user, other_user = (HOST, OTHER) if seat == 0 else (OTHER, HOST)
    move = svc.move_number(table)
    before = json.dumps(table.to_state())
    legal = table.series.legal_actions(seat)[0].encode()
    cases = [
        ((other_user, seat, move, legal), "not_your_seat"),
        ((user, seat, move - 1, legal), "stale"),
        ((user, seat, move, "beat:Ah,As,Ad,Ac"), "illegal"),
        ((user, seat, move, "nonsense"), "illegal"),
        ((user, 7, move, legal), "bad_seat"),
    ]
    for (u, s, m, a), key in cases:
        with pytest.raises(ServiceError) as e:
            await svc.play(CHANNEL, tid, u, s, m, a)
        assert e.value.key == key
        assert json.dumps(table.to_state()) == before
    stored = await store.load_table(CHANNEL)
    assert stored is not None and stored.version == table.version


class FlakyStore:
    """A store whose writes fail while ``down`` is set (a database that went away)."""

    def __init__(self, inner: LeagueStore) -> None:
        self.inner = inner
        self.down = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def run(self, work: Any, *, one_statement: bool = False) -> Any:
        if self.down:
            raise StoreUnavailable("the database failed: ConnectionRefusedError")
        return await self.inner.run(work, one_statement=one_statement)


async def test_database_failure_rolls_the_move_back(store: LeagueStore) -> None:
    flaky = FlakyStore(store)
    svc = _svc(flaky)  # type: ignore[arg-type]
    tid = await _two_humans(svc)
    seat = await _human_turn(svc)
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    user = HOST if seat == 0 else OTHER
    before = json.dumps(table.to_state())
    version = table.version
    action = table.series.legal_actions(seat)[0].encode()
    move = svc.move_number(table)
    flaky.down = True
    with pytest.raises(ServiceError) as e:
        await svc.play(CHANNEL, tid, user, seat, move, action)
    assert e.value.key == "try_again"
    # The session's table was rebuilt from the state last saved.
    restored = svc.get(CHANNEL)
    assert restored is not None
    assert json.dumps(restored.to_state()) == before and restored.version == version
    flaky.down = False
    await svc.play(CHANNEL, tid, user, seat, move, action)
    assert svc.move_number(svc.get(CHANNEL)) > move  # type: ignore[arg-type]


async def _computer_table(svc: TableService, levels: tuple[str, ...]) -> None:
    """A series the computers play: the host sits at seat 0 with a tiny move timer, so the
    computer plays their turns (timed out, then away), computers in seats 1-3. (A lobby
    without a human cannot start.)"""
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US", turn_timeout=0.001)
    for seat, level in enumerate(levels, start=1):
        await svc.add_computer(CHANNEL, t.table_id, HOST, seat, level, f"C{seat}")
    await svc.start(CHANNEL, t.table_id, HOST)


async def test_a_computer_series_runs_to_the_end_and_is_recorded(store: LeagueStore) -> None:
    svc = _svc(store)
    events = Events()
    svc.add_listener(events)
    await _computer_table(svc, ("heuristic", "random", "heuristic"))
    await events.wait_for("series_over")
    table = svc.get(CHANNEL)
    assert table is not None and table.status is TableStatus.FINISHED and table.series is not None
    series = await store.recent_series(GUILD)
    assert len(series) == 1 and series[0].status.value == "finished"
    games = await store.get_series_games(GUILD, series[0].series_key)
    assert len(games) == len(table.series.results) == events.kinds.count("game_over")
    assert series[0].defeat_points == tuple(table.series.defeat_points)
    assert not series[0].ranked
    # Molodkas, if any, were declared by the computers through the same path.
    assert all(a.kind in ActionKind for _, a in table.series.actions)
    await svc.close()


async def test_a_timer_that_expired_while_the_bot_was_down_gives_the_player_time(
    store: LeagueStore,
) -> None:
    # Before: the expired turn was played at once on restart and counted as the player's
    # timeout (a restart could be the third that marks them away).
    import datetime as dt

    clock = [dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.UTC)]
    first = TableService(
        store, default_timeout=30, computer_delay=0, now=lambda: clock[0], seed_source=lambda c: 5
    )
    t = await first.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US", turn_timeout=20)
    await first.sit(CHANNEL, t.table_id, OTHER, "other", 1)
    await first.add_computer(CHANNEL, t.table_id, HOST, 2, "heuristic", "C3")
    await first.add_computer(CHANNEL, t.table_id, HOST, 3, "random", "C4")
    await first.start(CHANNEL, t.table_id, HOST)
    seat = await _human_turn(first)
    table = first.get(CHANNEL)
    assert table is not None and table.deadline is not None
    stored = await store.load_table(CHANNEL)
    assert stored is not None and stored.deadline is not None, "the deadline is stored"
    moves = len(table.series.actions)  # type: ignore[union-attr]
    await first.close()  # the bot goes away; 60 s pass

    clock[0] += dt.timedelta(seconds=60)
    second = TableService(
        store, default_timeout=30, computer_delay=0, now=lambda: clock[0], seed_source=lambda c: 6
    )
    await second.resume()
    resumed = second.get(CHANNEL)
    assert resumed is not None and resumed.series is not None
    assert len(resumed.series.actions) == moves and resumed.series.turn == seat
    # The whole turn's time (20 s, under the 30 s grace) from the restart; no timeout yet.
    assert resumed.deadline == clock[0] + dt.timedelta(seconds=20)
    assert resumed.seat(seat).timeouts == 0
    await second.close()

    # A turn with time left keeps its deadline when that is later than the grace.
    clock[0] -= dt.timedelta(seconds=70)  # 30 s before the deadline: more than the grace
    third = TableService(
        store, default_timeout=30, computer_delay=0, now=lambda: clock[0], seed_source=lambda c: 6
    )
    await third.resume()
    again = third.get(CHANNEL)
    assert again is not None and again.deadline == stored.deadline
    await third.close()


class BrokenComputers:
    """Computer players that fail: one raises, the molodka answer is not even legal."""

    async def choose(self, level: str, obs: Any, seed: str) -> Any:
        raise RuntimeError("the search crashed")

    async def wants_molodka(self, level: str, obs: Any, seed: str) -> Any:
        return "not an action"

    async def close(self) -> None:
        return None


async def test_failing_computer_players_do_not_stall_the_table(store: LeagueStore) -> None:
    svc = _svc(store, computers=BrokenComputers())
    events = Events()
    svc.add_listener(events)
    await _computer_table(svc, ("strong",) * 3)
    await events.wait_for("game_over")
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None and table.series.results


async def test_without_a_fixed_seed_every_game_has_its_own_seed_stored_when_it_ends(
    store: LeagueStore,
) -> None:
    from kozel_discord.engine import replay_game

    svc = TableService(store, default_timeout=None, computer_delay=0)  # seeds from the OS
    _services.append(svc)
    events = Events()
    svc.add_listener(events)
    await _computer_table(svc, ("random",) * 3)
    await events.wait_for("game_over")
    live = await store.load_table(CHANNEL)
    assert live is not None
    record = live.state["series"]["record"]
    # The live table keeps the seeds of the games dealt so far, no later one, no series seed.
    assert "seed" not in record and len(record["seeds"]) == live.state["series"]["number"]
    await events.wait_for("series_over")
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    series = await store.recent_series(GUILD)
    games = await store.get_series_games(GUILD, series[0].series_key)
    assert [g.record["seed"] for g in games] == table.series.seeds[: len(games)]
    assert len(set(table.series.seeds)) == len(table.series.seeds) > 1
    for g in games:  # each stored game replays alone to its stored result
        game = replay_game(g.record)
        assert game.result().card_points == g.card_points


async def test_with_a_fixed_seed_game_1_repeats_and_each_later_game_has_its_own_seed(
    store: LeagueStore,
) -> None:
    # KOZEL_FIXED_SEED (tests, the gallery) dealt every game from the series seed, and every
    # revealed fair-deal key showed it
    from kozel_discord.engine import distinct_seeds

    svc = TableService(store, default_timeout=None, computer_delay=0, seed_source=lambda c: 9)
    _services.append(svc)
    events = Events()
    svc.add_listener(events)
    await _computer_table(svc, ("random",) * 3)
    await events.wait_for("game_over")
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None and len(table.series.seeds) >= 2
    assert table.series.seeds[:2] == [9, distinct_seeds(9)(2)] and table.series.seeds[1] != 9


class _Transient(Exception):
    pass


class RetryingStore(FlakyStore):
    """A store that runs every unit of work twice: the first attempt is rolled back (as
    after a transient error), the second commits, as :meth:`LeagueStore.run` may do."""

    async def run(self, work: Any, *, one_statement: bool = False) -> Any:
        try:
            async with self.inner.unit_of_work() as uow:
                await work(uow)
                raise _Transient
        except _Transient:
            pass
        return await self.inner.run(work, one_statement=one_statement)


async def test_a_retried_unit_of_work_still_records_every_game(store: LeagueStore) -> None:
    svc = _svc(RetryingStore(store))  # type: ignore[arg-type]
    events = Events()
    svc.add_listener(events)
    await _computer_table(svc, ("random", "heuristic", "random"))
    await events.wait_for("series_over")
    table = svc.get(CHANNEL)
    assert table is not None and table.series is not None
    series = await store.recent_series(GUILD)
    assert len(series) == 1 and series[0].status.value == "finished"
    games = await store.get_series_games(GUILD, series[0].series_key)
    assert len(games) == len(table.series.results) > 0


class RefusingStore(FlakyStore):
    """A store that refuses a value with an error that is not the database's."""

    async def run(self, work: Any, *, one_statement: bool = False) -> Any:
        if self.down:
            raise ValueError("a value the store refuses")
        return await self.inner.run(work, one_statement=one_statement)


async def test_any_failure_of_a_save_restores_the_table(store: LeagueStore) -> None:
    refusing = RefusingStore(store)
    svc = _svc(refusing)  # type: ignore[arg-type]
    t = await svc.open_lobby(GUILD, CHANNEL, HOST, "host", "en-US")
    await svc.sit(CHANNEL, t.table_id, OTHER, "other", 1)
    await svc.add_computer(CHANNEL, t.table_id, HOST, 2, "heuristic", "C3")
    await svc.add_computer(CHANNEL, t.table_id, HOST, 3, "random", "C4")
    before = svc.get(CHANNEL)
    assert before is not None
    state, version = json.dumps(before.to_state()), before.version
    refusing.down = True
    with pytest.raises(ValueError):
        await svc.start(CHANNEL, t.table_id, HOST)
    table = svc.get(CHANNEL)
    assert table is not None and table.status is TableStatus.LOBBY and table.series is None
    assert json.dumps(table.to_state()) == state and table.version == version
    refusing.down = False
    await svc.start(CHANNEL, t.table_id, HOST)
    stored = await store.load_table(CHANNEL)
    assert stored is not None and stored.state["status"] == "playing"
