"""Payload validation rules of the Discord stand-in.

Each function returns a list of :class:`Violation` objects (empty when the payload is one real
Discord would accept).  :func:`form_body_error` turns them into Discord's ``Invalid Form Body``
error shape (``{"code": 50035, "message": "Invalid Form Body", "errors": {...}}``) and
:func:`describe` into a one-line, human readable description for ``DiscordStandIn.rejections``.

The limits are the documented ones (see ``/work/shared/notes/discord-facts.md``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "FLAG_EPHEMERAL",
    "FLAG_IS_COMPONENTS_V2",
    "FLAG_LOADING",
    "Violation",
    "describe",
    "form_body_error",
    "is_empty_message",
    "iter_components",
    "unresolved_attachments",
    "validate_commands",
    "validate_message",
    "validate_modal",
]

FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_IS_COMPONENTS_V2 = 1 << 15
# The flags a new message may carry (the rest are Discord's own or refused).
CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # bytes per file (a guild without boosts)
MAX_FILES = 10
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER_TEXT = 2048
MAX_AUTHOR_NAME = 256
MAX_ACTION_ROWS = 5
MAX_ROW_WIDTH = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_SELECT_VALUES = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_MODAL_TITLE = 45
MAX_MODAL_ROWS = 5

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
V2_TOP_LEVEL = frozenset({1, 9, 10, 12, 13, 14, 17})
LINK_STYLE = 5
PREMIUM_STYLE = 6

Path = tuple[str | int, ...]

_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


@dataclass(frozen=True)
class Violation:
    """One rule a payload breaks: where (``path``), Discord's error code and message."""

    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "<body>"
        return f"{where}: {self.message} ({self.code})"


def form_body_error(violations: Sequence[Violation], prefix: Path = ()) -> dict[str, Any]:
    """Discord's 400 body for ``violations``: ``errors`` nested by path, ``_errors`` leaves."""
    errors: dict[str, Any] = {}
    for violation in violations:
        node = errors
        for part in (*prefix, *violation.path):
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append(
            {"code": violation.code, "message": violation.message}
        )
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


def describe(violations: Sequence[Violation]) -> str:
    """A one-line description of ``violations``."""
    return "; ".join(str(v) for v in violations)


def _too_long(path: Path, value: Any, limit: int) -> list[Violation]:
    if isinstance(value, str) and len(value) > limit:
        return [Violation(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")]
    return []


def _length_between(path: Path, value: Any, low: int, high: int) -> list[Violation]:
    if value is None:
        return [Violation(path, "BASE_TYPE_REQUIRED", "This field is required")]
    if not isinstance(value, str):
        return [Violation(path, "STRING_TYPE_CONVERT", "Could not interpret value as string.")]
    if not low <= len(value) <= high:
        return [
            Violation(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
        ]
    return []


def iter_components(
    components: Any, path: Path = ("components",)
) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Yield ``(path, component)`` for every component, depth first (rows, containers, ...)."""
    if not isinstance(components, list):
        return
    for index, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        here = (*path, index)
        yield here, component
        yield from iter_components(component.get("components"), (*here, "components"))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield (*here, key), child
                yield from iter_components(child.get("components"), (*here, key, "components"))


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
        found += _too_long(("embeds", i, "title"), title, MAX_EMBED_TITLE)
        found += _too_long(("embeds", i, "description"), description, MAX_EMBED_DESCRIPTION)
        total += len(str(title)) + len(str(description))
        footer = embed.get("footer") or {}
        footer_text = (footer.get("text") or "") if isinstance(footer, dict) else ""
        found += _too_long(("embeds", i, "footer", "text"), footer_text, MAX_FOOTER_TEXT)
        author = embed.get("author") or {}
        author_name = (author.get("name") or "") if isinstance(author, dict) else ""
        found += _too_long(("embeds", i, "author", "name"), author_name, MAX_AUTHOR_NAME)
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
                found += _length_between(("embeds", i, "fields", j, key), text, 1, limit)
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


def _validate_button(path: Path, button: dict[str, Any]) -> list[Violation]:
    found: list[Violation] = []
    style = button.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        found.append(
            Violation((*path, "style"), "BASE_TYPE_CHOICES", "Value must be one of (1..6).")
        )
    if style == LINK_STYLE:
        if not button.get("url"):
            found.append(Violation((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required"))
        if button.get("custom_id") is not None:
            found.append(
                Violation(
                    (*path, "custom_id"),
                    "BUTTON_COMPONENT_LINK_CANNOT_HAVE_CUSTOM_ID",
                    "A link button cannot have a custom id",
                )
            )
    elif style == PREMIUM_STYLE:
        if not button.get("sku_id"):
            found.append(
                Violation((*path, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required")
            )
    else:
        found += _length_between((*path, "custom_id"), button.get("custom_id"), 1, MAX_CUSTOM_ID)
    if style != PREMIUM_STYLE and not button.get("label") and not button.get("emoji"):
        found.append(
            Violation(
                path,
                "BUTTON_COMPONENT_MUST_HAVE_LABEL_OR_EMOJI",
                "A button must have a label or an emoji",
            )
        )
    found += _too_long((*path, "label"), button.get("label"), MAX_BUTTON_LABEL)
    return found


def _validate_select(path: Path, select: dict[str, Any]) -> list[Violation]:
    found = _length_between((*path, "custom_id"), select.get("custom_id"), 1, MAX_CUSTOM_ID)
    found += _too_long((*path, "placeholder"), select.get("placeholder"), MAX_PLACEHOLDER)
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if not isinstance(min_values, int) or not 0 <= min_values <= MAX_SELECT_VALUES:
        found.append(
            Violation(
                (*path, "min_values"),
                "NUMBER_TYPE_MAX",
                f"int value should be between 0 and {MAX_SELECT_VALUES}.",
            )
        )
    if not isinstance(max_values, int) or not 1 <= max_values <= MAX_SELECT_VALUES:
        found.append(
            Violation(
                (*path, "max_values"),
                "NUMBER_TYPE_MAX",
                f"int value should be between 1 and {MAX_SELECT_VALUES}.",
            )
        )
    elif isinstance(min_values, int) and min_values > max_values:
        found.append(
            Violation(
                (*path, "min_values"),
                "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
                "min_values must be less than or equal to max_values",
            )
        )
    if select.get("type") == STRING_SELECT:
        options = select.get("options")
        if not isinstance(options, list) or not 1 <= len(options) <= MAX_SELECT_OPTIONS:
            found.append(
                Violation(
                    (*path, "options"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {MAX_SELECT_OPTIONS} in length.",
                )
            )
            options = options if isinstance(options, list) else []
        values: set[str] = set()
        for k, option in enumerate(options):
            here = (*path, "options", k)
            if not isinstance(option, dict):
                found.append(Violation(here, "DICT_TYPE_CONVERT", "Only dictionaries are allowed."))
                continue
            found += _length_between((*here, "label"), option.get("label"), 1, MAX_OPTION_TEXT)
            found += _length_between((*here, "value"), option.get("value"), 1, MAX_OPTION_TEXT)
            found += _too_long((*here, "description"), option.get("description"), MAX_OPTION_TEXT)
            value = option.get("value")
            if isinstance(value, str):
                if value in values:
                    found.append(
                        Violation(
                            (*here, "value"),
                            "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                            "Select component option values must be unique",
                        )
                    )
                values.add(value)
    return found


def _validate_row(path: Path, row: dict[str, Any]) -> list[Violation]:
    children = row.get("components")
    if not isinstance(children, list) or not 1 <= len(children) <= MAX_ROW_WIDTH:
        return [
            Violation(
                (*path, "components"),
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 1 and {MAX_ROW_WIDTH} in length.",
            )
        ]
    types = [c.get("type") for c in children if isinstance(c, dict)]
    if any(t in SELECT_TYPES for t in types) and len(children) > 1:
        return [
            Violation(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        ]
    return []


def _validate_components(components: Any, flags: int) -> list[Violation]:
    if components is None:
        return []
    if not isinstance(components, list):
        return [Violation(("components",), "LIST_TYPE_CONVERT", "Must be an array.")]
    found: list[Violation] = []
    v2 = bool(flags & FLAG_IS_COMPONENTS_V2)
    if v2:
        total = sum(1 for _ in iter_components(components))
        if total > MAX_V2_COMPONENTS:
            found.append(
                Violation(
                    ("components",),
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {MAX_V2_COMPONENTS} or fewer components in total.",
                )
            )
    elif len(components) > MAX_ACTION_ROWS:
        found.append(
            Violation(
                ("components",),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_ACTION_ROWS} or fewer in length.",
            )
        )
    allowed_top = V2_TOP_LEVEL if v2 else frozenset({1})
    for index, top in enumerate(components):
        if not isinstance(top, dict) or top.get("type") not in allowed_top:
            found.append(
                Violation(
                    ("components", index, "type"),
                    "UNION_TYPE_CHOICES",
                    f'Value of field "type" must be one of {tuple(sorted(allowed_top))}.',
                )
            )
    seen: dict[str, Path] = {}
    text_total = 0
    for path, component in iter_components(components):
        kind = component.get("type")
        if kind == 1:
            found += _validate_row(path, component)
        elif kind == BUTTON:
            found += _validate_button(path, component)
        elif kind in SELECT_TYPES:
            found += _validate_select(path, component)
        elif kind == 10:
            text_total += len(str(component.get("content") or ""))
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                found.append(
                    Violation(
                        (*path, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        f"Component custom id cannot be duplicated ({custom_id!r})",
                    )
                )
            seen[custom_id] = path
    if text_total > MAX_V2_TEXT:
        found.append(
            Violation(
                ("components",),
                "BASE_TYPE_MAX_LENGTH",
                f"Text display content must be {MAX_V2_TEXT} or fewer characters in total.",
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
    found += _too_long(("content",), content, MAX_CONTENT)
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
    found += _validate_components(message.get("components"), flags)
    return found


def validate_modal(data: Mapping[str, Any]) -> list[Violation]:
    """Form-body violations of a MODAL (type 9) callback's ``data``."""
    found = _length_between(("custom_id",), data.get("custom_id"), 1, MAX_CUSTOM_ID)
    found += _length_between(("title",), data.get("title"), 1, MAX_MODAL_TITLE)
    components = data.get("components")
    if not isinstance(components, list) or not 1 <= len(components) <= MAX_MODAL_ROWS:
        found.append(
            Violation(
                ("components",),
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 1 and {MAX_MODAL_ROWS} in length.",
            )
        )
        return found
    seen: set[str] = set()
    for path, component in iter_components(components):
        kind = component.get("type")
        if kind == TEXT_INPUT:
            found += _length_between((*path, "custom_id"), component.get("custom_id"), 1, 100)
            found += _too_long((*path, "label"), component.get("label"), 45)
            found += _too_long((*path, "placeholder"), component.get("placeholder"), 100)
            found += _too_long((*path, "value"), component.get("value"), 4000)
        elif kind == 18:
            found += _length_between((*path, "label"), component.get("label"), 1, 45)
            found += _too_long((*path, "description"), component.get("description"), 100)
        elif kind in SELECT_TYPES:
            found += _validate_select(path, component)
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                found.append(
                    Violation(
                        (*path, "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        f"Component custom id cannot be duplicated ({custom_id!r})",
                    )
                )
            seen.add(custom_id)
    return found


def _validate_options(path: Path, options: Any, depth: int) -> list[Violation]:
    found: list[Violation] = []
    if options is None:
        return found
    if not isinstance(options, list) or len(options) > 25:
        return [Violation(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")]
    seen_optional = False
    names: set[str] = set()
    for i, option in enumerate(options):
        here = (*path, i)
        if not isinstance(option, dict):
            found.append(Violation(here, "DICT_TYPE_CONVERT", "Only dictionaries are allowed."))
            continue
        name = option.get("name")
        if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name != name.lower():
            found.append(
                Violation((*here, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Invalid name")
            )
        elif name in names:
            found.append(
                Violation(
                    (*here, "name"),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        else:
            names.add(name)
        found += _length_between((*here, "description"), option.get("description"), 1, 100)
        kind = option.get("type")
        if kind in (1, 2):
            if depth >= 2 or (kind == 2 and depth >= 1):
                found.append(
                    Violation((*here, "type"), "APPLICATION_COMMAND_TOO_DEEP", "Nesting too deep")
                )
            found += _validate_options((*here, "options"), option.get("options"), depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                found.append(
                    Violation(
                        (*here, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
        choices = option.get("choices")
        if isinstance(choices, list) and len(choices) > 25:
            found.append(
                Violation(
                    (*here, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            )
    return found


def validate_commands(commands: Any) -> list[Violation]:
    """Form-body violations of a bulk command overwrite (a list of application commands)."""
    if not isinstance(commands, list):
        return [Violation((), "LIST_TYPE_CONVERT", "Must be an array.")]
    found: list[Violation] = []
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        if not isinstance(command, dict):
            found.append(Violation((i,), "DICT_TYPE_CONVERT", "Only dictionaries are allowed."))
            continue
        kind = command.get("type", 1)
        name = command.get("name")
        if kind == 1:
            if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name != name.lower():
                found.append(
                    Violation((i, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Invalid name")
                )
            found += _length_between((i, "description"), command.get("description"), 1, 100)
            found += _validate_options((i, "options"), command.get("options"), 0)
        else:
            found += _length_between((i, "name"), name, 1, 32)
        key = (int(kind), str(name))
        if key in seen:
            found.append(
                Violation(
                    (i, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique ({name!r})",
                )
            )
        seen.add(key)
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
