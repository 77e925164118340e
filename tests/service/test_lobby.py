"""The lobby's rules as pure functions: who may sit, add computers, start, rematch, stop."""

from __future__ import annotations

import pytest

from kozel_discord.service import ErrorKey, Seat, ServiceError, Table, TableStatus, lobby

HOST, OTHER, THIRD = 100, 200, 300


def _lobby() -> Table:
    t = Table(
        table_id="0123456789ab",
        guild_id=1,
        channel_id=2,
        host_id=HOST,
        locale="en-US",
        turn_timeout=None,
    )
    t.seats[0] = Seat(user_id=HOST, name="host")
    return t


def _refused(key: ErrorKey, fn: object, *args: object) -> None:
    with pytest.raises(ServiceError) as e:
        fn(*args)  # type: ignore[operator]
    assert e.value.key is key


def test_sitting_moves_a_player_and_refuses_taken_seats() -> None:
    t = _lobby()
    lobby.sit(t, OTHER, "other", 1)
    lobby.sit(t, OTHER, "other", 3)
    assert t.seats[1] is None and t.seat(3).user_id == OTHER
    _refused(ErrorKey.ALREADY_THERE, lobby.sit, t, OTHER, "other", 3)
    _refused(ErrorKey.SEAT_TAKEN, lobby.sit, t, THIRD, "third", 0)
    _refused(ErrorKey.BAD_SEAT, lobby.sit, t, THIRD, "third", 4)
    lobby.leave(t, OTHER)
    assert t.seat_of(OTHER) is None
    _refused(ErrorKey.NOT_SEATED, lobby.leave, t, OTHER)


def test_computers_need_a_seated_player_or_the_host_and_a_known_level() -> None:
    t = _lobby()
    _refused(ErrorKey.SIT_FIRST, lobby.add_computer, t, OTHER, 1, "random", "C2")
    _refused(ErrorKey.BAD_LEVEL, lobby.add_computer, t, HOST, 1, "genius", "C2")
    lobby.add_computer(t, HOST, 1, "random", "C2")
    assert t.seat(1).is_computer and t.seat(1).level == "random"
    _refused(ErrorKey.NO_COMPUTER, lobby.remove_computer, t, HOST, 0)  # a human
    lobby.remove_computer(t, HOST, 1)
    assert t.seats[1] is None


def test_only_the_host_sets_the_timer_and_starts_a_full_table() -> None:
    t = _lobby()
    lobby.sit(t, OTHER, "other", 1)
    _refused(ErrorKey.HOST_ONLY, lobby.set_timer, t, OTHER, 30.0)
    lobby.set_timer(t, HOST, 30.0)
    assert t.turn_timeout == 30.0
    lobby.set_timer(t, HOST, 0)
    assert t.turn_timeout is None
    _refused(ErrorKey.SEATS_EMPTY, lobby.check_start, t, HOST)
    for seat in (2, 3):
        lobby.add_computer(t, HOST, seat, "random", f"C{seat}")
    _refused(ErrorKey.HOST_ONLY_START, lobby.check_start, t, OTHER)
    lobby.check_start(t, HOST)
    t.status = TableStatus.PLAYING
    _refused(ErrorKey.ALREADY_STARTED, lobby.sit, t, THIRD, "third", 1)
    _refused(ErrorKey.ALREADY_STARTED, lobby.check_start, t, HOST)


def test_rematch_needs_a_finished_series_and_a_seated_player() -> None:
    t = _lobby()
    _refused(ErrorKey.NOT_FINISHED, lobby.check_rematch, t, HOST)
    t.status = TableStatus.FINISHED
    _refused(ErrorKey.NOT_SEATED, lobby.check_rematch, t, OTHER)
    lobby.check_rematch(t, HOST)


def test_the_host_or_manage_server_may_stop_and_only_the_host_cancels() -> None:
    t = _lobby()
    assert lobby.may_stop(t, HOST, is_admin=False)
    assert lobby.may_stop(t, OTHER, is_admin=True)
    assert not lobby.may_stop(t, OTHER, is_admin=False)
    _refused(ErrorKey.STOP_NOT_ALLOWED, lobby.check_stop, t, OTHER, False)
    _refused(ErrorKey.HOST_ONLY_CANCEL, lobby.check_cancel, t, OTHER)
    lobby.check_cancel(t, HOST)
    # A Cancel tap that lands as Start is answered: the series just started stays.
    t.status = TableStatus.PLAYING
    _refused(ErrorKey.ALREADY_STARTED, lobby.check_cancel, t, HOST)
