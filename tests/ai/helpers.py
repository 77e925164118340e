"""Building positions for the computer-player tests."""

from __future__ import annotations

import random

from kozel_discord.engine import CARDS, Card, Game, Series, cards


def position(
    hands: list[str],
    trump_card: str,
    *,
    leader: int = 0,
    stock: str = "",
    piles: tuple[str, str] | None = None,
    tricks: tuple[int, int] = (1, 1),
    seed: int = 0,
) -> Series:
    """A series whose current game starts a trick with the given hands.

    Cards named nowhere go to a pile so that the 36 cards add up: team A's pile,
    or team B's when ``piles`` names team A's pile.
    """
    hs = [list(cards(h)) for h in hands]
    st = list(cards(stock))
    tc = cards(trump_card)[0]
    used = {c for h in hs for c in h} | set(st)
    if piles is None:
        rest = [c for c in CARDS if c not in used]
        pl: list[list[Card]] = [rest, []]
    else:
        pl = [list(cards(piles[0])), list(cards(piles[1]))]
        named = used | set(pl[0]) | set(pl[1])
        pl[1] += [c for c in CARDS if c not in named]
    series = Series(seed)
    series.game = Game.from_parts(
        dealer=(leader - 1) % 4,
        first_leader=leader,
        hands=hs,
        stock=st,
        trump_card=tc,
        piles=pl,
        tricks=list(tricks),
    )
    return series


def random_molodka_position(rng: random.Random) -> Series:
    """A fresh trick in which one seat (not necessarily the leader) holds a molodka."""
    deck = list(CARDS)
    rng.shuffle(deck)
    holder = rng.randrange(4)
    suit = rng.randrange(4)
    mol = [c for c in deck if int(c.suit) == suit][:4]
    rest = [c for c in deck if c not in mol]
    hands: list[list[Card]] = []
    for s in range(4):
        if s == holder:
            hands.append(mol)
        else:
            hands.append(rest[:4])
            rest = rest[4:]
    n_stock = rng.choice([0, 0, 4, 8, 12])
    stock, pile = rest[:n_stock], rest[n_stock:]
    trump_card = rng.choice(stock or deck)
    leader = rng.randrange(4)
    series = Series(rng.randrange(10**6))
    series.game = Game.from_parts(
        dealer=(leader - 1) % 4,
        first_leader=leader,
        hands=hands,
        stock=stock,
        trump_card=trump_card,
        piles=[pile, []],
        tricks=[1, 0],
    )
    return series
