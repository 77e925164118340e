"""One game (deal): dealing, tricks, molodka, drawing and scoring (rules 2–7, docs/rules.md).

:class:`Game` is mutable but every change goes through :meth:`Game.apply`, which
validates the whole action first and so leaves the state untouched when it
raises. Randomness comes only from the ``random.Random`` handed to
:meth:`Game.deal`.
"""

from __future__ import annotations

import random
from operator import attrgetter

from . import moves
from .actions import Action, ActionKind
from .cards import CARDS, Card, Suit
from .deal import STOCK_AT_DEAL, TRUMP_CARD_POSITIONS, deal_cards
from .errors import IllegalActionError, Reason
from .events import Event, EventKind, Play
from .log import RawEntry, best_trick, extend_log
from .scoring import WIN_POINTS, GameResult, score
from .seats import HAND_SIZE, SEATS
from .validate import validate_action

# Speed (issue 15): the hot paths compare kinds by identity, build tuples with the C-level
# tuple.__new__ instead of the NamedTuple constructors, and hand out prebuilt actions.
_LEAD, _BEAT, _DISCARD, _MOLODKA = (
    ActionKind.LEAD,
    ActionKind.BEAT,
    ActionKind.DISCARD,
    ActionKind.MOLODKA,
)
_EV_RETURN, _EV_TAKE = EventKind.RETURN, EventKind.TAKE
_new = tuple.__new__
_idx = attrgetter("index")
# The seats clockwise from each seat, that seat first (6.1: the order of drawing).
_CLOCKWISE = tuple(tuple((s + i) % SEATS for i in range(SEATS)) for s in range(SEATS))


class Game:
    """The state of one deal."""

    __slots__ = (
        "_legal",
        "_legal_seat",
        "_log",
        "_log_read",
        "_piles",
        "_raw_log",
        "_trick",
        "_trick_seat",
        "_unpiled",
        "dealer",
        "first_leader",
        "hands",
        "k",
        "last_taker",
        "lead_seat",
        "molodka_seat",
        "opener",
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
    _piles: list[list[Card]]  # per team, every card of every trick taken (see ``piles``) ...
    _unpiled: tuple[list[list[Action]], list[list[Action]]]  # ... but these tricks' cards
    tricks: list[int]  # tricks taken per team
    opener: int  # who opened (or is due to open) the current trick: 5.3 priority
    lead_seat: int | None  # whose cards are the lead now (the opener or a molodka)
    k: int  # size of the current trick, 0 before the lead
    top: tuple[Card, ...]  # the cards to beat (4.2)
    top_seat: int  # who laid ``top``: the taker if nobody beats again (4.3)
    molodka_seat: int | None  # the seat whose molodka is the lead of this trick
    turn: int | None  # whose turn (None once the game is over)
    last_taker: int | None
    # The plays since the current lead, the lead first (see ``plays``): their actions, and
    # the seat of the first; the others follow clockwise, each seat in turn (4.2).
    _trick: list[Action]
    _trick_seat: int
    _raw_log: list[RawEntry]  # the game log in raw form, appended by every move (.log)
    _log: list[Event]  # the Events of ``_raw_log`` built so far (see ``log``) ...
    _log_read: int  # ... from this many of its entries
    _legal: tuple[Action, ...] | None  # the last legal_actions answer (a memo) ...
    _legal_seat: int  # ... and the seat it was for

    @classmethod
    def deal(cls, rng: random.Random, dealer: int, leader: int) -> Game:
        """2: shuffle with ``rng``, deal 4 cards each from the dealer's left, show a trump."""
        hands, stock, trump_card = deal_cards(rng, dealer)
        # A fresh deal of the 36 cards is consistent by construction: no check.
        return cls._start(dealer, leader, hands, stock, trump_card, [[], []], [0, 0])

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
        g = cls._start(
            dealer,
            first_leader,
            [sorted(h, key=_idx) for h in hands],
            list(stock),
            trump_card,
            [list(p) for p in piles] if piles else [[], []],
            list(tricks) if tricks else [0, 0],
        )
        if check:
            g.check_invariants()
        return g

    @classmethod
    def _start(
        cls,
        dealer: int,
        leader: int,
        hands: list[list[Card]],
        stock: list[Card],
        trump_card: Card,
        piles: list[list[Card]],
        tricks: list[int],
    ) -> Game:
        """A position at the start of a trick led by ``leader``, from lists it may keep
        (hands sorted by card index)."""
        g = object.__new__(cls)
        g.dealer = dealer
        g.first_leader = leader
        g.trump_card = trump_card
        g.trump = trump_card.suit
        g.hands = hands
        g.stock = stock
        g._piles = piles
        g._unpiled = ([], [])
        g.tricks = tricks
        g.opener = leader
        g.lead_seat = None
        g.k = 0
        g._trick = []
        g._trick_seat = leader
        g.top = ()
        g.top_seat = leader
        g.molodka_seat = None
        g.turn = leader
        g.last_taker = None
        g._raw_log = []
        g._log = []
        g._log_read = 0
        g._legal = None
        g._legal_seat = -1
        return g

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def log(self) -> list[Event]:
        """The game log (rules 4–6), oldest first. Built lazily: a move records plain
        tuples and the Events are made when somebody reads the log; always the same list."""
        raw = self._raw_log
        if self._log_read < len(raw):
            extend_log(self._log, raw[self._log_read :])
            self._log_read = len(raw)
        return self._log

    @log.setter
    def log(self, events: list[Event]) -> None:
        self._log = list(events)
        self._raw_log = [(e.kind, e.seat, e.cards, e.size) for e in events]
        self._log_read = len(self._raw_log)

    @property
    def plays(self) -> list[Play]:
        """The plays to the current trick since its lead, the lead first (a new list)."""
        first = self._trick_seat
        return [_new(Play, ((first + i) % SEATS, a[0], a[1])) for i, a in enumerate(self._trick)]

    @plays.setter
    def plays(self, plays: list[Play]) -> None:
        seats = [p.seat for p in plays]
        if any(s != (seats[0] + i) % SEATS for i, s in enumerate(seats)):
            raise ValueError("the plays of a trick are made by consecutive seats")
        self._trick = [_new(Action, (p.kind, p.cards)) for p in plays]
        self._trick_seat = seats[0] if seats else 0

    @property
    def piles(self) -> list[list[Card]]:
        """Per team, every card of every trick it took, in the order played (4.3)."""
        for pile, tricks in zip(self._piles, self._unpiled, strict=True):
            for trick in tricks:  # tricks taken since the piles were last read
                for action in trick:
                    pile += action[1]
            tricks.clear()
        return self._piles

    @piles.setter
    def piles(self, piles: list[list[Card]]) -> None:
        self._piles = piles
        self._unpiled = ([], [])

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

    legal_actions = moves.legal_actions  # the function is the method (speed)

    # ------------------------------------------------------------------ actions
    def validate(self, seat: int, action: Action) -> Action:
        """Raise :class:`IllegalActionError` unless legal; return the normalised action."""
        memo = self._legal
        if memo is not None and self._legal_seat == seat and type(action) is Action:
            for listed in memo:  # one of the moves just listed for this very position:
                if listed == action:  # the listed object itself (apply finds it by identity)
                    return listed
        return validate_action(self, seat, action)

    def ends_with(self, seat: int, action: Action) -> bool:
        """Would this (valid) action be the last play of the game? True when it completes
        the last trick: nothing left in the stock and the fourth player's last cards."""
        return (
            not self.stock
            and len(self._trick) == SEATS - 1
            and action.kind is not ActionKind.MOLODKA
            and seat == self.turn
            and len(self.hands[seat]) == len(action.cards)
        )

    def apply(self, seat: int, action: Action) -> None:
        """Validate, then play; raises :class:`IllegalActionError`, changing nothing, if illegal."""
        # Validate, inlined: this is the engine's hottest call. An action just listed by
        # legal_actions for this seat is one of the very objects of that list, found by
        # identity (``in`` would compare unequal cards through Card.__eq__, a Python call).
        memo = self._legal
        if memo is None or self._legal_seat != seat:
            action = validate_action(self, seat, action)
        else:
            for listed in memo:
                if listed is action:
                    break
            else:
                action = validate_action(self, seat, action)
        self._legal = None
        kind, played = action
        hand = self.hands[seat]
        for c in played:  # remove by identity (cards are interned), not list.remove
            i = 0
            while hand[i] is not c:
                i += 1
            del hand[i]
        if kind is _BEAT or kind is _DISCARD:
            if kind is _BEAT:
                self.top = played
                self.top_seat = seat
            self._raw_log.append(action)  # an answer: its seat follows from the log
            trick = self._trick
            trick.append(action)
            if len(trick) < SEATS:
                self.turn = (seat + 1) % SEATS
            else:
                self._finish_trick()
            return
        # A lead or a molodka (4.1, 5).
        if kind is _MOLODKA and self._trick:
            # 5.2: every card already played to this trick goes back to its hand.
            for p in self.plays:
                back = self.hands[p.seat]
                back.extend(p.cards)
                back.sort(key=_idx)
            self._raw_log.append((_EV_RETURN, seat, (), 0))
        n = len(played)
        self.lead_seat = seat
        self.k = n
        self.top = played
        self.top_seat = seat
        # 5.4: a leader's four of a suit is a molodka too (it holds top priority).
        self.molodka_seat = seat if kind is _MOLODKA or n == HAND_SIZE else None
        self._raw_log.append((seat, action))
        self._trick = [action]
        self._trick_seat = seat
        self.turn = (seat + 1) % SEATS

    def _finish_trick(self) -> None:
        # 4.3: the last successful beater (or the leader) takes all 4·k cards.
        taker = self.top_seat
        team = taker & 1  # team_of(taker), inlined
        self._unpiled[team].append(self._trick)  # its cards go to the pile when read
        self.tricks[team] += 1
        self._trick = []
        self.lead_seat = self.molodka_seat = None
        n = SEATS * self.k
        self.k = 0
        self.top = ()
        self.last_taker = taker
        # 6.1: draw one card at a time clockwise from the taker until all hold 4
        # or the stock is empty.
        stock, hands = self.stock, self.hands
        drawn = stock[: SEATS * (HAND_SIZE - len(hands[taker]))]
        if len(drawn) == SEATS:  # one card each, the taker first, into the sorted hand
            order = _CLOCKWISE[taker]
            for j, c in enumerate(drawn):
                h = hands[order[j]]
                i = len(h)
                index = c.index
                while i and h[i - 1].index > index:
                    i -= 1
                h.insert(i, c)
        elif drawn:
            for i, s in enumerate(_CLOCKWISE[taker]):
                got = drawn[i::SEATS]  # round-robin: the taker gets the 1st, 5th, ... card
                if got:
                    h = hands[s]
                    h += got
                    h.sort(key=_idx)
        # One raw entry for the take and the draws; ``log`` makes their Events.
        self._raw_log.append((_EV_TAKE, taker, drawn, n))
        del stock[: len(drawn)]
        # 6.2 / 6.3: the taker leads next, unless everything is played out.
        if not stock and not hands[taker]:
            self.turn = None
        else:
            self.opener = self.top_seat = self.turn = taker

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
            best_trick=best_trick(self.log),
        )


__all__ = ["STOCK_AT_DEAL", "TRUMP_CARD_POSITIONS", "Game", "best_trick"]
