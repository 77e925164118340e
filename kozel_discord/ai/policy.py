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

The numbers behind these ideas are the fields of :class:`Params`; a :class:`Policy`
plays with one set of them. The module's ``lead``, ``follow``, ``junk`` and ``gifts`` are
the heuristic's (the defaults) and ``lead_whole`` leads whole plain suits (``whole``);
the ``tuned`` candidate of ``benchmarks/candidates.py`` rolls out with the numbers that
``benchmarks/tune_policy.py`` found.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..engine import team_of
from .intcards import BEATERS, PTS, RANK, SUIT, SUIT_MASK, beats_all


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers of a policy (the defaults: the heuristic's)."""

    # What a card is worth keeping in the hand (higher = keep).
    trump_keep: float = 14.0  # a trump, before its rank
    trump_keep_rank: float = 1.5
    plain_keep_pts: float = 1.2
    plain_keep_rank: float = 0.3
    top_bonus: float = 2.0  # the top remaining card of its suit
    # Which cards go to a trick the partner surely takes.
    gift_pts: float = 2.0
    gift_keep: float = 0.5
    # What a beat costs.
    trump_base: float = 1.0
    trump_rank: float = 0.8
    plain_rank: float = 0.2
    plain_pts: float = 0.1
    # When to beat.
    after_discount: float = 0.9  # somebody may still take the trick away
    tempo: float = 5.0  # the lead and the first draw, while the stock lasts
    tempo_end: float = 1.0  # ... and once it is gone
    end_cost: float = 0.5  # trumps are cheaper once the stock is gone
    overtake_rich: float = 10.0  # the partner's trick worth this is overtaken with a sure beat
    sure_slack: float = 2.0  # a sure beat is played if trick + slack >= cost * mult
    sure_mult: float = 0.5
    cheap_keep: float = 0.0  # the second player does not trump a plain single worth less
    last_trump_min: float = 0.0  # the last player trumps only tricks worth at least this
    # Leads.
    cash_at: float = 10.0  # unbeatable cards worth this many points are led at once
    whole: bool = False  # lead every card of the longest plain suit


class Policy:
    """The heuristic's decisions with the numbers of ``params``."""

    __slots__ = ("p",)

    def __init__(self, params: Params | None = None) -> None:
        self.p = params or Params()

    def keep_value(self, c: int, trump: int, unseen: int) -> float:
        p = self.p
        if SUIT[c] == trump:
            return p.trump_keep + RANK[c] * p.trump_keep_rank + PTS[c] * 0.5
        v = PTS[c] * p.plain_keep_pts + RANK[c] * p.plain_keep_rank
        if not BEATERS[trump][c] & unseen & ~SUIT_MASK[trump]:
            v += p.top_bonus
        return v

    def junk(self, hand: list[int], k: int, trump: int, unseen: int) -> tuple[int, ...]:
        """The ``k`` cards least worth keeping."""
        ranked = sorted(hand, key=lambda c: (self.keep_value(c, trump, unseen), c))
        return tuple(sorted(ranked[:k]))

    def gifts(self, hand: list[int], k: int, trump: int, unseen: int) -> tuple[int, ...]:
        """``k`` cards for a trick the partner surely takes: points, but no trumps if avoidable."""
        p = self.p

        def give(c: int) -> tuple[float, int]:
            if SUIT[c] == trump:
                return (-100.0 + PTS[c] * 0.1 - RANK[c], c)
            return (PTS[c] * p.gift_pts - self.keep_value(c, trump, unseen) * p.gift_keep, c)

        ranked = sorted(hand, key=give, reverse=True)
        return tuple(sorted(ranked[:k]))

    def beat_cost(self, cs: tuple[int, ...], trump: int) -> float:
        p = self.p
        cost = 0.0
        for c in cs:
            if SUIT[c] == trump:
                cost += p.trump_base + RANK[c] * p.trump_rank
            else:
                cost += RANK[c] * p.plain_rank - PTS[c] * p.plain_pts  # below any trump
        return cost

    def follow(
        self,
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
        p = self.p
        k = len(top)
        after = 3 - n_played  # seats still to play after me
        cost = self.beat_cost
        if team_of(top_seat) == team_of(me):
            if after == 0 or all(not BEATERS[trump][c] & unseen for c in top):
                return False, self.gifts(hand, k, trump, unseen)
            # An opponent still plays: overtake only with a sure beat on a rich trick.
            if trick_pts >= p.overtake_rich:
                sure = [cs for cs in all_beats(hand, top, trump) if _all_safe(cs, trump, unseen)]
                if sure:
                    return True, min(sure, key=lambda cs: cost(cs, trump))
            return False, self.junk(hand, k, trump, unseen)
        options = all_beats(hand, top, trump)
        if not options:
            return False, self.junk(hand, k, trump, unseen)
        endgame = stock_n == 0
        cheap = n_played == 1 and k == 1 and trick_pts < p.cheap_keep
        if cheap and not endgame and SUIT[top[0]] != trump:
            # A cheap plain single led while the stock lasts: no trump for it.
            options = [cs for cs in options if SUIT[cs[0]] != trump]
            if not options:
                return False, self.gifts(hand, 1, trump, unseen)
        if after > 0:
            sure = [cs for cs in options if _all_safe(cs, trump, unseen)]
            if (
                sure
                and trick_pts + p.sure_slack >= min(cost(cs, trump) for cs in sure) * p.sure_mult
            ):
                return True, min(sure, key=lambda cs: cost(cs, trump))
        best = min(options, key=lambda cs: cost(cs, trump))
        if after == 0:  # the last word: the trick, the lead and the first draw
            if trick_pts < p.last_trump_min and not endgame and SUIT[best[0]] == trump:
                return False, self.junk(hand, k, trump, unseen)
            return True, best
        c = cost(best, trump)
        gain = trick_pts + sum(PTS[x] for x in best) + (p.tempo if not endgame else p.tempo_end)
        gain *= p.after_discount
        if endgame:
            c *= p.end_cost
        if gain >= c:
            return True, best
        return False, self.junk(hand, k, trump, unseen)

    def lead(self, hand: list[int], trump: int, stock_n: int, unseen: int) -> tuple[int, ...]:
        """Open a trick with cards of one suit."""
        p = self.p
        by_suit: dict[int, list[int]] = {}
        for c in hand:
            by_suit.setdefault(SUIT[c], []).append(c)
        if len(hand) == 4 and len(by_suit) == 1:
            return tuple(hand)  # a molodka: four cards of one suit take the whole table
        plain = [cs for s, cs in by_suit.items() if s != trump]
        # Unbeatable cards with points: cash them.
        best_sure: tuple[int, ...] = ()
        best_pts = 0
        for cs in by_suit.values():
            sure = tuple(c for c in cs if safe(c, trump, unseen))
            pts = sum(PTS[c] for c in sure)
            if sure and pts > best_pts:
                best_sure, best_pts = sure, pts
        if best_sure and (best_pts >= p.cash_at or (stock_n == 0 and not (p.whole and plain))):
            return best_sure
        if p.whole and plain:
            best = max(plain, key=lambda v: (len(v), -sum(PTS[c] for c in v), -v[0]))
            return tuple(sorted(best))
        # A plain Ace: 11 points that only a trump takes.
        aces = [c for c in hand if RANK[c] == 8 and SUIT[c] != trump]
        if aces:
            return (aces[0],)
        cheap = [[c for c in cs if PTS[c] == 0] for cs in plain]
        cheap = [cs for cs in cheap if cs]
        if cheap:
            cs = max(cheap, key=lambda cs: (len(cs), -min(RANK[c] for c in cs), cs[0]))
            return tuple(cs)
        # Everything left has points or is trump: lead the least valuable single card.
        c = min(hand, key=lambda c: (self.keep_value(c, trump, unseen), c))
        return (c,)


def safe(c: int, trump: int, unseen: int) -> bool:
    """No card this seat has not seen can beat ``c``."""
    return not BEATERS[trump][c] & unseen


def _all_safe(cs: tuple[int, ...], trump: int, unseen: int) -> bool:
    bt = BEATERS[trump]
    return all(not bt[c] & unseen for c in cs)


def all_beats(hand: list[int], top: tuple[int, ...], trump: int) -> list[tuple[int, ...]]:
    k = len(top)
    if k == 1:
        bt = BEATERS[trump][top[0]]
        return [(c,) for c in hand if bt >> c & 1]
    return [cs for cs in combinations(hand, k) if beats_all(cs, top, trump)]


HEURISTIC = Policy()
WHOLE = Policy(Params(whole=True))  # leads as the strong player does more often

lead = HEURISTIC.lead
follow = HEURISTIC.follow
junk = HEURISTIC.junk
gifts = HEURISTIC.gifts
lead_whole = WHOLE.lead


def molodka_pays(
    me: int, trump: int, molodka: tuple[int, ...], molodka_seat: int | None, unseen: int
) -> bool:
    """Declare a molodka unless the partner's molodka already leads this trick."""
    if molodka_seat is not None and team_of(molodka_seat) == team_of(me):
        return False
    del trump, molodka, unseen
    return True
