"""What a seat may know (docs/rules.md §9): the one function the UI and the computer players use.

:func:`observe` is the only place that turns the full state into something
shown to anybody. A seat sees its own hand, the face-up cards, the trump card,
counts, its own discards and draws, and nothing else; ``seat=None`` gives the
public (spectator) view used for the table message in the channel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .cards import Card, Suit
from .events import Event, EventKind
from .scoring import GameResult

if TYPE_CHECKING:
    from .series import Series


@dataclass(frozen=True, slots=True)
class PlayView:
    """A play to the current trick as a seat sees it: a discard's faces only for its owner."""

    seat: int
    kind: ActionKind
    count: int
    cards: tuple[Card, ...]  # empty for someone else's discard (§4.2, §9.2)

    @property
    def face_up(self) -> bool:
        return self.kind is not ActionKind.DISCARD


@dataclass(frozen=True, slots=True)
class Observation:
    """An immutable view of the series for one seat (or for spectators when ``seat`` is None)."""

    seat: int | None
    hand: tuple[Card, ...]
    legal_actions: tuple[Action, ...]
    trump: Suit
    trump_card: Card
    stock_size: int
    hand_sizes: tuple[int, int, int, int]
    tricks: tuple[int, int]
    turn: int | None
    dealer: int
    opener: int
    lead_seat: int | None
    k: int
    trick: tuple[PlayView, ...]
    top: tuple[Card, ...]
    top_seat: int
    molodka_seat: int | None
    my_discards: tuple[Card, ...]
    log: tuple[Event, ...]  # this game's public history, private parts masked
    game_number: int
    defeat_points: tuple[int, int]
    eggs: int
    results: tuple[GameResult, ...]  # finished games of the series (§9.3: scored totals)
    series_over: bool
    goats: int | None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat

    def can_declare_molodka(self) -> bool:
        return any(a.kind is ActionKind.MOLODKA for a in self.legal_actions)


def public_action(action: Action) -> Action:
    """The move as everybody may see it (4.2, 9.2): a discard without its faces (the
    number of cards stays public), any other move unchanged."""
    if action.kind is ActionKind.DISCARD:
        return Action(action.kind, ())
    return action


def _mask(event: Event, seat: int | None) -> Event:
    if event.kind in (EventKind.DISCARD, EventKind.DRAW) and event.seat != seat:
        return Event(event.kind, event.seat, (), event.size)
    return event


def _own_discards(log: list[Event], seat: int) -> tuple[Card, ...]:
    """The seat's discards of this game that still lie face down: a molodka sends the
    cards of its trick back to the hands (§5.2), discards included."""
    kept: list[Card] = []
    open_trick: list[Card] = []
    for e in log:
        if e.kind is EventKind.DISCARD and e.seat == seat:
            open_trick.extend(e.cards)
        elif e.kind is EventKind.RETURN:
            open_trick = []
        elif e.kind is EventKind.TAKE:
            kept += open_trick
            open_trick = []
    return tuple(kept + open_trick)


def observe(series: Series, seat: int | None) -> Observation:
    """§9: everything ``seat`` may know, and nothing more."""
    if seat is not None and not 0 <= seat < 4:
        raise ValueError(f"there is no seat {seat!r}")
    g = series.game
    trick = tuple(
        PlayView(
            p.seat,
            p.kind,
            len(p.cards),
            p.cards if (p.face_up or p.seat == seat) else (),
        )
        for p in g.plays
    )
    log = tuple(_mask(e, seat) for e in g.log)
    my_discards: tuple[Card, ...] = ()
    if seat is not None:
        my_discards = _own_discards(g.log, seat)
    over = series.over
    outcome = series.outcome()
    return Observation(
        seat=seat,
        hand=tuple(g.hands[seat]) if seat is not None else (),
        legal_actions=tuple(series.legal_actions(seat)) if seat is not None else (),
        trump=g.trump,
        trump_card=g.trump_card,
        stock_size=len(g.stock),
        hand_sizes=(len(g.hands[0]), len(g.hands[1]), len(g.hands[2]), len(g.hands[3])),
        tricks=(g.tricks[0], g.tricks[1]),
        turn=None if over else g.turn,
        dealer=g.dealer,
        opener=g.opener,
        lead_seat=g.lead_seat,
        k=g.k,
        trick=trick,
        top=g.top,
        top_seat=g.top_seat,
        molodka_seat=g.molodka_seat,
        my_discards=my_discards,
        log=log,
        game_number=series.number,
        defeat_points=(series.defeat_points[0], series.defeat_points[1]),
        eggs=series.eggs,
        results=tuple(series.results),
        series_over=over,
        goats=outcome.goats if outcome else None,
    )
