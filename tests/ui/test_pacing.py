"""The request gate: requests with the bot token wait for the budget, others never do."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web

from kozel_discord.ui.pacing import RequestGate


class CountingBudget:
    def __init__(self) -> None:
        self.taken = 0
        self.open = asyncio.Event()

    async def take(self) -> None:
        self.taken += 1
        await self.open.wait()


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
    budget = CountingBudget()
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
    finally:
        await runner.cleanup()
    assert seen[-1] == "/channels/1/messages"
    assert budget.taken == 1 and gate.held == 1
