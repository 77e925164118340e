"""``heuristic``: sensible, fast, explainable play (the rules are in :mod:`.policy`)."""

from __future__ import annotations

import random

from ..engine import Action, ActionKind, Observation
from . import policy
from .base import BasePlayer, molodka_action, require_legal
from .fastsim import FollowPolicy
from .intcards import PTS, to_cards, to_ints
from .knowledge import Knowledge, read, unseen_mask


def heuristic_action(obs: Observation) -> Action:
    """The heuristic's move for the seat of ``obs`` (which must have a legal action)."""
    require_legal(obs)
    legal = obs.legal_actions
    kn = read(obs)
    unseen = unseen_mask(kn)
    m = molodka_action(obs)
    me = kn.me
    if m is not None and policy.molodka_pays(
        me, kn.trump, tuple(c.index for c in m.cards), obs.molodka_seat, unseen
    ):
        return m
    if obs.lead_seat is None:
        cards = policy.lead(list(kn.hand), kn.trump, obs.stock_size, unseen)
        action = Action(ActionKind.LEAD, to_cards(cards))
    else:
        action = _answer(obs, kn, unseen, policy.follow)
    if action in legal:
        return action
    # Never expected; keep the promise of a legal action regardless.
    plays = [a for a in legal if a.kind is not ActionKind.MOLODKA]
    return plays[0] if plays else legal[0]


def answer(obs: Observation, follow: FollowPolicy = policy.follow) -> Action:
    """The answer ``follow`` (the heuristic's by default) gives to the open trick of ``obs``."""
    kn = read(obs)
    return _answer(obs, kn, unseen_mask(kn), follow)


def _answer(obs: Observation, kn: Knowledge, unseen: int, follow: FollowPolicy) -> Action:
    assert obs.top_seat is not None
    trick_pts = sum(PTS[c.index] for p in obs.trick for c in p.cards)
    is_beat, cards = follow(
        list(kn.hand),
        kn.me,
        kn.trump,
        to_ints(obs.top),
        obs.top_seat,
        len(obs.trick),
        trick_pts,
        obs.stock_size,
        unseen,
    )
    return Action(ActionKind.BEAT if is_beat else ActionKind.DISCARD, to_cards(cards))


class HeuristicPlayer(BasePlayer):
    """Rule-based play: cheap leads, cheapest beats, points to the partner, trumps kept."""

    level = "heuristic"

    def choose(self, obs: Observation, rng: random.Random | None = None) -> Action:
        return heuristic_action(obs)

    def wants_molodka(self, obs: Observation, rng: random.Random | None = None) -> Action | None:
        m = molodka_action(obs)
        if m is None:
            return None
        kn = read(obs)
        pays = policy.molodka_pays(
            kn.me, kn.trump, tuple(c.index for c in m.cards), obs.molodka_seat, unseen_mask(kn)
        )
        return m if pays else None
