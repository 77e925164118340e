"""HTTP plumbing of the Discord stand-in: error answers, JSON bodies, rate-limit buckets.

Internal to :mod:`standin.discord_standin`; use :class:`DiscordStandIn`.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from standin.limits import Violation, describe, form_body_error
from standin.records import PendingInteraction

__all__ = [
    "ApiError",
    "RateLimiter",
    "Upload",
    "bad_callback_type",
    "invalid_form",
    "json_response",
    "read_body",
]


class ApiError(Exception):
    """An error answer of a route handler, turned into Discord's JSON error shape.

    ``rejection`` (a description) marks answers real Discord gives to a client bug; those are
    listed in ``DiscordStandIn.rejections``.
    """

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        rejection: str | None = None,
        interaction: PendingInteraction | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.rejection = rejection
        self.interaction = interaction

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def invalid_form(
    violations: Sequence[Violation], what: str, prefix: tuple[str | int, ...] = ()
) -> ApiError:
    """Discord's 400 ``Invalid Form Body`` (code 50035) for ``violations``."""
    body = form_body_error(violations, prefix)
    return ApiError(
        400,
        50035,
        "Invalid Form Body",
        errors=body["errors"],
        rejection=f"{what}: {describe(violations)}",
    )


def bad_callback_type(reason: str) -> ApiError:
    violation = Violation(("type",), "INTERACTION_CALLBACK_TYPE_INVALID", "Invalid callback type")
    return invalid_form([violation], reason)


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py does not parse JSON with a charset suffix.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def snowflake(value: str) -> int:
    """An id (or number) from the URL; Discord answers 404 to anything else."""
    if not value.isdigit():
        raise ApiError(404, 0, "404: Not Found")
    return int(value)


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text) if text.strip() else {}
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None


@dataclass(frozen=True)
class Upload:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    content_type: str
    data: bytes


_FILE_PART = re.compile(r"^files\[(\d+)\]$")


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    """The JSON payload (plain, or multipart ``payload_json``) and the uploaded files.

    A top-level JSON list is returned as ``{"__list__": [...]}``.
    """
    files: list[Upload] = []
    if request.content_type.startswith("multipart/"):
        payload: Any = {}
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                payload = _parse_json(await part.text())
            elif part.filename is not None:
                found = _FILE_PART.match(part.name or "")
                index = int(found.group(1)) if found else len(files)
                content_type = part.headers.get("Content-Type", "application/octet-stream")
                files.append(Upload(index, part.filename, content_type, bytes(await part.read())))
    else:
        payload = _parse_json(await request.text())
    if not isinstance(payload, dict | list):
        raise ApiError(400, 50109, "The request body contains invalid JSON.")
    return payload if isinstance(payload, dict) else {"__list__": payload}, files


@dataclass
class _Bucket:
    limit: int
    per: float
    is_global: bool = False
    window_start: float = 0.0
    count: int = 0


class RateLimiter:
    """Optional per-route buckets and a global limit, in real (monotonic) time."""

    def __init__(self) -> None:
        self._routes: dict[str, _Bucket] = {}
        self._state: dict[tuple[str, str], _Bucket] = {}
        self._global: _Bucket | None = None
        self.limited = 0

    def set_route_limit(self, route_key: str, limit: int, per: float) -> None:
        self._routes[route_key] = _Bucket(limit, per)

    def set_global_limit(self, limit: int, per: float) -> None:
        self._global = _Bucket(limit, per, is_global=True)

    def check(
        self, route_key: str, params: Mapping[str, str], headers: dict[str, str]
    ) -> web.Response | None:
        """A 429 answer if the request is over a limit; fills ``X-RateLimit-*`` ``headers``."""
        now = time.monotonic()
        # Interaction endpoints (the callback and the interaction webhooks: follow-ups and
        # edits of the original response) are not bound by Discord's global limit.
        interaction_route = (
            "/interactions/" in route_key or "/webhooks/{application_id}/{token}" in route_key
        )
        if self._global is not None and not interaction_route:
            bucket = self._global
            if now - bucket.window_start >= bucket.per:
                bucket.window_start, bucket.count = now, 0
            if bucket.count >= bucket.limit:
                return self._too_many(bucket, now, headers)
            bucket.count += 1
        limits = self._routes.get(route_key)
        if limits is None:
            return None
        major = params.get("channel_id") or params.get("guild_id") or params.get("token") or ""
        state = self._state.setdefault((route_key, major), _Bucket(limits.limit, limits.per))
        if now - state.window_start >= state.per:
            state.window_start, state.count = now, 0
        reset_after = max(state.window_start + state.per - now, 0.0)
        headers.update(
            {
                "X-RateLimit-Limit": str(state.limit),
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": hashlib.sha1(route_key.encode()).hexdigest()[:16],
            }
        )
        if state.count >= state.limit:
            headers["X-RateLimit-Remaining"] = "0"
            return self._too_many(state, now, headers)
        state.count += 1
        headers["X-RateLimit-Remaining"] = str(state.limit - state.count)
        return None

    def _too_many(self, bucket: _Bucket, now: float, headers: dict[str, str]) -> web.Response:
        retry_after = max(bucket.window_start + bucket.per - now, 0.001)
        self.limited += 1
        # With "Via" and a JSON retry_after, discord.py waits and retries (without: a CF ban).
        headers.update({"Via": "1.1 google", "Retry-After": f"{retry_after:.3f}"})
        if bucket.is_global:
            headers["X-RateLimit-Global"] = "true"
        headers["X-RateLimit-Scope"] = "global" if bucket.is_global else "user"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": bucket.is_global,
        }
        return json_response(body, status=429)
