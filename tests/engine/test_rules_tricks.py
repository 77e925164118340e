"""Named tests of docs/rules.md §4-§6 (test_rule_<section>_<rule>_...): a trick, the molodka,
after a trick. §1-§3 are in test_rules_cards_and_deal.py, §7-§9 in
test_rules_scoring_and_knowledge.py."""

from __future__ import annotations

import pytest

from kozel_discord.engine import ActionKind, Reason, card, cards, observe

from .helpers import (
    LAST_TRICK,
    MOLODKA_3,
    PLAIN,
    beat,
    discard,
    hand,
    lead,
    molodka,
    position,
    refused,
    series_with,
)


# ---------------------------------------------------------------- §4 a trick
def test_rule_4_1_lead_one_or_more_cards_of_one_suit_fixes_k() -> None:
    g = position(PLAIN)
    g.apply(0, lead("6d", "7d"))
    assert g.k == 2 and g.lead_seat == 0 and g.turn == 1


def test_rule_4_1_mixed_suit_lead_is_refused() -> None:
    assert refused(position(PLAIN), 0, lead("8c", "6d")) is Reason.MIXED_SUIT_LEAD


def test_rule_4_1_only_the_player_whose_turn_it_is_leads() -> None:
    assert refused(position(PLAIN), 1, lead("10c")) is Reason.NOT_YOUR_TURN


def test_rule_4_1_legal_leads_are_every_one_suit_subset() -> None:
    g = position(PLAIN)
    leads = g.legal_actions(0)
    assert all(a.kind is ActionKind.LEAD for a in leads)
    # clubs {8c, Jc}: 3 subsets; diamonds {6d, 7d}: 3 subsets.
    assert len(leads) == 6 == len(set(leads))
    assert lead("8c", "Jc") in leads and lead("8c", "6d") not in leads


def test_rule_4_2_two_card_beat_with_a_suit_card_and_a_trump() -> None:
    g = position(PLAIN)
    g.apply(0, lead("8c", "Jc"))
    assert beat("10c", "7h") in g.legal_actions(1)
    g.apply(1, beat("10c", "7h"))
    assert g.top == tuple(cards("10c 7h")) and g.top_seat == 1


def test_rule_4_2_beat_fails_when_one_card_cannot_be_matched() -> None:
    g = position(["8c Ac 6d 7d", "9c Jc 6s 9s", "Kc 8d 9d Jd", "Qs Ks As 7c"])
    g.apply(0, lead("8c", "Ac"))
    # 9c and Jc each beat 8c, but neither beats Ac: no pairing works.
    assert refused(g, 1, beat("9c", "Jc")) is Reason.DOES_NOT_BEAT
    assert beat("9c", "Jc") not in g.legal_actions(1)


def test_rule_4_2_beat_must_beat_the_last_successful_beat() -> None:
    g = position(PLAIN)
    g.apply(0, lead("8c"))
    g.apply(1, beat("10c"))
    # Kc beats the lead 8c but not the 10c now on top.
    assert refused(g, 2, beat("Kc")) is Reason.DOES_NOT_BEAT


def test_rule_4_2_discard_even_when_able_to_beat_face_down() -> None:
    g = position(PLAIN)
    g.apply(0, lead("8c"))
    assert beat("10c") in g.legal_actions(1)
    g.apply(1, discard("10c"))
    assert g.top == (card("8c"),) and g.top_seat == 0
    for seat in (0, 2, 3):
        view = observe(series_with(g), seat)
        assert view.trick[1].cards == () and view.trick[1].count == 1
    assert observe(series_with(g), 1).trick[1].cards == (card("10c"),)


def test_rule_4_2_exactly_k_cards_must_be_played() -> None:
    g = position(PLAIN)
    g.apply(0, lead("6d", "7d"))
    assert refused(g, 1, discard("6s")) is Reason.WRONG_NUMBER_OF_CARDS
    assert refused(g, 1, beat("7h")) is Reason.WRONG_NUMBER_OF_CARDS


def test_rule_4_2_legal_responses_are_exactly_the_beats_and_discards() -> None:
    g = position(PLAIN)
    g.apply(0, lead("8c"))
    acts = g.legal_actions(1)
    assert set(acts) == {beat("10c"), beat("7h")} | {discard(c) for c in hand(g, 1).split()}


def test_rule_4_3_last_successful_beater_takes_all_cards_discards_included() -> None:
    g = position(PLAIN)
    g.apply(0, lead("8c"))
    g.apply(1, beat("10c"))
    g.apply(2, discard("8d"))
    g.apply(3, discard("7c"))
    assert g.tricks == [0, 1]
    assert set(cards("8c 10c 8d 7c")) <= set(g.piles[1])
    assert g.last_taker == 1


def test_rule_4_3_leader_takes_when_nobody_beats() -> None:
    g = position(PLAIN)
    g.apply(0, lead("Jc"))
    g.apply(1, discard("6s"))
    g.apply(2, discard("8d"))
    g.apply(3, discard("7c"))
    assert g.last_taker == 0 and g.tricks == [1, 0]


def test_rule_4_4_hands_stay_equal_so_every_lead_can_be_answered() -> None:
    g = position(PLAIN, stock="")
    g.apply(0, lead("6d", "7d"))
    assert all(len(g.hands[s]) == 4 for s in (1, 2, 3))
    g.hands[2].pop()  # break the invariant by hand: the engine must notice
    with pytest.raises(AssertionError):
        g.check_invariants()


# ---------------------------------------------------------------- §5 molodka
def test_rule_5_1_molodka_out_of_turn_after_two_players_have_played() -> None:
    g = position(MOLODKA_3)
    g.apply(0, lead("8c"))
    g.apply(1, beat("10c"))
    assert g.turn == 2
    assert molodka("Qs", "Ks", "As", "10s") in g.legal_actions(3)
    g.apply(3, molodka("Qs", "Ks", "As", "10s"))
    assert g.lead_seat == 3 and g.k == 4


def test_rule_5_1_molodka_before_the_fourth_player_has_played() -> None:
    g = position(MOLODKA_3)
    g.apply(0, lead("8c"))
    g.apply(1, discard("6s"))
    g.apply(2, discard("8d"))
    assert g.turn == 3  # the fourth player may still declare instead of answering
    g.apply(3, molodka("Qs", "Ks", "As", "10s"))
    assert g.lead_seat == 3 and len(g.plays) == 1


def test_rule_5_1_molodka_needs_exactly_four_cards_of_one_suit() -> None:
    g = position(PLAIN)
    g.apply(0, lead("8c"))
    assert all(a.kind is not ActionKind.MOLODKA for s in range(4) for a in g.legal_actions(s))
    assert refused(g, 3, molodka("Qs", "Ks", "As", "7c")) is Reason.MOLODKA_NOT_ALLOWED
    short = position(["8c Jc 6d", "10c 7h 6s", "Kc 8d 9d", "Qs Ks As"])
    short.apply(0, lead("8c"))
    assert not short.can_declare_molodka(3)


def test_rule_5_2_played_cards_go_back_and_molodka_becomes_the_lead() -> None:
    g = position(MOLODKA_3)
    g.apply(0, lead("8c", "Jc"))
    g.apply(1, beat("10c", "7h"))
    g.apply(3, molodka("Qs", "Ks", "As", "10s"))
    assert hand(g, 0) == "8c Jc 6d 7d"
    assert hand(g, 1) == "10c 7h 6s 9s"
    assert g.k == 4 and g.top == tuple(cards("Qs Ks 10s As")) and g.top_seat == 3
    assert g.turn == 0, "play continues clockwise from the molodka player"
    g.apply(0, discard("8c", "Jc", "6d", "7d"))
    g.apply(1, discard("10c", "7h", "6s", "9s"))
    g.apply(2, discard("Kc", "8d", "9d", "Jd"))
    assert g.last_taker == 3 and g.tricks == [0, 1]
    g.check_invariants()


TWO_MOLODKAS = ["8c Jc 6d 7d", "6s 7s 8s 9s", "Kc 8d 9d Jd", "Qs Ks As 10s"]


def test_rule_5_3_higher_priority_molodka_displaces_a_lower_one() -> None:
    g = position(TWO_MOLODKAS)
    g.apply(0, lead("8c"))
    g.apply(3, molodka("Qs", "Ks", "As", "10s"))  # seat 3: priority 3
    assert molodka("6s", "7s", "8s", "9s") in g.legal_actions(1)
    g.apply(1, molodka("6s", "7s", "8s", "9s"))  # seat 1: priority 1 displaces it
    assert g.lead_seat == 1 and hand(g, 3) == "Qs Ks 10s As" and hand(g, 0) == "8c Jc 6d 7d"
    assert g.turn == 2


def test_rule_5_3_lower_priority_cannot_displace_but_may_beat() -> None:
    g = position(TWO_MOLODKAS)
    g.apply(0, lead("8c"))
    g.apply(1, molodka("6s", "7s", "8s", "9s"))
    assert all(a.kind is not ActionKind.MOLODKA for a in g.legal_actions(3))
    assert refused(g, 3, molodka("Qs", "Ks", "As", "10s")) is Reason.MOLODKA_NOT_ALLOWED
    g.apply(2, discard("Kc", "8d", "9d", "Jd"))
    g.apply(3, beat("Qs", "Ks", "As", "10s"))
    g.apply(0, discard("8c", "Jc", "6d", "7d"))
    assert g.last_taker == 3


def test_rule_5_3_priority_counts_from_the_original_opener() -> None:
    # Seat 2 opens; seats 3 and 1 hold molodkas: seat 3 comes first clockwise from 2.
    g = position(["8c Jc 6d 7d", "6s 7s 8s 9s", "Kc 8d 9d Jd", "Qs Ks As 10s"], leader=2)
    g.apply(2, lead("Kc"))
    g.apply(1, molodka("6s", "7s", "8s", "9s"))
    assert g.lead_seat == 1
    g.apply(3, molodka("Qs", "Ks", "As", "10s"))  # priority 1 beats priority 3
    assert g.lead_seat == 3
    assert not g.can_declare_molodka(1)


def test_rule_5_4_the_leader_simply_leads_a_molodka() -> None:
    g = position(["6c 7c 8c 9c", "6s 7s 8s 9s", "Kc 8d 9d Jd", "Qs Ks As 10s"])
    acts = g.legal_actions(0)
    assert lead("6c", "7c", "8c", "9c") in acts
    assert all(a.kind is not ActionKind.MOLODKA for a in acts), "the same move is listed once"
    g.apply(0, molodka("6c", "7c", "8c", "9c"))  # declared as molodka: the same move as a lead
    assert g.plays[0].kind is ActionKind.LEAD and g.k == 4 and g.molodka_seat == 0
    assert not g.can_declare_molodka(1) and not g.can_declare_molodka(3), "the opener has priority"


# ---------------------------------------------------------------- §6 after a trick
def test_rule_6_1_draw_one_card_at_a_time_starting_with_the_taker() -> None:
    g = position(PLAIN, stock="Ah Kh Qh Jh 10h 9h 8h 6h")
    g.apply(0, lead("8c"))
    g.apply(1, discard("6s"))
    g.apply(2, beat("Kc"))
    g.apply(3, discard("7c"))
    assert card("Ah") in g.hands[2] and card("Kh") in g.hands[3]
    assert card("Qh") in g.hands[0] and card("Jh") in g.hands[1]
    assert [c.code for c in g.stock] == ["10h", "9h", "8h", "6h"]
    assert all(len(h) == 4 for h in g.hands)


def test_rule_6_1_stock_runs_out_in_the_middle_of_the_draw() -> None:
    g = position(PLAIN, stock="Ah Kh Qh Jh")
    g.apply(0, lead("6d", "7d"))
    g.apply(1, discard("6s", "9s"))
    g.apply(2, beat("8d", "9d"))
    g.apply(3, discard("Qs", "7c"))
    # Everyone needed two cards but the stock held four: one round, then it is empty.
    assert g.stock == []
    assert [len(h) for h in g.hands] == [3, 3, 3, 3]
    assert card("Ah") in g.hands[2] and card("Jh") in g.hands[1]


def test_rule_6_2_the_taker_leads_the_next_trick() -> None:
    g = position(PLAIN, stock="Ah Kh Qh Jh")
    g.apply(0, lead("8c"))
    g.apply(1, beat("10c"))
    g.apply(2, discard("8d"))
    g.apply(3, discard("7c"))
    assert g.turn == 1 and g.opener == 1 and g.lead_seat is None
    assert refused(g, 0, lead("Jc")) is Reason.NOT_YOUR_TURN


def test_rule_6_3_game_ends_when_stock_and_hands_are_empty() -> None:
    g = position(LAST_TRICK, tricks=(5, 3), pile_b="Jd")
    g.apply(0, lead("6c"))
    g.apply(1, beat("Ac"))
    g.apply(2, discard("7c"))
    assert not g.over
    g.apply(3, discard("8c"))
    assert g.over and g.turn is None and g.legal_actions(0) == []
    assert refused(g, 0, lead("6c")) is Reason.GAME_OVER


def test_rule_6_3_last_taker_leads_the_first_trick_of_the_next_game() -> None:
    g = position(LAST_TRICK, dealer=2, tricks=(5, 3), pile_b="Jd")
    s = series_with(g)
    s.apply(0, lead("6c"))
    s.apply(1, beat("Ac"))
    s.apply(2, discard("7c"))
    result = s.apply(3, discard("8c"))
    assert result is not None and result.last_trick_taker == 1
    assert s.number == 2 and s.game.dealer == 3 and s.game.first_leader == 1 and s.turn == 1
