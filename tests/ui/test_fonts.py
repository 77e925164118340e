"""The pictures' font remembers rendered texts: the pixels must be exactly those of a fresh
rendering, whatever the text, anchor or sub-pixel position, and the memory bounded."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from kozel_discord.ui.pictures import fonts


def _drawn(f: ImageFont.FreeTypeFont, texts: list[tuple[tuple[float, float], str, str]]) -> bytes:
    img = Image.new("RGBA", (420, 200), (20, 90, 50, 255))
    d = ImageDraw.Draw(img)
    for xy, s, anchor in texts:
        d.text(xy, s, fill=(240, 230, 210), font=f, anchor=anchor)
    return img.tobytes()


def test_remembered_texts_draw_the_same_pixels() -> None:
    memo = fonts.font(23, 700)
    plain = ImageFont.truetype(str(fonts.FONT_PATH), 23, layout_engine=ImageFont.Layout.BASIC)
    plain.set_variation_by_axes([700, 100])
    texts = [
        ((10, 20), "Alice", "lm"),
        ((10.5, 60.25), "Борис Длинноимённый", "lm"),
        ((210, 100), "Козырь ♦ 10", "mm"),
        ((400.75, 150.5), "Alice", "rs"),
        ((10, 180), "Alice", "lm"),
        ((200.5, 180.5), "Alice", "lm"),  # the same text at another sub-pixel start
    ]
    first = _drawn(memo, texts)
    assert first == _drawn(plain, texts)
    assert _drawn(memo, texts) == first  # the second time from the memo
    assert memo.getlength("Борис Длинноимённый") == plain.getlength("Борис Длинноимённый")


def test_the_memo_stays_bounded() -> None:
    memo = fonts.font(17)
    for n in range(fonts._KEPT * 2 + 5):
        memo.getmask2(str(n), "L", anchor="lm")
    assert 0 < len(memo._masks) <= fonts._KEPT  # type: ignore[attr-defined]
