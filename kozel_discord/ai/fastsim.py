"""A lean re-implementation of one game on int cards, for the strong player's rollouts.

It follows docs/rules.md §4–§7 like the engine (leads, beats, discards, the taker
draws first, the last trick ends the game) but keeps no log and skips the
out-of-turn molodka inside rollouts (a molodka is still led as four cards, and
a molodka at the root is applied exactly). Tests compare it with the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import ActionKind, team_of
from ..engine.deal import deal_cards
from . import policy
from .intcards import ALL_MASK, BIT, PTS, SUIT
from .knowledge import World

LeadPolicy = Callable[[list[int], int, int, int], tuple[int, ...]]
FollowPolicy = Callable[
    [list[int], int, int, tuple[int, ...], int, int, int, int, int], tuple[bool, tuple[int, ...]]
]


@dataclass(slots=True)
class SimState:
    trump: int
    hands: list[list[int]]
    stock: list[int]
    pts: list[int]
    tricks: list[int]
    turn: int
    opener: int
    top: tuple[int, ...]
    top_seat: int
    trick: list[tuple[int, tuple[int, ...]]]  # plays of the open trick (lead first)
    trick_pts: int
    seen: int  # cards seen face up (what every seat may count)
    last_taker: int = -1

    def copy(self) -> SimState:
        return SimState(
            self.trump,
            [list(h) for h in self.hands],
            list(self.stock),
            list(self.pts),
            list(self.tricks),
            self.turn,
            self.opener,
            self.top,
            self.top_seat,
            list(self.trick),
            self.trick_pts,
            self.seen,
            self.last_taker,
        )


def from_world(
    world: World,
    trump: int,
    turn: int,
    opener: int,
    top: tuple[int, ...],
    top_seat: int,
    tricks: tuple[int, int],
    seen: int,
) -> SimState:
    trick = [(s, cs) for s, _k, cs in world.trick]
    return SimState(
        trump=trump,
        hands=[list(h) for h in world.hands],
        stock=list(world.stock),
        pts=list(world.pile_points),
        tricks=list(tricks),
        turn=turn,
        opener=opener,
        top=top,
        top_seat=top_seat,
        trick=trick,
        trick_pts=sum(PTS[c] for _s, cs in trick for c in cs),
        seen=seen,
    )


def new_deal(deal_seed: int) -> SimState:
    """A fresh deal for policy matches and tests: shuffled by ``random.Random(deal_seed)``,
    dealer ``deal_seed % 4``, the shown trump card counted as seen."""
    rng = random.Random(deal_seed)
    dealer = deal_seed % 4
    hands, stock, trump_card = deal_cards(rng, dealer)
    first = (dealer + 1) % 4
    return SimState(
        trump=SUIT[trump_card.index],
        hands=[sorted(c.index for c in h) for h in hands],
        stock=[c.index for c in stock],
        pts=[0, 0],
        tricks=[0, 0],
        turn=first,
        opener=first,
        top=(),
        top_seat=first,
        trick=[],
        trick_pts=0,
        seen=BIT[trump_card.index],
    )


def apply(st: SimState, seat: int, kind: ActionKind, cards: tuple[int, ...]) -> bool:
    """Play one action; returns True when the game is over."""
    if kind is ActionKind.MOLODKA:
        for s, cs in st.trick:  # §5.2: the trick goes back to the hands
            st.hands[s].extend(cs)
            st.hands[s].sort()
        st.trick = []
        st.trick_pts = 0
        kind = ActionKind.LEAD
    hand = st.hands[seat]
    for c in cards:
        hand.remove(c)
    if kind is ActionKind.LEAD:
        st.trick = [(seat, cards)]
        st.trick_pts = sum(PTS[c] for c in cards)
        st.top = cards
        st.top_seat = seat
        for c in cards:
            st.seen |= BIT[c]
        st.turn = (seat + 1) % 4
        return False
    if kind is ActionKind.BEAT:
        st.top = cards
        st.top_seat = seat
        for c in cards:
            st.seen |= BIT[c]
    st.trick.append((seat, cards))
    st.trick_pts += sum(PTS[c] for c in cards)
    if len(st.trick) < 4:
        st.turn = (seat + 1) % 4
        return False
    return _finish(st)


def _finish(st: SimState) -> bool:
    taker = st.top_seat
    team = team_of(taker)
    st.pts[team] += st.trick_pts
    st.tricks[team] += 1
    st.trick = []
    st.trick_pts = 0
    st.top = ()
    st.last_taker = taker
    hands, stock = st.hands, st.stock
    if stock:
        pos = 0
        n = len(stock)
        while pos < n and len(hands[taker]) < 4:
            for i in range(4):
                if pos >= n:
                    break
                hands[(taker + i) % 4].append(stock[pos])
                pos += 1
        del stock[:pos]
        for h in hands:
            h.sort()
    if not stock and not hands[taker]:
        return True
    st.turn = taker
    st.opener = taker
    st.top_seat = taker
    return False


def rollout(
    st: SimState, lead: LeadPolicy = policy.lead, follow: FollowPolicy = policy.follow
) -> None:
    """Play the game to its end with the heuristic for every seat (mutates ``st``); ``lead``
    opens the tricks and ``follow`` answers them (the heuristic's by default)."""
    trump = st.trump
    hands = st.hands
    while True:
        seat = st.turn
        hand = hands[seat]
        hm = 0
        for c in hand:
            hm |= BIT[c]
        unseen = ALL_MASK & ~st.seen & ~hm
        if not st.trick:
            cards = lead(hand, trump, len(st.stock), unseen)
            over = apply(st, seat, ActionKind.LEAD, cards)
        else:
            is_beat, cards = follow(
                hand,
                seat,
                trump,
                st.top,
                st.top_seat,
                len(st.trick),
                st.trick_pts,
                len(st.stock),
                unseen,
            )
            over = apply(st, seat, ActionKind.BEAT if is_beat else ActionKind.DISCARD, cards)
        if over:
            return
