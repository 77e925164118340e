"""JSON snapshots of a series (for the database): exact round trip, strict loading.

A snapshot holds the full state and the record (each game's seed, the target and the
actions: the current game's seed included, the next game's not yet drawn). Loading checks
the format and version, every card and number, the engine's invariants, and
that replaying the record gives exactly the stored state, so a corrupt or
tampered snapshot is refused with :class:`SnapshotError` instead of being played.
Snapshots of version 1 (a series seed instead of per-game seeds) still load.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .actions import ActionKind
from .cards import Card, card
from .errors import CardParseError, SnapshotError
from .events import Event, EventKind, Play
from .game import Game
from .scoring import GameResult
from .series import LEGACY_RECORD_VERSION, RECORD_VERSION, SERIES_TARGET, SeedSource, Series

SNAPSHOT_FORMAT = "kozel-series"
SNAPSHOT_VERSION = 2
LEGACY_SNAPSHOT_VERSION = 1  # its record has a series seed; read, never written


def _codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    if type(cards) is tuple:
        return list(_tuple_codes(cards))
    return [c.code for c in cards]


@lru_cache(maxsize=1 << 16)
def _tuple_codes(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(c.code for c in cards)


def _result_to_json(r: GameResult) -> dict[str, Any]:
    return {
        "dealer": r.dealer,
        "first_leader": r.first_leader,
        "trump_card": r.trump_card.code,
        "card_points": list(r.card_points),
        "tricks": list(r.tricks),
        "defeat_points": list(r.defeat_points),
        "eggs": r.eggs,
        "winner": r.winner,
        "last_trick_taker": r.last_trick_taker,
    }


def to_snapshot(series: Series) -> dict[str, Any]:
    """The whole state of ``series`` as JSON-compatible data."""
    g = series.game
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "record": series.record(),
        "number": series.number,
        "defeat_points": list(series.defeat_points),
        "eggs": series.eggs,
        "results": [_result_to_json(r) for r in series.results],
        "game": {
            "dealer": g.dealer,
            "first_leader": g.first_leader,
            "trump_card": g.trump_card.code,
            "hands": [_codes(h) for h in g.hands],
            "stock": _codes(g.stock),
            "piles": [_codes(p) for p in g.piles],
            "tricks": list(g.tricks),
            "opener": g.opener,
            "lead_seat": g.lead_seat,
            "k": g.k,
            "plays": [[p.seat, p.kind.value, _codes(p.cards)] for p in g.plays],
            "top": _codes(g.top),
            "top_seat": g.top_seat,
            "molodka_seat": g.molodka_seat,
            "turn": g.turn,
            "last_taker": g.last_taker,
            "log": [[e.kind.value, e.seat, _codes(e.cards), e.size] for e in g.log],
        },
    }


def _cards(raw: Any) -> list[Card]:
    if not isinstance(raw, list):
        raise SnapshotError("a list of cards was expected")
    return [card(x) for x in raw]


def _seat(raw: Any, *, optional: bool = False) -> Any:
    if raw is None and optional:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < 4:
        raise SnapshotError(f"{raw!r} is not a seat")
    return raw


def _game_from_json(d: Any) -> Game:
    if not isinstance(d, dict):
        raise SnapshotError("'game' must be an object")
    g = Game.__new__(Game)
    g._legal = None
    g.dealer = _seat(d["dealer"])
    g.first_leader = _seat(d["first_leader"])
    g.trump_card = card(d["trump_card"])
    g.trump = g.trump_card.suit
    g.hands = [_cards(h) for h in d["hands"]]
    if len(g.hands) != 4:
        raise SnapshotError("there must be four hands")
    g.stock = _cards(d["stock"])
    g.piles = [_cards(p) for p in d["piles"]]
    g.tricks = [int(t) for t in d["tricks"]]
    g.opener = _seat(d["opener"])
    g.lead_seat = _seat(d["lead_seat"], optional=True)
    g.k = int(d["k"])
    g.plays = [Play(_seat(s), ActionKind(kind), tuple(_cards(cs))) for s, kind, cs in d["plays"]]
    g.top = tuple(_cards(d["top"]))
    g.top_seat = _seat(d["top_seat"])
    g.molodka_seat = _seat(d["molodka_seat"], optional=True)
    g.turn = _seat(d["turn"], optional=True)
    g.last_taker = _seat(d["last_taker"], optional=True)
    g.log = [Event(EventKind(k), _seat(s), tuple(_cards(cs)), int(n)) for k, s, cs, n in d["log"]]
    return g


def _upgrade(data: Any) -> Any:
    """A version-1 snapshot in today's form: every game so far was dealt from the series
    seed (the default source), so its per-game seeds are that seed, ``number`` times."""
    if not isinstance(data, dict) or data.get("version") != LEGACY_SNAPSHOT_VERSION:
        return data
    record = data.get("record")
    if not isinstance(record, dict) or record.get("version") != LEGACY_RECORD_VERSION:
        raise SnapshotError("the snapshot's record is missing or of an unknown version")
    seed, number = record.get("seed"), data.get("number")
    if not isinstance(seed, int) or not isinstance(number, int) or not 1 <= number <= 10_000:
        raise SnapshotError("corrupt snapshot: a version-1 record needs a seed and a number")
    upgraded = {
        "version": RECORD_VERSION,
        "target": SERIES_TARGET,
        "seeds": [seed] * number,
        "actions": record.get("actions"),
        "seed": seed,
    }
    return {**data, "version": SNAPSHOT_VERSION, "record": upgraded}


def from_snapshot(data: Any, *, seed_source: SeedSource | None = None) -> Series:
    """Load a snapshot made by :func:`to_snapshot`; raise :class:`SnapshotError` if bad.

    ``seed_source`` deals the games after the current one (see :class:`Series`); without
    it a series dealt from a series seed keeps that default, any other cannot finish its
    current game.
    """
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError("not a kozel series snapshot")
    if data.get("version") not in (SNAPSHOT_VERSION, LEGACY_SNAPSHOT_VERSION):
        raise SnapshotError(
            f"snapshot version {data.get('version')!r} is not supported "
            f"(this build reads versions {LEGACY_SNAPSHOT_VERSION} and {SNAPSHOT_VERSION})"
        )
    data = _upgrade(data)
    try:
        record = data["record"]
        if not isinstance(record, dict) or record.get("version") != RECORD_VERSION:
            raise SnapshotError("the snapshot's record is missing or of an unknown version")
        # Parse the stored position first: it gives precise errors for bad cards and
        # positions that break the invariants (36 cards once each, equal hands).
        _game_from_json(data["game"]).check_invariants()
        replayed = Series.replay(record)
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, AssertionError, CardParseError) as exc:
        raise SnapshotError(f"corrupt snapshot: {exc}") from exc
    # The stored state must be exactly what its own record produces.
    if to_snapshot(replayed) != data:
        raise SnapshotError("corrupt snapshot: the state does not match its record")
    if seed_source is not None:
        replayed.seed_source = seed_source
    return replayed
