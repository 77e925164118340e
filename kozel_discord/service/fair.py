"""Provably fair deals at a table: a salt per game, its commitment while the game runs, and
the reveal once it has ended (the scheme is the engine's, :mod:`kozel_discord.engine.fair`;
docs/fair-play.md).

Every game's salt is drawn from the operating system's randomness in the same commit that
deals the game (the seed is drawn there too, by the series' seed source) and is stored
with the table, like the seed, so that a restarted bot shows the same commitment. This
module is the one place that decides what of it may be shown: the commitment of any game
dealt with a salt, the seed and salt only of a game that has ended.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import fair
from .table import Table, TableStatus

SaltSource = Callable[[], str]


def new_salt() -> str:
    """A fresh salt: 16 bytes of the OS's randomness, as 32 lowercase hex digits."""
    return secrets.token_hex(fair.SALT_BYTES)


def draw_salts(table: Table, salt: SaltSource = new_salt) -> None:
    """Give every game dealt since the last call its salt (called in each commit, after the
    change: a deal happens only in a change)."""
    series = table.series
    if series is None:
        table.salts = []
        return
    while len(table.salts) < len(series.seeds):
        table.salts.append(salt())


def _salt(table: Table, number: int) -> str | None:
    series = table.series
    if series is None or table.series_key is None or not 1 <= number <= len(series.seeds):
        return None
    return table.salts[number - 1] if number <= len(table.salts) else None


def commitment(table: Table, number: int) -> str | None:
    """The commitment of game ``number`` of the table's series (public from its deal on);
    None for a game dealt without a salt or not dealt yet."""
    salt = _salt(table, number)
    if salt is None:
        return None
    assert table.series is not None and table.series_key is not None
    return fair.commitment(table.series_key, number, table.series.seeds[number - 1], salt)


@dataclass(frozen=True)
class Reveal:
    """What a finished game's summary shows: the line whose SHA-256 is the commitment
    shown at the deal (it holds the seed and the salt), and that commitment."""

    number: int
    seed: int
    salt: str
    line: str
    commitment: str


def reveal(table: Table, number: int) -> Reveal | None:
    """The reveal of game ``number``: only once that game has ended (None before, and for
    a game dealt without a salt)."""
    series = table.series
    if series is None or number > len(series.results):
        return None
    return _reveal(table, number)


def reveal_stopped(table: Table) -> Reveal | None:
    """A stopped table's game that was being played: its seed and salt (nobody can play it
    any more, and its players may want to check the seal shown at its deal); None while
    the table runs, and when its last game had ended (its summary revealed it)."""
    series = table.series
    if table.status is not TableStatus.STOPPED or series is None:
        return None
    number = len(series.seeds)
    if number <= len(series.results):
        return None
    return _reveal(table, number)


def _reveal(table: Table, number: int) -> Reveal | None:
    series, salt = table.series, _salt(table, number)
    if series is None or salt is None:
        return None
    assert table.series_key is not None
    seed = series.seeds[number - 1]
    line = fair.preimage(table.series_key, number, seed, salt)
    return Reveal(number, seed, salt, line, fair.digest(line))


def game_record(table: Table, number: int) -> dict[str, object]:
    """The stored record of finished game ``number``: the engine's game record, the result
    it claims and the fair part (:func:`kozel_discord.engine.fair.seal`). This is the file
    that ``kozel-discord verify`` checks."""
    series = table.series
    assert series is not None and table.series_key is not None
    record = series.game_record(number)
    start, actions = record["first_action"], record["actions"]
    assert isinstance(start, int) and isinstance(actions, list)
    auto = [i - start for i in table.auto_moves if start <= i < start + len(actions)]
    if auto:  # the moves a computer played for a human (timeout, away): not reviewed
        record["auto"] = auto
    return fair.seal(record, series.results[number - 1], table.series_key, _salt(table, number))


__all__ = [
    "Reveal",
    "commitment",
    "draw_salts",
    "game_record",
    "new_salt",
    "reveal",
    "reveal_stopped",
]
