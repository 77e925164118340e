"""docker-compose.yml is a valid Compose file, checked without Docker: the file is
interpolated the way Compose does it, with the variables of ``.env.example`` (as a
newcomer's ``cp .env.example .env`` gives them, plus the one value they must fill in), and
the result is validated against the Compose Specification's JSON schema
(tests/data/compose-spec/, Apache-2.0)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.yml"
ENV_EXAMPLE = ROOT / ".env.example"
SCHEMA = ROOT / "tests" / "data" / "compose-spec" / "compose-spec.json"

_VAR = re.compile(
    r"\$(?:(?P<escaped>\$)|\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?P<op>:?[-?+])?(?P<arg>[^}]*)\}"
    r"|(?P<named>[A-Za-z_][A-Za-z0-9_]*))"
)


class InterpolationError(ValueError):
    pass


def interpolate(text: str, env: dict[str, str]) -> str:
    """Compose's ``${VAR}``, ``${VAR:-default}``, ``${VAR-default}``, ``${VAR:?error}``,
    ``${VAR?error}``, ``${VAR:+other}``, ``${VAR+other}``, ``$VAR`` and ``$$``."""

    def replace(match: re.Match[str]) -> str:
        if match["escaped"]:
            return "$"
        name = match["braced"] or match["named"]
        op, arg = match["op"], match["arg"] or ""
        value = env.get(name)
        unset_or_empty = not value
        if op in (":-", "-"):
            missing = unset_or_empty if op == ":-" else value is None
            return interpolate(arg, env) if missing else str(value)
        if op in (":?", "?"):
            missing = unset_or_empty if op == ":?" else value is None
            if missing:
                raise InterpolationError(f"{name}: {arg}")
            return str(value)
        if op in (":+", "+"):
            present = not unset_or_empty if op == ":+" else value is not None
            return interpolate(arg, env) if present else ""
        if match["braced"] and match["arg"]:
            raise InterpolationError(f"invalid interpolation: {match[0]}")
        return value or ""

    return _VAR.sub(replace, text)


def interpolate_tree(node: Any, env: dict[str, str]) -> Any:
    if isinstance(node, str):
        return interpolate(node, env)
    if isinstance(node, list):
        return [interpolate_tree(item, env) for item in node]
    if isinstance(node, dict):
        return {key: interpolate_tree(value, env) for key, value in node.items()}
    return node


def dot_env(path: Path) -> dict[str, str]:
    """The variables a ``.env`` file sets (commented lines set nothing)."""
    env = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            name, _, value = line.partition("=")
            env[name.strip()] = value.strip().strip("'\"")
    return env


def compose_file(env: dict[str, str]) -> Any:
    return interpolate_tree(yaml.safe_load(COMPOSE.read_text(encoding="utf-8")), env)


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    # The file names draft-07 as https://json-schema.org/draft-07/schema (no "#").
    assert "draft-07" in schema["$schema"]
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def test_compose_file_is_valid_with_the_example_settings(
    validator: jsonschema.protocols.Validator,
) -> None:
    env = dot_env(ENV_EXAMPLE) | {"POSTGRES_PASSWORD": "a-long-random-password"}
    data = compose_file(env)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)
    bot = data["services"]["bot"]["environment"]
    assert bot["PGPASSWORD"] == "a-long-random-password"


def test_compose_refuses_to_start_without_a_database_password() -> None:
    env = dot_env(ENV_EXAMPLE)
    assert env.get("POSTGRES_PASSWORD") == ""  # the newcomer fills it in
    with pytest.raises(InterpolationError, match=r"set POSTGRES_PASSWORD in \.env"):
        compose_file(env)


def test_the_schema_catches_mistakes(validator: jsonschema.protocols.Validator) -> None:
    """The check can fail: a misspelt key and a wrong type are errors."""
    env = dot_env(ENV_EXAMPLE) | {"POSTGRES_PASSWORD": "x"}
    data = compose_file(env)
    data["services"]["bot"]["restrat"] = "always"
    assert not validator.is_valid(data)
    data = compose_file(env)
    data["services"]["bot"]["depends_on"]["db"]["condition"] = "service_ready"
    assert not validator.is_valid(data)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("${A}", "1"),
        ("$A-$$B", "1-$B"),
        ("${UNSET:-d}", "d"),
        ("${EMPTY:-d}", "d"),
        ("${EMPTY-d}", ""),
        ("${A:+yes}", "yes"),
        ("${EMPTY+set}", "set"),
    ],
)
def test_interpolation(text: str, expected: str) -> None:
    assert interpolate(text, {"A": "1", "EMPTY": ""}) == expected
