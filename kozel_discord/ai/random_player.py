"""``random``: uniform over the legal actions."""

from __future__ import annotations

import random

from ..engine import Action, Observation
from .base import BasePlayer, molodka_action, require_legal


class RandomPlayer(BasePlayer):
    """Chooses uniformly among the legal actions; declares an out-of-turn molodka half the time."""

    level = "random"

    def choose(self, obs: Observation, rng: random.Random | None = None) -> Action:
        require_legal(obs)
        return self._r(rng).choice(obs.legal_actions)

    def wants_molodka(self, obs: Observation, rng: random.Random | None = None) -> Action | None:
        m = molodka_action(obs)
        if m is None:
            return None
        # Uniform over {declare, pass}.
        return m if self._r(rng).random() < 0.5 else None


__all__ = ["RandomPlayer"]
