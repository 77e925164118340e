"""Discord's markdown-lite parsed into styled pieces (laid out and drawn by richtext.py):
bold, italic, underline, strikethrough, `code`, code blocks, headings (#, ##, ###), subtext
(-#), lists, block quotes, masked links, mentions (<@id> as @name, <#id> as #channel,
</name:id> as /name), custom emoji (<:name:id>), timestamps (<t:ts:style>) and Unicode emoji
(Twemoji keys); the suit marks no bundled font has."""

from __future__ import annotations

import datetime as dt
import itertools
import re
import time
from dataclasses import dataclass, field, replace

from babel.dates import format_date, format_time, format_timedelta
from PIL import ImageFont

from kozel_discord.engine import Suit

from . import theme
from .theme import px


@dataclass
class Names:
    """What the client knows to show mentions and custom emoji."""

    users: dict[int, str] = field(default_factory=dict)
    channels: dict[int, str] = field(default_factory=dict)
    roles: dict[int, str] = field(default_factory=dict)
    emoji_images: dict[int, bytes] = field(default_factory=dict)
    lang: str = "en"  # the client's language: how it writes dates (en, ru, uk, tr)


@dataclass(frozen=True)
class Style:
    size: float = 16
    weight: int = 400
    italic: bool = False
    color: tuple[int, int, int] = theme.TEXT
    code: bool = False
    underline: bool = False
    strike: bool = False
    pill: tuple[int, int, int] | None = None  # background of a mention
    fallback: bool = False  # a symbol Noto Sans lacks, from the fallback font

    def font(self) -> ImageFont.FreeTypeFont:
        if self.fallback:
            return theme.symbols(self.size)
        if self.code:
            return theme.mono(self.size * 0.85)
        return theme.font(self.size, self.weight, self.italic)


@dataclass
class Piece:
    """One unbreakable thing on a line: a word, a space, an emoji or a mention."""

    text: str
    style: Style
    emoji: str | None = None  # a Twemoji key
    image: bytes | None = None  # a custom emoji's image
    space: bool = False
    suit: str | None = None  # a suit mark no bundled font has, drawn as a shape
    glue: bool = False  # no line break before it (a word joiner or a no-break space before it)

    def width(self) -> float:
        if self.suit is not None:
            return px(self.style.size * 0.8)
        if self.emoji is not None or self.image is not None or self.text.startswith("\0"):
            return px(self.style.size * 1.375) + px(1)
        w = float(self.style.font().getlength(self.text))
        if self.style.pill is not None or (self.style.code and not self.space):
            w += px(4)
        return w


@dataclass
class Block:
    kind: str  # p, h1, h2, h3, sub, li, quote, codeblock
    pieces: list[Piece]
    indent: int = 0
    marker: str = ""
    raw: str = ""


_INLINE = re.compile(
    r"(?P<code>`[^`\n]+`)"
    r"|(?P<user><@!?(?P<uid>\d+)>)"
    r"|(?P<role><@&(?P<rid>\d+)>)"
    r"|(?P<chan><#(?P<cid>\d+)>)"
    r"|(?P<cmd></(?P<cmdname>[\w\- ]+):\d+>)"
    r"|(?P<cemoji><a?:(?P<ename>\w+):(?P<eid>\d+)>)"
    r"|(?P<time><t:(?P<ts>-?\d+)(?::(?P<tstyle>[tTdDfFR]))?>)"
    r"|(?P<link>\[(?P<ltext>[^\]\n]+)\]\((?P<lurl><?https?://[^)\s]+>?)\))"
    r"|(?P<url>https?://[^\s<]+)"
    r"|(?P<delim>\*\*|__|~~|\|\||\*|_)"
)

_FLAG = {"**": "bold", "__": "underline", "~~": "strike", "*": "italic", "_": "italic"}


def _is_emoji_start(c: str) -> bool:
    o = ord(c)
    return o >= 0x2000 or c in "#*0123456789©®"


def split_emoji(text: str) -> list[tuple[str, str | None]]:
    """``text`` cut into (run, twemoji key or None); emoji found greedily, longest first."""
    out: list[tuple[str, str | None]] = []
    buf = ""
    i = 0
    while i < len(text):
        key = None
        n = 0
        if _is_emoji_start(text[i]):
            for n in range(min(10, len(text) - i), 0, -1):
                if n == 1 and ord(text[i]) < 0x2000:
                    break  # '#', digits and (c) are text unless a keycap or VS16 follows
                key = theme.twemoji_key(text[i : i + n])
                if key is not None:
                    break
        if key is None:
            buf += text[i]
            i += 1
            continue
        if buf:
            out.append((buf, None))
            buf = ""
        j = i + n
        if j < len(text) and text[j] == "\ufe0f":
            j += 1
        out.append((text[i:j], key))
        i = j
    if buf:
        out.append((buf, None))
    return out


# Suit marks (filled and outlined) that neither Noto Sans nor JetBrains Mono has; Discord's
# clients draw them from the system's symbol fonts. Drawn by richtext.suit_mark with the table
# pictures' pips.
SUIT_MARKS: dict[str, tuple[Suit, bool]] = {
    "♠": (Suit.SPADES, False),
    "♣": (Suit.CLUBS, False),
    "♤": (Suit.SPADES, True),
    "♧": (Suit.CLUBS, True),
    "♡": (Suit.HEARTS, True),
    "♢": (Suit.DIAMONDS, True),
}


WORD_JOINER = "\u2060"
NO_BREAK_SPACE = "\u00a0"
_GLUE = re.compile(f"([{WORD_JOINER}{NO_BREAK_SPACE}])")


def _text_pieces(text: str, style: Style) -> list[Piece]:
    """``text`` as pieces; a word joiner ("Q\u2060♦") or a no-break space ("🔵\u00a0Team")
    keeps its two sides on one line, as a browser does."""
    if WORD_JOINER not in text and NO_BREAK_SPACE not in text:
        return _plain_text_pieces(text, style)
    pieces: list[Piece] = []
    glue_next = False
    for token in _GLUE.split(text):
        if token == WORD_JOINER:
            glue_next = True
        elif token == NO_BREAK_SPACE:
            pieces.append(Piece(" ", style, glue=True))  # drawn as a space, never a break
            glue_next = True
        elif token:
            chunk = _plain_text_pieces(token, style)
            if glue_next and chunk:
                chunk[0] = replace(chunk[0], glue=True)
            pieces += chunk
            glue_next = False
    return pieces


def _plain_text_pieces(text: str, style: Style) -> list[Piece]:
    pieces: list[Piece] = []
    for run, key in split_emoji(text):
        if key is not None:
            pieces.append(Piece(run, style, emoji=key))
            continue
        for part in re.split(r"(\s+)", run):
            if not part:
                continue
            if any(c in SUIT_MARKS for c in part):
                for ch in part:
                    if ch in SUIT_MARKS:
                        pieces.append(Piece(ch, style, suit=ch))
                    else:
                        pieces.extend(_plain_text_pieces(ch, style))
                continue
            if part.isspace() or all(theme.has_glyph(c) for c in part):
                pieces.append(Piece(part, style, space=part.isspace()))
                continue
            for ok, chars in itertools.groupby(part, theme.has_glyph):
                pieces.append(Piece("".join(chars), replace(style, fallback=not ok)))
    return pieces


def inline(text: str, base: Style, names: Names, *, links: bool = True) -> list[Piece]:
    """The pieces of one line of markdown-lite."""
    flags: set[str] = set()
    pieces: list[Piece] = []

    def style() -> Style:
        s = base
        if "bold" in flags:
            s = replace(s, weight=max(700, s.weight))
        if "italic" in flags:
            s = replace(s, italic=True)
        if "underline" in flags:
            s = replace(s, underline=True)
        if "strike" in flags:
            s = replace(s, strike=True)
        return s

    pos = 0
    glued: int | None = None  # the first piece of the last match, glued to the text before
    styled = False  # the last match was a style's delimiter ("**yumurta**dır": one word)
    for m in _INLINE.finditer(text):
        if m.start() < pos:
            continue
        _glue_at(pieces, glued)
        before = text[pos : m.start()]
        _glue_word(pieces, _text_pieces(before, style()), styled)
        glued = len(pieces) if before.endswith((WORD_JOINER, NO_BREAK_SPACE)) else None
        pos = m.end()
        kind = m.lastgroup if m.lastgroup in _KINDS else next(k for k in _KINDS if m.group(k))
        styled = kind == "delim"
        if kind == "code":
            pieces += [
                replace(p, style=replace(style(), code=True))
                for p in _plain_pieces(m.group()[1:-1], style())
            ]
        elif kind == "user":
            name = names.users.get(int(m["uid"]), "unknown-user")
            pieces.append(_pill("@" + name, style()))
        elif kind == "role":
            pieces.append(_pill("@" + names.roles.get(int(m["rid"]), "unknown-role"), style()))
        elif kind == "chan":
            pieces.append(_pill("#" + names.channels.get(int(m["cid"]), "unknown"), style()))
        elif kind == "cmd":
            pieces.append(_pill("/" + m["cmdname"], style()))
        elif kind == "cemoji":
            data = names.emoji_images.get(int(m["eid"]))
            if data is not None:
                pieces.append(Piece(f":{m['ename']}:", style(), image=data))
            else:
                pieces += _text_pieces(f":{m['ename']}:", replace(style(), color=theme.MUTED))
        elif kind == "time":
            shown = timestamp(int(m["ts"]), m["tstyle"] or "f", lang=names.lang)
            pieces.append(Piece(shown, replace(style(), color=theme.TEXT, pill=theme.TIME_BG)))
        elif kind == "link":
            if links:
                pieces += _text_pieces(m["ltext"], replace(style(), color=theme.LINK))
            else:
                pieces += _text_pieces(m.group(), style())
        elif kind == "url":
            pieces += _text_pieces(m.group(), replace(style(), color=theme.LINK))
        else:
            d = m.group()
            flag = _FLAG.get(d)
            if d == "||":
                flag = "spoiler"
            if flag is None:
                continue
            closing = text.find(d, pos)
            if flag in flags or closing != -1:
                flags.symmetric_difference_update({flag})
            else:
                pieces += _text_pieces(d, style())
    _glue_at(pieces, glued)
    _glue_word(pieces, _text_pieces(text[pos:], style()), styled)
    return pieces


def _glue_word(pieces: list[Piece], after: list[Piece], styled: bool) -> None:
    """Add ``after`` to ``pieces``. Where a style changes inside a word ("**yumurta**dır")
    the text after the change stays on the line of the text before it, as in a browser:
    its first piece is glued."""
    if styled and after and pieces:
        first, last = after[0], pieces[-1]
        words = [p for p in (first, last) if not p.space and p.emoji is None and p.image is None]
        if len(words) == 2:
            after = [replace(first, glue=True), *after[1:]]
    pieces += after


def _glue_at(pieces: list[Piece], i: int | None) -> None:
    """Mark ``pieces[i]`` glued to what comes before it (a mention or a custom emoji after
    a word joiner or a no-break space)."""
    if i is not None and i < len(pieces):
        pieces[i] = replace(pieces[i], glue=True)


_KINDS = ("code", "user", "role", "chan", "cmd", "cemoji", "time", "link", "url", "delim")


def _plain_pieces(text: str, style: Style) -> list[Piece]:
    return [Piece(p, style, space=p.isspace()) for p in re.split(r"(\s+)", text) if p]


def timestamp(ts: int, style: str, now: float | None = None, lang: str = "en") -> str:
    """A ``<t:ts:style>`` as a Discord client in ``lang`` shows it (UTC; relative ones from
    ``now``, the time of drawing): a fixed "Today at 12:00" contradicted the messages, and
    "12/06/2026" in a Russian picture read as June 12."""
    when = dt.datetime.fromtimestamp(ts, dt.UTC)
    if style == "R":  # "in 45 seconds", "2 hours ago", "через 45 секунд"
        ahead = dt.timedelta(seconds=round(ts - (time.time() if now is None else now)))
        return format_timedelta(ahead, add_direction=True, locale=lang)
    if lang != "en":  # Babel's patterns for the language (the bot's own dates use it too)
        day, short = format_date(when, "long", locale=lang), format_time(when, "short", locale=lang)
        return {
            "t": short,
            "T": format_time(when, "medium", locale=lang),
            "d": format_date(when, "short", locale=lang),
            "D": day,
        }.get(style, f"{day} {short}")
    day = f"{when:%B} {when.day}, {when.year}"
    return {
        "t": f"{when:%H:%M}",
        "T": f"{when:%H:%M:%S}",
        "d": f"{when:%m/%d/%Y}",
        "D": day,
        "F": f"{when:%A}, {day} {when:%H:%M}",
    }.get(style, f"{day} {when:%H:%M}")


def _pill(text: str, style: Style) -> Piece:
    return Piece(text, replace(style, color=theme.MENTION_TEXT, pill=theme.MENTION_BG, weight=500))


_LIST = re.compile(r"^(?P<indent> *)(?P<marker>[-*]|\d{1,3}\.) +(?P<rest>.*)$")


def parse(
    text: str, base: Style, names: Names, *, headings: bool = True, markdown: bool = True
) -> list[Block]:
    """Markdown-lite text into blocks (one per line, code blocks whole); without
    ``markdown``, each line as it is written (an embed's footer: Discord shows its
    backticks, asterisks and mention syntax as they are)."""
    if not markdown:
        return [Block("p", _text_pieces(line, base)) for line in text.split("\n")]
    blocks: list[Block] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            body: list[str] = []
            rest = line[3:]
            if rest.endswith("```") and len(rest) >= 3:
                blocks.append(Block("codeblock", [], raw=rest[:-3]))
                i += 1
                continue
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
            blocks.append(Block("codeblock", [], raw="\n".join(body)))
            continue
        i += 1
        quote = False
        if line.startswith("> "):
            quote, line = True, line[2:]
        kind, style, marker, indent = "p", base, "", 0
        if headings and (h := re.match(r"^(#{1,3}) +(.*)$", line)):
            level = len(h[1])
            kind = f"h{level}"
            style = replace(base, size={1: 24, 2: 20, 3: 16}[level], weight=700, color=theme.HEADER)
            line = h[2]
        elif headings and line.startswith("-# "):
            kind, line = "sub", line[3:]
            style = replace(base, size=12, color=theme.MUTED)
        elif lm := _LIST.match(line):
            kind = "li"
            indent = len(lm["indent"]) // 2
            marker = "•" if lm["marker"] in "-*" else lm["marker"]
            line = lm["rest"]
        block = Block(kind, inline(line, style, names), indent=indent, marker=marker)
        if quote:
            block.kind = "quote" if kind == "p" else kind
            block.indent = -1 if kind != "p" else 0
        blocks.append(block)
    return blocks
