"""The public table picture: seats, the trick, trump and stock, and the score.

Drawn from a :class:`TableState`, a hashable summary of what the picture shows, taken
from the public observation only; equal states give the same PNG (and hit the cache).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from ...engine import SERIES_TARGET, ActionKind, Card, Observation, Suit, team_of
from . import style
from .cards import back
from .draw import Box, egg, paste_cards, pill, row_width, shown_trump, text
from .fonts import Font, clean, fit, font
from .model import FinishedTrick, Labels, bar_fills

W, H = 800, 784
HEADER = 112
CARD_W, CARD_H, CARD_STEP = 74, 104, 38
# Where each seat sits, by its place relative to the bottom seat: bottom, left, top, right.
SEAT_BOX: tuple[Box, Box, Box, Box] = (
    (230, H - 136, 570, H - 38),  # its "Turn" pill below it, inside the felt's edge
    # the side seats 194 px wide: "Компьютер 2" at 28 px (at 184 it shrank to 24, beside
    # names of 32), their plays of 4 cards a little closer together
    (12, 380, 206, 478),
    (230, HEADER + 20, 570, HEADER + 118),  # its 30-px "Turn" pill clear of the score
    (W - 206, 380, W - 12, 478),
)
TRICK_TOP = HEADER + 138
SIDE_GAP = 24  # px at least between the two side seats' plays (4 cards each)
FADE_TAKER, FADE_OTHERS = 80, 120  # alpha of the felt over a taken trick's cards
# Sizes of the words: a phone shows the picture at about 40%, where 24 px read as 10 (the
# pills were 22 and 24 px, the labels 24, then 26: players still found them too small).
LABEL, PILL, TURN_PILL = 28, 28, 30
SCORE, NAME = 32, 32  # the score's numbers and the seats' names: what a player looks for


@dataclass(frozen=True, slots=True)
class ShownPlay:
    seat: int
    kind: ActionKind
    cards: tuple[Card | None, ...]  # None: a card face down


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything the table picture shows (hashable: the cache key)."""

    labels: Labels
    bottom: int
    hand_sizes: tuple[int, int, int, int]
    turn: int | None
    dealer: int | None  # None once the game is over (no one deals it any more)
    trump_card: Card
    stock_size: int
    tricks: tuple[int, int]
    defeat_points: tuple[int, int]
    eggs: int
    game_number: int
    plays: tuple[ShownPlay, ...]
    marked_seat: int | None  # the play that wins (or, for a finished trick, took) the trick
    finished: bool  # the plays are the last trick, already taken
    goats: int | None
    target: int = SERIES_TARGET  # the defeat points that lose the series


def shown_trick(
    obs: Observation, last_trick: FinishedTrick | None
) -> tuple[tuple[ShownPlay, ...], int | None, bool]:
    """The plays a picture shows, the seat it marks and whether they are a taken trick: the
    trick in play with the faces the view has (a seat sees its own discards), its top
    seat marked; between tricks, the trick just taken, discards face down, its taker
    marked."""
    plays = tuple(ShownPlay(p.seat, p.kind, p.cards or (None,) * p.count) for p in obs.trick)
    if plays or last_trick is None or obs.series_over:
        return plays, (obs.top_seat if plays else None), False
    taken = tuple(
        ShownPlay(p.seat, p.kind, p.cards if p.face_up else (None,) * p.count)
        for p in last_trick.plays
    )
    return taken, last_trick.taker, True


def table_state(
    obs: Observation, labels: Labels, last_trick: FinishedTrick | None = None
) -> TableState:
    if obs.seat is not None:
        raise ValueError("the table picture is drawn from the public view: observe(series, None)")
    plays, marked, finished = shown_trick(obs, last_trick)
    return TableState(
        labels=labels,
        bottom=0,
        hand_sizes=obs.hand_sizes,
        turn=obs.turn,
        dealer=None if obs.game_over else obs.dealer,
        trump_card=obs.trump_card,
        stock_size=obs.stock_size,
        tricks=obs.tricks,
        defeat_points=obs.defeat_points,
        eggs=obs.eggs,
        game_number=obs.game_number,
        plays=plays,
        marked_seat=marked,
        finished=finished,
        goats=obs.goats,
        target=obs.target,
    )


def render_table(st: TableState) -> Image.Image:
    img = Image.new("RGBA", (W, H), (*style.FELT, 255))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((4, HEADER + 2, W - 5, H - 5), 28, None, style.FELT_LINE, 3)
    _header(d, st)
    for seat in range(4):
        _seat(img, d, st, seat)
    _stock(img, d, st)
    _game_box(img, d, st)
    _trick(img, d, st)
    return img


def _place(st: TableState, seat: int) -> int:
    return (seat - st.bottom) % 4


# ---------------------------------------------------------------- header: the score
def _header(d: ImageDraw.ImageDraw, st: TableState) -> None:
    half = (W - 36) // 2
    for team in (0, 1):
        x0 = 12 + team * (half + 12)
        box = (x0, 10, x0 + half, HEADER - 8)
        d.rounded_rectangle(box, 16, style.PANEL, style.TEAM[team], 3)
        colour = style.TEAM[team]
        tricks = f"{st.labels.tricks}: {st.tricks[team]}"
        tf = font(SCORE, 700)
        tw = tf.getlength(tricks)
        text(d, (box[2] - 16, box[1] + 26), tricks, tf, style.PANEL_TEXT, anchor="rm")
        name = st.labels.team_names[team]
        text(d, (x0 + 16, box[1] + 26), name, font(SCORE, 700), colour, half - 48 - tw)
        dp = st.defeat_points[team]
        score = f"{dp}/{st.target}"
        sf = font(SCORE, 800)
        text(d, (box[2] - 16, box[1] + 62), score, sf, style.PANEL_TEXT, anchor="rm")
        label_w = half - 48 - sf.getlength(score)
        label = st.labels.defeat_points
        text(d, (x0 + 16, box[1] + 62), label, font(LABEL), style.MUTED_TEXT, label_w)
        # the defeat points toward the series target, as the summaries' bars: a segment
        # per two points
        bx0, bx1, by = x0 + 16, box[2] - 16, box[3] - 16
        fills = bar_fills(dp, st.target)
        seg = (bx1 - bx0) / len(fills)
        for i, full in enumerate(fills):
            left, right = round(bx0 + i * seg), round(bx0 + (i + 1) * seg) - 4
            d.rectangle((left, by, right, by + 8), (86, 90, 100))  # empty, seen at 40%
            if full:
                d.rectangle((left, by, round(left + (right - left) * full), by + 8), colour)
        if st.goats == team:
            pill(d, ((box[0] + box[2]) / 2, box[3]), st.labels.goats, style.GOATS, style.BLACK, 22)


# ---------------------------------------------------------------- seats
def _seat(img: Image.Image, d: ImageDraw.ImageDraw, st: TableState, seat: int) -> None:
    x0, y0, x1, y1 = SEAT_BOX[_place(st, seat)]
    team = team_of(seat)
    turn = st.turn == seat
    if turn:
        d.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), 20, style.TURN)
    d.rounded_rectangle((x0, y0, x1, y1), 16, style.PANEL, style.TEAM[team], 4)
    d.rectangle((x0 + 4, y0 + 14, x0 + 11, y1 - 14), style.TEAM[team])
    if seat == st.dealer:
        # The word on the box's lower edge, right (a lone "D" meant nothing to a newcomer;
        # the name, the hand and the turn pill above keep their room).
        size = PILL  # a phone shows the picture at about 40%
        label = st.labels.dealer
        centre: tuple[float, float]
        if _place(st, seat):
            # its top just below the card backs (they end 10 px above the edge; a pill is
            # 1.45 times its size tall)
            centre, right, room = (x1 - 8, y1 - 9 + size * 1.45 / 2), True, x1 - x0 - 80
        else:
            # The bottom seat's lower edge holds its "Turn" pill (its upper edge is near its
            # own play): "Dealer" on the right edge, clear of it ("Turn Dealer", 13 px
            # apart on one edge, read as one label), level with the card backs, which
            # leave the box's right part empty (level with the name, it covered a long
            # name's end).
            centre, right, room = (x1, y1 - 31), False, 2 * (W - x1 - 8)
        # grey: a fact, where the white "Turn" is the state to act on
        pill(d, centre, label, style.MUTED_TEXT, style.PANEL, size, room, right=right)
    name = st.labels.seat_names[seat]
    room = x1 - x0 - 36
    text(d, (x0 + 22, y0 + 28), name, name_font(name, room), style.PANEL_TEXT, room)
    n = st.hand_sizes[seat]
    bw, bh, step = 30, 42, 22
    by = y1 - bh - 10
    for i in range(n):
        sprite = back(bw, bh)
        img.alpha_composite(sprite, (x0 + 22 + i * step, by))
    if n == 0:  # in words: a dash read as "unknown"
        text(d, (x0 + 22, by + bh / 2), st.labels.no_cards, font(28), style.MUTED_TEXT, room)
    if turn:  # on the box's outer edge: over the bottom seat's box it touched the frame
        # of that seat's play (below that box the picture keeps room for it: it hung over
        # the felt's edge)
        cy = y0 - 4 if _place(st, seat) else y1 + 6
        # centred: left of the middle it covered the bottom seat's card backs
        pill(d, ((x0 + x1) / 2, cy), st.labels.turn, style.TURN, style.BLACK, TURN_PILL)


def name_font(name: str, room: float) -> Font:
    """The font a seat's name is drawn in: condensed, then smaller, before a long name is
    cut ("Компьютер 2" in a side seat)."""
    for size, width in ((NAME, 100), (NAME, 75), (28, 75), (24, 75), (22, 75)):
        f = font(size, 700, width)
        if fit(name, f, room) == clean(name):
            break
    return f


# ---------------------------------------------------------------- stock and trump
STOCK_X, PILE_Y, PILE_W, PILE_H = 24, HEADER + 22, 72, 100
# The trump card right of the stock: its caption 16 px or more clear of the stock's in every
# language ("Колода Козырь", 9 px apart, read as one phrase), the card left of the top seat's
# box (the caption lies below that box).
TRUMP_X = STOCK_X + PILE_W + 50
STOCK_CAPTION_X, TRUMP_CAPTION_X = STOCK_X + PILE_W / 2 + 3, TRUMP_X + PILE_W / 2
CAPTION_ROOM = 110  # px: "Колода" is 99 at 28 px


def _stock(img: Image.Image, d: ImageDraw.ImageDraw, st: TableState) -> None:
    x, y, w, h = STOCK_X, PILE_Y, PILE_W, PILE_H
    if st.stock_size:
        for i in range(min(3, st.stock_size)):
            img.alpha_composite(back(w, h), (x + i * 3, y + i * 3))
    else:
        d.rounded_rectangle((x, y, x + w, y + h), 8, None, style.FELT_LINE, 3)
    count = str(st.stock_size)
    cx, cy = x + w / 2 + 3, y + h / 2 + 3
    d.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), style.PANEL, style.PANEL_TEXT, 2)
    d.text((cx, cy), count, fill=style.PANEL_TEXT, font=font(26, 800), anchor="mm")
    img.alpha_composite(shown_trump(st.trump_card, w, h, st.stock_size), (TRUMP_X, y))
    f = font(LABEL, 600)
    text(d, (STOCK_CAPTION_X, y + h + 24), st.labels.stock, f, style.PANEL_TEXT, CAPTION_ROOM, "mm")
    text(d, (TRUMP_CAPTION_X, y + h + 24), st.labels.trump, f, style.TRUMP_GOLD, CAPTION_ROOM, "mm")


def _game_box(img: Image.Image, d: ImageDraw.ImageDraw, st: TableState) -> None:
    x1, y = W - 24, HEADER + 40
    label = f"{st.labels.game} {st.game_number}"
    text(d, (x1, y), label, font(LABEL, 700), style.PANEL_TEXT, 190, "rm")
    if st.eggs:
        size = 34
        e = egg(size)
        shown = min(st.eggs, 3)
        ex = x1 - shown * (size - 6) - 6
        for i in range(shown):
            img.alpha_composite(e, (ex + i * (size - 6), y + 30))
        cap = f"{st.labels.eggs}: {st.eggs}"
        text(d, (ex - 10, y + 30 + size / 2), cap, font(LABEL, 600), style.EGG, 140, "rm")
    if st.finished and st.labels.last_trick:  # the trick in the middle is the last one,
        # already taken (a replay's text says which trick it is): a label as the "Took it"
        # one, so that the two read together
        ly: float = y + (80 if st.eggs else 40)
        label, size = last_trick_pill(st.labels.last_trick)
        ly += label.count("\n") * size * 1.15 / 2  # a second line grows it downwards
        pill(d, (x1, ly), label, style.WIN, style.BLACK, size, LAST_TRICK_ROOM - size, right=True)


# the "Last trick" pill ends under "Game 1" and starts right of the top seat's turn ring
LAST_TRICK_ROOM = (W - 24) - (SEAT_BOX[2][2] + 14)


def last_trick_pill(words: str) -> tuple[str, int]:
    """The "Last trick" pill's words and size: right of the top seat's box and its turn
    ring ("Прошлая взятка" at 24 px covered the box's edge). Words too wide for one line go
    on two at full size (shrunk to 20 px, "Прошлая взятка" was the smallest text on a
    phone), and only then get smaller before they are cut."""
    room = LAST_TRICK_ROOM - PILL
    words = clean(words)
    if font(PILL, 700).getlength(words) <= room:
        return words, PILL
    two = two_lines(words)
    if two is not None and all(font(PILL, 700).getlength(line) <= room for line in two):
        return "\n".join(two), PILL
    for size in (24, 22, 20):
        label = fit(words, font(size, 700), LAST_TRICK_ROOM - size)
        if label == words:
            break
    return label, size


def two_lines(words: str) -> tuple[str, str] | None:
    """``words`` broken at the space that makes the longer line shortest (None: one word)."""
    cuts = [i for i, ch in enumerate(words) if ch == " "]
    if not cuts:
        return None
    i = min(cuts, key=lambda i: max(len(words[:i]), len(words[i + 1 :])))
    return words[:i], words[i + 1 :]


# ---------------------------------------------------------------- the trick
def _step(place: int, n: int) -> int:
    """How far apart the ``n`` cards of a play at ``place`` are: the side seats' plays are
    squeezed so that two of 4 cards stay apart (else they read as one row of 8)."""
    if place in (0, 2) or n < 2:
        return CARD_STEP
    room = (SEAT_BOX[3][0] - SEAT_BOX[1][2] - 2 * 16 - SIDE_GAP) // 2
    return min(CARD_STEP, (room - CARD_W) // (n - 1))


def _play_box(place: int, n: int) -> tuple[int, int]:
    """Top-left corner of a play of ``n`` cards laid by the seat at ``place``."""
    width = row_width(n, CARD_W, _step(place, n))
    mid_y = (SEAT_BOX[1][1] + SEAT_BOX[1][3]) // 2 - CARD_H // 2
    if place == 0:
        # low, near its seat (the turn pill is on the seat's far edge): its pill above
        # keeps clear of the side seats' plays
        return (W - width) // 2, SEAT_BOX[0][1] - 20 - CARD_H
    if place == 2:
        return (W - width) // 2, TRICK_TOP
    if place == 1:
        return SEAT_BOX[1][2] + 16, mid_y
    return SEAT_BOX[3][0] - 16 - width, mid_y


def _trick(img: Image.Image, d: ImageDraw.ImageDraw, st: TableState) -> None:
    trump: Suit = st.trump_card.suit
    boxes: dict[int, Box] = {}
    for p in st.plays:
        place = _place(st, p.seat)
        x, y = _play_box(place, len(p.cards))
        step = _step(place, len(p.cards))
        if p.seat == st.marked_seat:
            bw = row_width(len(p.cards), CARD_W, step)
            d.rounded_rectangle((x - 7, y - 7, x + bw + 7, y + CARD_H + 7), 14, style.WIN)
        boxes[p.seat] = box = paste_cards(img, x, y, p.cards, CARD_W, CARD_H, step, trump)
        # A taken trick: the taker's play stands out. On a live table the whole trick is
        # faded (a player read the last trick, still in the middle, as the trick to answer);
        # a replay step (no "Last trick" heading) shows the trick it stepped to unfaded.
        alpha = 0
        if st.finished and p.seat != st.marked_seat:
            alpha = FADE_OTHERS
        elif st.finished and st.labels.last_trick:
            alpha = FADE_TAKER
        if alpha:
            veil = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (*style.FELT, alpha))
            img.alpha_composite(veil, (box[0], box[1]))
    for p in st.plays:
        x0, y0, x1, y1 = boxes[p.seat]
        words = []
        if p.kind is ActionKind.MOLODKA or (p.kind is ActionKind.LEAD and len(p.cards) == 4):
            words.append(st.labels.molodka)
        if p.seat == st.marked_seat:
            words.append(st.labels.took if st.finished else st.labels.winning)
        if words:
            cy = y1 + 22 if _place(st, p.seat) == 2 else y0 - 22
            marked = p.seat == st.marked_seat
            bg = style.WIN if marked else style.PANEL_TEXT
            pill(d, ((x0 + x1) / 2, cy), " · ".join(words), bg, style.BLACK, PILL, 260)
