"""Tests of the Discord stand-in driven by raw HTTP requests: what it refuses as Discord
does, what it accepts, uploads, routes, authentication, rate limits and nonces. The tests
driven by a real discord.py bot are in test_discord_standin_bot.py."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from standin.discord_standin import DiscordStandIn, StandInGuild
from tests.standin.helpers import post

# ---------------------------------------------------------------------------- rejection rules


def _button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _select(custom_id: str = "s", options: int = 2, **extra: Any) -> dict[str, Any]:
    choices = [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": choices, **extra}


def _option(**fields: str) -> dict[str, Any]:
    return _select(options=0) | {"options": [{"label": "l", "value": "v"} | fields]}


def _embed(**fields: Any) -> dict[str, Any]:
    return {"content": "x", "embeds": [fields]}


LONG = "x" * 101
REJECTED: dict[str, tuple[dict[str, Any], int]] = {
    "six action rows": ({"components": [_row(_button(f"b{i}")) for i in range(6)]}, 50035),
    "six buttons in a row": ({"components": [_row(*(_button(f"b{i}") for i in range(6)))]}, 50035),
    "select not alone": ({"components": [_row(_select(), _button("b"))]}, 50035),
    "select without options": ({"components": [_row(_select(options=0))]}, 50035),
    "select with 26 options": ({"components": [_row(_select(options=26))]}, 50035),
    "max_values 26": ({"components": [_row(_select(max_values=26))]}, 50035),
    "min_values 26": ({"components": [_row(_select(min_values=26))]}, 50035),
    "custom id missing": ({"components": [_row({"type": 2, "style": 1, "label": "b"})]}, 50035),
    "custom id too long": ({"components": [_row(_button(LONG))]}, 50035),
    "duplicate custom ids": ({"components": [_row(_button("a")), _row(_button("a"))]}, 50035),
    "button label 81": ({"components": [_row(_button("b", "x" * 81))]}, 50035),
    "option label 101": ({"components": [_row(_option(label=LONG))]}, 50035),
    "option value 101": ({"components": [_row(_option(value=LONG))]}, 50035),
    "option description 101": ({"components": [_row(_option(description=LONG))]}, 50035),
    "content 2001": ({"content": "x" * 2001}, 50035),
    "eleven embeds": ({"embeds": [{"title": "t"}] * 11}, 50035),
    "embed total 6001": (
        {"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]},
        50035,
    ),
    "embed title 257": (_embed(title="x" * 257), 50035),
    "embed description 4097": (_embed(description="x" * 4097), 50035),
    "26 embed fields": (_embed(fields=[{"name": "n", "value": "v"}] * 26), 50035),
    "field name 257": (_embed(fields=[{"name": "x" * 257, "value": "v"}]), 50035),
    "field value 1025": (_embed(fields=[{"name": "n", "value": "x" * 1025}]), 50035),
    "empty message": ({"content": ""}, 50006),
}


REJECTED["components v2 with content"] = (
    {"content": "x", "flags": 1 << 15, "components": [{"type": 10, "content": "t"}]},
    50035,
)


@pytest.mark.parametrize("case", list(REJECTED))
async def test_rejected_channel_messages(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession, case: str
) -> None:
    payload, code = REJECTED[case]
    path = f"/channels/{guild.default_channel.id}/messages"
    status, body, response = await post(http, standin, path, payload)
    assert status == 400 and body["code"] == code, body
    assert response.headers["Content-Type"] == "application/json"
    if code == 50035:
        assert body["message"] == "Invalid Form Body" and body["errors"]
    [rejection] = standin.rejections
    assert rejection.status == 400 and rejection.route == "/channels/{channel_id}/messages"
    assert standin.messages() == []


async def test_valid_limits_are_accepted(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    payload = {
        "content": "x" * 2000,
        "components": [_row(*(_button(f"b{r}{i}", "x" * 80) for i in range(5))) for r in range(4)]
        + [_row(_select(options=25, max_values=25))],
        "embeds": [{"title": "x" * 256, "fields": [{"name": "n", "value": "x" * 1024}] * 3}],
    }
    path = f"/channels/{guild.default_channel.id}/messages"
    status, body, response = await post(http, standin, path, payload)
    assert status == 200, body
    assert response.headers["Content-Type"] == "application/json"
    [message] = standin.messages()
    assert body["id"] == str(message.id) and message.source == "channel"
    assert standin.rejections == []


async def test_multipart_payload_json_with_a_file(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "with file"}', content_type="application/json")
    form.add_field("files[0]", b"12345", filename="score.txt", content_type="text/plain")
    url = f"{standin.api_base}/channels/{guild.default_channel.id}/messages"
    headers = {"Authorization": f"Bot {standin.token}"}
    async with http.post(url, data=form, headers=headers) as response:
        body = await response.json()
    assert response.status == 200 and body["content"] == "with file"
    assert [(a["filename"], a["size"]) for a in body["attachments"]] == [("score.txt", 5)]


async def test_unhandled_routes_and_auth(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    status, body, _ = await post(http, standin, f"/guilds/{guild.id}/bans", None, "GET")
    assert status == 404 and body["code"] == 0
    assert standin.unhandled == [f"GET /guilds/{guild.id}/bans"]
    async with http.get(standin.api_base + "/users/@me", headers={"Authorization": "Bot no"}) as r:
        assert r.status == 401


async def test_rate_limit_headers_and_429(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    standin.set_rate_limit("POST /channels/{channel_id}/messages", 2, per=60)
    path = f"/channels/{guild.default_channel.id}/messages"
    status, _, first = await post(http, standin, path, {"content": "1"})
    assert status == 200 and first.headers["X-RateLimit-Remaining"] == "1"
    status, _, second = await post(http, standin, path, {"content": "2"})
    assert status == 200 and second.headers["X-RateLimit-Remaining"] == "0"
    status, body, third = await post(http, standin, path, {"content": "3"})
    assert status == 429 and third.headers["Via"] and body["retry_after"] > 0
    assert standin.rate_limited == 1 and len(standin.messages()) == 2


async def test_wait_for_message_wakes_on_creates_and_edits(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    mark = standin.mark()
    path = f"/channels/{guild.default_channel.id}/messages"
    waiter = asyncio.create_task(standin.wait_for_message(lambda m: "go" in m.content, since=mark))
    status, body, _ = await post(http, standin, path, {"content": "wait"})
    assert status == 200 and not waiter.done()
    await post(http, standin, f"{path}/{body['id']}", {"content": "go"}, "PATCH")
    message = await asyncio.wait_for(waiter, 5)
    assert message.id == int(body["id"]) and message.edit_count == 1


async def test_components_v2_and_old_message_edit_limit(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    container = {"type": 17, "components": [{"type": 10, "content": "table"}, _row(_button("a"))]}
    path = f"/channels/{guild.default_channel.id}/messages"
    status, body, _ = await post(http, standin, path, {"flags": 1 << 15, "components": [container]})
    assert status == 200, body
    message = standin.messages()[0]
    assert message.custom_ids() == ["a"] and "table" in message.text()
    standin.old_message_edit_limit = 1
    standin.advance_clock(3601)
    edit = {"components": [container | {"components": [{"type": 10, "content": "new"}]}]}
    status, body, _ = await post(http, standin, f"{path}/{message.id}", edit, "PATCH")
    assert status == 200, body
    status, body, _ = await post(http, standin, f"{path}/{message.id}", edit, "PATCH")
    assert status == 400 and body["code"] == 30046
    assert [r.code for r in standin.rejections] == [30046]


async def test_enforced_nonce_makes_posting_idempotent(standin: DiscordStandIn) -> None:
    guild = standin.add_guild("Nonce club")
    channel = guild.default_channel
    url = f"{standin.api_base}/channels/{channel.id}/messages"
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession() as http:
        ids = []
        for _ in range(2):
            body = {"content": "hello", "nonce": "kozel-result-1", "enforce_nonce": True}
            async with http.post(url, json=body, headers=headers) as resp:
                assert resp.status == 200
                ids.append((await resp.json())["id"])
        assert ids[0] == ids[1]
        assert len(standin.public_messages(channel)) == 1
        body = {"content": "hello", "nonce": "x" * 26, "enforce_nonce": True}
        async with http.post(url, json=body, headers=headers) as resp:
            assert resp.status == 400


async def test_a_components_v2_text_mention_notifies_as_content_does(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    # Discord notifies the users a text display mentions (allowed_mentions permitting):
    # the stand-in looked at content only, and a table message notifying a player who
    # turned pings off went unseen.
    alice = standin.add_user("alice")
    path = f"/channels/{guild.default_channel.id}/messages"

    def v2(allowed: dict[str, Any] | None) -> dict[str, Any]:
        text = {"type": 10, "content": f"▶️ <@{alice.id}> to lead"}
        body: dict[str, Any] = {
            "flags": 1 << 15,
            "components": [{"type": 17, "components": [text]}],
        }
        if allowed is not None:
            body["allowed_mentions"] = allowed
        return body

    for allowed, notified in (
        (None, [alice.id]),
        ({"parse": [], "users": [str(alice.id)]}, [alice.id]),
        ({"parse": []}, []),
    ):
        status, body, _ = await post(http, standin, path, v2(allowed))
        assert status == 200, body
        assert standin.messages()[-1].mentioned == notified, allowed


async def test_a_bot_without_the_channels_permissions_is_refused_as_discord_does(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    # The stand-in checked permissions only for threads: a bot that lost Attach Files
    # or Send Messages posted its table messages fine here and not on Discord.
    from standin.model import PERM_ATTACH_FILES, PERM_SEND_MESSAGES

    path = f"/channels/{guild.default_channel.id}/messages"
    headers = {"Authorization": f"Bot {standin.token}"}

    async def with_a_file() -> int:
        form = aiohttp.FormData()
        form.add_field(
            "payload_json", '{"content": "x", "attachments": [{"id": 0, "filename": "t.png"}]}'
        )
        form.add_field("files[0]", b"\x89PNG", filename="t.png", content_type="image/png")
        async with http.post(standin.api_base + path, data=form, headers=headers) as response:
            return response.status

    assert await with_a_file() == 200
    guild.bot_permissions &= ~PERM_ATTACH_FILES
    assert await with_a_file() == 403
    status, _, _ = await post(http, standin, path, {"content": "text only"})
    assert status == 200
    guild.bot_permissions &= ~PERM_SEND_MESSAGES
    status, body, _ = await post(http, standin, path, {"content": "text only"})
    assert status == 403 and body["code"] == 50013
