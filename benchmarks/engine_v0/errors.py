"""Typed errors of the rules engine, each with a machine-readable reason."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Why an action was refused. The values are stable identifiers (UI texts key on them)."""

    NOT_YOUR_TURN = "not_your_turn"
    NO_SUCH_SEAT = "no_such_seat"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    DUPLICATE_CARD = "duplicate_card"
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    MIXED_SUIT_LEAD = "mixed_suit_lead"
    DOES_NOT_BEAT = "does_not_beat"
    MOLODKA_NOT_ALLOWED = "molodka_not_allowed"
    NOT_A_LEAD_NOW = "not_a_lead_now"
    MUST_LEAD = "must_lead"
    GAME_OVER = "game_over"
    BAD_ACTION = "bad_action"


class EngineError(Exception):
    """Base class of every error the engine raises."""


class IllegalActionError(EngineError):
    """An action that the rules do not allow now. The state is left untouched."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


class CardParseError(EngineError, ValueError):
    """A card string that is not a card."""


class SnapshotError(EngineError, ValueError):
    """A snapshot or record that is corrupt, inconsistent or of an unknown version."""
