"""The rule that scored a game (7.2-7.3) is the engine's, and the biggest trick of a game
counts only what everybody saw."""

from __future__ import annotations

import random

from kozel_discord.engine import (
    DEFEAT_POINTS,
    ActionKind,
    DefeatReason,
    Series,
    defeat_points_for,
    defeat_reason,
    score,
)


def test_each_rule_of_7_2_and_its_points() -> None:
    assert defeat_reason(0, 0) is DefeatReason.NO_TRICK and defeat_points_for(0, 0) == 6
    assert defeat_reason(30, 1) is DefeatReason.THIRTY_OR_FEWER and defeat_points_for(30, 1) == 4
    assert defeat_reason(31, 3) is DefeatReason.UNDER_SIXTY and defeat_points_for(59, 3) == 2
    assert DEFEAT_POINTS[DefeatReason.EGGS] == 0
    assert score((60, 60), (4, 5)) == ((0, 0), True)


def _played_series(seed: int) -> Series:
    series = Series(seed)
    rng = random.Random(seed)
    while not series.over:
        turn = series.turn
        assert turn is not None
        series.apply(turn, rng.choice(series.legal_actions(turn)))
    return series


def test_every_result_names_the_rule_that_gave_its_defeat_points() -> None:
    seen: set[DefeatReason] = set()
    for seed in range(6):
        for r in _played_series(seed).results:
            seen.add(r.reason)
            if r.eggs:
                assert r.reason is DefeatReason.EGGS and r.loser is None
                continue
            assert r.loser is not None
            assert r.defeat_points[r.loser] == DEFEAT_POINTS[r.reason]
            assert r.reason is defeat_reason(r.card_points[r.loser], r.tricks[r.loser])
    assert {DefeatReason.UNDER_SIXTY, DefeatReason.THIRTY_OR_FEWER} <= seen


def test_the_biggest_trick_counts_face_up_cards_and_replays_the_same() -> None:
    series = _played_series(3)
    for number, r in enumerate(series.results, start=1):
        best = r.best_trick
        assert best is not None and 0 <= best.points <= 120 and best.cards % 4 == 0
        # A replay of the stored record computes the same (the field is not stored).
        again = Series.replay(series.record()).results[number - 1]
        assert again.best_trick == best
    # Discards hide their faces: a trick made only of a lead and discards counts the lead.
    s = Series(3)
    turn = s.turn
    assert turn is not None
    lead = next(a for a in s.legal_actions(turn) if a.kind is ActionKind.LEAD)
    s.apply(turn, lead)
    for _ in range(3):
        seat = s.turn
        assert seat is not None
        discard = next((a for a in s.legal_actions(seat) if a.kind is ActionKind.DISCARD), None)
        if discard is None:
            return
        s.apply(seat, discard)
    from kozel_discord.engine.game import best_trick

    found = best_trick(s.game.log)
    assert found is not None and found.points == sum(c.points for c in lead.cards)
