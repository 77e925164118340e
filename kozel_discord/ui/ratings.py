"""The league rating as players read it: openskill's conservative ordinal (mu - 3 sigma,
0 for a new player, about 25 at best) on a scale that starts at 1000, in whole points, and
how far a game moved it. Shown as it was, a new player who lost a series was "−2.5" and
still first in the league."""

from __future__ import annotations

from babel.numbers import format_decimal

from ..i18n import lang_of
from ..service.league import rating_points


def shown_rating(rating: float) -> int:
    """The rating on the players' scale, in whole points (the league's own: its places
    are shared by equal points)."""
    return rating_points(rating)


def _digits(n: int, locale: str) -> str:
    """A whole number in the reader's digits, without grouping."""
    return format_decimal(abs(n), "0", locale=lang_of(locale))


def rating_text(rating: float, locale: str) -> str:
    """The rating on the players' scale, in the reader's digits, a negative one (possible
    only far below every newcomer) with a minus sign, not a hyphen."""
    shown = shown_rating(rating)
    return ("\u2212" if shown < 0 else "") + _digits(shown, locale)


def rating_shift_text(before: float, after: float, locale: str) -> str:
    """How far a rating moved on the players' scale, signed: "+12", "−8", "±0"."""
    shift = shown_rating(after) - shown_rating(before)
    sign = "+" if shift > 0 else "\u2212" if shift < 0 else "±"
    return sign + _digits(shift, locale)
