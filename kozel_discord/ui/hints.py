"""Hints at casual tables, in words: the private board's "Hint" button (``board.HintButton``)
answers with the same board,
its first line saying which move the computer would play and why (one line, from
:func:`kozel_discord.ai.explain`). The suggestion comes from the player's own observation
only (:meth:`TableService.hint`); nothing is played for them."""

from __future__ import annotations

from ..ai import Explanation
from ..engine import Action
from ..i18n import t
from ..service import Hint
from . import render
from .emojis import CARD_EMOJIS


def move_text(action: Action, locale: str) -> str:
    """The suggested move in words: "beat with 10♥ 10♦", "discard 6☘", "lead A♤" (the cards
    as emojis once uploaded: the hint is a line of the private board), as the move menu
    names them."""
    cards = CARD_EMOJIS.inline(action.cards, locale, " ")
    return t(render.move_key("hints.move_", action.kind, len(action.cards)), locale, cards=cards)


def reason_text(reason: Explanation, locale: str) -> str:
    return t(f"hints.reason_{reason.why.value}", locale, points=reason.points, n=reason.count)


def hint_line(hint: Hint, locale: str) -> str:
    """The board's first line for a hint: the move and its one-line reason."""
    return t(
        "hints.line",
        locale,
        move=move_text(hint.action, locale),
        reason=reason_text(hint.reason, locale),
    )
