"""The lobby's rules: who may sit, add computers, set the timer, start, rematch and stop.

Pure functions over a :class:`~.table.Table`: each either changes the table as asked or
raises :class:`~.errors.ServiceError` (leaving the table as it was). No I/O, no clock:
the session persists what they changed.
"""

from __future__ import annotations

from ..ai import LEVELS
from .errors import ErrorKey, ServiceError
from .table import Seat, Table, TableStatus

SEATS = 4


def need_lobby(t: Table) -> None:
    if t.status is not TableStatus.LOBBY:
        raise ServiceError(ErrorKey.ALREADY_STARTED)


def _need_seat_number(seat: int) -> None:
    if not 0 <= seat < SEATS:
        raise ServiceError(ErrorKey.BAD_SEAT)


def _need_host(t: Table, user_id: int) -> None:
    if user_id != t.host_id:
        raise ServiceError(ErrorKey.HOST_ONLY)


def _need_seated_or_host(t: Table, user_id: int) -> None:
    if t.seat_of(user_id) is None and user_id != t.host_id:
        raise ServiceError(ErrorKey.SIT_FIRST)


def sit(t: Table, user_id: int, name: str, seat: int) -> None:
    """A human takes an empty seat (moving from their old one)."""
    need_lobby(t)
    _need_seat_number(seat)
    current = t.seat_of(user_id)
    if current == seat:
        raise ServiceError(ErrorKey.ALREADY_THERE)
    if t.seats[seat] is not None:
        raise ServiceError(ErrorKey.SEAT_TAKEN, seat=seat + 1)
    if current is not None:
        t.seats[current] = None
    t.seats[seat] = Seat(user_id=user_id, name=name)


def leave(t: Table, user_id: int) -> None:
    need_lobby(t)
    current = t.seat_of(user_id)
    if current is None:
        raise ServiceError(ErrorKey.NOT_SEATED)
    t.seats[current] = None


def add_computer(t: Table, user_id: int, seat: int, level: str, name: str) -> None:
    """A seated player (or the host) puts a computer player into an empty seat."""
    need_lobby(t)
    if level not in LEVELS:
        raise ServiceError(ErrorKey.BAD_LEVEL)
    _need_seat_number(seat)
    if t.seats[seat] is not None:
        raise ServiceError(ErrorKey.SEAT_TAKEN, seat=seat + 1)
    _need_seated_or_host(t, user_id)
    t.seats[seat] = Seat(user_id=None, name=name, level=level)


def remove_computer(t: Table, user_id: int, seat: int) -> None:
    need_lobby(t)
    s = t.seats[seat] if 0 <= seat < SEATS else None
    if s is None or not s.is_computer:
        raise ServiceError(ErrorKey.BAD_SEAT)
    _need_seated_or_host(t, user_id)
    t.seats[seat] = None


def set_timer(t: Table, user_id: int, seconds: float | None) -> None:
    """The host sets the move timer (None or 0: off)."""
    need_lobby(t)
    _need_host(t, user_id)
    t.turn_timeout = seconds or None


def check_start(t: Table, user_id: int) -> None:
    """The host starts the series once every seat is taken."""
    need_lobby(t)
    _need_host(t, user_id)
    if not t.full:
        raise ServiceError(ErrorKey.SEATS_EMPTY)


def check_rematch(t: Table, user_id: int) -> None:
    """Anyone seated at a finished series may start the next one."""
    if t.status is not TableStatus.FINISHED:
        raise ServiceError(ErrorKey.NOT_FINISHED)
    if t.seat_of(user_id) is None:
        raise ServiceError(ErrorKey.NOT_SEATED)


def check_cancel(t: Table, user_id: int) -> None:
    """The lobby's own "cancel" button: the host only."""
    _need_host(t, user_id)


def may_stop(t: Table, user_id: int, is_admin: bool) -> bool:
    """The host, or a member with Manage Server (``is_admin``), may stop a table."""
    return user_id == t.host_id or is_admin


def check_stop(t: Table, user_id: int, is_admin: bool) -> None:
    if not may_stop(t, user_id, is_admin):
        raise ServiceError(ErrorKey.STOP_NOT_ALLOWED)


def back_from_away(t: Table, seat: int) -> None:
    s = t.seat(seat)
    s.away, s.timeouts = False, 0
