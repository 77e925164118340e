"""The C simulator's exact endgame (``_csim.rollout(..., depth)``) against a brute-force
minimax written here over every legal play, on positions after the stock is empty."""

from __future__ import annotations

import itertools

from kozel_discord.ai import _csim, fastsim
from kozel_discord.ai.intcards import SUIT, beats_all
from kozel_discord.ai.policy import Params, Policy
from kozel_discord.engine import ActionKind

from .test_csim import _advance, _args

WHOLE = Params(whole=True)


def _outcome(pts: list[int] | tuple[int, int], tricks: list[int] | tuple[int, int]) -> float:
    """strong.game_value for team 0 without the card-point term (what the solver maximises)."""
    a, b = pts
    if a == b:
        return 0.0
    if a > b:
        return 1.0 if b > 30 else (1.3 if tricks[1] else 1.6)
    return -(1.0 if a > 30 else (1.3 if tricks[0] else 1.6))


def _plays(st: fastsim.SimState) -> list[tuple[ActionKind, tuple[int, ...]]]:
    """Every legal play of the seat to play (rules §4.1, §4.2), written out plainly."""
    hand = st.hands[st.turn]
    if not st.trick:
        out = []
        for suit in range(4):
            cards = [c for c in hand if SUIT[c] == suit]
            for n in range(1, len(cards) + 1):
                out += [(ActionKind.LEAD, combo) for combo in itertools.combinations(cards, n)]
        return out
    k = len(st.top)
    combos = list(itertools.combinations(hand, k))
    beats = [
        (ActionKind.BEAT, c)
        for c in combos
        if any(beats_all(p, st.top, st.trump) for p in itertools.permutations(c))
    ]
    return beats + [(ActionKind.DISCARD, c) for c in combos]


def _minimax(st: fastsim.SimState) -> float:
    values = []
    for kind, cards in _plays(st):
        child = st.copy()
        if fastsim.apply(child, st.turn, kind, cards):
            values.append(_outcome(child.pts, child.tricks))
        else:
            values.append(_minimax(child))
    return max(values) if st.turn % 2 == 0 else min(values)


def _endgames(n: int, depth: int) -> list[fastsim.SimState]:
    """Positions where the stock is empty and the seat to play holds at most ``depth``
    cards, reached by the whole-suit policy from fresh deals (as a C rollout reaches them)."""
    out = []
    pol = Policy(WHOLE)
    seed = 0
    while len(out) < n:
        st = fastsim.new_deal(seed)
        seed += 1
        while not (not st.stock and len(st.hands[st.turn]) <= depth):
            if _advance(st, pol, 1):
                break
        else:
            out.append(st)
    return out


def test_exact_endgame_matches_brute_force() -> None:
    positions = _endgames(40, 2) + _endgames(8, 3)
    differ = 0
    for st in positions:
        want = _minimax(st)
        (p0, p1), (t0, t1) = _csim.rollout(*_args(st, WHOLE), 3)
        assert _outcome((p0, p1), (t0, t1)) == want
        assert p0 + p1 == 120
        (q0, q1), (u0, u1) = _csim.rollout(*_args(st, WHOLE))
        differ += _outcome((q0, q1), (u0, u1)) != want
    # the policy alone gets some of these endgames wrong: the test has teeth
    assert differ > 0


def test_exact_from_the_deal_starts_at_the_right_moment() -> None:
    """Depth 0 or -1 never solves (the seat to play always holds a card): the policy's game;
    depth 4 solves from the first play after the stock is empty, and changes some games."""
    same = 0
    for seed in range(60):
        st = fastsim.new_deal(seed)
        plain = _csim.rollout(*_args(st, WHOLE))
        assert _csim.rollout(*_args(st, WHOLE), 0) == plain
        assert _csim.rollout(*_args(st, WHOLE), -1) == plain
        exact = _csim.rollout(*_args(st, WHOLE), 4)
        assert sum(exact[0]) == 120
        same += exact == plain
    assert same < 60


def test_exact_rollout_repeats_and_nests() -> None:
    for seed in range(20):
        st = fastsim.new_deal(seed)
        a = _csim.rollout(*_args(st, WHOLE, nest=4, worlds=4, seed=seed + 1), 3)
        b = _csim.rollout(*_args(st, WHOLE, nest=4, worlds=4, seed=seed + 1), 3)
        assert a == b
        assert sum(a[0]) == 120
