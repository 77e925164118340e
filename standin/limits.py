"""The limits real Discord enforces on a payload, and the shape of a broken rule.

:class:`Violation` is one rule a payload breaks; :func:`form_body_error` turns violations
into Discord's ``Invalid Form Body`` error shape (``{"code": 50035, "message": "Invalid Form
Body", "errors": {...}}``) and :func:`describe` into a one-line, human readable description
for ``DiscordStandIn.rejections``. The limits are the documented ones (Discord's developer
documentation, and its OpenAPI description vendored in ``standin/openapi/``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

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


def too_long(path: Path, value: Any, limit: int) -> list[Violation]:
    if isinstance(value, str) and len(value) > limit:
        return [Violation(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")]
    return []


def length_between(path: Path, value: Any, low: int, high: int) -> list[Violation]:
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
