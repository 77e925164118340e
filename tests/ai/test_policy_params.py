"""A policy's numbers (``policy.Params``): the switches that the tuned rollouts of
benchmarks/candidates.py turn on do what they say (the defaults play as the heuristic:
tests/ai/test_heuristic.py)."""

from __future__ import annotations

import pytest

from kozel_discord.ai.policy import Params, Policy

from .test_lead_whole import HEARTS, ints, unseen_for


@pytest.mark.parametrize(("stock", "beats"), [(12, False), (0, True)])
def test_cheap_keep_no_trump_for_a_cheap_single_while_the_stock_lasts(
    stock: int, beats: bool
) -> None:
    """Second to play against an opponent's lone 7♠: with ``cheap_keep`` the 7♥ trump
    stays in the hand while cards are still drawn; once the stock is gone it beats."""
    hand = ints("7h 9c Jd Kd")
    top = tuple(ints("7s"))
    unseen = unseen_for(hand + list(top))
    args = (hand, 1, HEARTS, top, 0, 1, 0, stock, unseen)
    plain = Policy(Params(tempo=50.0))  # a generous tempo: it would trump the 7♠ either way
    keeping = Policy(Params(tempo=50.0, cheap_keep=0.6))
    assert plain.follow(*args) == (True, tuple(ints("7h")))
    is_beat, cards = keeping.follow(*args)
    assert is_beat is beats
    assert cards == (tuple(ints("7h")) if beats else (ints("Kd")[0],))  # or a point to the partner


@pytest.mark.parametrize(("trick_pts", "beats"), [(0, False), (3, True)])
def test_last_trump_min_the_last_player_lets_a_worthless_trick_go(
    trick_pts: int, beats: bool
) -> None:
    hand = ints("6h 9c Jd 8d")
    top = tuple(ints("8s"))
    unseen = unseen_for(hand + list(top))
    last = Policy(Params(last_trump_min=0.6))
    is_beat, cards = last.follow(hand, 3, HEARTS, top, 0, 3, trick_pts, 12, unseen)
    assert is_beat is beats
    assert cards == (tuple(ints("6h")) if beats else tuple(ints("8d")))
