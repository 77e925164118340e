"""What players see of fair deals: the short commitment on the table, the full one in "Last
tricks", and the seed and salt only in the summary of a game that has ended."""

from __future__ import annotations

import hashlib
import random
import re

import pytest

from kozel_discord.engine import Series, observe
from kozel_discord.service import Seat, Table, TableStatus, fair
from kozel_discord.ui import results, table_text

SALTS = ["a1" * 16, "b2" * 16, "c3" * 16]


def _table_in_game_2() -> Table:
    seeds = iter([4_611_686_018_427_387_000, 77_777, 5, 6])
    series = Series(seed_source=lambda _n: next(seeds))
    rng = random.Random(4)
    while len(series.results) < 1:
        turn = series.turn
        assert turn is not None
        series.apply(turn, rng.choice(series.legal_actions(turn)))
    t = Table("0123456789ab", 1, 2, 10, "en-US", None, status=TableStatus.PLAYING, series=series)
    t.seats = [Seat(user_id=10 + i, name=f"p{i}") for i in range(4)]
    t.series_key = "9" * 32
    fair.draw_salts(t, iter(SALTS).__next__)
    return t


def _embed_text(embed: object) -> str:
    d = embed.to_dict()  # type: ignore[attr-defined]
    parts = [d.get("title", ""), d.get("description", "")]
    parts += [f"{f['name']}\n{f['value']}" for f in d.get("fields", [])]
    parts.append(d.get("footer", {}).get("text", ""))
    return "\n".join(parts)


def _secrets(t: Table, number: int) -> tuple[str, str]:
    assert t.series is not None
    salt = t.salts[number - 1]
    assert salt is not None
    return str(t.series.seeds[number - 1]), salt


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_table_shows_the_short_commitment_and_no_secret(locale: str) -> None:
    t = _table_in_game_2()
    obs = observe(t.series, None)  # type: ignore[arg-type]
    sealed = fair.commitment(t, 2)
    assert sealed is not None
    text = table_text.summary(t, obs, locale)
    last = text.splitlines()[-1]
    assert last.startswith("-# 🔒 ") and f"{sealed[:12]}…" in last
    assert sealed not in text  # the short form only: the table stays uncluttered
    for secret in _secrets(t, 2):
        assert secret not in text + "".join(table_text.head_and_trick(t, obs, locale))


def test_a_table_without_a_salt_shows_no_commitment() -> None:
    t = _table_in_game_2()
    t.salts = [None, None]
    obs = observe(t.series, None)  # type: ignore[arg-type]
    assert "🔒" not in table_text.summary(t, obs, "en-US")


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_summary_of_an_ended_game_reveals_the_line_of_its_commitment(locale: str) -> None:
    t = _table_in_game_2()
    obs = observe(t.series, None)  # type: ignore[arg-type]
    text = _embed_text(results.game_over_embed(t, 1, obs.results[0], obs, locale))
    line = re.search(r"(kozel-fair/v1:\S+)\n", text)
    assert line is not None
    commitment = hashlib.sha256(line[1].encode()).hexdigest()
    assert commitment == fair.commitment(t, 1)
    # The seal as the table showed it at the deal (short form), not the 64 digits again.
    assert f"{commitment[:12]}…" in text and commitment not in text
    assert "kozel-discord verify" in text
    seed, salt = _secrets(t, 1)
    assert line[1] == f"kozel-fair/v1:{'9' * 32}:1:{seed}:{salt}"
    # Nothing of the running game 2.
    for secret in _secrets(t, 2):
        assert secret not in text


def test_the_running_game_has_no_reveal() -> None:
    t = _table_in_game_2()
    assert fair.reveal(t, 1) is not None
    assert fair.reveal(t, 2) is None and fair.reveal(t, 3) is None
    assert fair.commitment(t, 3) is None  # not dealt yet
