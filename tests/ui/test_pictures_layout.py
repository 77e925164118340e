"""The layout of the pictures: the public table shows nothing hidden, every state is drawn
(once), and the plays, pills, badges, headings, score bars and the trump keep their places
on the table and the private board."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

from kozel_discord.engine import Action, ActionKind, Series, card, cards, observe, observe_game_end
from kozel_discord.ui import pictures, results
from kozel_discord.ui.pictures import hand as hand_picture
from kozel_discord.ui.pictures import style
from kozel_discord.ui.pictures import table as table_picture
from tests.engine.helpers import first_game_played, position, series_with
from tests.ui.picture_helpers import HANDS, LABELS, RU, _advance, _four_clubs, _mid_trick, _pixels


def _pixels_in(
    im: Image.Image, box: tuple[int, int, int, int], keep: Callable[[tuple[int, ...]], bool]
) -> int:
    """How many pixels of ``box`` in ``im`` (as RGB) ``keep`` accepts."""
    part = im.convert("RGB").crop(box)
    return sum(n for n, px in part.getcolors(1 << 24) or () if keep(px))


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


def test_the_top_seats_turn_pill_keeps_off_the_score() -> None:
    # The "Turn" pill (28 px, now 30) on the top seat's box covered the score panels' lower edge.
    obs = observe(_mid_trick(), None)
    top, other = (
        _pixels(pictures.draw_table(dataclasses.replace(obs, turn=seat), LABELS)).convert("RGB")
        for seat in (2, 1)
    )
    header = (0, 0, table_picture.W, table_picture.HEADER - 6)  # the panels end at -8
    assert ImageChops.difference(top.crop(header), other.crop(header)).getbbox() is None


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
