"""Per-game seeds, the series target, game records, molodka claimants, public moves, teams."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozel_discord.engine import (
    CARDS,
    SEATS,
    SERIES_LENGTHS,
    SERIES_TARGET,
    Action,
    ActionKind,
    EngineError,
    EventKind,
    Game,
    Series,
    SnapshotError,
    derived_seeds,
    distinct_seeds,
    from_snapshot,
    observe,
    partner_of,
    public_action,
    replay_game,
    team_of,
    team_seats,
    to_snapshot,
)

from .helpers import play_randomly, series_with

seeds = st.integers(min_value=0, max_value=2**62)


class Source:
    """A seed source that remembers which games it was asked for."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.asked: list[int] = []

    def __call__(self, number: int) -> int:
        self.asked.append(number)
        return self.rng.getrandbits(62)


def _step(s: Series, rng: random.Random) -> None:
    turn = s.turn
    assert turn is not None
    others = [x for x in range(4) if x != turn and s.legal_actions(x)]
    seat = rng.choice(others) if others and rng.random() < 0.5 else turn
    s.apply(seat, rng.choice(s.legal_actions(seat)))


@settings(max_examples=20, deadline=None)
@given(source_seed=seeds, play_seed=seeds, target=st.sampled_from([6, 8, 10, 12]))
def test_per_game_seeds_replay_exactly(source_seed: int, play_seed: int, target: int) -> None:
    source = Source(random.Random(source_seed))
    s = Series(seed_source=source, target=target)
    play_randomly(s, random.Random(play_seed))
    assert len(s.seeds) == s.number == len(s.results)
    record = json.loads(json.dumps(s.record()))
    assert record["seeds"] == s.seeds and record["target"] == target and "seed" not in record
    again = Series.replay(record)
    assert to_snapshot(again) == to_snapshot(s)
    # Every game's own record replays alone to the same game.
    for n, result in enumerate(s.results, start=1):
        game = replay_game(json.loads(json.dumps(s.game_record(n))))
        assert game.result() == result


@settings(max_examples=25, deadline=None)
@given(source_seed=seeds, play_seed=seeds, steps=st.integers(0, 150))
def test_a_snapshot_with_its_seed_source_plays_on_exactly(
    source_seed: int, play_seed: int, steps: int
) -> None:
    s = Series(seed_source=Source(random.Random(source_seed)))
    rng = random.Random(play_seed)
    for _ in range(steps):
        if s.over:
            return
        _step(s, rng)
    data = json.loads(json.dumps(to_snapshot(s)))
    assert data["record"]["seeds"] == s.seeds  # the current game's seed, no later one
    # Both copies get the same later seeds: they stay identical move for move.
    later = random.Random(source_seed + 1)
    follow = [later.getrandbits(62) for _ in range(40)]
    s.seed_source = lambda n: follow[n]
    loaded = from_snapshot(data, seed_source=lambda n: follow[n])
    assert to_snapshot(loaded) == to_snapshot(s)
    rng2 = random.Random(play_seed + 1)
    while not s.over:
        turn = s.turn
        assert turn is not None
        a = rng2.choice(s.legal_actions(turn))
        s.apply(turn, a)
        loaded.apply(turn, a)
    assert to_snapshot(loaded) == to_snapshot(s)


def test_the_seed_source_is_asked_at_each_deal_only() -> None:
    source = Source(random.Random(1))
    s = Series(seed_source=source)
    assert source.asked == [1]
    rng = random.Random(2)
    while s.number == 1:
        _step(s, rng)
        if s.number == 1:
            assert source.asked == [1], "no seed of a later game before this one ends"
    assert source.asked == [1, 2] and s.seeds[1] != s.seeds[0]


def test_a_game_record_exists_only_once_the_game_is_finished() -> None:
    s = Series(seed_source=Source(random.Random(3)))
    with pytest.raises(ValueError, match="not finished"):
        s.game_record(1)
    rng = random.Random(3)
    while not s.results:
        _step(s, rng)
    rec = s.game_record(1)
    assert rec["seed"] == s.seeds[0] and rec["game"] == 1 and rec["first_action"] == 0
    assert str(s.seeds[1]) not in json.dumps(rec)  # the next game's seed is not in it
    with pytest.raises(ValueError):
        s.game_record(2)
    with pytest.raises(SnapshotError):
        replay_game({**rec, "actions": rec["actions"][:-1]})  # type: ignore[index]


def test_without_a_seed_source_the_last_move_of_a_game_is_refused_and_changes_nothing() -> None:
    s = Series(seed_source=Source(random.Random(4)))
    data = json.loads(json.dumps(to_snapshot(s)))
    loaded = from_snapshot(data)  # no source given: it cannot deal game 2
    assert loaded.seed_source is None
    rng = random.Random(4)
    while True:
        turn = loaded.turn
        assert turn is not None
        a = rng.choice(loaded.legal_actions(turn))
        if loaded.game.ends_with(turn, a):
            before = to_snapshot(loaded)
            with pytest.raises(EngineError, match="no seed source"):
                loaded.apply(turn, a)
            assert to_snapshot(loaded) == before
            return
        loaded.apply(turn, a)


def test_a_seeded_series_deals_every_game_from_its_seed_as_version_1_did() -> None:
    s = Series(77)
    play_randomly(s, random.Random(77))
    assert s.seeds == [77] * s.number and s.record()["seed"] == 77
    assert derived_seeds(77)(5) == 77
    assert to_snapshot(Series.replay(s.record())) == to_snapshot(s)


@given(seeds)
def test_a_fixed_seed_bot_deals_game_1_from_its_seed_and_each_game_from_its_own(seed: int) -> None:
    # With derived_seeds every game's revealed fair-deal key showed the same series seed.
    source = distinct_seeds(seed)
    got = [source(n) for n in range(1, 9)]
    assert got[0] == seed and len(set(got)) == len(got)
    assert all(0 <= x < 2**62 for x in got[1:])
    assert got == [distinct_seeds(seed)(n) for n in range(1, 9)]  # repeatable


def _as_version_1(data: dict[str, object]) -> dict[str, object]:
    record = data["record"]
    assert isinstance(record, dict)
    old = {"version": 1, "seed": record["seed"], "actions": record["actions"]}
    return {**data, "version": 1, "record": old}


def test_version_1_snapshots_and_records_still_load_and_play_on() -> None:
    s = Series(91)
    rng = random.Random(91)
    while s.number < 2:
        _step(s, rng)
    for _ in range(5):
        _step(s, rng)
    old = _as_version_1(json.loads(json.dumps(to_snapshot(s))))
    loaded = from_snapshot(old)
    assert to_snapshot(loaded) == to_snapshot(s)
    assert to_snapshot(Series.replay(old["record"])) == to_snapshot(s)  # type: ignore[arg-type]
    while not s.over:
        turn = s.turn
        assert turn is not None
        a = rng.choice(s.legal_actions(turn))
        s.apply(turn, a)
        loaded.apply(turn, a)
    assert to_snapshot(loaded) == to_snapshot(s)


def test_a_record_must_list_exactly_the_seeds_of_its_games() -> None:
    s = Series(seed_source=Source(random.Random(5)))
    play_randomly(s, random.Random(5))
    rec = s.record()
    seeds = rec["seeds"]
    assert isinstance(seeds, list)
    with pytest.raises(SnapshotError, match="no seed"):
        Series.replay({**rec, "seeds": seeds[:-1]})
    with pytest.raises(SnapshotError, match="seeds"):
        Series.replay({**rec, "seeds": [*seeds, 1]})
    with pytest.raises(SnapshotError, match="seeds"):
        Series.replay({**rec, "seeds": [True]})
    with pytest.raises(SnapshotError, match="target"):
        Series.replay({**rec, "target": 0})


# ---------------------------------------------------------------------- the series target
@pytest.mark.parametrize("target", [1, 6, 8, 10, 12, 20])
def test_the_series_ends_at_its_target(target: int) -> None:
    s = Series(target, target=target)
    play_randomly(s, random.Random(target))
    out = s.outcome()
    assert out is not None and max(out.defeat_points) >= target
    # One game earlier no team had reached it.
    last = s.results[-1].defeat_points
    assert max(a - b for a, b in zip(out.defeat_points, last, strict=True)) < target
    assert out.defeat_points[out.goats] >= target
    data = json.loads(json.dumps(to_snapshot(s)))
    assert data["record"]["target"] == target
    assert from_snapshot(data).target == target
    assert Series.replay(s.record()).target == target


def test_the_default_target_is_12_and_a_bad_target_is_refused() -> None:
    assert Series(1).target == 12
    for bad in (0, -3, True, 2.5, "12"):
        with pytest.raises((ValueError, TypeError)):
            Series(1, target=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Series()
    with pytest.raises(TypeError):
        Series(1, seed_source=derived_seeds(1))


def test_a_shorter_series_is_lost_sooner_on_the_same_deals() -> None:
    long, short = Series(8), Series(8, target=6)
    rng = random.Random(8)
    while not short.over:
        turn = long.turn
        assert turn is not None
        a = rng.choice(long.legal_actions(turn))
        long.apply(turn, a)
        short.apply(turn, a)
    assert max(short.defeat_points) >= 6
    assert long.over == (max(long.defeat_points) >= 12)


@pytest.mark.parametrize("target", SERIES_LENGTHS)
def test_every_seat_and_the_public_see_the_series_length(target: int) -> None:
    s = Series(3, target=target)
    assert {observe(s, seat).target for seat in (None, 0, 1, 2, 3)} == {target}
    play_randomly(s, random.Random(3))
    assert observe(s, None).target == target
    assert from_snapshot(to_snapshot(s)).target == target


def test_the_offered_lengths_end_with_the_rule_books() -> None:
    assert SERIES_LENGTHS == (6, 8, 10, 12) and SERIES_LENGTHS[-1] == SERIES_TARGET


# ---------------------------------------------------------------------- teams
def test_teams_and_partners() -> None:
    assert [team_of(s) for s in range(SEATS)] == [0, 1, 0, 1]
    assert [partner_of(s) for s in range(SEATS)] == [2, 3, 0, 1]
    assert team_seats(0) == (0, 2) and team_seats(1) == (1, 3)
    for s in range(SEATS):
        assert team_of(partner_of(s)) == team_of(s) != team_of((s + 1) % SEATS)
        assert s in team_seats(team_of(s)) and partner_of(s) in team_seats(team_of(s))


@settings(max_examples=20, deadline=None)
@given(seed=seeds, play_seed=seeds)
def test_every_trick_goes_to_the_takers_team(seed: int, play_seed: int) -> None:
    s = Series(seed)
    rng = random.Random(play_seed)
    number = s.number
    while not s.over and s.number == number:
        piles = [len(p) for p in s.game.piles]
        tricks = list(s.game.tricks)
        log = len(s.game.log)
        _step(s, rng)
        if s.number != number:
            break
        for e in s.game.log[log:]:
            if e.kind is EventKind.TAKE:
                team = team_of(e.seat)
                assert len(s.game.piles[team]) == piles[team] + e.size
                assert s.game.tricks[team] == tricks[team] + 1
                assert len(s.game.piles[1 - team]) == piles[1 - team]


# ---------------------------------------------------------------------- molodka claimants
@st.composite
def molodka_positions(draw: st.DrawFn) -> tuple[Game, int]:
    """A fresh trick where some seats hold a molodka (each of its own suit)."""
    rng = random.Random(draw(seeds))
    holders = draw(st.lists(st.integers(0, 3), unique=True, max_size=4))
    suits = rng.sample(range(4), 4)
    hands: list[list[object]] = [[] for _ in range(4)]
    rest = list(CARDS)
    for i, seat in enumerate(holders):
        of_suit = [c for c in rest if c.suit == suits[i]]
        hands[seat] = rng.sample(of_suit, 4)
        rest = [c for c in rest if c not in hands[seat]]
    rng.shuffle(rest)
    for seat in range(4):
        while len(hands[seat]) < 4:
            hands[seat].append(rest.pop())
    stock = rest[:8]
    game = Game.from_parts(
        dealer=3,
        first_leader=draw(st.integers(0, 3)),
        hands=hands,  # type: ignore[arg-type]
        stock=stock,
        trump_card=stock[3],
        piles=[rest[8:], []],
    )
    return game, draw(seeds)


@settings(max_examples=80, deadline=None)
@given(position=molodka_positions())
def test_molodka_claimants_are_the_seats_with_a_legal_molodka_in_priority_order(
    position: tuple[Game, int],
) -> None:
    game, play_seed = position
    s = series_with(game)
    rng = random.Random(play_seed)
    for _ in range(12):
        if s.over or s.game.over:
            return
        claimants = s.molodka_claimants()
        legal = [
            seat
            for seat in range(4)
            if any(a.kind is ActionKind.MOLODKA for a in s.legal_actions(seat))
        ]
        opener = s.game.opener
        assert sorted(claimants) == legal
        assert claimants == sorted(claimants, key=lambda x: (x - opener) % 4)
        movers = [x for x in range(4) if s.legal_actions(x)]
        seat = rng.choice(movers)
        s.apply(seat, rng.choice(s.legal_actions(seat)))


# ---------------------------------------------------------------------- public moves
@settings(max_examples=20, deadline=None)
@given(seed=seeds, play_seed=seeds, steps=st.integers(0, 200))
def test_public_action_never_shows_a_discards_face(seed: int, play_seed: int, steps: int) -> None:
    s = Series(seed)
    rng = random.Random(play_seed)
    for _ in range(steps):
        if s.over:
            return
        for seat in range(4):
            for a in s.legal_actions(seat):
                shown = public_action(a)
                if a.kind is ActionKind.DISCARD:
                    assert shown == Action(ActionKind.DISCARD, ())
                else:
                    assert shown == a
        _step(s, rng)
        # The channel's view of the trick agrees: no face of a discard.
        for p in observe(s, None).trick:
            assert p.face_up or p.cards == ()
