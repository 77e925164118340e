"""``python -m gallery.seeds``: KOZEL_FIXED_SEED values whose first deal gives seat 0 four
cards of one (non-trump) suit while another seat opens: a molodka out of turn."""

from __future__ import annotations

from kozel_discord.bot import seed_source
from kozel_discord.engine import Series


def molodka_seeds(limit: int = 3000) -> list[int]:
    found = []
    for fixed in range(1, limit):
        game = Series(seed_source(fixed)(0)).game  # the first series of a fresh bot process
        hand = game.hands[0]
        suits = {c.suit for c in hand}
        if len(suits) == 1 and game.first_leader != 0 and game.trump not in suits:
            found.append(fixed)
    return found


if __name__ == "__main__":
    print(molodka_seeds())
