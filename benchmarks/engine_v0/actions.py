"""Actions a seat can take (docs/rules.md §4 and §5) and their text form for records."""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from .cards import Card, card, sort_cards
from .errors import IllegalActionError, Reason


class ActionKind(StrEnum):
    LEAD = "lead"  # §4.1: open the trick with 1–4 cards of one suit
    BEAT = "beat"  # §4.2: k cards that beat the cards on top one for one
    DISCARD = "discard"  # §4.2: any k cards, face down
    MOLODKA = "molodka"  # §5: four cards of one suit, out of turn


class Action(NamedTuple):
    """One move. ``cards`` is kept in canonical order so equal moves compare equal."""

    kind: ActionKind
    cards: tuple[Card, ...]

    @classmethod
    def make(cls, kind: ActionKind | str, cards: tuple[Card, ...] | list[Card]) -> Action:
        return cls(ActionKind(kind), sort_cards(cards))

    @classmethod
    def lead(cls, *cards: Card) -> Action:
        return cls.make(ActionKind.LEAD, list(cards))

    @classmethod
    def beat(cls, *cards: Card) -> Action:
        return cls.make(ActionKind.BEAT, list(cards))

    @classmethod
    def discard(cls, *cards: Card) -> Action:
        return cls.make(ActionKind.DISCARD, list(cards))

    @classmethod
    def molodka(cls, *cards: Card) -> Action:
        return cls.make(ActionKind.MOLODKA, list(cards))

    def encode(self) -> str:
        """Compact text form used in records: ``"beat:10h,7s"``."""
        return _encode(self.kind, self.cards)

    @classmethod
    def decode(cls, text: str) -> Action:
        """Inverse of :meth:`encode`; raises :class:`IllegalActionError` (BAD_ACTION)."""
        kind, sep, rest = text.partition(":") if isinstance(text, str) else ("", "", "")
        if not sep or kind not in ActionKind.__members__.values():
            raise IllegalActionError(Reason.BAD_ACTION, f"{text!r} is not an action")
        try:
            parsed = [card(p) for p in rest.split(",") if p]
        except ValueError as exc:
            raise IllegalActionError(
                Reason.BAD_ACTION, f"{text!r} is not an action: {exc}"
            ) from exc
        if not parsed:
            raise IllegalActionError(Reason.BAD_ACTION, f"{text!r} names no card")
        return cls.make(kind, parsed)

    def __str__(self) -> str:
        return f"{self.kind.value} {' '.join(c.label for c in self.cards)}"


@lru_cache(maxsize=1 << 16)
def _encode(kind: ActionKind, cards: tuple[Card, ...]) -> str:
    return f"{kind.value}:{','.join(c.code for c in cards)}"
