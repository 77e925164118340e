"""One game (deal): dealing, tricks, molodka, drawing and scoring (rules 2–7, docs/rules.md).

:class:`Game` is mutable but every change goes through :meth:`Game.apply`, which
validates the whole action first and so leaves the state untouched when it
raises. Randomness comes only from the ``random.Random`` handed to
:meth:`Game.deal`.
"""

from __future__ import annotations

import random
from itertools import combinations

from .actions import Action, ActionKind
from .cards import CARDS, Card, Suit
from .errors import IllegalActionError, Reason
from .events import EVENT_OF, Event, EventKind, Play
from .scoring import WIN_POINTS, GameResult, score
from .seats import HAND_SIZE, SEATS, team_of
from .validate import beats_all, validate_action

STOCK_AT_DEAL = 20
# 2.2 "from the middle of the stock": the shown trump card is at one of these positions of
# the 20-card stock (0 = top), neither among the five top nor the five bottom cards.
TRUMP_CARD_POSITIONS = range(5, STOCK_AT_DEAL - 5)


class Game:
    """The state of one deal."""

    __slots__ = (
        "_legal",
        "dealer",
        "first_leader",
        "hands",
        "k",
        "last_taker",
        "lead_seat",
        "log",
        "molodka_seat",
        "opener",
        "piles",
        "plays",
        "stock",
        "top",
        "top_seat",
        "tricks",
        "trump",
        "trump_card",
        "turn",
    )

    dealer: int
    first_leader: int
    trump_card: Card
    trump: Suit
    hands: list[list[Card]]
    stock: list[Card]  # stock[0] is the top of the stock
    piles: list[list[Card]]  # per team, every card of every trick taken
    tricks: list[int]  # tricks taken per team
    opener: int  # who opened (or is due to open) the current trick: 5.3 priority
    lead_seat: int | None  # whose cards are the lead now (the opener or a molodka)
    k: int  # size of the current trick, 0 before the lead
    plays: list[Play]  # plays since the current lead, the lead first
    top: tuple[Card, ...]  # the cards to beat (4.2)
    top_seat: int  # who laid ``top``: the taker if nobody beats again (4.3)
    molodka_seat: int | None  # the seat whose molodka is the lead of this trick
    turn: int | None  # whose turn (None once the game is over)
    last_taker: int | None
    log: list[Event]
    _legal: tuple[int, tuple[Action, ...]] | None  # the last legal_actions answer (a memo)

    @classmethod
    def deal(cls, rng: random.Random, dealer: int, leader: int) -> Game:
        """2: shuffle with ``rng``, deal 4 cards each from the dealer's left, show a trump."""
        deck = list(CARDS)
        rng.shuffle(deck)
        # 2.1: one card at a time, clockwise from seat dealer+1, four rounds.
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        pos = 0
        for _ in range(HAND_SIZE):
            for i in range(1, SEATS + 1):
                hands[(dealer + i) % SEATS].append(deck[pos])
                pos += 1
        stock = deck[pos:]
        # 2.2: a random card from the middle of the stock (neither of the five
        # top nor of the five bottom cards) is shown and stays where it was.
        first, last = TRUMP_CARD_POSITIONS[0], TRUMP_CARD_POSITIONS[-1]
        trump_card = stock[rng.randint(first, last)]
        return cls.from_parts(
            dealer=dealer,
            first_leader=leader,
            hands=hands,
            stock=stock,
            trump_card=trump_card,
            check=False,  # a fresh deal of the 36 cards is consistent by construction
        )

    @classmethod
    def from_parts(
        cls,
        *,
        dealer: int,
        first_leader: int,
        hands: list[list[Card]],
        stock: list[Card],
        trump_card: Card,
        piles: list[list[Card]] | None = None,
        tricks: list[int] | None = None,
        check: bool = True,
    ) -> Game:
        """Build a position at the start of a trick (used by deal, tests and tools)."""
        g = cls.__new__(cls)
        g.dealer = dealer
        g.first_leader = first_leader
        g.trump_card = trump_card
        g.trump = trump_card.suit
        g.hands = [sorted(h, key=_idx) for h in hands]
        g.stock = list(stock)
        g.piles = [list(p) for p in piles] if piles else [[], []]
        g.tricks = list(tricks) if tricks else [0, 0]
        g.opener = first_leader
        g.lead_seat = None
        g.k = 0
        g.plays = []
        g.top = ()
        g.top_seat = first_leader
        g.molodka_seat = None
        g.turn = first_leader
        g.last_taker = None
        g.log = []
        g._legal = None
        if check:
            g.check_invariants()
        return g

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.turn is None

    def check_invariants(self) -> None:
        """1.2 and 4.4: all 36 cards are somewhere exactly once; hands are equal in size."""
        seen = [c.index for h in self.hands for c in h]
        seen += [c.index for c in self.stock]
        seen += [c.index for p in self.piles for c in p]
        seen += [c.index for p in self.plays for c in p.cards]
        if len(seen) != len(CARDS) or len(set(seen)) != len(CARDS):
            raise AssertionError("the 36 cards are not all accounted for exactly once")
        played = {p.seat: len(p.cards) for p in self.plays}
        sizes = {len(h) + played.get(s, 0) for s, h in enumerate(self.hands)}
        if len(sizes) != 1:
            raise AssertionError(f"hands are of unequal size: {[len(h) for h in self.hands]}")

    def _priority(self, seat: int) -> int:
        """5.3: 0 for the opener of the trick, then clockwise."""
        return (seat - self.opener) % SEATS

    def can_declare_molodka(self, seat: int) -> bool:
        """5: may ``seat`` lay a molodka now (other than as the ordinary lead)?"""
        hand = self.hands[seat]
        if len(hand) != HAND_SIZE or self.turn is None:
            return False
        suit = hand[0].suit
        if any(c.suit is not suit for c in hand):
            return False
        if self.lead_seat is None and seat == self.turn:
            return False  # 5.4: the ordinary leader simply leads the four cards
        if self.molodka_seat is not None:
            # 5.3: only a player of higher priority displaces a molodka.
            return self._priority(seat) < self._priority(self.molodka_seat)
        return True

    def molodka_claimants(self) -> list[int]:
        """The seats that may declare a molodka now (5.1), in 5.3 priority order: the
        opener of the trick first, then clockwise. The ordinary leader who has not led yet
        is not among them: they simply lead the four cards (5.4)."""
        order = ((self.opener + i) % SEATS for i in range(SEATS))
        return [s for s in order if self.can_declare_molodka(s)]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, molodka out of turn included."""
        if self.turn is None or not 0 <= seat < SEATS:
            return []
        hand = self.hands[seat]
        out: list[Action] = []
        if seat == self.turn:
            if self.lead_seat is None:
                # The hand is sorted by suit, so each suit is one run of cards.
                lead = ActionKind.LEAD
                start = 0
                n_hand = len(hand)
                while start < n_hand:
                    suit = hand[start].suit
                    end = start + 1
                    while end < n_hand and hand[end].suit is suit:
                        end += 1
                    if end - start == 1:
                        out.append(Action(lead, (hand[start],)))
                    else:
                        group = hand[start:end]
                        for n in range(1, end - start + 1):
                            out += [Action(lead, combo) for combo in combinations(group, n)]
                    start = end
            else:
                top, trump = self.top, self.trump
                if self.k == 1:
                    t = top[0].index
                    beat, discard = ActionKind.BEAT, ActionKind.DISCARD
                    out = [Action(beat, (c,)) for c in hand if c._beats[trump][t]]
                    out += [Action(discard, (c,)) for c in hand]
                else:
                    subsets = list(combinations(hand, self.k))
                    for combo in subsets:
                        if beats_all(combo, top, trump):
                            out.append(Action(ActionKind.BEAT, combo))
                    for combo in subsets:
                        out.append(Action(ActionKind.DISCARD, combo))
        if len(hand) == HAND_SIZE and self.can_declare_molodka(seat):
            out.append(Action(ActionKind.MOLODKA, tuple(hand)))
        self._legal = (seat, tuple(out))
        return out

    # ------------------------------------------------------------------ actions
    def validate(self, seat: int, action: Action) -> Action:
        """Raise :class:`IllegalActionError` unless legal; return the normalised action."""
        memo = self._legal
        if memo is not None and memo[0] == seat and type(action) is Action and action in memo[1]:
            return action  # one of the moves just listed for this very position
        return validate_action(self, seat, action)

    def ends_with(self, seat: int, action: Action) -> bool:
        """Would this (valid) action be the last play of the game? True when it completes
        the last trick: nothing left in the stock and the fourth player's last cards."""
        return (
            not self.stock
            and len(self.plays) == SEATS - 1
            and action.kind is not ActionKind.MOLODKA
            and seat == self.turn
            and len(self.hands[seat]) == len(action.cards)
        )

    def apply(self, seat: int, action: Action) -> None:
        """Validate, then play; raises :class:`IllegalActionError`, changing nothing, if illegal."""
        action = self.validate(seat, action)
        self._do(seat, action)

    def _do(self, seat: int, action: Action) -> None:
        self._legal = None
        kind, played = action.kind, action.cards
        hand = self.hands[seat]
        if kind is ActionKind.MOLODKA and self.plays:
            # 5.2: every card already played to this trick goes back to its hand.
            for p in self.plays:
                back = self.hands[p.seat]
                back.extend(p.cards)
                back.sort(key=_idx)
            self.log.append(Event(EventKind.RETURN, seat))
            self.plays = []
        for c in played:
            hand.remove(c)
        if kind is ActionKind.LEAD or kind is ActionKind.MOLODKA:
            self.lead_seat = seat
            self.k = len(played)
            self.top = played
            self.top_seat = seat
            # 5.4: a leader's four of a suit is a molodka too (it holds top priority).
            self.molodka_seat = seat if kind is ActionKind.MOLODKA or self.k == HAND_SIZE else None
            self.plays = [Play(seat, kind, played)]
            self.log.append(Event(EVENT_OF[kind], seat, played, len(played)))
            self.turn = (seat + 1) % SEATS
            return
        if kind is ActionKind.BEAT:
            self.top = played
            self.top_seat = seat
        self.plays.append(Play(seat, kind, played))
        self.log.append(Event(EVENT_OF[kind], seat, played, len(played)))
        if len(self.plays) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        # 4.3: the last successful beater (or the leader) takes all 4·k cards.
        taker = self.top_seat
        team = team_of(taker)
        n = 0
        pile = self.piles[team]
        for p in self.plays:
            pile.extend(p.cards)
            n += len(p.cards)
        self.tricks[team] += 1
        self.log.append(Event(EventKind.TAKE, taker, (), n))
        self.plays = []
        self.lead_seat = None
        self.molodka_seat = None
        self.k = 0
        self.top = ()
        self.last_taker = taker
        # 6.1: draw one card at a time clockwise from the taker until all hold 4
        # or the stock is empty.
        stock, hands = self.stock, self.hands
        need = HAND_SIZE - len(hands[taker])
        m = min(len(stock), SEATS * need)
        if m:
            taken = stock[:m]
            del stock[:m]
            for i in range(SEATS):
                got = taken[i::SEATS]  # round-robin: the taker gets the 1st, 5th, ... card
                if got:
                    s = (taker + i) % SEATS
                    h = hands[s]
                    h.extend(got)
                    h.sort(key=_idx)
                    self.log.append(Event(EventKind.DRAW, s, tuple(got), len(got)))
        # 6.2 / 6.3: the taker leads next, unless everything is played out.
        if not stock and not hands[taker]:
            self.turn = None
        else:
            self.opener = taker
            self.top_seat = taker
            self.turn = taker

    def result(self) -> GameResult:
        """7: the scoring; only for a finished game."""
        if self.turn is not None or self.last_taker is None:
            raise IllegalActionError(Reason.BAD_ACTION, "the game is not over yet")
        pts = (sum(c.points for c in self.piles[0]), sum(c.points for c in self.piles[1]))
        tricks = (self.tricks[0], self.tricks[1])
        dp, eggs = score(pts, tricks)
        winner = None if eggs else (0 if pts[0] >= WIN_POINTS else 1)
        return GameResult(
            dealer=self.dealer,
            first_leader=self.first_leader,
            trump_card=self.trump_card,
            card_points=pts,
            tricks=tricks,
            defeat_points=dp,
            eggs=eggs,
            winner=winner,
            last_trick_taker=self.last_taker,
        )


def _idx(c: Card) -> int:
    return c.index


__all__ = ["STOCK_AT_DEAL", "TRUMP_CARD_POSITIONS", "Game"]
