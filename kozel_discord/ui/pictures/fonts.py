"""The one font of every picture: Roboto (OFL-1.1), shipped by the ``fontpkg-roboto`` package.

Loading the font from a pinned package (not from the machine) and drawing with Pillow's
basic layout engine (not raqm, which depends on system libraries) makes every image the
same on every machine and in the Docker image. Characters the font cannot draw (emoji,
symbols) are dropped from names instead of showing empty boxes.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

import fontpkg_roboto
from PIL import ImageFont

FONT_PATH = Path(fontpkg_roboto.ROOT) / "files" / "Roboto[wdth,wght].ttf"
ELLIPSIS = "…"

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=64)
def font(size: int, weight: int = 400, width: int = 100) -> Font:
    """Roboto at ``size`` px, weight 100-900, width 75 (condensed) to 100."""
    f = ImageFont.truetype(str(FONT_PATH), size, layout_engine=ImageFont.Layout.BASIC)
    f.set_variation_by_axes([weight, width])
    return f


@lru_cache(maxsize=1)
def _missing_mask() -> bytes:
    return bytes(font(40).getmask("\U0010fffd"))


@lru_cache(maxsize=4096)
def _drawable(ch: str) -> bool:
    if ch == " ":
        return True
    cat = unicodedata.category(ch)
    if cat[0] in "CZ":  # controls, format characters (ZWJ...), separators other than space
        return False
    return bytes(font(40).getmask(ch)) != _missing_mask()


def clean(text: str) -> str:
    """``text`` with only the characters the font draws, spaces squeezed."""
    kept = "".join(ch if _drawable(ch) else " " for ch in unicodedata.normalize("NFC", text))
    return " ".join(kept.split())


def text_width(text: str, f: Font) -> float:
    return f.getlength(text)


def fit(text: str, f: Font, max_width: float) -> str:
    """``text`` cleaned and, when wider than ``max_width``, cut and ended with an ellipsis."""
    text = clean(text)
    if f.getlength(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS
