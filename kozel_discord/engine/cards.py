"""Cards, suits, ranks and their order and points (docs/rules.md §1 and §3).

Every card is one of 36 interned :class:`Card` objects (``CARDS``), so cards
compare by identity, hash cheaply and carry their precomputed attributes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum
from typing import TYPE_CHECKING, Final

from .errors import CardParseError

if TYPE_CHECKING:
    from .actions import Action


class Suit(IntEnum):
    """The four suits. The numeric value is only an index, not an order of strength."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]


class Rank(IntEnum):
    """Ranks in their order within a suit, low to high (§1.3): 6 7 8 9 J Q K 10 A."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    TEN = 7
    ACE = 8

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]

    @property
    def points(self) -> int:
        return _RANK_POINTS[self]


_SUIT_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_LETTERS: Final = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}
_RANK_LABELS: Final = {
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.TEN: "10",
    Rank.ACE: "A",
}
# §1.4: 6, 7, 8, 9 = 0; J = 2; Q = 3; K = 4; 10 = 10; A = 11.
_RANK_POINTS: Final = {
    Rank.SIX: 0,
    Rank.SEVEN: 0,
    Rank.EIGHT: 0,
    Rank.NINE: 0,
    Rank.JACK: 2,
    Rank.QUEEN: 3,
    Rank.KING: 4,
    Rank.TEN: 10,
    Rank.ACE: 11,
}


class Card:
    """One playing card. Use :func:`card` or ``CARDS`` — never construct directly."""

    __slots__ = (
        "_beat1",
        "_beaten_by",
        "_beats",
        "_discard1",
        "_lead1",
        "code",
        "index",
        "label",
        "points",
        "rank",
        "suit",
    )

    suit: Suit
    rank: Rank
    index: int
    points: int
    _beats: tuple[tuple[bool, ...], ...]  # [trump][other.index] -> does self beat other
    code: str  # ASCII code such as "10h" or "Qs" (records and snapshots)
    label: str  # human label such as "10♥"
    _beaten_by: tuple[frozenset[Card], ...]  # [trump] -> the cards that beat self
    # The prebuilt one-card actions of this card (set by .actions): legal_actions hands
    # out these very objects instead of building new ones each move.
    _lead1: Action
    _beat1: Action
    _discard1: Action

    def __init__(self, suit: Suit, rank: Rank) -> None:
        self.suit = suit
        self.rank = rank
        self.index = int(suit) * 9 + int(rank)
        self.points = rank.points
        self.code = rank.label + suit.letter
        self.label = rank.label + suit.symbol

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.label

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_by_index, (self.index,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    # Cards are interned, so equal means identical. Spelled out because a class with
    # __lt__ otherwise compares through a slower generic path; the engine compares cards
    # in its inner loops (list.remove, the memo check of Game.apply).
    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__

    def beats(self, other: Card, trump: Suit) -> bool:
        """§3: a higher card of the same suit, or any trump over a non-trump."""
        return self._beats[trump][other.index]

    def _rule_beats(self, other: Card, trump: Suit) -> bool:
        if self.suit is other.suit:
            return self.rank > other.rank
        return self.suit is trump


CARDS: Final[tuple[Card, ...]] = tuple(Card(s, r) for s in Suit for r in Rank)
for _c in CARDS:  # precompute §3 for speed: the engine compares cards in its inner loops
    _c._beats = tuple(tuple(_c._rule_beats(o, t) for o in CARDS) for t in Suit)
for _c in CARDS:
    _c._beaten_by = tuple(frozenset(o for o in CARDS if o._beats[t][_c.index]) for t in Suit)
del _c
DECK_POINTS: Final = sum(c.points for c in CARDS)


def _card_by_index(index: int) -> Card:
    return CARDS[index]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Canonical order: by suit, then rank low to high."""
    return tuple(sorted(cards, key=_index_key))


def _index_key(c: Card) -> int:
    return c.index


_SUIT_ALIASES: Final = {
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "☘": Suit.CLUBS,  # the bot's text mark for clubs
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_RANK_ALIASES: Final = {
    "6": Rank.SIX,
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "10": Rank.TEN,
    "t": Rank.TEN,
    "a": Rank.ACE,
}
# Between rank and suit: blanks, or the word joiner (U+2060) of the bot's own card texts.
_CARD_RE: Final = re.compile(r"^\s*(10|[6-9tjqka])[\s\u2060]*([cdhs♣♦♥♠♧♢♡♤☘])\s*$", re.IGNORECASE)
_BY_RANK_SUIT: Final = {(c.rank, c.suit): c for c in CARDS}


def card(text: str) -> Card:
    """Parse ``"10h"``, ``"QS"``, ``"10♥"``, ``"td"``… into a card.

    Raises :class:`CardParseError` with a clear message for anything else.
    """
    if not isinstance(text, str):
        raise CardParseError(f"a card must be given as text, not {type(text).__name__}")
    m = _CARD_RE.match(text)
    if m is None:
        raise CardParseError(
            f"{text!r} is not a card: write a rank (6 7 8 9 10 J Q K A) and a suit "
            "(c d h s or ♣ ♦ ♥ ♠), for example '10h', 'QS' or '7♣'"
        )
    rank = _RANK_ALIASES[m.group(1).lower()]
    suit = _SUIT_ALIASES[m.group(2).lower()]
    return _BY_RANK_SUIT[(rank, suit)]


def cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards: ``"10h Qs 7c"`` or ``["10h", "Qs"]`` (order kept)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(card(p) for p in parts)
