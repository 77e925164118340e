"""Replays of a finished game (engine.replay): one public step per trick, the same tricks
as the game's own end, face-up card points only, and never a discard's face."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from kozel_discord.engine import (
    Action,
    ActionKind,
    Card,
    Event,
    Observation,
    Series,
    SnapshotError,
    observe,
    observe_game_end,
)
from kozel_discord.engine.replay import GameReplay, replay_steps

from .helpers import first_game_played, play_randomly


def _series(seed: int) -> Series:
    s = Series(seed)
    play_randomly(s, random.Random(seed))
    return s


def _games() -> Iterator[tuple[Series, int]]:
    for seed in (3, 11, 2026):
        s = _series(seed)
        for n in range(1, len(s.results) + 1):
            yield s, n


def _hidden_discards(record: dict[str, Any]) -> set[Card]:
    """Cards discarded face down in the game and never played face up in it."""
    discarded: set[Card] = set()
    face_up: set[Card] = set()
    for _seat, encoded in record["actions"]:
        action = Action.decode(encoded)
        (discarded if action.kind is ActionKind.DISCARD else face_up).update(action.cards)
    return discarded - face_up


def _cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from an observation's fields (tuples, events, plays)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _cards_in(v)
    elif isinstance(value, Event):
        yield from _cards_in(value.cards)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _cards_in(getattr(value, f.name))


def test_every_trick_is_a_step_with_the_public_view_after_it() -> None:
    checked = 0
    for s, n in _games():
        record = s.game_record(n)
        replay = replay_steps(record)
        result = s.results[n - 1]
        assert isinstance(replay, GameReplay) and replay.number == n
        assert replay.result.card_points == result.card_points
        assert replay.result.defeat_points == result.defeat_points
        assert replay.tricks == sum(result.tricks)
        assert [st.number for st in replay.steps] == list(range(1, replay.tricks + 1))
        final = replay.steps[-1].observation
        for i, st in enumerate(replay.steps):
            obs = st.observation
            assert obs.seat is None and obs.hand == () and obs.my_discards == ()
            assert obs.legal_actions == () and obs.trick == ()  # between two tricks
            assert obs.taken[-1] == st.trick == final.taken[i]
            assert sum(obs.tricks) == st.number and obs.game_number == n
            assert st.leader == st.trick.plays[0].seat and st.taker == st.trick.taker
        assert final.turn is None and final.hand_sizes == (0, 0, 0, 0) and final.stock_size == 0
        assert replay.steps[-1].taker == result.last_trick_taker
        checked += 1
    assert checked >= 10


def test_the_steps_end_where_the_game_ended() -> None:
    """The last step shows the tricks the table showed at the game's end (observe_game_end)."""
    s = first_game_played(7)
    end = observe_game_end(s, None)
    assert end is not None
    last = replay_steps(s.game_record(1)).steps[-1].observation
    assert last.taken == end.taken and last.trump_card == end.trump_card
    assert last.dealer == end.dealer and last.tricks == end.tricks


def test_face_up_points_count_only_face_up_cards_and_the_result_counts_all() -> None:
    for s, n in _games():
        replay = replay_steps(s.game_record(n))
        running = [0, 0]
        for st in replay.steps:
            team = st.taker & 1
            running[team] += sum(c.points for p in st.trick.plays if p.face_up for c in p.cards)
            assert st.face_up_points == (running[0], running[1])
            assert st.trick_face_up_points == sum(
                c.points for p in st.trick.plays if p.face_up for c in p.cards
            )
        total = replay.steps[-1].face_up_points
        assert total[0] <= replay.result.card_points[0]
        assert total[1] <= replay.result.card_points[1]


def test_no_step_holds_the_face_of_a_hidden_discard() -> None:
    games_with_discards = 0
    for s, n in _games():
        record = s.game_record(n)
        hidden = _hidden_discards(record)
        replay = replay_steps(record)
        if hidden:
            games_with_discards += 1
        for st in replay.steps:
            obs: Observation = st.observation
            shown = set(_cards_in(obs)) - {obs.trump_card}  # the shown trump card is public
            assert not shown & hidden, (n, st.number, shown & hidden)
            assert not set(_cards_in(st.trick)) & hidden
            for p in st.trick.plays:
                if p.kind is ActionKind.DISCARD:
                    assert p.cards == () and p.count >= 1
    assert games_with_discards >= 5


def test_the_series_totals_before_the_game_are_shown_and_nothing_else_of_it() -> None:
    s = _series(5)
    replay = replay_steps(s.game_record(2), defeat_points=(4, 2), eggs=1)
    for st in replay.steps:
        assert st.observation.defeat_points == (4, 2) and st.observation.eggs == 1
        assert st.observation.results == () and not st.observation.series_over


def test_a_record_that_does_not_replay_is_refused() -> None:
    s = _series(9)
    record = s.game_record(1)
    broken = dict(record, actions=record["actions"][:-1])  # type: ignore[index]
    with pytest.raises(SnapshotError):
        replay_steps(broken)
    with pytest.raises(SnapshotError):
        replay_steps({"version": 99})


def test_public_observe_is_what_the_steps_show() -> None:
    """A step's observation is ``observe(series, None)`` of the game at that moment."""
    s = Series(13)
    rng = random.Random(13)
    seen: list[Observation] = []
    tricks = 0
    while not s.results:
        turn = s.turn
        assert turn is not None
        s.apply(turn, rng.choice(s.legal_actions(turn)))
        if not s.results and sum(s.game.tricks) > tricks:
            tricks = sum(s.game.tricks)
            seen.append(observe(s, None))
    steps = replay_steps(s.game_record(1)).steps
    assert [st.observation for st in steps[: len(seen)]] == seen
