"""A series (Russian "партия"): games until a team has 12 defeat points (rule 8, docs/rules.md).

Every game is dealt from its own seed. The seed of game ``n`` comes from the injected
``seed_source(n)``, called when that game is dealt (just before the last move of the
game before it), so nothing stored while a game runs tells the next deal. The engine
stays deterministic: the caller supplies the seeds. ``Series(seed)`` (tests, simulate,
benchmarks) uses the default source :func:`derived_seeds`: every game's seed is the
series seed, the deal's RNG mixing in the game number (:func:`game_rng`), exactly as
records of version 1 dealt.

A series is fully described by its record: every game's seed, the series target and the
ordered list of (seat, action); :meth:`Series.replay` rebuilds the identical state.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import cast

from .actions import Action
from .errors import EngineError, IllegalActionError, Reason, SnapshotError
from .game import Game
from .scoring import GameResult
from .seats import SEATS

SERIES_TARGET = 12  # 8.1: defeat points that lose the series, unless a table sets another
#: The series lengths a table may be played to (house rules): 12 is the rule book's.
SERIES_LENGTHS: tuple[int, ...] = (6, 8, 10, 12)
RECORD_VERSION = 2
LEGACY_RECORD_VERSION = 1  # a series seed instead of per-game seeds; still read

SeedSource = Callable[[int], int]
"""Game number (1-based) -> that game's shuffle seed (an int)."""


def game_rng(seed: int, number: int) -> random.Random:
    """The injected RNG of game ``number`` (1-based) dealt from ``seed``."""
    return random.Random(f"kozel/{seed}/{number}")


def derived_seeds(seed: int) -> SeedSource:
    """The default seed source of ``Series(seed)``: every game's seed is ``seed``.

    Whoever knows ``seed`` knows every deal of the series: for tests and simulations only.
    A live table injects a source of unpredictable seeds instead.
    """

    def source(_number: int) -> int:
        return seed

    return source


def distinct_seeds(seed: int) -> SeedSource:
    """A repeatable source whose games differ in seed: game 1 is dealt from ``seed`` (as by
    ``Series(seed)``), each later game from a seed derived from it and its number.

    For a bot started with a fixed seed (tests, the gallery): its deals repeat from run to
    run, and no two games of a series show the same seed when their fair-deal keys are
    revealed (``derived_seeds`` showed the series seed in every game's key).
    """

    def source(number: int) -> int:
        if number == 1:
            return seed
        digest = hashlib.sha256(f"kozel/distinct/{seed}/{number}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 2  # 62 bits, as the OS seeds

    return source


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass(frozen=True, slots=True)
class SeriesOutcome:
    """8: who lost the series."""

    goats: int  # team index
    defeat_points: tuple[int, int]
    eggs: int
    goats_with_eggs: bool


class _RecordedSeeds:
    """The seed source of a replay: the seeds a record lists, None past its end."""

    def __init__(self, seeds: list[int]) -> None:
        self.seeds = seeds

    def __call__(self, number: int) -> int | None:
        return self.seeds[number - 1] if number <= len(self.seeds) else None


class Series:
    """The state of a whole series. The API the rest of the product uses."""

    __slots__ = (
        "_seed_source",
        "actions",
        "defeat_points",
        "eggs",
        "game",
        "game_starts",
        "last_game",
        "number",
        "results",
        "seed",
        "seeds",
        "target",
    )

    seed: int | None  # the series seed of the default source, None for an injected one
    seeds: list[int]  # the seed of every game dealt so far, game 1 first
    target: int  # 8.1: defeat points that lose the series
    number: int  # number of the current game, 1-based
    game: Game
    results: list[GameResult]  # finished games, in order
    defeat_points: list[int]
    eggs: int
    actions: list[tuple[int, Action]]  # the record, across all games
    game_starts: list[int]  # index in ``actions`` where each game began
    last_game: Game | None  # the game before ``game``, at its end (not part of the record)
    _seed_source: Callable[[int], int | None] | None

    def __init__(
        self,
        seed: int | None = None,
        *,
        seed_source: SeedSource | None = None,
        target: int = SERIES_TARGET,
    ) -> None:
        if (seed is None) == (seed_source is None):
            raise TypeError("a series needs either a seed or a seed_source")
        if seed is not None and not _is_int(seed):
            raise TypeError("a series seed is an int")
        if not _is_int(target) or target < 1:
            raise ValueError(f"a series target is a positive int, not {target!r}")
        self.seed = seed
        self._seed_source = derived_seeds(seed) if seed is not None else seed_source
        self.target = target
        self.number = 1
        self.results = []
        self.defeat_points = [0, 0]
        self.eggs = 0
        self.actions = []
        self.game_starts = [0]
        self.last_game = None
        self.seeds = []
        first = self._draw(1)
        if first is None:
            raise SnapshotError("the record lists no seed for game 1")
        self.seeds.append(first)
        rng = game_rng(first, 1)
        dealer = rng.randrange(SEATS)  # 2.3: the first dealer is chosen at random
        self.game = Game.deal(rng, dealer, (dealer + 1) % SEATS)

    @property
    def seed_source(self) -> Callable[[int], int | None] | None:
        """Where the seeds of later games come from (None: this series cannot deal again).
        Setting it drops the series seed: the games' seeds are then whatever it gives."""
        return self._seed_source

    @seed_source.setter
    def seed_source(self, source: SeedSource | None) -> None:
        self._seed_source = source
        self.seed = None

    def _draw(self, number: int) -> int | None:
        source = self._seed_source
        if source is None:
            raise EngineError(f"game {number} is due to be dealt but the series has no seed source")
        seed = source(number)
        if seed is None and isinstance(source, _RecordedSeeds):
            return None
        if not _is_int(seed):
            raise TypeError(f"a seed source returns an int, not {seed!r}")
        return seed

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        dp = self.defeat_points
        return dp[0] >= self.target or dp[1] >= self.target

    @property
    def turn(self) -> int | None:
        """Whose turn it is (None when the series is over)."""
        return None if self.over else self.game.turn

    def outcome(self) -> SeriesOutcome | None:
        if not self.over:
            return None
        goats = 0 if self.defeat_points[0] >= self.target else 1
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

    def molodka_claimants(self) -> list[int]:
        """The seats that may declare a molodka now, in 5.3 priority order (the trick's
        opener first, then clockwise): exactly the seats with a molodka among their
        legal actions. The seat whose turn it is may be among them."""
        if self.over:
            return []
        return self.game.molodka_claimants()

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, action: Action) -> GameResult | None:
        """Play ``action`` for ``seat``; returns the game's result when it ended the game.

        Raises :class:`IllegalActionError` and changes nothing when illegal. The last move
        of a game asks the seed source for the next game's seed first (:class:`EngineError`,
        nothing changed, when the series has none).
        """
        if self.over:
            raise IllegalActionError(Reason.GAME_OVER, "the series is over")
        game = self.game
        normalised = game.validate(seat, action)
        next_seed = self._draw(self.number + 1) if game.ends_with(seat, normalised) else None
        game.apply(seat, normalised)  # legal: checked again at once (the memo)
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
            if next_seed is None:
                raise SnapshotError(f"the record lists no seed for game {self.number + 1}")
            # 2.3: the deal passes clockwise; the last trick's taker leads (6.3).
            self.number += 1
            self.game_starts.append(len(self.actions))
            self.seeds.append(next_seed)
            self.last_game = game
            self.game = Game.deal(
                game_rng(next_seed, self.number),
                (game.dealer + 1) % SEATS,
                result.last_trick_taker,
            )
        return result

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, object]:
        """The series record as JSON data: every game's seed, the target and the ordered
        (seat, action) list; plus the series seed when the default source deals."""
        out: dict[str, object] = {
            "version": RECORD_VERSION,
            "target": self.target,
            "seeds": list(self.seeds),
            "actions": [[seat, a.encode()] for seat, a in self.actions],
        }
        if self.seed is not None:
            out["seed"] = self.seed
        return out

    def game_record(self, number: int) -> dict[str, object]:
        """The own record of finished game ``number`` (1-based): its seed, dealer, first
        leader and moves, replayable alone with :func:`replay_game`. Only a finished game
        has one, so a stored game record never tells the seed of a game still running."""
        if not _is_int(number) or not 1 <= number <= len(self.results):
            raise ValueError(f"game {number!r} of this series is not finished")
        starts = [*self.game_starts, len(self.actions)]
        start, end = starts[number - 1], starts[number]
        r = self.results[number - 1]
        return {
            "version": RECORD_VERSION,
            "game": number,
            "seed": self.seeds[number - 1],
            "dealer": r.dealer,
            "first_leader": r.first_leader,
            "first_action": start,
            "actions": [[s, a.encode()] for s, a in self.actions[start:end]],
        }

    @classmethod
    def replay(cls, record: dict[str, object], *, seed_source: SeedSource | None = None) -> Series:
        """Rebuild the identical state from :meth:`record` output (either version).

        Later deals come from ``seed_source``, or from the series seed the record names;
        without either the replayed series cannot finish its current game.
        """
        if not isinstance(record, dict):
            raise SnapshotError("a record is a JSON object")
        version = record.get("version")
        actions = record.get("actions")
        seed = record.get("seed")
        if not isinstance(actions, list):
            raise SnapshotError("a record needs a list 'actions'")
        if version == LEGACY_RECORD_VERSION:
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise SnapshotError("a record of version 1 needs an int 'seed'")
            legacy = cls.from_actions(seed, _decode_actions(actions))
            if seed_source is not None:
                legacy.seed_source = seed_source
            return legacy
        if version != RECORD_VERSION:
            raise SnapshotError(f"unknown record version {version!r}")
        seeds, target = record.get("seeds"), record.get("target")
        if not isinstance(seeds, list) or not seeds or not all(_is_int(x) for x in seeds):
            raise SnapshotError("a record needs a non-empty list of int 'seeds'")
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise SnapshotError("a record needs a positive int 'target'")
        if seed is not None and not _is_int(seed):
            raise SnapshotError("a record's 'seed' is an int")
        series = cls(seed_source=cast(SeedSource, _RecordedSeeds(seeds)), target=target)
        _apply_all(series, _decode_actions(actions))
        if series.seeds != seeds:
            raise SnapshotError(
                f"the record lists {len(seeds)} seeds for {len(series.seeds)} games dealt"
            )
        series_seed = seed if isinstance(seed, int) else None
        series._seed_source = derived_seeds(series_seed) if series_seed is not None else None
        series.seed = series_seed
        if seed_source is not None:
            series.seed_source = seed_source
        return series

    @classmethod
    def from_actions(
        cls, seed: int, actions: Iterable[tuple[int, Action]], *, target: int = SERIES_TARGET
    ) -> Series:
        """The series of ``seed`` (default seed source) after ``actions``."""
        series = cls(seed, target=target)
        _apply_all(series, actions)
        return series


def replay_game(record: dict[str, object]) -> Game:
    """Deal and play one game from its :meth:`Series.game_record`; the finished game."""
    last: Game | None = None
    for _i, game, _seat, _action in game_positions(record):
        last = game
    assert last is not None  # a record without moves does not end its game
    return last


def game_positions(record: dict[str, object]) -> Iterator[tuple[int, Game, int, Action]]:
    """Replay one game from its :meth:`Series.game_record`: before each move, yield
    (move index in the game, the game at that moment, the seat, its move); the move is
    applied when the consumer asks for the next one, so observe the game at once. The
    iteration ends with the game over (else :class:`SnapshotError`)."""
    if not isinstance(record, dict) or record.get("version") != RECORD_VERSION:
        raise SnapshotError("not a game record of this version")
    number, seed = record.get("game"), record.get("seed")
    dealer, leader = record.get("dealer"), record.get("first_leader")
    actions = record.get("actions")
    if not all(_is_int(x) for x in (number, seed, dealer, leader)) or not isinstance(actions, list):
        raise SnapshotError("a game record needs int 'game', 'seed', 'dealer', 'first_leader'")
    assert isinstance(number, int) and isinstance(seed, int)
    assert isinstance(dealer, int) and isinstance(leader, int)
    rng = game_rng(seed, number)
    if number == 1 and rng.randrange(SEATS) != dealer:  # 2.3: the first dealer
        raise SnapshotError("the first game's seed chooses another dealer")
    if not (number >= 1 and 0 <= dealer < SEATS and 0 <= leader < SEATS):
        raise SnapshotError("a game record's numbers are out of range")
    game = Game.deal(rng, dealer, leader)
    decoded = _decode_actions(actions)
    for i, (seat, action) in enumerate(decoded):
        yield i, game, seat, action
        try:
            game.apply(seat, action)
        except IllegalActionError as exc:
            raise SnapshotError(f"action {i} ({seat}, {action}) is illegal: {exc}") from exc
    if not game.over:
        raise SnapshotError("the game record does not play the game to its end")


def _apply_all(series: Series, actions: Iterable[tuple[int, Action]]) -> None:
    for i, (seat, action) in enumerate(actions):
        try:
            series.apply(seat, action)
        except IllegalActionError as exc:
            raise SnapshotError(f"action {i} ({seat}, {action}) is illegal: {exc}") from exc


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
