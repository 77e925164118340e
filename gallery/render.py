"""A Discord message (the JSON the bot sent) drawn as Discord's dark-theme mobile client shows
it: author line with the APP tag, content, embeds, the components (drawn by components.py)
and "Only you can see this" under ephemeral messages; several messages as a stretch of the
channel. The message and the shared helpers are in canvas.py."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from . import theme
from .canvas import Img, Message, blank, rgb, vstack
from .components import ComponentRenderer
from .markup import Style
from .richtext import draw_inline
from .richtext import render as render_text
from .theme import px

FLAG_EPHEMERAL = 1 << 6
FLAG_COMPONENTS_V2 = 1 << 15


class Renderer(ComponentRenderer):
    """Draws a whole message: its embeds, text and chrome (the components: ComponentRenderer)."""

    # ------------------------------------------------------------------ embeds

    def embed(self, e: dict[str, Any], width: int) -> Img:
        bar = rgb(e.get("color"), theme.EMBED_DEFAULT_BAR)
        pad_l, pad_r, pad_t, pad_b = px(12), px(16), px(8), px(16)
        inner = width - px(4) - pad_l - pad_r
        thumb = None
        if (e.get("thumbnail") or {}).get("url"):
            thumb = self.picture(e["thumbnail"]["url"], px(80), px(80), px(4))
        text_w = inner - (thumb.width + px(16) if thumb else 0)
        tw = text_w / theme.S
        parts: list[tuple[Img, int]] = []
        n = self.names
        if (a := e.get("author")) and a.get("name"):
            parts.append(
                (
                    render_text(
                        a["name"], tw, n, size=14, weight=600, color=theme.HEADER, headings=False
                    ),
                    px(8),
                )
            )
        if e.get("title"):
            color = theme.LINK if e.get("url") else theme.HEADER
            parts.append(
                (
                    render_text(
                        e["title"], tw, n, size=16, weight=600, color=color, headings=False
                    ),
                    px(8),
                )
            )
        if e.get("description"):
            parts.append((render_text(e["description"], tw, n, size=14), px(8)))
        for f in e.get("fields") or []:
            # the phone stacks inline fields
            fw = tw
            parts.append(
                (
                    render_text(
                        str(f.get("name", "")),
                        fw,
                        n,
                        size=14,
                        weight=600,
                        color=theme.HEADER,
                        headings=False,
                    ),
                    px(8),
                )
            )
            parts.append((render_text(str(f.get("value", "")), fw, n, size=14), px(2)))
        head = vstack(parts, text_w) if parts else blank(text_w, 1)
        body: list[tuple[Img, int]] = []
        if thumb is not None:
            row = blank(inner, max(head.height, thumb.height + px(8)))
            row.alpha_composite(head, (0, 0))
            row.alpha_composite(thumb, (inner - thumb.width, px(8)))
            head = row
        body.append((head, 0))
        if (e.get("image") or {}).get("url"):
            body.append((self.picture(e["image"]["url"], inner, px(300), px(4)), px(16)))
        footer = e.get("footer") or {}
        if footer.get("text") or e.get("timestamp"):
            text = str(footer.get("text") or "")
            if e.get("timestamp"):
                text = f"{text} • {self.msg.time}" if text else self.msg.time
            body.append(
                (
                    render_text(
                        text,
                        inner / theme.S,
                        n,
                        size=12,
                        weight=500,
                        color=theme.SECONDARY_TEXT,
                        markdown=False,  # a footer shows its text as written
                    ),
                    px(8),
                )
            )
        content = vstack(body, inner)
        h = pad_t + content.height + pad_b
        out = blank(width, h)
        d = ImageDraw.Draw(out)
        d.rounded_rectangle((0, 0, width - 1, h - 1), px(4), fill=theme.EMBED_BG)
        d.rounded_rectangle((0, 0, px(4) + px(4), h - 1), px(4), fill=bar)
        d.rectangle((px(4), 0, px(8), h - 1), fill=theme.EMBED_BG)
        out.alpha_composite(content, (px(4) + pad_l, pad_t))
        return out

    # ------------------------------------------------------------------ the message

    def body(self, width: int) -> Img:
        p = self.msg.payload
        parts: list[tuple[Img, int]] = []
        if self.msg.flags & FLAG_COMPONENTS_V2:
            for c in p.get("components") or []:
                parts.append((self.component(c, width), px(8)))
        else:
            if p.get("content"):
                parts.append((render_text(str(p["content"]), width / theme.S, self.names), px(2)))
            for e in p.get("embeds") or []:
                parts.append((self.embed(e, width), px(8)))
            for a in p.get("attachments") or []:
                if a.get("filename") in self.msg.files and not self._used_in_embeds(a["filename"]):
                    parts.append(
                        (
                            self.picture(f"attachment://{a['filename']}", width, px(350), px(8)),
                            px(8),
                        )
                    )
            for row in p.get("components") or []:
                parts.append((self.action_row(row, width), px(8)))
        if self.msg.flags & FLAG_EPHEMERAL:
            parts.append((self.ephemeral_note(width), px(6)))
        if parts:
            parts[0] = (parts[0][0], 0)
        return vstack(parts, width)

    def _used_in_embeds(self, name: str) -> bool:
        for e in self.msg.payload.get("embeds") or []:
            for k in ("image", "thumbnail"):
                if (e.get(k) or {}).get("url") == f"attachment://{name}":
                    return True
        return False

    def ephemeral_note(self, width: int) -> Img:
        h = px(20)
        im = blank(width, h)
        d = ImageDraw.Draw(im)
        cy = h // 2
        # an eye, as Discord's icon
        d.ellipse((0, cy - px(5), px(16), cy + px(5)), outline=theme.MUTED, width=px(2))
        d.ellipse((px(5), cy - px(3), px(11), cy + px(3)), fill=theme.MUTED)
        f = theme.font(12)
        text = "Only you can see this • "
        d.text((px(22), cy), text, font=f, fill=theme.MUTED, anchor="lm")
        d.text(
            (px(22) + f.getlength(text), cy),
            "Dismiss message",
            font=f,
            fill=theme.LINK,
            anchor="lm",
        )
        return im

    def header(self, width: int) -> Img:
        h = px(22)
        im = blank(width, h)
        d = ImageDraw.Draw(im)
        f = theme.font(16, 600)
        d.text((0, h - px(5)), self.msg.author, font=f, fill=theme.HEADER, anchor="ls")
        x = round(f.getlength(self.msg.author)) + px(6)
        if self.msg.bot:
            tag = theme.font(10, 600)
            tw = round(tag.getlength("APP")) + px(8)
            d.rounded_rectangle((x, px(4), x + tw, px(19)), px(3), fill=theme.APP_TAG)
            d.text((x + tw // 2, px(12)), "APP", font=tag, fill=theme.WHITE, anchor="mm")
            x += tw + px(6)
        d.text((x, h - px(5)), self.msg.time, font=theme.font(12), fill=theme.MUTED, anchor="ls")
        return im

    def draw(self) -> Image.Image:
        W = px(self.msg.width)
        cw = px(self.msg.content_width)
        top = px(12)
        used = None
        if self.msg.used_command:
            used = blank(W, px(22))
            d = ImageDraw.Draw(used)
            x0 = px(theme.GUTTER + theme.AVATAR / 2)
            d.line(
                (x0, px(20), x0, px(11), px(theme.CONTENT_X - 8), px(11)),
                fill=theme.DIVIDER,
                width=px(2),
            )
            draw_inline(
                used,
                self.msg.used_command,
                Style(size=14, color=theme.MUTED),
                self.names,
                px(theme.CONTENT_X),
                0,
                px(22),
            )
        head = self.header(cw)
        body = self.body(cw)
        y_head = top + (used.height if used else 0)
        h = y_head + head.height + px(2) + body.height + px(16)
        out = Image.new("RGBA", (W, h), (*theme.BG, 255))
        if used is not None:
            out.alpha_composite(used, (0, top))
        d = ImageDraw.Draw(out)
        ax, ay = px(theme.GUTTER), y_head
        d.ellipse((ax, ay, ax + px(theme.AVATAR), ay + px(theme.AVATAR)), fill=theme.APP_TAG)
        initial = (self.msg.author or "?")[0].upper()
        d.text(
            (ax + px(theme.AVATAR) // 2, ay + px(theme.AVATAR) // 2),
            initial,
            font=theme.font(18, 700),
            fill=theme.WHITE,
            anchor="mm",
        )
        out.alpha_composite(head, (px(theme.CONTENT_X), y_head))
        out.alpha_composite(body, (px(theme.CONTENT_X), y_head + head.height + px(2)))
        return out.convert("RGB")


def render_message(msg: Message) -> Image.Image:
    """The message drawn at 2x: 800 px wide, as tall as it needs."""
    return Renderer(msg).draw()


def render_messages(msgs: list[Message], caption: str | None = None) -> Image.Image:
    """Several messages one under the other (a stretch of the channel)."""
    ims = [render_message(m) for m in msgs]
    width = max(i.width for i in ims)
    cap = None
    if caption:
        cap = Image.new("RGB", (width, px(28)), (30, 31, 34))
        ImageDraw.Draw(cap).text(
            (px(theme.GUTTER), px(14)),
            caption,
            font=theme.font(13, 600),
            fill=theme.MUTED,
            anchor="lm",
        )
    h = sum(i.height for i in ims) + (cap.height if cap else 0)
    out = Image.new("RGB", (width, h), theme.BG)
    y = 0
    if cap is not None:
        out.paste(cap, (0, 0))
        y = cap.height
    for i in ims:
        out.paste(i, (0, y))
        y += i.height
    return out


# Message with this module's own names: its users take it from here
__all__ = [
    "FLAG_COMPONENTS_V2",
    "FLAG_EPHEMERAL",
    "Message",
    "Renderer",
    "render_message",
    "render_messages",
]
