"""Provably fair deals (engine/fair.py): the commitment's byte string, sealed game records
and their verification, with every kind of tampering refused in one line."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

import pytest

from kozel_discord.engine import Series, fair

KEY = "5e2f0c1d9a8b4c7d8e9f0a1b2c3d4e5f"
SALTS = ["00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100"]


def _finished_series(games: int = 2, seed: int = 3) -> Series:
    seeds = iter([11, 222_222_222_222, 33, 44, 55, 66, 77, 88])
    s = Series(seed_source=lambda _n: next(seeds))
    rng = random.Random(seed)
    while len(s.results) < games:
        seat = s.turn
        assert seat is not None
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def _sealed(number: int = 1) -> dict[str, Any]:
    s = _finished_series()
    record = fair.seal(s.game_record(number), s.results[number - 1], KEY, SALTS[number - 1])
    stored: dict[str, Any] = json.loads(json.dumps(record))  # exactly what the store keeps
    return stored


def test_the_commitment_is_sha256_of_the_documented_line() -> None:
    line = fair.preimage(KEY, 3, 1234567890, SALTS[0])
    assert line == f"kozel-fair/v1:{KEY}:3:1234567890:{SALTS[0]}"
    expected = hashlib.sha256(line.encode()).hexdigest()
    assert fair.commitment(KEY, 3, 1234567890, SALTS[0]) == expected
    # Each part counts: another game number, seed, salt or series is another commitment.
    base = fair.commitment(KEY, 3, 1234567890, SALTS[0])
    assert fair.commitment(KEY, 4, 1234567890, SALTS[0]) != base
    assert fair.commitment(KEY, 3, 1234567891, SALTS[0]) != base
    assert fair.commitment(KEY, 3, 1234567890, SALTS[1]) != base
    assert fair.commitment("other", 3, 1234567890, SALTS[0]) != base
    assert fair.short(base) == base[:12]


@pytest.mark.parametrize(
    ("key", "number", "seed", "salt"),
    [
        ("a:b", 1, 1, SALTS[0]),  # a separator in the key would make the line ambiguous
        (KEY, 0, 1, SALTS[0]),
        (KEY, 1, -1, SALTS[0]),
        (KEY, 1, 1, SALTS[0].upper()),
        (KEY, 1, 1, SALTS[0][:-2]),
    ],
)
def test_the_line_refuses_ambiguous_parts(key: str, number: int, seed: int, salt: str) -> None:
    with pytest.raises(ValueError):
        fair.preimage(key, number, seed, salt)


def test_a_sealed_record_is_the_game_record_plus_result_and_fair_part() -> None:
    s = _finished_series()
    plain = s.game_record(2)
    record = _sealed(2)
    assert {k: record[k] for k in plain} == json.loads(json.dumps(plain))
    r = s.results[1]
    assert record["result"]["card_points"] == list(r.card_points)
    assert record["result"]["defeat_points"] == list(r.defeat_points)
    assert record["result"]["last_trick_taker"] == r.last_trick_taker
    assert record["fair"] == {
        "scheme": "kozel-fair/v1",
        "series": KEY,
        "salt": SALTS[1],
        "commitment": fair.commitment(KEY, 2, s.seeds[1], SALTS[1]),
    }
    # Without a salt (a game dealt before fair deals) there is no fair part.
    assert "fair" not in fair.seal(plain, r, KEY, None)


@pytest.mark.parametrize("number", [1, 2])
def test_a_good_record_verifies(number: int) -> None:
    verdict = fair.verify(_sealed(number))
    assert verdict.ok, verdict.line
    assert verdict.line.startswith(f"game {number} of series {KEY}: the commitment ")
    assert "matches seed and salt" in verdict.line and "moves replay" in verdict.line
    assert verdict.game is not None and verdict.game.over


def _tampered(change: Any, number: int = 1) -> fair.Verdict:
    record = _sealed(number)
    change(record)
    return fair.verify(copy.deepcopy(record))


def _new_seed_recommitted(record: dict[str, Any]) -> None:
    record["seed"] += 1
    f = record["fair"]
    f["commitment"] = fair.commitment(f["series"], record["game"], record["seed"], f["salt"])


def _other_move(record: dict[str, Any]) -> None:
    """The first move replaced by another legal move of that position."""
    s = _finished_series()
    first = Series(seed_source=lambda _n: s.seeds[0])
    seat, text = record["actions"][0]
    other = next(a for a in first.legal_actions(seat) if a.encode() != text)
    record["actions"][0] = [seat, other.encode()]


CASES = {
    "seed": (lambda r: r.update(seed=r["seed"] + 1), "seed, salt or commitment changed"),
    "salt": (lambda r: r["fair"].update(salt="1" * 32), "seed, salt or commitment changed"),
    "commitment": (
        lambda r: r["fair"].update(commitment="0" * 64),
        "SHA-256 of the seed and salt is",
    ),
    "series": (lambda r: r["fair"].update(series="another"), "seed, salt or commitment changed"),
    "seed and commitment": (_new_seed_recommitted, "first dealer"),
    "dealer": (lambda r: r.update(dealer=(r["dealer"] + 1) % 4), "first dealer"),
    "move": (_other_move, "does not match: "),
    "illegal move": (
        lambda r: r["actions"].__setitem__(0, [r["actions"][0][0], "lead:6c,6d"]),
        "move 1 (seat",
    ),
    "dropped move": (lambda r: r["actions"].pop(), "is not over after the record's"),
    "extra move": (lambda r: r["actions"].append(r["actions"][-1]), "the game is over after"),
    "garbled move": (lambda r: r["actions"].__setitem__(3, [0, "fly:7h"]), "move 4"),
    "card points": (
        lambda r: r["result"].update(card_points=[r["result"]["card_points"][1], 0]),
        "the record says card points",
    ),
    "defeat points": (
        lambda r: r["result"].update(defeat_points=[6, 6]),
        "the record says defeat points 6:6",
    ),
    "last trick": (
        lambda r: r["result"].update(last_trick_taker=(r["result"]["last_trick_taker"] + 1) % 4),
        "the record says last trick taker",
    ),
    "trump": (lambda r: r["result"].update(trump_card="Zz"), "the record says trump card Zz"),
    "unknown claim": (lambda r: r["result"].update(bonus=1), "'bonus'"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_tampered_record_is_refused_in_one_line(case: str) -> None:
    change, words = CASES[case]
    verdict = _tampered(change)
    assert verdict.outcome is fair.Outcome.MISMATCH, verdict.line
    assert "\n" not in verdict.line
    assert verdict.line.startswith("does not match: ")
    assert words in verdict.line


def test_a_later_game_with_a_changed_leader_does_not_replay() -> None:
    verdict = _tampered(lambda r: r.update(first_leader=(r["first_leader"] + 1) % 4), number=2)
    assert verdict.outcome is fair.Outcome.MISMATCH
    assert "move 1 (seat" in verdict.line and "not legal" in verdict.line


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ([1, 2], "no JSON object"),
        ({"version": 9}, "version 9"),
        ({"version": 2, "game": "1"}, "whole numbers"),
        ({**_sealed(), "actions": "x"}, "a list 'actions'"),
        ({**_sealed(), "fair": {"scheme": "other/v9"}}, "unknown fair-deal scheme 'other/v9'"),
        ({**_sealed(), "fair": {**_sealed()["fair"], "salt": "XYZ"}}, "'fair.salt'"),
    ],
)
def test_what_is_not_a_record_is_unreadable(record: object, words: str) -> None:
    verdict = fair.verify(record)
    assert verdict.outcome is fair.Outcome.UNREADABLE
    assert verdict.line.startswith("not a kozel game record: ") and words in verdict.line


def test_a_record_without_commitment_is_unsealed() -> None:
    record = _sealed()
    del record["fair"]
    verdict = fair.verify(record)
    assert verdict.outcome is fair.Outcome.UNSEALED
    assert "has no commitment" in verdict.line and "moves replay" in verdict.line
    assert verdict.game is not None  # replayed all the same
    record["actions"].pop()
    assert fair.verify(record).outcome is fair.Outcome.MISMATCH


def test_hands_at_deal_are_the_replayed_deal() -> None:
    s = _finished_series(games=1)
    dealt = Series(seed_source=lambda _n: s.seeds[0]).game
    found = fair.hands_at_deal(_sealed(1))
    assert found is not None
    assert found[0] == [list(h) for h in dealt.hands] and found[1] == dealt.trump_card
