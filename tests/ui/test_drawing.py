"""The drawer: pictures drawn in worker processes are the very PNGs drawn in the bot, and a
state already drawn is not drawn again."""

from __future__ import annotations

import random

from kozel_discord.engine import Series, observe
from kozel_discord.ui import drawing, pictures

LABELS = pictures.Labels(("Alice", "Bob", "Carol", "Dave"))


def _series(moves: int) -> Series:
    s = Series(5)
    rng = random.Random(2)
    for _ in range(moves):
        seat = s.turn
        assert seat is not None
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


async def test_worker_processes_draw_the_same_pngs_as_the_bot_would() -> None:
    s = _series(9)
    seat = s.turn
    assert seat is not None
    public, mine = observe(s, None), observe(s, seat)
    d = drawing.Drawer(1)
    try:
        await d.start()
        table = await d.table(public, LABELS, pictures.last_trick(public))
        hand = await d.hand(mine, LABELS, pictures.last_trick(mine))
    finally:
        await d.close()
    assert table == pictures.draw_table(public, LABELS, pictures.last_trick(public))
    assert hand == pictures.draw_hand(mine, LABELS, pictures.last_trick(mine))
    assert table != hand


async def test_a_state_is_drawn_once_and_a_new_one_again() -> None:
    d = drawing.Drawer(0)
    calls: list[object] = []

    async def counting(state: object, fn: object) -> bytes:
        calls.append(state)
        return b"png%d" % len(calls)

    d._run = counting  # type: ignore[method-assign, assignment]
    s = _series(4)
    obs = observe(s, None)
    first = await d.table(obs, LABELS)
    assert await d.table(obs, LABELS) == first
    assert len(calls) == 1
    _series_next = _series(5)
    assert await d.table(observe(_series_next, None), LABELS) != first
    assert len(calls) == 2
