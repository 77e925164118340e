"""Payload validation rules of the Discord stand-in: whole messages (content, embeds, their
components through :mod:`standin.component_checks`) and their attachments.

Each function returns a list of :class:`~standin.limits.Violation` objects (empty when the
payload is one real Discord would accept); :mod:`standin.limits` holds the limits and turns
violations into Discord's error shape, :mod:`standin.command_checks` checks commands and
modals.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from standin.component_checks import validate_components
from standin.limits import (
    FLAG_IS_COMPONENTS_V2,
    MAX_AUTHOR_NAME,
    MAX_CONTENT,
    MAX_EMBED_DESCRIPTION,
    MAX_EMBED_FIELDS,
    MAX_EMBED_TITLE,
    MAX_EMBED_TOTAL,
    MAX_EMBEDS,
    MAX_FIELD_NAME,
    MAX_FIELD_VALUE,
    MAX_FOOTER_TEXT,
    Path,
    Violation,
    iter_components,
    length_between,
    too_long,
)

__all__ = ["is_empty_message", "unresolved_attachments", "validate_message"]


def _validate_embeds(embeds: Any) -> list[Violation]:
    if embeds is None:
        return []
    if not isinstance(embeds, list):
        return [Violation(("embeds",), "LIST_TYPE_CONVERT", "Must be an array.")]
    found: list[Violation] = []
    if len(embeds) > MAX_EMBEDS:
        found.append(
            Violation(
                ("embeds",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length."
            )
        )
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            found.append(
                Violation(("embeds", i), "DICT_TYPE_CONVERT", "Only dictionaries are allowed.")
            )
            continue
        title = embed.get("title") or ""
        description = embed.get("description") or ""
        found += too_long(("embeds", i, "title"), title, MAX_EMBED_TITLE)
        found += too_long(("embeds", i, "description"), description, MAX_EMBED_DESCRIPTION)
        total += len(str(title)) + len(str(description))
        footer = embed.get("footer") or {}
        footer_text = (footer.get("text") or "") if isinstance(footer, dict) else ""
        found += too_long(("embeds", i, "footer", "text"), footer_text, MAX_FOOTER_TEXT)
        author = embed.get("author") or {}
        author_name = (author.get("name") or "") if isinstance(author, dict) else ""
        found += too_long(("embeds", i, "author", "name"), author_name, MAX_AUTHOR_NAME)
        total += len(str(footer_text)) + len(str(author_name))
        fields = embed.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            found.append(
                Violation(
                    ("embeds", i, "fields"),
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {MAX_EMBED_FIELDS} or fewer in length.",
                )
            )
        for j, field in enumerate(fields):
            name = field.get("name") if isinstance(field, dict) else None
            value = field.get("value") if isinstance(field, dict) else None
            for key, text, limit in (
                ("name", name, MAX_FIELD_NAME),
                ("value", value, MAX_FIELD_VALUE),
            ):
                found += length_between(("embeds", i, "fields", j, key), text, 1, limit)
            total += len(str(name or "")) + len(str(value or ""))
    if total > MAX_EMBED_TOTAL:
        found.append(
            Violation(
                ("embeds",),
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
            )
        )
    return found


def is_empty_message(message: Mapping[str, Any]) -> bool:
    """True when ``message`` has no content, embeds, components, attachments, stickers or poll."""
    content = message.get("content")
    return not (
        (isinstance(content, str) and content.strip())
        or message.get("embeds")
        or message.get("components")
        or message.get("attachments")
        or message.get("sticker_ids")
        or message.get("poll")
    )


def validate_message(message: Mapping[str, Any]) -> list[Violation]:
    """Form-body violations of a complete (created or merged-after-edit) message payload."""
    found: list[Violation] = []
    content = message.get("content")
    if content is not None and not isinstance(content, str):
        found.append(Violation(("content",), "STRING_TYPE_CONVERT", "Could not interpret value."))
    found += too_long(("content",), content, MAX_CONTENT)
    flags = message.get("flags") or 0
    if not isinstance(flags, int):
        found.append(Violation(("flags",), "NUMBER_TYPE_COERCE", "Value is not int."))
        flags = 0
    if flags & FLAG_IS_COMPONENTS_V2 and (content or message.get("embeds")):
        found.append(
            Violation(
                ("content",),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with IS_COMPONENTS_V2",
            )
        )
    found += _validate_embeds(message.get("embeds"))
    found += validate_components(message.get("components"), flags)
    return found


def _media_urls(components: Any) -> Iterator[tuple[Path, Any]]:
    for path, component in iter_components(components):
        kind = component.get("type")
        if kind == 11:  # thumbnail
            yield (*path, "media", "url"), (component.get("media") or {}).get("url")
        elif kind == 12:  # media gallery
            for i, item in enumerate(component.get("items") or []):
                if isinstance(item, dict):
                    url = (item.get("media") or {}).get("url")
                    yield (*path, "items", i, "media", "url"), url
        elif kind == 13:  # file
            yield (*path, "file", "url"), (component.get("file") or {}).get("url")


def unresolved_attachments(message: Mapping[str, Any]) -> list[Violation]:
    """``attachment://name`` media references (components v2) naming no attachment of ``message``.

    A stand-in check (code ``STANDIN_UNKNOWN_ATTACHMENT``): Discord would show a broken picture.
    """
    attachments = message.get("attachments") or []
    names = {str(a.get("filename")) for a in attachments if isinstance(a, dict)}
    found: list[Violation] = []
    for path, url in _media_urls(message.get("components")):
        wanted = url.removeprefix("attachment://") if isinstance(url, str) else None
        if wanted is not None and wanted != url and wanted not in names:
            found.append(Violation(path, "STANDIN_UNKNOWN_ATTACHMENT", f"No attachment for {url}"))
    return found
