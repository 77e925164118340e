"""A player's private board picture: their own hand, big and sorted, and the trick as
they see it (their own discards face up but dimmed: nobody else sees them)."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from ...engine import ActionKind, Card, Observation, Suit
from . import style
from .cards import back
from .draw import egg, paste_cards, pill, row_width, shown_trump, text
from .fonts import font
from .model import FinishedTrick, Labels
from .table import ShownPlay, shown_trick

W = 800
TOP = 76
TRICK_Y = TOP + 46 + 28  # 28: room for the heading of a finished trick
CARD_W, CARD_H, CARD_STEP = 64, 90, 30
HAND_Y = TRICK_Y + CARD_H + 94  # room under the trick's pill for the "Your hand" label
HAND_W, HAND_H, HAND_STEP = 176, 246, 190
H = HAND_Y + HAND_H + 24


@dataclass(frozen=True, slots=True)
class HandState:
    """Everything a private board picture shows (hashable: the cache key)."""

    labels: Labels
    seat: int
    hand: tuple[Card, ...]  # in the order shown
    trump_card: Card
    stock_size: int
    turn: int | None
    plays: tuple[ShownPlay, ...]
    marked_seat: int | None
    finished: bool
    eggs: int


def hand_order(hand: tuple[Card, ...], trump: Suit) -> tuple[Card, ...]:
    """Sorted for the eye: suit by suit, low to high, the trumps last (rightmost)."""
    return tuple(sorted(hand, key=lambda c: (c.suit is trump, c.suit, c.rank)))


def hand_state(
    obs: Observation, labels: Labels, last_trick: FinishedTrick | None = None
) -> HandState:
    if obs.seat is None:
        raise ValueError("a private board is drawn from a seat's view: observe(series, seat)")
    plays, marked, finished = shown_trick(obs, last_trick)
    return HandState(
        labels=labels,
        seat=obs.seat,
        hand=hand_order(obs.hand, obs.trump),
        trump_card=obs.trump_card,
        stock_size=obs.stock_size,
        turn=obs.turn,
        plays=plays,
        marked_seat=marked,
        finished=finished,
        eggs=obs.eggs,
    )


def render_hand(st: HandState) -> Image.Image:
    img = Image.new("RGBA", (W, H), (*style.FELT, 255))
    d = ImageDraw.Draw(img)
    _top(img, d, st)
    _trick(img, d, st)
    _hand(img, d, st)
    return img


def _top(img: Image.Image, d: ImageDraw.ImageDraw, st: HandState) -> None:
    d.rectangle((0, 0, W, TOP - 8), style.PANEL)
    tw, th = 40, 56
    img.alpha_composite(shown_trump(st.trump_card, tw, th, st.stock_size), (16, 6))
    f = font(28, 700)  # shown at about 40% on a phone: no label under 24 px
    x = 16 + tw + 12
    x += round(text(d, (x, 34), st.labels.trump, f, style.TRUMP_GOLD, 150)) + 28
    if st.stock_size:
        img.alpha_composite(back(tw, th), (x, 6))
    else:  # an empty place, as on the table (a card back beside "Stock: 0" said otherwise)
        d.rounded_rectangle((x, 6, x + tw, 6 + th), 6, None, style.MUTED_TEXT, 2)
    x += tw + 12
    text(d, (x, 34), f"{st.labels.stock}: {st.stock_size}", f, style.PANEL_TEXT, 170)
    if st.turn == st.seat:
        pill(d, (W - 110, 34), st.labels.your_turn, style.TURN, style.BLACK, 28, 200)
    elif st.turn is not None:
        who = f"{st.labels.turn}: {st.labels.seat_names[st.turn]}"
        text(d, (W - 16, 34), who, font(26, 600), style.PANEL_TEXT, 300, "rm")
    if st.eggs:
        img.alpha_composite(egg(30), (W - 46, TOP - 4))


def _trick(img: Image.Image, d: ImageDraw.ImageDraw, st: HandState) -> None:
    if not st.plays:
        return
    trump = st.trump_card.suit
    widths = [row_width(len(p.cards), CARD_W, CARD_STEP) for p in st.plays]
    # Spread the plays over the width they leave free, so that each seat's name above its
    # cards has room ("Компьютер 4" over a single card was cut to "Компь…").
    gap = max(26, min(120, (W - 32 - sum(widths)) // len(widths)))
    x = (W - sum(widths) - gap * (len(widths) - 1)) // 2
    for p, w in zip(st.plays, widths, strict=True):
        marked = p.seat == st.marked_seat
        name = st.labels.seat_names[p.seat]
        colour = style.TEAM[p.seat & 1]
        # 32 px: about 11 px on a phone, where the picture is drawn at about a third
        text(d, (x + w / 2, TRICK_Y - 22), name, font(32, 700, 75), colour, w + gap - 4, "mm")
        if marked:
            d.rounded_rectangle(
                (x - 6, TRICK_Y - 6, x + w + 6, TRICK_Y + CARD_H + 6), 12, style.WIN
            )
        paste_cards(img, x, TRICK_Y, p.cards, CARD_W, CARD_H, CARD_STEP, trump)
        if p.kind is ActionKind.DISCARD and p.cards and p.cards[0] is not None:
            veil = Image.new("RGBA", (w, CARD_H), (*style.BACK, 150))
            img.alpha_composite(veil, (x, TRICK_Y))  # my discard: face down for the others
        if marked:
            word = st.labels.took if st.finished else st.labels.winning
            pill(d, (x + w / 2, TRICK_Y + CARD_H + 24), word, style.WIN, style.BLACK, 26, w + gap)
        x += w + gap
    if st.finished:  # a trick already taken: its row's heading (four rows of backs read as
        # the others' hands when nothing said what they were)
        text(d, (16, TOP + 16), st.labels.last_trick, font(30, 700), style.WIN, W - 32)


def _hand(img: Image.Image, d: ImageDraw.ImageDraw, st: HandState) -> None:
    n = len(st.hand)
    x = (W - row_width(n, HAND_W, HAND_STEP)) // 2
    # the label over the first card (at the picture's edge, it floated away from one card)
    lx = max(24, x) if n else 24
    text(d, (lx, HAND_Y - 28), st.labels.your_hand, font(30, 700), style.PANEL_TEXT, W - 24 - lx)
    paste_cards(img, x, HAND_Y, st.hand, HAND_W, HAND_H, HAND_STEP, st.trump_card.suit)
    if n == 0:
        text(d, (W / 2, HAND_Y + HAND_H / 2), "—", font(40), style.MUTED_TEXT, None, "mm")
