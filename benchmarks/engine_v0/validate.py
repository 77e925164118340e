"""Checking one action against the rules (rules 4 and 5 of docs/rules.md), by action kind.

:func:`validate_action` first checks what every action needs (a seat, cards of the
seat's hand, a game still running), then hands over to the check of the action's kind.
:meth:`Game.validate <kozel_discord.engine.Game.validate>` calls it unless the action is
one that :meth:`~kozel_discord.engine.Game.legal_actions` has just listed.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise, permutations
from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .cards import Card, Suit, sort_cards
from .errors import IllegalActionError, Reason
from .seats import HAND_SIZE, SEATS

if TYPE_CHECKING:
    from .game import Game


def beats_all(new: tuple[Card, ...], top: tuple[Card, ...], trump: Suit) -> bool:
    """4.2: is there a pairing in which every new card beats its partner on top?"""
    if len(new) != len(top):
        return False
    if len(new) == 1:
        return new[0]._beats[trump][top[0].index]
    if len(new) == 2:
        a, b = new[0]._beats[trump], new[1]._beats[trump]
        x, y = top[0].index, top[1].index
        return (a[x] and b[y]) or (a[y] and b[x])
    tops = [t.index for t in top]
    for perm in permutations(new):
        for n, t in zip(perm, tops, strict=True):
            if not n._beats[trump][t]:
                break
        else:
            return True
    return False


def validate_action(game: Game, seat: int, action: Action) -> Action:
    """Raise :class:`IllegalActionError` unless legal; return the normalised action."""
    action = _well_formed(game, seat, action)
    return _BY_KIND[action.kind](game, seat, action)


def _well_formed(game: Game, seat: int, action: Action) -> Action:
    """What any action needs: a seat, one or more distinct cards of its hand, a live game."""
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise IllegalActionError(Reason.NO_SUCH_SEAT, f"there is no seat {seat!r}")
    if not isinstance(action, Action) or not action.cards:
        raise IllegalActionError(Reason.BAD_ACTION, "an action needs at least one card")
    if game.turn is None:
        raise IllegalActionError(Reason.GAME_OVER, "the game is over")
    played = action.cards
    kind = action.kind
    if type(kind) is not ActionKind:
        raise IllegalActionError(Reason.BAD_ACTION, "not an action of this engine")
    if len(played) > 1:
        if len(set(played)) != len(played):
            raise IllegalActionError(Reason.DUPLICATE_CARD, "the same card is named twice")
        if any(a.index > b.index for a, b in pairwise(played)):
            action = Action(kind, sort_cards(played))  # canonical order for the record
            played = action.cards
    hand = game.hands[seat]
    for c in played:
        if c not in hand:
            if type(c) is not Card:
                raise IllegalActionError(Reason.BAD_ACTION, f"{c!r} is not a card")
            raise IllegalActionError(Reason.CARD_NOT_IN_HAND, f"{c.label} is not in your hand")
    return action


def _molodka(game: Game, seat: int, action: Action) -> Action:
    """5: four cards of one suit, out of turn; the ordinary leader's is a lead (5.4)."""
    played = action.cards
    if len(played) != HAND_SIZE or any(c.suit is not played[0].suit for c in played):
        raise IllegalActionError(Reason.MOLODKA_NOT_ALLOWED, "a molodka is four cards of one suit")
    if game.lead_seat is None and seat == game.turn:
        return Action(ActionKind.LEAD, action.cards)  # 5.4: the same move as a lead
    if not game.can_declare_molodka(seat):
        raise IllegalActionError(
            Reason.MOLODKA_NOT_ALLOWED, "a molodka of higher priority is already on the table"
        )
    return action


def _lead(game: Game, seat: int, action: Action) -> Action:
    """4.1: the opener of the trick leads one to four cards of one suit."""
    played = action.cards
    if seat != game.turn:
        raise IllegalActionError(Reason.NOT_YOUR_TURN, "it is not your turn")
    if game.lead_seat is not None:
        raise IllegalActionError(Reason.NOT_A_LEAD_NOW, "the trick has already been led")
    if len(played) > HAND_SIZE:
        raise IllegalActionError(Reason.WRONG_NUMBER_OF_CARDS, "lead 1 to 4 cards")
    if any(c.suit is not played[0].suit for c in played):
        raise IllegalActionError(Reason.MIXED_SUIT_LEAD, "a lead is of one suit only")
    return action


def _answer(game: Game, seat: int, action: Action) -> Action:
    """4.2: in turn, exactly k cards: a beat of the cards on top, or a discard."""
    played = action.cards
    if seat != game.turn:
        raise IllegalActionError(Reason.NOT_YOUR_TURN, "it is not your turn")
    if game.lead_seat is None:
        raise IllegalActionError(Reason.MUST_LEAD, "you open this trick: lead first")
    if len(played) != game.k:
        raise IllegalActionError(
            Reason.WRONG_NUMBER_OF_CARDS, f"play exactly {game.k} card(s) to this trick"
        )
    if action.kind is ActionKind.BEAT and not beats_all(played, game.top, game.trump):
        raise IllegalActionError(Reason.DOES_NOT_BEAT, "these cards do not beat the cards on top")
    return action


_BY_KIND: dict[ActionKind, Callable[[Game, int, Action], Action]] = {
    ActionKind.MOLODKA: _molodka,
    ActionKind.LEAD: _lead,
    ActionKind.BEAT: _answer,
    ActionKind.DISCARD: _answer,
}

__all__ = ["beats_all", "validate_action"]
