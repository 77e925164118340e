"""What every part of a message's drawing shares: the message as the client has it
(Message), the image helpers (blank, vstack, rgb) and RendererBase, which finds the message's
media (its attachments) and draws its pictures."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from . import theme
from .markup import Names
from .theme import px


@dataclass
class Message:
    """One message as the client has it."""

    payload: dict[str, Any]
    names: Names = field(default_factory=Names)
    files: dict[str, bytes] = field(default_factory=dict)  # attachment file name -> bytes
    author: str = "Kozel"
    bot: bool = True
    used_command: str | None = None  # "alice used /kozel start" above an interaction reply
    open_select: str | None = None  # custom_id of a select drawn opened, its options listed
    # when it was sent, as its timestamps are drawn (UTC, at drawing time)
    time: str = field(default_factory=lambda: f"Today at {dt.datetime.now(dt.UTC):%H:%M}")
    width: int = theme.WIDTH  # CSS px of the screen

    @property
    def content_width(self) -> int:
        return self.width - theme.CONTENT_X - theme.GUTTER

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags") or 0)


Img = Image.Image


def blank(w: int, h: int) -> Img:
    return Image.new("RGBA", (max(1, w), max(1, h)), (0, 0, 0, 0))


def vstack(parts: list[tuple[Img, int]], width: int) -> Img:
    """Images one under the other, each after its top margin (image px)."""
    h = sum(im.height + gap for im, gap in parts)
    out = blank(width, h)
    y = 0
    for im, gap in parts:
        y += gap
        out.alpha_composite(im, (0, y))
        y += im.height
    return out


def rgb(value: int | None, default: tuple[int, int, int]) -> tuple[int, int, int]:
    if value is None:
        return default
    return ((value >> 16) & 255, (value >> 8) & 255, value & 255)


def _rounded(im: Img, radius: int) -> Img:
    mask = Image.new("L", im.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, im.width - 1, im.height - 1), radius, fill=255)
    out = blank(*im.size)
    out.paste(im, (0, 0), mask)
    return out


class RendererBase:
    """The message being drawn, its names, and its media."""

    def __init__(self, msg: Message) -> None:
        self.msg = msg
        self.names = msg.names

    # ------------------------------------------------------------------ media

    def media(self, url: str | None) -> Img | None:
        if not url:
            return None
        name = url.removeprefix("attachment://") if url.startswith("attachment://") else None
        if name is None:
            for a in self.msg.payload.get("attachments") or []:
                if a.get("url") == url or a.get("proxy_url") == url:
                    name = a.get("filename")
        if name is not None and name in self.msg.files:
            return theme.image_from_bytes(self.msg.files[name])
        return None

    def picture(self, url: str | None, max_w: int, max_h: int, radius: int) -> Img:
        im = self.media(url)
        if im is None:
            ph = blank(max_w, px(120))
            d = ImageDraw.Draw(ph)
            d.rounded_rectangle((0, 0, max_w - 1, ph.height - 1), radius, fill=(30, 31, 34))
            d.text(
                (max_w // 2, ph.height // 2),
                (url or "image")[-40:],
                font=theme.font(12),
                fill=theme.MUTED,
                anchor="mm",
            )
            return ph
        scale = min(max_w / im.width, max_h / im.height, 2.0 * theme.S / 2)
        im = im.resize(
            (max(1, round(im.width * scale)), max(1, round(im.height * scale))),
            Image.Resampling.LANCZOS,
        )
        return _rounded(im, radius)
