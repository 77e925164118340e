"""Hand-built positions for the rule tests."""

from __future__ import annotations

import random

import pytest

from kozel_discord.engine import (
    CARDS,
    SERIES_TARGET,
    Action,
    Card,
    Game,
    IllegalActionError,
    Reason,
    Series,
    cards,
    derived_seeds,
    to_snapshot,
)

# A plain first trick, trump hearts, seat 0 leads; nobody holds a molodka.
PLAIN = ["8c Jc 6d 7d", "10c 7h 6s 9s", "Kc 8d 9d Jd", "Qs Ks As 7c"]
# Seat 3 holds four spades: a molodka (§5).
MOLODKA_3 = ["8c Jc 6d 7d", "10c 7h 6s 9s", "Kc 8d 9d Jd", "Qs Ks As 10s"]
# The last trick of a game: one card in every hand, the stock empty.
LAST_TRICK = ["6c", "Ac", "7c", "8c"]


def position(
    hands: list[str],
    *,
    trump: str = "6h",
    leader: int = 0,
    dealer: int = 3,
    stock: str = "",
    pile_a: str | None = None,
    pile_b: str = "",
    tricks: tuple[int, int] = (0, 0),
) -> Game:
    """A game at the start of a trick. Cards named nowhere go to team A's pile
    (or are left out of the piles when ``pile_a`` is given, in which case every
    card must be placed somewhere)."""
    hs = [list(cards(h)) for h in hands]
    st = list(cards(stock))
    pb = list(cards(pile_b))
    named: list[Card] = [c for h in hs for c in h] + st + pb
    pa = [c for c in CARDS if c not in named] if pile_a is None else list(cards(pile_a))
    return Game.from_parts(
        dealer=dealer,
        first_leader=leader,
        hands=hs,
        stock=st,
        trump_card=cards(trump)[0],
        piles=[pa, pb],
        tricks=list(tricks),
    )


def series_with(game: Game, *, defeat_points: tuple[int, int] = (0, 0), eggs: int = 0) -> Series:
    """A series whose current game is ``game`` (for positions no seed would deal)."""
    s = Series.__new__(Series)
    s.seed = 0
    s._seed_source = derived_seeds(0)
    s.seeds = [0]
    s.target = SERIES_TARGET
    s.number = 1
    s.results = []
    s.defeat_points = list(defeat_points)
    s.eggs = eggs
    s.actions = []
    s.game_starts = [0]
    s.game = game
    return s


def play_randomly(series: Series, rng: random.Random, max_moves: int = 100_000) -> None:
    """Random legal play (molodka out of turn included) until the series ends."""
    for _ in range(max_moves):
        if series.over:
            return
        turn = series.turn
        assert turn is not None
        # Now and then let another seat declare a molodka out of turn.
        others = [s for s in range(4) if s != turn and series.legal_actions(s)]
        seat = rng.choice(others) if others and rng.random() < 0.5 else turn
        series.apply(seat, rng.choice(series.legal_actions(seat)))
    raise AssertionError("series did not end")


def first_game_played(seed: int) -> Series:
    """Series ``seed`` with its first game played out by random legal moves of the seat to
    play (the series stands at the end of game 1)."""
    s, rng = Series(seed), random.Random(seed)
    while not s.results:
        turn = s.turn
        assert turn is not None
        s.apply(turn, rng.choice(s.legal_actions(turn)))
    return s


def lead(*codes: str) -> Action:
    return Action.lead(*cards(" ".join(codes)))


def beat(*codes: str) -> Action:
    return Action.beat(*cards(" ".join(codes)))


def discard(*codes: str) -> Action:
    return Action.discard(*cards(" ".join(codes)))


def molodka(*codes: str) -> Action:
    return Action.molodka(*cards(" ".join(codes)))


def refused(game: Game, seat: int, action: Action) -> Reason:
    before = to_snapshot(series_with(game))
    with pytest.raises(IllegalActionError) as info:
        game.apply(seat, action)
    assert to_snapshot(series_with(game)) == before, "an illegal action changed the state"
    return info.value.reason


def hand(game: Game, seat: int) -> str:
    return " ".join(c.code for c in game.hands[seat])
