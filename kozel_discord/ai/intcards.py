"""Cards as small ints for the computer players' inner loops.

A card is its engine index ``suit * 9 + rank`` (0–35), so ``CARDS[i]`` converts back.
Sets of cards are int bitmasks. Everything here is precomputed once at import.
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

from ..engine import CARDS, Card

N_CARDS: Final = 36
ALL_MASK: Final = (1 << N_CARDS) - 1
_RANK_POINTS: Final = (0, 0, 0, 0, 2, 3, 4, 10, 11)

SUIT: Final[tuple[int, ...]] = tuple(c // 9 for c in range(N_CARDS))
RANK: Final[tuple[int, ...]] = tuple(c % 9 for c in range(N_CARDS))
PTS: Final[tuple[int, ...]] = tuple(_RANK_POINTS[c % 9] for c in range(N_CARDS))
BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(N_CARDS))
SUIT_MASK: Final[tuple[int, ...]] = tuple(((1 << 9) - 1) << (9 * s) for s in range(4))


def _beats(a: int, b: int, trump: int) -> bool:
    """docs/rules.md §3: a higher card of the same suit, or any trump over a non-trump."""
    if SUIT[a] == SUIT[b]:
        return RANK[a] > RANK[b]
    return SUIT[a] == trump


# BEATERS[trump][c]: the mask of the cards that beat ``c``.
BEATERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(BIT[a] for a in range(N_CARDS) if _beats(a, c, t)) for c in range(N_CARDS))
    for t in range(4)
)


def beats(a: int, b: int, trump: int) -> bool:
    return bool(BEATERS[trump][b] >> a & 1)


def beats_all(new: tuple[int, ...], top: tuple[int, ...], trump: int) -> bool:
    """docs/rules.md §4.2: a pairing in which every new card beats its partner on top."""
    if len(new) != len(top):
        return False
    bt = BEATERS[trump]
    if len(new) == 1:
        return bool(bt[top[0]] >> new[0] & 1)
    for perm in permutations(new):
        for n, t in zip(perm, top, strict=True):
            if not bt[t] >> n & 1:
                break
        else:
            return True
    return False


def mask_of(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def to_ints(cards: tuple[Card, ...] | list[Card]) -> tuple[int, ...]:
    return tuple(c.index for c in cards)


def to_cards(cards: tuple[int, ...] | list[int]) -> tuple[Card, ...]:
    return tuple(sorted((CARDS[c] for c in cards), key=_index))


def _index(c: Card) -> int:
    return c.index
