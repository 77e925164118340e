"""The heuristic's rules of thumb, one position each."""

from __future__ import annotations

from kozel_discord.ai import HeuristicPlayer
from kozel_discord.engine import Action, cards, observe

from .helpers import position

H = HeuristicPlayer()


def test_gives_points_to_the_partners_trick() -> None:
    """Seat 3 plays last; its partner seat 1 has beaten with the trump Ace: the 10♣ goes in."""
    series = position(
        ["7s 8s", "Ah 6d", "9s 7d", "10c 6c"], "6h", leader=0, stock="", tricks=(3, 3)
    )
    series.apply(0, Action.lead(*cards("7s")))
    series.apply(1, Action.beat(*cards("Ah")))
    series.apply(2, Action.discard(*cards("9s")))
    assert H.choose(observe(series, 3)) == Action.discard(*cards("10c"))


def test_beats_cheaply_as_the_last_player() -> None:
    """An opponent's Q♠ with points in the trick: the K♠ beats it, not the trump."""
    series = position(["Qs 8d", "9c 7d", "10c 8c", "Ks 7h"], "6h", leader=0, stock="6c 7c 9d Jd")
    series.apply(0, Action.lead(*cards("Qs")))
    series.apply(1, Action.discard(*cards("9c")))
    series.apply(2, Action.discard(*cards("8c")))
    assert H.choose(observe(series, 3)) == Action.beat(*cards("Ks"))


def test_does_not_overtake_the_partners_secured_trick() -> None:
    """Partner's A♠ cannot be beaten (every trump has been seen): no beat, a cheap discard."""
    series = position(
        ["As 8d", "9c 6c", "Ks 7d", "Ah 10h"],
        "6h",
        leader=0,
        piles=("6h 7h 8h 9h Jh Qh Kh", ""),
        tricks=(3, 3),
    )
    # Every trump but A♥ and 10♥ lies face up in the piles, so seat 2 sees them gone.
    series.apply(0, Action.lead(*cards("As")))
    series.apply(1, Action.discard(*cards("6c")))
    action = H.choose(observe(series, 2))
    assert action.kind.value == "discard"


def test_discards_worthless_cards_to_the_opponents() -> None:
    """Nothing beats the opponent's trump lead: the 6♣ goes, not the A♦."""
    series = position(["Ah 8d", "Ad 6c", "9c 7d", "8c 7s"], "6h", leader=0, stock="6d 7c 9d Jd")
    series.apply(0, Action.lead(*cards("Ah")))
    assert H.choose(observe(series, 1)) == Action.discard(*cards("6c"))


def test_leads_a_molodka_and_cheap_cards_from_the_long_suit() -> None:
    mol = position(["6c 7c 8c Kc", "9s 6d 7d 8d", "9c 7s Js Qs", "Ad 9d Jd Qd"], "6h")
    assert H.choose(observe(mol, 0)) == Action.lead(*cards("6c 7c 8c Kc"))
    cheap = position(["6s 7s 10s Kh", "9c 6d 7d 8d", "9s 7c Jc Qc", "Ad 9d Jd Qd"], "6h")
    assert H.choose(observe(cheap, 0)) == Action.lead(*cards("6s 7s"))
