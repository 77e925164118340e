"""REST API of the Discord stand-in: routes, validation answers, message recording, rate limits.

Internal to :mod:`standin.discord_standin`; use :class:`DiscordStandIn`.
"""

from __future__ import annotations

import hmac
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from standin.app_commands import ApplicationCommands
from standin.app_emojis import ApplicationEmojis
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
from standin.model import (
    CHANNEL_PUBLIC_THREAD,
    CHANNEL_TEXT,
    PERM_ADMINISTRATOR,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_SEND_MESSAGES_IN_THREADS,
    THREAD_ARCHIVE_MINUTES,
    InteractionFailedError,
    PendingInteraction,
    RecordedMessage,
    Rejection,
    RequestRecord,
    StandInChannel,
    StandInGuild,
    iso_timestamp,
)
from standin.recording import MessageRecorder
from standin.schema import openapi_spec
from standin.state import StandInState
from standin.validation import (
    ATTACHMENT_SIZE_LIMIT,
    CREATE_FLAGS,
    MAX_FILES,
)

log = logging.getLogger(__name__)

NONCE_WINDOW = 5 * 60.0  # seconds a nonce is remembered ("the past few minutes")


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
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self._routes = self._build_routes()

    def _build_routes(self) -> list[_Route]:
        table: list[tuple[str, str, Any, bool]] = [
            ("GET", "/users/@me", self._get_me, True),
            ("GET", "/users/{user_id}", self._get_user, True),
            ("GET", "/oauth2/applications/@me", self._get_application, True),
            ("GET", "/applications/@me", self._get_application, True),
            ("GET", "/gateway", self._get_gateway, False),
            ("GET", "/gateway/bot", self._get_gateway_bot, True),
            ("GET", "/guilds/{guild_id}", self._get_guild, True),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels, True),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_guild_member, True),
            ("GET", "/channels/{channel_id}", self._get_channel, True),
            ("GET", "/channels/{channel_id}/messages", self._get_channel_messages, True),
            ("POST", "/channels/{channel_id}/messages", self._post_channel_message, True),
            ("POST", "/channels/{channel_id}/threads", self._post_thread, True),
            (
                "POST",
                "/channels/{channel_id}/messages/{message_id}/threads",
                self._post_message_thread,
                True,
            ),
            (
                "GET",
                "/channels/{channel_id}/messages/{message_id}",
                self._get_channel_message,
                True,
            ),
            (
                "PATCH",
                "/channels/{channel_id}/messages/{message_id}",
                self._patch_channel_message,
                True,
            ),
            (
                "DELETE",
                "/channels/{channel_id}/messages/{message_id}",
                self._delete_channel_message,
                True,
            ),
        ]
        table += ApplicationCommands(self.state, self.read).routes()
        table += ApplicationEmojis(self.state, self.read).routes()
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

    # ------------------------------------------------------------------ REST: guilds, channels

    def _guild(self, params: dict[str, str]) -> StandInGuild:
        guild = self.state.guilds.get(snowflake(params["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, params: dict[str, str]) -> StandInChannel:
        channel = self.state.channels.get(snowflake(params["channel_id"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, params: dict[str, str]) -> RecordedMessage:
        channel = self._channel(params)
        message = self.state.messages.get(snowflake(params["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _get_guild(self, request: web.Request, params: dict[str, str]) -> web.Response:
        payload = self.guild_payload(self._guild(params))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return json_response(payload)

    async def _get_guild_channels(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        return json_response([c.to_payload() for c in self._guild(params).channels])

    async def _get_guild_member(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild = self._guild(params)
        member = guild.members.get(snowflake(params["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.to_payload())

    async def _get_channel(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return json_response(self._channel(params).to_payload())

    async def _get_channel_messages(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        channel = self._channel(params)
        # Discord: limit 1..100 (default 50), and at most one of around/before/after.
        limit = snowflake(request.query.get("limit", "50"))
        if not 1 <= limit <= 100:
            raise ApiError(400, 50035, "Invalid Form Body", rejection=f"message limit {limit}")
        if sum(k in request.query for k in ("around", "before", "after")) > 1:
            raise ApiError(
                400, 50035, "Invalid Form Body", rejection="more than one of around/before/after"
            )
        found = self.state.public_messages(channel)
        if "before" in request.query:
            found = [m for m in found if m.id < snowflake(request.query["before"])]
        if "after" in request.query:
            found = [m for m in found if m.id > snowflake(request.query["after"])][:limit]
        return json_response([m.payload for m in reversed(found)][:limit])

    # ------------------------------------------------------------------ REST: threads
    def _bot_may(self, channel: StandInChannel, permission: int, name: str) -> None:
        """Discord's permission check for the bot in ``channel`` (403 Missing Permissions;
        a bot that asks without checking its permissions first is a client bug)."""
        guild = self.state.guilds[channel.guild_id]
        if not guild.bot_permissions & PERM_ADMINISTRATOR and not (
            guild.bot_permissions & permission
        ):
            raise ApiError(
                403, 50013, "Missing Permissions", rejection=f"{name} without the permission"
            )

    def _new_thread(
        self, parent: StandInChannel, data: Mapping[str, Any], what: str
    ) -> StandInChannel:
        if parent.type != CHANNEL_TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type", rejection=what)
        name = str(data.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, "Invalid Form Body", rejection=f"{what}: name {name!r}")
        minutes = int(data.get("auto_archive_duration") or 1440)
        if minutes not in THREAD_ARCHIVE_MINUTES:
            raise ApiError(400, 50035, "Invalid Form Body", rejection=f"{what}: {minutes} min")
        if int(data.get("type") or CHANNEL_PUBLIC_THREAD) != CHANNEL_PUBLIC_THREAD:
            raise ApiError(400, 50035, "Invalid Form Body", rejection=f"{what}: not public")
        self._bot_may(parent, PERM_CREATE_PUBLIC_THREADS, what)
        thread = StandInChannel(
            self.state.ids.next(),
            parent.guild_id,
            name,
            type=CHANNEL_PUBLIC_THREAD,
            parent_id=parent.id,
            owner_id=self.state.bot_user.id,
            archive_minutes=minutes,
            created_at=iso_timestamp(self.state.now()),
        )
        self.state.guilds[parent.guild_id].threads.append(thread)
        self.state.channels[thread.id] = thread
        self.state.notify()
        return thread

    async def _post_thread(self, request: web.Request, params: dict[str, str]) -> web.Response:
        """``POST /channels/{id}/threads``: a public thread without a starter message."""
        parent = self._channel(params)
        data, _files = await self.read(request)
        thread = self._new_thread(parent, data, f"thread in #{parent.name}")
        return json_response(thread.to_payload(), status=201)

    async def _post_message_thread(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        """``POST /channels/{id}/messages/{id}/threads``: a thread started from a message."""
        message = self._channel_message(params)
        parent = self._channel(params)
        data, _files = await self.read(request)
        if message.thread_id is not None:
            raise ApiError(
                400,
                160004,
                "A thread has already been created for this message",
                rejection=f"a second thread from message {message.id}",
            )
        thread = self._new_thread(parent, data, f"thread from message {message.id}")
        thread.id = message.id  # Discord: a message's thread has the message's id
        self.state.channels[thread.id] = thread
        message.thread_id = thread.id
        return json_response(thread.to_payload(), status=201)

    async def _post_channel_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        channel = self._channel(params)
        if channel.is_thread:
            self._bot_may(channel, PERM_SEND_MESSAGES_IN_THREADS, "a message in a thread")
        data, files = await self.read(request)
        nonce = data.get("nonce")
        if nonce is not None and len(str(nonce)) > 25:
            raise ApiError(400, 50035, "Invalid Form Body", rejection="nonce over 25 characters")
        if nonce is not None and data.get("enforce_nonce"):
            # Discord: a message of the same author with the same nonce in the last few
            # minutes is returned instead of creating a new one (idempotent posting).
            seen = self._nonces.get((channel.id, str(nonce)))
            if seen is not None and self.state.now() - seen[1] < NONCE_WINDOW:
                existing = self.state.messages.get(seen[0])
                if existing is not None and not existing.deleted:
                    return json_response(existing.payload)
        flags = int(data.get("flags") or 0) & CREATE_FLAGS
        message = self.messages.new_message(
            channel=channel,
            data=data,
            files=files,
            source="channel",
            flags=flags,
            interaction=None,
            what=f"channel message in #{channel.name}",
        )
        if nonce is not None:
            self._nonces[(channel.id, str(nonce))] = (message.id, self.state.now())
        return json_response(message.payload)

    async def _get_channel_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        message = self._channel_message(params)
        if message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return json_response(message.payload)

    def _refuse_ephemeral(self, message: RecordedMessage, verb: str) -> None:
        if message.ephemeral:
            raise ApiError(
                404,
                10008,
                "Unknown Message",
                rejection=f"{verb} ephemeral message {message.id} through the channel endpoint",
            )

    async def _patch_channel_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        message = self._channel_message(params)
        self._refuse_ephemeral(message, "edited")
        data, files = await self.read(request)
        self.messages.edit(message, data, files, f"edit of channel message {message.id}")
        return json_response(message.payload)

    async def _delete_channel_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        message = self._channel_message(params)
        self._refuse_ephemeral(message, "deleted")
        return self.messages.delete(message)
