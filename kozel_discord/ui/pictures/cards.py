"""Card faces and backs, drawn with vector pips (never a font's suit glyphs).

One design at every size: a big rank in the top-left corner and a big suit pip in the
bottom-right, so a card reads even as a 22 px emoji. Shapes are drawn at 4x and scaled
down for smooth edges; every sprite is cached.
"""

from __future__ import annotations

import hashlib
import io
import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from ...engine import CARDS, Card, Suit
from . import style
from .fonts import font

SS = 4  # supersampling factor of shapes
EMOJI_SIZE = 128


def suit_colour(suit: Suit) -> style.RGB:
    """Red hearts and diamonds, black spades, green clubs (on the card emojis a black club
    and a black spade are the same few pixels on a phone; the text's ☘ is green too)."""
    if suit is Suit.CLUBS:
        return style.CLUBS
    return style.RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else style.BLACK


def pip(
    draw: ImageDraw.ImageDraw, suit: Suit, x: float, y: float, s: float, fill: style.RGB
) -> None:
    """A suit pip of size ``s`` (its width and height) with its top-left at (x, y)."""
    cx = x + s / 2
    if suit is Suit.DIAMONDS:
        draw.polygon(
            [(cx, y), (x + s * 0.9, y + s / 2), (cx, y + s), (x + s * 0.1, y + s / 2)], fill
        )
    elif suit is Suit.HEARTS:
        r = s * 0.27
        draw.ellipse([x + s * 0.5 - 2 * r, y + s * 0.06, x + s * 0.5, y + s * 0.06 + 2 * r], fill)
        draw.ellipse([x + s * 0.5, y + s * 0.06, x + s * 0.5 + 2 * r, y + s * 0.06 + 2 * r], fill)
        draw.polygon(
            [
                (x + s * 0.5 - 1.93 * r, y + s * 0.06 + 1.3 * r),
                (cx, y + s * 0.95),
                (x + s * 0.5 + 1.93 * r, y + s * 0.06 + 1.3 * r),
                (cx, y + s * 0.3),
            ],
            fill,
        )
    elif suit is Suit.SPADES:
        r = s * 0.25
        top = y + s * 0.02
        base = y + s * 0.72
        draw.polygon(
            [
                (cx, top),
                (x + s * 0.5 + 1.95 * r, base - 0.75 * r),
                (cx, base - 0.2 * r),
                (x + s * 0.5 - 1.95 * r, base - 0.75 * r),
            ],
            fill,
        )
        draw.ellipse([cx - 2 * r, base - 1.9 * r, cx, base], fill)
        draw.ellipse([cx, base - 1.9 * r, cx + 2 * r, base], fill)
        draw.polygon([(cx, y + s * 0.55), (cx + s * 0.2, y + s), (cx - s * 0.2, y + s)], fill)
    else:  # clubs
        r = s * 0.22
        draw.ellipse([cx - r, y + s * 0.02, cx + r, y + s * 0.02 + 2 * r], fill)
        mid = y + s * 0.48
        draw.ellipse([x + s * 0.04, mid - r, x + s * 0.04 + 2 * r, mid + r], fill)
        draw.ellipse([x + s * 0.96 - 2 * r, mid - r, x + s * 0.96, mid + r], fill)
        draw.polygon(
            [(cx, y + s * 0.3), (cx + s * 0.12, mid), (cx, mid + r), (cx - s * 0.12, mid)], fill
        )
        draw.polygon([(cx, y + s * 0.45), (cx + s * 0.2, y + s), (cx - s * 0.2, y + s)], fill)


def _radius(w: int) -> int:
    return max(2, round(w * 0.09))


@lru_cache(maxsize=512)
def face(c: Card, w: int, h: int, gold: bool = False, stacked: bool = False) -> Image.Image:
    """The face of ``c`` as a ``w`` x ``h`` RGBA sprite; ``gold``: a trump's gold frame;
    ``stacked``: rank above pip, both centred and as big as they fit (emoji size)."""
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    edge = style.TRUMP_GOLD if gold else style.CARD_EDGE
    bw = max(SS, round(w * SS * (0.06 if gold else 0.025)))
    d.rounded_rectangle([0, 0, w * SS - 1, h * SS - 1], _radius(w) * SS, style.CARD_FACE, edge, bw)
    colour = suit_colour(c.suit)
    if stacked:
        s = h * 0.40 * SS
        pip(d, c.suit, (w * SS - s) / 2, h * SS * 0.55, s, colour)
    else:
        s = min(w, h * 0.62) * 0.56 * SS
        pip(d, c.suit, w * SS - s - w * SS * 0.1, h * SS - s - h * SS * 0.08, s, colour)
        # the corner index's pip under the rank: it shows when cards overlap in a fan
        small = w * 0.30 * SS
        pip(d, c.suit, w * SS * 0.09, h * SS * 0.44, small, colour)
    if gold:  # a small star beside the rank: this card is a trump
        _star(d, w * SS * 0.80, h * SS * 0.16, w * SS * 0.11, style.TRUMP_GOLD)
    img = big.resize((w, h), Image.Resampling.LANCZOS)
    _rank(img, c, w, h, colour, stacked)
    return img


def _rank(img: Image.Image, c: Card, w: int, h: int, colour: style.RGB, stacked: bool) -> None:
    label = c.rank.label
    d = ImageDraw.Draw(img)
    if stacked:
        f = font(round(h * 0.56), 800, 75 if len(label) > 1 else 100)
        d.text((w / 2, h * 0.04), label, fill=colour, font=f, anchor="mt")
        return
    size = min(h * 0.46, w * 0.62)
    if len(label) > 1:  # "10": condensed and smaller, so it shows in a fan of cards
        f = font(round(size * 0.78), 800, 75)
        d.text((w * 0.05, h * 0.06), label, fill=colour, font=f, anchor="lt")
        return
    # condensed too, and nearer the edge: in a fan the next card covered the right part of
    # a full-width letter, and a Q without its tail read as an O
    f = font(round(size), 800, 80)
    d.text((w * 0.06, h * 0.04), label, fill=colour, font=f, anchor="lt")


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: style.RGB) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill)


@lru_cache(maxsize=64)
def back(w: int, h: int) -> Image.Image:
    """A card back as a ``w`` x ``h`` RGBA sprite."""
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    W, H = w * SS, h * SS
    bw = max(SS, round(W * 0.05))
    d.rounded_rectangle([0, 0, W - 1, H - 1], _radius(w) * SS, style.CARD_FACE, style.CARD_EDGE, SS)
    inner = [bw + SS, bw + SS, W - bw - SS - 1, H - bw - SS - 1]
    d.rounded_rectangle(inner, max(1, (_radius(w) - 1)) * SS, style.BACK)
    step = max(3 * SS, W // 6)
    mask = Image.new("L", big.size, 0)
    md = ImageDraw.Draw(mask)
    md.rounded_rectangle(inner, max(1, (_radius(w) - 1)) * SS, 255)
    lines = Image.new("RGBA", big.size, (0, 0, 0, 0))
    ld = ImageDraw.Draw(lines)
    lw = max(SS, W // 40)
    for off in range(-H, W + H, step):
        ld.line([(off, 0), (off + H, H)], style.BACK_LINE, lw)
        ld.line([(off + H, 0), (off, H)], style.BACK_LINE, lw)
    big.paste(lines, (0, 0), Image.composite(lines, Image.new("RGBA", big.size), mask))
    return big.resize((w, h), Image.Resampling.LANCZOS)


# ---------------------------------------------------------------- emojis
def _emoji_canvas() -> Image.Image:
    return Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))


def _card_emoji(c: Card | None) -> Image.Image:
    img = _emoji_canvas()
    w, h = 108, 128
    sprite = back(w, h) if c is None else face(c, w, h, stacked=True)
    img.paste(sprite, ((EMOJI_SIZE - w) // 2, 0), sprite)
    return img


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


@lru_cache(maxsize=64)
def draw_card(c: Card | None) -> bytes:
    """A 128x128 PNG of ``c`` (``None``: the back) for an application emoji."""
    return _png(_card_emoji(c))


@dataclass(frozen=True, slots=True)
class EmojiImage:
    """One application emoji to upload: its name, PNG and a stable content hash."""

    name: str  # Discord emoji name: 2-32 of [A-Za-z0-9_]
    png: bytes
    sha256: str


def emoji_name(c: Card | None) -> str:
    return "kz_back" if c is None else f"kz_{c.code}"


def card_emojis() -> tuple[EmojiImage, ...]:
    """The 36 faces and the back, in deck order, the back last."""
    out = []
    for c in (*CARDS, None):
        png = draw_card(c)
        out.append(EmojiImage(emoji_name(c), png, hashlib.sha256(png).hexdigest()))
    return tuple(out)
