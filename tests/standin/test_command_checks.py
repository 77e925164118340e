"""The stand-in refuses a command's localisations as Discord does: only the locales it
knows, localised names held to the rules of the default name, unique in each locale."""

from __future__ import annotations

from typing import Any

from standin.command_checks import validate_commands


def _command(**option_extra: Any) -> list[dict[str, Any]]:
    option = {"type": 4, "name": "timer", "description": "seconds", **option_extra}
    return [
        {
            "type": 1,
            "name": "start",
            "description": "Open a table",
            "name_localizations": {"ru": "начать", "tr": "başlat"},
            "description_localizations": {"ru": "Открыть стол"},
            "options": [option, {"type": 4, "name": "length", "description": "points"}],
        }
    ]


def _codes(commands: list[dict[str, Any]]) -> list[str]:
    return [v.code for v in validate_commands(commands)]


def test_good_localisations_pass_and_bad_ones_are_refused() -> None:
    assert _codes(_command(name_localizations={"ru": "таймер", "uk": "таймер"})) == []
    assert _codes(_command(name_localizations={"xx-XX": "таймер"})) == ["LOCALE_INVALID"]
    assert _codes(_command(name_localizations={"ru": "Новая Игра"})) == [
        "APPLICATION_COMMAND_INVALID_NAME"
    ]
    long = {"ru": "д" * 101}
    assert _codes(_command(description_localizations=long)) == ["BASE_TYPE_BAD_LENGTH"]
    clash = _command(name_localizations={"ru": "длина"})
    clash[0]["options"][1]["name_localizations"] = {"ru": "длина"}
    assert _codes(clash) == ["APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"]
    bad_command = _command()
    bad_command[0]["name_localizations"] = {"ru": "Начать"}
    assert _codes(bad_command) == ["APPLICATION_COMMAND_INVALID_NAME"]
