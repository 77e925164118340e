"""Discord's markdown-lite laid out and drawn: line breaking, message text with its headings,
lists, block quotes and code blocks, inline code boxes, mention pills, suit marks and emoji
images. The text is parsed into pieces by markup.py (its main names are exported here too)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from kozel_discord.ui.pictures.cards import pip

from . import theme
from .markup import SUIT_MARKS, Names, Piece, Style, inline, parse, split_emoji, timestamp
from .theme import px


@functools.lru_cache(maxsize=64)
def suit_mark(ch: str, size: int, color: tuple[int, int, int]) -> Image.Image:
    """A suit mark in the text colour: filled, or outlined for the white-suit characters."""
    suit, hollow = SUIT_MARKS[ch]
    ss = 4
    shape = Image.new("RGB", (size * ss, size * ss), (0, 0, 0))
    pip(ImageDraw.Draw(shape), suit, 0, 0, size * ss, (255, 255, 255))
    mask = shape.convert("L")
    if hollow:
        inner = mask.filter(ImageFilter.MinFilter(2 * ss * max(1, size // 12) + 1))
        mask = ImageChops.subtract(mask, inner)
    mask = mask.resize((size, size), Image.Resampling.LANCZOS)
    out = Image.new("RGBA", (size, size), (*color, 0))
    out.putalpha(mask)
    return out


@dataclass
class Line:
    items: list[tuple[float, Piece]]
    height: int
    size: float


def layout(pieces: list[Piece], width: int, size: float) -> list[Line]:
    """Greedy line breaking of ``pieces`` into ``width`` image px."""
    lh = px(round(size * 1.375))
    lines: list[Line] = [Line([], lh, size)]
    x = 0.0
    for p in pieces:
        w = p.width()
        cur = lines[-1]
        if p.space:
            if cur.items:
                cur.items.append((x, p))
                x += w
            continue
        if x + w > width and cur.items:
            carried = _glued_tail(cur, p)
            while cur.items and cur.items[-1][1].space:
                cur.items.pop()
            lines.append(Line([], lh, size))
            cur, x = lines[-1], 0.0
            for q in carried:  # the pieces joined to this one move to the new line with it
                cur.items.append((x, q))
                x += q.width()
        if w > width and p.emoji is None and p.image is None:
            # a word longer than the line: cut it by characters
            chunk = ""
            for ch in p.text:
                if p.style.font().getlength(chunk + ch) > width - x and chunk:
                    cur.items.append((x, replace(p, text=chunk)))
                    lines.append(Line([], lh, size))
                    cur, x, chunk = lines[-1], 0.0, ""
                chunk += ch
            p = replace(p, text=chunk)
            w = p.width()
        cur.items.append((x, p))
        x += w
    return lines


# Closing punctuation never starts a line in a browser (Unicode line breaking, classes
# CL, CP, EX and IS): "**Alice**: 8♥" does not break between the bold name and its colon.
_CLOSING = frozenset(",.:;!?)]}»…")


def _glued(p: Piece) -> bool:
    return p.glue or (not p.space and p.text[:1] in _CLOSING)


def _glued_tail(cur: Line, p: Piece) -> list[Piece]:
    """Take from the end of ``cur`` the pieces that ``p`` is glued to (none when ``p`` is
    not glued, or when they fill the whole line and so must break anyway)."""
    n = 0
    glue = _glued(p)
    while glue and n < len(cur.items) and not cur.items[-1 - n][1].space:
        glue = _glued(cur.items[-1 - n][1])
        n += 1
    if n == 0 or n == len(cur.items):
        return []
    tail = [q for _, q in cur.items[-n:]]
    del cur.items[-n:]
    return tail


def draw_line(im: Image.Image, line: Line, x0: int, y0: int) -> None:
    d = ImageDraw.Draw(im)
    base_font = theme.font(line.size)
    ascent, descent = base_font.getmetrics()
    baseline = y0 + (line.height + ascent - descent) // 2
    _code_boxes(d, line, x0, y0)
    for x, p in line.items:
        xi = x0 + round(x)
        st = p.style
        if p.space and not (st.underline or st.strike):
            continue
        if p.suit is not None:
            size = px(st.size * 0.72)
            im.alpha_composite(suit_mark(p.suit, size, st.color), (xi, baseline - size))
            continue
        if p.emoji is not None or p.image is not None:
            e = px(st.size * 1.375)
            top = y0 + (line.height - e) // 2
            if p.emoji is not None:
                em = theme.twemoji_image(p.emoji, e)
            else:
                assert p.image is not None
                em = theme.image_from_bytes(p.image)
                em.thumbnail((e, e), Image.Resampling.LANCZOS)
            im.alpha_composite(em, (xi, top + (e - em.height) // 2))
            continue
        f = st.font()
        w = f.getlength(p.text)
        if st.pill is not None:
            top = y0 + (line.height - px(st.size * 1.2)) // 2
            d.rounded_rectangle(
                (xi, top, xi + round(w) + px(4), top + px(st.size * 1.2)),
                radius=px(3),
                fill=st.pill,
            )
        if st.pill is not None or st.code:
            xi += px(2)
        d.text((xi, baseline), p.text, font=f, fill=st.color, anchor="ls")
        if st.underline:
            d.line((xi, baseline + px(2), xi + w, baseline + px(2)), fill=st.color, width=px(1))
        if st.strike:
            mid = baseline - ascent // 3
            d.line((xi, mid, xi + w, mid), fill=st.color, width=px(1))


def _code_boxes(d: ImageDraw.ImageDraw, line: Line, x0: int, y0: int) -> None:
    """One box behind each run of inline code on ``line`` (its words and the spaces between
    them), as Discord draws a code span: not a box a word."""
    run: list[tuple[float, Piece]] = []
    for item in [*line.items, None]:
        if item is not None and item[1].style.code:
            run.append(item)
            continue
        if run:
            (xa, first), (xb, last) = run[0], run[-1]
            size = first.style.size
            top = y0 + (line.height - px(size * 1.2)) // 2
            d.rounded_rectangle(
                (x0 + round(xa), top, x0 + round(xb + last.width()), top + px(size * 1.2)),
                radius=px(3),
                fill=theme.CODE_BG,
                outline=theme.CODE_BORDER,
            )
            run = []


def render(
    text: str,
    width_css: float,
    names: Names,
    *,
    size: float = 16,
    color: tuple[int, int, int] = theme.TEXT,
    weight: int = 400,
    headings: bool = True,
    markdown: bool = True,
) -> Image.Image:
    """``text`` drawn as Discord draws message text, ``width_css`` wide (transparent);
    without ``markdown`` as plain text, as Discord draws an embed's footer."""
    base = Style(size=size, color=color, weight=weight)
    width = px(width_css)
    parts: list[tuple[int, Image.Image | Line, str]] = []
    for b in parse(text, base, names, headings=headings, markdown=markdown):
        if b.kind == "codeblock":
            parts.append((0, _code_block(b.raw, width, size), "code"))
            continue
        indent = 0
        if b.kind == "li":
            indent = px(22 + 20 * b.indent)
        if b.kind == "quote" or b.indent == -1:
            indent = px(16)
        bsize = b.pieces[0].style.size if b.pieces else size
        if b.kind in ("h1", "h2", "h3"):
            bsize = {"h1": 24, "h2": 20, "h3": 16}[b.kind]
        elif b.kind == "sub":
            bsize = 12
        lines = (
            layout(b.pieces, width - indent, bsize)
            if b.pieces
            else [Line([], px(round(bsize * 1.375)), bsize)]
        )
        for n, ln in enumerate(lines):
            tag = b.kind if n == 0 else b.kind + "+"
            parts.append((indent, ln, tag + ("|" + b.marker if n == 0 and b.marker else "")))
    heights = []
    for _, item, tag in parts:
        h = item.height
        if tag.startswith(("h1", "h2", "h3")) and not tag.endswith("+"):
            h += px(8)
        heights.append(h)
    im = Image.new("RGBA", (width, max(1, sum(heights))), (0, 0, 0, 0))
    y = 0
    d = ImageDraw.Draw(im)
    for (indent, item, tag), h in zip(parts, heights, strict=True):
        if isinstance(item, Image.Image):
            im.alpha_composite(item, (0, y))
        else:
            top = y + (h - item.height)
            if "|" in tag:
                marker = tag.split("|", 1)[1]
                f = theme.font(item.size)
                d.text(
                    (
                        indent - px(6),
                        top + (item.height + f.getmetrics()[0] - f.getmetrics()[1]) // 2,
                    ),
                    marker,
                    font=f,
                    fill=color,
                    anchor="rs",
                )
            if tag.startswith("quote"):
                d.rounded_rectangle(
                    (0, y, px(4) - 1, y + h), radius=px(2), fill=theme.BLOCKQUOTE_BAR
                )
            draw_line(im, item, indent, top)
        y += h
    return im


def _code_block(raw: str, width: int, size: float) -> Image.Image:
    f = theme.mono(size * 0.875)
    lh = px(round(size * 0.875 * 1.3))
    rows = raw.split("\n")
    h = lh * len(rows) + px(16)
    im = Image.new("RGBA", (width, h + px(4)), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (0, px(2), width - 1, h + px(2)),
        radius=px(4),
        fill=theme.CODE_BG,
        outline=theme.CODE_BORDER,
    )
    for n, row in enumerate(rows):
        d.text((px(8), px(10) + n * lh), row, font=f, fill=theme.TEXT, anchor="lt")
    return im


def text_width(text: str, style: Style, names: Names) -> int:
    """The width of one line of markdown-lite (for buttons and menus)."""
    return round(sum(p.width() for p in inline(text, style, names)))


def draw_inline(
    im: Image.Image, text: str, style: Style, names: Names, x: int, y: int, height: int
) -> None:
    """One line of inline markdown at (x, y) in a box ``height`` high (labels, options)."""
    pieces = inline(text, style, names)
    line = Line([], height, style.size)
    cx = 0.0
    for p in pieces:
        line.items.append((cx, p))
        cx += p.width()
    draw_line(im, line, x, y)


# markup's names with this module's own: its users take the whole text toolkit from here
__all__ = [
    "SUIT_MARKS",
    "Line",
    "Names",
    "Piece",
    "Style",
    "draw_inline",
    "draw_line",
    "inline",
    "layout",
    "parse",
    "render",
    "split_emoji",
    "suit_mark",
    "text_width",
    "timestamp",
]
