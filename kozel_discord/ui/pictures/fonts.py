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
from typing import Any

import fontpkg_roboto
from PIL import ImageFont

FONT_PATH = Path(fontpkg_roboto.ROOT) / "files" / "Roboto[wdth,wght].ttf"
ELLIPSIS = "…"

Font = ImageFont.FreeTypeFont

# Rendered texts kept per font: the pictures draw the same names, labels and numbers over
# and over, and rendering a text is a third of a picture's time (benchmarks/pictures.py).
_KEPT = 1024
MEMO = True  # off only in benchmarks/pictures.py, to compare


class _MemoFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers its last rendered masks and measured lengths.

    Pillow's ``ImageDraw.text`` asks the font for a text's mask (``getmask2``) and then
    blends it; a mask depends only on the text, the mode, the anchor and the sub-pixel start,
    so one rendering serves every later picture with that text. Masks are read, never
    changed, by ``draw_bitmap``; colour fonts (mode RGBA, whose masks are changed) and
    unusual arguments are not memoised. Pillow has no such cache of its own."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size, layout_engine=ImageFont.Layout.BASIC)
        self._masks: dict[object, tuple[Any, tuple[int, int]]] = {}
        self._lengths: dict[tuple[str, str], float] = {}

    def getmask2(self, *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        # Pillow passes (text, mode, direction, features, language, stroke_width, anchor,
        # ink, start) by position: the call itself is the key. Unhashable arguments (a list
        # of features) and colour masks (mode RGBA) go straight to Pillow.
        mode = args[1] if len(args) > 1 else kwargs.get("mode", "")
        key = (args, tuple(sorted(kwargs.items())))
        try:
            found = self._masks.get(key) if MEMO and mode != "RGBA" else None
        except TypeError:
            return super().getmask2(*args, **kwargs)
        if found is None:
            found = super().getmask2(*args, **kwargs)
            if MEMO and mode != "RGBA":
                if len(self._masks) >= _KEPT:
                    self._masks.clear()
                self._masks[key] = found
        return found

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if not MEMO or direction or features or language or not isinstance(text, str):
            return super().getlength(text, mode, direction, features, language)
        found = self._lengths.get((text, mode))
        if found is None:
            found = super().getlength(text, mode)
            if len(self._lengths) >= 4 * _KEPT:
                self._lengths.clear()
            self._lengths[text, mode] = found
        return found


@lru_cache(maxsize=64)
def font(size: int, weight: int = 400, width: int = 100) -> Font:
    """Roboto at ``size`` px, weight 100-900, width 75 (condensed) to 100."""
    f = _MemoFont(str(FONT_PATH), size)
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


@lru_cache(maxsize=4096)
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
