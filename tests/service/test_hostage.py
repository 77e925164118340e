"""Tables nobody can hold hostage (issue 12, item 9): the pure rules of service/lobby.py
(host hand-over, no start without a human, votes, idle tables, pings) and the service's
vote and idle close on a real store."""

from __future__ import annotations

import datetime as dt

import pytest

from kozel_discord.engine import Series
from kozel_discord.service import ErrorKey, Seat, ServiceError, Table, TableStatus, lobby
from kozel_discord.service.service import TableService
from kozel_discord.store import LeagueStore

HOST, OTHER, THIRD, FOURTH = 100, 200, 300, 400
T0 = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)


def _table(*humans: int, computers: tuple[int, ...] = ()) -> Table:
    t = Table(
        table_id="0123456789ab",
        guild_id=1,
        channel_id=2,
        host_id=humans[0] if humans else HOST,
        locale="en-US",
        turn_timeout=None,
    )
    for seat, user in enumerate(humans):
        t.seats[seat] = Seat(user_id=user, name=str(user))
    for seat in computers:
        t.seats[seat] = Seat(user_id=None, name=f"C{seat}", level="random")
    return t


def _playing(t: Table, turn_seat: int) -> Table:
    """The table as a running game whose turn is ``turn_seat``'s (seed chosen to fit)."""
    for seed in range(500):
        series = Series(seed)
        if series.turn == turn_seat:
            t.series, t.status = series, TableStatus.PLAYING
            return t
    raise AssertionError("no seed deals that turn")


def _refused(key: ErrorKey, fn: object, *args: object) -> None:
    with pytest.raises(ServiceError) as e:
        fn(*args)  # type: ignore[operator]
    assert e.value.key is key


def test_a_leaving_host_hands_the_table_to_the_next_human_clockwise() -> None:
    t = _table(HOST, OTHER, computers=(2,))
    t.seats[3] = Seat(user_id=THIRD, name="third")
    lobby.leave(t, HOST)
    assert t.host_id == OTHER  # seat 1 is the next seat clockwise from seat 0
    lobby.leave(t, OTHER)
    assert t.host_id == THIRD  # seat 2 is a computer: skipped
    # The new host runs the lobby; the old one cannot any more.
    lobby.set_timer(t, THIRD, 30)
    _refused(ErrorKey.HOST_ONLY, lobby.set_timer, t, HOST, None)


def test_a_lobby_without_a_human_cannot_start() -> None:
    t = _table(HOST, computers=(1, 2, 3))
    lobby.leave(t, HOST)  # nobody to hand over to: the host stays recorded
    assert t.host_id == HOST
    t.seats[0] = Seat(user_id=None, name="C0", level="random")
    assert t.full
    _refused(ErrorKey.NO_HUMAN, lobby.check_start, t, HOST)


def test_an_unseated_host_cannot_start_a_table_of_other_humans() -> None:
    t = _table(HOST, OTHER, computers=(2, 3))
    t.seats[0] = None  # (as after a leave that found no successor, then others sat down)
    t.seats[0] = Seat(user_id=None, name="C0", level="random")
    _refused(ErrorKey.SIT_FIRST, lobby.check_start, t, HOST)
    lobby.check_start(_table(HOST, OTHER, computers=(2, 3)), HOST)


def test_the_first_human_to_sit_after_the_host_left_alone_runs_the_lobby() -> None:
    # The host left with nobody to hand over to: whoever sat down next was told "Only the
    # host can start / cancel" and the channel waited for the host to come back.
    t = _table(HOST, computers=(1, 2))
    lobby.leave(t, HOST)
    assert t.host_id == HOST
    lobby.sit(t, OTHER, "other", 0)
    assert t.host_id == OTHER
    lobby.add_computer(t, OTHER, 3, "random", "C3")
    lobby.check_start(t, OTHER)
    lobby.check_cancel(t, OTHER)
    assert lobby.may_stop(t, OTHER, is_admin=False)
    _refused(ErrorKey.HOST_ONLY_START, lobby.check_start, t, HOST)
    # the old host sitting down again is a player now; a seated host keeps the lobby
    lobby.leave(t, OTHER)
    assert t.host_id == OTHER  # (nobody else seated)
    lobby.sit(t, HOST, "host", 0)
    assert t.host_id == HOST
    t.seats[3] = None
    lobby.sit(t, THIRD, "third", 3)
    assert t.host_id == HOST


def test_a_vote_needs_a_majority_of_the_other_humans() -> None:
    t = _playing(_table(HOST, OTHER, THIRD, FOURTH), turn_seat=0)
    assert lobby.voters(t) == [OTHER, THIRD, FOURTH] and lobby.votes_needed(t) == 2
    assert not lobby.vote(t, OTHER, lobby.VOTE_STOP)
    _refused(ErrorKey.ALREADY_VOTED, lobby.vote, t, OTHER, lobby.VOTE_STOP)
    assert lobby.vote(t, THIRD, lobby.VOTE_STOP)
    assert t.votes == {}  # a carried vote is cleared
    two = _playing(_table(HOST, OTHER, computers=(2, 3)), turn_seat=0)
    assert lobby.votes_needed(two) == 1 and lobby.vote(two, OTHER, lobby.VOTE_TIMER)


def test_who_may_vote_and_when() -> None:
    t = _playing(_table(HOST, OTHER, THIRD, computers=(3,)), turn_seat=0)
    _refused(ErrorKey.VOTE_NOT_ALLOWED, lobby.vote, t, HOST, lobby.VOTE_STOP)  # the host
    _refused(ErrorKey.VOTE_NOT_ALLOWED, lobby.vote, t, 999, lobby.VOTE_STOP)  # not seated
    _refused(ErrorKey.VOTE_NOT_OPEN, lobby.vote, t, OTHER, "kick")
    t.turn_timeout = 60
    _refused(ErrorKey.TIMER_ALREADY_ON, lobby.vote, t, OTHER, lobby.VOTE_TIMER)
    # With a move timer, the host's turn keeps nobody waiting (the clock plays it): the
    # host's opponents could stop a ranked series they were losing at any host turn.
    _refused(ErrorKey.VOTE_NOT_OPEN, lobby.vote, t, OTHER, lobby.VOTE_STOP)
    t.seat(0).away = True  # three timeouts: away, then it may
    assert not lobby.vote(t, OTHER, lobby.VOTE_STOP)
    # Not while the host is not the one keeping the game waiting...
    busy = _playing(_table(HOST, OTHER, THIRD, computers=(3,)), turn_seat=1)
    _refused(ErrorKey.VOTE_NOT_OPEN, lobby.vote, busy, OTHER, lobby.VOTE_STOP)
    # ...unless the host is away.
    busy.seat(0).away = True
    assert not lobby.vote(busy, OTHER, lobby.VOTE_STOP)
    # A move of the host voids the votes against them; nobody else's does.
    lobby.host_acted(busy, OTHER)
    assert busy.votes
    lobby.host_acted(busy, HOST)
    assert busy.votes == {}
    # Not in a lobby.
    _refused(ErrorKey.NOT_PLAYING, lobby.vote, _table(HOST, OTHER), OTHER, lobby.VOTE_STOP)


def test_idle_and_pings_rules() -> None:
    t = _table(HOST, OTHER)
    assert not lobby.is_idle(t, T0, dt.timedelta(hours=24))  # never saved: not idle
    t.last_activity = T0
    assert not lobby.is_idle(t, T0 + dt.timedelta(hours=23), dt.timedelta(hours=24))
    assert lobby.is_idle(t, T0 + dt.timedelta(hours=24), dt.timedelta(hours=24))
    lobby.set_pings(t, OTHER, False)
    assert t.pings_off == {OTHER}
    lobby.set_pings(t, OTHER, True)
    assert t.pings_off == set()
    _refused(ErrorKey.NOT_SEATED, lobby.set_pings, t, 999, False)


def test_pings_votes_and_activity_survive_the_state_round_trip() -> None:
    t = _playing(_table(HOST, OTHER, THIRD, FOURTH), turn_seat=0)
    t.pings_off = {THIRD}
    lobby.vote(t, OTHER, lobby.VOTE_TIMER)
    t.last_activity = T0
    back = Table.from_state(t.to_state(), version=3, messages={}, deadline=None)
    assert back.pings_off == {THIRD}
    assert back.votes == {lobby.VOTE_TIMER: {OTHER}}
    assert back.last_activity == T0


# ---------------------------------------------------------------------- the service
@pytest.fixture
async def service(store: LeagueStore):  # type: ignore[no-untyped-def]
    clock = [T0]
    svc = TableService(
        store, computer_delay=0, now=lambda: clock[0], seed_source=lambda c: 1
    )  # seat 0 leads
    svc.clock = clock  # type: ignore[attr-defined]
    yield svc
    await svc.close()


async def _four_humans(svc: TableService) -> str:
    t = await svc.open_lobby(1, 2, HOST, "host", "en-US")
    for seat, user in ((1, OTHER), (2, THIRD), (3, FOURTH)):
        await svc.sit(2, t.table_id, user, str(user), seat)
    await svc.start(2, t.table_id, HOST)
    return t.table_id


async def test_the_service_stops_a_table_by_vote_and_abandons_its_series(
    service: TableService,
    store: LeagueStore,
) -> None:
    await _four_humans(service)
    table = service.get(2)
    assert table is not None and table.series is not None
    assert table.series.turn == table.seat_of(HOST)  # the host keeps the game waiting
    first = await service.vote(2, OTHER, lobby.VOTE_STOP)
    assert not first.passed and first.votes == (1, 2)
    second = await service.vote(2, THIRD, lobby.VOTE_STOP)
    assert second.passed and service.get(2) is None
    recent = await store.recent_series(1)
    assert recent and recent[0].status.value == "abandoned"


async def test_the_service_closes_idle_tables_only(service: TableService) -> None:
    await service.open_lobby(1, 2, HOST, "host", "en-US")
    await service.open_lobby(1, 3, OTHER, "other", "en-US")
    clock = service.clock  # type: ignore[attr-defined]
    clock[0] = T0 + dt.timedelta(hours=2)
    t3 = service.get(3)
    assert t3 is not None
    await service.sit(3, t3.table_id, THIRD, "third", 1)  # something happens at table 3
    clock[0] = T0 + dt.timedelta(hours=24, minutes=1)
    closed = await service.close_idle(dt.timedelta(hours=24))
    assert [t.channel_id for t in closed] == [2]
    assert service.get(2) is None and service.get(3) is not None


async def test_only_a_move_restarts_the_turns_timer(service: TableService) -> None:
    """Every save gave the player to move the full time again: toggling `/kozel pings`
    held the turn for ever, and a player coming back restarted another's timer."""
    clock = service.clock  # type: ignore[attr-defined]
    t = await service.open_lobby(1, 2, HOST, "host", "en-US", turn_timeout=90)
    for seat, user in ((1, OTHER), (2, THIRD), (3, FOURTH)):
        await service.sit(2, t.table_id, user, str(user), seat)
    table = await service.start(2, t.table_id, HOST)
    assert table.series is not None and table.series.turn == 0  # the host's turn
    assert table.deadline == T0 + dt.timedelta(seconds=90)
    clock[0] = T0 + dt.timedelta(seconds=80)
    await service.set_pings(2, HOST, False)
    await service.set_pings(2, HOST, True)
    await service.mark_back(2, OTHER)
    await service.set_messages(2, table.table_id, {"table": 5})
    table = service.get(2)  # type: ignore[assignment]
    assert table is not None and table.deadline == T0 + dt.timedelta(seconds=90)
    # a move gives the next player the full time from now
    assert table.series is not None
    action = table.series.legal_actions(0)[0]
    await service.play(2, table.table_id, HOST, 0, service.move_number(table), action.encode())
    after = service.get(2)
    assert after is not None and after.deadline == clock[0] + dt.timedelta(seconds=90)


async def test_picking_a_move_brings_an_away_player_back_even_when_it_came_too_late(
    service: TableService,
) -> None:
    # An away player's board kept offering moves; picked at a human pace, each came after
    # the computer's and was refused as stale, and the player stayed away for good.
    t = await service.open_lobby(1, 2, HOST, "host", "en-US")
    for seat, user in ((1, OTHER), (2, THIRD), (3, FOURTH)):
        await service.sit(2, t.table_id, user, str(user), seat)
    table = await service.start(2, t.table_id, HOST)
    assert table.series is not None and table.series.turn == 0
    live = service.get(2)
    assert live is not None
    live.seat(1).away = True  # (three timeouts)
    assert service.is_away(2, OTHER) and not service.is_away(2, HOST)
    stale = service.move_number(live) - 1
    action = live.series.legal_actions(0)[0] if live.series else None  # any text will do
    assert action is not None
    with pytest.raises(ServiceError) as e:
        await service.play(2, table.table_id, OTHER, 1, stale, action.encode())
    assert e.value.key is ErrorKey.STALE
    back = service.get(2)
    assert back is not None and not back.seat(1).away
    assert not service.is_away(2, OTHER)
