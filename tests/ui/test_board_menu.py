"""The private board's move menu: one select of every legal move, grouped by intent, each
option saying what it does differently and fitting a phone; the menu right under the
picture; a single legal move is one button."""

from __future__ import annotations

import functools
import random
from collections import defaultdict

import pytest

from gallery.richtext import Names, Style, inline, layout
from kozel_discord.engine import HAND_SIZE, ActionKind, Series, card, observe, team_of
from kozel_discord.i18n import t
from kozel_discord.ui import board, moves
from kozel_discord.ui.emojis import card_text, cards_text
from tests.ui.board_helpers import POSITIONS, _components, _table

pytestmark = pytest.mark.usefixtures("_no_emojis")


def test_descriptions_are_distinct_among_siblings_and_say_what_each_does() -> None:
    checked = 0
    gives: dict[str, int] = defaultdict(int)
    for _series, obs in POSITIONS:
        options = moves.move_options(obs, "en-US")
        assert {o.action for o in options} == set(obs.legal_actions)
        groups: dict[str, list[moves.MoveOption]] = defaultdict(list)
        for o in options:
            groups[o.group].append(o)
            assert len(o.label) <= 100 and len(o.description) <= 100
            trumps = sum(1 for c in o.action.cards if c.suit is obs.trump)
            counted = f"{trumps}\u00a0trump{'s' * (trumps != 1)}"  # "1 trump", "2 trumps"
            if o.group == "discard":
                points = sum(c.points for c in o.action.cards)
                # trumps thrown away are named: "(trump)" after a single card, "(2 trumps)"
                # once after two ("(trump)" after each ran off a phone), the count first in
                # the description of three or four (their label has no room left)
                desc = o.description
                if len(o.action.cards) == 1:
                    assert o.label.endswith(" (trump)") == bool(trumps), o.label
                elif len(o.action.cards) == 2:
                    assert o.label.endswith(f" ({counted})") == bool(trumps), o.label
                else:
                    assert "trump" not in o.label, o.label
                    assert desc.startswith(f"{counted}\u00a0· ") == bool(trumps), desc
                    desc = desc.removeprefix(f"{counted}\u00a0· ")
                assert "trump" not in desc, desc
                # the last play says whose the points become; an earlier one cannot know,
                # and says what stays in the hand instead (both do not fit a phone's line)
                left = len(obs.hand) - len(o.action.cards)
                start = "mid-trick"
                if len(obs.trick) == 3 and obs.seat is not None:
                    ours = team_of(obs.top_seat) == team_of(obs.seat)
                    start = "gives your team" if ours else "gives the opponents"
                    amount = f"{points}\u00a0point{'s' * (points != 1)}" if points else "nothing"
                    assert desc == f"{start} {amount}", desc
                else:
                    # where they go: "11 points · keeps …" read as points won, and "puts
                    # 11 points in" left a newcomer asking: in what?
                    said = f"{points}\u00a0point" if points else "worth nothing"
                    assert desc.startswith(said), desc
                    # and who is winning the trick those points go into, if any go in, in
                    # place of the cards kept (both took two lines of a phone's menu)
                    ours = team_of(obs.top_seat) == team_of(obs.seat)
                    side = "(partner winning)" if ours else "(opponent winning)"
                    assert (side in desc) == bool(points), desc
                    assert "(partner winning)" not in desc or ours, desc
                    keeps = "\u00a0· keeps\u00a0" in desc
                    short = o.description.split("\u00a0· keeps\u00a0")[0]
                    twin = any(  # a sibling that would read the same: then both keep
                        p is not o and p.description.split("\u00a0· keeps\u00a0")[0] == short
                        for p in options
                    )
                    assert keeps == bool(left and (not points or twin)), desc
                gives[start] += 1
            if o.group == "lead":
                # what stays in the hand, and nothing about it when nothing does
                left = len(obs.hand) - len(o.action.cards)
                assert ("\u00a0· keeps\u00a0" in o.description) == bool(left), o.description
            if o.group in ("discard", "lead"):
                assert "last" not in o.description, o.description
            if o.group == "beat":
                # which card beats which: "A♦ beats 7♦", "A♦ on 7♦, 6♠ on 9♦ (1 trump)"
                top = [card_text(c, "en-US") for c in obs.top]
                if len(o.action.cards) == 1:
                    assert f" beats\u00a0{top[0]}" in o.description, o.description
                else:
                    assert o.description.count(" on\u00a0") == len(top), o.description
                    assert o.description.endswith(f" ({counted})") == bool(trumps), o.description
                last = len(obs.trick) == 3
                # the outcome first: what a player reads first
                outcome = "takes the trick" if last else "winning so far"
                assert o.description.startswith(f"{outcome}\u00a0· "), o.description
        for name, group in groups.items():
            descriptions = [o.description for o in group]
            if name == "discard" and len(obs.trick) == 3:
                # the last play's discards say only whose the points become: two cards
                # worth the same read alike, and their labels name the cards
                assert len({o.label for o in group}) == len(group), group
                continue
            assert len(set(descriptions)) == len(descriptions), descriptions
            checked += len(group) > 1
        # grouped by intent: molodka, beats, discards, leads
        order = [o.group for o in options]
        rank = {"molodka": 0, "beat": 1, "discard": 2, "lead": 3}
        assert order == sorted(order, key=rank.__getitem__)
    assert checked > 100
    assert all(gives[k] for k in ("mid-trick", "gives your team", "gives the opponents")), gives


def test_a_molodka_is_called_a_molodka() -> None:
    seen = 0
    for _series, obs in POSITIONS:
        for o in moves.move_options(obs, "en-US"):
            four_of_a_suit = o.action.kind is ActionKind.MOLODKA or (
                o.action.kind is ActionKind.LEAD and len(o.action.cards) == HAND_SIZE
            )
            assert o.label.startswith("Molodka!") == four_of_a_suit, o.label
            seen += four_of_a_suit
    assert seen > 0


# What a phone shows of a menu line, measured as the gallery draws it (Noto Sans at 14 px,
# the client's font): the Russian "1 козырь, 10 очков · в руке 7♦ J♦ 6♥" touched the edge.
# A label longer than that is cut; a longer description goes on to a second line (the
# client wraps descriptions), which makes the menu longer: most keep to one.
PHONE_EDGE = 545.0  # px at 2x: "… · kee" (533) was drawn, "… · keep" (550) was not


@functools.cache
def _drawn_width(text: str, size: int = 14) -> float:
    return sum(p.width() for p in inline(text, Style(size=size), Names()))


def _lines(text: str) -> int:
    """How many lines a description takes in a phone's menu (the client wraps them)."""
    return len(layout(inline(text, Style(size=14), Names()), int(PHONE_EDGE), 14))


def _label_width(label: str) -> float:
    """A menu label as the gallery draws it: its card emoji, then the words at 16 px."""
    return _drawn_width(f"<:c:{10**18}> {label}", 16)


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_every_move_label_and_description_fits_a_phone(locale: str) -> None:
    assert _drawn_width("1 козырь, 10 очков · в руке 7♦ J♦ 6♥") < PHONE_EDGE  # touched it
    groups = ("lead", "discard", "molodka", "beat")
    shown: dict[str, set[str]] = {g: set() for g in groups}
    labels: dict[str, set[str]] = {g: set() for g in groups}
    for seed in range(60):
        series, rng = Series(seed), random.Random(seed)
        for _ in range(40):
            seat = series.turn
            if series.over or seat is None:
                break
            for o in moves.move_options(observe(series, seat), locale):
                shown[o.group].add(o.description)
                labels[o.group].add(o.label)
            series.apply(seat, rng.choice(series.legal_actions(seat)))
    for group in groups:
        assert shown[group] and labels[group], group
        # the longest ones (drawing thousands takes seconds; the width follows the length)
        widest = max(sorted(shown[group], key=len)[-150:], key=_drawn_width)
        if group in ("beat", "discard"):
            # which card beats which (several pairs), the points and the kept cards (the
            # Russian "во взятку 11 очков · в руке 10♣ 9♥ 10♥"): the client wraps them
            assert max(map(_lines, shown[group])) <= 2, group
        else:
            assert _drawn_width(widest) <= PHONE_EDGE, (group, widest, _drawn_width(widest))
        widest = max(sorted(labels[group], key=len)[-150:], key=_label_width)
        assert _label_width(widest) <= PHONE_EDGE, (group, widest, _label_width(widest))


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_widest_beats_and_discards_fit_a_phone(locale: str) -> None:
    # Rare in random play, drawn with the widest cards (tens): four cards beating a molodka
    # ("Побить: 10♦ + 10♥ + 10♥ + 10♥" was cut; its four pairs took four lines), two
    # trumps among two or four discarded ("Сбросить: 10♣ 10♥ 10♦ (2 козыря)" was cut).
    tens = [card(c) for c in ("10c", "10d", "10h", "10s")]
    four, two = cards_text(tens, locale), cards_text(tens[:2], locale)
    assert _label_width(t("opt.beat", locale, cards=four)) <= PHONE_EDGE
    two_trumps = two + t("opt.trumps_in", locale, n=2)
    assert _label_width(t("opt.discard", locale, cards=two_trumps)) <= PHONE_EDGE
    for n, most in ((3, 2), (4, 3)):  # lines: a molodka's four pairs may take a third
        pairs = ", ".join(t("opt.pair_short", locale, new=c, old=c) for c in four.split()[:n])
        pairs += t("opt.trumps_in", locale, n=n)
        for key in ("opt.takes", "opt.on_top"):
            desc = t("opt.beat_desc", locale, outcome=t(key, locale), pairs=pairs)
            assert _lines(desc) <= most, desc
    kept = t("opt.keeps", locale, cards=cards_text(tens[:1], locale))
    for rest in (
        # a discard of points says who is winning; two alike name the cards they keep too
        t("opt.discard_desc", locale, points=30, side=t("opt.now_foes", locale), kept=kept),
        t("opt.discard_desc", locale, points=30, side=t("opt.now_ours", locale), kept=kept),
        t("opt.discard_desc_foes", locale, points=33),
        t("opt.discard_desc_ours", locale, points=33),
    ):
        desc = t("opt.trumps_first", locale, n=3, rest=rest)
        assert _lines(desc) <= 2, desc


def test_the_move_menu_comes_right_under_the_picture() -> None:
    # The words below the picture (partner, trump, the trick, your cards) repeat it, and on
    # a phone they pushed the move menu below the fold: the menu first, then small print.
    checked = 0
    for series, obs in POSITIONS:
        if not (obs.my_turn and obs.legal_actions):
            continue
        view = board.board_view(_table(series), obs, 1, "en-US")
        (box,) = view.to_components()  # type: ignore[no-untyped-call]
        components = box["components"]
        kinds = [c["type"] for c in components]
        if len(obs.legal_actions) == 1:  # one move: a button, no menu
            assert kinds == [10, 12, 1, 10], kinds
            continue
        assert kinds == [10, 12, 1, 1, 10], kinds  # text, picture, menu, buttons, words
        assert components[2]["components"][0]["type"] == 3  # the select menu
        small = components[-1]["content"].splitlines()
        assert all(line.startswith("-# ") for line in small), small
        assert any("Your cards" in line for line in small)
        checked += 1
    assert checked > 20


def test_a_single_legal_move_is_one_button() -> None:
    # A menu of one option ("Discard 10♤") took two taps; every game ends with such moves.
    template = board.PlayButton.__discord_ui_compiled_template__
    checked = 0
    for seed in range(6):
        series, rng = Series(seed), random.Random(seed)
        while not series.over and series.turn is not None:
            seat = series.turn
            obs = observe(series, seat)
            if len(obs.legal_actions) == 1:
                (only,) = obs.legal_actions
                table = _table(series)
                table.hints = True  # no hint for a move without a choice
                view = board.board_view(table, obs, 7, "en-US")
                parts = _components(view)
                assert not [c for c in parts if c.get("type") == 3], "no menu"
                ids = [c.get("custom_id") or "" for c in parts if c.get("type") == 2]
                cid = f"kozel:move:{table.table_id}:{seat}:7:{only.encode()}"
                assert cid in ids and not any(i.startswith("kozel:hint:") for i in ids)
                assert len(cid) <= 100 and template.fullmatch(cid)  # survives a restart
                (button,) = [c for c in parts if c.get("custom_id") == cid]
                assert button["label"] == moves.move_options(obs, "en-US")[0].label
                checked += 1
            series.apply(seat, rng.choice(series.legal_actions(seat)))
    assert checked > 10
