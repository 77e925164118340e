"""What the stand-in's tests share besides fixtures: a raw HTTP call as the bot makes it,
and the bytes of an image."""

from __future__ import annotations

from typing import Any

import aiohttp

from standin.discord_standin import DiscordStandIn

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64  # bytes only: the stand-in does not decode images


async def post(
    http: aiohttp.ClientSession, standin: DiscordStandIn, path: str, body: Any, method: str = "POST"
) -> tuple[int, Any, aiohttp.ClientResponse]:
    headers = {"Authorization": f"Bot {standin.token}"}
    async with http.request(method, standin.api_base + path, json=body, headers=headers) as resp:
        return resp.status, await resp.json(content_type=None), resp
