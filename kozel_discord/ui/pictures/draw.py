"""Drawing helpers shared by the table and the hand pictures."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from ...engine import Card, Suit
from . import style
from .cards import back, face
from .fonts import Font, fit, font

Box = tuple[int, int, int, int]


def png(img: Image.Image) -> bytes:
    """PNG bytes of ``img``, reduced to a 256-colour palette (a third of the size)."""
    buf = io.BytesIO()
    img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buf, "PNG", compress_level=6
    )
    return buf.getvalue()


def text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    f: Font,
    fill: style.RGB,
    max_width: float | None = None,
    anchor: str = "lm",
) -> float:
    """Draw ``s`` (ellipsised to ``max_width``); returns the width drawn."""
    if max_width is not None:
        s = fit(s, f, max_width)
    d.text(xy, s, fill=fill, font=f, anchor=anchor)
    return f.getlength(s)


def pill(
    d: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    s: str,
    bg: style.RGB,
    fg: style.RGB,
    size: int = 22,
    max_width: float = 260,
) -> Box:
    """A rounded label centred on ``centre``; returns its box."""
    f = font(size, 700)
    s = fit(s, f, max_width)
    w = f.getlength(s) + size
    h = size * 1.45
    x0, y0 = centre[0] - w / 2, centre[1] - h / 2
    box = (round(x0), round(y0), round(x0 + w), round(y0 + h))
    d.rounded_rectangle(box, h / 2, bg)
    d.text(centre, s, fill=fg, font=f, anchor="mm")
    return box


def row_width(n: int, w: int, step: int) -> int:
    return 0 if n == 0 else w + (n - 1) * step


def paste_cards(
    img: Image.Image,
    x: int,
    y: int,
    cards: Sequence[Card | None],
    w: int,
    h: int,
    step: int,
    trump_gold: Suit | None = None,
) -> Box:
    """Cards left to right from (x, y), ``None`` for a back; returns the box covered."""
    for i, c in enumerate(cards):
        gold = trump_gold is not None and c is not None and c.suit is trump_gold
        sprite = back(w, h) if c is None else face(c, w, h, gold)
        img.alpha_composite(sprite, (x + i * step, y))
    return (x, y, x + row_width(len(cards), w, step), y + h)


@lru_cache(maxsize=8)
def egg(size: int) -> Image.Image:
    """An egg (for the series' eggs, RULES.md §7.3) as an RGBA sprite."""
    ss = 4
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    w = size * ss * 0.78
    x0 = (size * ss - w) / 2
    d.ellipse([x0, 0, x0 + w, size * ss - 1], style.EGG, style.CARD_EDGE, ss * 2)
    return big.resize((size, size), Image.Resampling.LANCZOS)
