"""The words of the public table message (:mod:`.table_message` lays them out): the turn
line above the picture, the current trick below it, and the small print with everything
else. All of it comes from the public observation."""

from __future__ import annotations

from ..engine import Observation, team_of
from ..engine import fair as fair_deals
from ..i18n import NBSP, t
from ..service import Table, fair
from . import render
from .pictures import FinishedTrick, last_trick
from .results import reason_line
from .tricks import team_count, team_tag, team_who, trick_line


def shown_last_trick(obs: Observation) -> FinishedTrick | None:
    """The finished trick the table shows: the last one taken, until the next lead."""
    return last_trick(obs) if not obs.trick else None


def turn_user(table: Table, obs: Observation) -> int | None:
    """The human whose turn it is (not one the computer plays for), if any."""
    if obs.series_over or obs.turn is None:
        return None
    seat = table.seats[obs.turn]
    if seat is None or seat.played_by_computer:
        return None
    return seat.user_id


def head_and_trick(
    table: Table, obs: Observation, locale: str, *, final: bool = False
) -> tuple[str, str]:
    """Above the picture, whose turn it is (or the game's end and result); below it, the
    current trick and what wins it, or the trick just taken."""
    if final:  # the game is over: its result, then the trick that ended it (no trick now)
        head = [t("table.game_over", locale, n=obs.game_number), result_line(obs, locale)]
        last = [trick_line(table, obs.taken[-1], locale, last=True)] if obs.taken else []
        return "\n".join(line for line in head if line), "\n".join(last)
    lines: list[str] = []
    heading = t("table.trick", locale, k=obs.k) if obs.k else t("table.trick_new", locale)
    trump = render.card_text(obs.trump_card, locale)
    lines.append(f"**{heading}**{NBSP}· {t('table.trump_short', locale, card=trump)}")
    trick = [f"• {render.play_line(table.seats, p, locale, mention=True)}" for p in obs.trick]
    if trick:
        lines += trick
        winner = next((p for p in obs.trick if p.seat == obs.top_seat and p.face_up), None)
        if winner is not None:
            lines.append(
                t(
                    "table.winning",
                    locale,
                    who=team_who(  # its cards are on its line above
                        team_of(obs.top_seat),
                        render.who(table.seats[obs.top_seat], locale, mention=False, level=False),
                    ),
                )
            )
    else:  # the picture keeps the last trick until the lead: say so ("Took it" over cards
        # under "Nothing played yet" read as the current trick)
        shown = shown_last_trick(obs) is not None
        lines.append(t("table.trick_empty_last" if shown else "table.trick_empty", locale))
    if obs.taken:  # also once the next trick began: coalesced edits never hide an outcome
        lines.append(trick_line(table, obs.taken[-1], locale, last=True))
    return turn_text(table, obs, locale), "\n".join(lines)


def turn_text(table: Table, obs: Observation, locale: str) -> str:
    """The turn line: the player to move is mentioned only if a human plays the turn."""
    if obs.series_over or obs.turn is None:
        return render.turn_line(table, obs, locale)
    seat = table.seats[obs.turn]
    mention = turn_user(table, obs) is not None
    key = "table.turn_lead" if obs.lead_seat is None else "table.turn_answer"
    name = render.who(seat, locale, mention=mention, level=False)
    line = "▶️ " + t(key, locale, who=name, k=obs.k)
    if table.deadline is not None:
        when = f"<t:{int(table.deadline.timestamp())}:R>"
        line += " " + t("table.deadline", locale, when=when)
    return line


def result_line(obs: Observation, locale: str) -> str:
    if not obs.game_over:
        return ""
    r = obs.results[obs.game_number - 1]
    # why, in card points: the picture's "Tricks: 2" on both sides read as a tie that
    # somehow cost 4 defeat points
    team = team_tag(r.loser, locale) if r.loser is not None else None
    return reason_line(r, locale, team)


def summary(table: Table, obs: Observation, locale: str, *, final: bool = False) -> str:
    """Everything else, as text: the game, trump and stock, seats, tricks and the score;
    ``final``: the game is over (no dealer now, its seal opened in the game's summary)."""
    trump = t(
        "table.trump",
        locale,
        card=render.card_text(obs.trump_card, locale),
        suit=render.suit_name(obs.trump, locale),
        stock=obs.stock_size,
    )
    # The title shares its line with the trump, and a team is one line: its players (with
    # a computer's level, given only here) and its tricks. The picture shows where each
    # sits and how many cards each holds: a line a seat with "— 4 cards" only repeated it.
    lines = [f"**{t('table.title', locale, n=obs.game_number)}**{NBSP}· {trump}"]
    for team in (0, 1):
        first, second = (
            render.who(table.seats[i], locale)
            + (t("table.dealer_mark", locale) if i == obs.dealer and not final else "")
            for i in render.TEAM_SEATS[team]
        )
        players = t("team.pair", locale, first=first, second=second)
        tricks = t("table.tricks", locale, n=obs.tricks[team])
        lines.append(f"**{team_tag(team, locale)}**: {players}{NBSP}· {tricks}")
    a, b = obs.defeat_points
    lines.append(
        t(
            "table.defeat_points",
            locale,
            target=obs.target,
            a=team_count(0, a),
            b=team_count(1, b),
        )
    )
    if obs.eggs:
        lines.append(t("table.eggs", locale, n=obs.eggs))
    if table.hints:
        lines.append(t("hints.table_on", locale))
    last = render.last_move_line(table, locale, obs.game_number)
    if last and not obs.series_over:  # only a move the clock made: the trick lists the rest
        lines.append(last)
    sealed = fair.commitment(table, obs.game_number)
    if sealed is not None and final:  # "Deal sealed" beside "Game 1 has ended" misled;
        # the seal stays: Discord keeps no edit history, and a player checks the summary's
        # (computed from the revealed seed and salt) against the one shown at the deal
        lines.append(t("fair.table_opened", locale, short=fair_deals.short(sealed)))
    elif sealed is not None:  # the full value is in "Tricks so far"
        lines.append(t("fair.table", locale, short=fair_deals.short(sealed)))
    # Small print: the picture shows all of it (players asked why the message said it
    # twice); the words stay for notifications, screen readers and clients without images.
    return render.small_print(lines)
