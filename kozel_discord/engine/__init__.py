"""The rules engine of Kozel on 4 cards: pure, synchronous and deterministic.

No I/O, no clock, no global state; chance only from the injected seeded RNG.
A series is fully described by its seed and its list of (seat, action).
"""

from .actions import Action, ActionKind
from .cards import CARDS, DECK_POINTS, Card, Rank, Suit, card, cards, sort_cards
from .errors import CardParseError, EngineError, IllegalActionError, Reason, SnapshotError
from .game import (
    HAND_SIZE,
    SEATS,
    Event,
    EventKind,
    Game,
    GameResult,
    Play,
    beats_all,
    defeat_points_for,
    score,
    team_of,
)
from .observe import Observation, PlayView, observe
from .series import SERIES_TARGET, Series, SeriesOutcome, game_rng
from .snapshot import from_snapshot, to_snapshot

__all__ = [
    "CARDS",
    "DECK_POINTS",
    "HAND_SIZE",
    "SEATS",
    "SERIES_TARGET",
    "Action",
    "ActionKind",
    "Card",
    "CardParseError",
    "EngineError",
    "Event",
    "EventKind",
    "Game",
    "GameResult",
    "IllegalActionError",
    "Observation",
    "Play",
    "PlayView",
    "Rank",
    "Reason",
    "Series",
    "SeriesOutcome",
    "SnapshotError",
    "Suit",
    "beats_all",
    "card",
    "cards",
    "defeat_points_for",
    "from_snapshot",
    "game_rng",
    "observe",
    "score",
    "sort_cards",
    "team_of",
    "to_snapshot",
]
