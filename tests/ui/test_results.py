"""Results that explain themselves: the reason of a game's defeat points, the bars toward
the series target and the recap of a finished series."""

from __future__ import annotations

import random

from kozel_discord.engine import DefeatReason, Series, observe
from kozel_discord.service import RatingChange, Seat, Table, TableStatus
from kozel_discord.ui import results
from kozel_discord.ui.pictures.model import MAX_BAR
from kozel_discord.ui.table_message import TEAM_COLOURS


def _finished(seed: int) -> Table:
    series = Series(seed)
    rng = random.Random(seed)
    while not series.over:
        turn = series.turn
        assert turn is not None
        series.apply(turn, rng.choice(series.legal_actions(turn)))
    t = Table("0123456789ab", 1, 2, 10, "en-US", None, status=TableStatus.FINISHED, series=series)
    t.seats = [Seat(user_id=10 + i, name=f"p{i}") for i in range(4)]
    return t


def _text(embed: object) -> str:
    d = embed.to_dict()  # type: ignore[attr-defined]
    parts = [d.get("title", ""), d.get("description", "")]
    parts += [f"{f['name']}\n{f['value']}" for f in d.get("fields", [])]
    return "\n".join(parts)


def test_the_bar_fills_toward_the_target() -> None:
    assert results.progress_bar(0, 12) == "⬛" * 6  # a segment per two points
    assert results.progress_bar(4, 12) == "🟦" * 2 + "⬛" * 4
    assert results.progress_bar(5, 12, team=1) == "🟧" * 2 + "🔸" + "⬛" * 3  # half a segment
    assert results.progress_bar(14, 12) == "🟦" * 6
    assert len(results.progress_bar(50, 100)) == MAX_BAR


def test_a_summary_says_why_and_shows_the_progress() -> None:
    t = _finished(3)
    assert t.series is not None
    obs = observe(t.series, None)
    for number, r in enumerate(obs.results, start=1):
        text = _text(results.game_over_embed(t, number, r, obs, "en-US"))
        why = {
            DefeatReason.NO_TRICK: "no trick taken at all",
            DefeatReason.THIRTY_OR_FEWER: "30\u00a0or\u00a0fewer",
            DefeatReason.UNDER_SIXTY: "31 to 59",
            DefeatReason.EGGS: "Eggs!",
        }[r.reason]
        assert why in text
        if r.loser is not None and r.reason is not DefeatReason.NO_TRICK:
            assert f"{r.card_points[r.loser]}\u00a0card\u00a0points" in text
        if r.loser is not None:
            assert f"takes {r.defeat_points[r.loser]}\u00a0defeat\u00a0point" in text
        bars = f"A {results.progress_bar(obs.defeat_points[0], 12)} {obs.defeat_points[0]}/12"
        # The series' last game leaves the final bars to the series-end message below it.
        last = obs.series_over and number == len(obs.results)
        assert (bars in text) is not last
        if last:
            assert bars in _text(results.series_over_embed(t, obs, "en-US"))
    ru = _text(results.game_over_embed(t, 1, obs.results[0], obs, "ru"))
    assert "штрафн" in ru and "/12" in ru


def test_a_finished_games_messages_do_not_wear_a_teams_colour() -> None:
    # "Team A takes 4 defeat points" under an orange bar read as Team B's message.
    t = _finished(3)
    assert t.series is not None
    obs = observe(t.series, None)
    shown = [results.game_over_embed(t, 1, obs.results[0], obs, "en-US").colour]
    shown.append(results.series_over_embed(t, obs, "en-US").colour)
    for colour in shown:
        assert colour is not None
        for team in TEAM_COLOURS:
            far = sum(abs(a - b) for a, b in zip(colour.to_rgb(), team.to_rgb(), strict=True))
            assert far > 120, (colour, team)


def test_the_series_recap_lists_games_eggs_the_biggest_trick_and_every_score() -> None:
    t = _finished(5)
    assert t.series is not None
    obs = observe(t.series, None)
    text = _text(results.series_over_embed(t, obs, "en-US"))
    n = len(obs.results)
    assert f"{n}\u00a0game" in text and "Biggest trick" in text
    best = max((r.best_trick for r in obs.results if r.best_trick), key=lambda b: b.points)
    assert f"{best.points}\u00a0card\u00a0points" in text
    for number, r in enumerate(obs.results[-results.MAX_GAME_LINES :], start=1):
        del number
        assert f"{r.card_points[0]} : {r.card_points[1]}" in text


def test_the_series_end_names_the_winners_before_the_goats() -> None:
    t = _finished(5)
    assert t.series is not None
    obs = observe(t.series, None)
    goats = obs.goats or 0
    winners = [f"<@{t.seats[s].user_id}>" for s in (1 - goats, 3 - goats)]
    losers = [f"<@{t.seats[s].user_id}>" for s in (goats, goats + 2)]
    first, second = results.series_over_embed(t, obs, "en-US").description.splitlines()  # type: ignore[union-attr]
    assert first.startswith("🏆") and "win the series" in first
    assert all(w in first for w in winners) and not any(g in first for g in losers)
    assert "goats" in second and all(g in second for g in losers)
    text = _text(results.series_over_embed(t, obs, "en-US"))
    assert "card points A : B" in text  # whose score is whose in "90 : 30"


def test_a_summary_marks_each_team_with_its_colour_dot() -> None:
    # "Team B takes 4 defeat points" and plain "Team A"/"Team B" headings, where the table,
    # the lobby and the trick lines show 🔵 and 🟠
    t = _finished(3)
    assert t.series is not None
    obs = observe(t.series, None)
    for number, r in enumerate(obs.results, start=1):
        d = results.game_over_embed(t, number, r, obs, "en-US").to_dict()
        assert [f["name"] for f in d["fields"]][:2] == ["🔵 Team A", "🟠 Team B"]
        if r.loser is not None:
            assert d["description"].startswith(f"**{'🔵🟠'[r.loser]} Team {'AB'[r.loser]} takes")


def test_a_ranked_summary_shows_how_the_game_moved_each_humans_rating() -> None:
    t = _finished(3)
    t.seats[3] = Seat(user_id=None, name="Computer 4", level="heuristic")
    assert t.series is not None
    obs = observe(t.series, None)
    r = obs.results[0]
    # Given out of seat order, on the store's scale (the conservative ordinal: 40 points).
    changes = [RatingChange(12, 0.0, 0.3), RatingChange(10, 0.0, -0.2), RatingChange(11, 1.0, 1.0)]
    text = _text(results.game_over_embed(t, 1, r, obs, "en-US", changes))
    assert (
        "League rating\n<@10>: 1000 → 992 (\u22128)\n<@11>: 1040 → 1040 (±0)\n"
        "<@12>: 1000 → 1012 (+12)"
    ) in text
    assert "League rating" not in _text(results.game_over_embed(t, 1, r, obs, "en-US"))
    ru = _text(results.game_over_embed(t, 1, r, obs, "ru", changes))
    assert "Рейтинг в лиге\n<@10>: 1000 → 992 (\u22128)" in ru
    series = _text(results.series_over_embed(t, obs, "en-US", changes))
    assert "League rating\n<@10>: 1000 → 992 (\u22128)" in series
    assert "League rating" not in _text(results.series_over_embed(t, obs, "en-US"))
