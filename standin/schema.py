"""Request bodies checked against Discord's official OpenAPI specification.

The copy in ``standin/openapi/openapi.json`` (see its README for the upstream revision) is loaded
once; each operation's request schema (OpenAPI 3.1 = JSON Schema 2020-12) gets one compiled
validator, made on first use and cached, with every ``$ref`` resolved inside the spec.  A body
that does not validate is described as :class:`~standin.validation.Violation` objects (the path
of the offending value and Discord-like error codes), which the REST API answers with
``400 Invalid Form Body`` (code 50035).

The spec does not encode every rule (emoji, several documented limits); ``standin.validation``
keeps those checks beside it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from standin.validation import Violation

__all__ = ["SPEC_PATH", "OpenApiSpec", "openapi_spec"]

SPEC_PATH = Path(__file__).with_name("openapi") / "openapi.json"
_SPEC_URI = "urn:discord-openapi"
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


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


class OpenApiSpec:
    """Discord's OpenAPI document, with one cached validator per operation."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.revision = str(document.get("info", {}).get("version", ""))
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(_SPEC_URI, resource)
        self._paths = {_key(path): path for path in document.get("paths", {})}
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
        pointer = "/".join(
            _escape(p)
            for p in ("paths", path, method, "requestBody", "content", "application/json")
        )
        schema = {"$ref": f"{_SPEC_URI}#/{pointer}/schema"}
        return Draft202012Validator(schema, registry=self._registry)

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
        e.validator in ("enum", "const") and list(e.relative_path) == ["type"] for e in errors
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
