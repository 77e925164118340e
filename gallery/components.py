"""Message components drawn: components v1 (action rows with buttons, selects, their opened
menus) and components v2 (Container, TextDisplay, Section, Separator, MediaGallery,
Thumbnail, File, ActionRow)."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from . import theme
from .canvas import Img, RendererBase, blank, rgb, vstack
from .markup import Style, inline
from .richtext import draw_inline, draw_line, layout, text_width
from .richtext import render as render_text
from .theme import px


class ComponentRenderer(RendererBase):
    """Draws the components of a message (the rest of it: Renderer)."""

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
        im = blank(w, h)
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
        top = blank(w, h)
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
            row = blank(w, rh)
            if o.get("default"):
                ImageDraw.Draw(row).rectangle((0, 0, w, rh), fill=theme.MENU_ROW_ACTIVE)
            # the label: above its description, or alone in the middle of its row
            top, height = (px(6), px(24)) if desc else (0, rh)
            label = Style(size=16, color=theme.TEXT)
            draw_inline(row, self._option_text(o), label, self.names, px(12), top, height)
            for i, line in enumerate(lines):
                line.height = px(20)
                draw_line(row, line, px(12), px(30) + i * px(20))
            rows.append(row)
        body = vstack([(r, 0) for r in rows], w)
        out = blank(w, body.height + px(8))
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
            im = blank(width, h)
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
            im = blank(width, gap * 2 if c.get("divider", True) else gap)
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
        im = blank(width, px(20))
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
        out = blank(width, h)
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
            im = blank(width, max(x.height for x in r))
            for k, cell in enumerate(r):
                im.alpha_composite(cell, (k * (cw + px(4)), 0))
            parts.append((im, px(4) if n else 0))
        return vstack(parts, width)

    def file(self, c: dict[str, Any], width: int) -> Img:
        url = str((c.get("file") or {}).get("url") or "file")
        im = blank(width, px(64))
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
        out = blank(width, h)
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
                (0, 0, px(12), h - 1), px(8), fill=rgb(accent, theme.EMBED_DEFAULT_BAR)
            )
            d.rectangle((bar, px(1), px(14), h - 1 - px(1)), fill=theme.CONTAINER_BG)
        out.alpha_composite(body, (bar + pad, pad))
        return out
