"""Named tests of docs/rules.md §7-§9 (test_rule_<section>_<rule>_...): scoring a game, a
series, what each player may know. §1-§3 are in test_rules_cards_and_deal.py, §4-§6 in
test_rules_tricks.py."""

from __future__ import annotations

import random

import pytest

from kozel_discord.engine import (
    CARDS,
    ActionKind,
    Game,
    IllegalActionError,
    Reason,
    Series,
    card,
    defeat_points_for,
    observe,
    score,
)

from .helpers import (
    LAST_TRICK,
    MOLODKA_3,
    beat,
    discard,
    lead,
    molodka,
    play_randomly,
    position,
    series_with,
)


# ---------------------------------------------------------------- §7 scoring a game
def test_rule_7_1_team_points_add_up_to_120() -> None:
    g = position(LAST_TRICK, tricks=(5, 3), pile_b="Jd Qd")
    for seat, act in ((0, lead("6c")), (1, beat("Ac")), (2, discard("7c")), (3, discard("8c"))):
        g.apply(seat, act)
    r = g.result()
    assert sum(r.card_points) == 120
    assert r.card_points[1] == 11 + 2 + 3


@pytest.mark.parametrize(
    ("points", "tricks", "expected"),
    [
        ((61, 59), (5, 4), (0, 2)),
        ((89, 31), (5, 4), (0, 2)),
        ((90, 30), (5, 4), (0, 4)),
        ((120, 0), (8, 1), (0, 4)),  # 0 points but one trick: 4
        ((120, 0), (9, 0), (0, 6)),  # no trick at all: 6
        ((0, 120), (0, 9), (6, 0)),
        ((45, 75), (4, 5), (2, 0)),
    ],
)
def test_rule_7_2_defeat_points_2_4_6(
    points: tuple[int, int], tricks: tuple[int, int], expected: tuple[int, int]
) -> None:
    dp, eggs = score(points, tricks)
    assert dp == expected and not eggs


def test_rule_7_2_team_with_zero_points_and_one_trick_gets_4() -> None:
    # Team B took one earlier trick of four blank cards and loses the last one.
    g = position(LAST_TRICK, tricks=(7, 1), pile_b="6d 7d 8d 9d")
    for seat, act in ((0, lead("6c")), (1, discard("Ac")), (2, discard("7c")), (3, discard("8c"))):
        g.apply(seat, act)
    r = g.result()
    assert r.card_points == (120, 0) and r.tricks == (8, 1)
    assert r.defeat_points == (0, 4) and r.winner == 0


def test_rule_7_2_team_without_a_trick_gets_6() -> None:
    g = position(LAST_TRICK, tricks=(8, 0))
    for seat, act in ((0, lead("6c")), (1, discard("Ac")), (2, discard("7c")), (3, discard("8c"))):
        g.apply(seat, act)
    r = g.result()
    assert r.tricks == (9, 0) and r.defeat_points == (0, 6)


def test_rule_7_2_boundaries() -> None:
    assert defeat_points_for(59, 3) == 2 and defeat_points_for(31, 3) == 2
    assert defeat_points_for(30, 3) == 4 and defeat_points_for(0, 1) == 4
    assert defeat_points_for(0, 0) == 6


def _eggs_position(dealer: int = 3) -> Game:
    """Last trick: team B takes 11 (Ac) and ends on 60; team A holds 60 already."""
    pool = [c for c in CARDS if c.code not in {"6c", "Ac", "7c", "8c"}]
    pile_a: list[str] = []
    total = 0
    for c in sorted(pool, key=lambda c: -c.points):
        if total + c.points <= 60:
            pile_a.append(c.code)
            total += c.points
    assert total == 60
    pile_b = [c.code for c in pool if c.code not in pile_a]
    return position(
        LAST_TRICK,
        tricks=(4, 4),
        pile_a=" ".join(pile_a),
        pile_b=" ".join(pile_b),
        dealer=dealer,
    )


def _play_last_trick(s: Series) -> None:
    for seat, act in ((0, lead("6c")), (1, beat("Ac")), (2, discard("7c")), (3, discard("8c"))):
        s.apply(seat, act)


def test_rule_7_3_eggs_60_60_no_defeat_points() -> None:
    s = series_with(_eggs_position(), defeat_points=(4, 2))
    _play_last_trick(s)
    r = s.results[-1]
    assert r.card_points == (60, 60) and r.eggs and r.defeat_points == (0, 0) and r.winner is None
    assert s.defeat_points == [4, 2] and s.eggs == 1
    assert score((60, 60), (4, 5)) == ((0, 0), True)


# ---------------------------------------------------------------- §8 a series
def test_rule_8_1_series_ends_at_12_defeat_points_goats() -> None:
    # Team A wins the last game; team B ends with 31 + 11 = 42 points: 2 defeat points.
    g = position(LAST_TRICK, tricks=(5, 3), pile_b="Ad 10d 10s")
    s = series_with(g, defeat_points=(6, 10))
    _play_last_trick(s)
    assert s.results[-1].defeat_points == (0, 2)
    assert s.over and s.turn is None and s.legal_actions(0) == []
    out = s.outcome()
    assert out is not None and out.goats == 1 and out.defeat_points == (6, 12)
    assert not out.goats_with_eggs and out.eggs == 0
    with pytest.raises(IllegalActionError) as info:
        s.apply(0, lead("6c"))
    assert info.value.reason is Reason.GAME_OVER


def test_rule_8_1_below_12_the_series_goes_on() -> None:
    g = position(LAST_TRICK, tricks=(5, 3), pile_b="Ad 10d 10s")
    s = series_with(g, defeat_points=(6, 9))
    _play_last_trick(s)
    assert not s.over and s.defeat_points == [6, 11] and s.number == 2


def test_rule_8_2_goats_with_eggs_and_the_egg_count() -> None:
    g = position(LAST_TRICK, tricks=(5, 3), pile_b="Ad 10d 10s")
    s = series_with(g, defeat_points=(10, 4), eggs=2)
    s.game.piles = [s.game.piles[1], s.game.piles[0]]  # now team A loses the game
    s.game.tricks = [3, 5]
    _play_last_trick(s)
    out = s.outcome()
    assert out is not None and out.goats == 0 and out.defeat_points[0] >= 12
    assert out.goats_with_eggs and out.eggs == 2


def test_rule_8_2_eggs_in_a_played_series_are_counted() -> None:
    found = 0
    for seed in range(400):
        s = Series(seed)
        play_randomly(s, random.Random(seed))
        out = s.outcome()
        assert out is not None
        eggs = sum(r.eggs for r in s.results)
        assert out.eggs == eggs and out.goats_with_eggs == (eggs > 0)
        assert max(out.defeat_points) >= 12 and out.defeat_points[out.goats] >= 12
        found += eggs > 0
        if found >= 2:
            break
    assert found >= 2, "random series with eggs exist among the first seeds"


# ---------------------------------------------------------------- §9 what a player may know
def test_rule_9_1_a_player_sees_own_hand_table_trump_and_counts() -> None:
    s = Series(3)
    seat = s.turn
    assert seat is not None
    view = observe(s, seat)
    assert view.hand == tuple(s.game.hands[seat])
    assert view.trump_card is s.game.trump_card and view.trump is s.game.trump
    assert view.stock_size == 20 and view.hand_sizes == (4, 4, 4, 4) and view.tricks == (0, 0)
    first = view.legal_actions[0]
    s.apply(seat, first)
    other = observe(s, (seat + 1) % 4)
    assert other.trick[0].cards == first.cards, "face-up cards are seen by everybody"


def test_rule_9_2_never_another_hand_the_stock_order_or_foreign_discards() -> None:
    s = Series(8)
    rng = random.Random(8)
    for _ in range(30):
        seat = s.turn
        assert seat is not None
        acts = s.legal_actions(seat)
        discards = [a for a in acts if a.kind is ActionKind.DISCARD]
        s.apply(seat, rng.choice(discards or acts))
    for seat in range(4):
        view = observe(s, seat)
        text = repr(view)
        for other in range(4):
            if other == seat:
                continue
            for c in s.game.hands[other]:
                assert repr(c) not in text, f"seat {seat} can see a card of seat {other}"
        for c in s.game.stock:
            if c is not s.game.trump_card:
                assert repr(c) not in text, "the stock's cards are hidden"
        own = {
            c for e in s.game.log if e.kind.value == "discard" and e.seat == seat for c in e.cards
        }
        assert set(view.my_discards) == own
        for e in view.log:
            if e.kind.value in ("discard", "draw") and e.seat != seat:
                assert e.cards == () and e.size > 0, "others' discards and draws stay face down"


def test_rule_9_3_pile_points_are_not_announced_during_a_game() -> None:
    s = Series(4)
    fields = set(observe(s, 0).__dataclass_fields__)
    assert not {f for f in fields if "point" in f and f != "defeat_points"}
    play_randomly(s, random.Random(4))
    view = observe(s, 0)
    assert view.results and all(sum(r.card_points) == 120 for r in view.results)


def test_rule_9_2_a_discard_sent_back_by_a_molodka_is_no_longer_face_down() -> None:
    g = position(MOLODKA_3)
    g.apply(0, lead("8c"))
    g.apply(1, discard("7h"))
    s = series_with(g)
    assert observe(s, 1).my_discards == (card("7h"),)
    s.apply(3, molodka("Qs", "Ks", "As", "10s"))
    view = observe(s, 1)
    assert card("7h") in view.hand and view.my_discards == ()
