"""The gallery's Discord look-alike renderer: every component kind is drawn, text shows."""

from __future__ import annotations

import io

from PIL import Image

from gallery.render import Message, render_message
from gallery.richtext import Names, Style, inline, layout, parse, render, split_emoji, timestamp
from gallery.theme import BG, px


def _png(colour: tuple[int, int, int], size: tuple[int, int] = (300, 150)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, "PNG")
    return buf.getvalue()


def _count(im: Image.Image, colour: tuple[int, int, int], tol: int = 6) -> int:
    colours = im.convert("RGB").getcolors(maxcolors=1 << 24) or []
    return sum(
        n for n, c in colours if all(abs(a - b) <= tol for a, b in zip(c, colour, strict=True))
    )


def _bright(im: Image.Image, box: tuple[int, int, int, int] | None = None) -> int:
    """Pixels light enough to be text on the dark theme."""
    part = im.crop(box) if box else im
    return sum(part.convert("L").histogram()[171:])


NAMES = Names(users={42: "alice"}, emoji_images={7: _png((250, 10, 200), (64, 64))})


def test_v1_message_draws_content_embed_buttons_and_an_opened_select() -> None:
    msg = Message(
        {
            "content": "<@42> **your turn** ♠ 👍 <:card:7>",
            "embeds": [{"title": "Kozel", "description": "Trick", "color": 0x2D7D46}],
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "Primary", "custom_id": "a"},
                        {"type": 2, "style": 4, "label": "Danger", "custom_id": "b"},
                    ],
                },
                {
                    "type": 1,
                    "components": [
                        {
                            "type": 3,
                            "custom_id": "s",
                            "placeholder": "Choose",
                            "options": [
                                {"label": "One", "value": "1", "description": "first"},
                                {"label": "Two", "value": "2"},
                            ],
                        }
                    ],
                },
            ],
            "flags": 64,
        },
        names=NAMES,
        open_select="s",
    )
    im = render_message(msg)
    assert im.width == px(400) == 800
    assert im.getpixel((2, 2)) == BG
    assert _count(im, (88, 101, 242)) > 1000  # the primary button (and the APP tag)
    assert _count(im, (218, 55, 60)) > 1000  # the danger button
    assert _count(im, (45, 125, 70), tol=3) > 100  # the embed's accent bar
    assert _count(im, (250, 10, 200), tol=3) > 200  # the custom emoji's own image
    assert _bright(im) > 2000  # text was drawn
    closed = render_message(Message(msg.payload, names=NAMES))
    assert closed.height < im.height  # the opened menu lists the options


def test_v2_layout_draws_container_text_gallery_section_separator() -> None:
    text_only = {
        "flags": 1 << 15,
        "components": [
            {
                "type": 17,
                "accent_color": 0xFF0000,
                "components": [{"type": 10, "content": "## Alice's turn\n-# small"}],
            }
        ],
    }
    base = render_message(Message(text_only))
    payload = {
        "flags": 1 << 15,
        "attachments": [{"id": "1", "filename": "table.png"}],
        "components": [
            {
                "type": 17,
                "accent_color": 0xFF0000,
                "components": [
                    {"type": 10, "content": "## Alice's turn\n-# small"},
                    {"type": 12, "items": [{"media": {"url": "attachment://table.png"}}]},
                    {"type": 14, "divider": True, "spacing": 2},
                    {
                        "type": 9,
                        "components": [{"type": 10, "content": "Section"}],
                        "accessory": {"type": 2, "style": 3, "label": "Go", "custom_id": "g"},
                    },
                    {
                        "type": 1,
                        "components": [{"type": 2, "style": 2, "label": "X", "custom_id": "x"}],
                    },
                ],
            }
        ],
    }
    im = render_message(Message(payload, files={"table.png": _png((10, 200, 250))}))
    assert im.width == 800 and im.height > base.height + 200
    assert _count(im, (255, 0, 0), tol=3) > 100  # the container's accent bar
    assert _count(im, (10, 200, 250), tol=3) > 20000  # the attachment image, drawn large
    assert _count(im, (36, 128, 70)) > 500  # the section's success button
    assert _bright(base) > 500


def test_missing_attachment_is_a_placeholder_not_a_crash() -> None:
    payload = {
        "embeds": [{"title": "T", "image": {"url": "attachment://nope.png"}}],
    }
    im = render_message(Message(payload))
    assert im.height > px(150)


def test_emoji_are_found_as_discord_finds_them() -> None:
    runs = split_emoji("9♣ 👍🏽 #1 🂠")
    keys = [k for _, k in runs if k]
    assert keys == ["2663", "1f44d-1f3fd"]  # 🂠 is not an emoji; '#' alone is text


def _lines(text: str, width: int) -> list[str]:
    """``text`` laid out in ``width`` px: each line's pieces' text."""
    laid = layout(inline(text, Style(), Names()), width, 16)
    return ["".join(p.text for _, p in line.items) for line in laid]


def test_a_word_joiner_keeps_a_card_on_one_line() -> None:
    """ "Q\u2060♦" never breaks between the rank and the suit (as a browser keeps it), while
    the same text without the joiner may."""

    text = "Trump: Q\u2060♦ (diamonds)"
    plain = text.replace("\u2060", "")
    widths = range(px(60), px(400), 4)
    broken = [w for w in widths if any(x.endswith("Q") for x in _lines(plain, w))]
    assert broken, "without the joiner some width breaks between Q and ♦"
    for w in broken:
        got = _lines(text, w)
        assert not any(x.rstrip().endswith("Q") for x in got), (w, got)
        assert any("Q♦" in x for x in got), (w, got)


def test_a_word_whose_style_changes_inside_it_stays_on_one_line() -> None:
    """ "60 : 60 **yumurta**dır" broke between the bold "yumurta" and "dır", where a browser
    keeps one word whole; a space after the bold text may still break."""
    text = "Sonuç 60 : 60 **yumurta**dır: kimse ceza almaz."
    # the widths where the whole word fits on a line
    widths = [w for w in range(px(60), px(500), 2) if len(_lines("**yumurta**dır:", w)) == 1]
    for w in widths:
        got = _lines(text, w)
        assert not any(x.rstrip().endswith("yumurta") for x in got), (w, got)
    spaced = "Sonuç 60 : 60 **yumurta** dır: kimse ceza almaz."
    assert any(any(x.rstrip().endswith("yumurta") for x in _lines(spaced, w)) for w in widths), (
        "with a space after the bold word some width breaks there"
    )


def test_a_no_break_space_keeps_a_team_dot_with_its_name() -> None:
    text = "Alice took it with A♥ (\u2060🔵\u00a0Team A)"
    for w in range(px(80), px(400), 4):
        got = _lines(text, w)
        assert not any(x.rstrip().endswith(("(", "🔵")) for x in got), (w, got)


def test_closing_punctuation_after_bold_text_never_starts_a_line() -> None:
    """ "**Ольга**: 8♥" broke between the bold name and its colon in a replay picture; a
    browser never starts a line with closing punctuation."""
    text = "**Взятку берёт Ольга**:\u00a08♥\u00a09♥\u00a0K♥\u00a0A♥ (team)"
    for w in range(px(80), px(400), 4):
        got = _lines(text, w)
        assert not any(x.lstrip().startswith(":") for x in got), (w, got)


def _segments(row: bytes) -> int:
    """Runs of opaque pixels in one row of alpha values."""
    return sum(1 for i, a in enumerate(row) if a > 0 and (i == 0 or row[i - 1] == 0))


def _boxes(text: str) -> int:
    """Boxes in the row just under the top edge of ``text`` drawn (its code spans' boxes)."""
    im = render(text, 400, Names())
    alpha = im.getchannel("A").tobytes()
    rows = [alpha[y * im.width : (y + 1) * im.width] for y in range(im.height)]
    top = next(y for y, row in enumerate(rows) if any(row))
    return _segments(rows[top + 1])


def test_inline_code_with_spaces_is_one_box_as_in_discord() -> None:
    assert _boxes("`kozel-discord verify`") == 1, "one box behind the span, the space included"
    assert _boxes("`kozel-discord` `verify`") == 2  # two spans: two boxes


def test_word_joiners_keep_custom_emojis_together() -> None:
    back = _png((30, 60, 200), (64, 64))
    names = Names(emoji_images={7: back})
    four = "\u2060".join(["<:kz_back:7>"] * 4)
    text = f"Computer 2 discarded {four}"
    pieces = inline(text, Style(), names)
    run = sum(p.width() for p in pieces if p.image is not None)
    for w in range(int(run) + 1, px(400), 4):  # wide enough for the 4 backs on one line
        laid = layout(pieces, w, 16)
        counts = [sum(1 for _, p in line.items if p.image is not None) for line in laid]
        assert [c for c in counts if c] == [4], (w, counts)


def test_a_timestamp_shows_its_time_not_a_fixed_one() -> None:
    # every <t:…> was drawn as "Today at 12:00" beside messages sent at 21:04
    ts = 1796594640  # 2026-12-06 22:04 UTC
    assert timestamp(ts, "d") == "12/06/2026"
    assert timestamp(ts, "f") == "December 6, 2026 22:04"
    assert timestamp(ts, "R", now=ts - 45) == "in 45 seconds"
    assert timestamp(ts, "R", now=ts + 7200) == "2 hours ago"
    # a Russian client writes dates its way ("12/06/2026" read as June 12)
    assert timestamp(ts, "d", lang="ru") == "06.12.2026"
    assert timestamp(ts, "R", now=ts - 45, lang="ru") == "через 45 секунд"


def test_a_footer_shows_its_markdown_and_mentions_as_written() -> None:
    # Discord draws an embed's footer as plain text: a code span keeps its backticks and a
    # command mention its raw syntax, so the gallery must not dress them up.
    raw = "Check `kozel-discord verify` **now** </league game:5> <@42>"
    (plain,) = parse(raw, Style(), Names(), markdown=False)
    assert "".join(p.text for p in plain.pieces) == raw
    (dressed,) = parse(raw, Style(), Names(users={42: "Alice"}))
    assert "".join(p.text for p in dressed.pieces) != raw


def test_a_footer_keeps_its_no_break_spaces_unbroken() -> None:
    # "2\u00a0· 3\u00a0players": the plain footer broke before "·" and after a count.
    (plain,) = parse("12\u00a0· 30\u00a0players", Style(), Names(), markdown=False)
    glued = {p.text for p in plain.pieces if p.glue and p.text.strip()}
    assert glued == {"·", "players"}  # each held to what comes before it
