"""The alternative text of every picture the bot shows (a MediaGallery item's
``description``): what a screen reader says instead of "table.png", and what a client that
shows no images shows. One short plain paragraph, from the same observation as the picture:
the public one for the table and a replay step, the seat's own for its private board.

The cards are written with the standard suit characters (♠ ♥ ♦ ♣), which screen readers
name ("10 heart suit"), not with the colour-safe marks of the visible text (♤ ☘: "white
spade suit", "shamrock"): nobody sees this text drawn. A discard stays face down here as
in the picture; names are plain (no mentions, which alternative text does not resolve).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card, Observation, PlayView, Suit
from ..i18n import t
from ..service import Seat
from . import render

# Discord refuses a media item's description over 1,024 characters (OpenAPI:
# MediaGalleryItemRequest.description maxLength).
MAX_ALT = 1024
_SUIT = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}


def card(c: Card) -> str:
    return f"{c.rank.label}{_SUIT[c.suit]}"


def cards(cs: Sequence[Card]) -> str:
    return " ".join(card(c) for c in cs)


def _name(seats: Sequence[Seat | None], i: int, locale: str) -> str:
    seat = seats[i]
    return render.plain_name(seat, locale) if seat is not None else t("seat.empty", locale)


def play(seats: Sequence[Seat | None], p: PlayView, locale: str) -> str:
    """One play: "Bob: 10♥", a discard "Bob: 2 cards face down"."""
    who = _name(seats, p.seat, locale)
    if not p.face_up:
        return t("alt.discard", locale, who=who, n=p.count)
    return t("alt.play", locale, who=who, cards=cards(p.cards))


def plays(seats: Sequence[Seat | None], trick: Sequence[PlayView], locale: str) -> str:
    return "; ".join(play(seats, p, locale) for p in trick)


def _trick(seats: Sequence[Seat | None], obs: Observation, locale: str) -> str:
    if obs.trick:
        return t("alt.on_table", locale, plays=plays(seats, obs.trick, locale))
    if obs.taken:  # the picture keeps the trick just taken until the next lead
        last = obs.taken[-1]
        return t(
            "alt.last_trick",
            locale,
            plays=plays(seats, last.plays, locale),
            who=_name(seats, last.taker, locale),
        )
    return t("alt.no_cards", locale)


def _fit(text: str) -> str:
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def table(seats: Sequence[Seat | None], obs: Observation, locale: str) -> str:
    """The public table picture (and a replay step's, which is drawn the same way)."""
    trump = card(obs.trump_card)
    return _fit(t("alt.table", locale, trump=trump, trick=_trick(seats, obs, locale)))


def hand(seats: Sequence[Seat | None], obs: Observation, locale: str) -> str:
    """A seat's private board picture: its own hand (only its owner sees the board)."""
    mine = cards(obs.hand) if obs.hand else t("alt.no_hand", locale)
    trump = card(obs.trump_card)
    text = t("alt.hand", locale, cards=mine, trump=trump, trick=_trick(seats, obs, locale))
    return _fit(text)
