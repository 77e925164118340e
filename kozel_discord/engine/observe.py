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
from .seats import team_of

if TYPE_CHECKING:
    from .game import Game
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
class TakenTrick:
    """A finished trick of this game as a seat saw it: its plays in order (a discard's
    faces only for its owner) and the seat that took it."""

    plays: tuple[PlayView, ...]
    taker: int

    @property
    def taking_play(self) -> PlayView | None:
        """The face-up play that took the trick (the taker's last face-up play)."""
        for p in reversed(self.plays):
            if p.seat == self.taker and p.face_up:
                return p
        return None

    @property
    def face_up_points(self) -> int:
        """The card points of its face-up cards (a discard's, face down, are not seen)."""
        return sum(c.points for p in self.plays if p.face_up for c in p.cards)


def face_up_points(taken: tuple[TakenTrick, ...]) -> tuple[int, int]:
    """Per team, the face-up card points of the tricks it took: what anyone at the table
    can count. A team's pile also holds the discards it took, whose points would tell
    something of faces nobody saw (9.2, 9.3): they count only in the game's result."""
    points = [0, 0]
    for trick in taken:
        points[team_of(trick.taker)] += trick.face_up_points
    return points[0], points[1]


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
    taken: tuple[TakenTrick, ...]  # this game's finished tricks, oldest first (from ``log``)
    game_number: int
    defeat_points: tuple[int, int]
    eggs: int
    results: tuple[GameResult, ...]  # finished games of the series (§9.3: scored totals)
    series_over: bool
    goats: int | None
    target: int = 12  # 8.1: the defeat points that lose this series (the table's length)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat

    @property
    def game_over(self) -> bool:
        """This game has its result: the view of a game just ended (or of the series'
        last), where nobody deals or plays it any more."""
        return 1 <= self.game_number <= len(self.results)

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


def _taken(log: tuple[Event, ...]) -> tuple[TakenTrick, ...]:
    """The finished tricks of a (masked) log; a molodka's returned cards are no trick."""
    tricks: list[TakenTrick] = []
    plays: list[PlayView] = []
    for e in log:
        if e.kind is EventKind.TAKE:
            tricks.append(TakenTrick(tuple(plays), e.seat))
            plays = []
        elif e.kind is EventKind.RETURN:
            plays = []
        elif e.kind is not EventKind.DRAW:
            plays.append(PlayView(e.seat, ActionKind(e.kind.value), e.size, e.cards))
    return tuple(tricks)


def observe(series: Series, seat: int | None) -> Observation:
    """§9: everything ``seat`` may know, and nothing more."""
    return _observe(series, series.game, series.number, seat, ended=False)


def observe_game_end(series: Series, seat: int | None) -> Observation | None:
    """§9 at the end of the last finished game: its final position (its last trick in
    ``taken``) with the series totals after it; None before a game has finished.

    While the series goes on, ``observe`` already shows the next deal; this is the view
    of the game just ended. When the series is over, it is ``observe`` itself."""
    if seat is not None and not 0 <= seat < 4:
        raise ValueError(f"there is no seat {seat!r}")
    if series.over:
        return observe(series, seat)
    if series.last_game is None:
        return None
    return _observe(series, series.last_game, series.number - 1, seat, ended=True)


def observe_position(game: Game, number: int, seat: int) -> Observation:
    """§9 inside game ``number`` replayed alone from its own record
    (:func:`~kozel_discord.engine.series.game_positions`): exactly what ``seat`` saw of
    the game at that moment. A game's record holds no series totals, so those are zero."""
    if not 0 <= seat < 4:
        raise ValueError(f"there is no seat {seat!r}")
    return _view(
        game,
        number,
        seat,
        legal=tuple(game.legal_actions(seat)) if not game.over else (),
        turn=None if game.over else game.turn,
        totals=((0, 0), 0, (), False, None),
    )


def _observe(series: Series, g: Game, number: int, seat: int | None, *, ended: bool) -> Observation:
    if seat is not None and not 0 <= seat < 4:
        raise ValueError(f"there is no seat {seat!r}")
    over = series.over
    outcome = series.outcome()
    return _view(
        g,
        number,
        seat,
        legal=tuple(series.legal_actions(seat)) if seat is not None and not ended else (),
        turn=None if over or ended else g.turn,
        totals=(
            (series.defeat_points[0], series.defeat_points[1]),
            series.eggs,
            tuple(series.results),
            over,
            outcome.goats if outcome else None,
        ),
        target=series.target,
    )


_Totals = tuple[tuple[int, int], int, tuple[GameResult, ...], bool, int | None]


def _view(
    g: Game,
    number: int,
    seat: int | None,
    *,
    legal: tuple[Action, ...],
    turn: int | None,
    totals: _Totals,
    target: int = 12,  # as Observation.target (engine.series imports this module)
) -> Observation:
    """The one place that chooses what of game ``g`` a seat sees (§9)."""
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
    defeat_points, eggs, results, over, goats = totals
    return Observation(
        seat=seat,
        hand=tuple(g.hands[seat]) if seat is not None else (),
        legal_actions=legal,
        trump=g.trump,
        trump_card=g.trump_card,
        stock_size=len(g.stock),
        hand_sizes=(len(g.hands[0]), len(g.hands[1]), len(g.hands[2]), len(g.hands[3])),
        tricks=(g.tricks[0], g.tricks[1]),
        turn=turn,
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
        taken=_taken(log),
        game_number=number,
        defeat_points=defeat_points,
        eggs=eggs,
        results=results,
        series_over=over,
        goats=goats,
        target=target,
    )
