"""Shuffling and dealing (rule 2 of docs/rules.md): the cards of a fresh game.

Randomness comes only from the ``random.Random`` handed in. For a plain ``random.Random``
the shuffle is ``random.Random.shuffle`` inlined (the same permutation from the same
generator state, tests/engine/test_differential.py compares them) and the trump card's
position the same draw as ``randint``; any other generator is used through its methods.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter

from .cards import CARDS, Card
from .seats import HAND_SIZE, SEATS

STOCK_AT_DEAL = 20
# 2.2 "from the middle of the stock": the shown trump card is at one of these positions of
# the 20-card stock (0 = top), neither among the five top nor the five bottom cards.
TRUMP_CARD_POSITIONS = range(5, STOCK_AT_DEAL - 5)

_DEALT = SEATS * HAND_SIZE
_idx = attrgetter("index")
_BITS = [n.bit_length() for n in range(len(CARDS) + 1)]


def _randbelow(n: int, getrandbits: Callable[[int], int]) -> int:
    """``random.Random._randbelow(n)``, the same draws of the same generator."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _shuffle(deck: list[Card], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle(deck)``, inlined: the same permutation from the same state."""
    bits = _BITS
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def deal_cards(rng: random.Random, dealer: int) -> tuple[list[list[Card]], list[Card], Card]:
    """2.1-2.2: shuffle, deal four cards to each seat one at a time clockwise from the
    dealer's left, show a card from the middle of the stock. (hands sorted, stock, trump card)."""
    deck = list(CARDS)
    if type(rng) is random.Random:
        getrandbits = rng.getrandbits
        _shuffle(deck, getrandbits)
        pos = TRUMP_CARD_POSITIONS[0] + _randbelow(len(TRUMP_CARD_POSITIONS), getrandbits)
    else:
        rng.shuffle(deck)
        pos = rng.randint(TRUMP_CARD_POSITIONS[0], TRUMP_CARD_POSITIONS[-1])
    # The card at position 4·round + i - 1 goes to seat dealer + i.
    hands: list[list[Card]] = [[], [], [], []]
    for i in range(1, SEATS + 1):
        hand = deck[i - 1 : _DEALT : SEATS]
        hand.sort(key=_idx)
        hands[(dealer + i) % SEATS] = hand
    stock = deck[_DEALT:]
    # 2.2: the shown card stays where it was in the stock.
    return hands, stock, stock[pos]


__all__ = ["STOCK_AT_DEAL", "TRUMP_CARD_POSITIONS", "deal_cards"]
