"""Named tests of docs/rules.md §1-§3 (test_rule_<section>_<rule>_...): the table, the deck
and the cards, dealing and the trump, comparing cards. §4-§6 are in test_rules_tricks.py,
§7-§9 in test_rules_scoring_and_knowledge.py."""

from __future__ import annotations

import random
from collections import Counter

from kozel_discord.engine import CARDS, DECK_POINTS, Game, Rank, Series, Suit, card, cards, team_of

from .helpers import PLAIN, beat, discard, lead, play_randomly, position

H = Suit.HEARTS


# ---------------------------------------------------------------- §1 table, deck, cards
def test_rule_1_1_partners_sit_opposite_in_two_teams() -> None:
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    g = position(PLAIN)
    g.apply(0, lead("8c"))
    g.apply(1, discard("6s"))
    g.apply(2, beat("Kc"))  # seat 2 takes: the cards go to team A (seats 0 and 2)
    g.apply(3, discard("7c"))
    assert g.tricks == [1, 0]
    assert {c.code for c in cards("8c 6s Kc 7c")} <= {c.code for c in g.piles[0]}


def test_rule_1_2_deck_of_36_cards_four_suits_nine_ranks() -> None:
    assert len(CARDS) == 36
    assert len({c.code for c in CARDS}) == 36
    assert Counter(c.suit for c in CARDS) == {s: 9 for s in Suit}
    assert sorted({c.rank.label for c in CARDS}) == sorted(
        ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
    )


def test_rule_1_3_order_within_a_suit_ten_above_king() -> None:
    order = [c.rank.label for c in sorted((c for c in CARDS if c.suit is H), key=lambda c: c.rank)]
    assert order == ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
    assert card("10s").beats(card("Ks"), H)
    assert not card("Ks").beats(card("10s"), H)
    assert card("As").beats(card("10s"), H)


def test_rule_1_4_card_points_and_120_in_the_deck() -> None:
    pts = {r.label: r.points for r in Rank}
    assert pts == {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
    assert DECK_POINTS == 120 == sum(c.points for c in CARDS)


# ---------------------------------------------------------------- §2 dealing and trump
class _Unshuffled(random.Random):
    """An injected RNG that leaves the deck in order and picks a fixed stock position."""

    def __init__(self, pick: int) -> None:
        super().__init__(0)
        self.pick = pick

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        return None

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (5, 14)
        return self.pick


def test_rule_2_1_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    g = Game.deal(_Unshuffled(7), dealer=2, leader=3)
    deck = list(CARDS)
    # Seat 3 (left of dealer 2) gets cards 0, 4, 8, 12; the dealer gets 3, 7, 11, 15.
    assert g.hands[3] == [deck[0], deck[4], deck[8], deck[12]]
    assert g.hands[0] == [deck[1], deck[5], deck[9], deck[13]]
    assert g.hands[1] == [deck[2], deck[6], deck[10], deck[14]]
    assert g.hands[2] == [deck[3], deck[7], deck[11], deck[15]]
    assert g.stock == deck[16:] and len(g.stock) == 20


def test_rule_2_2_trump_card_from_the_middle_of_the_stock_stays_there() -> None:
    g = Game.deal(_Unshuffled(9), dealer=0, leader=1)
    assert g.trump_card is g.stock[9]
    assert g.trump is g.trump_card.suit
    positions = set()
    for seed in range(300):
        g = Game.deal(random.Random(seed), dealer=seed % 4, leader=(seed + 1) % 4)
        pos = g.stock.index(g.trump_card)
        assert 5 <= pos <= 14, "the shown card comes from the middle of the stock"
        positions.add(pos)
    assert len(positions) == 10, "every middle position can be chosen"


def test_rule_2_2_trump_card_is_drawn_like_any_other_card() -> None:
    s = Series(11)
    trump_card = s.game.trump_card
    rng = random.Random(2)
    while s.game.stock:
        seat = s.game.turn
        assert seat is not None
        s.apply(seat, rng.choice(s.game.legal_actions(seat)))
    g = s.game
    assert trump_card not in g.stock
    assert (
        any(trump_card in h for h in g.hands)
        or any(trump_card in p for p in g.piles)
        or any(trump_card in p.cards for p in g.plays)
    )


def test_rule_2_3_first_dealer_random_and_the_player_to_the_left_leads() -> None:
    dealers = set()
    for seed in range(40):
        s = Series(seed)
        dealers.add(s.game.dealer)
        assert s.game.first_leader == (s.game.dealer + 1) % 4
        assert s.turn == s.game.first_leader
    assert dealers == {0, 1, 2, 3}


def test_rule_2_3_later_games_deal_passes_and_last_taker_leads() -> None:
    s = Series(5)
    play_randomly(s, random.Random(5))
    assert len(s.results) >= 2
    for prev, nxt in zip(s.results, s.results[1:], strict=False):
        assert nxt.dealer == (prev.dealer + 1) % 4
        assert nxt.first_leader == prev.last_trick_taker


# ---------------------------------------------------------------- §3 comparing cards
def test_rule_3_1_higher_card_of_the_same_suit_beats() -> None:
    assert card("9h").beats(card("7h"), H)
    assert card("10c").beats(card("Qc"), H)
    assert not card("7h").beats(card("9h"), H)
    assert not card("Qc").beats(card("Qc"), H)


def test_rule_3_2_any_trump_beats_any_non_trump() -> None:
    assert card("6h").beats(card("As"), H)
    assert not card("As").beats(card("6h"), H)
    for c in CARDS:
        if c.suit is not H:
            assert card("6h").beats(c, H)


def test_rule_3_3_different_non_trump_suits_cannot_be_compared() -> None:
    assert not card("As").beats(card("10d"), H)
    assert not card("10d").beats(card("As"), H)
