"""What the tests of the private board (test_board_*.py, test_render.py) share: a playing
table, the components of a view, and the positions of every seat over random play."""

from __future__ import annotations

import random
from typing import Any

import discord

from kozel_discord.engine import Observation, Series, observe
from kozel_discord.service import Seat, Table, TableStatus


def _table(series: Series) -> Table:
    t = Table(
        table_id="0123456789ab",
        guild_id=1,
        channel_id=2,
        host_id=10,
        locale="en-US",
        turn_timeout=None,
        status=TableStatus.PLAYING,
        series=series,
    )
    t.seats = [Seat(user_id=10 + i, name=f"p{i}") for i in range(4)]
    return t


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out += _walk(c.get("components") or [])
    return out


def _components(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    return _walk(view.to_components())  # type: ignore[no-untyped-call]


def select_options(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    selects = [c for c in _components(view) if c.get("type") == 3]
    assert len(selects) <= 1
    return list(selects[0]["options"]) if selects else []


def _texts(view: discord.ui.LayoutView) -> list[str]:
    return [c["content"] for c in _components(view) if c.get("type") == 10]


def _positions(seeds: range, per_seed: int = 400) -> list[tuple[Series, Observation]]:
    """Observations of every seat over random play (answers, leads, molodkas)."""
    found: list[tuple[Series, Observation]] = []
    for seed in seeds:
        rng = random.Random(seed)
        series = Series(seed)
        for _ in range(per_seed):
            if series.over:
                break
            found += [(series, observe(series, i)) for i in range(4)]
            seat = series.turn
            assert seat is not None
            series.apply(seat, rng.choice(observe(series, seat).legal_actions))
    return found


POSITIONS = _positions(range(8))
