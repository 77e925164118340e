"""The game log and the plays of the current trick (rules 4 and 5 of docs/rules.md)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .actions import ActionKind
from .cards import Card


class EventKind(StrEnum):
    LEAD = "lead"
    BEAT = "beat"
    DISCARD = "discard"
    MOLODKA = "molodka"
    RETURN = "return"  # 5.2: the cards of this trick went back to their hands
    TAKE = "take"  # 4.3: seat took the trick (count = number of cards)
    DRAW = "draw"  # 6.1: seat drew cards from the stock (faces private)


class Event(NamedTuple):
    """An entry of the game log. ``cards`` of DISCARD and DRAW are private to ``seat``;
    ``size`` is the number of cards, which everybody sees."""

    kind: EventKind
    seat: int
    cards: tuple[Card, ...] = ()
    size: int = 0


class Play(NamedTuple):
    """A play to the current trick. Discards are face down (``face_up`` False)."""

    seat: int
    kind: ActionKind
    cards: tuple[Card, ...]

    @property
    def face_up(self) -> bool:
        return self.kind is not ActionKind.DISCARD


EVENT_OF = {k: EventKind(k.value) for k in ActionKind}

__all__ = ["EVENT_OF", "Event", "EventKind", "Play"]
