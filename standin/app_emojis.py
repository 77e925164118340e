"""Application emojis of the Discord stand-in (``/applications/{application_id}/emojis``).

Discord lets an application own up to 2,000 emojis, usable in every server the bot is in.  The
stand-in keeps them for its lifetime (in :class:`~standin.state.StandInState`), answers with
Discord's emoji objects and errors, and counts them as known custom emojis for the emoji checks
of messages.  Rules: ``name`` 2–32 characters of ``[A-Za-z0-9_]``, unique within the application;
``image`` a data URI (PNG, JPEG, GIF, WebP or AVIF, base64) of at most 256 KiB.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from aiohttp import web

from standin.http import ApiError, Upload, invalid_form, json_response, snowflake
from standin.limits import Violation
from standin.state import StandInState

__all__ = ["MAX_APPLICATION_EMOJIS", "MAX_EMOJI_IMAGE_BYTES", "ApplicationEmojis"]

MAX_APPLICATION_EMOJIS = 2000
MAX_EMOJI_IMAGE_BYTES = 256 * 1024
#: Reads a request's payload (checked against the OpenAPI spec) and its files.
BodyReader = Callable[[web.Request], Awaitable[tuple[dict[str, Any], list[Upload]]]]
_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
_DATA_URI = re.compile(r"^data:image/(png|jpeg|jpg|gif|webp|avif);base64,(.*)$", re.DOTALL)


class ApplicationEmojis:
    """The routes of the application-emoji endpoints, over the shared state."""

    def __init__(self, state: StandInState, read: BodyReader) -> None:
        self.state = state
        self._read = read

    def routes(self) -> list[tuple[str, str, Any, bool]]:
        base = "/applications/{application_id}/emojis"
        return [
            ("GET", base, self._list, True),
            ("POST", base, self._create, True),
            ("GET", base + "/{emoji_id}", self._get, True),
            ("PATCH", base + "/{emoji_id}", self._patch, True),
            ("DELETE", base + "/{emoji_id}", self._delete, True),
        ]

    # ------------------------------------------------------------------ helpers

    def _check_application(self, params: Mapping[str, str]) -> None:
        if params["application_id"] != str(self.state.application_id):
            raise ApiError(404, 10002, "Unknown Application")

    def _emoji(self, params: Mapping[str, str]) -> dict[str, Any]:
        self._check_application(params)
        found = self.state.app_emojis.get(snowflake(params["emoji_id"]))
        if found is None:
            raise ApiError(404, 10014, "Unknown Emoji")
        return found

    def _name_violations(self, name: Any, exclude: int | None = None) -> list[Violation]:
        if not isinstance(name, str) or not _NAME.match(name):
            return [
                Violation(
                    ("name",),
                    "BASE_TYPE_BAD_LENGTH" if isinstance(name, str) else "BASE_TYPE_REQUIRED",
                    "Must be between 2 and 32 in length and contain only A-Z, a-z, 0-9 and _.",
                )
            ]
        taken = any(e["name"] == name for i, e in self.state.app_emojis.items() if i != exclude)
        if taken:
            return [
                Violation(
                    ("name",),
                    "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                    "Application emoji names must be unique",
                )
            ]
        return []

    @staticmethod
    def _image(value: Any) -> tuple[bytes | None, list[Violation]]:
        match = _DATA_URI.match(value) if isinstance(value, str) else None
        if match is None:
            return None, [Violation(("image",), "BINARY_TYPE_INVALID", "Invalid image data")]
        try:
            data = base64.b64decode(match.group(2), validate=True)
        except (binascii.Error, ValueError):
            return None, [Violation(("image",), "BINARY_TYPE_INVALID", "Invalid image data")]
        if len(data) > MAX_EMOJI_IMAGE_BYTES:
            return None, [
                Violation(
                    ("image",), "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb."
                )
            ]
        return data, []

    # ------------------------------------------------------------------ routes

    async def _list(self, request: web.Request, params: dict[str, str]) -> web.Response:
        self._check_application(params)
        return json_response({"items": list(self.state.app_emojis.values())})

    async def _get(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return json_response(self._emoji(params))

    async def _create(self, request: web.Request, params: dict[str, str]) -> web.Response:
        self._check_application(params)
        body, _ = await self._read(request)
        image, violations = self._image(body.get("image"))
        violations = self._name_violations(body.get("name")) + violations
        if violations:
            raise invalid_form(violations, "application emoji upload")
        if len(self.state.app_emojis) >= MAX_APPLICATION_EMOJIS:
            raise ApiError(
                400,
                30008,
                f"Maximum number of emojis reached ({MAX_APPLICATION_EMOJIS})",
                rejection=f"more than {MAX_APPLICATION_EMOJIS} application emojis",
            )
        assert image is not None
        emoji_id = self.state.ids.next()
        emoji = {
            "id": str(emoji_id),
            "name": body["name"],
            "roles": [],
            "user": self.state.bot_user.to_payload(),
            "require_colons": True,
            "managed": False,
            "animated": str(body["image"]).startswith("data:image/gif"),
            "available": True,
        }
        self.state.app_emojis[emoji_id] = emoji
        self.state.app_emoji_images[emoji_id] = image
        self.state.notify()
        return json_response(emoji, status=201)

    async def _patch(self, request: web.Request, params: dict[str, str]) -> web.Response:
        emoji = self._emoji(params)
        body, _ = await self._read(request)
        if "name" in body:
            violations = self._name_violations(body["name"], exclude=int(emoji["id"]))
            if violations:
                raise invalid_form(violations, "application emoji edit")
            emoji["name"] = body["name"]
            self.state.notify()
        return json_response(emoji)

    async def _delete(self, request: web.Request, params: dict[str, str]) -> web.Response:
        emoji = self._emoji(params)
        emoji_id = int(emoji["id"])
        del self.state.app_emojis[emoji_id]
        self.state.app_emoji_images.pop(emoji_id, None)
        self.state.notify()
        return web.Response(status=204)
