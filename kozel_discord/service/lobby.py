"""The lobby's rules: who may sit, add computers, set the timer, start, rematch and stop.

Pure functions over a :class:`~.table.Table`: each either changes the table as asked or
raises :class:`~.errors.ServiceError` (leaving the table as it was). No I/O, no clock:
the session persists what they changed.
"""

from __future__ import annotations

import datetime as dt

from ..ai import LEVELS
from ..engine import SERIES_LENGTHS
from ..store import GuildSettings, SeatSpec, is_ranked
from .errors import ErrorKey, ServiceError, bad_length
from .table import Seat, Table, TableStatus

SEATS = 4


def need_lobby(t: Table) -> None:
    if t.status is not TableStatus.LOBBY:
        raise ServiceError(ErrorKey.ALREADY_STARTED)


def _need_seat_number(seat: int) -> None:
    if not 0 <= seat < SEATS:
        raise ServiceError(ErrorKey.BAD_SEAT)


def _need_host(t: Table, user_id: int, refused: ErrorKey = ErrorKey.HOST_ONLY) -> None:
    """Only the host may: ``refused`` says what was refused (the settings, the start or the
    cancelling) and names the host, whom to ask (shown only to the one who clicked)."""
    if user_id != t.host_id:
        raise ServiceError(refused, host=f"<@{t.host_id}>")


def _need_seated_or_host(t: Table, user_id: int) -> None:
    if t.seat_of(user_id) is None and user_id != t.host_id:
        raise ServiceError(ErrorKey.SIT_FIRST)


def sit(t: Table, user_id: int, name: str, seat: int) -> None:
    """A human takes an empty seat (moving from their old one). A host who left with no
    other human seated kept the lobby; the first human to sit down then is its host, or a
    lobby nobody seated could start, cancel or stop waited for them."""
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
    if t.seat_of(t.host_id) is None:
        t.host_id = user_id


def leave(t: Table, user_id: int) -> None:
    """A human leaves their seat; a leaving host hands the table to the next human."""
    need_lobby(t)
    current = t.seat_of(user_id)
    if current is None:
        raise ServiceError(ErrorKey.NOT_SEATED)
    t.seats[current] = None
    if user_id == t.host_id:
        hand_over_host(t, current)


def next_host(t: Table, after: int) -> int | None:
    """The human who becomes host when the host leaves seat ``after``: the next seated
    human clockwise from it (None when no human is seated)."""
    for step in range(1, SEATS + 1):
        s = t.seats[(after + step) % SEATS]
        if s is not None and s.user_id is not None and s.user_id != t.host_id:
            return s.user_id
    return None


def hand_over_host(t: Table, after: int) -> None:
    """The host left seat ``after``: the next human is host. Without a human nobody is
    (the old host stays recorded, but an unseated host cannot start: see check_start)."""
    successor = next_host(t, after)
    if successor is not None:
        t.host_id = successor


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
    _need_seat_number(seat)
    s = t.seats[seat]
    if s is None or not s.is_computer:
        raise ServiceError(ErrorKey.NO_COMPUTER, seat=seat + 1)
    _need_seated_or_host(t, user_id)
    t.seats[seat] = None


def set_timer(t: Table, user_id: int, seconds: float | None) -> None:
    """The host sets the move timer (None or 0: off)."""
    need_lobby(t)
    _need_host(t, user_id)
    t.turn_timeout = seconds or None


# ---------------------------------------------------------------------- house rules
def set_length(t: Table, user_id: int, target: int) -> None:
    """The host sets the series length (defeat points that lose it): one of
    :data:`~kozel_discord.engine.SERIES_LENGTHS`."""
    need_lobby(t)
    _need_host(t, user_id)
    if target not in SERIES_LENGTHS:
        raise bad_length()
    t.target = target


def next_length(target: int) -> int:
    """The lobby's length button: the next offered length (after the longest, the shortest)."""
    longer = [n for n in SERIES_LENGTHS if n > target]
    return longer[0] if longer else SERIES_LENGTHS[0]


def would_be_ranked(t: Table) -> bool:
    """Whether the series would count for the league if it started with these seats (the
    store's rule, :func:`kozel_discord.store.is_ranked`, without hints)."""
    seats = [
        SeatSpec(i, s.user_id, s.name, s.level) for i, s in enumerate(t.seats) if s is not None
    ]
    return is_ranked(seats, t.rank_computers)


def hints_possible(t: Table) -> bool:
    """Whether the host may turn hints on at this table: the server allows them and does not
    count every series for the league (then every table is ranked)."""
    return t.hints_allowed and not t.rank_computers


def set_hints(t: Table, user_id: int, on: bool) -> None:
    """The host turns hints on or off. Only at casual tables: not where the server forbids
    them, and not where every series counts for the league (the server ranks series with
    computers); a table of four humans starts with hints off (:func:`rules_at_start`)."""
    need_lobby(t)
    _need_host(t, user_id)
    if on and not t.hints_allowed:
        raise ServiceError(ErrorKey.HINTS_NOT_ALLOWED)
    if on and t.rank_computers:
        raise ServiceError(ErrorKey.HINTS_RANKED)
    t.hints = on


def rules_at_start(t: Table, rules: GuildSettings) -> None:
    """The server's rules as they are when the series starts (an admin may have changed them
    since the lobby opened, or since the last series of a rematched table): whether series
    with computers count, whether hints are allowed. A series that counts for the league is
    never played with hints, nor one where the server no longer allows them: they go off."""
    t.rank_computers = rules.rank_computer_series
    t.hints_allowed = rules.hints_allowed
    if t.hints and (not t.hints_allowed or would_be_ranked(t)):
        t.hints = False


def check_start(t: Table, user_id: int) -> None:
    """The host starts the series once every seat is taken."""
    need_lobby(t)
    _need_host(t, user_id, ErrorKey.HOST_ONLY_START)
    if not t.human_ids:
        raise ServiceError(ErrorKey.NO_HUMAN)
    if t.seat_of(user_id) is None:
        raise ServiceError(ErrorKey.SIT_FIRST)
    if not t.full:
        raise ServiceError(ErrorKey.SEATS_EMPTY)


def check_rematch(t: Table, user_id: int) -> None:
    """Anyone seated at a finished series may start the next one."""
    if t.status is not TableStatus.FINISHED:
        raise ServiceError(ErrorKey.NOT_FINISHED)
    if t.seat_of(user_id) is None:
        raise ServiceError(ErrorKey.NOT_SEATED)


def check_cancel(t: Table, user_id: int) -> None:
    """The lobby's own "cancel" button: the host only, while it is a lobby (a tap that
    lands as Start is answered must not abandon the series just started)."""
    need_lobby(t)
    _need_host(t, user_id, ErrorKey.HOST_ONLY_CANCEL)


def may_stop(t: Table, user_id: int, is_admin: bool) -> bool:
    """The host, or a member with Manage Server (``is_admin``), may stop a table."""
    return user_id == t.host_id or is_admin


def check_stop(t: Table, user_id: int, is_admin: bool) -> None:
    if not may_stop(t, user_id, is_admin):
        raise ServiceError(ErrorKey.STOP_NOT_ALLOWED)


def back_from_away(t: Table, seat: int) -> None:
    s = t.seat(seat)
    s.away, s.timeouts = False, 0


# ---------------------------------------------------------------------- pings
def set_pings(t: Table, user_id: int, on: bool) -> None:
    """A seated player turns their turn pings at this table on or off."""
    if t.seat_of(user_id) is None:
        raise ServiceError(ErrorKey.NOT_SEATED)
    if on:
        t.pings_off.discard(user_id)
    else:
        t.pings_off.add(user_id)


# ---------------------------------------------------------------------- votes
VOTE_STOP = "stop"
VOTE_TIMER = "timer"
VOTES = (VOTE_STOP, VOTE_TIMER)


def voters(t: Table) -> list[int]:
    """Who may vote against the host: the seated humans other than the host."""
    return [u for u in t.human_ids if u != t.host_id]


def votes_needed(t: Table) -> int:
    """A majority of the other humans (more than half of them)."""
    return len(voters(t)) // 2 + 1


def host_holds_up(t: Table) -> bool:
    """The host keeps the game waiting: not seated, marked away, or it is their turn and
    no move timer runs. (With one, the clock plays their turn and three timeouts mark them
    away: counting their turn let the host's opponents stop a ranked series they were
    losing the moment the host was to move.)"""
    seat = t.seat_of(t.host_id)
    if seat is None:
        return True
    if t.seat(seat).away:
        return True
    return t.series is not None and t.series.turn == seat and not t.turn_timeout


def vote(t: Table, user_id: int, kind: str) -> bool:
    """``user_id`` votes to stop the table or to turn its timer on; True once the vote has
    its majority (the votes of that kind are then cleared). Only during a game, only the
    other humans, only while the host holds the game up."""
    if kind not in VOTES:
        raise ServiceError(ErrorKey.VOTE_NOT_OPEN)
    if t.status is not TableStatus.PLAYING:
        raise ServiceError(ErrorKey.NOT_PLAYING)
    if user_id not in voters(t):
        raise ServiceError(ErrorKey.VOTE_NOT_ALLOWED)
    if kind == VOTE_TIMER and t.turn_timeout:
        raise ServiceError(ErrorKey.TIMER_ALREADY_ON)
    if not host_holds_up(t):
        raise ServiceError(ErrorKey.VOTE_NOT_OPEN)
    ballot = t.votes.setdefault(kind, set())
    if user_id in ballot:
        raise ServiceError(ErrorKey.ALREADY_VOTED)
    ballot.add(user_id)
    if len(ballot) >= votes_needed(t):
        del t.votes[kind]
        return True
    return False


def host_acted(t: Table, user_id: int) -> None:
    """The host made a move: any open vote against them is void."""
    if user_id == t.host_id:
        t.votes.clear()


# ---------------------------------------------------------------------- idle tables
def is_idle(t: Table, now: dt.datetime, idle: dt.timedelta) -> bool:
    """Nothing happened at the table for ``idle`` (a table never saved counts as new)."""
    return t.last_activity is not None and now - t.last_activity >= idle
