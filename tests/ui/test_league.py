"""The league's history line (``kozel_discord/ui/league.py``)."""

from __future__ import annotations

import datetime as dt

from kozel_discord.store.records import SeatSpec, SeriesStatus, SeriesSummary
from kozel_discord.ui.league import series_line

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


def test_the_history_line_names_eggs_only_when_there_were_some() -> None:
    line = series_line(_series(HUMANS_VS_NORMALS, 0), "en-US")
    assert "16 : 4 · goats: <@101> and <@102> · unranked" in line
    assert "egg" not in line
    assert "16 : 4 · 1 egg · goats with eggs" in series_line(_series(HUMANS_VS_NORMALS, 1), "en")
    assert "16 : 4 · 2 eggs · " in series_line(_series(HUMANS_VS_NORMALS, 2), "en")
    assert "16 : 4 · 5 яиц · " in series_line(_series(HUMANS_VS_NORMALS, 5), "ru")
    assert "яйц" not in series_line(_series(HUMANS_VS_NORMALS, 0), "ru")


def test_two_computers_of_one_level_are_written_once() -> None:
    line = series_line(_series(HUMANS_VS_NORMALS, 0), "en")
    assert "<@101> and <@102> vs 🤖 normal ×2 · " in line
    mixed = (*HUMANS_VS_NORMALS[:3], SeatSpec(3, None, "Bot 3", "random"))
    assert "vs 🤖 normal and 🤖 easy · " in series_line(_series(mixed, 0), "en")
