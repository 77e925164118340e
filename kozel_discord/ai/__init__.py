"""Computer players for Kozel: ``random`` (easy), ``heuristic`` (normal), ``strong`` (hard).

>>> from kozel_discord.ai import get_player
>>> bot = get_player("heuristic", seed=7)
>>> # action = bot.choose(observe(series, seat))            # on the seat's turn
>>> # maybe = bot.wants_molodka(observe(series, seat))      # out of turn: Action or None

See :mod:`kozel_discord.ai.base` for the protocol.
"""

from __future__ import annotations

from typing import Final

from .base import BasePlayer, Player
from .explain import Explanation, Why, explain
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .strong import SearchBudget, StrongPlayer

LEVELS: Final[tuple[str, ...]] = ("random", "heuristic", "strong")
LEVEL_LABELS: Final[dict[str, str]] = {"random": "easy", "heuristic": "normal", "strong": "hard"}
_ALIASES: Final[dict[str, str]] = {"easy": "random", "normal": "heuristic", "hard": "strong"}


def get_player(
    level: str, seed: int | None = None, *, budget: SearchBudget | None = None
) -> BasePlayer:
    """A computer player by level: ``random``/``heuristic``/``strong`` (or easy/normal/hard).
    ``budget``: how hard the searching level thinks (default: :class:`SearchBudget`())."""
    name = _ALIASES.get(level.strip().lower(), level.strip().lower())
    if name == "random":
        return RandomPlayer(seed)
    if name == "heuristic":
        return HeuristicPlayer(seed)
    if name == "strong":
        return (budget or SearchBudget()).player(seed)
    raise ValueError(f"unknown computer player level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = [
    "LEVELS",
    "LEVEL_LABELS",
    "BasePlayer",
    "Explanation",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "SearchBudget",
    "StrongPlayer",
    "Why",
    "explain",
    "get_player",
]
