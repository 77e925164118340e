"""The rules engine of Kozel on 4 cards: pure, synchronous and deterministic.

No I/O, no clock, no global state; chance only from the injected seeds (one per game).
A series is fully described by its record: each game's seed, its target and its list of
(seat, action). The rules it implements are docs/rules.md, cited by number.
"""

from . import fair
from .actions import Action, ActionKind
from .cards import CARDS, DECK_POINTS, Card, Rank, Suit, card, cards, sort_cards
from .errors import CardParseError, EngineError, IllegalActionError, Reason, SnapshotError
from .events import Event, EventKind, Play
from .game import Game
from .observe import (
    Observation,
    PlayView,
    TakenTrick,
    face_up_points,
    observe,
    observe_game_end,
    observe_position,
    public_action,
)
from .scoring import (
    DEFEAT_POINTS,
    BestTrick,
    DefeatReason,
    GameResult,
    defeat_points_for,
    defeat_reason,
    score,
)
from .seats import HAND_SIZE, SEATS, partner_of, team_of, team_seats
from .series import (
    SERIES_LENGTHS,
    SERIES_TARGET,
    SeedSource,
    Series,
    SeriesOutcome,
    derived_seeds,
    distinct_seeds,
    game_positions,
    game_rng,
    replay_game,
)
from .snapshot import from_snapshot, to_snapshot
from .validate import beat_pairing, beats_all

__all__ = [
    "CARDS",
    "DECK_POINTS",
    "DEFEAT_POINTS",
    "HAND_SIZE",
    "SEATS",
    "SERIES_LENGTHS",
    "SERIES_TARGET",
    "Action",
    "ActionKind",
    "BestTrick",
    "Card",
    "CardParseError",
    "DefeatReason",
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
    "SeedSource",
    "Series",
    "SeriesOutcome",
    "SnapshotError",
    "Suit",
    "TakenTrick",
    "beat_pairing",
    "beats_all",
    "card",
    "cards",
    "defeat_points_for",
    "defeat_reason",
    "derived_seeds",
    "distinct_seeds",
    "face_up_points",
    "fair",
    "from_snapshot",
    "game_positions",
    "game_rng",
    "observe",
    "observe_game_end",
    "observe_position",
    "partner_of",
    "public_action",
    "replay_game",
    "score",
    "sort_cards",
    "team_of",
    "team_seats",
    "to_snapshot",
]
