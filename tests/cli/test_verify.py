"""``kozel-discord verify RECORD.json`` and ``simulate --record FILE``: a good record exits 0,
a tampered one a distinct code with one line saying what does not match, no traceback."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kozel_discord.__main__ import main
from kozel_discord.cli.verify import EXIT_MISMATCH, EXIT_UNREADABLE, EXIT_UNSEALED
from kozel_discord.engine import Series, fair

KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
SALT = "c0ffee00c0ffee00c0ffee00c0ffee00"


def _series() -> Series:
    seeds = iter([987_654_321, 123_456_789, 5, 6])
    s = Series(seed_source=lambda _n: next(seeds))
    rng = random.Random(8)
    while len(s.results) < 2:
        seat = s.turn
        assert seat is not None
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def _record(number: int = 2) -> dict[str, Any]:
    s = _series()
    sealed = fair.seal(s.game_record(number), s.results[number - 1], KEY, SALT)
    out: dict[str, Any] = json.loads(json.dumps(sealed))
    return out


def _write(tmp_path: Path, data: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def _verify(path: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["verify", path])
    out = capsys.readouterr()
    assert out.err == ""
    lines = out.out.splitlines()
    assert len(lines) == 1, out.out  # one line, whatever the outcome
    return code, lines[0]


def test_a_good_record_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, _record())
    code, line = _verify(path, capsys)
    assert code == 0
    assert line.startswith(f"✓ {path}: game 2 of series {KEY}: the commitment ")
    assert "matches seed and salt, the deal and all " in line and "results match" in line
    # A consistently re-sealed record passes too: the line gives the whole commitment and
    # says it proves the deal only if the table showed that seal at the deal.
    full = _record()["fair"]["commitment"]
    assert len(full) == 64 and f"the commitment {full} matches" in line
    assert f"only if the table showed this seal at the deal ({full[:12]}…)" in line


def test_a_record_saved_with_a_byte_order_mark_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Windows Notepad's "Save" puts EF BB BF in front of the export.
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_record()).encode())
    code, line = _verify(str(path), capsys)
    assert code == 0 and line.startswith("✓ ")


@pytest.mark.parametrize("depth", [990, 5000])
def test_deeply_nested_json_is_no_record_not_a_traceback(
    depth: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, line = _verify(_write(tmp_path, "[" * depth + "]" * depth), capsys)
    assert code == EXIT_UNREADABLE and "nested too deeply" in line
    record = _record()
    text = json.dumps(record).replace('"result": ', '"result": ' + "[" * depth, 1)
    code, line = _verify(_write(tmp_path, text + "]" * depth), capsys)
    assert code == EXIT_UNREADABLE


def _other_first_move(r: dict[str, Any]) -> None:
    s = _series()
    game = Series(seed_source=lambda _n: s.seeds[0]).game  # game 1's deal
    seat, text = r["actions"][0]
    r["actions"][0] = [
        seat,
        next(a.encode() for a in game.legal_actions(seat) if a.encode() != text),
    ]


TAMPERED: dict[str, tuple[Callable[[dict[str, Any]], object], str]] = {
    "seed": (lambda r: r.update(seed=r["seed"] + 1), "seed, salt or commitment changed"),
    "salt": (lambda r: r["fair"].update(salt="d" + SALT[1:]), "seed, salt or commitment changed"),
    "move": (
        lambda r: r["actions"].__setitem__(2, [r["actions"][2][0], "discard:6c"]),
        "move 3 (seat",
    ),
    "result": (
        lambda r: r["result"].update(defeat_points=r["result"]["defeat_points"][::-1]),
        "the record says defeat points",
    ),
    "card points": (
        lambda r: r["result"].update(card_points=[60, 60]),
        "the record says card points 60:60",
    ),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_record_exits_1_with_one_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    change, words = TAMPERED[case]
    record = _record()
    change(record)
    code, line = _verify(_write(tmp_path, record), capsys)
    assert code == EXIT_MISMATCH == 1
    assert line.startswith("✗ ") and "does not match: " in line and words in line


def test_another_legal_move_in_game_1_does_not_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(1)
    _other_first_move(record)
    code, line = _verify(_write(tmp_path, record), capsys)
    assert code == EXIT_MISMATCH and "does not match: " in line


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", "not JSON"),
        ('{"version": 2}', "not a kozel game record"),
        ("[]", "no JSON object"),
    ],
)
def test_what_is_no_record_exits_3(
    content: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, line = _verify(_write(tmp_path, content), capsys)
    assert code == EXIT_UNREADABLE == 3 and words in line
    code, line = _verify(str(tmp_path / "missing.json"), capsys)
    assert code == EXIT_UNREADABLE and "cannot read the file" in line


def test_a_record_without_commitment_exits_4(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record()
    del record["fair"]
    code, line = _verify(_write(tmp_path, record), capsys)
    assert code == EXIT_UNSEALED == 4 and "has no commitment" in line
    # It cannot know why: a removed fair part looks the same as an old record.
    assert "or one whose fair part was removed" in line


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    record = _record()
    record["fair"]["commitment"] = "f" * 64
    done = subprocess.run(
        [sys.executable, "-m", "kozel_discord", "verify", _write(tmp_path, record)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    assert "does not match: SHA-256 of the seed and salt is" in done.stdout


def test_simulate_replays_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record()
    assert main(["simulate", "--record", _write(tmp_path, record)]) == 0
    out = capsys.readouterr().out
    r = record["result"]
    assert out.startswith(f"game 2 of series {KEY} · seed {record['seed']} · dealer seat ")
    assert out.count("\ndealt to seat ") == 4 and "\ntrick 1: seat " in out
    assert f"card points:    A {r['card_points'][0]} · B {r['card_points'][1]}" in out
    assert f"defeat points:  A {r['defeat_points'][0]} · B {r['defeat_points'][1]}" in out
    assert "fair deal:      game 2 of series" in out and "matches seed and salt" in out


def test_simulate_replays_a_series_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = _series()
    assert main(["simulate", "--record", _write(tmp_path, s.record())]) == 0
    out = capsys.readouterr().out
    assert out.startswith("series to 12 defeat points · 2 games finished")
    a, b = s.results[0].card_points
    assert f"game 1: card points A {a} · B {b}" in out


def test_simulate_refuses_a_tampered_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record()
    record["actions"].pop()
    assert main(["simulate", "--record", _write(tmp_path, record)]) == EXIT_MISMATCH
    err = capsys.readouterr().err
    assert "is not over after the record's" in err and "Traceback" not in err
