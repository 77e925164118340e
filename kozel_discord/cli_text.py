"""Text output of the operator commands (``migrate``, ``doctor``, ``invite-url``): the
result marks, a check line with its fix, and settings errors in the words of the
environment variables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TextIO

from pydantic import ValidationError

from .settings import Settings

Status = Literal["ok", "fail", "skip"]


def marks_of(stream: TextIO) -> dict[Status, str]:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "✓✗→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return {"ok": "[ok]", "fail": "[FAIL]", "skip": "[--]"}
    return {"ok": "✓", "fail": "✗", "skip": "-"}


def arrow_of(stream: TextIO) -> str:
    return "→" if marks_of(stream)["ok"] == "✓" else "->"


@dataclass(frozen=True)
class Check:
    """One line of :func:`doctor`: ``status`` "skip" means not checked (an earlier check
    failed), which does not count as a problem of its own."""

    name: str
    status: Status
    detail: str
    fix: str | None = None

    def lines(self, stream: TextIO) -> list[str]:
        out = [f"{marks_of(stream)[self.status]} {self.name}: {self.detail}"]
        if self.status == "fail" and self.fix:
            out.append(f"  {arrow_of(stream)} {self.fix}")
        return out


def setting_env_var(field_name: str) -> str:
    """The environment variable of a :class:`Settings` field (``DISCORD_TOKEN``,
    ``KOZEL_<FIELD>``)."""
    field = Settings.model_fields[field_name]
    if isinstance(field.validation_alias, str):
        return field.validation_alias
    return f"{Settings.model_config.get('env_prefix', '')}{field_name}".upper()


ENV_VARS = {name: setting_env_var(name) for name in Settings.model_fields}
_SHARD_FIELDS = ("shard_count", "shard_ids")


def error_text(error: dict[str, object]) -> str:
    message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
    loc = error.get("loc") or ()
    if isinstance(loc, tuple) and loc:
        name = str(loc[0])
        return f"{ENV_VARS.get(name, name)}: {message}"
    return message


def is_shard_error(error: dict[str, object]) -> bool:
    loc = error.get("loc") or ()
    if isinstance(loc, tuple) and loc:
        return loc[0] in _SHARD_FIELDS
    return "shard" in str(error.get("msg", "")).lower()


def describe_settings_error(exc: BaseException) -> str:
    """One line about why the settings do not parse, naming the environment variables and
    never repeating their values (a value could be a secret)."""
    if isinstance(exc, ValidationError):
        errors = exc.errors(include_url=False, include_input=False, include_context=False)
        return "; ".join(error_text(dict(e)) for e in errors)
    return f"{type(exc).__name__}: {exc}"
