"""``heuristic``: sensible, fast, explainable play (the rules are in :mod:`.policy`)."""

from __future__ import annotations

import random

from ..engine import Action, ActionKind, Observation
from . import policy
from .base import BasePlayer, molodka_action, require_legal
from .intcards import PTS, to_cards
from .knowledge import read, unseen_mask


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
    hand = list(kn.hand)
    if obs.lead_seat is None:
        cards = policy.lead(hand, kn.trump, obs.stock_size, unseen)
        action = Action(ActionKind.LEAD, to_cards(cards))
    else:
        trick_pts = sum(PTS[c.index] for p in obs.trick for c in p.cards)
        is_beat, cards = policy.follow(
            hand,
            me,
            kn.trump,
            tuple(c.index for c in obs.top),
            obs.top_seat,
            len(obs.trick),
            trick_pts,
            obs.stock_size,
            unseen,
        )
        kind = ActionKind.BEAT if is_beat else ActionKind.DISCARD
        action = Action(kind, to_cards(cards))
    if action in legal:
        return action
    # Never expected; keep the promise of a legal action regardless.
    plays = [a for a in legal if a.kind is not ActionKind.MOLODKA]
    return plays[0] if plays else legal[0]


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
