"""Rendering: the private board offers exactly the legal moves within Discord's limits, and
the public table shows no card its viewers may not see."""

from __future__ import annotations

import random
import re

import discord
import pytest

from kozel_discord.engine import ActionKind, Series, card, observe
from kozel_discord.i18n import NBSP, t
from kozel_discord.service import Seat, Table
from kozel_discord.ui import board, pictures, render, results, table_text
from kozel_discord.ui.emojis import CardEmojis
from kozel_discord.ui.moves import move_options
from tests.ui.board_helpers import _table, _texts, select_options

CARD_RE = re.compile(r"(10|[6-9JQKA])\u2060?[♣♦♥♠♤♧☘]")


def _public_text(table: Table, series: Series, locale: str) -> str:
    """Every text of the public table message (what the whole channel reads)."""
    obs = observe(series, None)
    return "\n".join(
        [
            *table_text.head_and_trick(table, obs, locale),
            table_text.summary(table, obs, locale),
            table_text.turn_text(table, obs, locale),
        ]
    )


def _board_text(table: Table, series: Series, seat: int, locale: str) -> str:
    """Every text of one seat's private board and its move labels."""
    obs = observe(series, seat)
    view = board.board_view(table, obs, len(series.actions), locale)
    labels = [o["label"] + " " + (o.get("description") or "") for o in select_options(view)]
    return "\n".join(_texts(view) + labels)


def _embed_text(embed: object) -> str:
    data = embed.to_dict()  # type: ignore[attr-defined]
    parts = [data.get("title", ""), data.get("description", "")]
    for f in data.get("fields", []):
        parts += [f["name"], f["value"]]
    return "\n".join(parts)


async def test_boards_and_public_table_over_random_play() -> None:
    rng = random.Random(4)
    for seed in range(6):
        series = Series(seed)
        table = _table(series)
        while not series.over:
            seat = series.turn
            assert seat is not None
            public = _public_text(table, series, "en-US")
            shown = {card(m.group(0)).label for m in CARD_RE.finditer(public)}
            seen = observe(series, None)
            plays = [*series.game.plays, *(p for tr in seen.taken for p in tr.plays)]
            face_up = {c.label for p in plays if p.face_up for c in p.cards}
            assert shown <= face_up | {series.game.trump_card.label}, "no hidden card in public"
            obs = observe(series, seat)
            view = board.board_view(table, obs, len(series.actions), "en-US")
            options = select_options(view)
            if obs.my_turn and len(obs.legal_actions) == 1:  # one button, no menu
                assert not options
                (only,) = obs.legal_actions
                assert f":{only.encode()}" in "".join(str(v.to_components()) for v in [view])
            else:
                assert len(options) == len(obs.legal_actions) <= 25
                assert {o["value"] for o in options} == {a.encode() for a in obs.legal_actions}
            for o in options:
                assert 1 <= len(o["label"]) <= 100 and len(o.get("description") or "") <= 100
            assert view.total_children_count <= 40
            action = rng.choice(obs.legal_actions)
            if action.kind is ActionKind.BEAT:
                (label,) = [o.label for o in move_options(obs, "en-US") if o.action == action]
                assert label.startswith("Beat with\u00a0"), label
            series.apply(seat, action)


def test_russian_labels() -> None:
    series = Series(1)
    seat = series.turn
    assert seat is not None
    obs = observe(series, seat)
    labels = [o.label for o in move_options(obs, "ru")]
    assert labels and all(label.startswith("Зайти") for label in labels), labels


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_card_text_has_the_indices_of_the_card_pictures(locale: str) -> None:
    """Text and picture agree: a Russian board once offered «Зайти: В♦» beside a card emoji
    marked J. Every language writes the index drawn on the card, and the black suits' marks
    (which Discord's own ♠ ♣ draw near-black on the dark theme) are two unlike shapes: the
    outline ♤ and the green shamrock ☘ (two outline marks read as one at a phone's size)."""
    texts = [render.card_text(card(c), locale) for c in ("J♣", "Q♦", "K♥", "A♠", "10♥", "6♣")]
    # An invisible word joiner keeps the rank and the suit on one line.
    assert [x.replace("\u2060", "|") for x in texts] == ["J|☘", "Q|♦", "K|♥", "A|♤", "10|♥", "6|☘"]
    assert [card(x) for x in texts] == [card(c) for c in ("J♣", "Q♦", "K♥", "A♠", "10♥", "6♣")]
    assert render.cards_text([], "ru") == "—"


def test_russian_table_shows_the_pictures_indices_and_plain_team_names() -> None:
    series = Series(7)
    table = _table(series)
    table.seats[1] = Seat(user_id=None, name="Компьютер 2", level="random")
    table.seats[3] = Seat(user_id=None, name="Компьютер 4", level="strong")
    rng = random.Random(1)
    while not series.over:
        seat = series.turn
        assert seat is not None
        public = _public_text(table, series, "ru")
        obs = observe(series, seat)
        board = _board_text(table, series, seat, "ru")
        for text in [public, board]:
            assert not re.search(r"[ВДКТ][♣♦♥♠♤♧☘]", text), text
            assert "карт." not in text and "(s)" not in text
        assert CARD_RE.search(board), "the hand is shown with the pictures' indices"
        before = len(series.results)
        series.apply(seat, rng.choice(obs.legal_actions))
        if len(series.results) > before:
            break
    obs = observe(series, None)
    summary = _embed_text(results.game_over_embed(table, 1, series.results[0], obs, "ru"))
    assert (
        "<@10> и <@12>" in summary
        and "🤖\u00a0Компьютер\u00a02 и 🤖\u00a0Компьютер\u00a04" in summary
    )
    assert "&" not in summary and ") (" not in summary
    assert re.search(r"\d+\u00a0(очко|очка|очков)\u00a0· \d+\u00a0(взятка|взятки|взяток)", summary)


def test_the_table_repeats_only_a_move_the_clock_made() -> None:
    """Every move is in the trick lines; the line under the table adds only that time ran
    out (a repeated "X discarded 1 card." went stale once its trick was over)."""
    series = Series(3)
    table = _table(series)
    table.last_event = {"kind": "discard", "seat": 1, "n": 1}
    assert render.last_move_line(table, "en-US") == ""
    assert "<@11> discarded" not in _public_text(table, series, "en-US")
    table.last_event = {"kind": "discard", "seat": 1, "n": 1, "timed_out": True}
    line = render.last_move_line(table, "en-US")
    assert line == "<@11> discarded 1\u00a0card. (time ran out: the computer played)"
    assert line in _public_text(table, series, "en-US")
    # the last move of game 1, made by the clock, is not news on game 2's message
    table.last_event = {**table.last_event, "game": 1}
    assert render.last_move_line(table, "en-US", 1) == line
    assert render.last_move_line(table, "en-US", 2) == ""


def test_a_discard_is_one_unbreakable_run_of_backs() -> None:
    # Four backs separated by nothing may still break between two images in a browser
    # (3 on one line, 1 on the next): word joiners keep them together.
    emojis = CardEmojis()
    assert emojis.face_down(4) == "\u2060".join(["🎴"] * 4)
    emojis.set({pictures.emoji_name(None): discord.PartialEmoji(name="kz_back", id=7)})
    back = "<:kz_back:7>"
    assert emojis.face_down(3) == f"{back}\u2060{back}\u2060{back}"
    assert emojis.face_down(1) == back


def test_the_cards_of_one_play_stay_on_one_line() -> None:
    # "beating with 9♦ / Q♦" broke between its cards on a phone (the review, the board).
    shown = CardEmojis().inline((card("9d"), card("Qd"), card("Kh")), "en-US")
    assert " " not in shown and shown.count("\u00a0") == 2


@pytest.mark.parametrize("stored_in", ["en-US", "ru", "uk", "tr"])
def test_a_computer_is_named_in_the_readers_language_whatever_table_named_it(
    stored_in: str,
) -> None:
    # A computer is named once, in the table's language, when it sits down: a Russian
    # reader at an English table saw "🤖 Computer 3" among Russian words.
    bot = Seat(user_id=None, name=t("computer.name", stored_in, n=3), level="strong")
    for reader in ("en-US", "ru", "uk", "tr"):
        name = t("computer.name", reader, n=3)
        assert render.plain_name(bot, reader) == name
        assert name.replace(" ", NBSP) in render.who(bot, reader, level=False)
    human = Seat(user_id=7, name="Компьютер 3")  # a human keeps the name they go by
    assert render.plain_name(human, "en-US") == "Компьютер 3"
    named = Seat(user_id=None, name="Deep Goat", level="strong")  # no known form: as stored
    assert render.plain_name(named, "ru") == "Deep Goat"
    assert render.computer_name(t("computer.name", stored_in, n=4), "uk") == t(
        "computer.name", "uk", n=4
    )


def test_display_names_in_message_text_neither_format_nor_notify() -> None:
    # A nickname "<@111…>" read as (and, posted with mentions allowed, notified) another
    # member; "~~Carol~~", "||Vasya||", "Anna*" struck through, hid or italicised the
    # bot's own text around them.
    from kozel_discord.ui.table_text import head_and_trick
    from kozel_discord.ui.tricks import trick_line, tricks_embed

    names = ["<@111111111111111111>", "~~Carol~~", "||Vasya||", "Anna*_x_"]
    series = Series(seed_source=lambda n: 21 + n)
    table = _table(series)
    for seat, name in zip(table.seats, names, strict=True):
        assert seat is not None
        seat.name = name
    rng, texts = random.Random(3), []
    while not series.results:
        obs = observe(series, None)
        texts.append("\n".join(head_and_trick(table, obs, "en-US")))
        seat = series.turn
        assert seat is not None
        series.apply(seat, rng.choice(series.legal_actions(seat)))
    obs = observe(series, None)
    texts += [trick_line(table, trick, "en-US", last=True) for trick in obs.taken]
    embed = tricks_embed(table, obs.taken, 1, "en-US")
    texts += [embed.description or ""] + [f"{f.name}\n{f.value}" for f in embed.fields]
    text = "\n".join(texts)
    assert "<@111111111111111111>" not in text
    for raw in names[1:]:
        assert raw not in text
    shown = [render.text_name(n) for n in names]
    assert any(s in text for s in shown)  # the names are there, escaped
    assert render.who(table.seats[0], "en-US") == f"<@{table.seats[0].user_id}>"  # a mention
