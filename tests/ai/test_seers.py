"""The measuring candidates that see hidden cards (benchmarks/candidates.py: ``oracle``,
``seer``, ``seer_partner``, ``seer_foes``; never levels) search exactly what they are said
to know: the true cards they know, the rest dealt again with every count kept."""

from __future__ import annotations

import random
from collections import Counter

from benchmarks import candidates
from kozel_discord.ai.heuristic import heuristic_action
from kozel_discord.ai.intcards import to_ints
from kozel_discord.ai.knowledge import read, sample
from kozel_discord.engine import Series, observe


def _midgame(seed: int, moves: int) -> Series:
    series = Series(seed)
    for _ in range(moves):
        seat = series.turn
        assert seat is not None
        series.apply(seat, heuristic_action(observe(series, seat)))
    return series


def test_seers_search_what_they_know_and_deal_the_rest_again() -> None:
    rng = random.Random(3)
    for seed, moves in ((1, 5), (2, 9), (3, 14)):
        series = _midgame(seed, moves)
        game = series.game
        hands = [list(to_ints(h)) for h in game.hands]
        stock = list(to_ints(game.stock))
        tc = game.trump_card.index
        me = series.turn
        assert me is not None
        obs = observe(series, me)
        kn = read(obs)
        turn, top = obs.turn if obs.turn is not None else me, to_ints(obs.top)
        roots = {}
        for level in ("oracle", "seer", "seer_partner", "seer_foes"):
            player = candidates.player(level, seed=0)
            player.game = game  # type: ignore[attr-defined]  # as ai_tournament.py hands it
            roots[level] = player._root(sample(kn, rng), kn, obs, turn, top)  # type: ignore[attr-defined]
        assert roots["oracle"].hands == hands and roots["oracle"].stock == stock
        known = {
            "seer": {0, 1, 2, 3},
            "seer_partner": {me, me ^ 2},
            "seer_foes": {me, me ^ 1, me ^ 3},
        }
        for level, seats in known.items():
            st = roots[level]
            if tc in stock:  # the shown card stays where it was, until someone draws it
                assert st.stock.index(tc) == stock.index(tc)
            for s in range(4):
                assert len(st.hands[s]) == len(hands[s])
                if s in seats:
                    assert sorted(st.hands[s]) == sorted(hands[s])
            rest = [c for s in range(4) if s not in seats for c in st.hands[s]] + st.stock
            truth = [c for s in range(4) if s not in seats for c in hands[s]] + stock
            assert Counter(rest) == Counter(truth)
