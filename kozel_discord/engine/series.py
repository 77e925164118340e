"""A series (Russian "партия"): games until a team has 12 defeat points (RULES.md §8).

A series is fully described by its seed and its ordered list of (seat, action):
:meth:`Series.replay` rebuilds the identical state from a record. Each game's
shuffle uses its own ``random.Random`` derived from the series seed and the
game's number, so no RNG state needs to be stored.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from .actions import Action
from .errors import IllegalActionError, Reason, SnapshotError
from .game import SEATS, Game, GameResult

SERIES_TARGET = 12  # §8.1
RECORD_VERSION = 1


def game_rng(seed: int, number: int) -> random.Random:
    """The injected RNG of game ``number`` (1-based) of the series with ``seed``."""
    return random.Random(f"kozel/{seed}/{number}")


@dataclass(frozen=True, slots=True)
class SeriesOutcome:
    """§8: who lost the series."""

    goats: int  # team index
    defeat_points: tuple[int, int]
    eggs: int
    goats_with_eggs: bool


class Series:
    """The state of a whole series. The API the rest of the product uses."""

    __slots__ = (
        "actions",
        "defeat_points",
        "eggs",
        "game",
        "game_starts",
        "number",
        "results",
        "seed",
    )

    seed: int
    number: int  # number of the current game, 1-based
    game: Game
    results: list[GameResult]  # finished games, in order
    defeat_points: list[int]
    eggs: int
    actions: list[tuple[int, Action]]  # the record, across all games
    game_starts: list[int]  # index in ``actions`` where each game began

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("a series seed is an int")
        self.seed = seed
        self.number = 1
        self.results = []
        self.defeat_points = [0, 0]
        self.eggs = 0
        self.actions = []
        self.game_starts = [0]
        rng = game_rng(seed, 1)
        dealer = rng.randrange(SEATS)  # §2.3: the first dealer is chosen at random
        self.game = Game.deal(rng, dealer, (dealer + 1) % SEATS)

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        dp = self.defeat_points
        return dp[0] >= SERIES_TARGET or dp[1] >= SERIES_TARGET

    @property
    def turn(self) -> int | None:
        """Whose turn it is (None when the series is over)."""
        return None if self.over else self.game.turn

    def outcome(self) -> SeriesOutcome | None:
        if not self.over:
            return None
        goats = 0 if self.defeat_points[0] >= SERIES_TARGET else 1
        return SeriesOutcome(
            goats=goats,
            defeat_points=(self.defeat_points[0], self.defeat_points[1]),
            eggs=self.eggs,
            goats_with_eggs=self.eggs > 0,
        )

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over:
            return []
        return self.game.legal_actions(seat)

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, action: Action) -> GameResult | None:
        """Play ``action`` for ``seat``; returns the game's result when it ended the game.

        Raises :class:`IllegalActionError` and changes nothing when illegal.
        """
        if self.over:
            raise IllegalActionError(Reason.GAME_OVER, "the series is over")
        game = self.game
        normalised = game.validate(seat, action)
        game._do(seat, normalised)
        self.actions.append((seat, normalised))
        if not game.over:
            return None
        result = game.result()
        self.results.append(result)
        if result.eggs:
            self.eggs += 1
        self.defeat_points[0] += result.defeat_points[0]
        self.defeat_points[1] += result.defeat_points[1]
        if not self.over:
            # §2.3: the deal passes clockwise; the last trick's taker leads (§6.3).
            self.number += 1
            self.game_starts.append(len(self.actions))
            self.game = Game.deal(
                game_rng(self.seed, self.number),
                (game.dealer + 1) % SEATS,
                result.last_trick_taker,
            )
        return result

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, object]:
        """The game record: seed plus the ordered (seat, action) list, as JSON data."""
        return {
            "version": RECORD_VERSION,
            "seed": self.seed,
            "actions": [[seat, a.encode()] for seat, a in self.actions],
        }

    @classmethod
    def replay(cls, record: dict[str, object]) -> Series:
        """Rebuild the identical state from :meth:`record` output."""
        if not isinstance(record, dict):
            raise SnapshotError("a record is a JSON object")
        if record.get("version") != RECORD_VERSION:
            raise SnapshotError(f"unknown record version {record.get('version')!r}")
        seed = record.get("seed")
        actions = record.get("actions")
        if not isinstance(seed, int) or not isinstance(actions, list):
            raise SnapshotError("a record needs an int 'seed' and a list 'actions'")
        return cls.from_actions(seed, _decode_actions(actions))

    @classmethod
    def from_actions(cls, seed: int, actions: Iterable[tuple[int, Action]]) -> Series:
        series = cls(seed)
        for i, (seat, action) in enumerate(actions):
            try:
                series.apply(seat, action)
            except IllegalActionError as exc:
                raise SnapshotError(f"action {i} ({seat}, {action}) is illegal: {exc}") from exc
        return series


def _decode_actions(raw: list[object]) -> list[tuple[int, Action]]:
    out: list[tuple[int, Action]] = []
    for i, item in enumerate(raw):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], int)
            or not isinstance(item[1], str)
        ):
            raise SnapshotError(f"action {i} is not a [seat, action] pair")
        try:
            out.append((item[0], Action.decode(item[1])))
        except IllegalActionError as exc:
            raise SnapshotError(f"action {i}: {exc}") from exc
    return out
