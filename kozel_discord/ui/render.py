"""Shared text of the ui (cards, names, seats, turn lines) and the lobby embed.

Only :class:`~kozel_discord.engine.Observation` data reaches these functions: the
public table is rendered from ``observe(series, None)`` and a hand from
``observe(series, seat)``, so nothing here can show a card its viewer may not see.
No rule logic lives here: the moves offered are the observation's legal actions.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import discord

from ..engine import ActionKind, Card, Observation, PlayView, Suit, team_of, team_seats
from ..i18n import LANGUAGES, NBSP, t
from ..service import Seat, Table, TableStatus
from ..service import lobby as lobby_rules
from . import emojis

COLOR_LOBBY = discord.Colour(0x5865F2)
COLOR_TABLE = discord.Colour(0x2D7D46)
COLOR_DONE = discord.Colour(0x80848E)  # grey: not a team's colour (it was Team B's orange)
TEAM_SEATS = (team_seats(0), team_seats(1))
TEAM_DOTS = ("🔵", "🟠")  # the picture's team colours: blue A, orange B


def suit_name(suit: Suit, locale: str) -> str:
    return t(f"suit.{suit.name.lower()}", locale)


def card_text(c: Card, locale: str) -> str:
    """One card as colour-safe text: the indices J Q K A of the card pictures in every
    language, so that text and picture agree, and ♤ ☘ for the black suits (whose
    own marks Discord draws near-black on its dark theme; see :mod:`.emojis`)."""
    return emojis.card_text(c, locale)


def cards_text(cards: tuple[Card, ...] | list[Card], locale: str) -> str:
    """The cards of one play, kept on one line (joined by no-break spaces): a phone does
    not break a molodka "8♥ 9♥ K♥ / A♥" across lines."""
    return emojis.cards_text(cards, locale, NBSP)


def face_down(n: int) -> str:
    """``n`` cards face down (the card-back emoji when uploaded)."""
    return emojis.CARD_EMOJIS.face_down(n)


def seat_label(i: int, locale: str) -> str:
    return t("seat.label", locale, n=i + 1, team=t(f"team.{'ab'[team_of(i)]}", locale))


def team_name(team: int, locale: str) -> str:
    """ "Team A" / "Team B" in ``locale``."""
    return t(f"team.{'ab'[team]}.long", locale)


def team_heading(team: int, locale: str) -> str:
    """A team's heading with its colour's dot ("🔵 Team A"), as the lobby and a game's
    summary show it: the colours of the picture's boxes."""
    return f"{TEAM_DOTS[team]} {team_name(team, locale)}"


def line_chunks(lines: Iterable[str], size: int) -> list[str]:
    """``lines`` joined into chunks of at most ``size`` characters, each line whole (a field
    cut by characters ended in a raw "<@12345" or a wrong score "12 : 1"); a line longer
    than ``size`` alone is cut."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + 1 + len(line) <= size:
            out[-1] += "\n" + line
        else:
            out.append(line[:size])
    return out


def small_print(lines: Iterable[str]) -> str:
    """Lines in Discord's small grey print (``-#``): the words that repeat a picture."""
    return "\n".join(f"-# {line}" for line in lines)


def move_key(prefix: str, kind: ActionKind, n: int) -> str:
    """The text key of a move of ``n`` cards: ``prefix`` and its kind, "_one" for a beat
    with one card (Russian "побить картой", "картами")."""
    return f"{prefix}{kind.value}{'_one' if kind is ActionKind.BEAT and n == 1 else ''}"


def seat_long(i: int, locale: str) -> str:
    """ "Seat 1 · Team A": a private message's heading ("Seat 1 (A)" did not read as a team)."""
    return t("seat.label_long", locale, n=i + 1, team=team_name(team_of(i), locale))


def seat_number(i: int, locale: str) -> str:
    """ "Seat 1" without its team, where the team's heading is above it."""
    return t("seat.number", locale, n=i + 1)


@functools.cache
def _computer_numbers() -> dict[str, int]:
    """A computer's stored name, in any language, to its number ("Компьютер 3": 3)."""
    return {
        t("computer.name", lang, n=n).replace(NBSP, " "): n
        for lang in LANGUAGES
        for n in range(1, 5)
    }


def computer_name(stored: str, locale: str) -> str:
    """A computer player's name in the reader's language: a computer is named once, in the
    table's language, when it sits down; a reader with another client language saw
    "Computer 3" among Russian words. A name of no known form stays as stored."""
    n = _computer_numbers().get(stored.replace(NBSP, " "))
    return stored if n is None else t("computer.name", locale, n=n)


def plain_name(seat: Seat, locale: str) -> str:
    """A seat's name without a mention or a level (a computer's in ``locale``)."""
    return computer_name(seat.name, locale) if seat.user_id is None else seat.name


def text_name(name: str) -> str:
    """A member's display name inside message text: as it reads, never formatting the text
    around it (``~~Carol~~``, ``||Vasya||``) or notifying anyone (a nickname ``<@123…>``).
    Pictures, labels and thread names take the name as it is."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def who(seat: Seat | None, locale: str, *, mention: bool = True, level: bool = True) -> str:
    """A seat's player: a mention (or the name), or a computer with its level (``level``)."""
    if seat is None:
        return t("seat.empty", locale)
    if seat.user_id is None:  # "🤖 Computer 4" in one piece (a phone broke "Компьютер / 4")
        name = plain_name(seat, locale).replace(" ", NBSP)
        if not level:
            return t("seat.computer_plain", locale, name=name)
        return t("seat.computer", locale, name=name, level=t(f"level.{seat.level}", locale))
    name = f"<@{seat.user_id}>" if mention else text_name(seat.name)
    return name + (t("seat.away_suffix", locale) if seat.away else "")


def team_names(table: Table, team: int, locale: str) -> str:
    """The two players of a team ("Alice and Bob"; computers without their level)."""

    def name(seat: Seat | None) -> str:  # a human without the "away" mark
        if seat is None or seat.user_id is None:
            return who(seat, locale, level=False)
        return f"<@{seat.user_id}>"

    first, second = (name(table.seats[i]) for i in TEAM_SEATS[team])
    return t("team.pair", locale, first=first, second=second)


# ---------------------------------------------------------------- lobby
def lobby_embed(table: Table, locale: str) -> discord.Embed:
    e = discord.Embed(
        title=t("lobby.title", locale),
        description=t("lobby.description", locale),
        colour=COLOR_LOBBY,
    )
    for team in (0, 1):
        lines = [
            f"**{seat_number(i, locale)}**: {who(table.seats[i], locale)}" for i in TEAM_SEATS[team]
        ]
        # the team's dot, as on the table: a newcomer could not tell which colour was theirs
        e.add_field(name=team_heading(team, locale), value="\n".join(lines), inline=True)
    timer = (
        t("lobby.timer_on", locale, seconds=int(table.turn_timeout))
        if table.turn_timeout
        else t("lobby.timer_off", locale)
    )
    # the host first: a guest learnt who may start only from a refused click
    rules = [
        t("lobby.host", locale, host=f"<@{table.host_id}>"),
        t("lobby.length", locale, target=table.target),
        timer,
    ]
    # Whether the series counts for the league: the seats as they are now decide it (the
    # lobby is drawn again at every change); with hints on, the hints line says it.
    ranked = lobby_rules.would_be_ranked(table)
    if table.hints:
        rules.append(t("hints.lobby_ranked" if ranked else "hints.lobby_on", locale))
    else:
        rules.append(t("lobby.ranked_yes" if ranked else "lobby.ranked_no", locale))
    e.add_field(name=t("lobby.settings", locale), value="\n".join(rules), inline=False)
    hints = lobby_rules.hints_possible(table)  # no word of hints where none can be had
    e.set_footer(text=t("lobby.rules_footer" if hints else "lobby.rules_footer_length", locale))
    if table.status is TableStatus.PLAYING:
        e.description = t("lobby.started", locale)
    return e


# ---------------------------------------------------------------- the table
def play_line(
    seats: Sequence[Seat | None], p: PlayView, locale: str, *, mention: bool = False
) -> str:
    """One play as everybody saw it, a discard as card backs only: the public table's open
    trick, the list of tricks and a replay step. A computer is named without its level
    (the team lines give it once): "🤖 Computer 4 (normal) leads:" wrapped on a phone."""
    name = who(seats[p.seat], locale, mention=mention, level=False)
    if not p.face_up:
        return t("trick.discard", locale, who=name, cards=face_down(p.count))
    key = {ActionKind.LEAD: "trick.lead", ActionKind.BEAT: "trick.beat"}.get(
        p.kind, "trick.molodka"
    )
    return t(key, locale, who=name, cards=cards_text(p.cards, locale))


def turn_line(table: Table, obs: Observation, locale: str) -> str:
    if obs.series_over:
        return t("table.series_over", locale)
    if obs.turn is None:
        return t("table.waiting", locale)
    seat = table.seats[obs.turn]
    key = "table.turn_lead" if obs.lead_seat is None else "table.turn_answer"
    line = t(key, locale, who=who(seat, locale), k=obs.k)
    if table.deadline is not None:
        when = f"<t:{int(table.deadline.timestamp())}:R>"
        line += " " + t("table.deadline", locale, when=when)
    return line


def last_move_line(table: Table, locale: str, game: int | None = None) -> str:
    """The last move, when the clock made it ("… (time ran out: the computer played)"):
    every other move is already in the table's trick lines, and a repeated line under
    the table went stale once its trick was over. Only a move of ``game`` (the game the
    message shows): the next game's message repeated the last move of the one before."""
    ev = table.last_event
    if not ev or not ev.get("timed_out"):
        return ""
    if game is not None and ev.get("game", game) != game:
        return ""
    seat = table.seats[ev["seat"]] if 0 <= ev.get("seat", -1) < 4 else None
    text = t(f"move.{ev['kind']}", locale, who=who(seat, locale), n=ev.get("n", 0))
    if ev.get("timed_out"):
        text += " " + t("move.timed_out", locale)
    return text


def table_content(table: Table, obs: Observation) -> str | None:
    """A mention of whose turn it is, so they get notified (only in the message content)."""
    if obs.series_over or obs.turn is None:
        return None
    seat = table.seats[obs.turn]
    if seat is None or seat.played_by_computer or seat.user_id is None:
        return None
    return f"<@{seat.user_id}>"
