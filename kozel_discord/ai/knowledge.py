"""What one seat knows about the hidden cards, and sampling of worlds consistent with it.

Everything is derived from the seat's :class:`~kozel_discord.engine.Observation`
alone (its hand, the face-up cards of this game's public log, its own discards
and draws, the counts): a computer player never sees the full state.

Hard facts used (RULES.md §2.2, §5.2, §6.1, §9):

* every card laid face up is known; when a molodka sends a trick back (§5.2) the
  face-up cards are known to be in their owners' hands again;
* the seat's own hand, draws and discards are known;
* the stock order is secret but the draw order is public, so each stock position
  drawn so far is known to have gone to a definite seat;
* the shown trump card lies in the middle of the stock (the engine's reading of
  §2.2: never among the five top or the five bottom cards of the 20), so it is still
  in the stock, or in the hand (or a later face-down discard) of the seat that
  drew its position.

A sampled :class:`World` places every unknown card in another seat's hand, in the
stock or under a face-down discard, uniformly among the placements that respect
those facts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import ActionKind, EventKind, Observation
from ..engine.game import TRUMP_CARD_POSITIONS
from .intcards import ALL_MASK, BIT, N_CARDS, PTS

STOCK_AT_DEAL = 20  # §2.1: 36 cards, 4 × 4 dealt
TRUMP_POSITIONS = TRUMP_CARD_POSITIONS  # §2.2 as the engine deals: the middle ten

_TRICK = -1  # "where" of a discard slot still in the open trick


@dataclass(frozen=True, slots=True)
class Slot:
    """A face-down card of another seat: ``where`` is the team pile (0/1) or the open trick."""

    seat: int
    since: int  # log index of the discard
    where: int
    trick_play: int  # index into the open trick's plays when where == _TRICK, else -1


@dataclass(slots=True)
class Knowledge:
    me: int
    trump: int
    trump_card: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, int, int, int]
    stock_size: int
    seen: int  # mask: every card seen face up this game (public knowledge)
    unknown: list[int]  # cards of unknown place (the trump card included if unresolved)
    held: list[tuple[int, int, int]]  # (card, seat, since): in seat's hand or later discards
    slots: list[Slot]  # other seats' face-down discards, one per card
    pile_points: list[int]  # known points in each team's pile
    drawn: int  # cards drawn from the stock so far
    drawn_by: dict[int, tuple[int, int]]  # stock position -> (seat, log index), other seats
    trick: list[tuple[int, ActionKind, tuple[int, ...], int]]  # open trick: seat, kind, cards, n


def read(obs: Observation) -> Knowledge:
    """Derive a seat's knowledge from its observation (and nothing else)."""
    me = obs.seat
    if me is None:
        raise ValueError("a computer player needs a seat's observation")
    trump = int(obs.trump)
    seen = 0
    # place of face-up cards: "gone" (in a pile or in the open trick) or held by a seat.
    held: dict[int, tuple[int, int]] = {}
    gone = 0  # cards whose place is known and out of every hand / the stock
    pile_points = [0, 0]
    slots: list[Slot] = []
    # open trick as this seat knows it: (seat, kind, cards, count, since)
    trick: list[tuple[int, ActionKind, tuple[int, ...], int, int]] = []
    drawn = 0
    drawn_by: dict[int, tuple[int, int]] = {}
    draws: list[tuple[int, int, int]] = []  # pending group of DRAW events: seat, count, t

    def flush_draws() -> None:
        nonlocal drawn
        if not draws:
            return
        rnd = 0
        while True:
            any_left = False
            for seat, count, t in draws:
                if count > rnd:
                    any_left = True
                    if seat != me:
                        drawn_by[drawn] = (seat, t)
                    drawn += 1
            if not any_left:
                break
            rnd += 1
        draws.clear()

    for t, e in enumerate(obs.log):
        kind = e.kind
        if kind is not EventKind.DRAW:
            flush_draws()
        if kind is EventKind.LEAD or kind is EventKind.BEAT or kind is EventKind.MOLODKA:
            cs = tuple(c.index for c in e.cards)
            for c in cs:
                seen |= BIT[c]
                gone |= BIT[c]
                held.pop(c, None)
            trick.append((e.seat, ActionKind(kind.value), cs, len(cs), t))
        elif kind is EventKind.DISCARD:
            cs = tuple(c.index for c in e.cards) if e.seat == me else ()
            for c in cs:
                gone |= BIT[c]
            trick.append((e.seat, ActionKind.DISCARD, cs, e.size, t))
        elif kind is EventKind.RETURN:
            for seat, k, cs, _n, _t in trick:
                for c in cs:
                    gone &= ~BIT[c]
                    if seat != me and k is not ActionKind.DISCARD:
                        held[c] = (seat, t)
            trick = []
        elif kind is EventKind.TAKE:
            team = e.seat & 1
            for seat, k, cs, n, since in trick:
                if seat == me or k is not ActionKind.DISCARD:
                    pile_points[team] += sum(PTS[c] for c in cs)
                else:
                    slots.extend(Slot(seat, since, team, -1) for _ in range(n))
            trick = []
        elif kind is EventKind.DRAW:
            draws.append((e.seat, e.size, t))
    flush_draws()

    hand = tuple(c.index for c in obs.hand)
    hand_mask = 0
    for c in hand:
        hand_mask |= BIT[c]
        held.pop(c, None)
    gone &= ~hand_mask
    for i, (seat, k, _cs, n, since) in enumerate(trick):
        if seat != me and k is ActionKind.DISCARD:
            slots.extend(Slot(seat, since, _TRICK, i) for _ in range(n))
    known = gone | hand_mask
    for c in held:
        known |= BIT[c]
    unknown = [c for c in range(N_CARDS) if not known >> c & 1]
    return Knowledge(
        me=me,
        trump=trump,
        trump_card=obs.trump_card.index,
        hand=hand,
        hand_sizes=obs.hand_sizes,
        stock_size=obs.stock_size,
        seen=seen,
        unknown=unknown,
        held=[(c, s, since) for c, (s, since) in held.items()],
        slots=slots,
        pile_points=pile_points,
        drawn=drawn,
        drawn_by=drawn_by,
        trick=[(s, k, cs, n) for s, k, cs, n, _t in trick],
    )


@dataclass(slots=True)
class World:
    """One full deal consistent with a seat's knowledge, at the current moment."""

    hands: list[list[int]]
    stock: list[int]  # stock[0] is the top
    pile_points: list[int]
    trick: list[tuple[int, ActionKind, tuple[int, ...]]]  # open trick with every card


def sample(kn: Knowledge, rng: random.Random) -> World:
    """Deal the unknown cards uniformly among the placements consistent with ``kn``."""
    me = kn.me
    # Slot keys: ("h", seat) hand slots, ("s", i) stock positions, ("d", j) discard slots.
    hands: list[list[int]] = [[] for _ in range(4)]
    hands[me] = list(kn.hand)
    need = [0 if s == me else kn.hand_sizes[s] for s in range(4)]
    stock: list[int | None] = [None] * kn.stock_size
    disc: list[int | None] = [None] * len(kn.slots)
    free_disc = [j for j in range(len(kn.slots))]
    pool = list(kn.unknown)
    placed_held = list(kn.held)

    tc = kn.trump_card
    if tc in pool:
        pool.remove(tc)
        cands: list[int] = []
        for p in TRUMP_POSITIONS:
            if p >= kn.drawn:
                if p - kn.drawn < kn.stock_size:
                    cands.append(p)
            elif p in kn.drawn_by:
                seat, since = kn.drawn_by[p]
                if need[seat] or any(sl.seat == seat and sl.since > since for sl in kn.slots):
                    cands.append(p)
        if cands:
            p = rng.choice(cands)
            if p >= kn.drawn:
                stock[p - kn.drawn] = tc
            else:
                seat, since = kn.drawn_by[p]
                placed_held.append((tc, seat, since))
        else:  # cannot happen in a consistent game; stay robust
            pool.append(tc)

    for c, seat, since in placed_held:
        options = need[seat]
        elig = [j for j in free_disc if kn.slots[j].seat == seat and kn.slots[j].since > since]
        total = options + len(elig)
        if total == 0:
            pool.append(c)
            continue
        r = rng.randrange(total)
        if r < options:
            hands[seat].append(c)
            need[seat] -= 1
        else:
            j = elig[r - options]
            disc[j] = c
            free_disc.remove(j)

    rng.shuffle(pool)
    it = iter(pool)
    for s in range(4):
        for _ in range(need[s]):
            hands[s].append(next(it))
    for i in range(len(stock)):
        if stock[i] is None:
            stock[i] = next(it)
    for j in free_disc:
        disc[j] = next(it)

    pile_points = list(kn.pile_points)
    extra: dict[int, list[int]] = {}
    for sl, dc in zip(kn.slots, disc, strict=True):
        assert dc is not None
        if sl.where == _TRICK:
            extra.setdefault(sl.trick_play, []).append(dc)
        else:
            pile_points[sl.where] += PTS[dc]
    trick = [
        (s, k, cs if cs or k is not ActionKind.DISCARD else tuple(extra.get(i, ())))
        for i, (s, k, cs, _n) in enumerate(kn.trick)
    ]
    for h in hands:
        h.sort()
    return World(
        hands=hands,
        stock=[c for c in stock if c is not None],
        pile_points=pile_points,
        trick=trick,
    )


def unseen_mask(kn: Knowledge) -> int:
    """Cards this seat has neither seen face up nor holds nor discarded itself."""
    m = ALL_MASK & ~kn.seen
    for c in kn.hand:
        m &= ~BIT[c]
    return m
