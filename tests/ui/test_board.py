"""The private board: one select of every legal move, grouped by intent, each option saying
what it does differently; advice only of moves that exist; team context; card emojis."""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from typing import Any

import discord
import pytest

from gallery.richtext import Names, Style, inline, layout
from kozel_discord.engine import (
    HAND_SIZE,
    ActionKind,
    Observation,
    Series,
    card,
    observe,
    team_of,
)
from kozel_discord.i18n import t
from kozel_discord.service import Seat, Table, TableStatus
from kozel_discord.ui import board, moves, pictures, table_message
from kozel_discord.ui.emojis import (
    CARD_EMOJIS,
    CardEmojis,
    card_text,
    cards_text,
    sync_card_emojis,
    versioned_name,
)


def _table(series: Series) -> Table:
    t = Table(
        table_id="0123456789ab",
        guild_id=1,
        channel_id=2,
        host_id=10,
        locale="en-US",
        turn_timeout=None,
        status=TableStatus.PLAYING,
        series=series,
    )
    t.seats = [Seat(user_id=10 + i, name=f"p{i}") for i in range(4)]
    return t


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out += _walk(c.get("components") or [])
    return out


def _components(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    return _walk(view.to_components())  # type: ignore[no-untyped-call]


def select_options(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    selects = [c for c in _components(view) if c.get("type") == 3]
    assert len(selects) <= 1
    return list(selects[0]["options"]) if selects else []


def _texts(view: discord.ui.LayoutView) -> list[str]:
    return [c["content"] for c in _components(view) if c.get("type") == 10]


def _positions(seeds: range, per_seed: int = 400) -> list[tuple[Series, Observation]]:
    """Observations of every seat over random play (answers, leads, molodkas)."""
    found: list[tuple[Series, Observation]] = []
    for seed in seeds:
        rng = random.Random(seed)
        series = Series(seed)
        for _ in range(per_seed):
            if series.over:
                break
            found += [(series, observe(series, i)) for i in range(4)]
            seat = series.turn
            assert seat is not None
            series.apply(seat, rng.choice(observe(series, seat).legal_actions))
    return found


POSITIONS = _positions(range(8))


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


def test_the_status_line_advises_only_moves_that_exist() -> None:
    for series, obs in POSITIONS:
        table = _table(series)
        line = board.first_line(table, obs, "en-US")
        kinds = {a.kind for a in obs.legal_actions}
        leading = obs.my_turn and obs.lead_seat is None
        assert ("Your lead" in line) == leading
        assert ("beat\u00a0" in line) == (obs.my_turn and ActionKind.BEAT in kinds), line
        no_beat = obs.my_turn and not leading and ActionKind.BEAT not in kinds
        # one card: nothing beats it; several: some may be beaten, not all of them (7♣ beats
        # the 6♣ of "6♣ Q♣ K♣": "nothing of yours beats" them was untrue)
        assert ("nothing of yours beats" in line) == (no_beat and obs.k == 1), line
        assert ("you cannot beat all of" in line) == (no_beat and obs.k > 1), line
        assert ("discard" in line) == (obs.my_turn and not leading)
        assert ("molodka" in line) == (
            ActionKind.MOLODKA in kinds or any(moves.is_molodka(a) for a in obs.legal_actions)
        ), line
        if not obs.my_turn and obs.turn is not None:
            role = "your partner" if obs.turn == (obs.seat or 0) ^ 2 else "opponent"
            assert f"Waiting for {role} " in line


def test_the_board_names_partner_and_opponents_and_keeps_to_the_limits() -> None:
    series, obs = POSITIONS[5]
    view = board.board_view(_table(series), obs, 3, "en-US")
    first, _rest = _texts(view)[0], _texts(view)[1]
    assert first == board.first_line(_table(series), obs, "en-US")
    me = obs.seat
    assert me is not None
    partner, foes = (me + 2) % 4, sorted([(me + 1) % 4, (me + 3) % 4])
    assert (
        f"Partner: <@{10 + partner}>\u00a0· opponents: <@{10 + foes[0]}>, <@{10 + foes[1]}>"
        in (_texts(view)[1])
    )
    assert view.total_children_count <= 40
    # computers are named without their level here (the table shows it): "Partner: @Boris ·
    # opponents: 🤖 Computer 2 (normal), 🤖 Computer 4 (normal)" took three lines on a phone
    bots = _table(series)
    for seat in foes:
        bots.seats[seat] = Seat(user_id=None, name=f"Computer {seat + 1}", level="heuristic")
    team_line = _texts(board.board_view(bots, obs, 3, "en-US"))[1]
    c = "🤖\u00a0Computer\u00a0"
    assert f"opponents: {c}{foes[0] + 1}, {c}{foes[1] + 1}" in team_line
    assert "(normal)" not in team_line
    # nor in the open trick's lines and the waiting line ("🤖 Computer 4 (normal) discards:
    # 🂠" wrapped on a phone): every computer, in every board of some random play
    seen = 0
    for s, o in POSITIONS:
        computers = _table(s)
        computers.seats = [
            Seat(user_id=None, name=f"Computer {i + 1}", level="heuristic") for i in range(4)
        ]
        text = "\n".join(_texts(board.board_view(computers, o, 3, "en-US")))
        assert "(normal)" not in text
        seen += len(o.trick) > 1 and "🤖\u00a0Computer" in text
    assert seen > 10
    gallery = [c for c in _components(view) if c.get("type") == 12]
    assert gallery[0]["items"][0]["media"]["url"] == "attachment://hand.png"
    for c in _components(view):
        assert len(str(c.get("custom_id", ""))) <= 100


def test_cards_are_colour_safe_text_without_emojis_and_emojis_with_them() -> None:
    series, obs = next((s, o) for s, o in POSITIONS if o.my_turn and len(o.legal_actions) > 3)
    table = _table(series)
    CARD_EMOJIS.clear()
    view = board.board_view(table, obs, 1, "en-US")
    assert all("emoji" not in o for o in select_options(view))
    text = "\n".join(_texts(view)) + "".join(o["label"] for o in select_options(view))
    assert "♠" not in text and "♣" not in text  # near-black on the dark theme
    fake = {
        pictures.emoji_name(c): discord.PartialEmoji(name=f"{pictures.emoji_name(c)}_abcdef", id=i)
        for i, c in enumerate(
            [*(o.card for o in moves.move_options(obs, "en-US")), *obs.hand], start=1000
        )
    }
    CARD_EMOJIS.set(fake)
    try:
        view = board.board_view(table, obs, 1, "en-US")
        options = select_options(view)
        assert all(int(o["emoji"]["id"]) >= 1000 for o in options)
        assert "Your cards:\u00a0<:kz_" in "\n".join(_texts(view))
    finally:
        CARD_EMOJIS.clear()


class _FakeEmoji:
    def __init__(self, client: _FakeClient, name: str, emoji_id: int) -> None:
        self.client, self.name, self.id = client, name, emoji_id

    async def delete(self) -> None:
        self.client.emojis.remove(self)
        self.client.deleted.append(self.name)


class _FakeClient:
    def __init__(self) -> None:
        self.emojis: list[_FakeEmoji] = []
        self.created: list[str] = []
        self.deleted: list[str] = []
        self.next_id = 1

    async def fetch_application_emojis(self) -> list[_FakeEmoji]:
        return list(self.emojis)

    async def create_application_emoji(self, *, name: str, image: bytes) -> _FakeEmoji:
        e = _FakeEmoji(self, name, self.next_id)
        self.next_id += 1
        self.emojis.append(e)
        self.created.append(name)
        return e


async def test_emoji_sync_is_idempotent_and_deletes_only_our_stale_emojis() -> None:
    client = _FakeClient()
    client.emojis.append(_FakeEmoji(client, "server_party", 900))  # not ours
    client.emojis.append(_FakeEmoji(client, "kz_10h_000000", 901))  # ours, stale
    into = CardEmojis()
    assert await sync_card_emojis(client, into) == 37
    first = {e.name: e.id for e in client.emojis}
    assert client.deleted == ["kz_10h_000000"] and "server_party" in first
    again = CardEmojis()
    assert await sync_card_emojis(client, again) == 0
    assert {e.name: e.id for e in client.emojis} == first  # ids kept
    back = again.of(None)
    assert back is not None and back.id == first[versioned_name(pictures.card_emojis()[-1])]
    assert all(versioned_name(i) in first for i in pictures.card_emojis())


@pytest.fixture(autouse=True)
def _no_emojis() -> None:
    CARD_EMOJIS.clear()


async def test_only_one_process_uploads_the_emojis_the_others_wait_for_them() -> None:
    """Two processes of one bot: the one without shard 0 never uploads (Discord would
    refuse the second upload of a name); it lists until the uploader's emojis are there."""
    client = _FakeClient()
    follower, leader = CardEmojis(), CardEmojis()
    listings = 0
    real_fetch = client.fetch_application_emojis

    async def fetch() -> list[_FakeEmoji]:
        nonlocal listings
        listings += 1
        if listings == 2:  # the uploading process runs between the follower's listings
            assert await sync_card_emojis(client, leader) == 37
        return await real_fetch()

    client.fetch_application_emojis = fetch  # type: ignore[method-assign]
    assert await sync_card_emojis(client, follower, upload=False, waits=(0.0, 0.0, 0.0)) == 0
    assert len(client.created) == 37 and client.deleted == []  # the leader's uploads only
    back = follower.of(None)
    assert back is not None and back == leader.of(None)


async def test_a_follower_without_the_uploader_keeps_text_cards() -> None:
    client = _FakeClient()
    into = CardEmojis()
    assert await sync_card_emojis(client, into, upload=False, waits=(0.0,)) == 0
    assert client.created == [] and into.of(None) is None


def test_who_wins_the_trick_is_said_once_the_lead_has_an_answer() -> None:
    # A lone lead wins so far: its line says who led what, and "Winning: …" with the same
    # cards again was one more line on a phone. From the second play on, it is said.
    for series, obs in POSITIONS:
        if obs.seat is None or not obs.trick:
            continue
        text = "\n".join(_texts(board.board_view(_table(series), obs, 1, "en-US")))
        assert ("Winning:" in text) == (len(obs.trick) > 1), text


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


def test_refresh_does_not_look_like_my_hand() -> None:
    # Both carried 🃏: "Refresh" on the board read as a second "My hand".
    series = Series(3)
    table = _table(series)
    buttons = _components(board.board_view(table, observe(series, 0), 1, "en-US"))
    refresh = [c for c in buttons if c.get("type") == 2 and c.get("label") == "Refresh"]
    assert len(refresh) == 1 and refresh[0]["emoji"]["name"] == "🔄"
    shown = _components(table_message.layout(table, observe(series, None), "en-US"))
    my_hand = [c for c in shown if c.get("type") == 2 and c.get("label") == "My hand"]
    assert len(my_hand) == 1 and my_hand[0]["emoji"]["name"] == "🃏"
