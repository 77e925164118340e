"""The protocol every computer player follows.

A computer player is given only what its seat may know — the engine's
:class:`~kozel_discord.engine.Observation` for that seat, whose ``log`` is the
public history of the game so far with other seats' discards and draws masked —
and a ``random.Random``. It never receives the :class:`~kozel_discord.engine.Series`
or :class:`~kozel_discord.engine.Game`, so it cannot read hidden cards.

Two questions are asked of a player:

* :meth:`Player.choose` — when ``obs.turn == obs.seat``: return one of
  ``obs.legal_actions`` (a molodka among them when the seat holds one);
* :meth:`Player.wants_molodka` — when the seat holds a molodka it may declare out
  of turn (``obs.can_declare_molodka()``; usually ``obs.turn != obs.seat``):
  return that MOLODKA action to declare it now, or ``None`` to let play go on.
  The service asks the seats holding a molodka in priority order (§5.3) before
  each turn; a seat that says ``None`` may be asked again later in the trick.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..engine import Action, ActionKind, Observation


@runtime_checkable
class Player(Protocol):
    """A computer player: a level name and two decisions."""

    level: str

    def choose(self, obs: Observation, rng: random.Random | None = None) -> Action:
        """One of ``obs.legal_actions``; called when it is this seat's turn."""
        ...

    def wants_molodka(self, obs: Observation, rng: random.Random | None = None) -> Action | None:
        """The MOLODKA action to declare it out of turn now, or ``None`` to pass."""
        ...


class BasePlayer:
    """Shared plumbing: the player's own RNG (from ``seed``) when none is passed."""

    level = "base"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def _r(self, rng: random.Random | None) -> random.Random:
        return self._rng if rng is None else rng

    def __call__(self, obs: Observation, rng: random.Random | None = None) -> Action:
        """A player is also a ``Chooser`` for :mod:`kozel_discord.simulate`."""
        return self.choose(obs, rng)

    def choose(self, obs: Observation, rng: random.Random | None = None) -> Action:
        raise NotImplementedError

    def wants_molodka(self, obs: Observation, rng: random.Random | None = None) -> Action | None:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level}>"


def molodka_action(obs: Observation) -> Action | None:
    """The seat's MOLODKA action if it may declare one now."""
    for a in obs.legal_actions:
        if a.kind is ActionKind.MOLODKA:
            return a
    return None


def require_legal(obs: Observation) -> None:
    if not obs.legal_actions:
        raise ValueError(f"seat {obs.seat} has no legal action now")
