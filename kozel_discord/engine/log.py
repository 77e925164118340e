"""The game log (rules 4-6 of docs/rules.md), recorded raw and made into Events when read.

Speed (issue 15): a move only appends what it already has to the raw log, and the
:class:`~kozel_discord.engine.Event` objects are made when somebody reads
:attr:`Game.log <kozel_discord.engine.Game.log>`. A raw entry is one of:

* an :class:`Action` alone: an answer (4.2), by the seat after the previous move's;
* ``(seat, action)``: a lead or a molodka (4.1, 5) and who made it;
* ``(TAKE, taker, drawn, size)``: a take (4.3) and the cards then drawn from the top of
  the stock (6.1: one at a time clockwise from the taker), which give the DRAW events;
* the four fields of any other Event (a return, 5.2; every entry of a loaded log).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from .actions import Action
from .cards import Card
from .events import EVENT_OF, Event, EventKind
from .scoring import BestTrick
from .seats import SEATS

RawEntry = Action | tuple[int, Action] | tuple[EventKind, int, Sequence[Card], int]

_TAKE, _DRAW = EventKind.TAKE, EventKind.DRAW
_new = tuple.__new__


def extend_log(log: list[Event], raw: Sequence[RawEntry]) -> None:
    """Append to ``log`` the Events of the raw entries that follow those it holds."""
    for e in raw:
        if type(e) is Action:
            # An answer follows a move of the same trick: the lead or another answer.
            seat = (log[-1].seat + 1) % SEATS
            log.append(Event(EVENT_OF[e.kind], seat, e.cards, len(e.cards)))
        elif len(e) == 2:
            seat, action = cast("tuple[int, Action]", e)
            log.append(Event(EVENT_OF[action.kind], seat, action.cards, len(action.cards)))
        elif e[0] is _TAKE:
            kind, taker, drawn, size = e
            log.append(Event(kind, taker, (), size))
            for i in range(SEATS):
                got = tuple(drawn[i::SEATS])
                if got:
                    log.append(Event(_DRAW, (taker + i) % SEATS, got, len(got)))
        else:
            log.append(_new(Event, e))  # a return or a loaded Event


def best_trick(log: list[Event]) -> BestTrick | None:
    """The taken trick with the most face-up card points (the first of equals); discards
    count nothing (their faces stay hidden, 9.2), a returned trick (5.2) nothing."""
    best: BestTrick | None = None
    points = cards = 0
    for e in log:
        if e.kind in (EventKind.LEAD, EventKind.BEAT, EventKind.MOLODKA):
            points += sum(c.points for c in e.cards)
            cards += len(e.cards)
        elif e.kind is EventKind.DISCARD:
            cards += e.size or len(e.cards)
        elif e.kind is EventKind.RETURN:
            points = cards = 0
        elif e.kind is EventKind.TAKE:
            if best is None or points > best.points:
                best = BestTrick(points, e.size or cards, e.seat)
            points = cards = 0
    return best


__all__ = ["RawEntry", "best_trick", "extend_log"]
