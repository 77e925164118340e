"""Why a computer would play a move: a one-line reason for a hint.

:func:`explain` looks only at the seat's observation and the move (both what a player may
see) and names what the move does, in the terms the computer players think in: a molodka,
taking a trick and the points in sight, going on top with the cheapest beat, keeping
trumps, feeding points to a partner who is on top, throwing away the cheapest cards, a
cheap or a strong lead. The ui words it (``hints.reason-<kind>``); no rules are decided
here, the engine's legal moves and :func:`~kozel_discord.engine.beat_pairing` are used as
they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..engine import (
    HAND_SIZE,
    SEATS,
    Action,
    ActionKind,
    Card,
    Observation,
    Rank,
    beat_pairing,
    partner_of,
)


class Why(StrEnum):
    MOLODKA = "molodka"
    TAKES = "takes"  # the last play of the trick beats it: the trick and its points
    TAKES_TRUMP = "takes_trump"  # the same, with trumps
    ON_TOP = "on_top"  # beats for now, with plain cards: trumps kept
    ON_TOP_TRUMP = "on_top_trump"  # beats for now with trumps (nothing plain beats)
    ON_TOP_WITH_TRUMP = "on_top_with_trump"  # beats for now with trumps, a plain beat kept
    FEED = "feed"  # points onto the partner's trick
    CHEAP_DISCARD = "cheap_discard"  # nothing beats (or not worth it): the cheapest cards
    KEEP_DISCARD = "keep_discard"  # throws points away, keeping cheaper cards for later
    LEAD_TRUMPS = "lead_trumps"  # draws the opponents' trumps
    LEAD_STRONG = "lead_strong"  # aces or tens that are hard to beat
    LEAD_CHEAP = "lead_cheap"  # a cheap lead that keeps the points and trumps
    LEAD_SUIT = "lead_suit"  # several cards of one suit: harder to beat


@dataclass(frozen=True, slots=True)
class Explanation:
    """The reason for a move: ``why`` and the numbers its wording uses."""

    why: Why
    points: int = 0  # points the move takes, gives or throws away (visible ones only)
    count: int = 0  # how many cards it plays


def _points(cards: tuple[Card, ...]) -> int:
    return sum(c.points for c in cards)


def _visible_trick_points(obs: Observation) -> int:
    """The points of the trick's cards this seat can see (face-up plays, its own discards)."""
    return sum(_points(p.cards) for p in obs.trick)


def _with_trumps(obs: Observation, cards: tuple[Card, ...]) -> bool:
    """Whether a beat of the trick's top cards puts a trump on one of them."""
    pairs = beat_pairing(cards, obs.top, obs.trump) or ()
    return any(new.suit is obs.trump for new, _old in pairs)


def explain(obs: Observation, action: Action) -> Explanation:
    """Why ``action`` is a good move for the seat of ``obs`` (its own view only)."""
    if obs.seat is None:
        raise ValueError("a hint explains a seat's move: observe(series, seat)")
    cards = action.cards
    n = len(cards)
    trumps = sum(1 for c in cards if c.suit is obs.trump)
    if action.kind is ActionKind.MOLODKA or (action.kind is ActionKind.LEAD and n == HAND_SIZE):
        return Explanation(Why.MOLODKA, _points(cards), n)
    if action.kind is ActionKind.BEAT:
        last = len(obs.trick) == SEATS - 1
        if last:
            why = Why.TAKES_TRUMP if trumps else Why.TAKES
            return Explanation(why, _visible_trick_points(obs) + _points(cards), n)
        if not _with_trumps(obs, cards):
            return Explanation(Why.ON_TOP, _points(cards), n)
        # "nothing plain beats it" only when no beat without a trump is legal
        plain = any(
            a.kind is ActionKind.BEAT and not _with_trumps(obs, a.cards) for a in obs.legal_actions
        )
        why = Why.ON_TOP_WITH_TRUMP if plain else Why.ON_TOP_TRUMP
        return Explanation(why, _points(cards), n)
    if action.kind is ActionKind.DISCARD:
        partner_on_top = bool(obs.trick) and obs.top_seat == partner_of(obs.seat)
        if partner_on_top and _points(cards) > 0:
            return Explanation(Why.FEED, _points(cards), n)
        # "the fewest you can" only when no legal discard throws fewer points away
        fewest = min(
            (_points(a.cards) for a in obs.legal_actions if a.kind is ActionKind.DISCARD),
            default=0,
        )
        why = Why.CHEAP_DISCARD if _points(cards) <= fewest else Why.KEEP_DISCARD
        return Explanation(why, _points(cards), n)
    # a lead
    if trumps:
        return Explanation(Why.LEAD_TRUMPS, _points(cards), n)
    if n > 1:
        return Explanation(Why.LEAD_SUIT, _points(cards), n)
    if cards[0].rank in (Rank.ACE, Rank.TEN):
        return Explanation(Why.LEAD_STRONG, _points(cards), n)
    return Explanation(Why.LEAD_CHEAP, _points(cards), n)


__all__ = ["Explanation", "Why", "explain"]
