"""A Discord message (the JSON the bot sent) drawn as Discord's dark-theme mobile client shows
it: author line with the APP tag, content, embeds, components v1 (action rows with buttons and
selects) and components v2 (Container, TextDisplay, Section, Separator, MediaGallery,
Thumbnail, File, ActionRow), and "Only you can see this" under ephemeral messages."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from . import theme
from .richtext import Names, Style, draw_inline, draw_line, inline, layout, text_width
from .richtext import render as render_text
from .theme import px

FLAG_EPHEMERAL = 1 << 6
FLAG_COMPONENTS_V2 = 1 << 15


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


def _blank(w: int, h: int) -> Img:
    return Image.new("RGBA", (max(1, w), max(1, h)), (0, 0, 0, 0))


def vstack(parts: list[tuple[Img, int]], width: int) -> Img:
    """Images one under the other, each after its top margin (image px)."""
    h = sum(im.height + gap for im, gap in parts)
    out = _blank(width, h)
    y = 0
    for im, gap in parts:
        y += gap
        out.alpha_composite(im, (0, y))
        y += im.height
    return out


def _rgb(value: int | None, default: tuple[int, int, int]) -> tuple[int, int, int]:
    if value is None:
        return default
    return ((value >> 16) & 255, (value >> 8) & 255, value & 255)


def _rounded(im: Img, radius: int) -> Img:
    mask = Image.new("L", im.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, im.width - 1, im.height - 1), radius, fill=255)
    out = _blank(*im.size)
    out.paste(im, (0, 0), mask)
    return out


class Renderer:
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
            ph = _blank(max_w, px(120))
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

    # ------------------------------------------------------------------ embeds

    def embed(self, e: dict[str, Any], width: int) -> Img:
        bar = _rgb(e.get("color"), theme.EMBED_DEFAULT_BAR)
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
        head = vstack(parts, text_w) if parts else _blank(text_w, 1)
        body: list[tuple[Img, int]] = []
        if thumb is not None:
            row = _blank(inner, max(head.height, thumb.height + px(8)))
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
        out = _blank(width, h)
        d = ImageDraw.Draw(out)
        d.rounded_rectangle((0, 0, width - 1, h - 1), px(4), fill=theme.EMBED_BG)
        d.rounded_rectangle((0, 0, px(4) + px(4), h - 1), px(4), fill=bar)
        d.rectangle((px(4), 0, px(8), h - 1), fill=theme.EMBED_BG)
        out.alpha_composite(content, (px(4) + pad_l, pad_t))
        return out

    # ------------------------------------------------------------------ v1 components

    def button(self, b: dict[str, Any]) -> Img:
        style = int(b.get("style", 2))
        label = str(b.get("label") or "")
        st = Style(size=14, weight=500, color=theme.WHITE)
        emoji = b.get("emoji") or {}
        emoji_text = ""
        if emoji.get("id"):
            emoji_text = f"<:{emoji.get('name') or 'e'}:{emoji['id']}>"
        elif emoji.get("name"):
            emoji_text = str(emoji["name"])
        text = (emoji_text + (" " if emoji_text and label else "") + label).strip()
        w = max(px(60), text_width(text, st, self.names) + px(32) + (px(20) if style == 5 else 0))
        h = px(32)
        im = _blank(w, h)
        d = ImageDraw.Draw(im)
        d.rounded_rectangle(
            (0, 0, w - 1, h - 1), px(3), fill=theme.BUTTON_STYLES.get(style, theme.BUTTON_STYLES[2])
        )
        draw_inline(im, text, st, self.names, px(16), 0, h)
        if style == 5:  # the "opens a link" arrow
            x, y = w - px(24), h // 2
            d.line((x, y + px(5), x + px(9), y - px(4)), fill=theme.WHITE, width=px(2))
            d.line(
                (x + px(3), y - px(4), x + px(9), y - px(4), x + px(9), y + px(2)),
                fill=theme.WHITE,
                width=px(2),
            )
        if b.get("disabled"):
            im.putalpha(im.getchannel("A").point(lambda a: a // 2))
        return im

    def select(self, s: dict[str, Any], width: int) -> Img:
        w = min(width, px(400))
        h = px(40)
        top = _blank(w, h)
        d = ImageDraw.Draw(top)
        d.rounded_rectangle((0, 0, w - 1, h - 1), px(4), fill=theme.SELECT_BG)
        chosen = [o for o in s.get("options") or [] if o.get("default")]
        if chosen:
            text = ", ".join(self._option_text(o) for o in chosen)
            color = theme.TEXT
        else:
            text = str(s.get("placeholder") or "Make a selection")
            color = theme.MUTED
        draw_inline(top, text, Style(size=16, color=color), self.names, px(12), 0, h)
        cx, cy = w - px(20), h // 2
        d.rectangle((w - px(40), 0, w - px(5), h - 2), fill=theme.SELECT_BG)
        d.line(
            (cx - px(6), cy - px(3), cx, cy + px(3), cx + px(6), cy - px(3)),
            fill=theme.TEXT,
            width=px(2),
        )
        if s.get("disabled"):
            top.putalpha(top.getchannel("A").point(lambda a: a // 2))
        if self.msg.open_select is None or s.get("custom_id") != self.msg.open_select:
            return top
        return vstack([(top, 0), (self.menu(s, w), px(4))], w)

    def _option_text(self, o: dict[str, Any]) -> str:
        emoji = o.get("emoji") or {}
        prefix = ""
        if emoji.get("id"):
            prefix = f"<:{emoji.get('name') or 'e'}:{emoji['id']}> "
        elif emoji.get("name"):
            prefix = f"{emoji['name']} "
        return prefix + str(o.get("label", ""))

    def menu(self, s: dict[str, Any], w: int) -> Img:
        rows: list[Img] = []
        for o in s.get("options") or []:
            desc = o.get("description")
            # Discord's client wraps a long description onto more lines (since July 2025,
            # discord/discord-api-docs#6895); the label stays on one. A line may reach the
            # menu's edge, where the drawing used to cut it.
            lines = (
                layout(
                    inline(str(desc), Style(size=14, color=theme.MUTED), self.names),
                    w - px(12),
                    14,
                )
                if desc
                else []
            )
            rh = px(36) + px(20) * len(lines) if desc else px(40)
            row = _blank(w, rh)
            if o.get("default"):
                ImageDraw.Draw(row).rectangle((0, 0, w, rh), fill=theme.MENU_ROW_ACTIVE)
            if desc:
                draw_inline(
                    row,
                    self._option_text(o),
                    Style(size=16, color=theme.TEXT),
                    self.names,
                    px(12),
                    px(6),
                    px(24),
                )
                for i, line in enumerate(lines):
                    line.height = px(20)
                    draw_line(row, line, px(12), px(30) + i * px(20))
            else:
                draw_inline(
                    row,
                    self._option_text(o),
                    Style(size=16, color=theme.TEXT),
                    self.names,
                    px(12),
                    0,
                    rh,
                )
            rows.append(row)
        body = vstack([(r, 0) for r in rows], w)
        out = _blank(w, body.height + px(8))
        d = ImageDraw.Draw(out)
        d.rounded_rectangle(
            (0, 0, w - 1, out.height - 1),
            px(4),
            fill=theme.MENU_BG,
            outline=theme.SELECT_BG,
            width=px(1),
        )
        out.alpha_composite(body, (0, px(4)))
        return out

    def action_row(self, row: dict[str, Any], width: int) -> Img:
        items: list[Img] = []
        for c in row.get("components") or []:
            t = c.get("type")
            if t == 2:
                items.append(self.button(c))
            elif t in (3, 5, 6, 7, 8):
                items.append(self.select(c, width))
            elif t == 4:
                items.append(self.select({"placeholder": c.get("label", "")}, width))
        # lay out like CSS flex-wrap with 8px gaps
        lines: list[list[Img]] = [[]]
        x = 0
        for it in items:
            if lines[-1] and x + it.width > width:
                lines.append([])
                x = 0
            lines[-1].append(it)
            x += it.width + px(8)
        parts = []
        for n, line in enumerate(lines):
            h = max((i.height for i in line), default=1)
            im = _blank(width, h)
            x = 0
            for i in line:
                im.alpha_composite(i, (x, 0))
                x += i.width + px(8)
            parts.append((im, px(8) if n else 0))
        return vstack(parts, width)

    # ------------------------------------------------------------------ v2 components

    def component(self, c: dict[str, Any], width: int, in_container: bool = False) -> Img:
        t = c.get("type")
        if t == 1:
            return self.action_row(c, width)
        if t == 10:
            return render_text(
                str(c.get("content", "")),
                width / theme.S,
                self.names,
                size=16 if not in_container else 15,
            )
        if t == 9:
            return self.section(c, width, in_container)
        if t == 14:
            gap = px(8 if int(c.get("spacing", 1)) == 1 else 16)
            im = _blank(width, gap * 2 if c.get("divider", True) else gap)
            if c.get("divider", True):
                ImageDraw.Draw(im).line((0, gap, width, gap), fill=theme.DIVIDER, width=px(1))
            return im
        if t == 12:
            return self.gallery(c, width)
        if t == 11:
            return self.picture((c.get("media") or {}).get("url"), px(85), px(85), px(8))
        if t == 13:
            return self.file(c, width)
        if t == 17:
            return self.container(c, width)
        im = _blank(width, px(20))
        ImageDraw.Draw(im).text(
            (0, 0), f"[component type {t}]", font=theme.font(12), fill=theme.MUTED
        )
        return im

    def section(self, c: dict[str, Any], width: int, in_container: bool) -> Img:
        acc = c.get("accessory") or {}
        side = (
            self.component(acc, width)
            if acc.get("type") == 11
            else self.button(acc)
            if acc
            else None
        )
        tw = width - (side.width + px(16) if side else 0)
        texts = vstack(
            [
                (self.component(t, tw, in_container), px(8) if n else 0)
                for n, t in enumerate(c.get("components") or [])
            ],
            tw,
        )
        h = max(texts.height, side.height if side else 0)
        out = _blank(width, h)
        out.alpha_composite(texts, (0, 0))
        if side is not None:
            out.alpha_composite(side, (width - side.width, 0))
        return out

    def gallery(self, c: dict[str, Any], width: int) -> Img:
        items = c.get("items") or []
        if len(items) == 1:
            return self.picture((items[0].get("media") or {}).get("url"), width, px(600), px(8))
        cols = 2 if len(items) in (2, 4) else 3
        cw = (width - px(4) * (cols - 1)) // cols
        cells = [self.picture((i.get("media") or {}).get("url"), cw, cw, px(4)) for i in items]
        rows = [cells[i : i + cols] for i in range(0, len(cells), cols)]
        parts = []
        for n, r in enumerate(rows):
            im = _blank(width, max(x.height for x in r))
            for k, cell in enumerate(r):
                im.alpha_composite(cell, (k * (cw + px(4)), 0))
            parts.append((im, px(4) if n else 0))
        return vstack(parts, width)

    def file(self, c: dict[str, Any], width: int) -> Img:
        url = str((c.get("file") or {}).get("url") or "file")
        im = _blank(width, px(64))
        d = ImageDraw.Draw(im)
        d.rounded_rectangle(
            (0, 0, width - 1, im.height - 1), px(8), fill=theme.EMBED_BG, outline=theme.SELECT_BG
        )
        d.text(
            (px(16), im.height // 2),
            url.removeprefix("attachment://"),
            font=theme.font(16),
            fill=theme.LINK,
            anchor="lm",
        )
        return im

    def container(self, c: dict[str, Any], width: int) -> Img:
        accent = c.get("accent_color")
        bar = px(4) if accent is not None else 0
        pad = px(16)
        inner = width - bar - 2 * pad
        kids = c.get("components") or []
        body = vstack(
            [(self.component(k, inner, True), px(8) if n else 0) for n, k in enumerate(kids)], inner
        )
        h = body.height + 2 * pad
        out = _blank(width, h)
        d = ImageDraw.Draw(out)
        d.rounded_rectangle(
            (0, 0, width - 1, h - 1),
            px(8),
            fill=theme.CONTAINER_BG,
            outline=theme.CONTAINER_BORDER,
            width=px(1),
        )
        if accent is not None:
            d.rounded_rectangle(
                (0, 0, px(12), h - 1), px(8), fill=_rgb(accent, theme.EMBED_DEFAULT_BAR)
            )
            d.rectangle((bar, px(1), px(14), h - 1 - px(1)), fill=theme.CONTAINER_BG)
        out.alpha_composite(body, (bar + pad, pad))
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
        im = _blank(width, h)
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
        im = _blank(width, h)
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
            used = _blank(W, px(22))
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
