"""The finished tricks of a game are public (discard faces only for their owner), and the
end of a game stays observable after the next deal, also after a replay of the record."""

from __future__ import annotations

import random

from kozel_discord.engine import (
    ActionKind,
    Series,
    card,
    face_up_points,
    from_snapshot,
    observe,
    observe_game_end,
    team_of,
    to_snapshot,
)
from kozel_discord.engine.actions import Action

from .helpers import first_game_played, position, series_with


def _one_trick_with_a_discard() -> Series:
    s = series_with(
        position(
            ["6c 8c 9h Ac", "7d 8d Qs Kc", "9s Js 6s 7s", "Qd Kd 10d Ad"],
            trump="Jh",
            stock="Kh Qc Jc 7c",
        )
    )
    s.apply(0, Action.lead(card("Ac")))
    s.apply(1, Action.discard(card("Kc")))
    s.apply(2, Action.discard(card("9s")))
    s.apply(3, Action.discard(card("Qd")))
    return s


def test_taken_tricks_hide_other_seats_discards() -> None:
    s = _one_trick_with_a_discard()
    public = observe(s, None)
    assert len(public.taken) == 1 and public.taken[0].taker == 0
    assert [(p.seat, p.kind, p.count, p.cards) for p in public.taken[0].plays] == [
        (0, ActionKind.LEAD, 1, (card("Ac"),)),
        (1, ActionKind.DISCARD, 1, ()),
        (2, ActionKind.DISCARD, 1, ()),
        (3, ActionKind.DISCARD, 1, ()),
    ]
    assert public.taken[0].taking_play == public.taken[0].plays[0]
    own = observe(s, 1).taken[0].plays[1]
    assert own.cards == (card("Kc"),), "a seat sees its own discard"
    assert observe(s, 2).taken[0].plays[1].cards == ()
    assert observe(Series(3), None).taken == ()


def _play_one_game(s: Series, rng: random.Random) -> None:
    number = s.number
    while s.number == number and not s.over:
        seat = s.turn
        assert seat is not None
        s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_the_end_of_a_game_stays_observable_after_the_next_deal_and_a_replay() -> None:
    s = Series(11)
    assert observe_game_end(s, None) is None
    _play_one_game(s, random.Random(2))
    assert s.number == 2
    end = observe_game_end(s, None)
    assert end is not None and end.game_number == 1 and end.turn is None
    assert end.hand_sizes == (0, 0, 0, 0) and end.legal_actions == ()
    assert sum(end.tricks) == len(end.taken) and end.results == tuple(s.results)
    assert observe(s, None).taken == (), "the new deal has no trick yet"
    assert observe_game_end(from_snapshot(to_snapshot(s)), None) == end
    seat_end = observe_game_end(s, 0)
    assert seat_end is not None and seat_end.legal_actions == ()


def test_face_up_points_count_what_everyone_saw_and_the_discards_complete_the_score() -> None:
    # The list of tricks shows each team's face-up card points; the discards it took (their
    # faces seen only by their owners) make up the rest of the game's card points.
    for seed in range(30):
        s = first_game_played(seed)
        public = observe_game_end(s, None)
        assert public is not None
        shown = face_up_points(public.taken)
        hidden = [0, 0]
        for seat in range(4):  # each seat adds the faces of its own discards
            own = observe_game_end(s, seat)
            assert own is not None
            for trick in own.taken:
                for p in trick.plays:
                    if p.seat == seat and not p.face_up:
                        hidden[team_of(trick.taker)] += sum(c.points for c in p.cards)
        result = s.results[0]
        assert (shown[0] + hidden[0], shown[1] + hidden[1]) == result.card_points
    public = observe(_one_trick_with_a_discard(), None)
    assert face_up_points(public.taken) == (11, 0)  # the A♣ led; K♣ and Q♦ face down


def test_a_game_is_over_only_in_the_view_of_its_end() -> None:
    s = first_game_played(5)
    end = observe_game_end(s, None)
    assert end is not None and end.game_over and end.game_number == 1
    assert not observe(s, None).game_over  # the next game, dealt
    assert not observe(Series(5), 0).game_over  # a game being played
