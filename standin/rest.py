"""REST API of the Discord stand-in: routes, validation answers, message recording, rate limits.

Internal to :mod:`standin.discord_standin`; use :class:`DiscordStandIn`.
"""

from __future__ import annotations

import hmac
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from standin.app_commands import ApplicationCommands
from standin.app_emojis import ApplicationEmojis
from standin.channels_api import ChannelRoutes
from standin.faults import CUT
from standin.holds import hold_if_asked
from standin.http import (
    ApiError,
    RateLimiter,
    Upload,
    invalid_form,
    json_response,
    read_body,
    snowflake,
)
from standin.interactions_api import InteractionRoutes
from standin.limits import ATTACHMENT_SIZE_LIMIT, MAX_FILES
from standin.model import (
    InteractionFailedError,
    StandInGuild,
)
from standin.recording import MessageRecorder
from standin.records import PendingInteraction, Rejection, RequestRecord
from standin.schema import openapi_spec
from standin.state import StandInState

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Callable[[web.Request, dict[str, str]], Awaitable[web.StreamResponse]]
    auth: bool

    @property
    def key(self) -> str:
        return f"{self.method} {self.template}"


_ROUTE = web.RequestKey("standin_route", _Route)


async def _held_body(state: StandInState, request: web.Request) -> Any:
    """A plain JSON request's body, for holds matched on it (read only while a hold waits:
    aiohttp keeps the body, so the handler reads it again; a multipart body, which can be
    read only once, is not offered)."""
    if not any(not h.used and not h.after for h in state.holds):
        return None
    if request.content_type != "application/json":
        return None
    try:
        return json.loads(await request.text())
    except ValueError:
        return None


class RestApi:
    """The REST routes (``/api/v10/...``) over a :class:`~standin.state.StandInState`."""

    def __init__(
        self, state: StandInState, guild_payload: Callable[[StandInGuild], dict[str, Any]]
    ) -> None:
        self.state = state
        self.guild_payload = guild_payload
        self.limiter = RateLimiter()
        self.messages = MessageRecorder(state)
        self._routes = self._build_routes()

    def _build_routes(self) -> list[_Route]:
        table: list[tuple[str, str, Any, bool]] = [
            ("GET", "/users/@me", self._get_me, True),
            ("GET", "/users/{user_id}", self._get_user, True),
            ("GET", "/oauth2/applications/@me", self._get_application, True),
            ("GET", "/applications/@me", self._get_application, True),
            ("GET", "/gateway", self._get_gateway, False),
            ("GET", "/gateway/bot", self._get_gateway_bot, True),
        ]
        table += ApplicationCommands(self.state, self.read).routes()
        table += ApplicationEmojis(self.state, self.read).routes()
        table += ChannelRoutes(self).routes()
        table += InteractionRoutes(self).routes()
        routes = []
        for method, template, handler, auth in table:
            regex = re.sub(r"\\{(\w+)\\}", r"(?P<\1>[^/]+)", re.escape(template))
            routes.append(_Route(method, template, re.compile(f"^{regex}$"), handler, auth))
        return routes

    async def get_attachment(self, request: web.Request) -> web.StreamResponse:
        """``GET /attachments/{attachment_id}/{filename}``: the bytes of an uploaded file."""
        wanted = request.match_info["attachment_id"]
        for message in self.state.messages.values():
            stored = message.files.get(wanted)
            if stored is not None and stored.filename == request.match_info["filename"]:
                return web.Response(body=stored.data, content_type=stored.content_type)
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    def _redact(self, path: str) -> str:
        # Interaction tokens never go into logs or recorded descriptions.
        parts = [
            "<token>" if p in self.state.by_token or len(p) > 60 else p for p in path.split("/")
        ]
        return "/".join(parts)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method
        elapsed = time.monotonic() - self.state.started
        self.state.requests_per_second[int(elapsed)] += 1
        if self._authorized(request):
            self.state.bot_request_times.append(elapsed)
        matched: tuple[_Route, dict[str, str]] | None = None
        for route in self._routes:
            if route.method == method:
                found = route.pattern.match(path)
                if found:
                    matched = (route, found.groupdict())
                    break
        if matched is None:
            described = f"{method} {self._redact(path)}"
            log.warning("Discord stand-in: unhandled route %s", described)
            self.state.unhandled.append(described)
            self.state.request_counts[f"{method} <unhandled>"] += 1
            self.state.request_log.append(RequestRecord(elapsed, method, "<unhandled>", 404))
            self.state.notify()
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        route, params = matched
        request[_ROUTE] = route
        self.state.request_counts[route.key] += 1
        headers: dict[str, str] = {}
        try:
            if route.auth and not self._authorized(request):
                raise ApiError(401, 0, "401: Unauthorized")
            limited = self.limiter.check(route.key, params, headers)
            fault = next((f for f in self.state.faults if f.take(route.key, params)), None)
            if limited is None and fault is not None:
                self.state.request_log.append(RequestRecord(elapsed, method, route.template, 503))
                self.state.notify()
                if fault.answer == CUT:
                    assert request.transport is not None
                    request.transport.abort()  # no answer at all: the connection drops
                    return web.Response(status=503)
                raise ApiError(fault.answer, 0, f"{fault.answer}: a fault the test asked for")
            if limited is None and await hold_if_asked(
                self.state.holds, route.key, params, body=await _held_body(self.state, request)
            ):
                raise ApiError(503, 0, "503: the request was dropped (a held request)")
            response = limited or await route.handler(request, params)
            if limited is None:
                await hold_if_asked(self.state.holds, route.key, params, response)
        except ApiError as exc:
            response = self._error_response(exc, route)
        except Exception as exc:  # a stand-in bug: fail fast instead of a retried 500
            log.exception("Discord stand-in failed on %s %s", method, route.template)
            self.state.unhandled.append(f"{route.key}: stand-in error {exc!r}")
            response = self._error_response(ApiError(400, 0, f"stand-in error: {exc!r}"), route)
        response.headers.update(headers)
        self.state.request_log.append(
            RequestRecord(elapsed, method, route.template, response.status)
        )
        log.debug("%s %s -> %d", method, route.template, response.status)
        return response

    def _authorized(self, request: web.Request) -> bool:
        given = request.headers.get("Authorization", "")
        return hmac.compare_digest(given.encode(), f"Bot {self.state.token}".encode())

    def _error_response(self, exc: ApiError, route: _Route) -> web.Response:
        description = exc.rejection or exc.message
        if exc.interaction is not None:
            description = f"{description} [{exc.interaction.description}]"
        record = Rejection(route.method, route.template, exc.status, exc.code, description)
        self.state.errors.append(record)
        if exc.rejection is not None:
            self.state.rejections.append(record)
            log.warning("Discord stand-in rejected a request: %s", record)
            interaction = exc.interaction
            if interaction is not None and not interaction.done.is_set():
                # A refused callback fails the waiting helper right away.
                interaction.error = InteractionFailedError(str(record))
                interaction.done.set()
        self.state.notify()
        return json_response(exc.body(), status=exc.status)

    async def read(
        self, request: web.Request, interaction: PendingInteraction | None = None
    ) -> tuple[dict[str, Any], list[Upload]]:
        """The request's payload and files; the payload checked against Discord's OpenAPI spec."""
        body, uploads = await read_body(request)
        route = request[_ROUTE]
        document = body.get("__list__", body)
        violations = openapi_spec().violations(route.method, route.template, document)
        if violations:
            error = invalid_form(violations, f"{route.key} (OpenAPI schema)")
            error.interaction = interaction
            raise error
        if len(uploads) > MAX_FILES or any(len(u.data) > ATTACHMENT_SIZE_LIMIT for u in uploads):
            raise ApiError(
                413,
                40005,
                "Request entity too large",
                rejection=f"more than {MAX_FILES} files or a file over 10 MiB",
                interaction=interaction,
            )
        return body, uploads

    # ------------------------------------------------------------------ REST: identity

    async def _get_me(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return json_response(self.state.me_payload())

    async def _get_user(self, request: web.Request, params: dict[str, str]) -> web.Response:
        user = self.state.users.get(snowflake(params["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(user.to_payload())

    async def _get_application(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return json_response(
            {
                "id": str(self.state.application_id),
                "name": self.state.application_name,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.state.owner.to_payload(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "bot": self.state.bot_user.to_payload(),
                "approximate_guild_count": len(self.state.guilds),
            }
        )

    async def _get_gateway(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return json_response({"url": self.state.gateway_url})

    async def _get_gateway_bot(self, request: web.Request, params: dict[str, str]) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {
                "url": self.state.gateway_url,
                "shards": self.state.gateway_shards,
                "session_start_limit": limit,
            }
        )
