"""The stand-in refuses what Discord refuses (emojis, the OpenAPI schema) and learns uploads
and components v2; driven by raw HTTP (test_checks_discord_py.py drives it with a real
discord.py client)."""

from __future__ import annotations

import base64
import json
from typing import Any

import aiohttp

from standin.discord_standin import DiscordStandIn, StandInGuild
from standin.schema import openapi_spec
from tests.standin.helpers import PNG


async def call(
    http: aiohttp.ClientSession,
    standin: DiscordStandIn,
    method: str,
    path: str,
    body: Any = None,
    files: dict[str, tuple[str, bytes, str]] | None = None,
) -> tuple[int, Any]:
    headers = {"Authorization": f"Bot {standin.token}"}
    data: aiohttp.FormData | None = None
    if files is not None:
        data = aiohttp.FormData(quote_fields=False)
        data.add_field("payload_json", json.dumps(body), content_type="application/json")
        for field, (filename, content, content_type) in files.items():
            data.add_field(field, content, filename=filename, content_type=content_type)
    kwargs: dict[str, Any] = {"data": data} if data is not None else {"json": body}
    async with http.request(method, standin.api_base + path, headers=headers, **kwargs) as resp:
        if resp.status == 204:
            return 204, None
        return resp.status, await resp.json(content_type=None)


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _button(custom_id: str, emoji: dict[str, Any] | None = None) -> dict[str, Any]:
    button: dict[str, Any] = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    if emoji is not None:
        button["emoji"] = emoji
    return button


def _leaf(errors: dict[str, Any], path: str) -> list[dict[str, Any]]:
    node = errors
    for part in path.split("."):
        node = node[part]
    return list(node["_errors"])


# ---------------------------------------------------------------------------- emojis


async def test_unknown_unicode_button_emoji_gets_discords_error(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    path = f"/channels/{guild.default_channel.id}/messages"
    body = {"components": [_row(_button("a", {"name": "🃏"}), _button("b", {"name": "🂠"}))]}
    status, answer = await call(http, standin, "POST", path, body)
    assert status == 400 and answer["code"] == 50035 and answer["message"] == "Invalid Form Body"
    assert _leaf(answer["errors"], "components.0.components.1.emoji.name") == [
        {"code": "BUTTON_COMPONENT_INVALID_EMOJI", "message": "Invalid emoji"}
    ]
    assert list(answer["errors"]["components"]["0"]["components"]) == ["1"]  # 🃏 is fine
    assert standin.messages() == [] and len(standin.rejections) == 1


async def test_select_option_and_v2_accessory_emojis_are_checked(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    path = f"/channels/{guild.default_channel.id}/messages"
    options = [
        {"label": "ok", "value": "1", "emoji": {"name": "♠️"}},
        {"label": "bad", "value": "2", "emoji": {"name": "🂡"}},
    ]
    select = {"type": 3, "custom_id": "s", "options": options}
    status, answer = await call(http, standin, "POST", path, {"components": [_row(select)]})
    assert status == 400
    assert _leaf(answer["errors"], "components.0.components.0.options.1.emoji.name")[0]["code"] == (
        "BUTTON_COMPONENT_INVALID_EMOJI"
    )
    section = {
        "type": 9,
        "components": [{"type": 10, "content": "Your turn"}],
        "accessory": _button("hand", {"name": "🂠"}),
    }
    v2 = {"flags": 1 << 15, "components": [{"type": 17, "components": [section]}]}
    status, answer = await call(http, standin, "POST", path, v2)
    assert status == 400
    where = "components.0.components.0.accessory.emoji.name"
    assert _leaf(answer["errors"], where)[0]["code"] == "BUTTON_COMPONENT_INVALID_EMOJI"


async def test_custom_emojis_must_be_the_applications_or_the_guilds(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    path = f"/channels/{guild.default_channel.id}/messages"
    unknown = {"components": [_row(_button("a", {"id": "123456789012345678", "name": "ace"}))]}
    status, answer = await call(http, standin, "POST", path, unknown)
    assert status == 400
    assert _leaf(answer["errors"], "components.0.components.0.emoji.id")[0]["code"] == (
        "BUTTON_COMPONENT_INVALID_EMOJI"
    )
    own = standin.add_guild_emoji(guild, "goat")
    status, created = await call(
        http,
        standin,
        "POST",
        f"/applications/{standin.application_id}/emojis",
        {"name": "card_AS", "image": "data:image/png;base64," + base64.b64encode(PNG).decode()},
    )
    assert status == 201, created
    body = {
        "content": f"<:card_AS:{created['id']}> wins",
        "components": [
            _row(
                _button("a", {"id": own["id"], "name": "goat"}),
                _button("b", {"id": created["id"], "name": "card_AS"}),
            )
        ],
    }
    status, answer = await call(http, standin, "POST", path, body)
    assert status == 200, answer
    status, answer = await call(http, standin, "POST", path, {"content": "<:nope:42> wins"})
    assert status == 400
    assert _leaf(answer["errors"], "content")[0]["code"] == "STANDIN_INVALID_EMOJI_IN_TEXT"


async def test_text_emojis_are_checked(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    path = f"/channels/{guild.default_channel.id}/messages"
    status, answer = await call(http, standin, "POST", path, {"content": "9♣ J♠ ♥ ♦ 🃏 🐐 ✅"})
    assert status == 200, answer
    embed = {"title": "Table", "fields": [{"name": "Discards", "value": "🂠 🂠"}]}
    status, answer = await call(http, standin, "POST", path, {"embeds": [embed]})
    assert status == 400
    [error, _] = _leaf(answer["errors"], "embeds.0.fields.0.value")
    assert error["code"] == "STANDIN_INVALID_EMOJI_IN_TEXT" and "U+1F0A0" in error["message"]


# ---------------------------------------------------------------------------- OpenAPI schema


async def test_a_body_the_openapi_schema_refuses_gets_50035(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    path = f"/channels/{guild.default_channel.id}/messages"
    status, answer = await call(http, standin, "POST", path, {"content": "hi", "tts": "loud"})
    assert status == 400 and answer["code"] == 50035
    [error] = _leaf(answer["errors"], "tts")
    assert error["code"] == "BASE_TYPE_INVALID" and "OpenAPI" in error["message"]
    bad_button = {"type": 2, "label": "no style", "custom_id": "x"}  # style is required
    status, answer = await call(http, standin, "POST", path, {"components": [_row(bad_button)]})
    assert status == 400 and answer["code"] == 50035
    assert "OpenAPI" in json.dumps(answer["errors"])
    assert [r.code for r in standin.rejections] == [50035, 50035]
    assert standin.messages() == []


def test_the_spec_covers_every_body_route_and_validators_are_cached() -> None:
    spec = openapi_spec()
    for method, template in [
        ("POST", "/channels/{channel_id}/messages"),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
        ("POST", "/interactions/{interaction_id}/{token}/callback"),
        ("POST", "/webhooks/{application_id}/{token}"),
        ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}"),
        ("PUT", "/applications/{application_id}/commands"),
        ("POST", "/applications/{application_id}/emojis"),
        ("PATCH", "/applications/{application_id}/emojis/{emoji_id}"),
    ]:
        validator = spec.validator(method, template)
        assert validator is not None, (method, template)
        assert spec.validator(method, template) is validator
    body = {"content": "x", "components": [_row(_button("a", {"name": "🃏"}))]}
    template = "/channels/{channel_id}/messages"
    assert spec.violations("POST", template, body) == []
    broken = {"content": 5, "components": [_row({"type": 2, "label": "x", "custom_id": "a"})]}
    found = {(v.path, v.code) for v in spec.violations("POST", template, broken)}
    assert found == {
        (("content",), "BASE_TYPE_INVALID"),
        (("components", 0, "components", 0), "BASE_TYPE_REQUIRED"),  # no style
    }


# ---------------------------------------------------------------------------- uploads


async def test_uploads_are_stored_and_kept_or_removed_on_edit(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    path = f"/channels/{guild.default_channel.id}/messages"
    body = {"content": "table", "attachments": [{"id": 0, "description": "the table"}]}
    files = {
        "files[0]": ("table.png", PNG, "image/png"),
        "files[1]": ("log.txt", b"1", "text/plain"),
    }
    status, created = await call(http, standin, "POST", path, body, files)
    assert status == 200, created
    [message] = standin.messages()
    png, log = message.attachments()
    assert (png.filename, png.content_type, png.data, png.description) == (
        "table.png",
        "image/png",
        PNG,
        "the table",
    )
    assert (log.filename, log.data) == ("log.txt", b"1")
    async with http.get(created["attachments"][0]["url"]) as resp:
        assert resp.status == 200 and await resp.read() == PNG
    # Keep the log, replace the picture (API v10: list what stays, new files by index).
    keep = {"id": str(log.id)}
    edit = {"attachments": [keep, {"id": 0}]}
    new_png = PNG + b"2"
    status, _ = await call(
        http,
        standin,
        "PATCH",
        f"{path}/{message.id}",
        edit,
        {"files[0]": ("t2.png", new_png, "image/png")},
    )
    assert status == 200
    assert [a.filename for a in message.attachments()] == ["log.txt", "t2.png"]
    assert message.attachment("t2.png").data == new_png
    assert message.attachment("table.png", version=0).data == PNG  # history keeps old files
    status, _ = await call(http, standin, "PATCH", f"{path}/{message.id}", {"content": "x"})
    assert [a.filename for a in message.attachments()] == ["log.txt", "t2.png"]  # not listed: kept
    status, _ = await call(http, standin, "PATCH", f"{path}/{message.id}", {"attachments": []})
    assert message.attachments() == []
    versions = standin.message_versions()
    assert [len(v.attachments) for v in versions] == [2, 2, 2, 0]
    assert all(v.visible_to is None and v.message is message for v in versions)


# ---------------------------------------------------------------------------- components v2


async def test_components_v2_rules(
    standin: DiscordStandIn, guild: StandInGuild, http: aiohttp.ClientSession
) -> None:
    path = f"/channels/{guild.default_channel.id}/messages"
    text = {"type": 10, "content": "Alice's turn"}
    with_content = {"flags": 1 << 15, "content": "old style", "components": [text]}
    status, answer = await call(http, standin, "POST", path, with_content)
    assert status == 400 and answer["code"] == 50035
    too_many = {"flags": 1 << 15, "components": [{"type": 17, "components": [text] * 40}]}
    status, answer = await call(http, standin, "POST", path, too_many)
    assert status == 400 and "40" in json.dumps(answer)
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://table.png"}}]}
    missing = {"flags": 1 << 15, "components": [{"type": 17, "components": [text, gallery]}]}
    status, answer = await call(http, standin, "POST", path, missing)
    assert status == 400
    assert "STANDIN_UNKNOWN_ATTACHMENT" in json.dumps(answer["errors"])
    status, answer = await call(
        http, standin, "POST", path, missing, {"files[0]": ("table.png", PNG, "image/png")}
    )
    assert status == 200, answer
    [message] = standin.messages()
    assert message.attachment("table.png").data == PNG
    assert standin.message_versions()[0].components_v2
