"""A finished game, trick by trick, as the channel saw it (replays of ``/league game``).

:func:`replay_steps` deals and plays a stored game record (:meth:`Series.game_record`)
again and keeps, after each trick was taken, the **public** observation of that moment
(:func:`~.observe.observe` with ``seat=None``, the one function that decides what may be
seen): no hand, discards face down. Nothing else of the replayed state leaves this module.

Card points per team during the game count **face-up cards only**: a team's pile also
holds the discards it took, and their points would tell something of faces nobody saw
(9.2, 9.3). The game's real totals come with its result, as they did when it was scored.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game
from .observe import Observation, TakenTrick, face_up_points, observe
from .scoring import GameResult
from .seats import SEATS
from .series import SERIES_TARGET, Series, _decode_actions, game_rng, replay_game


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """Trick ``number`` (1-based) of the game, just taken."""

    number: int
    trick: TakenTrick  # its plays in order (a discard without its faces) and its taker
    observation: Observation  # the public view right after it was taken (and the draws)
    face_up_points: tuple[int, int]  # per team, face-up card points in its tricks so far

    @property
    def leader(self) -> int:
        """Who led the trick (or declared the molodka that became its lead)."""
        return self.trick.plays[0].seat

    @property
    def taker(self) -> int:
        return self.trick.taker

    @property
    def trick_face_up_points(self) -> int:
        """The face-up card points of this trick alone."""
        return self.trick.face_up_points


@dataclass(frozen=True, slots=True)
class GameReplay:
    """A finished game as public steps, one per trick, and its result."""

    number: int  # the game's number in its series
    dealer: int
    first_leader: int
    steps: tuple[ReplayStep, ...]
    result: GameResult

    @property
    def tricks(self) -> int:
        return len(self.steps)


def replay_steps(
    record: dict[str, object],
    *,
    defeat_points: tuple[int, int] = (0, 0),
    eggs: int = 0,
    target: int = SERIES_TARGET,
) -> GameReplay:
    """The public steps of the finished game of ``record`` (a :meth:`Series.game_record`).

    ``defeat_points`` and ``eggs`` are the series' totals before this game (what its table
    showed while it was played); ``target`` the series length. Raises
    :class:`~.errors.SnapshotError` for a record that does not replay to a finished game.
    """
    finished = replay_game(record)  # checks the whole record first
    result = finished.result()
    number, seed = record["game"], record["seed"]
    assert isinstance(number, int) and isinstance(seed, int)
    series = _series_at(number, seed, finished, defeat_points, eggs, target)
    game = series.game
    steps: list[ReplayStep] = []
    actions = record["actions"]
    assert isinstance(actions, list)
    for seat, action in _decode_actions(actions):
        before = game.tricks[0] + game.tricks[1]
        game.apply(seat, action)
        if game.tricks[0] + game.tricks[1] == before:
            continue
        obs = observe(series, None)
        steps.append(ReplayStep(len(steps) + 1, obs.taken[-1], obs, face_up_points(obs.taken)))
    return GameReplay(number, result.dealer, result.first_leader, tuple(steps), result)


def _series_at(
    number: int,
    seed: int,
    finished: Game,
    defeat_points: tuple[int, int],
    eggs: int,
    target: int,
) -> Series:
    """A series standing at the deal of game ``number`` with the given totals (the other
    games of the series are not needed to show this one)."""
    series = Series(seed_source=lambda _n: seed, target=target)
    series.number = number
    rng = game_rng(seed, number)
    if number == 1:
        rng.randrange(SEATS)  # 2.3: the first game's seed chose its dealer first (as replayed)
    series.game = Game.deal(rng, finished.dealer, finished.first_leader)
    series.defeat_points = [defeat_points[0], defeat_points[1]]
    series.eggs = eggs
    series.seed_source = None  # it never deals again
    return series


__all__ = ["GameReplay", "ReplayStep", "replay_steps"]
