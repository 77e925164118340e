"""Property tests (hypothesis) over random legal play of whole series."""

from __future__ import annotations

import json
import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from kozel_discord.engine import (
    Action,
    ActionKind,
    IllegalActionError,
    Series,
    from_snapshot,
    observe,
    to_snapshot,
)
from kozel_discord.engine.snapshot import _game_from_json

seeds = st.integers(min_value=0, max_value=2**32)


def _step(s: Series, rng: random.Random) -> None:
    turn = s.turn
    assert turn is not None
    others = [x for x in range(4) if x != turn and s.legal_actions(x)]
    seat = rng.choice(others) if others and rng.random() < 0.5 else turn
    s.apply(seat, rng.choice(s.legal_actions(seat)))


def _check(s: Series) -> None:
    g = s.game
    g.check_invariants()  # 36 cards once each; hands of equal size
    sizes = {len(h) for h in g.hands}
    if not g.plays:
        assert len(sizes) == 1


@settings(max_examples=25, deadline=None)
@given(seed=seeds, play_seed=seeds)
def test_whole_series_invariants(seed: int, play_seed: int) -> None:
    s = Series(seed)
    rng = random.Random(play_seed)
    while not s.over:
        _step(s, rng)
        _check(s)
    assert s.results
    for r in s.results:
        assert sum(r.card_points) == 120
        assert sorted(r.defeat_points)[0] == 0 and max(r.defeat_points) in (0, 2, 4, 6)
        assert r.eggs == (r.card_points == (60, 60))
    out = s.outcome()
    assert out is not None
    assert out.defeat_points == tuple(sum(r.defeat_points[t] for r in s.results) for t in (0, 1))
    assert max(out.defeat_points) >= 12
    assert to_snapshot(Series.replay(json.loads(json.dumps(s.record())))) == to_snapshot(s)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, play_seed=seeds, steps=st.integers(0, 120))
def test_snapshot_round_trip_is_exact(seed: int, play_seed: int, steps: int) -> None:
    s = Series(seed)
    rng = random.Random(play_seed)
    for _ in range(steps):
        if s.over:
            break
        _step(s, rng)
    data = json.loads(json.dumps(to_snapshot(s)))
    assert to_snapshot(from_snapshot(data)) == data


def _all_candidates(s: Series, seat: int) -> list[Action]:
    hand = s.game.hands[seat]
    out = []
    for n in range(1, len(hand) + 1):
        for combo in combinations(hand, n):
            for kind in ActionKind:
                out.append(Action(kind, combo))
    return out


@settings(max_examples=40, deadline=None)
@given(seed=seeds, play_seed=seeds, steps=st.integers(0, 150))
def test_legal_actions_are_exactly_the_accepted_actions(
    seed: int, play_seed: int, steps: int
) -> None:
    s = Series(seed)
    rng = random.Random(play_seed)
    for _ in range(steps):
        if s.over:
            return
        _step(s, rng)
    for seat in range(4):
        legal = set(s.legal_actions(seat))
        assert len(legal) == len(s.legal_actions(seat)), "no duplicates"
        accepted = set()
        for a in _all_candidates(s, seat):
            s.game._legal = None  # check the full validation, not the memo of legal_actions
            try:
                normalised = s.game.validate(seat, a)
            except IllegalActionError:
                continue
            accepted.add(normalised)
        assert accepted == legal
        # The memo gives the same answers as the full validation.
        s.legal_actions(seat)
        for a in legal:
            assert s.game.validate(seat, a) == a


def _hidden_swapped(s: Series, seat: int, rng: random.Random) -> Series:
    """The same position with every card hidden from ``seat`` moved around: the other
    seats' never-shown cards and the stock reshuffled among themselves (sizes kept)."""
    data = to_snapshot(s)
    g = data["game"]
    shown = {
        c for kind, _seat, cs, _n in g["log"] if kind in ("lead", "beat", "molodka") for c in cs
    }
    fixed = shown | {g["trump_card"]}
    others = [x for x in range(4) if x != seat]
    slots = [(x, i) for x in others for i, c in enumerate(g["hands"][x]) if c not in fixed]
    slots += [(-1, i) for i, c in enumerate(g["stock"]) if c not in fixed]

    def get(x: int, i: int) -> str:
        return str(g["stock"][i] if x < 0 else g["hands"][x][i])

    pool = [get(x, i) for x, i in slots]
    rng.shuffle(pool)
    for (x, i), c in zip(slots, pool, strict=True):
        if x < 0:
            g["stock"][i] = c
        else:
            g["hands"][x][i] = c
    copy = Series.__new__(Series)
    copy.seed, copy.number, copy.results = s.seed, s.number, list(s.results)
    copy.seeds, copy.target, copy._seed_source = list(s.seeds), s.target, s.seed_source
    copy.defeat_points, copy.eggs, copy.actions = list(s.defeat_points), s.eggs, list(s.actions)
    copy.game_starts = list(s.game_starts)
    copy.game = _game_from_json(g)
    for x in others:
        copy.game.hands[x].sort(key=lambda c: c.index)
    copy.game.check_invariants()
    return copy


@settings(max_examples=60, deadline=None)
@given(seed=seeds, play_seed=seeds, steps=st.integers(0, 80), seat=st.integers(0, 3))
def test_observe_ignores_other_seats_hidden_cards(
    seed: int, play_seed: int, steps: int, seat: int
) -> None:
    s = Series(seed)
    rng = random.Random(play_seed)
    for _ in range(steps):
        if s.over:
            return
        _step(s, rng)
    other = _hidden_swapped(s, seat, rng)
    assert observe(other, seat) == observe(s, seat)
    assert observe(other, None) == observe(s, None)
