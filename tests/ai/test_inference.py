"""Inference from the opponents' discards (benchmarks/inference.py, the ``infer``
candidate): the clues come from the seat's observation and concern its opponents only; the
closed form of a single card on top equals trying every split of the hand; a world in
which no clue's seat could have beaten weighs 1, one in which it surely could weighs less."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from itertools import combinations

from benchmarks import inference
from kozel_discord.ai.heuristic import heuristic_action
from kozel_discord.ai.intcards import SUIT
from kozel_discord.ai.knowledge import read, sample
from kozel_discord.ai.policy import all_beats
from kozel_discord.engine import Observation, Series, observe, team_of


def _positions(seeds: range) -> Iterator[Observation]:
    """Observations of every seat after every move of heuristic series."""
    for seed in seeds:
        series = Series(seed)
        for _ in range(120):
            if series.over:
                break
            seat = series.turn
            assert seat is not None
            series.apply(seat, heuristic_action(observe(series, seat)))
            yield from (observe(series, me) for me in range(4))


def test_clues_split_shares_and_weights() -> None:
    rng = random.Random(4)
    checked = surely = free = 0
    for obs in _positions(range(6)):
        kn = read(obs)
        clues = inference.clues(obs, kn)
        assert all(team_of(c.seat) != team_of(kn.me) for c in clues)
        for _ in range(2):
            world = sample(kn, rng)
            assert len(world.slot_cards) == len(kn.slots)
            could = False
            for c in clues:
                before = list(c.before) + [world.slot_cards[j] for j in c.slots_before]
                later = list(world.hands[c.seat]) + list(c.after)
                later += [world.slot_cards[j] for j in c.slots_after]
                need = c.held - len(before)
                assert 0 <= need <= len(later)  # the hand then fits the world
                shares = inference._beat_shares(c, world, kn.trump)
                if len(c.top) == 1:
                    exact = inference.enumerate_shares(before, later, need, c.top, kn.trump)
                    assert abs(shares[0] - exact[0]) < 1e-9
                    assert abs(shares[1] - exact[1]) < 1e-9
                    checked += 1
                could |= bool(all_beats(before + later, c.top, kn.trump))
                if all_beats(before, c.top, kn.trump):
                    surely += 1
                    assert inference.weight([c], world, kn.trump) < 1.0
            if not could:
                free += 1
                assert inference.weight(clues, world, kn.trump) == 1.0
    assert checked > 5000 and surely > 500 and free > 1000  # every branch was exercised


def test_lead_clues_kept_more_and_weights() -> None:
    rng = random.Random(5)
    seen_lead = kept = whole = 0
    half = dict.fromkeys(itertools.product((False, True), (1, 2, 3), (False, True)), 0.5)
    for obs in _positions(range(6)):
        kn = read(obs)
        clues = inference.lead_clues(obs, kn)
        assert all(c.seat != kn.me and 1 <= c.cards <= c.held for c in clues)
        seen_lead += bool(clues)
        for _ in range(2):
            world = sample(kn, rng)
            for c in clues:
                before = list(c.before) + [world.slot_cards[j] for j in c.slots_before]
                later = list(world.hands[c.seat]) + list(c.after)
                later += [world.slot_cards[j] for j in c.slots_after]
                need = c.held - c.cards - len(before)
                assert 0 <= need <= len(later)  # the hand then fits the world
                # every split of the cards it held then from those it drew since
                splits = [before + list(p) for p in combinations(later, need)]
                more = sum(any(SUIT[x] == c.suit for x in h) for h in splits) / len(splits)
                p = inference.kept_more(c, world)
                assert abs(p - more) < 1e-9
                if p == 0.0:
                    whole += 1
                    assert inference.lead_weight([c], world, kn.trump) == 1.0
                else:
                    kept += 1
                    half = dict.fromkeys(
                        itertools.product((False, True), (1, 2, 3), (False, True)), 0.5
                    )
                    w = inference.lead_weight([c], world, kn.trump, half)
                    assert abs(w - (1.0 - 0.5 * p)) < 1e-9
    assert seen_lead > 50 and kept > 20 and whole > 20


def test_trump_clues_and_weights() -> None:
    rng = random.Random(6)
    clues_seen = plain = 0
    for obs in _positions(range(8)):
        kn = read(obs)
        clues = inference.trump_clues(obs, kn)
        for c in clues:
            assert c.seat != kn.me and len(c.top) == 1 and SUIT[c.top[0]] != kn.trump
        clues_seen += len(clues)
        world = sample(kn, rng)
        for c in clues:
            before = list(c.before) + [world.slot_cards[j] for j in c.slots_before]
            later = list(world.hands[c.seat]) + list(c.after)
            later += [world.slot_cards[j] for j in c.slots_after]
            need = c.held - len(before)
            assert 0 <= need <= len(later)
            # the share of the hands it may have kept beside its trump that held a plain beat
            splits = [before + list(p) for p in combinations(later, need)]
            beat = inference.BEATERS[kn.trump][c.top[0]] & ~inference.SUIT_MASK[kn.trump]
            p = sum(any(beat >> x & 1 for x in h) for h in splits) / len(splits)
            ratio = inference.TRUMPED_RATIO[c.stock_empty]
            assert abs(inference.trump_weight([c], world, kn.trump) - (1 - p + p * ratio)) < 1e-9
            plain += p > 0
    assert clues_seen > 20 and plain > 5
