"""A coach after the game: one seat's decisions beside the strong computer's evaluation.

:func:`review_game` replays a finished game from its stored record
(:func:`~kozel_discord.engine.game_positions`), takes the seat's observation before each
of its moves (:func:`~kozel_discord.engine.observe_position`: what it could see then,
never a hidden card) and has :func:`.evaluate.evaluate` value every alternative in the
team's expected card points. Per decision: the move played and its value, the best
alternative, the loss; the largest losses above :data:`MISTAKE_THRESHOLD` (at most
:data:`MAX_MISTAKES`) are marked as mistakes, each with a reason (a key the ui words). A
loss within the worlds' chance (the best alternative not clearly better) costs nothing:
another sample of worlds could rank those moves the other way.

Pure and deterministic for a record, a seat and a seed, except for the wall-clock cap
of the :class:`ReviewBudget` (shared out over the decisions still to evaluate by their
numbers of alternatives), which
only makes a slow host evaluate on fewer worlds.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import (
    SEATS,
    ActionKind,
    Card,
    Observation,
    Suit,
    game_positions,
    observe_position,
    partner_of,
)
from .evaluate import Choice, alternatives, evaluate
from .strong import SearchBudget

MISTAKE_THRESHOLD = 4  # card points a move must cost (as shown) to be called a mistake
CLOSE = 0.5  # card points: a move this close to the best counts as the best
MAX_MISTAKES = 3
MIN_DECISION_SECONDS = 0.02  # every decision gets at least this share of the cap


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """``worlds`` per decision (the work) and ``time_cap`` seconds for the whole review
    (a safety net: a decision stops early when its share of the cap is spent)."""

    worlds: int = 150
    time_cap: float = 6.0

    def __post_init__(self) -> None:
        if self.worlds < 1 or self.time_cap <= 0:
            raise ValueError("a review needs at least one world and a positive time cap")


@dataclass(frozen=True, slots=True)
class Decision:
    """One move of the seat that had alternatives, with every alternative's value."""

    move: int  # index of the move in the game's record (0-based)
    trick: int  # the trick it was played in (1-based)
    played: Choice
    options: tuple[tuple[Choice, float], ...]  # best first
    worlds: int
    mistake: bool = False
    reason: str = ""  # why the best alternative was better (:func:`reason_of`), mistakes only
    #: How far the best alternative's lead over the move played may be the worlds' chance
    #: (the half-width of its 95% interval, :meth:`.evaluate.Evaluation.margin`).
    margin: float = 0.0

    @property
    def value(self) -> float:
        return dict(self.options)[self.played]

    @property
    def best(self) -> Choice:
        return self.options[0][0]

    @property
    def best_value(self) -> float:
        return self.options[0][1]

    @property
    def loss(self) -> float:
        """Expected card points the move played gave away against the best alternative."""
        return max(0.0, self.best_value - self.value)

    @property
    def top(self) -> bool:
        """Whether the move played was the best the worlds found (within :data:`CLOSE`)."""
        return self.loss < CLOSE

    @property
    def clear(self) -> bool:
        """Whether the best alternative was clearly better than the move played: by more
        than :data:`CLOSE` and more than the worlds' chance could make it (:attr:`margin`).
        With another sample of worlds a move within that margin could come out on top."""
        return self.loss >= max(CLOSE, self.margin)

    @property
    def cost(self) -> int:
        """The loss in whole card points as the review shows it: the best option's rounded
        value less the move's (0 unless the best was :attr:`clear`ly better). Mistakes are
        called by it, so a line that shows "70 (better: 74)" is a mistake's 4 points, never
        "close"."""
        if not self.clear:
            return 0
        return max(0, round(self.best_value) - round(self.value))


@dataclass(frozen=True, slots=True)
class GameReview:
    game: int
    seat: int
    moves: int  # every move of the seat in the game (forced ones too)
    decisions: tuple[Decision, ...]  # the moves that had alternatives, in order
    capped: bool  # the time cap cut some evaluation short
    # the seat's moves a computer played for it (its time ran out, or it was away): not
    # reviewed, not counted in ``moves``
    auto: int = 0

    @property
    def mistakes(self) -> list[Decision]:
        """The marked mistakes, the costliest first."""
        return sorted((d for d in self.decisions if d.mistake), key=lambda d: (-d.cost, -d.loss))

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)


def _points(cards: tuple[Card, ...]) -> int:
    return sum(c.points for c in cards)


def _trumps(cards: tuple[Card, ...], trump: Suit) -> int:
    return sum(1 for c in cards if c.suit is trump)


def reason_of(played: Choice, best: Choice, obs: Observation) -> str:
    """Why ``best`` was better than ``played``, as a key (``review-why-<key>`` in the ui),
    from the two moves and what the seat saw (its partner on top of the trick or not)."""
    pk = played.kind if played is not None else None
    bk = best.kind if best is not None else None
    if bk is ActionKind.MOLODKA:
        return "molodka"
    if pk is ActionKind.MOLODKA:
        return "no_molodka"
    if played is None or best is None:
        return "other"
    partner_on_top = bool(obs.trick) and obs.top_seat == partner_of(obs.seat or 0)
    if pk is ActionKind.DISCARD and bk is ActionKind.BEAT:
        return "same_cards" if set(best.cards) == set(played.cards) else "could_beat"
    if pk is ActionKind.BEAT and bk is ActionKind.DISCARD:
        return "partner_on_top" if partner_on_top else "keep_cards"
    if pk is bk is ActionKind.BEAT:
        if _trumps(best.cards, obs.trump) < _trumps(played.cards, obs.trump):
            return "fewer_trumps"
        return "cheaper_beat" if _points(best.cards) < _points(played.cards) else "other_beat"
    if pk is bk is ActionKind.DISCARD:
        if _trumps(best.cards, obs.trump) < _trumps(played.cards, obs.trump):
            return "fewer_trumps"  # a trump thrown away, not the points, was what it cost
        if _points(best.cards) > _points(played.cards) and partner_on_top:
            # "your partner was taking the trick" only when nobody plays after the seat
            return "feed_partner" if len(obs.trick) == SEATS - 1 else "partner_on_top"
        return "cheaper_discard" if _points(best.cards) < _points(played.cards) else "other_discard"
    if len(best.cards) > len(played.cards):
        return "lead_more"
    if len(best.cards) < len(played.cards):
        return "lead_fewer"
    return "other_lead"


def auto_moves(record: dict[str, object]) -> set[int]:
    """The moves of a game record (indices in the game) that a computer played for a human
    (the stored record's ``auto``: the turn timed out, or the player was away)."""
    auto = record.get("auto")
    if not isinstance(auto, list):
        return set()
    return {i for i in auto if isinstance(i, int) and not isinstance(i, bool)}


def returned_moves(record: dict[str, object]) -> set[int]:
    """The moves of a game record (indices in the game) that a molodka sent back to their
    hands (5.2): they changed nothing, so there is nothing to judge (the rollouts that
    value a move never declare a molodka out of turn: its value would be of a game that
    did not happen)."""
    returned: set[int] = set()
    trick: list[int] = []
    for i, game, _seat, action in game_positions(record):
        open_trick = bool(game.plays)
        if not open_trick:
            trick = []
        elif action.kind is ActionKind.MOLODKA:
            returned.update(trick)
            trick = []
        trick.append(i)
    return returned


def _positions(
    record: dict[str, object], seat: int
) -> tuple[int, int, list[tuple[int, Observation, Choice]]]:
    """The seat's own moves: how many, how many a computer played for it, and (index,
    observation before, move) of each own move with a choice."""
    number = record.get("game")
    assert isinstance(number, int)
    moves = played_for = 0
    auto, returned = auto_moves(record), returned_moves(record)
    out: list[tuple[int, Observation, Choice]] = []
    for i, game, s, action in game_positions(record):
        if s != seat:
            continue
        if i in auto:
            played_for += 1
            continue
        moves += 1
        if i in returned:  # counted, not judged (as a forced move)
            continue
        obs = observe_position(game, number, seat)
        if len(alternatives(obs)) > 1:
            out.append((i, obs, action))
    return moves, played_for, out


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def review_seed(record: dict[str, object], seat: int) -> str:
    """The evaluation seed of a review: from the game's deal (its seed, dealer and first
    leader), not from the series it was played in; each decision's seed adds the moves
    before it (:func:`review_game`). So one position, reviewed anywhere, in any series or
    language, is valued the same."""
    deal = {k: record.get(k) for k in ("game", "seed", "dealer", "first_leader")}
    return f"review/{_digest(deal)}/{seat}"


def review_game(
    record: dict[str, object],
    seat: int,
    budget: ReviewBudget | None = None,
    *,
    seed: str = "review",
    clock: Callable[[], float] = time.perf_counter,
) -> GameReview:
    """The review of ``seat``'s decisions in the finished game of ``record``."""
    budget = budget or ReviewBudget()
    number = record.get("game")
    if not isinstance(number, int):
        raise ValueError("not a game record")
    moves, played_for, positions = _positions(record, seat)
    start = clock()
    found: list[tuple[Decision, Observation]] = []
    capped = False
    # The cap is shared out by the work: a decision's share grows with its alternatives.
    work = [len(alternatives(obs)) for _i, obs, _a in positions]
    for n, (i, obs, action) in enumerate(positions):
        left = budget.time_cap - (clock() - start)
        share = max(MIN_DECISION_SECONDS, left * work[n] / sum(work[n:]))
        before = list(record.get("actions") or [])[:i]  # type: ignore[call-overload]
        ev = evaluate(
            obs,
            SearchBudget(worlds=budget.worlds, time_cap=share),
            seed=f"{seed}/{i}/{_digest(before)}",
            clock=clock,
        )
        capped = capped or ev.capped
        played = _played(action, ev.values)
        options = tuple(sorted(ev.values.items(), key=lambda kv: -kv[1]))
        margin = ev.margin(options[0][0], played)
        found.append(
            (Decision(i, len(obs.taken) + 1, played, options, ev.worlds, margin=margin), obs)
        )
    worst = called_mistakes([d for d, _o in found])
    decisions = []
    for k, (d, obs) in enumerate(found):
        if k in worst:
            d = dataclasses.replace(d, mistake=True, reason=reason_of(d.played, d.best, obs))
        decisions.append(d)
    return GameReview(number, seat, moves, tuple(decisions), capped, auto=played_for)


def called_mistakes(decisions: list[Decision]) -> set[int]:
    """The indices of the moves called mistakes: those that cost :data:`MISTAKE_THRESHOLD`
    or more as shown, the costliest :data:`MAX_MISTAKES`, and any move that cost as much as
    the last of them (two lines that both showed a cost of 5 were marked ❌ and ⚠️)."""
    costly = sorted(
        (k for k, d in enumerate(decisions) if d.cost >= MISTAKE_THRESHOLD),
        key=lambda k: (-decisions[k].cost, -decisions[k].loss),
    )
    if len(costly) <= MAX_MISTAKES:
        return set(costly)
    last = decisions[costly[MAX_MISTAKES - 1]].cost
    return {k for n, k in enumerate(costly) if n < MAX_MISTAKES or decisions[k].cost == last}


def _played(action: Choice, values: dict[Choice, float]) -> Choice:
    if action in values:
        return action
    raise ValueError(f"the recorded move {action} is not among the alternatives")
