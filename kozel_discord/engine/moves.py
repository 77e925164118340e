"""The legal moves of a position (rules 4.1, 4.2 and 5 of docs/rules.md), made fast.

:func:`legal_actions` is :meth:`Game.legal_actions <kozel_discord.engine.Game.legal_actions>`
(the class binds this very function as its method). Speed (issue 15): most moves are
handed out as prebuilt objects (every card's one-card lead, beat and discard; every
suit group's leads; every multi-card action, interned), so a move rarely builds a new
object, and the memo check of ``apply`` is mostly an identity test.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .actions import Action, ActionKind, prebuilt
from .cards import Card
from .seats import HAND_SIZE, SEATS
from .validate import beats_all

if TYPE_CHECKING:
    from .game import Game


class _Interned(dict[tuple[Card, ...], Action]):
    """The actions of one kind by their (canonically ordered) cards, made on first use.
    At most 66,675 card sets of two to four cards, a few MB once all were seen."""

    __slots__ = ("kind",)

    def __init__(self, kind: ActionKind) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, cards: tuple[Card, ...]) -> Action:
        a = self[cards] = prebuilt(self.kind, cards)
        return a


_LEAD = ActionKind.LEAD
_BEATS = _Interned(ActionKind.BEAT)
_DISCARDS = _Interned(ActionKind.DISCARD)
_MOLODKAS = _Interned(ActionKind.MOLODKA)
# The lead actions of one suit's cards of a hand (4.1: every non-empty subset), in the
# order legal_actions lists them; at most 255 groups per suit.
_LEAD_GROUPS: dict[tuple[Card, ...], tuple[Action, ...]] = {}


# The leads of whole hands (a cache, cleared when full: at most about 6.5 MB).
_HAND_LEADS: dict[tuple[Card, ...], tuple[Action, ...]] = {}
_HAND_LEADS_MAX = 1 << 15


def _group_leads(group: tuple[Card, ...]) -> tuple[Action, ...]:
    acts = _LEAD_GROUPS.get(group)
    if acts is None:
        acts = tuple(
            combo[0]._lead1 if n == 1 else prebuilt(_LEAD, combo)
            for n in range(1, len(group) + 1)
            for combo in combinations(group, n)
        )
        _LEAD_GROUPS[group] = acts
    return acts


def _leads(hand: list[Card]) -> tuple[Action, ...]:
    """4.1: every one-suit subset of the hand; the hand is sorted by suit, so each suit is
    one run of cards. For a hand of two or more suits (legal_actions does the rest)."""
    out: list[Action] = []
    n_hand = len(hand)
    start = 0
    while start < n_hand:
        suit = hand[start].suit
        end = start + 1
        while end < n_hand and hand[end].suit is suit:
            end += 1
        if end - start == 1:
            out.append(hand[start]._lead1)
        else:
            out += _group_leads(tuple(hand[start:end]))
        start = end
    return tuple(out)


def _answers(game: Game, hand: list[Card]) -> list[Action]:
    """4.2 for k > 1: the beats of the k cards on top, then every discard of k cards."""
    top, trump, k = game.top, game.trump, game.k
    out: list[Action] = []
    # Only cards that beat some card on top can be part of a beat; combinations of them,
    # in hand order, come in the same order as the beats among all subsets.
    if k == 2:
        bx, by = top[0]._beaten_by[trump], top[1]._beaten_by[trump]
        cands = []
        for c in hand:
            if c in bx or c in by:
                cands.append(c)
        if len(cands) >= 2:
            for pair in combinations(cands, 2):
                a, b = pair
                if (a in bx and b in by) or (a in by and b in bx):
                    out.append(_BEATS[pair])
    else:
        beaten = [t._beaten_by[trump] for t in top]
        cands = []
        for c in hand:
            for bs in beaten:
                if c in bs:
                    cands.append(c)
                    break
        if len(cands) >= k:
            for combo in combinations(cands, k):
                if beats_all(combo, top, trump):
                    out.append(_BEATS[combo])
    out += map(_DISCARDS.__getitem__, combinations(hand, k))
    return out


def legal_actions(self: Game, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, molodka out of turn included."""
    turn = self.turn
    if turn is None or not 0 <= seat < SEATS:
        return []
    hand = self.hands[seat]
    if seat == turn:
        if self.lead_seat is None:
            # The ordinary leader has no molodka besides the lead of the four cards (5.4).
            key = tuple(hand)
            acts = _HAND_LEADS.get(key)
            if acts is None:
                if len(_HAND_LEADS) >= _HAND_LEADS_MAX:
                    _HAND_LEADS.clear()
                if len(hand) == 1:
                    acts = (hand[0]._lead1,)
                elif hand[0].suit is hand[-1].suit:
                    acts = _group_leads(key)
                else:
                    acts = _leads(hand)
                _HAND_LEADS[key] = acts
            self._legal = acts
            self._legal_seat = seat
            return list(acts)
        if self.k == 1:  # the commonest case, inlined (plain loops: no comprehension frames)
            beaters = self.top[0]._beaten_by[self.trump]
            out = []
            for c in hand:
                if c in beaters:
                    out.append(c._beat1)
            if len(hand) != HAND_SIZE:
                for c in hand:
                    out.append(c._discard1)
            else:  # a full hand, unrolled
                a, b, c, d = hand
                out += (a._discard1, b._discard1, c._discard1, d._discard1)
                if a.suit is d.suit and self.can_declare_molodka(seat):  # sorted: one suit
                    out.append(_MOLODKAS[tuple(hand)])
            self._legal = tuple(out)
            self._legal_seat = seat
            return out
        else:
            out = _answers(self, hand)
    else:
        out = []
    if (
        len(hand) == HAND_SIZE
        and hand[0].suit is hand[3].suit  # sorted by suit: one suit (5.1)
        and self.can_declare_molodka(seat)
    ):
        out.append(_MOLODKAS[tuple(hand)])
    self._legal = tuple(out)
    self._legal_seat = seat
    return out


__all__ = ["legal_actions"]
