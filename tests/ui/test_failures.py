"""Discord failing a request: what is tried again, and what is not."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from kozel_discord.ui import failures


def _http(status: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="x"), "boom")  # type: ignore[arg-type]


async def test_a_transient_failure_is_tried_again_and_a_refusal_is_not() -> None:
    answers: list[BaseException | str] = [aiohttp.ServerDisconnectedError(), _http(503), "ok"]
    calls = 0

    async def request() -> str:
        nonlocal calls
        calls += 1
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    assert await failures.retrying(request, "test", delays=(0, 0)) == "ok" and calls == 3
    answers[:] = [_http(403), "ok"]
    with pytest.raises(discord.HTTPException):
        await failures.retrying(request, "test", delays=(0, 0))
    assert answers == ["ok"]  # a refusal is not repeated
    answers[:] = [TimeoutError(), TimeoutError(), TimeoutError(), "ok"]
    with pytest.raises(TimeoutError):  # given up after the delays
        await failures.retrying(request, "test", delays=(0, 0))
    assert failures.transient(_http(502)) and not failures.transient(_http(404))
    assert failures.why(_http(503)) == "503" and failures.why(OSError()) == "OSError"


async def test_catching_up_is_asked_once_per_channel() -> None:
    asked: list[int] = []
    later = failures.Later(asked.append, delay=0)
    later.catch_up(1)
    later.catch_up(1)
    later.catch_up(2)
    for _ in range(5):
        await asyncio.sleep(0)
    assert sorted(asked) == [1, 2]
    later.catch_up(1)  # again once the first was done
    pending = later.close()
    assert len(pending) == 1
    for task in pending:
        task.cancel()
