"""Pictures of the game (Pillow): the public table, a player's private board, and the
card faces for application emojis.

Every function here is pure and thread-safe: the bot runs it in a worker process
(:mod:`..drawing`), never on the event loop. A picture depends only on what it
shows: the state it shows is summarised as a hashable key and the PNG is cached by it.

- :func:`draw_table` draws from the public observation only (``observe(series, None)``);
- :func:`draw_hand` from the observation of the seat whose board it is;
- :func:`draw_card` and :func:`card_emojis` give the 36 faces and the back at 128x128.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import CARDS, Observation
from .cards import EMOJI_SIZE, EmojiImage, back, card_emojis, draw_card, emoji_name, face
from .draw import egg, palette, png
from .hand import HandState, hand_order, hand_state, render_hand
from .model import FinishedPlay, FinishedTrick, Labels, bar_fills, last_trick
from .table import TableState, render_table, table_state

__all__ = [
    "EMOJI_SIZE",
    "EmojiImage",
    "FinishedPlay",
    "FinishedTrick",
    "Labels",
    "bar_fills",
    "card_emojis",
    "draw_card",
    "draw_hand",
    "draw_table",
    "emoji_name",
    "hand_order",
    "hand_png",
    "last_trick",
    "table_png",
    "warm_up",
]


def draw_table(obs: Observation, labels: Labels, last_trick: FinishedTrick | None = None) -> bytes:
    """The public table as a PNG (800 px wide), from ``observe(series, None)`` only.

    While no card of the current trick is down, ``last_trick`` (the trick just taken:
    :func:`last_trick` of this observation, or of the one before when that trick ended
    the game) is shown with who took it. Raises ValueError for a seat's private view.
    """
    return table_png(table_state(obs, labels, last_trick))


def draw_hand(obs: Observation, labels: Labels, last_trick: FinishedTrick | None = None) -> bytes:
    """A seat's private board as a PNG (800 px wide): its hand and the trick it sees."""
    return hand_png(hand_state(obs, labels, last_trick))


@lru_cache(maxsize=256)
def table_png(state: TableState) -> bytes:
    """The table picture of ``state`` (:func:`table_state`), cached by it."""
    return png(render_table(state))


@lru_cache(maxsize=512)
def hand_png(state: HandState) -> bytes:
    """The board picture of ``state`` (:func:`hand_state`), cached by it."""
    return png(render_hand(state))


def warm_up() -> None:
    """Build the palette and every card sprite at every size drawn, once per process (a
    fresh worker process: its first pictures then cost what later ones do, no burst of
    supersampled sprites while players wait for their boards)."""
    palette()
    for sizes, golds in (
        (((74, 104), (64, 90), (176, 246)), (False, True)),  # tricks, the hand
        (((72, 100), (40, 56)), (True,)),  # the trump card on the table and the board
    ):
        for w, h in sizes:
            for c in CARDS:
                for gold in golds:
                    face(c, w, h, gold)
    for w, h in ((74, 104), (64, 90), (72, 100), (40, 56), (30, 42)):
        back(w, h)
    egg(34)
    egg(30)
