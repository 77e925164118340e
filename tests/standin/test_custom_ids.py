"""Real Discord refuses a message or a modal in which two components share a custom id; the
stand-in must too, or a bot that sends one would pass its tests."""

from __future__ import annotations

from typing import Any

from standin.command_checks import validate_modal
from standin.validation import validate_message


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def _codes(violations: list[Any]) -> list[tuple[Any, str]]:
    return [(v.path, v.code) for v in violations]


def test_two_buttons_with_one_custom_id_are_refused_where_the_second_is() -> None:
    message = {
        "components": [
            {"type": 1, "components": [_button("a"), _button("b")]},
            {"type": 1, "components": [_button("a")]},
        ]
    }
    assert _codes(validate_message(message)) == [
        (("components", 1, "components", 0, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED")
    ]


def test_distinct_custom_ids_pass() -> None:
    message = {"components": [{"type": 1, "components": [_button("a"), _button("b")]}]}
    assert validate_message(message) == []


def test_a_modal_with_two_inputs_of_one_custom_id_is_refused() -> None:
    def text_input(custom_id: str) -> dict[str, Any]:
        return {"type": 4, "custom_id": custom_id, "label": "Name", "style": 1}

    modal = {
        "custom_id": "settings",
        "title": "Settings",
        "components": [
            {"type": 1, "components": [text_input("x")]},
            {"type": 1, "components": [text_input("x")]},
        ],
    }
    assert _codes(validate_modal(modal)) == [
        (("components", 1, "components", 0, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED")
    ]
    modal["components"][1]["components"][0]["custom_id"] = "y"  # type: ignore[index]
    assert validate_modal(modal) == []
