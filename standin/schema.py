"""Request bodies checked against Discord's official OpenAPI specification.

The copy in ``standin/openapi/openapi.json`` (see its README for the upstream revision) is loaded
once; each operation's request schema (OpenAPI 3.1 = JSON Schema 2020-12) gets one compiled
validator, made on first use and cached, with every ``$ref`` resolved inside the spec.  A body
that does not validate is described as :class:`~standin.limits.Violation` objects (the path
of the offending value and Discord-like error codes), which the REST API answers with
``400 Invalid Form Body`` (code 50035).

The spec does not encode every rule (emoji, several documented limits); ``standin.validation``
keeps those checks beside it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from standin.limits import Violation

__all__ = ["SPEC_PATH", "OpenApiSpec", "openapi_spec"]

SPEC_PATH = Path(__file__).with_name("openapi") / "openapi.json"
_SPEC_URI = "urn:discord-openapi"
_LOCAL_SCHEMA = "#/components/schemas/"
_PLACEHOLDER = re.compile(r"\{[^}]*\}")

# Discord-like error codes for JSON-Schema keywords (the rest: BASE_TYPE_INVALID).
_CODES = {
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "maximum": "NUMBER_TYPE_MAX",
    "minimum": "NUMBER_TYPE_MIN",
    "required": "BASE_TYPE_REQUIRED",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
    "type": "BASE_TYPE_INVALID",
    "oneOf": "UNION_TYPE_CHOICES",
    "anyOf": "UNION_TYPE_CHOICES",
}


def _key(template: str) -> str:
    """A path template with its placeholders blanked (the spec and the stand-in name them
    differently: ``{interaction_token}`` / ``{token}``)."""
    return _PLACEHOLDER.sub("{}", template)


def _accept_integer_snowflakes(document: dict[str, Any]) -> None:
    """Discord takes a snowflake as a JSON string or integer (discord.py sends the ``files[n]``
    index as ``"id": 0``); the spec only says string.  Widen ``SnowflakeType`` in memory."""
    schemas = document.get("components", {}).get("schemas", {})
    snowflake = schemas.get("SnowflakeType")
    if snowflake is not None and "anyOf" not in snowflake:
        schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}


def _kind(branch: Any) -> list[Any] | None:
    """The ``type`` values a union branch (an object schema) is for, or ``None``."""
    if not isinstance(branch, dict):
        return None
    prop = (branch.get("properties") or {}).get("type")
    if not isinstance(prop, dict):
        return None
    values = prop.get("enum")
    if isinstance(values, list) and values:
        return list(values)
    return [prop["const"]] if "const" in prop else None


def _nullable(branches: Any) -> dict[str, Any] | None:
    """``oneOf: [{"type": "null"}, X]`` as the ``x-standin-nullable`` keyword (checks X once)."""
    if not isinstance(branches, list) or len(branches) != 2 or {"type": "null"} not in branches:
        return None
    other = branches[1] if branches[0] == {"type": "null"} else branches[0]
    return {"x-standin-nullable": other}


def _nullable_keyword(
    validator: Any, other: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if instance is not None:
        yield from validator.descend(instance, other)


def _dispatch(branches: Any) -> dict[str, Any] | None:
    """A union of object kinds told apart by ``type``, as the ``x-standin-dispatch`` keyword.

    Same meaning as the spec's ``oneOf`` (the kinds are distinct), but the validator checks
    only the branch of the instance's ``type`` instead of every branch, and an error names the
    field of the kind meant.
    """
    if not isinstance(branches, list) or len(branches) < 2:
        return None
    kinds = [_kind(b) for b in branches]
    every = [value for values in kinds for value in values or [None]]
    if any(k is None for k in kinds) or len(set(map(repr, every))) != len(every):
        return None
    mapping = {
        repr(value): branch
        for values, branch in zip(kinds, branches, strict=True)
        for value in values or []
    }
    return {"x-standin-dispatch": {"kinds": every, "branches": mapping}}


def _dispatch_keyword(
    validator: Any, spec: dict[str, Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    if not isinstance(instance, dict):
        yield ValidationError(f"{instance!r} is not of type 'object'", validator="type")
        return
    kind = instance.get("type")
    branch = spec["branches"].get(repr(kind))
    if branch is None:
        yield from validator.descend(kind, {"enum": spec["kinds"]}, path="type")
    else:
        yield from validator.descend(instance, branch)


_Validator = validators.extend(
    Draft202012Validator,
    {"x-standin-dispatch": _dispatch_keyword, "x-standin-nullable": _nullable_keyword},
)


class OpenApiSpec:
    """Discord's OpenAPI document, with one cached validator per operation."""

    def __init__(self, document: dict[str, Any]) -> None:
        _accept_integer_snowflakes(document)
        self.document = document
        self.revision = str(document.get("info", {}).get("version", ""))
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(_SPEC_URI, resource)
        self._paths = {_key(path): path for path in document.get("paths", {})}
        self._schemas: dict[str, Any] = document.get("components", {}).get("schemas", {})
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}

    def has_operation(self, method: str, template: str) -> bool:
        """True when the spec describes ``method template`` (e.g. ``POST /channels/{id}/...``)."""
        path = self._paths.get(_key(template))
        return path is not None and method.lower() in self.document["paths"][path]

    def validator(self, method: str, template: str) -> Draft202012Validator | None:
        """The compiled validator of the operation's JSON request body (``None``: no body)."""
        key = (method.upper(), _key(template))
        if key not in self._validators:
            self._validators[key] = self._compile(method.lower(), template)
        return self._validators[key]

    def _compile(self, method: str, template: str) -> Draft202012Validator | None:
        path = self._paths.get(_key(template))
        if path is None:
            return None
        operation = self.document["paths"][path].get(method)
        content = ((operation or {}).get("requestBody") or {}).get("content") or {}
        if "application/json" not in content:
            return None
        schema = self._flatten(content["application/json"]["schema"], ())
        validator: Draft202012Validator = _Validator(schema, registry=self._registry)
        return validator

    def _flatten(self, node: Any, stack: tuple[str, ...]) -> Any:
        """``node`` with the spec's ``$ref``s inlined (a cycle keeps an absolute ``$ref``) and
        unions of component kinds dispatched on their ``type`` (see ``_dispatch``)."""
        if isinstance(node, list):
            return [self._flatten(item, stack) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_LOCAL_SCHEMA):
            name = ref.removeprefix(_LOCAL_SCHEMA)
            if name in stack:
                return {**node, "$ref": _SPEC_URI + ref}
            target = self._flatten(self._schemas[name], (*stack, name))
            rest = {k: v for k, v in node.items() if k != "$ref"}
            return {**target, **self._flatten(rest, stack)} if rest else target
        flat = {key: self._flatten(value, stack) for key, value in node.items()}
        for union in ("oneOf", "anyOf"):
            if union in flat:
                dispatched = _nullable(flat[union]) or _dispatch(flat[union])
                if dispatched is not None:
                    del flat[union]
                    flat.update(dispatched)
        return flat

    def violations(self, method: str, template: str, body: Any) -> list[Violation]:
        """What in ``body`` the operation's request schema refuses (empty: it validates)."""
        validator = self.validator(method, template)
        if validator is None:
            return []
        errors = list(validator.iter_errors(body))
        if not errors:
            return []
        return [_violation(error) for error in errors[:5]]


def _branch_failed_on_type(errors: list[ValidationError]) -> bool:
    """True when a union branch was refused for its ``type`` discriminator (another kind)."""
    return any(
        (e.validator in ("enum", "const") and list(e.relative_path) == ["type"])
        or (e.validator == "type" and not e.relative_path)
        for e in errors
    )


def _deepest(error: ValidationError) -> ValidationError:
    """For a failed oneOf/anyOf, the reason in the branch meant (same ``type``), deepest first."""
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0] if sub.schema_path else None, []).append(sub)
        meant = [errs for errs in branches.values() if not _branch_failed_on_type(errs)]
        chosen = min(meant or list(branches.values()), key=len)
        found = best_match(chosen)
        if found is None:
            break
        error = found
    return error


def _violation(error: ValidationError) -> Violation:
    deepest = _deepest(error)
    code = _CODES.get(str(deepest.validator), "BASE_TYPE_INVALID")
    path = tuple(p if isinstance(p, int) else str(p) for p in deepest.absolute_path)
    keyword, limit = str(deepest.validator), deepest.validator_value
    if keyword in ("maxLength", "maxItems"):
        message = f"Must be {limit} or fewer in length."
    elif keyword in ("minLength", "minItems"):
        message = f"Must be {limit} or more in length."
    else:
        message = deepest.message if len(deepest.message) <= 200 else deepest.message[:200] + "..."
    return Violation(path, code, f"{message} (OpenAPI schema)")


@cache
def openapi_spec() -> OpenApiSpec:
    """The spec, loaded once per process."""
    with SPEC_PATH.open(encoding="utf-8") as handle:
        return OpenApiSpec(json.load(handle))
