"""The heuristic's decisions on int cards: shared by the ``heuristic`` player and the rollouts.

A decision sees what a seat sees: its hand, the trump suit, the open trick
(face-up top cards, who is on top, how many have played, the face-up points in
it), the stock size and ``unseen`` — the cards this seat has not seen face up
and does not hold. It returns ``(beat, cards)`` for a follow or the cards of a lead.

The ideas, in order of importance:

* a trick the partner is winning and that nobody can take away gets points (10s,
  Aces, then K/Q/J of plain suits); otherwise the cheapest cards go;
* a trick the opponents are winning is beaten as cheaply as possible (a plain-suit
  beat before any trump, the lowest trump before a higher one); the last player
  always takes it when it can, earlier players weigh the trick's points and the
  lead against the cost of the cards (trumps are kept for valuable tricks, and
  spent more readily once the stock is empty);
* a beat the partner already has secured is not overtaken;
* leads: a molodka, then unbeatable cards with points, then a plain Ace, otherwise
  the worthless cards of the longest plain suit;
* a molodka is declared out of turn unless the partner's molodka already leads.
"""

from __future__ import annotations

from itertools import combinations

from ..engine import team_of
from .intcards import BEATERS, BIT, PTS, RANK, SUIT, beats_all

# What a card is worth keeping in the hand (higher = keep).
_TRUMP_KEEP = 14.0


def keep_value(c: int, trump: int, unseen: int) -> float:
    if SUIT[c] == trump:
        return _TRUMP_KEEP + RANK[c] * 1.5 + PTS[c] * 0.5
    v = PTS[c] * 1.2 + RANK[c] * 0.3
    if not BEATERS[trump][c] & unseen & ~_trump_mask(trump):
        v += 2.0  # the top remaining card of its suit
    return v


_TRUMP_MASKS = tuple(((1 << 9) - 1) << (9 * s) for s in range(4))


def _trump_mask(trump: int) -> int:
    return _TRUMP_MASKS[trump]


def safe(c: int, trump: int, unseen: int) -> bool:
    """No card this seat has not seen can beat ``c``."""
    return not BEATERS[trump][c] & unseen


def junk(hand: list[int], k: int, trump: int, unseen: int) -> tuple[int, ...]:
    """The ``k`` cards least worth keeping."""
    ranked = sorted(hand, key=lambda c: (keep_value(c, trump, unseen), c))
    return tuple(sorted(ranked[:k]))


def gifts(hand: list[int], k: int, trump: int, unseen: int) -> tuple[int, ...]:
    """``k`` cards for a trick the partner surely takes: points, but no trumps if avoidable."""

    def give(c: int) -> tuple[float, int]:
        if SUIT[c] == trump:
            return (-100.0 + PTS[c] * 0.1 - RANK[c], c)
        return (PTS[c] * 2.0 - keep_value(c, trump, unseen) * 0.5, c)

    ranked = sorted(hand, key=give, reverse=True)
    return tuple(sorted(ranked[:k]))


# Tunables (measured with benchmarks/ai_tournament.py).
TRUMP_BEAT_BASE = 1.0
TRUMP_BEAT_RANK = 0.8
AFTER_DISCOUNT = 0.9
TEMPO = 5.0


def beat_cost(cs: tuple[int, ...], trump: int) -> float:
    cost = 0.0
    for c in cs:
        if SUIT[c] == trump:
            cost += TRUMP_BEAT_BASE + RANK[c] * TRUMP_BEAT_RANK
        else:
            cost += RANK[c] * 0.2 - PTS[c] * 0.1  # at most 0.8: below any trump
    return cost


def all_beats(hand: list[int], top: tuple[int, ...], trump: int) -> list[tuple[int, ...]]:
    k = len(top)
    if k == 1:
        bt = BEATERS[trump][top[0]]
        return [(c,) for c in hand if bt >> c & 1]
    return [cs for cs in combinations(hand, k) if beats_all(cs, top, trump)]


def follow(
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
    """Answer a lead: ``(True, cards)`` to beat, ``(False, cards)`` to discard."""
    k = len(top)
    after = 3 - n_played  # seats still to play after me
    partner_on_top = team_of(top_seat) == team_of(me)
    top_safe = all(not BEATERS[trump][c] & unseen for c in top)
    if partner_on_top:
        if after == 0 or top_safe:
            return False, gifts(hand, k, trump, unseen)
        # An opponent still plays: overtake only with a sure beat on a rich trick.
        if trick_pts >= 10:
            sure = [
                cs for cs in all_beats(hand, top, trump) if all(safe(c, trump, unseen) for c in cs)
            ]
            if sure:
                return True, min(sure, key=lambda cs: beat_cost(cs, trump))
        return False, junk(hand, k, trump, unseen)

    options = all_beats(hand, top, trump)
    if not options:
        return False, junk(hand, k, trump, unseen)
    endgame = stock_n == 0
    if after > 0:
        sure = [cs for cs in options if all(safe(c, trump, unseen) for c in cs)]
        if sure and trick_pts + 2 >= min(beat_cost(cs, trump) for cs in sure) * 0.5:
            return True, min(sure, key=lambda cs: beat_cost(cs, trump))
    best = min(options, key=lambda cs: beat_cost(cs, trump))
    if after == 0:
        return True, best  # the last word: the trick, the lead and the first draw
    cost = beat_cost(best, trump)
    gain = trick_pts + sum(PTS[c] for c in best) + (TEMPO if not endgame else 1.0)
    gain *= AFTER_DISCOUNT  # somebody may still take it away
    if endgame:
        cost *= 0.5  # trumps are for this game only
    if gain >= cost:
        return True, best
    return False, junk(hand, k, trump, unseen)


def lead(hand: list[int], trump: int, stock_n: int, unseen: int) -> tuple[int, ...]:
    """Open a trick with cards of one suit."""
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(SUIT[c], []).append(c)
    if len(hand) == 4 and len(by_suit) == 1:
        return tuple(hand)  # a molodka: four cards of one suit take the whole table
    # Unbeatable cards with points: cash them.
    best_sure: tuple[int, ...] = ()
    best_pts = 0
    for cs in by_suit.values():
        sure = tuple(c for c in cs if safe(c, trump, unseen))
        p = sum(PTS[c] for c in sure)
        if sure and p > best_pts:
            best_sure, best_pts = sure, p
    if best_sure and (best_pts >= 10 or stock_n == 0):
        return best_sure
    # A plain Ace: 11 points that only a trump takes.
    aces = [c for c in hand if RANK[c] == 8 and SUIT[c] != trump]
    if aces:
        return (aces[0],)
    plain = [cs for s, cs in by_suit.items() if s != trump]
    cheap = [[c for c in cs if PTS[c] == 0] for cs in plain]
    cheap = [cs for cs in cheap if cs]
    if cheap:
        cs = max(cheap, key=lambda cs: (len(cs), -min(RANK[c] for c in cs), cs[0]))
        return tuple(cs)
    # Everything left has points or is trump: lead the least valuable single card.
    c = min(hand, key=lambda c: (keep_value(c, trump, unseen), c))
    return (c,)


def lead_whole(hand: list[int], trump: int, stock_n: int, unseen: int) -> tuple[int, ...]:
    """A lead as the strong player makes it more often than :func:`lead`: all the cards of
    the longest plain suit (fewest points on a tie), unless a molodka or unbeatable cards
    worth 10 or more lead; only trumps left: as :func:`lead`."""
    cs = lead(hand, trump, stock_n, unseen)
    if len(cs) == 4 and len(hand) == 4:
        return cs
    if sum(PTS[c] for c in cs) >= 10 and all(safe(c, trump, unseen) for c in cs):
        return cs
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        if SUIT[c] != trump:
            by_suit.setdefault(SUIT[c], []).append(c)
    if not by_suit:
        return cs
    best = max(by_suit.values(), key=lambda v: (len(v), -sum(PTS[c] for c in v), -v[0]))
    return tuple(sorted(best))


def molodka_pays(
    me: int, trump: int, molodka: tuple[int, ...], molodka_seat: int | None, unseen: int
) -> bool:
    """Declare a molodka unless the partner's molodka already leads this trick."""
    if molodka_seat is not None and team_of(molodka_seat) == team_of(me):
        return False
    del trump, molodka, unseen
    return True


def hand_mask(hand: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in hand:
        m |= BIT[c]
    return m
