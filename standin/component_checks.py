"""The stand-in's checks of message components: rows, buttons, selects, and the totals of a
components-v2 message (how many components, how much text), as real Discord refuses them."""

from __future__ import annotations

from typing import Any

from standin.limits import (
    BUTTON,
    FLAG_IS_COMPONENTS_V2,
    LINK_STYLE,
    MAX_ACTION_ROWS,
    MAX_BUTTON_LABEL,
    MAX_CUSTOM_ID,
    MAX_OPTION_TEXT,
    MAX_PLACEHOLDER,
    MAX_ROW_WIDTH,
    MAX_SELECT_OPTIONS,
    MAX_SELECT_VALUES,
    MAX_V2_COMPONENTS,
    MAX_V2_TEXT,
    PREMIUM_STYLE,
    SELECT_TYPES,
    STRING_SELECT,
    V2_TOP_LEVEL,
    Path,
    Violation,
    iter_components,
    length_between,
    too_long,
)


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
        found += length_between((*path, "custom_id"), button.get("custom_id"), 1, MAX_CUSTOM_ID)
    if style != PREMIUM_STYLE and not button.get("label") and not button.get("emoji"):
        found.append(
            Violation(
                path,
                "BUTTON_COMPONENT_MUST_HAVE_LABEL_OR_EMOJI",
                "A button must have a label or an emoji",
            )
        )
    found += too_long((*path, "label"), button.get("label"), MAX_BUTTON_LABEL)
    return found


def validate_select(path: Path, select: dict[str, Any]) -> list[Violation]:
    found = length_between((*path, "custom_id"), select.get("custom_id"), 1, MAX_CUSTOM_ID)
    found += too_long((*path, "placeholder"), select.get("placeholder"), MAX_PLACEHOLDER)
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
            found += length_between((*here, "label"), option.get("label"), 1, MAX_OPTION_TEXT)
            found += length_between((*here, "value"), option.get("value"), 1, MAX_OPTION_TEXT)
            found += too_long((*here, "description"), option.get("description"), MAX_OPTION_TEXT)
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


def validate_components(components: Any, flags: int) -> list[Violation]:
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
    seen: set[str] = set()
    text_total = 0
    for path, component in iter_components(components):
        kind = component.get("type")
        if kind == 1:
            found += _validate_row(path, component)
        elif kind == BUTTON:
            found += _validate_button(path, component)
        elif kind in SELECT_TYPES:
            found += validate_select(path, component)
        elif kind == 10:
            text_total += len(str(component.get("content") or ""))
        found += custom_id_clash(path, component, seen)
    if text_total > MAX_V2_TEXT:
        found.append(
            Violation(
                ("components",),
                "BASE_TYPE_MAX_LENGTH",
                f"Text display content must be {MAX_V2_TEXT} or fewer characters in total.",
            )
        )
    return found


def custom_id_clash(path: Path, component: dict[str, Any], seen: set[str]) -> list[Violation]:
    """Discord's refusal of a custom id that an earlier component of the payload already has
    (``seen``: the ids so far; this one is added)."""
    custom_id = component.get("custom_id")
    if not isinstance(custom_id, str):
        return []
    if custom_id in seen:
        return [
            Violation(
                (*path, "custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated ({custom_id!r})",
            )
        ]
    seen.add(custom_id)
    return []
