"""The stand-in's checks of application commands (a bulk overwrite) and of modals, as real
Discord refuses them."""

from __future__ import annotations

import functools
import json
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


@functools.cache
def _locales() -> frozenset[str]:
    """The locales Discord accepts as keys of ``*_localizations`` (the spec's enum)."""
    from standin.schema import SPEC_PATH

    spec = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    enum = spec["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"]
    return frozenset(str(e["const"]) for e in enum)


def _localizations(path: Path, item: Mapping[str, Any], *, command_name: bool) -> list[Violation]:
    """A command's or option's localised names and descriptions, held to the rules of the
    default ones (Discord: the same name rules, only the locales it knows)."""
    found: list[Violation] = []
    for field, is_name in (("name_localizations", True), ("description_localizations", False)):
        localised = item.get(field)
        if not isinstance(localised, Mapping):
            continue
        for locale, text in localised.items():
            here = (*path, field, locale)
            if locale not in _locales():
                found.append(Violation(here, "LOCALE_INVALID", f"Invalid locale {locale!r}"))
            elif is_name and command_name:
                ok = isinstance(text, str) and _COMMAND_NAME.match(text) and text == text.lower()
                if not ok:
                    found.append(
                        Violation(here, "APPLICATION_COMMAND_INVALID_NAME", "Invalid name")
                    )
            else:
                found += length_between(here, text, 1, 100)  # a description or a choice
    return found


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
    localised_names: set[tuple[str, str]] = set()
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
        found += _localizations(here, option, command_name=True)
        for locale, text in (option.get("name_localizations") or {}).items():
            if (locale, text) in localised_names:
                found.append(
                    Violation(
                        (*here, "name_localizations", locale),
                        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                        "Option names must be unique",
                    )
                )
            localised_names.add((locale, text))
        for j, choice in enumerate(option.get("choices") or []):
            if isinstance(choice, Mapping):
                found += _localizations((*here, "choices", j), choice, command_name=False)
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
            found += _localizations((i,), command, command_name=True)
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
