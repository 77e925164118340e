"""Provably fair deals: a commitment to each game's seed, and checking a game's record.

At the deal the table shows the *commitment* of the game: the SHA-256 of one ASCII line
that names the scheme, the series, the game's number, its shuffle seed and a salt (random,
drawn by the caller with the seed)::

    kozel-fair/v1:<series key>:<game number>:<seed>:<salt>

(``<seed>`` in decimal, ``<salt>`` 32 lowercase hex digits, nothing else, no newline;
docs/fair-play.md). When the game ends the line itself is revealed, so anyone can hash it
and compare; the seed then deals the game again (:func:`~.series.game_rng`) and the
record's moves replay on that deal. Binding the series and the number makes a commitment
a statement about exactly one game: it cannot be passed off as another game's.

:func:`seal` makes the stored record of a finished game (the engine's
:meth:`~.series.Series.game_record` plus what the game's result claims and the fair part);
:func:`verify` checks such a record and says in one line whether it holds. Pure and
deterministic, like the rest of the engine: the salt is injected.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .actions import Action
from .cards import Card
from .errors import EngineError, IllegalActionError
from .game import Game
from .scoring import GameResult
from .seats import SEATS
from .series import RECORD_VERSION, game_rng

SCHEME = "kozel-fair/v1"
SALT_BYTES = 16  # the salt: 16 random bytes, written as 32 lowercase hex digits
SHORT = 12  # hex digits of the short form shown on the table

_KEY = re.compile(r"[0-9A-Za-z_-]{1,64}")
_SALT = re.compile(rf"[0-9a-f]{{{2 * SALT_BYTES}}}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def preimage(series_key: str, number: int, seed: int, salt: str) -> str:
    """The line whose SHA-256 is the commitment of game ``number`` of ``series_key``."""
    if not _KEY.fullmatch(series_key):
        raise ValueError("a series key is 1-64 letters, digits, '-' or '_'")
    if not _SALT.fullmatch(salt):
        raise ValueError(f"a salt is {2 * SALT_BYTES} lowercase hex digits")
    if not (_is_int(number) and number >= 1 and _is_int(seed) and seed >= 0):
        raise ValueError("a game number is 1 or more and a seed is a whole number, 0 or more")
    return f"{SCHEME}:{series_key}:{number}:{seed}:{salt}"


def digest(line: str) -> str:
    """SHA-256 of an ASCII ``line``, in lowercase hex."""
    return hashlib.sha256(line.encode("ascii")).hexdigest()


def commitment(series_key: str, number: int, seed: int, salt: str) -> str:
    """The commitment (64 hex digits) shown at the deal of game ``number``."""
    return digest(preimage(series_key, number, seed, salt))


def short(value: str) -> str:
    """The short form of a commitment shown on the table (its first hex digits)."""
    return value[:SHORT]


def result_claims(r: GameResult) -> dict[str, Any]:
    """What a record says the game's result was (JSON data, compared by :func:`verify`)."""
    return {
        "trump_card": r.trump_card.code,
        "card_points": list(r.card_points),
        "tricks": list(r.tricks),
        "defeat_points": list(r.defeat_points),
        "eggs": r.eggs,
        "winner": r.winner,
        "last_trick_taker": r.last_trick_taker,
        "reason": r.reason.value,
    }


def seal(
    record: dict[str, object], result: GameResult, series_key: str, salt: str | None
) -> dict[str, object]:
    """The stored record of a finished game: ``record`` (:meth:`Series.game_record`), the
    result it claims and, when the game had a salt (it was committed at its deal), the fair
    part: scheme, series key, salt and commitment. No salt (a game dealt before fair
    deals): no fair part."""
    out: dict[str, object] = {**record, "result": result_claims(result)}
    if salt is not None:
        number, seed = record["game"], record["seed"]
        assert isinstance(number, int) and isinstance(seed, int)
        out["fair"] = {
            "scheme": SCHEME,
            "series": series_key,
            "salt": salt,
            "commitment": commitment(series_key, number, seed, salt),
        }
    return out


# ---------------------------------------------------------------------- verify
class Outcome(StrEnum):
    OK = "ok"  # the commitment, the deal, every move and the results hold
    MISMATCH = "mismatch"  # something does not match: the record was changed
    UNREADABLE = "unreadable"  # not a game record of this format
    UNSEALED = "unsealed"  # a game record without a commitment (dealt before fair deals)


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify` found: the outcome, one line saying it, and (when the moves
    replayed) the finished game."""

    outcome: Outcome
    line: str
    game: Game | None = None

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.OK


class _Stop(Exception):
    def __init__(self, outcome: Outcome, line: str) -> None:
        super().__init__(line)
        self.verdict = Verdict(outcome, line)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _unreadable(why: str) -> _Stop:
    return _Stop(Outcome.UNREADABLE, f"not a kozel game record: {why}")


def _mismatch(why: str) -> _Stop:
    return _Stop(Outcome.MISMATCH, f"does not match: {why}")


@dataclass(frozen=True)
class _Fields:
    number: int
    seed: int
    dealer: int
    leader: int
    actions: list[object]
    sealed: _Sealed | None  # None: a record without a commitment


@dataclass(frozen=True)
class _Sealed:
    series: str
    salt: str
    commitment: str


def _fields(record: object) -> _Fields:
    if not isinstance(record, dict):
        raise _unreadable("the file holds no JSON object")
    if record.get("version") != RECORD_VERSION:
        raise _unreadable(f"version {record.get('version')!r}, this build reads {RECORD_VERSION}")
    number, seed = record.get("game"), record.get("seed")
    dealer, leader = record.get("dealer"), record.get("first_leader")
    actions = record.get("actions")
    if not all(_is_int(x) for x in (number, seed, dealer, leader)):
        raise _unreadable("it needs whole numbers 'game', 'seed', 'dealer' and 'first_leader'")
    assert isinstance(number, int) and isinstance(seed, int)
    assert isinstance(dealer, int) and isinstance(leader, int)
    if number < 1 or seed < 0 or not (0 <= dealer < SEATS and 0 <= leader < SEATS):
        raise _unreadable("its game number, seed or seats are out of range")
    if not isinstance(actions, list):
        raise _unreadable("it needs a list 'actions'")
    fair = record.get("fair")
    if fair is None:
        return _Fields(number, seed, dealer, leader, actions, None)
    if not isinstance(fair, dict) or fair.get("scheme") != SCHEME:
        scheme = fair.get("scheme") if isinstance(fair, dict) else fair
        raise _unreadable(f"unknown fair-deal scheme {scheme!r} (this build checks {SCHEME})")
    key, salt, claimed = fair.get("series"), fair.get("salt"), fair.get("commitment")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise _unreadable("'fair.series' is not a series key")
    if not isinstance(salt, str) or not _SALT.fullmatch(salt):
        raise _unreadable(f"'fair.salt' is not {2 * SALT_BYTES} lowercase hex digits")
    if not isinstance(claimed, str) or not _DIGEST.fullmatch(claimed):
        raise _unreadable("'fair.commitment' is not 64 lowercase hex digits")
    return _Fields(number, seed, dealer, leader, actions, _Sealed(key, salt, claimed))


def _decode(i: int, item: object) -> tuple[int, Action]:
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not _is_int(item[0])
        or not isinstance(item[1], str)
    ):
        raise _mismatch(f"move {i + 1} is not a [seat, move] pair: {item!r}")
    try:
        return item[0], Action.decode(item[1])
    except IllegalActionError as exc:
        raise _mismatch(f"move {i + 1} ({item[1]!r}) is not a move") from exc


def _describe(seat: int, action: Action) -> str:
    return f"seat {seat + 1}: {action}"


def _replay(f: _Fields) -> Game:
    rng = game_rng(f.seed, f.number)
    if f.number == 1:  # 2.3: the first game's seed chooses its dealer; the next seat leads
        dealer = rng.randrange(SEATS)
        if dealer != f.dealer:
            raise _mismatch(
                f"this seed makes seat {dealer + 1} the first dealer, the record says seat "
                f"{f.dealer + 1}"
            )
        if f.leader != (dealer + 1) % SEATS:
            raise _mismatch(
                f"the first game's first leader is seat {(dealer + 1) % SEATS + 1}, the "
                f"record says seat {f.leader + 1}"
            )
    game = Game.deal(rng, f.dealer, f.leader)
    for i, item in enumerate(f.actions):
        seat, action = _decode(i, item)
        if game.over:
            raise _mismatch(
                f"the game is over after move {i}, the record lists {len(f.actions) - i} more"
            )
        try:
            game.apply(seat, action)
        except IllegalActionError as exc:
            raise _mismatch(
                f"move {i + 1} ({_describe(seat, action)}) is not legal in the game this "
                f"seed deals: {exc.message}"
            ) from exc
    if not game.over:
        raise _mismatch(f"the game is not over after the record's {len(f.actions)} moves")
    return game


def _show(value: object) -> str:
    if isinstance(value, list) and len(value) == 2:
        return f"{value[0]}:{value[1]}"
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _check_result(record: dict[str, Any], result: GameResult) -> None:
    claimed = record.get("result")
    if claimed is None:
        return
    if not isinstance(claimed, dict):
        raise _mismatch("'result' is not an object")
    actual = result_claims(result)
    for key, value in claimed.items():
        if key not in actual:
            raise _mismatch(f"the record claims a result {key!r} that no replay gives")
        if value != actual[key]:
            raise _mismatch(
                f"the record says {key.replace('_', ' ')} {_show(value)}, the replay gives "
                f"{_show(actual[key])}"
            )


def verify(record: object) -> Verdict:
    """Check a game's stored record: the commitment against its seed and salt, the deal
    (the first game's dealer and leader), every move on the deal the seed gives, the end
    of the game after the last move, and every result the record claims.

    A record without a commitment (a game dealt before fair deals) is replayed all the
    same; its outcome is UNSEALED when the rest holds (nothing vouches for its deal)."""
    try:
        f = _fields(record)
        sealed = f.sealed
        if sealed is not None:
            expected = commitment(sealed.series, f.number, f.seed, sealed.salt)
            if expected != sealed.commitment:
                raise _mismatch(
                    f"SHA-256 of the seed and salt is {short(expected)}…, the record's "
                    f"commitment is {short(sealed.commitment)}… (seed, salt or commitment "
                    "changed)"
                )
        game = _replay(f)
        assert isinstance(record, dict)
        result = game.result()
        _check_result(record, result)
    except _Stop as stop:
        return stop.verdict
    except EngineError as exc:  # a position the rules refuse: not a record of this engine
        return Verdict(Outcome.MISMATCH, f"does not match: {exc}")
    moves = len(f.actions)
    if sealed is None:
        return Verdict(
            Outcome.UNSEALED,
            f"game {f.number} has no commitment (the record has no fair part: a game dealt "
            f"before fair deals, or one whose fair part was removed): its {moves} moves "
            "replay and its results match, but nothing vouches for its deal",
            game,
        )
    a, b = result.card_points
    da, db = result.defeat_points
    return Verdict(
        Outcome.OK,
        f"game {f.number} of series {sealed.series}: the commitment {sealed.commitment} "
        f"matches seed and salt, the deal and all {moves} moves replay, the results match "
        f"(card points {a}:{b}, defeat points {da}:{db}); it vouches for the deal only if "
        f"the table showed this seal at the deal ({short(sealed.commitment)}…)",
        game,
    )


def hands_at_deal(record: dict[str, Any]) -> tuple[list[list[Card]], Card] | None:
    """The four hands and the trump card that a game record's seed deals (None when the
    record does not name a seed, dealer and leader)."""
    number, seed = record.get("game"), record.get("seed")
    dealer, leader = record.get("dealer"), record.get("first_leader")
    if not all(_is_int(x) for x in (number, seed, dealer, leader)):
        return None
    assert isinstance(number, int) and isinstance(seed, int)
    assert isinstance(dealer, int) and isinstance(leader, int)
    rng = game_rng(seed, number)
    if number == 1:
        rng.randrange(SEATS)
    game = Game.deal(rng, dealer % SEATS, leader % SEATS)
    return [list(h) for h in game.hands], game.trump_card


__all__ = [
    "SCHEME",
    "SHORT",
    "Outcome",
    "Verdict",
    "commitment",
    "digest",
    "hands_at_deal",
    "preimage",
    "result_claims",
    "seal",
    "short",
    "verify",
]
