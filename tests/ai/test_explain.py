"""The one-line reason of a hint: it follows from the seat's observation and the move."""

from __future__ import annotations

import random

import pytest

from kozel_discord.ai import Why, explain
from kozel_discord.engine import HAND_SIZE, SEATS, ActionKind, Series, observe, partner_of

KINDS = {
    ActionKind.LEAD: {Why.LEAD_CHEAP, Why.LEAD_STRONG, Why.LEAD_SUIT, Why.LEAD_TRUMPS, Why.MOLODKA},
    ActionKind.BEAT: {
        Why.TAKES,
        Why.TAKES_TRUMP,
        Why.ON_TOP,
        Why.ON_TOP_TRUMP,
        Why.ON_TOP_WITH_TRUMP,
    },
    ActionKind.DISCARD: {Why.FEED, Why.CHEAP_DISCARD, Why.KEEP_DISCARD},
    ActionKind.MOLODKA: {Why.MOLODKA},
}


def test_every_legal_move_of_random_games_gets_a_fitting_reason() -> None:
    seen: set[Why] = set()
    for seed in range(6):
        seen |= _reasons_of_a_random_series(seed)
    assert {Why.CHEAP_DISCARD, Why.KEEP_DISCARD, Why.ON_TOP_TRUMP, Why.FEED} <= seen
    assert len(seen) >= 8


def _reasons_of_a_random_series(seed: int) -> set[Why]:
    rng = random.Random(seed)
    s = Series(seed, target=6)
    seen: set[Why] = set()
    while not s.over:
        turn = s.turn
        assert turn is not None
        obs = observe(s, turn)
        for action in obs.legal_actions:
            reason = explain(obs, action)
            seen.add(reason.why)
            assert reason.why in KINDS[action.kind]
            assert reason.count == len(action.cards)
            own = sum(c.points for c in action.cards)
            if reason.why in (Why.TAKES, Why.TAKES_TRUMP):
                assert len(obs.trick) == SEATS - 1 and reason.points >= own
            if reason.why is Why.FEED:
                assert obs.top_seat == partner_of(turn) and reason.points == own > 0
            if action.kind is ActionKind.LEAD and len(action.cards) == HAND_SIZE:
                assert reason.why is Why.MOLODKA
            # "the fewest you can" and "nothing plain beats it" are true of the position
            discards = [a for a in obs.legal_actions if a.kind is ActionKind.DISCARD]
            fewest = min((sum(c.points for c in a.cards) for a in discards), default=0)
            if reason.why is Why.CHEAP_DISCARD:
                assert own == fewest
            if reason.why is Why.KEEP_DISCARD:
                assert own > fewest
            beats = [a for a in obs.legal_actions if a.kind is ActionKind.BEAT]
            plain = [a for a in beats if explain(obs, a).why is Why.ON_TOP]
            if reason.why is Why.ON_TOP_TRUMP:
                assert not plain
            if reason.why is Why.ON_TOP_WITH_TRUMP:
                assert plain
        s.apply(turn, rng.choice(obs.legal_actions))
    return seen


def test_a_reason_needs_a_seats_view() -> None:
    s = Series(1)
    obs = observe(s, None)
    turn = s.turn
    assert turn is not None
    with pytest.raises(ValueError):
        explain(obs, observe(s, turn).legal_actions[0])
