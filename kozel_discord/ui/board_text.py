"""The words of a player's private board ("My hand"): the picture's labels, the first line
(what you must do now, or whose turn it is), and the small print under the controls
(partner and opponents, trump and stock, the trick, your cards). From the seat's own
observation only."""

from __future__ import annotations

from ..engine import ActionKind, Observation, partner_of, team_of
from ..i18n import t
from ..service import Table
from . import pictures, render
from .emojis import CARD_EMOJIS, cards_text
from .moves import status_line


def board_labels(table: Table, locale: str, viewer: int | None = None) -> pictures.Labels:
    """The picture's words in the reader's language; seats by plain name, the reader's own
    seat as "You" (the last trick's row named the reader like any other player)."""

    def name(i: int) -> str:
        if i == viewer:
            return t("board.pic_you", locale)
        seat = table.seats[i]
        return render.plain_name(seat, locale) if seat is not None else t("seat.empty", locale)

    return pictures.Labels(
        seat_names=(name(0), name(1), name(2), name(3)),
        trump=t("board.pic_trump", locale),
        stock=t("board.pic_stock", locale),
        turn=t("board.pic_turn", locale),
        winning=t("board.pic_winning", locale),
        took=t("board.pic_took", locale),
        last_trick=t("board.pic_last_trick", locale),
        your_hand=t("board.pic_your_hand", locale),
        your_turn=t("board.pic_your_turn", locale),
    )


def _role(obs: Observation, seat: int, locale: str) -> str:
    assert obs.seat is not None
    if seat == obs.seat:
        return t("board.role_you", locale)
    key = "board.role_partner" if seat == partner_of(obs.seat) else "board.role_opponent"
    return t(key, locale)


def first_line(table: Table, obs: Observation, locale: str) -> str:
    """Whose turn it is / what you must do now (advice only of moves you have); first, to
    a player marked away, that the computer plays for them and how to come back."""
    if obs.series_over:
        return t("table.series_over", locale)
    seat = table.seats[obs.seat] if obs.seat is not None else None
    if seat is not None and seat.away:
        return f"{t('board.away', locale)}\n{_first_line(table, obs, locale)}"
    return _first_line(table, obs, locale)


def _first_line(table: Table, obs: Observation, locale: str) -> str:
    mine = status_line(obs, locale)
    if obs.my_turn and mine:
        # the turn's clock, as the table shows it: on a board alone a newcomer had no idea
        # how long before the computer plays for them (Discord counts it down)
        if table.deadline is not None:
            when = f"<t:{int(table.deadline.timestamp())}:R>"
            mine += f"\n⏱️ {t('table.deadline', locale, when=when)}"
        return mine
    line = t("table.waiting", locale)
    if obs.turn is not None:
        who = render.who(table.seats[obs.turn], locale, level=False)
        line = t("board.waiting", locale, who=who, role=_role(obs, obs.turn, locale))
    return f"{line}\n{mine}" if mine else line


def _trick_lines(table: Table, obs: Observation, locale: str) -> list[str]:
    """The open trick, a line a play (computers without their level, as on the team line:
    a discard line with the level wrapped on a phone), then who wins it so far."""
    lines: list[str] = []
    for p in obs.trick:
        who = render.who(table.seats[p.seat], locale, level=False)
        if not p.face_up:
            shown = CARD_EMOJIS.inline(p.cards, locale) if p.cards else render.face_down(p.count)
            lines.append(t("trick.discard", locale, who=who, cards=shown))
            continue
        key = {ActionKind.LEAD: "trick.lead", ActionKind.BEAT: "trick.beat"}.get(
            p.kind, "trick.molodka"
        )
        lines.append(t(key, locale, who=who, cards=CARD_EMOJIS.inline(p.cards, locale)))
    if len(obs.trick) > 1:  # a lone lead wins so far: its own line said who and what
        who = render.who(table.seats[obs.top_seat], locale, level=False)
        lines.append(
            t(
                "board.on_top_you" if obs.top_seat == obs.seat else "board.on_top",
                locale,
                who=who,
                role=_role(obs, obs.top_seat, locale),
                cards=CARD_EMOJIS.inline(obs.top, locale),
            )
        )
    return lines


def summary(table: Table, obs: Observation, locale: str) -> str:
    """The text below the picture (notifications, screen readers, no images)."""
    assert obs.seat is not None
    me = obs.seat
    foes = [s for s in range(4) if team_of(s) != team_of(me)]
    hand = pictures.hand_order(obs.hand, obs.trump)
    lines = [
        t(
            "board.team",
            locale,
            # without the computers' levels (the table shows them): with them, this line
            # took three lines on a phone
            partner=render.who(table.seats[partner_of(me)], locale, level=False),
            first=render.who(table.seats[foes[0]], locale, level=False),
            second=render.who(table.seats[foes[1]], locale, level=False),
        ),
        t(
            "board.trump",
            locale,
            card=cards_text((obs.trump_card,), locale),
            suit=render.suit_name(obs.trump, locale),
            stock=obs.stock_size,
        ),
        *_trick_lines(table, obs, locale),
        t("board.hand", locale, cards=CARD_EMOJIS.inline(hand, locale)),
    ]
    return "\n".join(lines)
