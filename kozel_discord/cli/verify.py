"""``kozel-discord verify RECORD.json`` and ``kozel-discord simulate --record FILE``: check
and replay a finished game's stored record (the file the bot's "Export" gives;
docs/fair-play.md).

``verify`` prints one line and exits with:

* 0 -- the commitment matches the seed and salt, the seed deals the game, every move is
  legal on that deal, the game ends with the last one and every result the record
  claims is what the replay gives;
* 1 -- something does not match (the line says what: the record was changed);
* 3 -- the file cannot be read or is not a kozel game record;
* 4 -- a game record without a commitment (dealt before fair deals, or its fair part
  removed): nothing to check it against.

(2 is argparse's: a wrong command line.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ..engine import EventKind, Game, Series, SnapshotError, fair, team_of
from .output import marks

EXIT_OK = 0
EXIT_MISMATCH = 1
EXIT_UNREADABLE = 3
EXIT_UNSEALED = 4

EXIT_OF = {
    fair.Outcome.OK: EXIT_OK,
    fair.Outcome.MISMATCH: EXIT_MISMATCH,
    fair.Outcome.UNREADABLE: EXIT_UNREADABLE,
    fair.Outcome.UNSEALED: EXIT_UNSEALED,
}


class Unreadable(Exception):
    """The file could not be read as JSON (the message says why, in one line)."""


def load(path: str) -> Any:
    """The JSON data of ``path`` (``-``: standard input)."""
    try:
        # utf-8-sig: Windows Notepad saves a byte-order mark in front of the JSON
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise Unreadable(f"cannot read the file: {getattr(exc, 'strerror', None) or exc}") from exc
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except ValueError as exc:
        raise Unreadable(f"not JSON: {exc}") from exc
    except RecursionError as exc:  # [[[[…]]]] a thousand deep: no record is like that
        raise Unreadable("not a kozel game record: its JSON is nested too deeply") from exc


def verify_command(path: str, out: TextIO | None = None) -> int:
    """Check the game record in ``path``; one line; the exit code."""
    out = out or sys.stdout
    mark = marks(out)
    try:
        verdict = fair.verify(load(path))
    except Unreadable as exc:
        print(f"{mark['fail']} {path}: {exc}", file=out)
        return EXIT_UNREADABLE
    print(f"{mark['ok'] if verdict.ok else mark['fail']} {path}: {verdict.line}", file=out)
    return EXIT_OF[verdict.outcome]


# ---------------------------------------------------------------------- replay
def _teams(pair: tuple[int, int] | list[int]) -> str:
    return f"A {pair[0]} · B {pair[1]}"


def _seat(seat: int) -> str:
    return f"seat {seat + 1} ({'AB'[team_of(seat)]})"


def _tricks(game: Game) -> list[str]:
    """Every trick of a finished game, every card face up (the record holds them all)."""
    lines: list[str] = []
    plays: list[str] = []
    for e in game.log:
        cards = " ".join(c.label for c in e.cards)
        if e.kind in (EventKind.LEAD, EventKind.BEAT, EventKind.DISCARD, EventKind.MOLODKA):
            plays.append(f"{_seat(e.seat)} {e.kind.value} {cards}")
        elif e.kind is EventKind.RETURN:
            plays.append("(the cards go back: a molodka)")
        elif e.kind is EventKind.TAKE:
            lines.append(f"trick {len(lines) + 1}: {' · '.join(plays)} → {_seat(e.seat)}")
            plays = []
    return lines


def _game_lines(record: dict[str, Any], verdict: fair.Verdict, game: Game) -> list[str]:
    r = game.result()
    sealed = record.get("fair")
    series = f" of series {sealed['series']}" if isinstance(sealed, dict) else ""
    lines = [
        f"game {record['game']}{series} · seed {record['seed']} · dealer {_seat(r.dealer)}"
        f" · {_seat(r.first_leader)} leads first",
        f"trump: {r.trump_card.label}",
    ]
    dealt = fair.hands_at_deal(record)
    if dealt is not None:
        for seat, hand in enumerate(dealt[0]):
            lines.append(f"dealt to {_seat(seat)}: {' '.join(c.label for c in hand)}")
    lines += _tricks(game)
    outcome = "eggs (60:60)" if r.eggs else f"team {'AB'[r.loser or 0]} loses ({r.reason.value})"
    lines += [
        f"card points:    {_teams(r.card_points)}",
        f"tricks:         {_teams(r.tricks)}",
        f"defeat points:  {_teams(r.defeat_points)} · {outcome}",
        f"last trick:     {_seat(r.last_trick_taker)}",
    ]
    lines.append(f"fair deal:      {verdict.line}")
    return lines


def _series_lines(record: dict[str, Any]) -> list[str]:
    series = Series.replay(record)
    lines = [f"series to {series.target} defeat points · {len(series.results)} games finished"]
    for n, r in enumerate(series.results, start=1):
        lines.append(
            f"game {n}: card points {_teams(r.card_points)} · defeat points "
            f"{_teams(r.defeat_points)}" + (" · eggs" if r.eggs else "")
        )
    lines.append(f"defeat points:  {_teams(series.defeat_points)} · eggs {series.eggs}")
    outcome = series.outcome()
    if outcome is None:
        lines.append(f"the series is not over: game {series.number} is being played")
    else:
        lines.append(f"the goats:      team {'AB'[outcome.goats]}")
    return lines


def replay_command(path: str, out: TextIO | None = None) -> int:
    """Replay a game record (or a whole series' record) and print what happened."""
    out = out or sys.stdout
    try:
        record = load(path)
    except Unreadable as exc:
        print(f"kozel-discord simulate: {path}: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    if isinstance(record, dict) and "seeds" in record:  # a series record (Series.record)
        try:
            lines = _series_lines(record)
        except SnapshotError as exc:
            print(
                f"kozel-discord simulate: {path}: the series does not replay: {exc}",
                file=sys.stderr,
            )
            return EXIT_MISMATCH
        print("\n".join(lines), file=out)
        return EXIT_OK
    verdict = fair.verify(record)
    if verdict.game is None:
        print(f"kozel-discord simulate: {path}: {verdict.line}", file=sys.stderr)
        return EXIT_OF[verdict.outcome]
    assert isinstance(record, dict)
    print("\n".join(_game_lines(record, verdict, verdict.game)), file=out)
    return EXIT_OK


__all__ = [
    "EXIT_MISMATCH",
    "EXIT_OK",
    "EXIT_UNREADABLE",
    "EXIT_UNSEALED",
    "replay_command",
    "verify_command",
]
