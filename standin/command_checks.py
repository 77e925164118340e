"""The stand-in's checks of application commands (a bulk overwrite) and of modals, as real
Discord refuses them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from standin.component_checks import custom_id_clash, validate_select
from standin.limits import (
    MAX_CUSTOM_ID,
    MAX_MODAL_ROWS,
    MAX_MODAL_TITLE,
    SELECT_TYPES,
    TEXT_INPUT,
    Path,
    Violation,
    iter_components,
    length_between,
    too_long,
)

__all__ = ["validate_commands", "validate_modal"]

_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def validate_modal(data: Mapping[str, Any]) -> list[Violation]:
    """Form-body violations of a MODAL (type 9) callback's ``data``."""
    found = length_between(("custom_id",), data.get("custom_id"), 1, MAX_CUSTOM_ID)
    found += length_between(("title",), data.get("title"), 1, MAX_MODAL_TITLE)
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
            found += length_between((*path, "custom_id"), component.get("custom_id"), 1, 100)
            found += too_long((*path, "label"), component.get("label"), 45)
            found += too_long((*path, "placeholder"), component.get("placeholder"), 100)
            found += too_long((*path, "value"), component.get("value"), 4000)
        elif kind == 18:
            found += length_between((*path, "label"), component.get("label"), 1, 45)
            found += too_long((*path, "description"), component.get("description"), 100)
        elif kind in SELECT_TYPES:
            found += validate_select(path, component)
        found += custom_id_clash(path, component, seen)
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
        found += length_between((*here, "description"), option.get("description"), 1, 100)
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
            found += length_between((i, "description"), command.get("description"), 1, 100)
            found += _validate_options((i, "options"), command.get("options"), 0)
        else:
            found += length_between((i, "name"), name, 1, 32)
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
