"""Answering a click in time: the budget counts from the click, and work that is not done
within it is deferred (in place from a private board, else as "thinking")."""

from __future__ import annotations

import asyncio
import datetime as dt
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from kozel_discord.ui.answering import DRAW_BUDGET, answer_budget, in_time


@dataclass
class Response:
    deferred: list[dict[str, Any]] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.deferred)

    async def defer(self, **kwargs: Any) -> None:
        self.deferred.append(kwargs)


@dataclass
class Click:
    age: float
    ephemeral_message: bool = True
    response: Response = field(default_factory=Response)

    created_at: dt.datetime = field(init=False)

    def __post_init__(self) -> None:
        self.created_at = discord.utils.utcnow() - dt.timedelta(seconds=self.age)

    @property
    def message(self) -> Any:
        return SimpleNamespace(flags=SimpleNamespace(ephemeral=self.ephemeral_message))


def test_the_budget_counts_from_the_click() -> None:
    # (the review's 1.5 s counted from when its handler ran, not from the click)
    assert 1.7 < answer_budget(Click(age=0.0)) <= DRAW_BUDGET  # type: ignore[arg-type]
    assert 0.4 < answer_budget(Click(age=1.0), 1.5) <= 0.5  # type: ignore[arg-type]
    assert answer_budget(Click(age=9.0), 1.5) == 0.05  # type: ignore[arg-type]


async def test_work_done_in_time_is_not_deferred_and_slow_work_is() -> None:
    quick = Click(age=0.0)
    assert await in_time(quick, asyncio.sleep(0, "done")) == "done"  # type: ignore[arg-type]
    assert quick.response.deferred == []
    late = Click(age=DRAW_BUDGET)  # the budget is spent: the work is deferred at once
    gate = asyncio.Event()

    async def slow() -> str:
        await gate.wait()
        return "later"

    task = asyncio.ensure_future(in_time(late, slow()))  # type: ignore[arg-type]
    while not late.response.deferred:
        await asyncio.sleep(0)
    assert late.response.deferred == [{"ephemeral": True, "thinking": False}]  # in place
    gate.set()
    assert await task == "later"
    public = Click(age=DRAW_BUDGET, ephemeral_message=False)  # from a public message
    gate2 = asyncio.Event()

    async def slow2() -> None:
        await gate2.wait()

    task2 = asyncio.ensure_future(in_time(public, slow2()))  # type: ignore[arg-type]
    while not public.response.deferred:
        await asyncio.sleep(0)
    assert public.response.deferred == [{"ephemeral": True, "thinking": True}]
    gate2.set()
    await task2
