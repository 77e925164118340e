"""Emoji checks of the Discord stand-in: component emojis and emojis in message text.

Discord refuses a message whose button or select option carries an emoji it does not know
(``400``, code 50035, ``BUTTON_COMPONENT_INVALID_EMOJI`` at ``...emoji.name`` / ``...emoji.id``).
A Unicode emoji must be in Unicode's emoji list (the maintained ``emoji`` package, not a list typed
here); a custom emoji (``{"id", "name"}``) must be one of the application's own emojis or of the
message's guild.

In text (content, embeds, text displays) the stand-in is stricter than Discord, which shows any
character: a custom emoji mention ``<:name:id>`` must be known (Discord would show ``:name:``), and
a pictographic character that is not an emoji (e.g. 🂠 U+1F0A0) is refused as well, because
clients draw it as a small glyph or a box.  These text findings use the code
``STANDIN_INVALID_EMOJI_IN_TEXT`` so they are never mistaken for a Discord answer.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import Any

import emoji as emoji_data

from standin.limits import FLAG_IS_COMPONENTS_V2, Path, Violation, iter_components

__all__ = [
    "CUSTOM_EMOJI_MENTION",
    "INVALID_COMPONENT_EMOJI",
    "INVALID_TEXT_EMOJI",
    "is_unicode_emoji",
    "message_emoji_violations",
]

INVALID_COMPONENT_EMOJI = "BUTTON_COMPONENT_INVALID_EMOJI"
INVALID_TEXT_EMOJI = "STANDIN_INVALID_EMOJI_IN_TEXT"
CUSTOM_EMOJI_MENTION = re.compile(r"<a?:(?P<name>\w{2,32}):(?P<id>\d{1,20})>")

# The supplementary pictographic planes' blocks (U+1F000..U+1FAFF: mahjong, domino and playing
# card tiles, pictographs): a character from them that is not (part of) an emoji is suspicious in
# text.  Symbols of the basic plane (arrows, ★, ✓) are ordinary text and are not checked.
_PICTOGRAPHIC = (0x1F000, 0x1FAFF)


def is_unicode_emoji(text: str) -> bool:
    """True when ``text`` is exactly one emoji of Unicode's emoji list."""
    return bool(text) and emoji_data.is_emoji(text)


def _is_pictographic(char: str) -> bool:
    low, high = _PICTOGRAPHIC
    return low <= ord(char) <= high


def _component_emoji(path: Path, value: Any, known_custom: Collection[int]) -> list[Violation]:
    if value is None:
        return []
    if not isinstance(value, Mapping):
        return [Violation(path, "DICT_TYPE_CONVERT", "Only dictionaries are allowed.")]
    emoji_id = value.get("id")
    if emoji_id is not None:
        if not str(emoji_id).isdigit() or int(emoji_id) not in known_custom:
            return [Violation((*path, "id"), INVALID_COMPONENT_EMOJI, "Invalid emoji")]
        return []
    name = value.get("name")
    if not isinstance(name, str) or not is_unicode_emoji(name):
        return [Violation((*path, "name"), INVALID_COMPONENT_EMOJI, "Invalid emoji")]
    return []


def _text_emoji(path: Path, text: Any, known_custom: Collection[int]) -> list[Violation]:
    if not isinstance(text, str) or not text:
        return []
    found: list[Violation] = []
    for match in CUSTOM_EMOJI_MENTION.finditer(text):
        if int(match["id"]) not in known_custom:
            found.append(
                Violation(path, INVALID_TEXT_EMOJI, f"Unknown custom emoji {match.group(0)}")
            )
    covered: set[int] = set()
    for hit in emoji_data.emoji_list(text):
        covered.update(range(hit["match_start"], hit["match_end"]))
    for index, char in enumerate(text):
        if index not in covered and _is_pictographic(char):
            found.append(
                Violation(
                    path,
                    INVALID_TEXT_EMOJI,
                    f"U+{ord(char):04X} is not an emoji of Unicode's emoji list",
                )
            )
    return found


def _texts(message: Mapping[str, Any]) -> Iterator[tuple[Path, Any]]:
    yield ("content",), message.get("content")
    embeds = message.get("embeds")
    for i, embed in enumerate(embeds if isinstance(embeds, list) else []):
        if not isinstance(embed, Mapping):
            continue
        for key in ("title", "description"):
            yield ("embeds", i, key), embed.get(key)
        for j, field in enumerate(embed.get("fields") or []):
            if isinstance(field, Mapping):
                yield ("embeds", i, "fields", j, "name"), field.get("name")
                yield ("embeds", i, "fields", j, "value"), field.get("value")
        for part, key in (("footer", "text"), ("author", "name")):
            holder = embed.get(part)
            if isinstance(holder, Mapping):
                yield ("embeds", i, part, key), holder.get(key)


def message_emoji_violations(
    message: Mapping[str, Any], known_custom: Collection[int]
) -> list[Violation]:
    """Unknown emojis in ``message`` (a complete message payload): components and text."""
    found: list[Violation] = []
    for path, component in iter_components(message.get("components")):
        found += _component_emoji((*path, "emoji"), component.get("emoji"), known_custom)
        options = component.get("options")
        for k, option in enumerate(options if isinstance(options, list) else []):
            if isinstance(option, Mapping):
                here = (*path, "options", k, "emoji")
                found += _component_emoji(here, option.get("emoji"), known_custom)
        if component.get("type") == 10:
            found += _text_emoji((*path, "content"), component.get("content"), known_custom)
    flags = message.get("flags")
    if not (isinstance(flags, int) and flags & FLAG_IS_COMPONENTS_V2):
        for path, text in _texts(message):
            found += _text_emoji(path, text, known_custom)
    return found
