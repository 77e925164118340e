"""The data a picture shows: localised labels from the caller, and the finished trick.

The renderer does no translation: the caller (the presenter) passes every word already
in the reader's language. Everything else comes from an :class:`Observation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import ActionKind, Card, Observation


@dataclass(frozen=True, slots=True)
class Labels:
    """Already-localised words of a picture (the English defaults are for tests and tools)."""

    seat_names: tuple[str, str, str, str]
    team_names: tuple[str, str] = ("Team A", "Team B")
    trump: str = "Trump"
    stock: str = "Stock"
    turn: str = "Turn"
    winning: str = "Winning"
    took: str = "Took it"
    last_trick: str = "Last trick"
    tricks: str = "Tricks"
    defeat_points: str = "Defeat points"
    eggs: str = "Eggs"
    game: str = "Game"
    dealer: str = "Dealer"
    no_cards: str = "No cards"  # a seat holding none ("—" read as "unknown")
    molodka: str = "Molodka"
    your_hand: str = "Your hand"
    your_turn: str = "Your turn"
    goats: str = "Goats"


@dataclass(frozen=True, slots=True)
class FinishedPlay:
    """A play of a finished trick as everybody saw it: no faces for a discard."""

    seat: int
    kind: ActionKind
    count: int
    cards: tuple[Card, ...]  # empty for a discard

    @property
    def face_up(self) -> bool:
        return self.kind is not ActionKind.DISCARD


@dataclass(frozen=True, slots=True)
class FinishedTrick:
    """The last trick taken: its plays in order and who took it (public data only)."""

    plays: tuple[FinishedPlay, ...]
    taker: int

    @property
    def taking_play(self) -> FinishedPlay | None:
        for p in reversed(self.plays):
            if p.seat == self.taker and p.face_up:
                return p
        return None


def last_trick(obs: Observation) -> FinishedTrick | None:
    """The last trick taken in this game (the engine's ``obs.taken``), discards face down.

    None before the first trick of a game is taken. After the last trick of a game the
    observation is of the next game already: use ``observe_game_end`` for the game ended.
    """
    if not obs.taken:
        return None
    trick = obs.taken[-1]
    return FinishedTrick(
        tuple(
            FinishedPlay(p.seat, p.kind, p.count, p.cards if p.face_up else ()) for p in trick.plays
        ),
        trick.taker,
    )


# The defeat-point bars, the picture's and the summaries' emoji ones alike: a segment per two
# defeat points (a game gives 2, 4 or 6), at most MAX_BAR segments (a longer target to scale).
# The picture drew a segment a point while the summaries drew one per two, and "B ■■ 4/12"
# read as 2 points beside it.
POINTS_PER_SEGMENT = 2
MAX_BAR = 12


def bar_fills(points: int, target: int) -> tuple[float, ...]:
    """How full each segment of a bar of ``points`` toward ``target`` is: 1, 0.5 (an odd
    point, which no rule gives) or 0."""
    size = max(1, min(MAX_BAR, -(-target // POINTS_PER_SEGMENT)))
    per = target / size
    return tuple(
        1.0 if points >= (i + 1) * per else 0.5 if points >= i * per + per / 2 else 0.0
        for i in range(size)
    )
