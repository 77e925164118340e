"""The league's history line (``kozel_discord/ui/league.py``)."""

from __future__ import annotations

import dataclasses
import datetime as dt

import discord
import pytest

from kozel_discord.i18n import t
from kozel_discord.store.records import (
    PlayerProfile,
    PlayerStats,
    SeatSpec,
    SeriesStatus,
    SeriesSummary,
    StandingsPage,
    StandingsRow,
)
from kozel_discord.ui.league import (
    profile_embed,
    series_line,
    standings_embed,
    standings_view,
)
from kozel_discord.ui.ratings import rating_text

WHEN = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)


def _series(seats: tuple[SeatSpec, ...], eggs: int) -> SeriesSummary:
    return SeriesSummary(
        guild_id=1,
        series_key="k",
        channel_id=2,
        status=SeriesStatus.FINISHED,
        ranked=False,
        seats=seats,
        games_played=5,
        defeat_points=(16, 4),
        eggs=eggs,
        goats=0,
        goats_with_eggs=eggs > 0,
        started_at=WHEN,
        ended_at=WHEN,
    )


HUMANS_VS_NORMALS = (
    SeatSpec(0, 101, "Alice"),
    SeatSpec(1, None, "Bot 1", "heuristic"),
    SeatSpec(2, 102, "Bob"),
    SeatSpec(3, None, "Bot 3", "heuristic"),
)


SCORE = "defeat points\u00a016\u00a0:\u00a04"  # the score on one line ("16 / : 4")


def test_the_history_line_names_eggs_only_when_there_were_some() -> None:
    line = series_line(_series(HUMANS_VS_NORMALS, 0), "en-US")
    assert f"{SCORE}\u00a0· goats: <@101> and <@102>\u00a0· casual" in line
    assert "egg" not in line
    assert f"{SCORE}\u00a0· 1\u00a0egg\u00a0· goats with eggs" in series_line(
        _series(HUMANS_VS_NORMALS, 1), "en"
    )
    assert f"{SCORE}\u00a0· 2\u00a0eggs\u00a0· " in series_line(_series(HUMANS_VS_NORMALS, 2), "en")
    assert "штрафные очки\u00a016\u00a0:\u00a04\u00a0· 5\u00a0яиц\u00a0· " in series_line(
        _series(HUMANS_VS_NORMALS, 5), "ru"
    )
    assert "яйц" not in series_line(_series(HUMANS_VS_NORMALS, 0), "ru")


def test_two_computers_of_one_level_are_written_once() -> None:
    line = series_line(_series(HUMANS_VS_NORMALS, 0), "en")
    # "vs 🤖 normal ×2" read as a description of the humans before it
    assert "<@101> and <@102> vs 🤖\u00a02\u00a0computers\u00a0(normal)\u00a0· " in line
    ru = series_line(_series(HUMANS_VS_NORMALS, 0), "ru")
    assert "<@101> и <@102>\u00a0— 🤖\u00a02\u00a0компьютера\u00a0(уровень:\u00a0средний)" in ru
    mixed = (*HUMANS_VS_NORMALS[:3], SeatSpec(3, None, "Bot 3", "random"))
    assert "vs 🤖\u00a0normal and 🤖\u00a0easy\u00a0· " in series_line(_series(mixed, 0), "en")


def _page(pages: int, page: int = 0) -> StandingsPage:
    return StandingsPage(
        guild_id=1, target=12, sort="rating", page=page, per_page=10, total=0, pages=pages, rows=()
    )


def test_paging_buttons_only_when_there_is_another_page() -> None:
    """An empty or one-page table showed two disabled arrows."""
    assert standings_view(_page(1), "en") is None
    view = standings_view(_page(3, page=1), "en")
    assert view is not None
    arrows = [c for c in view.children if isinstance(c, discord.ui.DynamicItem)]
    assert [a.item.disabled for a in arrows] == [False, False]  # type: ignore[attr-defined]


def _row(rating: float, goats_with_eggs: int, eggs: int) -> StandingsRow:
    return StandingsRow(
        user_id=101,
        display_name="Alice",
        rating=rating,
        mu=25.0,
        sigma=8.0,
        series_played=3,
        series_won=1,
        series_lost=2,
        goats=2,
        goats_with_eggs=goats_with_eggs,
        games_played=14,
        games_won=6,
        games_lost=8,
        eggs=eggs,
        defeat_points_taken=30,
        defeat_points_inflicted=20,
        last_played_at=WHEN,
        rank=1,
    )


def test_a_standings_row_says_what_each_number_is() -> None:
    # "1. @Alice · -2.5 · 1/2 · 2 (0) · 6/8 · 0" left a newcomer counting columns, and its
    # goats were the series lost once more.
    rows = (_row(-2.5, 0, 0), _row(3.25, 1, 2))
    page = StandingsPage(
        guild_id=1, target=12, sort="rating", page=0, per_page=10, total=2, pages=1, rows=rows
    )
    embed = standings_embed(page, "Club", "en-US").to_dict()
    first, second = embed["fields"][0]["value"].splitlines()
    assert first == "**1.** <@101>\u00a0· **900**\u00a0· series\u00a01–2\u00a0· games\u00a06–8"
    assert second.endswith(
        "**1130**\u00a0· series\u00a01–2\u00a0· games\u00a06–8\u00a0· 🐐🥚\u00a01\u00a0· 🥚\u00a02"
    )
    assert embed["fields"][0]["name"].endswith("· 🐐🥚 goat with eggs\u00a0· 🥚 eggs")
    # where a rating starts: a new player's 900 beside a 1130 said nothing by itself
    assert embed["fields"][0]["name"].startswith("Rating (from 1000)\u00a0· series")
    ru = standings_embed(page, "Клуб", "ru").to_dict()["fields"][0]["value"]
    assert "партии\u00a01–2\u00a0· коны\u00a06–8" in ru
    # the legend names an emoji only when a row shows it
    plain = dataclasses.replace(page, rows=rows[:1])
    assert "🥚" not in standings_embed(plain, "Club", "en-US").to_dict()["fields"][0]["name"]


def test_a_profile_names_eggs_only_when_there_were_some() -> None:
    # "Goat: once (0 with eggs)" and "1 won · 4 lost · 0 eggs" were noise; "-2.5" a hyphen.
    row = _row(-2.5, 0, 0)
    stats = PlayerStats(**{f: getattr(row, f) for f in PlayerStats.__dataclass_fields__})
    profile = PlayerProfile(1, 101, "Alice", 1, stats, 12, None, ())
    embed = profile_embed(profile, "en-US").to_dict()
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    # "−2.5 (#1)" explained nothing: the rank says where, the description what the number is
    # and where it starts
    assert fields["Rating"] == "900\u00a0· #1 in this league"
    assert (
        "Everyone starts at 1000. The rating rises as the player's team wins"
        in (embed["description"])
    )
    assert fields["Times a goat"] == "2\u00a0times" and fields["Games"] == "6 won\u00a0· 8 lost"
    unranked = profile_embed(dataclasses.replace(profile, rank=None), "en-US").to_dict()
    assert unranked["fields"][0]["value"] == "900"
    # The member's name now (the stored one is from their last series' start), escaped.
    assert "Alice" in embed["title"]
    renamed = profile_embed(profile, "en-US", "~~Alicia~~").to_dict()["title"]
    assert "Alicia" in renamed and "Alice" not in renamed and "~~Alicia~~" not in renamed
    eggs = dataclasses.replace(stats, goats_with_eggs=1, eggs=3)
    shown = profile_embed(dataclasses.replace(profile, stats=eggs), "en-US").to_dict()["fields"]
    values = {f["name"]: f["value"] for f in shown}
    assert (
        values["Times a goat"] == "2\u00a0times (1\u00a0with eggs)"
        and values["Games"] == "6 won\u00a0· 8 lost\u00a0· 3\u00a0eggs"
    )


def test_a_rating_is_shown_from_1000_in_whole_points() -> None:
    # "−2.5" for a new player who lost a series, and first in the league: openskill's
    # conservative ordinal starts at 0 and falls below it after a loss
    assert rating_text(0.0, "en-US") == "1000"
    assert rating_text(-2.46, "en-US") == rating_text(-2.46, "ru") == "902"
    assert rating_text(25.0, "tr") == "2000"  # about the best an ordinal gets
    assert int(rating_text(0.4, "en-US")) < int(rating_text(0.6, "en-US"))  # order kept
    # no thousands separator ("1,000" reads as one in Russian); a minus sign, not a hyphen
    assert rating_text(-30.0, "ru") == "\u2212200"


def test_recent_series_show_whole_lines_only() -> None:
    # Five series of four humans run past a field's 1,024 characters: cut by characters,
    # the last line ended in a raw "<@12345" or a wrong score ("12 : 1" for 12 : 10).
    humans = tuple(SeatSpec(i, 1234567890123456789 + i, "x" * 32) for i in range(4))
    recent = tuple(
        dataclasses.replace(_series(humans, eggs=2), defeat_points=(12, 10)) for _ in range(5)
    )
    row = _row(3.0, 0, 0)
    stats = PlayerStats(**{f: getattr(row, f) for f in PlayerStats.__dataclass_fields__})
    for locale in ("en-US", "ru", "uk", "tr"):
        lines = [series_line(s, locale) for s in recent]
        assert len("\n".join(lines)) > 1024  # (the case at hand)
        profile = PlayerProfile(1, humans[0].user_id, "Alice", 1, stats, 12, None, recent)
        fields = profile_embed(profile, locale).to_dict()["fields"]
        shown = fields[-1]["value"]
        assert len(shown) <= 1024
        assert shown.splitlines() == lines[: len(shown.splitlines())]
        assert 1 <= len(shown.splitlines()) < 5


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_an_empty_league_page_names_the_lengths_that_have_players(locale: str) -> None:
    # "No ranked series yet" on a server whose league is of another length (its admin set
    # 8 after months at 12) was false, and blamed the computers.
    page = StandingsPage(1, 8, "rating", 0, 10, 0, 1, (), other_lengths=(12,))
    text = standings_embed(page, "Club", locale).description or ""
    assert t("league.empty", locale) not in text
    assert text.startswith(t("league.empty_length", locale, target=8, lengths="12"))
    none = standings_embed(dataclasses.replace(page, other_lengths=()), "Club", locale)
    assert (none.description or "").startswith(t("league.empty", locale))


def test_a_long_league_page_is_split_at_whole_rows() -> None:
    # Four-digit series and five-digit game counts: a cut at 1,024 characters took the last
    # row's numbers with nothing to show it.
    rows = tuple(
        dataclasses.replace(
            _row(3.0, 150, 1500),
            rank=i + 1,
            user_id=10**18 + i,
            series_won=1200,
            series_lost=1200,
            games_won=12000,
            games_lost=12000,
        )
        for i in range(10)
    )
    page = StandingsPage(1, 12, "rating", 0, 10, 10, 1, rows)
    fields = standings_embed(page, "Club", "en-US").to_dict()["fields"]
    shown = "\n".join(f["value"] for f in fields)
    assert all(len(f["value"]) <= 1024 for f in fields)
    assert all(f"<@{r.user_id}>" in shown for r in rows)
    assert shown.count("\n") == len(rows) - 1  # every row whole, once
