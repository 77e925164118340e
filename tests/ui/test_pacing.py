"""The request gate: requests with the bot token wait for the budget, others never do; the
budget hears of each answer (or failure) after the server has seen the request."""

from __future__ import annotations

import asyncio
import contextlib
import socket

import aiohttp
from aiohttp import web

from kozel_discord.ui.pacing import RequestGate


class CountingBudget:
    def __init__(self, seen: list[str]) -> None:
        self.taken = 0
        self.open = asyncio.Event()
        self.answered: list[tuple[int, int]] = []  # (token, requests the server had seen)
        self._seen = seen

    async def take(self) -> int:
        self.taken += 1
        await self.open.wait()
        return 100 + self.taken

    def done(self, token: int) -> None:
        self.answered.append((token, len(self._seen)))


async def test_only_requests_with_the_bot_token_wait_for_the_budget() -> None:
    seen: list[str] = []

    async def handler(request: web.Request) -> web.Response:
        seen.append(request.path)
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    gate = RequestGate()
    budget = CountingBudget(seen)
    try:
        async with aiohttp.ClientSession(trace_configs=[gate.trace()]) as session:
            base = f"http://127.0.0.1:{port}"
            # Before the budget is set (the database not open yet), requests pass.
            async with session.get(f"{base}/early", headers={"Authorization": "Bot x"}):
                pass
            gate.budget = budget
            # An interaction answer (no bot token) goes at once.
            async with session.post(f"{base}/interactions/1/tok/callback"):
                pass
            held = asyncio.create_task(
                session.get(f"{base}/channels/1/messages", headers={"Authorization": "Bot x"})
            )
            for _ in range(10_000):
                if budget.taken:
                    break
                await asyncio.sleep(0)
            assert seen == ["/early", "/interactions/1/tok/callback"]  # held back
            budget.open.set()
            (await held).release()
            # Told of the answer only once the server had the request.
            assert budget.answered == [(101, 3)]
            # A request that fails (nobody listens there) is counted as done too.
            with contextlib.suppress(aiohttp.ClientError):
                await session.get(f"http://127.0.0.1:{_closed_port()}/x", headers=BOT)
            assert [token for token, _ in budget.answered] == [101, 102]
    finally:
        await runner.cleanup()
    assert seen[-1] == "/channels/1/messages"
    assert budget.taken == 2 and gate.held == 2


BOT = {"Authorization": "Bot x"}


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
