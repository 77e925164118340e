"""Inference from the opponents' discards, for the ``infer`` candidate (``candidates.py``).

A player may discard even when able to beat (docs/rules.md 4.2), so a discard proves
nothing; but the strong player seldom lets a rich trick go when it holds a beat.
:func:`clues` reads every discard of an opponent in this game from the seat's
observation; :func:`weight` is then the likelihood of those discards in a sampled world.
For each clue it bounds the discarder's hand at that moment: the cards it laid after the
discard and before its next draw were in it (their faces from the log, or under its
face-down discards in the world's ``slot_cards``); of the cards it held or laid after that
draw, as many as the hand then still had room for, every choice equally likely (the rest
were drawn). Where that hand could beat, the discard counts by the measured share of such
situations in which the strong player discarded all the same (:data:`DISCARD_SHARE`), a
beat without a trump and a beat only with one apart; else 1. The search weights each
world's values by the product. The log is replayed, and each clue's hand bounded, by
``inference_replay.py``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from inference_replay import hand_bounds, moments, seat_draws  # benchmarks/

from kozel_discord.ai.intcards import BEATERS, SUIT, SUIT_MASK
from kozel_discord.ai.knowledge import Knowledge, World
from kozel_discord.ai.policy import all_beats
from kozel_discord.engine import EventKind, Observation, team_of


def points_band(pts: int) -> int:
    """The face-up points of the trick so far, in four bands."""
    return 0 if pts < 4 else 1 if pts < 10 else 2 if pts < 20 else 3


# P(the strong player discards | it could beat), by (its partner on top, a beat without a
# trump exists, points band, stock empty, more than one card on top): measured from 11,537
# decisions of strong-vs-strong play (``agreement.py``'s recording, 900 s, seed 11), each
# share smoothed toward the band below (10 decisions' worth) and kept at 0.03 or more.
DISCARD_SHARE: dict[tuple[bool, bool, int, bool, bool], float] = {
    (False, True, 0, False, False): 0.269,
    (False, True, 1, False, False): 0.182,
    (False, True, 2, False, False): 0.079,
    (False, True, 3, False, False): 0.079,
    (False, True, 0, False, True): 0.049,
    (False, True, 1, False, True): 0.033,
    (False, True, 2, False, True): 0.03,
    (False, True, 3, False, True): 0.03,
    (False, True, 0, True, False): 0.177,
    (False, True, 1, True, False): 0.047,
    (False, True, 2, True, False): 0.064,
    (False, True, 3, True, False): 0.064,
    (False, True, 0, True, True): 0.045,
    (False, True, 1, True, True): 0.045,
    (False, True, 2, True, True): 0.045,
    (False, True, 3, True, True): 0.045,
    (False, False, 0, False, False): 0.638,
    (False, False, 1, False, False): 0.465,
    (False, False, 2, False, False): 0.189,
    (False, False, 3, False, False): 0.111,
    (False, False, 0, False, True): 0.184,
    (False, False, 1, False, True): 0.096,
    (False, False, 2, False, True): 0.03,
    (False, False, 3, False, True): 0.03,
    (False, False, 0, True, False): 0.392,
    (False, False, 1, True, False): 0.248,
    (False, False, 2, True, False): 0.079,
    (False, False, 3, True, False): 0.036,
    (False, False, 0, True, True): 0.044,
    (False, False, 1, True, True): 0.04,
    (False, False, 2, True, True): 0.03,
    (False, False, 3, True, True): 0.03,
    (True, True, 0, False, False): 0.523,
    (True, True, 1, False, False): 0.769,
    (True, True, 2, False, False): 0.835,
    (True, True, 3, False, False): 0.835,
    (True, True, 0, False, True): 0.592,
    (True, True, 1, False, True): 0.66,
    (True, True, 2, False, True): 0.66,
    (True, True, 3, False, True): 0.66,
    (True, True, 0, True, False): 0.488,
    (True, True, 1, True, False): 0.537,
    (True, True, 2, True, False): 0.669,
    (True, True, 3, True, False): 0.669,
    (True, True, 0, True, True): 0.5,
    (True, True, 1, True, True): 0.5,
    (True, True, 2, True, True): 0.5,
    (True, True, 3, True, True): 0.5,
    (True, False, 0, False, False): 0.777,
    (True, False, 1, False, False): 0.75,
    (True, False, 2, False, False): 0.756,
    (True, False, 3, False, False): 0.778,
    (True, False, 0, False, True): 0.794,
    (True, False, 1, False, True): 0.828,
    (True, False, 2, False, True): 0.791,
    (True, False, 3, False, True): 0.814,
    (True, False, 0, True, False): 0.644,
    (True, False, 1, True, False): 0.646,
    (True, False, 2, True, False): 0.588,
    (True, False, 3, True, False): 0.656,
    (True, False, 0, True, True): 0.387,
    (True, False, 1, True, True): 0.514,
    (True, False, 2, True, True): 0.55,
    (True, False, 3, True, True): 0.656,
}


@dataclass(frozen=True, slots=True)
class Clue:
    seat: int
    top: tuple[int, ...]  # the cards it did not beat
    partner_on_top: bool
    band: int
    stock_empty: bool
    held: int  # its hand size at the discard
    before: tuple[int, ...]  # face-up cards it laid after the discard, before its next draw
    after: tuple[int, ...]  # face-up cards it laid after that draw
    slots_before: tuple[int, ...]  # indices into kn.slots of its face-down discards then
    slots_after: tuple[int, ...]


_Found = tuple[int, int, tuple[int, ...], bool, int, bool, int]


def _walk(obs: Observation, me: int) -> list[_Found]:
    """The opponents' discards (seat, log index, top, partner on top, band, stock empty,
    hand size)."""
    found: list[_Found] = []
    for m in moments(obs):
        e = m.event
        if e.kind is EventKind.DISCARD and team_of(e.seat) != team_of(me) and m.top:
            same = team_of(m.top_seat) == team_of(e.seat)
            found.append((e.seat, m.t, m.top, same, points_band(m.pts), m.stock == 0, m.size))
        elif e.kind is EventKind.RETURN:
            found.clear()  # cards went back to hands: the hands then are not rebuilt
    return found


def clues(obs: Observation, kn: Knowledge) -> list[Clue]:
    """The opponents' discards whose hands then a sampled world bounds."""
    found, draws = _walk(obs, kn.me), seat_draws(obs)
    return [
        Clue(seat, top, same, band, empty, held, *hand_bounds(obs, kn, seat, since, draws))
        for seat, since, top, same, band, empty, held in found
    ]


_MAX_SPLITS = 70  # more ways to split a hand than this: the clue is left out


def _choose(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


def _beat_shares(c: Clue, world: World, trump: int) -> tuple[float, float]:
    """(P(a beat without a trump was in hand), P(only a trump beat was)) at the discard,
    every way of telling the cards it held then from those it drew since equally likely."""
    before = list(c.before) + [world.slot_cards[j] for j in c.slots_before]
    later = list(world.hands[c.seat]) + list(c.after) + [world.slot_cards[j] for j in c.slots_after]
    need = c.held - len(before)
    if need < 0 or need > len(later):
        return 0.0, 0.0  # the world does not fit the counts: no clue
    if len(c.top) == 1:
        bt = BEATERS[trump][c.top[0]]
        tm = SUIT_MASK[trump]
        pm = bt & ~tm
        if any(pm >> x & 1 for x in before):
            return 1.0, 0.0
        m = len(later)
        total = _choose(m, need)
        p_l = sum(1 for x in later if pm >> x & 1)
        t_l = sum(1 for x in later if (bt & tm) >> x & 1)
        no_plain = _choose(m - p_l, need) / total
        if any(bt >> x & 1 for x in before):
            return 1.0 - no_plain, no_plain
        none = _choose(m - p_l - t_l, need) / total
        return 1.0 - no_plain, no_plain - none
    if _choose(len(later), need) > _MAX_SPLITS:
        return 0.0, 0.0
    return enumerate_shares(before, later, need, c.top, trump)


def beat_kinds(hand: list[int], top: tuple[int, ...], trump: int) -> tuple[bool, bool]:
    """(whether ``hand`` can beat ``top``, whether it can without a trump)."""
    beats = all_beats(hand, top, trump)
    return bool(beats), any(all(SUIT[x] != trump for x in b) for b in beats)


def enumerate_shares(
    before: list[int], later: list[int], need: int, top: tuple[int, ...], trump: int
) -> tuple[float, float]:
    """:func:`_beat_shares` by trying every split (any number of cards on top)."""
    plain = trump_only = n = 0
    for pick in combinations(later, need):
        n += 1
        can, without_trump = beat_kinds(before + list(pick), top, trump)
        plain += without_trump
        trump_only += can and not without_trump
    return plain / n, trump_only / n


def weight(cl: list[Clue], world: World, trump: int) -> float:
    """The likelihood of the clues' discards in ``world``."""
    w = 1.0
    for c in cl:
        p_plain, p_trump = _beat_shares(c, world, trump)
        if p_plain or p_trump:
            multi = len(c.top) > 1
            sp = DISCARD_SHARE[(c.partner_on_top, True, c.band, c.stock_empty, multi)]
            st = DISCARD_SHARE[(c.partner_on_top, False, c.band, c.stock_empty, multi)]
            w *= 1.0 - p_plain - p_trump + p_plain * sp + p_trump * st
    return w


# Inference from every other seat's leads (the ``leads`` candidate). The strong player
# mostly leads all its cards of a suit (docs/expert-level.md: agreement.py), so a lead of
# k cards of a suit makes the worlds in which the leader kept more of that suit less likely.


@dataclass(frozen=True, slots=True)
class LeadClue:
    seat: int
    suit: int
    cards: int  # how many cards it led
    stock_empty: bool
    held: int  # its hand size at the lead, the lead included
    before: tuple[int, ...]  # as in Clue: face-up cards laid after the lead, before a draw
    after: tuple[int, ...]
    slots_before: tuple[int, ...]
    slots_after: tuple[int, ...]


def lead_clues(obs: Observation, kn: Knowledge) -> list[LeadClue]:
    """The other seats' one-suit leads in this game whose hands then a world bounds."""
    found: list[tuple[int, int, int, int, bool, int]] = []
    for m in moments(obs):
        e = m.event
        suits = {SUIT[c.index] for c in e.cards}
        if e.kind is EventKind.LEAD and e.seat != kn.me and len(suits) == 1:
            found.append((e.seat, m.t, suits.pop(), len(e.cards), m.stock == 0, m.size))
        elif e.kind is EventKind.RETURN:
            found.clear()  # cards went back to hands: the hands then are not rebuilt
    draws = seat_draws(obs)
    return [
        LeadClue(seat, suit, n, empty, held, *hand_bounds(obs, kn, seat, since, draws))
        for seat, since, suit, n, empty, held in found
    ]


def kept_more(c: LeadClue, world: World) -> float:
    """P(the leader kept more cards of the led suit than it led), every way of telling the
    cards it held then from those it drew since equally likely."""
    before = list(c.before) + [world.slot_cards[j] for j in c.slots_before]
    if any(SUIT[x] == c.suit for x in before):
        return 1.0
    later = list(world.hands[c.seat]) + list(c.after)
    later += [world.slot_cards[j] for j in c.slots_after]
    need = c.held - c.cards - len(before)
    if need <= 0 or need > len(later):
        return 0.0
    m = len(later)
    s = sum(1 for x in later if SUIT[x] == c.suit)
    return 1.0 - _choose(m - s, need) / _choose(m, need)


# How much less likely a lead of k cards of a suit is when the leader holds more of it than
# when those are all it holds, by (trump suit, k, stock empty): benchmarks/lead_shares.py.
LeadKey = tuple[bool, int, bool]  # trump suit, cards led (3: 3 or more), stock empty
# Measured from 4,668 decisions of strong-vs-strong play (lead_shares.py, 420 s, seed 21).
LEAD_RATIO: dict[LeadKey, float] = {
    (False, 1, False): 1.275,
    (False, 1, True): 0.761,
    (False, 2, False): 0.152,
    (False, 2, True): 0.2,
    (False, 3, False): 0.385,
    (False, 3, True): 0.625,
    (True, 1, False): 5.255,
    (True, 1, True): 3.052,
    (True, 2, False): 4.528,
    (True, 2, True): 0.652,
}


def lead_weight(
    cl: list[LeadClue], world: World, trump: int, ratio: Mapping[LeadKey, float] | None = None
) -> float:
    """The likelihood of the clues' leads in ``world`` (``ratio``: :data:`LEAD_RATIO`)."""
    table = LEAD_RATIO if ratio is None else ratio
    w = 1.0
    for c in cl:
        p = kept_more(c, world)
        if p:
            r = table.get((c.suit == trump, min(c.cards, 3), c.stock_empty), 1.0)
            w *= 1.0 - p + p * r
    return w


# Both recordings together (10,891 decisions: seed 21, 420 s and seed 31, 600 s), for ``reads``.
READS_LEAD_RATIO: dict[LeadKey, float] = {
    (False, 1, False): 1.247,
    (False, 1, True): 0.66,
    (False, 2, False): 0.097,
    (False, 2, True): 0.14,
    (False, 3, False): 0.208,
    (False, 3, True): 0.625,
    (True, 1, False): 6.228,
    (True, 1, True): 2.392,
    (True, 2, False): 1.866,
    (True, 2, True): 0.683,
    (True, 3, False): 0.625,
    (True, 3, True): 0.833,
}

# Inference from trumping (``reads``): where a seat holding a trump answers a single plain
# card, the strong player trumps it far less often when it also holds a beat in the suit
# (lead_shares.py, 10,891 decisions: stock left 10.7% of 674 against 44.1% of
# 1,207; stock empty 14.4% of 243 against 64.8% of 918), so a world in which a seat that
# trumped held such a beat counts by the ratio, by stock empty.
TRUMPED_RATIO: dict[bool, float] = {False: 0.242, True: 0.222}


def trump_clues(obs: Observation, kn: Knowledge) -> list[Clue]:
    """The other seats' single trumps on a single plain card, as :class:`Clue` (``top``: the
    card trumped, ``held``: its hand size after trumping, ``stock_empty``)."""
    found: list[tuple[int, int, int, bool, int]] = []
    for m in moments(obs):
        e = m.event
        if e.kind is EventKind.RETURN:
            found.clear()
        elif (
            e.kind is EventKind.BEAT
            and e.seat != kn.me
            and len(m.top) == 1
            and len(e.cards) == 1
            and SUIT[m.top[0]] != kn.trump
            and SUIT[e.cards[0].index] == kn.trump
        ):
            found.append((e.seat, m.t, m.top[0], m.stock == 0, m.size - 1))
    draws = seat_draws(obs)
    return [
        Clue(seat, (card,), False, 0, empty, held, *hand_bounds(obs, kn, seat, since, draws))
        for seat, since, card, empty, held in found
    ]


def trump_weight(cl: list[Clue], world: World, trump: int) -> float:
    """The likelihood of the clues' trumping in ``world``."""
    w = 1.0
    for c in cl:
        p_plain, _p_trump = _beat_shares(c, world, trump)
        if p_plain:
            w *= 1.0 - p_plain + p_plain * TRUMPED_RATIO[c.stock_empty]
    return w
