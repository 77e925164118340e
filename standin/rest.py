"""REST API of the Discord stand-in: routes, validation answers, message recording, rate limits.

Internal to :mod:`standin.discord_standin`; use :class:`DiscordStandIn`.
"""

from __future__ import annotations

import copy
import hmac
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from standin.app_emojis import ApplicationEmojis
from standin.emojis import message_emoji_violations
from standin.holds import hold_if_asked
from standin.http import (
    ApiError,
    RateLimiter,
    Upload,
    bad_callback_type,
    invalid_form,
    json_response,
    read_body,
)
from standin.model import (
    CHANNEL_PUBLIC_THREAD,
    CHANNEL_TEXT,
    PERM_ADMINISTRATOR,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_SEND_MESSAGES_IN_THREADS,
    THREAD_ARCHIVE_MINUTES,
    InteractionDeadlineMissedError,
    InteractionFailedError,
    InteractionResult,
    MissedDeadline,
    PendingInteraction,
    RecordedMessage,
    Rejection,
    RequestRecord,
    StandInChannel,
    StandInGuild,
    StoredFile,
    iso_timestamp,
)
from standin.schema import openapi_spec
from standin.state import StandInState
from standin.validation import (
    ATTACHMENT_SIZE_LIMIT,
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    MAX_FILES,
    Path,
    is_empty_message,
    unresolved_attachments,
    validate_commands,
    validate_message,
    validate_modal,
)

log = logging.getLogger(__name__)

INTERACTION_COMMAND, INTERACTION_COMPONENT, INTERACTION_MODAL_SUBMIT = 2, 3, 5
NONCE_WINDOW = 5 * 60.0  # seconds a nonce is remembered ("the past few minutes")
CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2


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


def _snowflake(value: str) -> int:
    """An id (or number) from the URL; Discord answers 404 to anything else."""
    if not value.isdigit():
        raise ApiError(404, 0, "404: Not Found")
    return int(value)


class RestApi:
    """The REST routes (``/api/v10/...``) over a :class:`~standin.state.StandInState`."""

    def __init__(
        self, state: StandInState, guild_payload: Callable[[StandInGuild], dict[str, Any]]
    ) -> None:
        self.state = state
        self.guild_payload = guild_payload
        self.limiter = RateLimiter()
        self._old_edits: dict[int, list[float]] = {}
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
            ("GET", "/applications/{application_id}/commands", self._get_commands, True),
            ("PUT", "/applications/{application_id}/commands", self._put_commands, True),
            ("POST", "/applications/{application_id}/commands", self._post_command, True),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._get_commands,
                True,
            ),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._put_commands,
                True,
            ),
            (
                "POST",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._post_command,
                True,
            ),
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
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._post_callback, False),
            ("POST", "/webhooks/{application_id}/{token}", self._post_followup, False),
            (
                "GET",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self._get_webhook_message,
                False,
            ),
            (
                "PATCH",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self._patch_webhook_message,
                False,
            ),
            (
                "DELETE",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self._delete_webhook_message,
                False,
            ),
        ]
        table += ApplicationEmojis(self.state, self._read).routes()
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

    async def _read(
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

    def _uploaded(
        self, data: Mapping[str, Any], uploads: list[Upload]
    ) -> tuple[list[dict[str, Any]], dict[str, StoredFile]]:
        """Attachment objects (and stored files) for ``uploads``, described by ``attachments``."""
        described: dict[int, Mapping[str, Any]] = {}
        for entry in data.get("attachments") or []:
            if isinstance(entry, Mapping) and str(entry.get("id", "")).isdigit():
                described[int(entry["id"])] = entry
        payloads: list[dict[str, Any]] = []
        stored: dict[str, StoredFile] = {}
        for upload in uploads:
            entry = described.get(upload.index, {})
            attachment_id = self.state.ids.next()
            filename = str(entry.get("filename") or upload.filename)
            description = entry.get("description")
            url = f"http://127.0.0.1:{self.state.port}/attachments/{attachment_id}/{filename}"
            payload: dict[str, Any] = {
                "id": str(attachment_id),
                "filename": filename,
                "size": len(upload.data),
                "url": url,
                "proxy_url": url,
                "content_type": upload.content_type,
            }
            if description:
                payload["description"] = description
            payloads.append(payload)
            stored[str(attachment_id)] = StoredFile(
                attachment_id, filename, upload.content_type, upload.data, description
            )
        return payloads, stored

    def known_emojis(self, guild_id: int | None) -> set[int]:
        """Ids of the custom emojis a message in ``guild_id`` may use."""
        known = set(self.state.app_emojis)
        guild = self.state.guilds.get(guild_id) if guild_id is not None else None
        if guild is not None:
            known |= set(guild.emojis)
        return known

    def _check_message(
        self, payload: Mapping[str, Any], guild_id: int | None, what: str, prefix: Path
    ) -> None:
        violations = validate_message(payload)
        violations += message_emoji_violations(payload, self.known_emojis(guild_id))
        violations += unresolved_attachments(payload)
        if violations:
            raise invalid_form(violations, what, prefix)

    # ------------------------------------------------------------------ messages

    def _mentions(self, data: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The users a new message notifies, as Discord decides: the ``<@id>`` of its
        content that ``allowed_mentions`` permits (all of them when it is absent)."""
        content = str(data.get("content") or "")
        named = [int(m) for m in re.findall(r"<@!?(\d+)>", content)]
        allowed = data.get("allowed_mentions")
        if allowed is not None:
            parse = list(allowed.get("parse") or [])
            users = [int(u) for u in allowed.get("users") or []]
            if "users" in parse and users:
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    rejection="allowed_mentions: parse users together with a users list",
                )
            if len(users) > 100:
                raise ApiError(400, 50035, "Invalid Form Body", rejection="over 100 users")
            if "users" not in parse:
                named = [u for u in named if u in users]
        seen: list[int] = []
        for u in named:
            if u not in seen:
                seen.append(u)
        return [self.state.users[u].to_payload() for u in seen if u in self.state.users]

    def _new_message(
        self,
        *,
        channel: StandInChannel,
        data: Mapping[str, Any],
        files: list[Upload],
        source: str,
        flags: int,
        interaction: PendingInteraction | None,
        what: str,
        prefix: tuple[str | int, ...] = (),
        allow_empty: bool = False,
    ) -> RecordedMessage:
        message_id = self.state.ids.next()
        attachments, stored = self._uploaded(data, files)
        payload: dict[str, Any] = {
            "id": str(message_id),
            "type": 0,
            "channel_id": str(channel.id),
            "author": self.state.bot_user.to_payload(),
            "content": data.get("content") or "",
            "embeds": data.get("embeds") or [],
            "components": data.get("components") or [],
            "attachments": attachments,
            "flags": flags,
            "timestamp": iso_timestamp(self.state.now()),
            "edited_timestamp": None,
            "tts": bool(data.get("tts")),
            "mention_everyone": False,
            "mentions": self._mentions(data),
            "mention_roles": [],
            "pinned": False,
        }
        if interaction is not None:
            payload["webhook_id"] = str(self.state.application_id)
            payload["application_id"] = str(self.state.application_id)
            if source == "response" and interaction.type == INTERACTION_COMMAND:
                payload["type"] = 20
            metadata: dict[str, Any] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_payload(),
                "authorizing_integration_owners": {"0": str(interaction.guild.id)},
            }
            if interaction.command_name:
                metadata["name"] = interaction.command_name
            if source == "followup" and interaction.original is not None:
                metadata["original_response_message_id"] = str(interaction.original.id)
            if interaction.source_message is not None:
                metadata["interacted_message_id"] = str(interaction.source_message.id)
            payload["interaction_metadata"] = metadata
        self._check_message(payload, channel.guild_id, what, prefix)
        if not allow_empty and is_empty_message(payload):
            raise ApiError(400, 50006, "Cannot send an empty message", rejection=f"{what}: empty")
        self.state.message_seq += 1
        recorded = RecordedMessage(
            id=message_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=self.state.bot_user.id,
            seq=self.state.message_seq,
            source=source,
            visible_to=interaction.user.id if interaction and flags & FLAG_EPHEMERAL else None,
            interaction_id=interaction.id if interaction else None,
            versions=[payload],
            created_at=self.state.now(),
            files=stored,
        )
        self.state.record(recorded)
        return recorded

    def _edit(
        self,
        message: RecordedMessage,
        data: Mapping[str, Any],
        files: list[Upload],
        what: str,
        prefix: tuple[str | int, ...] = (),
    ) -> RecordedMessage:
        self._check_old_message_edit(message, what)
        now = self.state.now()
        new = copy.deepcopy(message.payload)
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in data:
                new[key] = data[key] if data[key] is not None else empty
        added, stored = self._uploaded(data, files)
        if "attachments" in data:
            # API v10: ``attachments`` lists every attachment the message keeps (by id) besides
            # the new uploads (by their ``files[n]`` index); the rest are removed.
            listed = data["attachments"] or []
            keep = {str(a.get("id")) for a in listed if isinstance(a, Mapping)}
            new["attachments"] = [a for a in new["attachments"] if a["id"] in keep] + added
        elif added:
            new["attachments"] = new["attachments"] + added
        flags = int(new.get("flags") or 0)
        if data.get("flags") is not None:
            wanted = int(data["flags"])
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (wanted & FLAG_SUPPRESS_EMBEDS)
            flags |= wanted & FLAG_IS_COMPONENTS_V2
        was_loading = bool(flags & FLAG_LOADING)
        new["flags"] = flags & ~FLAG_LOADING
        if not was_loading:
            new["edited_timestamp"] = iso_timestamp(now)
        self._check_message(new, message.guild_id, what, prefix)
        if is_empty_message(new):
            raise ApiError(400, 50006, "Cannot send an empty message", rejection=f"{what}: empty")
        message.versions.append(new)
        message.files.update(stored)
        if now - message.created_at >= 3600:
            self._old_edits.setdefault(message.id, []).append(now)
        self.state.notify()
        return message

    def _check_old_message_edit(self, message: RecordedMessage, what: str) -> None:
        limit = self.state.old_message_edit_limit
        now = self.state.now()
        if limit is None or now - message.created_at < 3600:
            return
        recent = [t for t in self._old_edits.get(message.id, []) if now - t < 3600]
        self._old_edits[message.id] = recent
        if len(recent) >= limit:
            raise ApiError(
                400,
                30046,
                "Maximum number of edits to messages older than 1 hour reached. Try again later.",
                rejection=f"{what}: more than {limit} edits/hour of a message older than 1 hour",
            )

    def _delete(self, message: RecordedMessage) -> web.Response:
        message.deleted = True
        self.state.notify()
        return web.Response(status=204)

    # ------------------------------------------------------------------ REST: identity

    async def _get_me(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return json_response(self.state.me_payload())

    async def _get_user(self, request: web.Request, params: dict[str, str]) -> web.Response:
        user = self.state.users.get(_snowflake(params["user_id"]))
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

    # ------------------------------------------------------------------ REST: commands

    def _check_application(self, params: dict[str, str]) -> None:
        if params["application_id"] != str(self.state.application_id):
            raise ApiError(404, 10002, "Unknown Application")

    def _command_scope(
        self, params: dict[str, str]
    ) -> tuple[int | None, dict[tuple[int, str], dict[str, Any]]]:
        self._check_application(params)
        if "guild_id" not in params:
            return None, self.state.global_commands
        guild_id = _snowflake(params["guild_id"])
        if guild_id not in self.state.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild_id, self.state.guild_commands.setdefault(guild_id, {})

    def _store_command(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        kind = int(command.get("type", 1))
        name = str(command["name"])
        command_id = self.state.command_ids.setdefault(
            (guild_id, kind, name), self.state.ids.next()
        )
        stored = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            **copy.deepcopy(command),
            "id": str(command_id),
            "application_id": str(self.state.application_id),
            "version": str(self.state.ids.next()),
            "type": kind,
        }
        if stored["default_member_permissions"] is not None:
            # Discord echoes permission integers as strings.
            stored["default_member_permissions"] = str(int(stored["default_member_permissions"]))
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    async def _get_commands(self, request: web.Request, params: dict[str, str]) -> web.Response:
        _, scope = self._command_scope(params)
        return json_response(list(scope.values()))

    async def _put_commands(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild_id, scope = self._command_scope(params)
        body, _ = await self._read(request)
        commands = body.get("__list__")
        violations = validate_commands(commands)
        if violations:
            raise invalid_form(violations, "command sync")
        assert isinstance(commands, list)
        scope.clear()
        for command in commands:
            stored = self._store_command(guild_id, command)
            scope[(stored["type"], stored["name"])] = stored
        self.state.command_syncs += 1
        log.info("Discord stand-in: %d command(s) synced (guild %s)", len(scope), guild_id)
        self.state.notify()
        return json_response(list(scope.values()))

    async def _post_command(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild_id, scope = self._command_scope(params)
        body, _ = await self._read(request)
        violations = validate_commands([body])
        if violations:
            raise invalid_form(violations, "command upsert")
        stored = self._store_command(guild_id, body)
        scope[(stored["type"], stored["name"])] = stored
        self.state.command_syncs += 1
        self.state.notify()
        return json_response(stored, status=201)

    # ------------------------------------------------------------------ REST: guilds, channels

    def _guild(self, params: dict[str, str]) -> StandInGuild:
        guild = self.state.guilds.get(_snowflake(params["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, params: dict[str, str]) -> StandInChannel:
        channel = self.state.channels.get(_snowflake(params["channel_id"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, params: dict[str, str]) -> RecordedMessage:
        channel = self._channel(params)
        message = self.state.messages.get(_snowflake(params["message_id"]))
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
        member = guild.members.get(_snowflake(params["user_id"]))
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
        limit = _snowflake(request.query.get("limit", "50"))
        if not 1 <= limit <= 100:
            raise ApiError(400, 50035, "Invalid Form Body", rejection=f"message limit {limit}")
        if sum(k in request.query for k in ("around", "before", "after")) > 1:
            raise ApiError(
                400, 50035, "Invalid Form Body", rejection="more than one of around/before/after"
            )
        found = self.state.public_messages(channel)
        if "before" in request.query:
            found = [m for m in found if m.id < _snowflake(request.query["before"])]
        if "after" in request.query:
            found = [m for m in found if m.id > _snowflake(request.query["after"])][:limit]
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
        data, _files = await self._read(request)
        thread = self._new_thread(parent, data, f"thread in #{parent.name}")
        return json_response(thread.to_payload(), status=201)

    async def _post_message_thread(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        """``POST /channels/{id}/messages/{id}/threads``: a thread started from a message."""
        message = self._channel_message(params)
        parent = self._channel(params)
        data, _files = await self._read(request)
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
        data, files = await self._read(request)
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
        message = self._new_message(
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
        data, files = await self._read(request)
        self._edit(message, data, files, f"edit of channel message {message.id}")
        return json_response(message.payload)

    async def _delete_channel_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        message = self._channel_message(params)
        self._refuse_ephemeral(message, "deleted")
        return self._delete(message)

    # ------------------------------------------------------------------ REST: interactions

    async def _post_callback(self, request: web.Request, params: dict[str, str]) -> web.Response:
        interaction = self.state.interactions.get(_snowflake(params["interaction_id"]))
        if interaction is None or not hmac.compare_digest(interaction.token, params["token"]):
            raise ApiError(404, 10062, "Unknown interaction")
        body, files = await self._read(request, interaction)
        if interaction.response_type is not None:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                rejection="second response to an interaction",
                interaction=interaction,
            )
        latency = self.state.mono() - interaction.created
        self.state.latencies[interaction.id] = latency
        if latency > self.state.answer_deadline:
            text = f"{interaction.description} answered after {latency:.2f}s"
            self.state.missed_deadlines.append(
                MissedDeadline(interaction.id, interaction.kind, latency, text)
            )
            interaction.error = InteractionDeadlineMissedError(text)
            interaction.done.set()
            raise ApiError(
                404,
                10062,
                "Unknown interaction",
                rejection=f"answer after {latency:.2f}s (limit {self.state.answer_deadline}s)",
                interaction=interaction,
            )
        kind = body.get("type")
        data = body.get("data") or {}
        what = f"interaction response type {kind}"
        message: RecordedMessage | None = None
        try:
            if kind == 4 or kind == 5:
                flags = int(data.get("flags") or 0) & (CREATE_FLAGS | FLAG_EPHEMERAL)
                if kind == 5:
                    flags = (flags & FLAG_EPHEMERAL) | FLAG_LOADING
                message = self._new_message(
                    channel=interaction.channel,
                    data=data if kind == 4 else {},
                    files=files,
                    source="response",
                    flags=flags,
                    interaction=interaction,
                    what=what,
                    prefix=("data",),
                    allow_empty=kind == 5,
                )
                interaction.original = message
            elif kind in (6, 7):
                if interaction.source_message is None:
                    raise bad_callback_type(f"{what} is only valid for component interactions")
                message = interaction.source_message
                if kind == 7:
                    self._edit(message, data, files, what, prefix=("data",))
            elif kind == 9:
                if interaction.type == INTERACTION_MODAL_SUBMIT:
                    raise bad_callback_type("a modal submission answered with another modal")
                violations = validate_modal(data)
                if violations:
                    raise invalid_form(violations, what, ("data",))
                interaction.modal = copy.deepcopy(data)
            else:
                raise bad_callback_type(f"unsupported callback type {kind!r}")
        except ApiError as exc:
            exc.interaction = interaction
            raise
        interaction.response_type = int(kind)
        interaction.latency = latency
        interaction.result = InteractionResult(
            interaction_id=interaction.id,
            token=interaction.token,
            kind=interaction.kind,
            user=interaction.user,
            guild_id=interaction.guild.id,
            channel_id=interaction.channel.id,
            response_type=int(kind),
            latency=latency,
            message=message,
            followups=interaction.followups,
            modal=interaction.modal,
            source_message_id=source.id if (source := interaction.source_message) else None,
        )
        interaction.done.set()
        self.state.notify()
        # Always the ``with_response`` body (discord.py 2.7 asks for it; a 204 would break it).
        info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        response: dict[str, Any] = {"interaction": info}
        if message is not None and kind in (4, 5, 7):
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = kind == 5
            info["response_message_ephemeral"] = message.ephemeral
            response["resource"] = {"type": kind, "message": message.payload}
        else:
            response["resource"] = {"type": kind}
        return json_response(response)

    def _webhook_interaction(self, params: dict[str, str]) -> PendingInteraction:
        interaction = self.state.by_token.get(params["token"])
        if interaction is None or params["application_id"] != str(self.state.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        age = self.state.mono() - interaction.created
        if age > self.state.token_lifetime:
            raise ApiError(
                401,
                50027,
                "Invalid Webhook Token",
                rejection=f"interaction token used after {age / 60:.1f} minutes",
                interaction=interaction,
            )
        return interaction

    async def _post_followup(self, request: web.Request, params: dict[str, str]) -> web.Response:
        interaction = self._webhook_interaction(params)
        if interaction.response_type is None:
            raise ApiError(
                404,
                10015,
                "Unknown Webhook",
                rejection="follow-up sent before the interaction was answered",
                interaction=interaction,
            )
        data, files = await self._read(request, interaction)
        original = interaction.original
        try:
            if original is not None and original.loading:
                # The first follow-up after a deferred response fills in the "thinking" message
                # (and keeps the deferral's visibility).
                message = self._edit(original, data, files, "follow-up filling a deferred answer")
            else:
                flags = int(data.get("flags") or 0) & (CREATE_FLAGS | FLAG_EPHEMERAL)
                message = self._new_message(
                    channel=interaction.channel,
                    data=data,
                    files=files,
                    source="followup",
                    flags=flags,
                    interaction=interaction,
                    what="follow-up message",
                )
                interaction.followups.append(message)
                self.state.notify()
        except ApiError as exc:
            exc.interaction = exc.interaction or interaction
            raise
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.payload)
        return web.Response(status=204)

    def _webhook_message(self, interaction: PendingInteraction, message_id: str) -> RecordedMessage:
        if message_id == "@original":
            found = interaction.original
            if found is None and interaction.response_type in (6, 7):
                found = interaction.source_message
        else:
            found = self.state.messages.get(_snowflake(message_id))
            related = found is not None and (
                found is interaction.original
                or found is interaction.source_message
                or found in interaction.followups
                or (not found.ephemeral and "webhook_id" in found.payload)
            )
            if not related:
                found = None
        if found is None or found.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return found

    async def _get_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        return json_response(self._webhook_message(interaction, params["message_id"]).payload)

    async def _patch_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        message = self._webhook_message(interaction, params["message_id"])
        data, files = await self._read(request, interaction)
        try:
            self._edit(message, data, files, f"webhook edit of message {message.id}")
        except ApiError as exc:
            exc.interaction = exc.interaction or interaction
            raise
        return json_response(message.payload)

    async def _delete_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        return self._delete(self._webhook_message(interaction, params["message_id"]))
