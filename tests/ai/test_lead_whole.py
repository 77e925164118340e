"""Whole-suit leads (``policy.lead_whole``) and rollouts that lead and answer with given
policies: what the expert candidates (benchmarks/candidates.py) change in the strong
player's search."""

from __future__ import annotations

from kozel_discord.ai import policy
from kozel_discord.ai.fastsim import LeadPolicy, SimState, rollout
from kozel_discord.ai.intcards import ALL_MASK, BIT
from kozel_discord.engine import cards

HEARTS = cards("6h")[0].index // 9  # the trump suit of these tests


def ints(text: str) -> list[int]:
    return sorted(c.index for c in cards(text))


def unseen_for(hand: list[int]) -> int:
    m = ALL_MASK
    for c in hand:
        m &= ~BIT[c]
    return m


def test_lead_whole_leads_every_card_of_the_longest_plain_suit() -> None:
    hand = ints("7s Ks 9c 10h")
    trump = HEARTS
    unseen = unseen_for(hand)
    assert policy.lead(hand, trump, 12, unseen) == tuple(ints("7s"))  # the heuristic: 0 points
    assert policy.lead_whole(hand, trump, 12, unseen) == tuple(ints("7s Ks"))


def test_lead_whole_keeps_a_molodka_a_sure_cash_and_a_trump_only_hand() -> None:
    trump = HEARTS
    molodka = ints("6c 8c Jc Ac")
    assert policy.lead_whole(molodka, trump, 12, unseen_for(molodka)) == tuple(molodka)
    # A♠ and 10♠ can only be beaten by trumps, and no trump is unseen: cash them.
    sure = ints("10s As 7c 8d")
    unseen = unseen_for(sure) & ~sum(BIT[c] for c in range(36) if c // 9 == trump)
    assert policy.lead_whole(sure, trump, 12, unseen) == tuple(ints("10s As"))
    trumps = ints("7h 9h")
    assert policy.lead_whole(trumps, trump, 0, unseen_for(trumps)) == policy.lead(
        trumps, trump, 0, unseen_for(trumps)
    )


def start() -> SimState:
    """Four hands of four, an empty stock, hearts trumps, the first seat to lead."""
    return SimState(
        trump=HEARTS,
        hands=[
            ints("7s Ks 9c 10h"),
            ints("6c Jd Qd 8h"),
            ints("6s 8s 9s Ad"),
            ints("7c 8c 10c Qh"),
        ],
        stock=[],
        pts=[0, 0],
        tricks=[0, 0],
        turn=0,
        opener=0,
        top=(),
        top_seat=0,
        trick=[],
        trick_pts=0,
        seen=0,
    )


def test_rollouts_lead_as_they_are_told() -> None:
    """The same start rolled out with each lead policy: both play the game to its end,
    each trick opened by the policy it was given."""
    for lead, first in ((policy.lead, "7s"), (policy.lead_whole, "7s Ks")):
        leads: list[tuple[int, ...]] = []

        def recorded(
            hand: list[int],
            trump: int,
            stock_n: int,
            unseen: int,
            lead: LeadPolicy = lead,
            leads: list[tuple[int, ...]] = leads,
        ) -> tuple[int, ...]:
            cs = lead(hand, trump, stock_n, unseen)
            leads.append(cs)
            return cs

        st = start()
        rollout(st, recorded)
        assert leads[0] == tuple(ints(first))
        assert not any(st.hands)
        assert sum(st.pts) == sum(
            c.points for c in cards("7s Ks 9c 10h 6c Jd Qd 8h 6s 8s 9s Ad 7c 8c 10c Qh")
        )


def test_rollouts_answer_as_they_are_told() -> None:
    """A follow policy that always discards its cheapest cards: no trick is ever beaten, so
    every trick goes to its leader, the first seat, which leads all game long."""
    st = start()
    answers: list[int] = []

    def never_beat(
        hand: list[int],
        me: int,
        trump: int,
        top: tuple[int, ...],
        top_seat: int,
        n_played: int,
        trick_pts: int,
        stock_n: int,
        unseen: int,
    ) -> tuple[bool, tuple[int, ...]]:
        answers.append(me)
        return False, policy.junk(hand, len(top), trump, unseen)

    rollout(st, policy.lead, never_beat)
    assert not any(st.hands)
    assert st.tricks == [len(answers) // 3, 0]
    assert set(answers) == {1, 2, 3}
    assert st.pts[1] == 0
