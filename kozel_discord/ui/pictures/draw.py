"""Drawing helpers shared by the table and the hand pictures."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from ...engine import CARDS, Card, Suit
from . import style
from .cards import back, face
from .fonts import Font, fit, font

Box = tuple[int, int, int, int]


# zlib level of the pictures' PNGs: level 6 takes about twice the CPU of level 3 for about a
# fifth fewer bytes (benchmarks/pictures.py prints both, side by side).
PNG_LEVEL = 3


def png(img: Image.Image) -> bytes:
    """PNG bytes of ``img`` in the pictures' fixed palette (:func:`paletted`), at zlib level
    :data:`PNG_LEVEL`."""
    buf = io.BytesIO()
    paletted(img).save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def paletted(img: Image.Image) -> Image.Image:
    """``img`` reduced to the pictures' fixed 256-colour palette (a third of the size of an
    RGB PNG). Mapping to one fixed palette without dithering costs ~1 ms, a per-image
    palette (octree) ~11 ms: most of a picture's cost (benchmarks/pictures.py)."""
    return img.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The one palette of every table and board picture: 256 colours chosen (octree) from
    the style's colours, ramps between every two of them (the anti-aliased edges of text
    and shapes), and the card sprites at the sizes drawn. Deterministic: built from the
    style and the sprites only, never from a position."""
    colours = [v for k, v in vars(style).items() if k.isupper() and _is_rgb(v)]
    colours += [*style.TEAM, (58, 61, 68)]  # TEAM: a pair; the score bar's empty segments
    steps = 16
    ramps = Image.new("RGB", (steps, len(colours) ** 2))
    for i, a in enumerate(colours):
        for j, b in enumerate(colours):
            for k in range(steps):
                f = k / (steps - 1)
                px = tuple(round(a[n] + (b[n] - a[n]) * f) for n in range(3))
                ramps.putpixel((k, i * len(colours) + j), px)
    sprites = [face(c, 74, 104, c.suit is Suit.HEARTS) for c in CARDS]
    sprites += [face(c, 176, 246, c.suit is Suit.SPADES) for c in CARDS[::4]]
    sprites += [back(74, 104), back(30, 42), egg(34)]
    sheet = Image.new("RGBA", (176 * len(sprites), 246 + ramps.height), (*style.FELT, 255))
    for n, sprite in enumerate(sprites):
        sheet.alpha_composite(sprite, (n * 176, 0))
    sheet.paste(ramps, (0, 246))
    return sheet.convert("RGB").quantize(
        256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def _is_rgb(v: object) -> bool:
    return isinstance(v, tuple) and len(v) == 3 and all(isinstance(n, int) for n in v)


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
    *,
    right: bool = False,
) -> Box:
    """A rounded label centred on ``centre`` (``right``: ending at its x); returns its box.
    A label of two lines (``"\\n"``) is centred on ``centre`` as a whole, each line fitted."""
    f = font(size, 700)
    lines = [fit(line, f, max_width) for line in s.split("\n")]
    w = max(f.getlength(line) for line in lines) + size
    step = size * 1.15  # from one line's middle to the next's
    h = size * 1.45 + step * (len(lines) - 1)
    x0, y0 = centre[0] - (w if right else w / 2), centre[1] - h / 2
    box = (round(x0), round(y0), round(x0 + w), round(y0 + h))
    d.rounded_rectangle(box, min(h, size * 1.45) / 2, bg)
    for n, line in enumerate(lines):
        y = y0 + size * 1.45 / 2 + n * step
        d.text((x0 + w / 2, y), line, fill=fg, font=f, anchor="mm")
    return box


def shown_trump(card: Card, w: int, h: int, stock: int) -> Image.Image:
    """The card shown for trump (2.2), faded once the stock is empty: someone has drawn it
    by then and only its suit stays trump (drawn bright beside "Stock: 0", it read as a
    card still lying on the table)."""
    im = face(card, w, h, True)
    if stock:
        return im
    im = im.copy()
    im.putalpha(im.getchannel("A").point(lambda a: a * 2 // 5))
    return im


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
