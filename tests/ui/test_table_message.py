"""The table message's text: a finished game's last version says the result and the trick
that ended the game, never an empty "current trick"."""

from __future__ import annotations

import random

import pytest
from discord.ui import TextDisplay

from kozel_discord.engine import Series, observe, observe_game_end, team_of
from kozel_discord.engine import fair as fair_deals
from kozel_discord.i18n import t
from kozel_discord.service import Seat, Table, TableStatus, fair
from kozel_discord.ui import render
from kozel_discord.ui.table_message import layout, stopped_layout
from kozel_discord.ui.table_text import head_and_trick, result_line, summary, turn_text
from kozel_discord.ui.tricks import TEAM_DOTS, team_count, team_tag, trick_line, tricks_embed
from tests.engine.helpers import first_game_played


def _table(series: Series) -> Table:
    table = Table("0123456789ab", 1, 2, 10, "en-US", None, status=TableStatus.PLAYING)
    table.series = series
    table.seats = [Seat(user_id=10 + i, name=f"p{i}") for i in range(4)]
    return table


def _after_game_one(seed: int) -> Table:
    return _table(first_game_played(seed))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("locale", ["en-US", "ru"])
def test_a_finished_game_says_its_result_and_its_last_trick(seed: int, locale: str) -> None:
    table = _after_game_one(seed)
    assert table.series is not None
    end = observe_game_end(table.series, None)
    assert end is not None and end.game_number == 1 and end.taken
    head, below = head_and_trick(table, end, locale, final=True)
    text = f"{head}\n{below}"
    lines = text.splitlines()
    assert head.splitlines() == lines[:2]  # above the picture: the end and the result
    assert lines[0] == t("table.game_over", locale, n=1)
    assert lines[1] == result_line(end, locale) != ""
    result = end.results[0]
    if result.loser is not None and result.reason.value != "no_trick":  # why, in card points
        assert str(result.card_points[result.loser]) in lines[1]
    assert lines[2] == trick_line(table, end.taken[-1], locale, last=True)
    assert len(lines) == 3
    assert t("table.trick_empty_last", locale) not in text  # no "nothing played yet"
    # While the game runs, the same position would show whose turn it is and the trick,
    # and say that the picture still shows the last one (it does until the next lead).
    assert t("table.trick_empty_last", locale) in head_and_trick(table, end, locale)[1]
    fresh = _table(Series(seed))
    assert fresh.series is not None
    first = "\n".join(head_and_trick(fresh, observe(fresh.series, None), locale))
    assert (
        t("table.trick_empty", locale) in first and t("table.trick_empty_last", locale) not in first
    )


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_table_text_keeps_its_units_on_one_line(locale: str) -> None:
    # On a phone "(🔵 Команда / А)", "🔵 0 · / 🟠 0" and "8♥ 9♥ K♥ / A♥" broke across lines.
    table = _after_game_one(4)
    assert table.series is not None
    obs = observe(table.series, None)
    for team in (0, 1):
        tag = team_tag(team, locale)
        assert " " not in tag and tag.endswith(t(f"team.{'ab'[team]}.long", locale)[-1])
    text = summary(table, obs, locale)
    score = (
        f"{team_count(0, obs.defeat_points[0])}\u00a0·\u00a0{team_count(1, obs.defeat_points[1])}"
    )
    assert score in text
    for key in ("replay.tricks_so_far", "table.points_so_far", "replay.card_points"):
        assert t(key, locale, a="A", b="B").endswith("A\u00a0·\u00a0B")  # the replay's too
    assert " " not in render.cards_text((obs.trump_card,) * 3, locale)
    # a seat is its player under its team's line: no "Seat 1 (A):" before each name
    assert render.seat_label(0, locale) not in text


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_trick_lines_put_the_team_dot_before_the_name(locale: str) -> None:
    # "Прошлая взятка: Ольга — 8♥ 9♥ K♥ A♥ (🔵 Команда А)" ended on a line of its own on a
    # phone: the team is the dot before its player's name, as in the summary's team lines.
    table = _after_game_one(2)
    assert table.series is not None
    end = observe_game_end(table.series, None)
    assert end is not None and end.taken
    trick = end.taken[-1]
    line = trick_line(table, trick, locale, last=True)
    name = render.who(table.seats[trick.taker], locale, mention=False, level=False)
    assert f"{TEAM_DOTS[team_of(trick.taker)]}\u00a0{name}" in line, line
    assert t(f"team.{'ab'[team_of(trick.taker)]}.long", locale) not in line.replace("\u00a0", " ")
    series = Series(2)
    while len(series.game.plays) < 2:  # a trick with a winner so far
        turn = series.turn
        assert turn is not None
        series.apply(turn, series.legal_actions(turn)[0])
    obs = observe(series, None)
    below = head_and_trick(_table(series), obs, locale)[1]
    [winning] = [x for x in below.splitlines() if x.startswith("👑")]
    assert winning.endswith(f"{TEAM_DOTS[team_of(obs.top_seat)]}\u00a0p{obs.top_seat}"), winning


def test_each_team_is_one_line_of_its_players_and_tricks() -> None:
    """A line a seat ("• 🤖 Computer 2 (normal) — 4 cards") repeated the hands the picture
    shows: a team is one line, its two players (the dealer marked) and its tricks."""
    table = _after_game_one(2)
    assert table.series is not None
    end = observe_game_end(table.series, None)
    assert end is not None
    for obs in (end, observe(table.series, None)):
        text = summary(table, obs, "en-US")
        for team in (0, 1):
            [line] = [x for x in text.splitlines() if team_tag(team, "en-US") in x]
            assert all(f"<@{10 + i}>" in line for i in render.TEAM_SEATS[team]), line
            assert line.endswith(t("table.tricks", "en-US", n=obs.tricks[team])), line
            assert "card" not in line and "—" not in line, line
        assert text.count("(dealer)") == 1, text


def test_the_list_of_tricks_heads_each_trick_by_its_taker_one_play_a_line() -> None:
    # "→ Alice took it with 8♥ 9♥ K♥ A♥ (🔵 Team A)" repeated the play listed just above.
    table = _after_game_one(3)
    assert table.series is not None
    end = observe_game_end(table.series, None)
    assert end is not None and end.taken
    text = tricks_embed(table, end.taken, 1, "en-US").description or ""
    points, *blocks = text.split("\n\n")
    assert len(blocks) == len(end.taken)
    # first the face-up card points each team took, as anyone could count them from the
    # plays listed below (a discard's, face down, not)
    shown = [0, 0]
    for trick in end.taken:
        shown[team_of(trick.taker)] += sum(
            c.points for p in trick.plays if p.face_up for c in p.cards
        )
    assert any(not p.face_up for trick in end.taken for p in trick.plays)  # some to leave out
    a, b = (f"{dot}\u00a0{n}" for dot, n in zip("🔵🟠", shown, strict=True))
    assert points.splitlines() == [
        f"Card points so far, face-up cards only: {a}\u00a0·\u00a0{b}",
        t("table.discards_hidden", "en-US"),  # why they do not add up to 120
    ], points
    for n, (block, trick) in enumerate(zip(blocks, end.taken, strict=True), start=1):
        # the taker heads the trick, then each play has a line of its own
        heading, *plays = block.splitlines()
        assert heading.startswith(f"**{n}. ") and " took it (" in heading
        assert " with " not in heading
        assert len(plays) == len(trick.plays) and all(p.startswith("• ") for p in plays)


def test_a_phone_sees_whose_turn_then_the_picture_then_the_words() -> None:
    # The trick's lines above the picture filled a phone's first screen with text: the
    # turn line comes first, the picture next, the trick, the controls and the summary.
    table = _after_game_one(1)
    assert table.series is not None
    series = table.series
    rng = random.Random(5)
    while not series.game.plays:  # a trick with a play in it
        turn = series.turn
        assert turn is not None
        series.apply(turn, rng.choice(series.legal_actions(turn)))
    obs = observe(series, None)
    (box,) = layout(table, obs, "en-US").to_components()
    kinds = [c["type"] for c in box["components"]]
    # text, media gallery, text, buttons, then the small print ("My hand" was below it)
    assert kinds == [10, 12, 10, 1, 10]
    texts = [c["content"] for c in box["components"] if c["type"] == 10]
    assert texts[0] == turn_text(table, obs, "en-US")
    assert texts[1].startswith("**Current trick") and "• " in texts[1]
    assert texts[2] == summary(table, obs, "en-US")
    assert all(line.startswith("-# ") for line in texts[2].splitlines())


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_a_finished_game_has_no_dealer_and_its_seal_is_opened(locale: str) -> None:
    # "🔒 Deal sealed" and "Alice (dealer)" under "Game 1 has ended", while the game's
    # summary already said "🔓 Seal … opened".
    table = _after_game_one(4)
    assert table.series is not None
    table.series_key, table.salts = "k" * 12, ["00" * 16]
    end = observe_game_end(table.series, None)
    assert end is not None
    sealed, dealer = t("fair.table", locale, short="")[:8], t("table.dealer_mark", locale)
    live = summary(table, end, locale)
    assert sealed in live and dealer in live and t("fair.table_opened", locale) not in live
    final = summary(table, end, locale, final=True)
    assert sealed not in final and dealer not in final
    # The seal shown at the deal stays (Discord keeps no edit history): a player compares
    # it with the summary's, which is computed from the revealed seed and salt.
    shown = fair_deals.short(fair.commitment(table, 1) or "")
    assert len(shown) == 12 and t("fair.table_opened", locale, short=shown) in final


def _texts(view: object) -> str:
    return "\n".join(
        item.content
        for item in view.walk_children()
        if isinstance(item, TextDisplay)  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize("locale", ["en-US", "ru"])
def test_a_stopped_games_seal_is_opened_on_its_message(locale: str) -> None:
    # A game stopped mid-way gets no summary and no record: its seal was never opened, and
    # its seed and salt went with the table. The stopped message now opens it.
    table = _after_game_one(4)
    assert table.series is not None
    table.series_key, table.salts = "k" * 12, ["00" * 16, "ab" * 16]
    shown = fair.commitment(table, 2)  # game 2 was dealt, not finished
    assert shown is not None
    assert fair.reveal_stopped(table) is None  # a running table keeps it secret
    assert t("fair.reveal", locale, short="")[:4] not in _texts(stopped_layout(locale, table))
    table.status = TableStatus.STOPPED
    opened = fair.reveal_stopped(table)
    assert opened is not None and opened.number == 2
    assert fair_deals.digest(opened.line) == shown  # the seal the table showed at the deal
    text = _texts(stopped_layout(locale, table))
    assert text.startswith(t("stop.done", locale))
    assert f"{fair_deals.short(shown)}… " in text and opened.line in text
    # Its last game had ended (the summary opened that one): nothing more to open.
    table.series.seeds.pop()
    assert fair.reveal_stopped(table) is None
