"""Results that explain themselves: a game's summary (why the defeat points were given, each
team's progress toward the series target) and the recap at the end of a series.

The reason of a game's score is the engine's (:attr:`GameResult.reason`); only public data
(the public observation's results) reaches these embeds.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from ..engine import SERIES_TARGET, DefeatReason, GameResult, Observation
from ..engine import fair as fair_deals
from ..i18n import t
from ..service import RatingChange, Table, fair
from . import pictures
from .ratings import rating_shift_text, rating_text
from .render import COLOR_DONE, team_heading, team_names, who

# Emoji, which every Discord client draws as images (the geometric shapes ▰▱ are missing
# from many fonts), in each team's colour of the table picture, as many as the picture's
# segments (pictures.bar_fills: twelve a segment each for 12 points did not fit a phone's
# line with the team and "4/12"). An empty segment is dark (the white square made a team
# without defeat points look fuller on the dark theme than one with some).
BAR_FULL = ("🟦", "🟧")
BAR_HALF = ("🔹", "🔸")
BAR_EMPTY = "⬛"
MAX_GAME_LINES = 15  # the recap's score lines (the latest ones; an embed field holds 1024)


def target_of(table: Table) -> int:
    return table.series.target if table.series is not None else SERIES_TARGET


def progress_bar(points: int, target: int, team: int = 0) -> str:
    """``points`` of ``target`` as an emoji bar, segment for segment the picture's."""
    marks = {1.0: BAR_FULL[team], 0.5: BAR_HALF[team], 0.0: BAR_EMPTY}
    return "".join(marks[f] for f in pictures.bar_fills(points, target))


def reason_line(r: GameResult, locale: str, team: str | None = None) -> str:
    """Why the defeat points were given, from the rule the engine applied; ``team``: how
    the losing team is named (default: "🟠 Team B", the dot of its heading below)."""
    reason = r.reason
    if reason is DefeatReason.EGGS or r.loser is None:
        return t("result.eggs", locale)
    loser = r.loser
    return t(
        f"result.reason.{reason.value}",
        locale,
        team=team or team_heading(loser, locale),
        points=r.card_points[loser],
        dp=r.defeat_points[loser],
    )


def progress_lines(defeat_points: tuple[int, int], target: int, locale: str) -> str:
    return "\n".join(
        t(
            "result.bar",
            locale,
            team=t(f"team.{'ab'[team]}", locale),
            bar=progress_bar(defeat_points[team], target, team),
            points=defeat_points[team],
            target=target,
        )
        for team in (0, 1)
    )


def _add_progress(e: discord.Embed, table: Table, obs: Observation, locale: str) -> None:
    target = target_of(table)
    a, b = obs.defeat_points
    value = progress_lines(obs.defeat_points, target, locale)
    # The same in words (screen readers, notifications): the totals and the eggs.
    value += "\n" + t("table.series_score", locale, a=a, b=b, eggs=obs.eggs)
    e.add_field(name=t("result.progress", locale, target=target), value=value, inline=False)


def game_over_embed(
    table: Table,
    number: int,
    r: GameResult,
    obs: Observation,
    locale: str,
    ratings: Sequence[RatingChange] = (),
) -> discord.Embed:
    """The summary of game ``number``: the verdict, why, the teams, how the game moved the
    humans' league ratings (``ratings``: a ranked series) and the series' progress."""
    e = discord.Embed(
        title=t("result.title", locale, n=number),
        description=reason_line(r, locale),  # who takes how many defeat points, and why
        colour=COLOR_DONE,
    )
    for team in (0, 1):
        e.add_field(
            name=team_heading(team, locale),  # the dot of the reason line's team
            value=t(
                "result.team_line",
                locale,
                names=team_names(table, team, locale),
                points=r.card_points[team],
                tricks=r.tricks[team],
            ),
            inline=True,
        )
    _add_ratings(e, table, ratings, locale)
    if not (obs.series_over and number == len(obs.results)):
        # The series' last game: its end, posted right below, shows the final bars once.
        _add_progress(e, table, obs, locale)
    _add_reveal(e, table, number, locale)
    return e


def _add_ratings(
    e: discord.Embed, table: Table, ratings: Sequence[RatingChange], locale: str
) -> None:
    """Each human's league rating before and after the game, in seat order (one line for
    a player in two seats)."""
    left = {c.user_id: c for c in ratings}
    lines = []
    for seat in table.seats:
        change = left.pop(seat.user_id, None) if seat is not None and seat.user_id else None
        if change is not None:
            lines.append(
                t(
                    "result.rating_line",
                    locale,
                    who=who(seat, locale),
                    before=rating_text(change.before, locale),
                    after=rating_text(change.after, locale),
                    shift=rating_shift_text(change.before, change.after, locale),
                )
            )
    if lines:
        e.add_field(name=t("result.ratings", locale), value="\n".join(lines), inline=False)


def _add_reveal(e: discord.Embed, table: Table, number: int, locale: str) -> None:
    """The finished game's seed and salt: the line whose SHA-256 is its commitment, in the
    footer's small print (as a field, its three lines of digits were a third of the summary
    on a phone, for the few who check a deal; they check the export anyway)."""
    shown = fair.reveal(table, number)
    if shown is None:
        return
    e.set_footer(  # "🔓 Seal 34ca…: …" ("Fair deal ·" took a line)
        text=f"{reveal_text(shown, locale)}\n" + t("fair.reveal_check", locale)
    )


def reveal_text(shown: fair.Reveal, locale: str) -> str:
    """ "🔓 Seal 34ca… opened: kozel-fair/v1:…": a game's seal and the line it seals."""
    return f"{t('fair.reveal', locale, short=fair_deals.short(shown.commitment))} {shown.line}"


def game_line(number: int, r: GameResult, locale: str) -> str:
    """One game of the recap: its card points and who took which defeat points, why."""
    if r.eggs or r.loser is None:
        outcome = t("series.outcome_eggs", locale)
    else:
        outcome = t(
            f"series.outcome.{r.reason.value}",
            locale,
            team=t(f"team.{'ab'[r.loser]}", locale),
            dp=r.defeat_points[r.loser],
        )
    return t(
        "series.game_line",
        locale,
        n=number,
        a=r.card_points[0],
        b=r.card_points[1],
        outcome=outcome,
    )


def recap_lines(table: Table, obs: Observation, locale: str) -> list[str]:
    """The recap: number of games and eggs, the biggest trick, every game's score line."""
    results = obs.results
    lines = [t("series.recap_counts", locale, games=len(results), eggs=obs.eggs)]
    best: tuple[int, int, GameResult] | None = None
    for number, r in enumerate(results, start=1):
        b = r.best_trick
        if b is not None and (best is None or b.points > best[0]):
            best = (b.points, number, r)
    if best is not None and best[2].best_trick is not None:
        trick = best[2].best_trick
        lines.append(
            t(
                "series.best_trick",
                locale,
                who=who(table.seats[trick.taker], locale, level=False),
                points=trick.points,
                cards=trick.cards,
                n=best[1],
            )
        )
    return lines


def series_over_embed(
    table: Table, obs: Observation, locale: str, ratings: Sequence[RatingChange] = ()
) -> discord.Embed:
    """The end of the series (from the public view of a finished series), with how it moved
    the humans' league ratings (``ratings``: a ranked series) and its recap."""
    loser = obs.goats or 0
    winners = t("series.winners", locale, names=team_names(table, 1 - loser, locale))
    key = "series.goats_with_eggs" if obs.eggs else "series.goats"
    goats = t(key, locale, names=team_names(table, loser, locale), eggs=obs.eggs)
    e = discord.Embed(
        title=t("series.title", locale),
        description=f"{winners}\n{goats}",  # the winners first: the goats are the punchline
        colour=COLOR_DONE,
    )
    _add_progress(e, table, obs, locale)
    _add_ratings(e, table, ratings, locale)
    e.add_field(
        name=t("series.recap", locale),
        value="\n".join(recap_lines(table, obs, locale)),
        inline=False,
    )
    games = [game_line(n, r, locale) for n, r in enumerate(obs.results, start=1)]
    shown = games[-MAX_GAME_LINES:]
    if len(games) > len(shown):
        shown.insert(0, t("series.earlier_games", locale, n=len(games) - len(shown)))
    if shown:
        e.add_field(name=t("series.games", locale), value="\n".join(shown), inline=False)
    return e
