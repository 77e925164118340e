"""The pictures: pixel-exact golden images, the public table shows nothing hidden, odd names
do not break the layout, and the emoji faces are stable.

Regenerate the golden images after a deliberate change of the drawing with
``KOZEL_REGEN_GOLDEN=1 .venv/bin/pytest tests/ui/test_pictures.py`` and look at them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import itertools
import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from kozel_discord.engine import (
    Action,
    ActionKind,
    Game,
    Series,
    card,
    cards,
    observe,
    observe_game_end,
)
from kozel_discord.i18n import t
from kozel_discord.ui import pictures, results
from kozel_discord.ui.pictures import hand as hand_picture
from kozel_discord.ui.pictures import style
from kozel_discord.ui.pictures import table as table_picture
from kozel_discord.ui.pictures.cards import face
from kozel_discord.ui.pictures.draw import png
from kozel_discord.ui.pictures.fonts import ELLIPSIS, clean, fit, font
from tests.engine.helpers import first_game_played, position, series_with

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("KOZEL_REGEN_GOLDEN") == "1"
LABELS = pictures.Labels(("Alice", "Борис Длинноимённый-Сидоров", "Carol 🐐", "Дмитрий"))
RU = pictures.Labels(
    ("Аня", "Борис", "Вика", "Гоша"),
    team_names=("Команда А", "Команда Б"),
    trump="Козырь",
    stock="Колода",
    turn="Ход",
    winning="Бьёт",
    took="Взял",
    last_trick="Прошлая взятка",
    tricks="Взятки",
    defeat_points="Штрафные очки",
    eggs="Яйца",
    game="Игра",
    dealer="Сдаёт",
    molodka="Молодка",
    your_hand="Ваши карты",
    your_turn="Ваш ход",
    goats="Козлы",
)


def _pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _check_golden(name: str, png: bytes) -> None:
    path = GOLDEN / f"{name}.png"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
    assert path.exists(), f"no golden image {path.name}: run with KOZEL_REGEN_GOLDEN=1"
    want, got = _pixels(path.read_bytes()), _pixels(png)
    assert got.size == want.size and got.mode == want.mode
    assert got.convert("RGBA").tobytes() == want.convert("RGBA").tobytes(), (
        f"{name}: the picture changed (regenerate deliberately with KOZEL_REGEN_GOLDEN=1)"
    )


def _advance(series: Series, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        seat = series.turn
        assert seat is not None
        series.apply(seat, rng.choice(series.legal_actions(seat)))


def _mid_trick() -> Series:
    s = Series(3)
    _advance(s, 10)
    assert s.game.plays, "a trick is open"
    return s


def test_golden_table_mid_trick_with_a_discard() -> None:
    s = _mid_trick()
    assert any(not p.face_up for p in s.game.plays)
    _check_golden("table-mid-trick", pictures.draw_table(observe(s, None), LABELS))


def test_golden_table_finished_trick_in_russian() -> None:
    s = Series(3)
    _advance(s, 12)
    obs = observe(s, None)
    assert not obs.trick
    last = pictures.last_trick(obs)
    assert last is not None
    _check_golden("table-trick-taken-ru", pictures.draw_table(obs, RU, last))


# Four hands of the small positions below: seat 0 holds four clubs.
HANDS = ["6c 8c Ac 10c", "7h 8h 9d Jd", "9s Js Qs Ks", "Qd Kd 7s 8s"]


def _pixels_in(
    im: Image.Image, box: tuple[int, int, int, int], keep: Callable[[tuple[int, ...]], bool]
) -> int:
    """How many pixels of ``box`` in ``im`` (as RGB) ``keep`` accepts."""
    part = im.convert("RGB").crop(box)
    return sum(n for n, px in part.getcolors(1 << 24) or () if keep(px))


def _four_clubs() -> Game:
    """Seat 0 holds four clubs: after seat 1's lead it lays them as a molodka out of turn."""
    return position(
        HANDS,
        trump="6h",
        leader=1,
        stock="6d 7d 8d 9h",
    )


def test_golden_table_molodka_eggs_and_score() -> None:
    s = series_with(_four_clubs(), defeat_points=(4, 10), eggs=2)
    s.apply(1, Action.lead(card("7h")))
    s.apply(0, Action.molodka(*cards("6c 8c Ac 10c")))
    s.apply(1, Action.discard(*cards("7h 8h 9d Jd")))
    obs = observe(s, None)
    assert obs.turn == 2 and [p.kind for p in obs.trick] == [ActionKind.MOLODKA, ActionKind.DISCARD]
    _check_golden("table-molodka", pictures.draw_table(obs, LABELS))


def test_a_winning_plain_play_is_not_framed_in_the_trumps_gold() -> None:
    # A newcomer took a winning 6♣ in its gold frame for a trump: gold marks trumps only.
    s = series_with(_four_clubs())
    s.apply(1, Action.lead(card("7h")))
    s.apply(0, Action.molodka(*cards("6c 8c Ac 10c")))  # clubs: no trump, and on top
    obs = observe(s, None)
    assert obs.top_seat == 0
    img = _pixels(pictures.draw_table(obs, LABELS)).convert("RGB")
    x, y = table_picture._play_box(0, 4)
    frame = img.getpixel((x - 4, y + table_picture.CARD_H // 2))  # the frame left of the cards
    assert _near(frame, style.WIN), frame
    blue = style.TRUMP_GOLD[2]
    assert isinstance(frame, tuple) and abs(frame[2] - blue) > 100, "not a gold, as the trumps"


def test_the_bottom_seats_turn_pill_keeps_off_its_own_play() -> None:
    # The bottom seat took the last trick and leads: its "Turn" pill, on the box's top
    # edge, touched the frame of the taken play right above it.
    for seed in range(40):
        s, rng = Series(seed), random.Random(seed)
        while s.turn is not None and not (
            s.turn == 0 and not s.game.plays and s.game.last_taker == 0
        ):
            s.apply(s.turn, rng.choice(s.legal_actions(s.turn)))
        obs = observe(s, None)
        last = pictures.last_trick(obs)
        if s.turn == 0 and last is not None and last.taker == 0:
            break
    else:
        raise AssertionError("no position where the bottom seat took the trick and leads")
    img = _pixels(pictures.draw_table(obs, LABELS, last)).convert("RGB")
    play = next(p for p in last.plays if p.seat == 0)
    _, y = table_picture._play_box(0, len(play.cards))
    top = table_picture.SEAT_BOX[0][1] - 6  # the turn ring
    strip = img.crop(
        (table_picture.W // 2 - 30, y + table_picture.CARD_H + 8, table_picture.W // 2 + 30, top)
    )
    assert strip.height > 0
    white = [c for _, c in strip.getcolors(1 << 16) or [] if _near(c, style.TURN)]
    assert not white, "the felt between the play and the seat, no pill"


def test_two_side_plays_of_four_cards_stay_apart() -> None:
    # The left and the right seat both answer a 4-card lead: two rows of 4 backs, not one
    # row of 8 whose halves nobody can tell apart.
    left, right = table_picture.SEAT_BOX[1][2], table_picture.SEAT_BOX[3][0]
    x1, _ = table_picture._play_box(1, 4)
    x3, _ = table_picture._play_box(3, 4)
    width = table_picture.CARD_W + 3 * table_picture._step(1, 4)
    assert x1 >= left + 8 and x3 + width <= right - 8, "each play keeps off its seat's box"
    assert x3 - (x1 + width) >= table_picture.SIDE_GAP
    # the top and the bottom play have room for the full step
    assert table_picture._step(0, 4) == table_picture._step(2, 4) == table_picture.CARD_STEP


def test_golden_private_boards() -> None:
    s = _mid_trick()
    for seat in range(4):
        if s.game.plays[-1].seat == seat:
            break
    _check_golden("hand-after-own-discard", pictures.draw_hand(observe(s, seat), LABELS))
    turn = s.turn
    assert turn is not None
    _check_golden("hand-answering-ru", pictures.draw_hand(observe(s, turn), RU))


def test_golden_emojis() -> None:
    _check_golden("emoji-10h", pictures.draw_card(card("10h")))
    _check_golden("emoji-qs", pictures.draw_card(card("Qs")))
    _check_golden("emoji-back", pictures.draw_card(None))


# ---------------------------------------------------------------- nothing hidden is drawn
def _twins() -> tuple[Series, Series]:
    """Two series that differ only in hidden cards: seat 1's hand and discard, the stock."""
    hands = ["6c 8c 9h Ac", "7d 8d Qs", "9s Js 6s 7s", "Qd Kd 10d Ad"]
    one = position([*hands[:1], hands[1] + " Kc", *hands[2:]], trump="Jh", stock="Kh Qc Jc 7c")
    two = position([*hands[:1], hands[1] + " Qc", *hands[2:]], trump="Jh", stock="Kh Kc Jc 7c")
    twins = (series_with(one), series_with(two))
    for s, discard in zip(twins, ("Kc", "Qc"), strict=True):
        s.apply(0, Action.lead(card("Ac")))
        s.apply(1, Action.discard(card(discard)))
    return twins


def test_public_table_is_identical_when_hidden_cards_differ() -> None:
    one, two = _twins()
    assert one.game.plays != two.game.plays and one.game.stock != two.game.stock
    assert observe(one, None) == observe(two, None)
    assert pictures.draw_table(observe(one, None), LABELS) == pictures.draw_table(
        observe(two, None), LABELS
    )
    # while the discarder's own board does show the difference
    assert pictures.draw_hand(observe(one, 1), LABELS) != pictures.draw_hand(
        observe(two, 1), LABELS
    )


def test_the_table_refuses_a_private_view_and_the_board_a_public_one() -> None:
    s = Series(5)
    with pytest.raises(ValueError, match="public view"):
        pictures.draw_table(observe(s, 0), LABELS)
    with pytest.raises(ValueError, match="seat's view"):
        pictures.draw_hand(observe(s, None), LABELS)


def test_last_trick_hides_discards_and_names_the_taker() -> None:
    one, _ = _twins()
    one.apply(2, Action.discard(card("9s")))
    one.apply(3, Action.discard(card("Qd")))
    last = pictures.last_trick(observe(one, None))
    assert last is not None and last.taker == 0
    assert [(p.seat, p.kind, p.count, p.cards) for p in last.plays] == [
        (0, ActionKind.LEAD, 1, (card("Ac"),)),
        (1, ActionKind.DISCARD, 1, ()),
        (2, ActionKind.DISCARD, 1, ()),
        (3, ActionKind.DISCARD, 1, ()),
    ]
    assert last.taking_play is last.plays[0]
    assert pictures.last_trick(observe(Series(1), None)) is None


def test_random_play_draws_every_state() -> None:
    rng = random.Random(7)
    s = Series(11)
    last = None
    for _ in range(60):
        obs = observe(s, None)
        last = pictures.last_trick(obs) or last
        table = _pixels(pictures.draw_table(obs, LABELS, last))
        assert table.size == (table_picture.W, table_picture.H)
        seat = s.turn
        assert seat is not None
        board = _pixels(pictures.draw_hand(observe(s, seat), LABELS, last))
        assert board.width == 800
        s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_same_state_is_drawn_once() -> None:
    s = _mid_trick()
    first = pictures.draw_table(observe(s, None), LABELS)
    assert pictures.draw_table(observe(s, None), LABELS) is first


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


# ---------------------------------------------------------------- emojis
def test_card_emojis_are_37_stable_valid_images() -> None:
    emojis = pictures.card_emojis()
    assert len(emojis) == 37 and emojis[-1].name == "kz_back"
    assert len({e.name for e in emojis}) == 37 and len({e.sha256 for e in emojis}) == 37
    for e in emojis:
        assert re.fullmatch(r"[A-Za-z0-9_]{2,32}", e.name)
        assert e.sha256 == hashlib.sha256(e.png).hexdigest()
        assert len(e.png) < 256 * 1024  # Discord's limit for an emoji image
        img = _pixels(e.png)
        assert img.size == (128, 128) and img.mode == "RGBA"
    assert pictures.card_emojis() == emojis


def _ink(png: bytes) -> tuple[int, int, int]:
    """The mean colour of a card emoji's marks (its pixels that are neither the white face
    nor transparent nor the thin grey edge)."""
    raw = _pixels(png).convert("RGBA").tobytes()
    quads = (tuple(raw[i : i + 4]) for i in range(0, len(raw), 4))
    px = [p for p in quads if p[3] > 200 and min(p[:3]) < 120]
    return tuple(sum(p[i] for p in px) // len(px) for i in range(3))  # type: ignore[return-value]


@pytest.mark.parametrize("rank", ["7", "Q", "10"])
def test_club_and_spade_emojis_differ_in_colour(rank: str) -> None:
    """At emoji size a black club's pip and a black spade's are a few pixels of one shape:
    a reviewer read "7♣ K♥ 7♠" as two equal sevens. Clubs are green on the emojis (like the
    text's ☘), spades black, hearts and diamonds red."""
    club = _ink(pictures.draw_card(card(rank + "c")))
    spade = _ink(pictures.draw_card(card(rank + "s")))
    heart = _ink(pictures.draw_card(card(rank + "h")))
    assert club[1] > club[0] + 60 and club[1] > club[2] + 40  # green
    assert max(spade) < 60  # black
    assert heart[0] > heart[1] + 100  # red


@pytest.mark.parametrize("size", [(74, 104), (176, 246)])
def test_the_table_pictures_draw_clubs_green_as_the_text_and_emojis_do(
    size: tuple[int, int],
) -> None:
    """The text writes 7☘ (green) and the emojis draw it green: the table's cards agree,
    through the pictures' fixed palette."""

    def ink(c: str) -> tuple[int, int, int]:
        sheet = Image.new("RGBA", size, (255, 255, 255, 255))
        sheet.alpha_composite(face(card(c), *size))
        return _ink(png(sheet))

    club, spade = ink("7c"), ink("7s")
    assert club[1] > club[0] + 60 and club[1] > club[2] + 40  # green
    assert max(spade) < 60  # black


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


@pytest.mark.parametrize("dealer", range(4))
def test_the_dealer_is_named_on_the_box_edge_clear_of_the_hand(dealer: int) -> None:
    # A lone "D" in a circle meant nothing to a newcomer: the badge says the word, on the
    # lower edge of the dealer's box (the bottom seat's: its right edge), inside the picture
    # and clear of four card backs.
    obs = dataclasses.replace(observe(_mid_trick(), None), hand_sizes=(4, 4, 4, 4))
    other = (dealer + 1) % 4
    with_badge, without = (
        _pixels(pictures.draw_table(dataclasses.replace(obs, dealer=d), RU)).convert("RGB")
        for d in (dealer, other)
    )
    x0, y0, x1, y1 = table_picture.SEAT_BOX[dealer]  # seat 0 at the bottom, then clockwise
    near = (x0 - 30, y0 - 30, x1 + 30, min(y1 + 30, with_badge.height))
    area = ImageChops.difference(with_badge.crop(near), without.crop(near)).getbbox()
    assert area is not None, "no badge drawn"
    left, top, right, bottom = (v + near[i % 2] for i, v in enumerate(area))
    assert bottom < with_badge.height and right < with_badge.width  # inside the picture
    if dealer == 0:
        # the bottom seat's lower edge holds its Turn pill: "Dealer" sits on the right edge
        # ("Turn Dealer" on one edge read as one label)
        assert left < x1 < right and y0 < top and bottom < y1
        # level with the card backs, below the name (it covered a long name's end)
        assert top > y0 + 46, top
        return
    assert right <= x1 and left > x0 + 60  # the box's right part
    assert top < y1 - 5 and bottom > y1 - 5  # on its lower edge
    backs_right = x0 + 22 + 3 * 22 + 30  # four backs of 30 px, 22 px apart
    assert left > backs_right or top >= y1 - 10  # clear of the backs (rows up to y1 - 11)
    # the word, not a letter: wider than a circle round one letter
    assert right - left > 60


def test_a_taken_trick_is_headed_last_trick_and_a_live_one_is_not() -> None:
    # Four rows of backs under the seats' names read as their hands: a trick already taken
    # is headed "Last trick" on the board and the public table; an open trick is not.
    s = Series(3)
    _advance(s, 12)
    table_obs = observe(s, None)
    seat = s.turn
    assert seat is not None and not table_obs.trick
    last = pictures.last_trick(table_obs)
    assert last is not None
    unnamed = dataclasses.replace(RU, last_trick="")
    renamed = dataclasses.replace(RU, last_trick="Другая")

    def changed(
        draw: object, obs: object, trick: object, other: pictures.Labels = unnamed
    ) -> tuple[int, int, int, int] | None:
        a, b = (_pixels(draw(obs, labels, trick)).convert("RGB") for labels in (RU, other))  # type: ignore[operator]
        return ImageChops.difference(a, b).getbbox()

    board = changed(pictures.draw_hand, observe(s, seat), last)
    assert board is not None and board[3] < hand_picture.TRICK_Y - 30  # above the names
    table = changed(pictures.draw_table, table_obs, last, renamed)
    assert table is not None and table[0] > table_picture.W // 2  # under "Game 1", right
    # the live table fades the taker's play too; a replay step (no heading) shows the
    # trick it stepped to unfaded, and draws no empty pill where the heading goes
    faded = changed(pictures.draw_table, table_obs, last)
    assert faded is not None and faded[0] < table_picture.W // 2 < faded[2]
    plain = _pixels(pictures.draw_table(table_obs, unnamed, last)).convert("RGB")
    corner = plain.crop((table[0] - 6, table[1] - 6, table[2] + 6, table[3] + 6))
    gold = [c for _, c in corner.getcolors(1 << 16) or [] if _near(c, style.WIN)]
    assert not gold, gold
    _advance(s, 1, seed=5)  # an open trick
    assert changed(pictures.draw_hand, observe(s, s.turn), None) is None
    assert changed(pictures.draw_table, observe(s, None), None) is None


def _near(rgb: object, target: tuple[int, int, int]) -> bool:
    return isinstance(rgb, tuple) and all(abs(a - b) <= 3 for a, b in zip(rgb, target, strict=True))


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
    assert table_picture.last_trick_pill(words)[0] == clean(words)


def test_the_top_seats_turn_pill_keeps_off_the_score() -> None:
    # The "Turn" pill (28 px, now 30) on the top seat's box covered the score panels' lower edge.
    obs = observe(_mid_trick(), None)
    top, other = (
        _pixels(pictures.draw_table(dataclasses.replace(obs, turn=seat), LABELS)).convert("RGB")
        for seat in (2, 1)
    )
    header = (0, 0, table_picture.W, table_picture.HEADER - 6)  # the panels end at -8
    assert ImageChops.difference(top.crop(header), other.crop(header)).getbbox() is None


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


def test_the_board_shows_no_card_back_beside_an_empty_stock() -> None:
    # "Stock: 0" beside a card back said there were cards left to draw.
    def backs_in_the_header(stock: str) -> int:
        board = _pixels(
            pictures.draw_hand(observe(series_with(position(HANDS, stock=stock)), 0), LABELS)
        )
        return _pixels_in(board, (0, 0, board.width, hand_picture.TOP - 8), style.BACK.__eq__)

    assert backs_in_the_header("6d 7d 8d 9h") > 100
    assert backs_in_the_header("") == 0


def test_the_picture_of_a_finished_game_shows_no_dealer() -> None:
    # "Dealer" on a seat under "Game 1 has ended": no one deals that game any more.
    s = first_game_played(8)
    end = observe_game_end(s, None)
    assert end is not None
    assert table_picture.table_state(end, LABELS).dealer is None
    live = observe(s, None)  # the next game, being dealt
    assert table_picture.table_state(live, LABELS).dealer == live.dealer


def test_the_bottom_seats_turn_pill_keeps_inside_the_felts_edge() -> None:
    # The bottom seat's "Turn" hung over the felt's edge line, 2 px from the picture's.
    obs = observe(series_with(position(HANDS, leader=0)), None)
    assert obs.turn == 0
    table = _pixels(pictures.draw_table(obs, LABELS)).convert("RGB")
    edge = table_picture.H - 5  # the felt's edge line (3 px wide)
    below = table.crop((table_picture.W // 2 - 40, edge - 2, table_picture.W // 2 + 40, edge + 2))
    # the felt and its line: no white pill
    assert max(sum(px) for _, px in below.getcolors(1 << 24) or ()) < 300


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


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def test_the_score_bars_have_a_segment_per_two_defeat_points() -> None:
    # The picture drew 12 segments for 12 points while the summaries' emoji bars drew 6:
    # "B ■■ 4/12" read as 2 points beside the picture's 4 of 12.
    obs = observe(series_with(position(HANDS, stock="6d 7d 8d 9h")), None)

    def segments(points: tuple[int, int], target: int) -> list[tuple[int, int]]:
        """(filled, empty) segments of each team's bar: runs of its colour, of another
        one, between the panel's gaps (the PNG's palette moves colours slightly)."""
        shown = dataclasses.replace(obs, defeat_points=points, target=target)
        im = _pixels(pictures.draw_table(shown, LABELS)).convert("RGB")
        half = (table_picture.W - 36) // 2
        y = table_picture.HEADER - 8 - 16 + 4  # across the middle of the bars
        out = []
        for team in (0, 1):
            x0 = 12 + team * (half + 12)
            row = [im.getpixel((x, y)) for x in range(x0 + 16, x0 + half - 16)]
            runs = [c for c, _ in itertools.groupby(row) if _distance(c, style.PANEL) > 12]
            full = sum(1 for c in runs if _distance(c, style.TEAM[team]) < 12)
            out.append((full, len(runs) - full))
        return out

    assert segments((4, 10), 12) == [(2, 4), (5, 1)]
    assert segments((0, 12), 12) == [(0, 6), (6, 0)]
    assert segments((2, 6), 8) == [(1, 3), (3, 1)]
    assert [results.progress_bar(4, 12), results.progress_bar(10, 12, 1)] == [
        "🟦" * 2 + "⬛" * 4,
        "🟧" * 5 + "⬛",
    ]


def test_the_trump_card_fades_once_the_stock_is_empty() -> None:
    # Drawn bright beside "Stock: 0", the shown trump read as a card still on the table;
    # by then someone has drawn it and only its suit stays trump (2.2).
    def white(im: Image.Image, box: tuple[int, int, int, int]) -> int:
        return _pixels_in(im, box, lambda px: min(px) > 235)

    def table(stock: str) -> int:
        obs = observe(series_with(position(HANDS, stock=stock)), None)
        x, y = table_picture.TRUMP_X, table_picture.PILE_Y
        box = (x, y, x + table_picture.PILE_W, y + table_picture.PILE_H)
        return white(_pixels(pictures.draw_table(obs, LABELS)), box)

    def board(stock: str) -> int:
        obs = observe(series_with(position(HANDS, stock=stock)), 0)
        return white(_pixels(pictures.draw_hand(obs, LABELS)), (16, 6, 56, 62))

    assert table("6d 7d 8d 9h") > 1000 and table("") == 0
    assert board("6d 7d 8d 9h") > 500 and board("") == 0
