"""The engine API: typed refusals, records, replay and snapshots."""

from __future__ import annotations

import json
import random

import pytest

from kozel_discord.engine import (
    Action,
    ActionKind,
    IllegalActionError,
    Reason,
    Series,
    SnapshotError,
    card,
    cards,
    from_snapshot,
    to_snapshot,
)

from .helpers import play_randomly, position, series_with


def _refuse(s: Series, seat: object, action: object) -> Reason:
    before = json.dumps(to_snapshot(s))
    with pytest.raises(IllegalActionError) as info:
        s.apply(seat, action)  # type: ignore[arg-type]
    assert json.dumps(to_snapshot(s)) == before
    return info.value.reason


def test_refusals_carry_machine_readable_reasons_and_change_nothing() -> None:
    s = series_with(position(["8c Jc 6d 7d", "10c 7h 6s 9s", "Kc 8d 9d Jd", "Qs Ks As 7c"]))
    assert _refuse(s, 1, Action.lead(card("10c"))) is Reason.NOT_YOUR_TURN
    assert _refuse(s, 0, Action.lead(card("Ac"))) is Reason.CARD_NOT_IN_HAND
    assert _refuse(s, 0, Action.lead(card("8c"), card("6d"))) is Reason.MIXED_SUIT_LEAD
    assert _refuse(s, 0, Action.beat(card("8c"))) is Reason.MUST_LEAD
    assert _refuse(s, 7, Action.lead(card("8c"))) is Reason.NO_SUCH_SEAT
    assert _refuse(s, 0, Action(ActionKind.LEAD, (card("8c"), card("8c")))) is Reason.DUPLICATE_CARD
    assert _refuse(s, 0, "lead 8c") is Reason.BAD_ACTION
    assert _refuse(s, 0, Action(ActionKind.LEAD, ())) is Reason.BAD_ACTION
    assert _refuse(s, 0, Action("lead", (card("8c"),))) is Reason.BAD_ACTION  # type: ignore[arg-type]
    s.apply(0, Action.lead(card("8c")))
    assert _refuse(s, 1, Action.lead(card("10c"))) is Reason.NOT_A_LEAD_NOW
    assert _refuse(s, 1, Action.beat(card("6s"))) is Reason.DOES_NOT_BEAT
    assert _refuse(s, 1, Action.discard(card("6s"), card("9s"))) is Reason.WRONG_NUMBER_OF_CARDS


def test_unsorted_cards_are_normalised_in_the_record() -> None:
    s = series_with(position(["8c Jc 6d 7d", "10c 7h 6s 9s", "Kc 8d 9d Jd", "Qs Ks As 7c"]))
    s.apply(0, Action(ActionKind.LEAD, (card("Jc"), card("8c"))))
    assert s.actions[0][1] == Action.lead(*cards("8c Jc"))


def test_action_text_form_round_trips() -> None:
    a = Action.beat(*cards("10h 7s"))
    assert a.encode() == "beat:10h,7s"  # canonical order: by suit, then rank
    assert Action.decode(a.encode()) == a
    for bad in ["", "beat", "beat:", "hit:10h", "beat:1x", 5]:
        with pytest.raises(IllegalActionError) as info:
            Action.decode(bad)  # type: ignore[arg-type]
        assert info.value.reason is Reason.BAD_ACTION


def test_replay_of_the_record_gives_the_identical_state() -> None:
    s = Series(21)
    play_randomly(s, random.Random(21))
    record = json.loads(json.dumps(s.record()))
    again = Series.replay(record)
    assert to_snapshot(again) == to_snapshot(s)
    assert again.outcome() == s.outcome()


def test_replay_refuses_a_bad_record() -> None:
    s = Series(2)
    s.apply(s.turn or 0, s.legal_actions(s.turn or 0)[0])
    rec = s.record()
    with pytest.raises(SnapshotError, match="version"):
        Series.replay({**rec, "version": 99})
    with pytest.raises(SnapshotError, match="illegal"):
        Series.replay({**rec, "actions": [[(s.actions[0][0] + 1) % 4, "lead:Ah"]]})
    with pytest.raises(SnapshotError):
        Series.replay({**rec, "actions": [["x", "lead:Ah"]]})
    with pytest.raises(SnapshotError):
        Series.replay("nope")  # type: ignore[arg-type]


def test_snapshot_round_trips_exactly_through_json() -> None:
    s = Series(33)
    rng = random.Random(33)
    for _ in range(57):
        seat = s.turn
        assert seat is not None
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    data = json.loads(json.dumps(to_snapshot(s)))
    loaded = from_snapshot(data)
    assert to_snapshot(loaded) == data
    # The loaded series plays on exactly like the original.
    for _ in range(20):
        seat = s.turn
        assert seat is not None
        a = rng.choice(s.legal_actions(seat))
        s.apply(seat, a)
        loaded.apply(seat, a)
    assert to_snapshot(loaded) == to_snapshot(s)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=3), "version 3 is not supported"),
        (lambda d: d.update(format="chess"), "not a kozel series snapshot"),
        (lambda d: d["game"]["hands"][0].append("Zz"), "not a card"),
        (lambda d: d["game"]["hands"][0].pop(), "corrupt"),
        (lambda d: d["game"].update(turn=9), "not a seat"),
        (lambda d: d.update(eggs=3), "does not match its record"),
        (lambda d: d["record"].update(version=0), "record"),
        (lambda d: d.pop("game"), "corrupt"),
    ],
)
def test_corrupt_snapshot_is_refused_with_a_clear_error(mutate: object, message: str) -> None:
    s = Series(4)
    s.apply(s.turn or 0, s.legal_actions(s.turn or 0)[0])
    data = json.loads(json.dumps(to_snapshot(s)))
    mutate(data)  # type: ignore[operator]
    with pytest.raises(SnapshotError, match=message):
        from_snapshot(data)


def test_snapshot_swapping_two_cards_between_hands_is_detected() -> None:
    s = Series(6)
    data = json.loads(json.dumps(to_snapshot(s)))
    h = data["game"]["hands"]
    h[0][0], h[1][0] = h[1][0], h[0][0]
    with pytest.raises(SnapshotError):
        from_snapshot(data)
