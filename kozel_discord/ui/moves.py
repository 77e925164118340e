"""The moves of a private board, as menu options that say what each does differently.

Every fact comes from the engine: the moves are the observation's ``legal_actions``, which
card beats which is :func:`~kozel_discord.engine.beat_pairing`, points are ``Card.points``,
a molodka is the engine's (a molodka action, or a lead of ``HAND_SIZE`` cards, rule 5.4).
This module only groups, orders and words them:

- a molodka first (it outranks everything), then the beats (fewest trumps and points spent
  first), then the discards (fewest points thrown away first), or the leads (one card
  first, then pairs, ...);
- a beat says whether it takes the trick (the last play of a trick) or only lies on top
  for now, and which card beats which (one card), or the trumps and points it spends
  (several); a discard says the points it puts into the trick and who is winning it (the
  partner or an opponent), and on the trick's last play which team gets them; a trump,
  beaten with or thrown away, is marked "(trump)", or counted ("2 trumps") in a play of
  several cards;
- a lead, and a discard of no points before the trick's last play (or of points, when
  another would read the same), says what stays in the hand.
- the status line advises only moves that exist (no "beat or discard" without a beat).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine import (
    HAND_SIZE,
    SEATS,
    Action,
    ActionKind,
    Card,
    Observation,
    beat_pairing,
    team_of,
)
from ..i18n import t
from . import pictures
from .emojis import CARD_EMOJIS, card_text, cards_text

MAX_OPTIONS = 25  # Discord's limit of a select menu
LABEL_TRUMPS = 2  # a discard of up to this many cards names its trumps in its label


@dataclass(frozen=True, slots=True)
class MoveOption:
    action: Action
    group: str  # "molodka", "beat", "discard" or "lead"
    label: str
    description: str
    card: Card  # the card whose emoji the option shows

    @property
    def value(self) -> str:
        return self.action.encode()


def is_molodka(action: Action) -> bool:
    """A molodka out of turn, or the leader's four of a suit (5.4: a molodka too)."""
    return action.kind is ActionKind.MOLODKA or (
        action.kind is ActionKind.LEAD and len(action.cards) == HAND_SIZE
    )


def _marked(c: Card, obs: Observation, locale: str) -> str:
    text = card_text(c, locale)
    return t("opt.trump", locale, card=text) if c.suit is obs.trump else text


def _kept(action: Action, obs: Observation, locale: str) -> str:
    """The description's " · keeps …" (the cards left in the hand), or nothing when the move
    plays them all ("your last card" only pushed the move's words past a menu's width)."""
    # in the order of "Your cards" (suit by suit, the trumps last)
    kept = [c for c in pictures.hand_order(obs.hand, obs.trump) if c not in action.cards]
    return t("opt.keeps", locale, cards=cards_text(kept, locale)) if kept else ""


def _points(cards: tuple[Card, ...]) -> int:
    return sum(c.points for c in cards)


def _trumps(cards: tuple[Card, ...], obs: Observation) -> int:
    return sum(1 for c in cards if c.suit is obs.trump)


def _best(cards: tuple[Card, ...], obs: Observation) -> Card:
    return max(cards, key=lambda c: (c.suit is obs.trump, c.points, c.rank))


def _option(action: Action, obs: Observation, locale: str, *, kept: bool = False) -> MoveOption:
    """One move as an option (``kept``: a discard of points names the cards it keeps too,
    to tell it from a sibling that says the same otherwise)."""
    cards = action.cards
    last = len(obs.trick) == SEATS - 1  # this play closes the trick: the play on top takes it
    shown = cards_text(cards, locale)
    if action.kind is ActionKind.MOLODKA:
        return MoveOption(
            action,
            "molodka",
            t("opt.molodka", locale, cards=shown),
            t("opt.molodka_desc", locale),
            _best(cards, obs),
        )
    if action.kind is ActionKind.BEAT:
        pairs = beat_pairing(cards, obs.top, obs.trump) or ()
        # the outcome first: what a player reads first
        outcome = t("opt.takes" if last else "opt.on_top", locale)
        if len(pairs) == 1:
            new, old = pairs[0]
            said = t("opt.pair", locale, new=_marked(new, obs, locale), old=card_text(old, locale))
        else:
            # "8♥ (trump) beats K♣, K♥ (trump) beats 10♣, A♥ (trump) beats A♣" took three
            # lines of a phone's menu: each pair shorter, the trumps counted once
            said = ", ".join(
                t("opt.pair_short", locale, new=card_text(n, locale), old=card_text(o, locale))
                for n, o in pairs
            )
            if trumps := _trumps(cards, obs):
                said += t("opt.trumps_in", locale, n=trumps)
        desc = t("opt.beat_desc", locale, pairs=said, outcome=outcome)
        return MoveOption(
            action,
            "beat",
            t("opt.beat", locale, cards=shown),
            desc,
            pairs[0][0] if pairs else _best(cards, obs),
        )
    if action.kind is ActionKind.DISCARD:
        # A trump thrown away is named where there is room for it on a phone's line: in
        # the label of a discard of one or two cards ("Discard 10♣ (trump)", "Discard 8♥
        # Q♥ (2 trumps)"), at the start of the description of three or four, which keep
        # one card or none ("2 trumps · puts 11 points in · keeps 10♥"): "Сбросить: 10♣
        # 10♥ 10♦ (2 козыря)" was cut, as "(trump)" after each of several trumps was.
        trumps = _trumps(cards, obs)
        if len(cards) == 1:
            shown = _marked(cards[0], obs, locale)
        elif trumps and len(cards) <= LABEL_TRUMPS:
            shown += t("opt.trumps_in", locale, n=trumps)
        label = t("opt.discard", locale, cards=shown)
        if last and obs.seat is not None:
            # the last play: whose the points become ("Puts 10 points into the trick" did
            # not say); what stays in the hand would not fit beside it on a phone
            key = "opt.discard_desc_ours" if _ours(obs) else "opt.discard_desc_foes"
            desc = t(key, locale, points=_points(cards))
        else:  # the trick stays open after it: who takes it is not known yet
            # points thrown in say who is winning the trick for now, in place of the
            # cards kept (both took two lines of a phone's menu in 2 of 5 discards)
            points = _points(cards)
            desc = t(
                "opt.discard_desc",
                locale,
                points=points,
                side=_winning(obs, locale) if points else "",
                kept=_kept(action, obs, locale) if kept or not points else "",
            )
        if trumps and len(cards) > LABEL_TRUMPS:
            desc = t("opt.trumps_first", locale, n=trumps, rest=desc)
        return MoveOption(action, "discard", label, desc, _best(cards, obs))
    molodka = is_molodka(action)
    return MoveOption(
        action,
        "molodka" if molodka else "lead",
        t("opt.lead_molodka" if molodka else "opt.lead", locale, cards=shown),
        t(
            "opt.lead_molodka_desc" if molodka else "opt.lead_desc",
            locale,
            n=len(cards),
            points=_points(cards),
            trump="yes" if cards[0].suit is obs.trump else "no",
            kept=_kept(action, obs, locale),
        ),
        _best(cards, obs),
    )


def _ours(obs: Observation) -> bool:
    """The trick is the seat's team's for now: its partner's play is on top."""
    return obs.seat is not None and team_of(obs.top_seat) == team_of(obs.seat)


def _winning(obs: Observation, locale: str) -> str:
    """Whose points a discard's become if no one beats later: "puts 11 points in" alone
    did not say whether that was the partner's trick or an opponent's."""
    return t("opt.now_ours" if _ours(obs) else "opt.now_foes", locale)


_GROUP_ORDER = {"molodka": 0, "beat": 1, "discard": 2, "lead": 3}


def _order(o: MoveOption, obs: Observation) -> tuple[int, int, int, int, tuple[int, ...]]:
    cards = o.action.cards
    size = len(cards) if o.group == "lead" else 0
    return (
        _GROUP_ORDER[o.group],
        size,
        _trumps(cards, obs),
        _points(cards),
        tuple(c.index for c in cards),
    )


def move_options(obs: Observation, locale: str) -> list[MoveOption]:
    """The seat's legal moves as options, grouped by intent, at most :data:`MAX_OPTIONS`.

    With four cards a hand has at most 16 moves, so all fit; if a variant ever had more,
    the order keeps the molodka, the beats and the cheapest discards or smallest leads.
    """
    options = [_option(a, obs, locale) for a in obs.legal_actions]
    said = Counter(o.description for o in options)
    # two discards of equal points ("puts 11 points in"): each says what it keeps too
    options = [
        _option(o.action, obs, locale, kept=True) if said[o.description] > 1 else o for o in options
    ]
    options.sort(key=lambda o: _order(o, obs))
    return options[:MAX_OPTIONS]


def status_line(obs: Observation, locale: str) -> str | None:
    """What the seat must do now, advising only moves it has; None if it has none."""
    kinds = {a.kind for a in obs.legal_actions}
    if obs.my_turn and obs.lead_seat is None:
        most = max((len(a.cards) for a in obs.legal_actions), default=1)
        line = t("board.your_lead", locale, max=most)
        if any(is_molodka(a) for a in obs.legal_actions):
            line += " " + t("board.lead_molodka", locale)
        return line
    molodka = t("hand.molodka_possible", locale) if ActionKind.MOLODKA in kinds else None
    if obs.my_turn:
        top = CARD_EMOJIS.inline(obs.top, locale)  # a line of the board, not an option
        key = "board.your_answer" if ActionKind.BEAT in kinds else "board.no_beat"
        line = t(key, locale, k=obs.k, top=top)
        return f"{line}\n{molodka}" if molodka else line
    return molodka
