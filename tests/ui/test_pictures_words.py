"""The words on the pictures: odd names do not break the layout, long ones are shortened,
and no word is cut or misplaced in any language."""

from __future__ import annotations

import dataclasses
import random

import pytest
from PIL import ImageChops

from kozel_discord.engine import Series, observe, observe_game_end
from kozel_discord.i18n import t
from kozel_discord.ui import pictures
from kozel_discord.ui.pictures import hand as hand_picture
from kozel_discord.ui.pictures import table as table_picture
from kozel_discord.ui.pictures.fonts import ELLIPSIS, clean, fit, font
from tests.engine.helpers import first_game_played
from tests.ui.picture_helpers import LABELS, RU, _advance, _mid_trick, _pixels


# ---------------------------------------------------------------- names and text
@pytest.mark.parametrize(
    "name",
    ["x" * 200, "🐐🐐🐐", "\u200d\u0000\t", "Zoë 👩‍👩‍👧 Ёжиков", "مرحبا", "漢字テスト", ""],
)
def test_odd_names_do_not_break_the_picture(name: str) -> None:
    labels = pictures.Labels((name, name, name, name), team_names=(name, name))
    s = _mid_trick()
    assert _pixels(pictures.draw_table(observe(s, None), labels)).size == (
        table_picture.W,
        table_picture.H,
    )
    assert _pixels(pictures.draw_hand(observe(s, 0), labels)).width == 800


def test_long_names_are_ellipsised_within_the_width() -> None:
    f = font(28, 700)
    cut = fit("Александр Длинноимённый-Сидоров", f, 180)
    assert cut.endswith(ELLIPSIS) and cut.startswith("Александр")
    assert f.getlength(cut) <= 180
    assert fit("Вася", f, 180) == "Вася"
    assert clean("Carol 🐐 \u200d x") == "Carol x"


def test_a_side_seats_long_name_is_whole_beside_the_dealer_badge() -> None:
    # The dealer's badge sits on the box's corner and takes no room from the name:
    # "Компьютер 2" dealing in a side seat was cut to "Компьют…" when it sat inside. The
    # name is drawn the same whether the seat deals or not.
    obs = observe(_mid_trick(), None)
    labels = dataclasses.replace(RU, seat_names=("Аня", "Компьютер 2", "Вика", "Гоша"))
    left = 1  # the public table draws seat 0 at the bottom and seat 1 on the left
    x0, y0, _x1, _y1 = table_picture.SEAT_BOX[1]
    name_area = (x0 + 14, y0 + 10, x0 + 150, y0 + 46)
    drawn = [
        _pixels(pictures.draw_table(dataclasses.replace(obs, dealer=d), labels)).crop(name_area)
        for d in (left, (left + 2) % 4)
    ]
    assert drawn[0].tobytes() == drawn[1].tobytes()
    room = table_picture.SEAT_BOX[1][2] - x0 - 36
    name = "Компьютер 2"
    assert fit(name, table_picture.name_font(name, room), room) == name


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_last_trick_heading_keeps_clear_of_the_top_seat(locale: str) -> None:
    # "Прошлая взятка" at 24 px covered the right edge of the top seat's box
    s = Series(3)
    _advance(s, 12)
    obs = observe(s, None)
    last = pictures.last_trick(obs)
    assert last is not None
    long, short = (
        dataclasses.replace(RU, last_trick=text) for text in (t("picture.last_trick", locale), "x")
    )
    a, b = (
        _pixels(pictures.draw_table(obs, labels, last)).convert("RGB") for labels in (long, short)
    )
    box = ImageChops.difference(a, b).getbbox()
    assert box is not None and box[0] > table_picture.SEAT_BOX[2][2] + 6, box
    # and whole: "Попередня взятка" was cut to "Попередня взят…"
    words = t("picture.last_trick", locale)
    label, size = table_picture.last_trick_pill(words)
    assert label.replace("\n", " ") == clean(words)
    assert size == table_picture.PILL  # on two lines rather than smaller


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_stock_and_trump_captions_read_as_two_words(locale: str) -> None:
    # "Колода Козырь", 9 px apart, read as one phrase; the trump card stays left of the top
    # seat's box (and its turn ring), its caption below them
    f = font(table_picture.LABEL, 600)
    stock, trump = (f.getlength(t(f"picture.{k}", locale)) for k in ("stock", "trump"))
    for k in ("stock", "trump"):  # whole ("Коло…" at 28 px in 96 px)
        word = t(f"picture.{k}", locale)
        assert fit(word, f, table_picture.CAPTION_ROOM) == clean(word)
    stock_end = table_picture.STOCK_CAPTION_X + stock / 2
    trump_start = table_picture.TRUMP_CAPTION_X - trump / 2
    assert trump_start - stock_end >= 16, (stock_end, trump_start)
    top_box = table_picture.SEAT_BOX[2]
    assert top_box[0] - 6 > table_picture.TRUMP_X + table_picture.PILE_W
    caption_y = table_picture.PILE_Y + table_picture.PILE_H + 24
    assert caption_y - table_picture.LABEL / 2 > top_box[3] + 6


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_no_word_of_the_pictures_is_cut_in_any_language(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Коло…" and "Козы…" under the stock and the trump once the captions grew to 28 px:
    # every word a picture draws (short seat names aside) is whole in every language.
    from kozel_discord.service import Seat, Table
    from kozel_discord.ui import board_text, table_message
    from kozel_discord.ui.pictures import draw as draw_module
    from kozel_discord.ui.pictures import fonts

    cut: list[str] = []

    def spy(text: str, f: fonts.Font, max_width: float) -> str:
        out = fit(text, f, max_width)
        if out != clean(text):
            cut.append(text)
        return out

    # what is drawn (the pill of the last trick and a side seat's name try sizes first)
    monkeypatch.setattr(draw_module, "fit", spy)
    table = Table("0123456789ab", 1, 2, 10, locale, None)
    table.seats = [Seat(user_id=10 + i, name=n) for i, n in enumerate(("Ann", "Bo", "Cy", "Di"))]
    public = table_message.picture_labels(table, locale)
    private = board_text.board_labels(table, locale)
    drawn = 0
    for seed in range(2):
        s, rng = Series(seed), random.Random(seed)
        while s.turn is not None and drawn < 60 * (seed + 1):
            obs = observe(s, None)
            last = pictures.last_trick(obs)
            scored = dataclasses.replace(obs, eggs=2, goats=seed % 2, series_over=True)
            for shown in (obs, scored):
                pictures.draw_table(shown, public, last if not obs.trick else None)
            pictures.draw_hand(observe(s, s.turn), private, last if not obs.trick else None)
            drawn += 1
            s.apply(s.turn, rng.choice(s.legal_actions(s.turn)))
    assert drawn > 100 and not cut, sorted(set(cut))


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_a_computers_name_in_a_side_seat_keeps_a_readable_size(locale: str) -> None:
    # «Компьютер 2» shrank to 24 px in a side seat beside names of 32.
    x0, _, x1, _ = table_picture.SEAT_BOX[1]
    name = t("computer.name", locale, n=4)
    f = table_picture.name_font(name, x1 - x0 - 36)
    assert f.size >= 28 and fit(name, f, x1 - x0 - 36) == clean(name), (name, f.size)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the pictures draw from now on, in order (a spy on ``draw.fit``)."""
    from kozel_discord.ui.pictures import draw as draw_module
    from kozel_discord.ui.pictures import fonts

    texts: list[str] = []

    def spy(text: str, f: fonts.Font, max_width: float) -> str:
        texts.append(text)
        return fit(text, f, max_width)

    monkeypatch.setattr(draw_module, "fit", spy)
    return texts


def test_a_seat_without_cards_says_so_in_words(drawn: list[str]) -> None:
    # A seat box with a lone "—" read as "unknown" rather than "no cards".
    s = first_game_played(8)
    end = observe_game_end(s, None)  # every hand played out
    assert end is not None and not any(end.hand_sizes)
    table_picture.render_table(table_picture.table_state(end, LABELS))  # not the cache
    assert drawn.count(LABELS.no_cards) == 4
    drawn.clear()
    live = observe(s, None)  # the next game, dealt: four cards each
    table_picture.render_table(table_picture.table_state(live, LABELS))
    assert LABELS.no_cards not in drawn


def test_the_board_names_its_reader_you_in_the_trick_row(drawn: list[str]) -> None:
    # The last trick's row on Alice's own board said "Alice" over her cards, as if she
    # were another player.
    from kozel_discord.service import Seat, Table
    from kozel_discord.ui import board_text

    table = Table("0123456789ab", 1, 2, 10, "en-US", None)
    table.seats = [Seat(user_id=10 + i, name=n) for i, n in enumerate(("Ann", "Bo", "Cy", "Di"))]
    s, rng = Series(1), random.Random(1)
    while observe(s, None).trick or pictures.last_trick(observe(s, None)) is None:
        turn = s.turn  # until the first trick is taken and the next one not yet led
        assert turn is not None
        s.apply(turn, rng.choice(s.legal_actions(turn)))
    for viewer in range(4):
        obs = observe(s, viewer)
        last = pictures.last_trick(obs)
        assert last is not None and not obs.trick
        labels = board_text.board_labels(table, "en-US", viewer)
        drawn.clear()
        hand_picture.render_hand(hand_picture.hand_state(obs, labels, last))
        names = [n for n in ("Ann", "Bo", "Cy", "Di", "You") if n in drawn]
        expected = {"Ann", "Bo", "Cy", "Di", "You"} - {("Ann", "Bo", "Cy", "Di")[viewer]}
        assert set(names) == expected, (viewer, names)
