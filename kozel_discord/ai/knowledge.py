"""What one seat knows about the hidden cards, and sampling of worlds consistent with it.

Everything is derived from the seat's :class:`~kozel_discord.engine.Observation`
alone (its hand, the face-up cards of this game's public log, its own discards
and draws, the counts): a computer player never sees the full state.

Hard facts used (docs/rules.md 2.2, 5.2, 6.1, 9):

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
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import ActionKind, Event, EventKind, Observation, team_of
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


@dataclass(slots=True)
class _Reading:
    """What :func:`read` has gathered from the log so far (one step per event)."""

    me: int
    seen: int = 0  # every card seen face up
    gone: int = 0  # cards whose place is known and out of every hand / the stock
    # face-up cards known to be back in a hand (5.2): card -> (seat, log index)
    held: dict[int, tuple[int, int]] = field(default_factory=dict)
    pile_points: list[int] = field(default_factory=lambda: [0, 0])
    slots: list[Slot] = field(default_factory=list)
    # the open trick as this seat knows it: (seat, kind, cards, count, since)
    trick: list[tuple[int, ActionKind, tuple[int, ...], int, int]] = field(default_factory=list)
    drawn: int = 0
    drawn_by: dict[int, tuple[int, int]] = field(default_factory=dict)
    draws: list[tuple[int, int, int]] = field(default_factory=list)  # pending: seat, count, t


def _face_up(r: _Reading, t: int, e: Event) -> None:
    """A lead, beat or molodka: its cards are seen and lie in the open trick."""
    cs = tuple(c.index for c in e.cards)
    for c in cs:
        r.seen |= BIT[c]
        r.gone |= BIT[c]
        r.held.pop(c, None)
    r.trick.append((e.seat, ActionKind(e.kind.value), cs, len(cs), t))


def _discard(r: _Reading, t: int, e: Event) -> None:
    """A discard: only this seat's own discards have faces."""
    cs = tuple(c.index for c in e.cards) if e.seat == r.me else ()
    for c in cs:
        r.gone |= BIT[c]
    r.trick.append((e.seat, ActionKind.DISCARD, cs, e.size, t))


def _return(r: _Reading, t: int, e: Event) -> None:
    """5.2: a molodka sent the trick's cards back to their hands."""
    for seat, k, cs, _n, _t in r.trick:
        for c in cs:
            r.gone &= ~BIT[c]
            if seat != r.me and k is not ActionKind.DISCARD:
                r.held[c] = (seat, t)
    r.trick = []


def _take(r: _Reading, t: int, e: Event) -> None:
    """4.3: the trick goes to the taker's team; other seats' discards become slots."""
    team = team_of(e.seat)
    for seat, k, cs, n, since in r.trick:
        if seat == r.me or k is not ActionKind.DISCARD:
            r.pile_points[team] += sum(PTS[c] for c in cs)
        else:
            r.slots.extend(Slot(seat, since, team, -1) for _ in range(n))
    r.trick = []


def _draw(r: _Reading, t: int, e: Event) -> None:
    """6.1: one of a group of draws, resolved into stock positions by :func:`_flush_draws`."""
    r.draws.append((e.seat, e.size, t))


def _flush_draws(r: _Reading) -> None:
    """6.1: the draws after a trick go one card at a time clockwise from the taker, so
    each stock position drawn is known to have gone to a definite seat."""
    rnd = 0
    while r.draws:
        left = [(seat, t) for seat, count, t in r.draws if count > rnd]
        if not left:
            break
        for seat, t in left:
            if seat != r.me:
                r.drawn_by[r.drawn] = (seat, t)
            r.drawn += 1
        rnd += 1
    r.draws.clear()


_STEPS: dict[EventKind, Callable[[_Reading, int, Event], None]] = {
    EventKind.LEAD: _face_up,
    EventKind.BEAT: _face_up,
    EventKind.MOLODKA: _face_up,
    EventKind.DISCARD: _discard,
    EventKind.RETURN: _return,
    EventKind.TAKE: _take,
    EventKind.DRAW: _draw,
}


def read(obs: Observation) -> Knowledge:
    """Derive a seat's knowledge from its observation (and nothing else)."""
    if obs.seat is None:
        raise ValueError("a computer player needs a seat's observation")
    r = _Reading(obs.seat)
    for t, e in enumerate(obs.log):
        if e.kind is not EventKind.DRAW:
            _flush_draws(r)
        _STEPS[e.kind](r, t, e)
    _flush_draws(r)
    return _knowledge(r, obs)


def _knowledge(r: _Reading, obs: Observation) -> Knowledge:
    """The log read: add the seat's hand and the open trick's face-down cards."""
    me = r.me
    hand = tuple(c.index for c in obs.hand)
    hand_mask = 0
    for c in hand:
        hand_mask |= BIT[c]
        r.held.pop(c, None)
    gone = r.gone & ~hand_mask
    slots = list(r.slots)
    for i, (seat, k, _cs, n, since) in enumerate(r.trick):
        if seat != me and k is ActionKind.DISCARD:
            slots.extend(Slot(seat, since, _TRICK, i) for _ in range(n))
    known = gone | hand_mask
    for c in r.held:
        known |= BIT[c]
    return Knowledge(
        me=me,
        trump=int(obs.trump),
        trump_card=obs.trump_card.index,
        hand=hand,
        hand_sizes=obs.hand_sizes,
        stock_size=obs.stock_size,
        seen=r.seen,
        unknown=[c for c in range(N_CARDS) if not known >> c & 1],
        held=[(c, s, since) for c, (s, since) in r.held.items()],
        slots=slots,
        pile_points=r.pile_points,
        drawn=r.drawn,
        drawn_by=r.drawn_by,
        trick=[(s, k, cs, n) for s, k, cs, n, _t in r.trick],
    )


@dataclass(slots=True)
class World:
    """One full deal consistent with a seat's knowledge, at the current moment."""

    hands: list[list[int]]
    stock: list[int]  # stock[0] is the top
    pile_points: list[int]
    trick: list[tuple[int, ActionKind, tuple[int, ...]]]  # open trick with every card
    slot_cards: list[int] = field(default_factory=list)  # the card under each of kn.slots


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
    slot_cards: list[int] = []
    for sl, dc in zip(kn.slots, disc, strict=True):
        assert dc is not None
        slot_cards.append(dc)
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
        slot_cards=slot_cards,
    )


def unseen_mask(kn: Knowledge) -> int:
    """Cards this seat has neither seen face up nor holds nor discarded itself."""
    m = ALL_MASK & ~kn.seen
    for c in kn.hand:
        m &= ~BIT[c]
    return m
