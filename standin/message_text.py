"""What a test reads off a recorded message: a component's custom id, a menu's moves, the
text of its embeds and text displays, a game summary's number and fields."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from standin.limits import iter_components
from standin.records import RecordedMessage

__all__ = [
    "embed_text",
    "field_values",
    "find_id",
    "forced_value",
    "move_options",
    "payload_summary_number",
    "select_options",
    "summary_number",
    "text_displays",
]


def find_id(message: RecordedMessage, pattern: str) -> str:
    for cid in message.custom_ids():
        if re.fullmatch(pattern, cid):
            return cid
    raise AssertionError(
        f"no component {pattern!r} on message {message.id}: {message.custom_ids()}"
    )


def forced_value(custom_id: str) -> str:
    """The move a one-move button plays (the end of its custom id: ``beat:10h``)."""
    return ":".join(custom_id.split(":")[-2:])


def move_options(message: RecordedMessage, custom_id: str) -> list[dict[str, Any]]:
    """The moves a board offers through ``custom_id``: its menu's options, or the one move
    of its one-move button (as an option: ``value``)."""
    if custom_id.startswith("kozel:move:"):
        return [{"value": forced_value(custom_id)}]
    return select_options(message, custom_id)


def select_options(message: RecordedMessage, custom_id: str) -> list[dict[str, Any]]:
    component = message.component(custom_id)
    assert component is not None
    return list(component.get("options") or [])


def embed_text(message: RecordedMessage) -> str:
    """The message's text: content, embeds, and the text displays of a components v2 layout."""
    parts = [message.content]
    for e in message.embeds:
        parts += [str(e.get("title", "")), str(e.get("description", ""))]
        for f in e.get("fields") or []:
            parts += [str(f.get("name", "")), str(f.get("value", ""))]
        parts.append(str((e.get("footer") or {}).get("text", "")))
    parts += text_displays(message)
    return "\n".join(parts)


def summary_number(message: RecordedMessage) -> int | None:
    """The game number of a game's summary post ("Game N is over" as an embed's title), or
    None: the table message, which says the same in its text, is not a summary."""
    return payload_summary_number(message.payload)


def payload_summary_number(payload: Any) -> int | None:
    """:func:`summary_number` of a message's JSON (a request's body or Discord's answer, as
    a hold's ``when`` gets it)."""
    embeds = payload.get("embeds") if isinstance(payload, dict) else None
    for e in embeds or []:
        found = re.fullmatch(r"Game (\d+) is over", str(e.get("title", "")))
        if found:
            return int(found[1])
    return None


def field_values(message: RecordedMessage, name: str) -> list[str]:
    """The values of the embed fields called ``name`` (e.g. a summary's "League rating")."""
    return [
        str(f["value"]) for e in message.embeds for f in e.get("fields") or [] if f["name"] == name
    ]


def text_displays(message: RecordedMessage, version: int = -1) -> list[str]:
    """The contents of the text displays (components v2) of ``versions[version]``, in order."""
    return displays_of(message.versions[version])


def displays_of(payload: Mapping[str, Any]) -> list[str]:
    """The contents of a message payload's text displays (type 10), at any depth, in order."""
    return [
        str(c.get("content") or "")
        for _path, c in iter_components(payload.get("components"))
        if c.get("type") == 10
    ]
