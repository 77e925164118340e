"""The C simulator (``kozel_discord/ai/_csim.c``) against the Python one it stands in for."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kozel_discord.ai import _csim, fastsim
from kozel_discord.ai.intcards import ALL_MASK, SUIT, beats_all, mask_of
from kozel_discord.ai.policy import Params, Policy
from kozel_discord.engine import ActionKind

POLICIES = [
    Params(),
    Params(whole=True),
    Params(whole=True, cheap_keep=6.0, last_trump_min=2.0, trump_keep=11.9, cash_at=13.0),
]


def _advance(st: fastsim.SimState, pol: Policy, plays: int) -> bool:
    """``plays`` plays by ``pol`` (as fastsim.rollout makes them); True if the game ended."""
    for _ in range(plays):
        seat = st.turn
        hand = st.hands[seat]
        unseen = ALL_MASK & ~st.seen & ~mask_of(hand)
        if not st.trick:
            cards = pol.lead(hand, st.trump, len(st.stock), unseen)
            over = fastsim.apply(st, seat, ActionKind.LEAD, cards)
        else:
            beat, cards = pol.follow(
                hand, seat, st.trump, st.top, st.top_seat, len(st.trick), st.trick_pts,
                len(st.stock), unseen,
            )  # fmt: skip
            kind = ActionKind.BEAT if beat else ActionKind.DISCARD
            over = fastsim.apply(st, seat, kind, cards)
        if over:
            return True
    return False


def _args(
    st: fastsim.SimState, params: Params, nest: int = 0, worlds: int = 1, seed: int = 1
) -> tuple[object, ...]:
    return (
        st.trump, tuple(mask_of(h) for h in st.hands), bytes(st.stock), tuple(st.pts),
        tuple(st.tricks), st.turn, st.opener, bytes(st.top), st.top_seat, len(st.trick),
        st.trick_pts, st.seen, dataclasses.astuple(params), nest, worlds, seed,
    )  # fmt: skip


def _positions(n: int) -> list[fastsim.SimState]:
    """Positions from the deal to the last trick, reached by a mix of policies."""
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        st = fastsim.new_deal(seed)
        if not _advance(st, Policy(Params(whole=rng.random() < 0.5)), rng.randrange(36)):
            out.append(st)
    return out


@pytest.mark.parametrize("params", POLICIES, ids=["heuristic", "whole", "other numbers"])
def test_plain_rollout_plays_as_the_python_policy(params: Params) -> None:
    pol = Policy(params)
    positions = _positions(400)
    assert len(positions) > 250
    for st in positions:
        py = st.copy()
        fastsim.rollout(py, pol.lead, pol.follow)
        assert _csim.rollout(*_args(st, params)) == ((py.pts[0], py.pts[1]), tuple(py.tricks))


def test_a_searched_rollout_plays_a_whole_game_the_same_way_for_the_same_seed() -> None:
    params = Params(whole=True)
    for seed in range(20):
        st = fastsim.new_deal(seed)
        (a, b), (ta, tb) = _csim.rollout(*_args(st, params, nest=8, worlds=4, seed=seed + 1))
        assert a + b == 120  # every card ends in a pile
        assert ta + tb >= 3  # 36 cards, at most 16 in a trick
        again = _csim.rollout(*_args(st, params, nest=8, worlds=4, seed=seed + 1))
        assert again == ((a, b), (ta, tb))


def _hide_differently(st: fastsim.SimState, rng: random.Random) -> fastsim.SimState:
    """The same position for the seat to play, the cards it has not seen dealt anew."""
    me = st.turn
    other = st.copy()
    hidden = [c for s in range(4) if s != me for c in st.hands[s] if not st.seen >> c & 1]
    hidden += [c for c in st.stock if not st.seen >> c & 1]
    rng.shuffle(hidden)
    it = iter(hidden)
    for s in range(4):
        if s != me:
            other.hands[s] = sorted(c if st.seen >> c & 1 else next(it) for c in st.hands[s])
    other.stock = [c if st.seen >> c & 1 else next(it) for c in st.stock]
    return other


def test_a_seat_decides_from_what_it_can_see_only() -> None:
    params = Params(whole=True)
    rng = random.Random(5)
    differed = 0
    positions = _positions(150)
    for i, st in enumerate(positions):
        other = _hide_differently(st, rng)
        differed += other.hands != st.hands
        mine = _csim.decide(*_args(st, params, worlds=6, seed=i + 1))
        assert _csim.decide(*_args(other, params, worlds=6, seed=i + 1)) == mine
        is_lead, is_beat, mask = mine
        cards = tuple(c for c in range(36) if mask >> c & 1)
        hand = st.hands[st.turn]
        assert set(cards) <= set(hand)
        if is_lead:
            assert not st.trick and len({SUIT[c] for c in cards}) == 1
        else:
            assert st.trick and len(cards) == len(st.top)
            assert not is_beat or beats_all(cards, st.top, st.trump)
    assert differed > 0.7 * len(positions)  # the hidden cards really were moved


def test_a_position_that_cannot_exist_is_refused() -> None:
    st = fastsim.new_deal(1)
    args = list(_args(st, Params()))
    args[1] = (1 << 40, 0, 0, 0)
    with pytest.raises(ValueError, match="not a position"):
        _csim.rollout(*args)
    args = list(_args(st, Params()))
    args[12] = (1.0, 2.0)
    with pytest.raises(ValueError, match="22 numbers"):
        _csim.rollout(*args)
