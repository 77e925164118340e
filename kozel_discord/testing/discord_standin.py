"""A local Discord stand-in: a fake Discord REST API and gateway for end-to-end tests.

Discord is unreachable from the test machines, so the real, unchanged discord.py bot is pointed at
this aiohttp server instead.  The stand-in runs inside the test's event loop on 127.0.0.1 with an
ephemeral port; the bot usually runs in a separate process and talks to it over real HTTP and a
real websocket.

Usage::

    async with DiscordStandIn() as standin:          # or: await standin.start() / stop()
        alice = standin.add_user("alice")
        guild = standin.add_guild("Test server", members=[alice])
        # Start the bot with standin.token, standin.api_base and standin.gateway_url; inside the
        # bot process, before login:
        #     discord.http.Route.BASE = api_base
        #     discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
        # (use_local_discord(api_base, gateway_url) does exactly that).
        await standin.wait_for_sessions(1)
        await standin.wait_for_commands("kozel")
        result = await standin.slash(alice, guild, None, "kozel", subcommand="start")
        table = result.message
        hand = await standin.click(alice, table, "kozel:hand")
        assert hand.message.visible_to == alice.id
        assert standin.rejections == [] and standin.unhandled == []

Every message the bot creates is recorded (``messages``, ``visible_to``, ``last_message``) with
all its versions; requests Discord would refuse get Discord's error answer and are listed in
``rejections``; interactions answered after 3 s are listed in ``missed_deadlines``.  Waiting is
event based (``wait_for``, ``wait_for_message``); the clock used for deadlines and token expiry can
be moved with ``advance_clock`` instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from kozel_discord.testing.standin_model import (
    ALL_PERMISSIONS,
    BOT_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    PERM_ADMINISTRATOR,
    PERM_MANAGE_GUILD,
    CommandNotFoundError,
    CommandNotPermittedError,
    ComponentNotFoundError,
    InteractionDeadlineMissedError,
    InteractionFailedError,
    InteractionResult,
    InteractionTimeoutError,
    MissedDeadline,
    RecordedMessage,
    Rejection,
    RequestRecord,
    SnowflakeGenerator,
    StandInChannel,
    StandInError,
    StandInGuild,
    StandInMember,
    StandInTimeoutError,
    StandInUser,
    iso_timestamp,
)
from kozel_discord.testing.standin_validation import (
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    Violation,
    describe,
    form_body_error,
    is_empty_message,
    iter_components,
    validate_commands,
    validate_message,
    validate_modal,
)

__all__ = [
    "ALL_PERMISSIONS",
    "DEFAULT_MEMBER_PERMISSIONS",
    "PERM_ADMINISTRATOR",
    "PERM_MANAGE_GUILD",
    "CommandNotFoundError",
    "CommandNotPermittedError",
    "ComponentNotFoundError",
    "DiscordStandIn",
    "GatewaySession",
    "InteractionDeadlineMissedError",
    "InteractionFailedError",
    "InteractionResult",
    "InteractionTimeoutError",
    "MissedDeadline",
    "RecordedMessage",
    "Rejection",
    "RequestRecord",
    "StandInChannel",
    "StandInError",
    "StandInGuild",
    "StandInMember",
    "StandInTimeoutError",
    "StandInUser",
    "use_local_discord",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

API_PREFIX = "/api/v10"
INTERACTION_PING, INTERACTION_COMMAND, INTERACTION_COMPONENT = 1, 2, 3
INTERACTION_AUTOCOMPLETE, INTERACTION_MODAL_SUBMIT = 4, 5
INTENT_GUILD_MEMBERS = 1 << 1
HEARTBEAT_INTERVAL_MS = 41_250
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
_CREATE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_IS_COMPONENTS_V2


def use_local_discord(api_base: str, gateway_url: str) -> Callable[[], None]:
    """Point this process's discord.py at a stand-in; returns a function restoring the defaults.

    Call it in the bot process before ``login``/``start`` (with the two URLs the test passed).
    """
    import discord.gateway
    import discord.http
    import yarl

    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def restore() -> None:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore


class _ApiError(Exception):
    """An error answer of a route handler (turned into Discord's JSON error shape)."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        rejection: str | None = None,
        interaction: _Interaction | None = None,
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


def _invalid_form(
    violations: Sequence[Violation], what: str, prefix: tuple[str | int, ...] = ()
) -> _ApiError:
    body = form_body_error(violations, prefix)
    return _ApiError(
        400,
        50035,
        "Invalid Form Body",
        errors=body["errors"],
        rejection=f"{what}: {describe(violations)}",
    )


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py does not parse JSON with a charset suffix.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


class _Connection:
    """One gateway websocket with serialized sends."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.lock = asyncio.Lock()

    async def send(self, packet: Mapping[str, Any]) -> None:
        async with self.lock:
            if not self.ws.closed:
                await self.ws.send_str(json.dumps(packet))


@dataclass(eq=False)
class GatewaySession:
    """A bot session identified on the gateway (``shard`` is ``(shard_id, shard_count)``)."""

    session_id: str
    shard: tuple[int, int] | None
    intents: int
    identified_at: float
    seq: int = 0
    interactions_received: int = 0
    connection: _Connection | None = field(default=None, repr=False)

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed

    def owns(self, guild_id: int) -> bool:
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        return (guild_id >> 22) % shard_count == shard_id

    async def dispatch(self, event: str, data: Mapping[str, Any]) -> None:
        if self.connection is None:
            raise StandInError(f"gateway session {self.session_id} is not connected")
        self.seq += 1
        await self.connection.send({"op": 0, "t": event, "s": self.seq, "d": data})


@dataclass(eq=False)
class _Interaction:
    id: int
    token: str
    type: int
    kind: str
    user: StandInUser
    guild: StandInGuild
    channel: StandInChannel
    created: float  # stand-in monotonic clock
    description: str
    command_name: str | None = None
    source_message: RecordedMessage | None = None
    response_type: int | None = None
    latency: float | None = None
    original: RecordedMessage | None = None
    followups: list[RecordedMessage] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    error: InteractionFailedError | None = None
    result: InteractionResult | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class _Bucket:
    limit: int
    per: float
    is_global: bool = False
    window_start: float = 0.0
    count: int = 0


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


class DiscordStandIn:
    """The fake Discord: REST API under ``api_base``, gateway at ``gateway_url``.

    Constructor options: ``token`` (the bot token the bot must log in with), ``application_name``
    / ``bot_username``, ``response_timeout`` (seconds the interaction helpers wait for the bot's
    callback), ``answer_deadline`` (Discord's 3 s), ``token_lifetime`` (Discord's 15 min),
    ``gateway_shards`` (the ``shards`` answered by ``/gateway/bot``) and
    ``old_message_edit_limit`` (edits allowed per hour on messages older than an hour; ``None``
    disables the 30046 simulation).
    """

    def __init__(
        self,
        *,
        token: str = "standin-bot-token",
        application_name: str = "Kozel",
        bot_username: str = "Kozel",
        response_timeout: float = 4.0,
        answer_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        gateway_shards: int = 1,
        old_message_edit_limit: int | None = None,
    ) -> None:
        self.token = token
        self.response_timeout = response_timeout
        self.answer_deadline = answer_deadline
        self.token_lifetime = token_lifetime
        self.gateway_shards = gateway_shards
        self.old_message_edit_limit = old_message_edit_limit
        self._clock_offset = 0.0
        self._ids = SnowflakeGenerator(self.now)
        self.application_id = self._ids.next()
        self.application_name = application_name
        self.bot_user = StandInUser(self._ids.next(), bot_username, None, bot=True)
        self.owner = StandInUser(self._ids.next(), "standin-owner", "Stand-in Owner")
        self.users: dict[int, StandInUser] = {}
        self.guilds: dict[int, StandInGuild] = {}
        self.channels: dict[int, StandInChannel] = {}
        self._messages: dict[int, RecordedMessage] = {}
        self._message_seq = 0
        self._global_commands: dict[tuple[int, str], dict[str, Any]] = {}
        self._guild_commands: dict[int, dict[tuple[int, str], dict[str, Any]]] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self.command_syncs = 0
        self._interactions: dict[int, _Interaction] = {}
        self._by_token: dict[str, _Interaction] = {}
        self.sessions: list[GatewaySession] = []
        # What tests assert on.
        self.rejections: list[Rejection] = []
        self.unhandled: list[str] = []
        self.missed_deadlines: list[MissedDeadline] = []
        self.latencies: dict[int, float] = {}
        self.errors: list[Rejection] = []  # every non-2xx answer, rejections included
        self.request_log: list[RequestRecord] = []
        self.request_counts: Counter[str] = Counter()
        self.requests_per_second: Counter[int] = Counter()
        self.rate_limited = 0
        self._buckets: dict[str, _Bucket] = {}
        self._bucket_state: dict[tuple[str, str], _Bucket] = {}
        self._global_bucket: _Bucket | None = None
        self._old_edits: dict[int, list[float]] = {}
        self._changed = asyncio.Event()
        self._pending: set[asyncio.Task[None]] = set()
        self._sockets: set[web.WebSocketResponse] = set()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._started = time.monotonic()
        self._routes = self._build_routes()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Start serving on 127.0.0.1 with an ephemeral port."""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self._handle_gateway)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._handle_api)
        # access_log=None: request paths contain interaction tokens, which must not be logged.
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        address = self._runner.addresses[0]
        self._port = int(address[1])
        self._started = time.monotonic()
        log.info("Discord stand-in listening on 127.0.0.1:%d", self._port)

    async def stop(self) -> None:
        """Close every gateway connection and stop the server."""
        for task in list(self._pending):
            task.cancel()
        for ws in list(self._sockets):
            await ws.close(code=4000, message=b"stand-in stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordStandIn:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self._port is None:
            raise StandInError("the stand-in is not started")
        return self._port

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        """Value for ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ------------------------------------------------------------------ clock and waiting

    def now(self) -> float:
        """The stand-in's wall clock (epoch seconds), moved by ``advance_clock``."""
        return time.time() + self._clock_offset

    def _mono(self) -> float:
        return time.monotonic() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Move the stand-in's clock forward (token expiry, deadlines, message age)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._clock_offset += seconds
        self._notify()

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(
        self, predicate: Callable[[], T], *, timeout: float = 5.0, what: str = "condition"
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        Re-evaluated whenever the stand-in's state changes (message created/edited/deleted,
        callback, session, command sync, clock).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise StandInTimeoutError(f"timed out after {timeout}s waiting for {what}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    async def wait_for_message(
        self,
        predicate: Callable[[RecordedMessage], bool] = lambda m: True,
        *,
        channel: StandInChannel | int | None = None,
        since: int | None = None,
        timeout: float = 5.0,
    ) -> RecordedMessage:
        """The first (oldest) message matching ``predicate``, waiting for one if needed.

        ``since`` is a value of ``mark()``: only messages created after it count.
        """

        def find() -> RecordedMessage | None:
            for message in self.messages(channel):
                if (since is None or message.seq > since) and predicate(message):
                    return message
            return None

        return await self.wait_for(find, timeout=timeout, what="a matching message")

    def mark(self) -> int:
        """A position in the message order, for ``wait_for_message(since=...)``."""
        return self._message_seq

    async def wait_for_sessions(self, count: int = 1, *, timeout: float = 10.0) -> None:
        """Wait until ``count`` bot sessions are identified and connected."""
        await self.wait_for(
            lambda: sum(1 for s in self.sessions if s.connected) >= count,
            timeout=timeout,
            what=f"{count} gateway session(s)",
        )

    async def wait_for_commands(
        self, name: str | None = None, *, guild: StandInGuild | None = None, timeout: float = 10.0
    ) -> list[dict[str, Any]]:
        """Wait until the bot synced commands (the one called ``name``, if given)."""

        def synced() -> list[dict[str, Any]] | None:
            found = self.commands(guild)
            if guild is not None:
                found = found + self.commands()
            if name is not None:
                found = [c for c in found if c.get("name") == name]
            return found or None

        return await self.wait_for(synced, timeout=timeout, what=f"command sync ({name})")

    async def wait_until_resolved(
        self, result: InteractionResult, *, timeout: float = 5.0
    ) -> RecordedMessage:
        """For a deferred (type 5) answer: wait until the loading message is filled in."""
        message = result.message
        if message is None:
            raise StandInError("this interaction answer has no message")
        await self.wait_for(lambda: not message.loading, timeout=timeout, what="deferred answer")
        return message

    # ------------------------------------------------------------------ model

    def add_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        locale: str = "en-US",
        id: int | None = None,
    ) -> StandInUser:
        """A new (human) user."""
        user = StandInUser(id or self._ids.next(), username, global_name, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str,
        *,
        channels: Sequence[str] = ("general",),
        members: Sequence[StandInUser] = (),
        preferred_locale: str = "en-US",
        owner: StandInUser | None = None,
        everyone_permissions: int = DEFAULT_MEMBER_PERMISSIONS,
        shard: tuple[int, int] | None = None,
        id: int | None = None,
    ) -> StandInGuild:
        """A new guild the bot is in.  ``shard=(shard_id, shard_count)`` picks a matching id."""
        guild = StandInGuild(
            id=id or self._ids.next(shard),
            name=name,
            preferred_locale=preferred_locale,
            owner_id=(owner or self.owner).id,
            everyone_permissions=everyone_permissions,
            bot_role_id=self._ids.next(),
        )
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self._new_channel(guild, channel_name)
        for user in [*members, *([owner] if owner else [])]:
            if user.id not in guild.members:
                self._new_member(guild, user, 0)
        self._broadcast(guild, "GUILD_CREATE", lambda: self._guild_create_payload(guild))
        return guild

    def add_channel(self, guild: StandInGuild, name: str) -> StandInChannel:
        """A new text channel in ``guild``."""
        channel = self._new_channel(guild, name)
        self._broadcast(guild, "CHANNEL_CREATE", channel.to_payload)
        return channel

    def add_member(
        self, guild: StandInGuild, user: StandInUser, *, permissions: int = 0
    ) -> StandInMember:
        """Make ``user`` a member of ``guild``, with ``permissions`` on top of @everyone."""
        member = self._new_member(guild, user, permissions)
        payload = {**member.to_payload(), "guild_id": str(guild.id)}
        self._broadcast(guild, "GUILD_MEMBER_ADD", lambda: payload, intent=INTENT_GUILD_MEMBERS)
        return member

    def grant_permissions(self, guild: StandInGuild, user: StandInUser, permissions: int) -> None:
        """Give ``user`` extra guild permissions (e.g. ``PERM_MANAGE_GUILD``)."""
        self._member(guild, user).permissions |= permissions

    def revoke_permissions(self, guild: StandInGuild, user: StandInUser, permissions: int) -> None:
        self._member(guild, user).permissions &= ~permissions

    def member_permissions(self, guild: StandInGuild, user: StandInUser) -> int:
        """The permission integer sent as ``member.permissions`` for ``user`` in ``guild``."""
        member = self._member(guild, user)
        permissions = guild.everyone_permissions | member.permissions
        if permissions & PERM_ADMINISTRATOR or guild.owner_id == user.id:
            return ALL_PERMISSIONS
        return permissions

    def _new_channel(self, guild: StandInGuild, name: str) -> StandInChannel:
        channel = StandInChannel(self._ids.next(), guild.id, name, position=len(guild.channels))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def _new_member(self, guild: StandInGuild, user: StandInUser, permissions: int) -> StandInMember:
        self.users.setdefault(user.id, user)
        member = StandInMember(user, guild.id, iso_timestamp(self.now()), permissions)
        guild.members[user.id] = member
        return member

    def _member(self, guild: StandInGuild, user: StandInUser) -> StandInMember:
        try:
            return guild.members[user.id]
        except KeyError:
            raise StandInError(
                f"{user.username} is not a member of {guild.name!r}; use add_member first"
            ) from None

    # ------------------------------------------------------------------ recorded messages

    def messages(
        self, channel: StandInChannel | int | None = None, *, include_deleted: bool = False
    ) -> list[RecordedMessage]:
        """Every message the bot created (in ``channel``), in creation order."""
        channel_id = channel.id if isinstance(channel, StandInChannel) else channel
        return [
            m
            for m in self._messages.values()
            if (channel_id is None or m.channel_id == channel_id)
            and (include_deleted or not m.deleted)
        ]

    def visible_to(
        self, user: StandInUser, channel: StandInChannel | int | None = None
    ) -> list[RecordedMessage]:
        """What ``user`` sees: public messages plus their own ephemerals."""
        return [m for m in self.messages(channel) if m.is_visible_to(user)]

    def public_messages(self, channel: StandInChannel | int | None = None) -> list[RecordedMessage]:
        return [m for m in self.messages(channel) if m.visible_to is None]

    def last_message(
        self,
        channel: StandInChannel | int | None = None,
        *,
        user: StandInUser | None = None,
        public: bool = False,
    ) -> RecordedMessage | None:
        """The newest message (visible to ``user`` / public only, if asked)."""
        found = self.messages(channel)
        if user is not None:
            found = [m for m in found if m.is_visible_to(user)]
        if public:
            found = [m for m in found if m.visible_to is None]
        return found[-1] if found else None

    def message(self, message_id: int) -> RecordedMessage:
        return self._messages[message_id]

    def commands(self, guild: StandInGuild | int | None = None) -> list[dict[str, Any]]:
        """The commands the bot synced: global ones, or those of ``guild``."""
        if guild is None:
            return list(self._global_commands.values())
        guild_id = guild.id if isinstance(guild, StandInGuild) else guild
        return list(self._guild_commands.get(guild_id, {}).values())

    # ------------------------------------------------------------------ rate limits and stats

    def set_rate_limit(self, route: str, limit: int, per: float = 1.0) -> None:
        """Give ``route`` (e.g. ``"POST /channels/{channel_id}/messages"``) a bucket.

        Answers on that route then carry ``X-RateLimit-*`` headers, and a request over the limit
        gets a 429 (with ``Via`` and a JSON ``retry_after``, so discord.py waits and retries).
        Windows use real time.
        """
        self._buckets[route] = _Bucket(limit, per)

    def set_global_rate_limit(self, limit: int = 50, per: float = 1.0) -> None:
        """Discord's global limit (interaction callbacks are exempt)."""
        self._global_bucket = _Bucket(limit, per, is_global=True)

    def max_requests_per_second(self) -> int:
        return max(self.requests_per_second.values(), default=0)

    # ------------------------------------------------------------------ acting as users

    async def slash(
        self,
        user: StandInUser,
        guild: StandInGuild,
        channel: StandInChannel | None,
        name: str,
        *,
        subcommand: str | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Run ``/name [subcommand] options`` as ``user``; returns once the bot answered.

        ``subcommand`` may be ``"group sub"``.  Option values: str/int/float/bool, a
        ``StandInUser`` (user options) or ``StandInChannel`` (channel options).
        """
        channel = channel or guild.default_channel
        member = self._member(guild, user)
        command = self._find_command(guild, name)
        required = command.get("default_member_permissions")
        permissions = self.member_permissions(guild, member.user)
        if required is not None and not permissions & PERM_ADMINISTRATOR:
            needed = int(required)
            if needed == 0 or permissions & needed != needed:
                raise CommandNotPermittedError(
                    f"{user.username} lacks permissions {needed} for /{name} in {guild.name!r}"
                )
        data = self._command_data(command, guild, subcommand, options or {})
        label = f"/{name}" + (f" {subcommand}" if subcommand else "")
        return await self._interact(
            kind="slash",
            itype=INTERACTION_COMMAND,
            user=user,
            guild=guild,
            channel=channel,
            data=data,
            source=None,
            locale=locale,
            timeout=timeout,
            description=f"{label} by {user.username}",
            command_name=name,
        )

    async def click(
        self,
        user: StandInUser,
        message: RecordedMessage | int,
        custom_id: str,
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Click the button ``custom_id`` on ``message`` as ``user``."""
        recorded = self._clickable(user, message)
        component = recorded.component(custom_id)
        if component is None or component.get("type") != 2:
            raise ComponentNotFoundError(
                f"message {recorded.id} has no button {custom_id!r} "
                f"(custom ids: {recorded.custom_ids()})"
            )
        if component.get("disabled"):
            raise ComponentNotFoundError(f"button {custom_id!r} on message {recorded.id} is disabled")
        return await self._component_interaction(
            user, recorded, {"custom_id": custom_id, "component_type": 2}, "button", locale, timeout
        )

    async def select(
        self,
        user: StandInUser,
        message: RecordedMessage | int,
        custom_id: str,
        values: Sequence[str],
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Choose ``values`` in the string select ``custom_id`` on ``message`` as ``user``."""
        recorded = self._clickable(user, message)
        component = recorded.component(custom_id)
        if component is None or component.get("type") != 3:
            raise ComponentNotFoundError(
                f"message {recorded.id} has no string select {custom_id!r} "
                f"(custom ids: {recorded.custom_ids()})"
            )
        if component.get("disabled"):
            raise ComponentNotFoundError(f"select {custom_id!r} on message {recorded.id} is disabled")
        allowed = [str(o.get("value")) for o in component.get("options") or []]
        unknown = [v for v in values if v not in allowed]
        if unknown:
            raise ComponentNotFoundError(f"select {custom_id!r} has no options {unknown} ({allowed})")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high or len(set(values)) != len(values):
            raise ComponentNotFoundError(
                f"select {custom_id!r} takes {low}..{high} distinct values, got {list(values)}"
            )
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._component_interaction(user, recorded, data, "select", locale, timeout)

    async def submit_modal(
        self,
        user: StandInUser,
        opened: InteractionResult,
        values: Mapping[str, str],
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Submit the modal the bot opened in ``opened`` (a type 9 answer) with ``values``."""
        if opened.modal is None:
            raise StandInError("that interaction was not answered with a modal")
        origin = self._interactions[opened.interaction_id]

        def fill(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
            filled: list[dict[str, Any]] = []
            for component in components:
                kind = component.get("type")
                if kind == 1:
                    filled.append({"type": 1, "components": fill(component["components"])})
                elif kind == 18:
                    filled.append({"type": 18, "component": fill([component["component"]])[0]})
                elif kind == 4:
                    custom_id = component["custom_id"]
                    filled.append(
                        {"type": 4, "custom_id": custom_id, "value": values.get(custom_id, "")}
                    )
                else:
                    filled.append({k: v for k, v in component.items() if k != "options"})
            return filled

        data = {
            "custom_id": opened.modal["custom_id"],
            "components": fill(copy.deepcopy(opened.modal.get("components") or [])),
        }
        return await self._interact(
            kind="modal_submit",
            itype=INTERACTION_MODAL_SUBMIT,
            user=user,
            guild=origin.guild,
            channel=origin.channel,
            data=data,
            source=origin.source_message,
            locale=locale,
            timeout=timeout,
            description=f"modal {opened.modal.get('custom_id')!r} by {user.username}",
        )

    def _clickable(self, user: StandInUser, message: RecordedMessage | int) -> RecordedMessage:
        recorded = self._messages.get(message if isinstance(message, int) else message.id)
        if recorded is None or recorded.deleted:
            raise ComponentNotFoundError(f"message {message!r} does not exist (or was deleted)")
        if not recorded.is_visible_to(user):
            raise ComponentNotFoundError(f"{user.username} cannot see message {recorded.id}")
        return recorded

    async def _component_interaction(
        self,
        user: StandInUser,
        message: RecordedMessage,
        data: dict[str, Any],
        kind: str,
        locale: str | None,
        timeout: float | None,
    ) -> InteractionResult:
        channel = self.channels[message.channel_id]
        guild = self.guilds[channel.guild_id]
        return await self._interact(
            kind=kind,
            itype=INTERACTION_COMPONENT,
            user=user,
            guild=guild,
            channel=channel,
            data=data,
            source=message,
            locale=locale,
            timeout=timeout,
            description=f"{kind} {data['custom_id']!r} on message {message.id} by {user.username}",
        )

    async def _interact(
        self,
        *,
        kind: str,
        itype: int,
        user: StandInUser,
        guild: StandInGuild,
        channel: StandInChannel,
        data: dict[str, Any],
        source: RecordedMessage | None,
        locale: str | None,
        timeout: float | None,
        description: str,
        command_name: str | None = None,
    ) -> InteractionResult:
        member = self._member(guild, user)
        if self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)
        session = self._session_for(guild.id)
        interaction_id = self._ids.next()
        token = secrets.token_urlsafe(48)
        permissions = self.member_permissions(guild, user)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            "guild_locale": guild.preferred_locale,
            "locale": locale or user.locale,
            "channel_id": str(channel.id),
            "channel": {**channel.to_payload(), "permissions": str(permissions)},
            "member": member.to_payload(permissions=permissions),
            "data": data,
            "app_permissions": str(BOT_PERMISSIONS),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
        }
        if source is not None:
            payload["message"] = copy.deepcopy(source.payload)
        interaction = _Interaction(
            id=interaction_id,
            token=token,
            type=itype,
            kind=kind,
            user=user,
            guild=guild,
            channel=channel,
            created=self._mono(),
            description=f"{description} (interaction {interaction_id})",
            command_name=command_name,
            source_message=source,
        )
        self._interactions[interaction_id] = interaction
        self._by_token[token] = interaction
        session.interactions_received += 1
        await session.dispatch("INTERACTION_CREATE", payload)
        wait = self.response_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(interaction.done.wait(), wait)
        except TimeoutError:
            message = f"the bot did not answer {interaction.description} within {wait}s"
            self.missed_deadlines.append(MissedDeadline(interaction_id, kind, None, message))
            self._notify()
            raise InteractionTimeoutError(message) from None
        if interaction.error is not None:
            raise interaction.error
        assert interaction.result is not None
        return interaction.result

    def _session_for(self, guild_id: int) -> GatewaySession:
        owners = [s for s in self.sessions if s.connected and s.owns(guild_id)]
        if not owners:
            raise StandInError(f"no connected bot session owns guild {guild_id}")
        return owners[-1]

    def _find_command(self, guild: StandInGuild, name: str) -> dict[str, Any]:
        for scope in (self._guild_commands.get(guild.id, {}), self._global_commands):
            command = scope.get((1, name))
            if command is not None:
                return command
        synced = sorted({n for (_, n) in self._global_commands} | {
            n for (_, n) in self._guild_commands.get(guild.id, {})
        })
        raise CommandNotFoundError(f"/{name} was never synced (synced: {synced})")

    def _command_data(
        self,
        command: dict[str, Any],
        guild: StandInGuild,
        subcommand: str | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": command.get("type", 1),
        }
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        definitions: list[dict[str, Any]] = command.get("options") or []
        chain: list[dict[str, Any]] = []
        for part in (subcommand or "").split():
            found = next(
                (o for o in definitions if o.get("name") == part and o.get("type") in (1, 2)), None
            )
            if found is None:
                names = [o.get("name") for o in definitions if o.get("type") in (1, 2)]
                raise CommandNotFoundError(f"/{command['name']} has no subcommand {part!r} ({names})")
            chain.append(found)
            definitions = found.get("options") or []
        if any(o.get("type") in (1, 2) for o in definitions):
            names = [o.get("name") for o in definitions]
            raise CommandNotFoundError(f"/{command['name']} {subcommand or ''} needs one of {names}")
        resolved: dict[str, dict[str, Any]] = {}
        built = self._option_values(definitions, options, guild, resolved)
        for parent in reversed(chain):
            built = [{"name": parent["name"], "type": parent["type"], "options": built}]
        data["options"] = built
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_values(
        self,
        definitions: list[dict[str, Any]],
        options: Mapping[str, Any],
        guild: StandInGuild,
        resolved: dict[str, dict[str, Any]],
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in definitions}
        unknown = set(options) - set(by_name)
        if unknown:
            raise CommandNotFoundError(f"unknown options {sorted(unknown)} (known: {list(by_name)})")
        missing = [n for n, o in by_name.items() if o.get("required") and n not in options]
        if missing:
            raise StandInError(f"missing required options {missing}")
        built: list[dict[str, Any]] = []
        for name, value in options.items():
            definition = by_name[name]
            kind = definition["type"]
            built.append(
                {"name": name, "type": kind, "value": self._option_value(definition, value, guild, resolved)}
            )
        return built

    def _option_value(
        self,
        definition: dict[str, Any],
        value: Any,
        guild: StandInGuild,
        resolved: dict[str, dict[str, Any]],
    ) -> Any:
        name, kind = definition["name"], definition["type"]
        bad = StandInError(f"option {name!r} (type {kind}) cannot take {value!r}")
        if kind == 3:
            if not isinstance(value, str):
                raise bad
            low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise StandInError(f"option {name!r} must be {low}..{high} characters long")
        elif kind in (4, 10):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise bad
            if kind == 4 and not isinstance(value, int):
                raise bad
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise StandInError(f"option {name!r} must be within {low}..{high}")
        elif kind == 5:
            if not isinstance(value, bool):
                raise bad
        elif kind in (6, 9):
            user = value if isinstance(value, StandInUser) else self.users.get(int(value))
            if user is None:
                raise bad
            resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
            if user.id in guild.members:
                member = guild.members[user.id].to_payload(
                    with_user=False, permissions=self.member_permissions(guild, user)
                )
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        elif kind == 7:
            channel = value if isinstance(value, StandInChannel) else self.channels.get(int(value))
            if channel is None:
                raise bad
            resolved.setdefault("channels", {})[str(channel.id)] = {
                "id": str(channel.id),
                "name": channel.name,
                "type": channel.type,
                "permissions": str(ALL_PERMISSIONS),
            }
            return str(channel.id)
        else:
            raise StandInError(f"option type {kind} ({name!r}) is not supported by the stand-in")
        choices = definition.get("choices")
        if choices and value not in [c.get("value") for c in choices]:
            raise StandInError(f"option {name!r} must be one of {[c.get('value') for c in choices]}")
        return value

    # ------------------------------------------------------------------ HTTP plumbing

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
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self._get_commands, True),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self._put_commands, True),
            ("POST", "/applications/{application_id}/guilds/{guild_id}/commands", self._post_command, True),
            ("GET", "/applications/{application_id}/emojis", self._get_emojis, True),
            ("GET", "/guilds/{guild_id}", self._get_guild, True),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels, True),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_guild_member, True),
            ("GET", "/channels/{channel_id}", self._get_channel, True),
            ("GET", "/channels/{channel_id}/messages", self._get_channel_messages, True),
            ("POST", "/channels/{channel_id}/messages", self._post_channel_message, True),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_channel_message, True),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._patch_channel_message, True),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_channel_message, True),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._post_callback, False),
            ("POST", "/webhooks/{application_id}/{token}", self._post_followup, False),
            ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self._get_webhook_message, False),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", self._patch_webhook_message, False),
            ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", self._delete_webhook_message, False),
        ]
        routes = []
        for method, template, handler, auth in table:
            regex = re.sub(r"\\{(\w+)\\}", r"(?P<\1>[^/]+)", re.escape(template))
            routes.append(_Route(method, template, re.compile(f"^{regex}$"), handler, auth))
        return routes

    def _redact(self, path: str) -> str:
        # Interaction tokens never go into logs or recorded descriptions.
        parts = ["<token>" if p in self._by_token or len(p) > 60 else p for p in path.split("/")]
        return "/".join(parts)

    async def _handle_api(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method
        elapsed = time.monotonic() - self._started
        self.requests_per_second[int(elapsed)] += 1
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
            self.unhandled.append(described)
            self.request_counts[f"{method} <unhandled>"] += 1
            self.request_log.append(RequestRecord(elapsed, method, "<unhandled>", 404))
            self._notify()
            return _json({"message": "404: Not Found", "code": 0}, status=404)
        route, params = matched
        self.request_counts[route.key] += 1
        headers: dict[str, str] = {}
        try:
            if route.auth and not self._authorized(request):
                raise _ApiError(401, 0, "401: Unauthorized")
            limited = self._check_rate_limit(route, params, headers)
            response = limited or await route.handler(request, params)
        except _ApiError as exc:
            response = self._error_response(exc, route)
        response.headers.update(headers)
        self.request_log.append(RequestRecord(elapsed, method, route.template, response.status))
        log.debug("%s %s -> %d", method, route.template, response.status)
        return response

    def _authorized(self, request: web.Request) -> bool:
        given = request.headers.get("Authorization", "")
        return hmac.compare_digest(given.encode(), f"Bot {self.token}".encode())

    def _error_response(self, exc: _ApiError, route: _Route) -> web.Response:
        description = exc.rejection or exc.message
        if exc.interaction is not None:
            description = f"{description} [{exc.interaction.description}]"
        record = Rejection(route.method, route.template, exc.status, exc.code, description)
        self.errors.append(record)
        if exc.rejection is not None:
            self.rejections.append(record)
            log.warning("Discord stand-in rejected a request: %s", record)
            interaction = exc.interaction
            if interaction is not None and interaction.response_type is None:
                # A refused callback fails the waiting helper right away.
                interaction.error = InteractionFailedError(str(record))
                interaction.done.set()
        self._notify()
        return _json(exc.body(), status=exc.status)

    def _check_rate_limit(
        self, route: _Route, params: dict[str, str], headers: dict[str, str]
    ) -> web.Response | None:
        now = time.monotonic()
        if self._global_bucket is not None and not route.template.startswith("/interactions/"):
            bucket = self._global_bucket
            if now - bucket.window_start >= bucket.per:
                bucket.window_start, bucket.count = now, 0
            if bucket.count >= bucket.limit:
                return self._too_many(bucket, now, headers)
            bucket.count += 1
        limits = self._buckets.get(route.key)
        if limits is None:
            return None
        major = params.get("channel_id") or params.get("guild_id") or params.get("token") or ""
        state = self._bucket_state.setdefault((route.key, major), _Bucket(limits.limit, limits.per))
        if now - state.window_start >= state.per:
            state.window_start, state.count = now, 0
        reset_after = max(state.window_start + state.per - now, 0.0)
        headers.update(
            {
                "X-RateLimit-Limit": str(state.limit),
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": hashlib.sha1(route.key.encode()).hexdigest()[:16],
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
        self.rate_limited += 1
        headers.update({"Via": "1.1 google", "Retry-After": f"{retry_after:.3f}"})
        if bucket.is_global:
            headers["X-RateLimit-Global"] = "true"
        headers["X-RateLimit-Scope"] = "global" if bucket.is_global else "user"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": bucket.is_global,
        }
        return _json(body, status=429)

    async def _read_body(self, request: web.Request) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The JSON payload (plain or multipart ``payload_json``) and the uploaded files."""
        files: list[dict[str, Any]] = []
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            raw = form.get("payload_json")
            payload = json.loads(str(raw)) if raw is not None else {}
            for name, value in form.items():
                if name.startswith("files[") and isinstance(value, web.FileField):
                    attachment_id = self._ids.next()
                    filename = value.filename
                    url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{filename}"
                    files.append(
                        {
                            "id": str(attachment_id),
                            "filename": filename,
                            "size": len(value.file.read()),
                            "url": url,
                            "proxy_url": url,
                            "content_type": value.content_type,
                        }
                    )
        else:
            text = await request.text()
            try:
                payload = json.loads(text) if text.strip() else {}
            except ValueError:
                raise _ApiError(400, 50109, "The request body contains invalid JSON.") from None
        if not isinstance(payload, dict | list):
            raise _ApiError(400, 50109, "The request body contains invalid JSON.")
        return payload if isinstance(payload, dict) else {"__list__": payload}, files

    # ------------------------------------------------------------------ messages

    def _new_message(
        self,
        *,
        channel: StandInChannel,
        data: Mapping[str, Any],
        files: list[dict[str, Any]],
        source: str,
        flags: int,
        interaction: _Interaction | None,
        what: str,
        prefix: tuple[str | int, ...] = (),
        allow_empty: bool = False,
    ) -> RecordedMessage:
        message_id = self._ids.next()
        payload: dict[str, Any] = {
            "id": str(message_id),
            "type": 0,
            "channel_id": str(channel.id),
            "author": self.bot_user.to_payload(),
            "content": data.get("content") or "",
            "embeds": data.get("embeds") or [],
            "components": data.get("components") or [],
            "attachments": files,
            "flags": flags,
            "timestamp": iso_timestamp(self.now()),
            "edited_timestamp": None,
            "tts": bool(data.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        if interaction is not None:
            payload["webhook_id"] = str(self.application_id)
            payload["application_id"] = str(self.application_id)
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
        violations = validate_message(payload)
        if violations:
            raise _invalid_form(violations, what, prefix)
        if not allow_empty and is_empty_message(payload):
            raise _ApiError(400, 50006, "Cannot send an empty message", rejection=f"{what}: empty")
        self._message_seq += 1
        recorded = RecordedMessage(
            id=message_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=self.bot_user.id,
            seq=self._message_seq,
            source=source,
            visible_to=interaction.user.id if interaction and flags & FLAG_EPHEMERAL else None,
            interaction_id=interaction.id if interaction else None,
            versions=[payload],
            created_at=self.now(),
        )
        self._messages[message_id] = recorded
        self._notify()
        return recorded

    def _edit(
        self,
        message: RecordedMessage,
        data: Mapping[str, Any],
        files: list[dict[str, Any]],
        what: str,
        prefix: tuple[str | int, ...] = (),
    ) -> RecordedMessage:
        self._check_old_message_edit(message, what)
        new = copy.deepcopy(message.payload)
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in data:
                new[key] = data[key] if data[key] is not None else empty
        if "attachments" in data and data["attachments"] is not None:
            keep = {str(a.get("id")) for a in data["attachments"] if isinstance(a, dict)}
            new["attachments"] = [a for a in new["attachments"] if a["id"] in keep] + files
        elif files:
            new["attachments"] = new["attachments"] + files
        flags = int(new.get("flags") or 0)
        if data.get("flags") is not None:
            wanted = int(data["flags"])
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (wanted & FLAG_SUPPRESS_EMBEDS)
            flags |= wanted & FLAG_IS_COMPONENTS_V2
        was_loading = bool(flags & FLAG_LOADING)
        new["flags"] = flags & ~FLAG_LOADING
        if not was_loading:
            new["edited_timestamp"] = iso_timestamp(self.now())
        violations = validate_message(new)
        if violations:
            raise _invalid_form(violations, what, prefix)
        if is_empty_message(new):
            raise _ApiError(400, 50006, "Cannot send an empty message", rejection=f"{what}: empty")
        message.versions.append(new)
        self._notify()
        return message

    def _check_old_message_edit(self, message: RecordedMessage, what: str) -> None:
        limit = self.old_message_edit_limit
        now = self.now()
        if limit is None or now - message.created_at < 3600:
            return
        recent = [t for t in self._old_edits.get(message.id, []) if now - t < 3600]
        if len(recent) >= limit:
            raise _ApiError(
                400,
                30046,
                "Maximum number of edits to messages older than 1 hour reached. Try again later.",
                rejection=f"{what}: more than {limit} edits/hour of a message older than 1 hour",
            )
        self._old_edits[message.id] = [*recent, now]

    def _delete(self, message: RecordedMessage) -> web.Response:
        message.deleted = True
        self._notify()
        return web.Response(status=204)

    # ------------------------------------------------------------------ REST: identity

    def _me_payload(self) -> dict[str, Any]:
        return {**self.bot_user.to_payload(), "verified": True, "mfa_enabled": False, "flags": 0}

    async def _get_me(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return _json(self._me_payload())

    async def _get_user(self, request: web.Request, params: dict[str, str]) -> web.Response:
        user = self.users.get(int(params["user_id"]))
        if user is None:
            raise _ApiError(404, 10013, "Unknown User")
        return _json(user.to_payload())

    async def _get_application(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return _json(
            {
                "id": str(self.application_id),
                "name": self.application_name,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.to_payload(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "bot": self.bot_user.to_payload(),
                "approximate_guild_count": len(self.guilds),
            }
        )

    async def _get_gateway(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return _json({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request, params: dict[str, str]) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return _json(
            {"url": self.gateway_url, "shards": self.gateway_shards, "session_start_limit": limit}
        )

    async def _get_emojis(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return _json({"items": []})

    # ------------------------------------------------------------------ REST: commands

    def _check_application(self, params: dict[str, str]) -> None:
        if params["application_id"] != str(self.application_id):
            raise _ApiError(404, 10002, "Unknown Application")

    def _command_scope(self, params: dict[str, str]) -> tuple[int | None, dict]:
        self._check_application(params)
        if "guild_id" not in params:
            return None, self._global_commands
        guild_id = int(params["guild_id"])
        if guild_id not in self.guilds:
            raise _ApiError(404, 10004, "Unknown Guild")
        return guild_id, self._guild_commands.setdefault(guild_id, {})

    def _store_command(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        kind = int(command.get("type", 1))
        name = str(command["name"])
        command_id = self._command_ids.setdefault((guild_id, kind, name), self._ids.next())
        stored = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            **copy.deepcopy(command),
            "id": str(command_id),
            "application_id": str(self.application_id),
            "version": str(self._ids.next()),
            "type": kind,
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    async def _get_commands(self, request: web.Request, params: dict[str, str]) -> web.Response:
        _, scope = self._command_scope(params)
        return _json(list(scope.values()))

    async def _put_commands(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild_id, scope = self._command_scope(params)
        body, _ = await self._read_body(request)
        commands = body.get("__list__")
        violations = validate_commands(commands)
        if violations:
            raise _invalid_form(violations, "command sync")
        assert isinstance(commands, list)
        scope.clear()
        for command in commands:
            stored = self._store_command(guild_id, command)
            scope[(stored["type"], stored["name"])] = stored
        self.command_syncs += 1
        log.info("Discord stand-in: %d command(s) synced (guild %s)", len(scope), guild_id)
        self._notify()
        return _json(list(scope.values()))

    async def _post_command(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild_id, scope = self._command_scope(params)
        body, _ = await self._read_body(request)
        violations = validate_commands([body])
        if violations:
            raise _invalid_form(violations, "command upsert")
        stored = self._store_command(guild_id, body)
        scope[(stored["type"], stored["name"])] = stored
        self.command_syncs += 1
        self._notify()
        return _json(stored, status=201)

    # ------------------------------------------------------------------ REST: guilds, channels

    def _guild(self, params: dict[str, str]) -> StandInGuild:
        guild = self.guilds.get(int(params["guild_id"]))
        if guild is None:
            raise _ApiError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, params: dict[str, str]) -> StandInChannel:
        channel = self.channels.get(int(params["channel_id"]))
        if channel is None:
            raise _ApiError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, params: dict[str, str]) -> RecordedMessage:
        channel = self._channel(params)
        message = self._messages.get(int(params["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id:
            raise _ApiError(404, 10008, "Unknown Message")
        return message

    async def _get_guild(self, request: web.Request, params: dict[str, str]) -> web.Response:
        payload = self._guild_create_payload(self._guild(params))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return _json(payload)

    async def _get_guild_channels(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return _json([c.to_payload() for c in self._guild(params).channels])

    async def _get_guild_member(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild = self._guild(params)
        member = guild.members.get(int(params["user_id"]))
        if member is None:
            raise _ApiError(404, 10007, "Unknown Member")
        return _json(member.to_payload())

    async def _get_channel(self, request: web.Request, params: dict[str, str]) -> web.Response:
        return _json(self._channel(params).to_payload())

    async def _get_channel_messages(self, request: web.Request, params: dict[str, str]) -> web.Response:
        channel = self._channel(params)
        limit = min(int(request.query.get("limit", "50")), 100)
        found = self.public_messages(channel)
        if "before" in request.query:
            found = [m for m in found if m.id < int(request.query["before"])]
        if "after" in request.query:
            found = [m for m in found if m.id > int(request.query["after"])][:limit]
        return _json([m.payload for m in reversed(found)][:limit])

    async def _post_channel_message(self, request: web.Request, params: dict[str, str]) -> web.Response:
        channel = self._channel(params)
        data, files = await self._read_body(request)
        flags = int(data.get("flags") or 0) & _CREATE_FLAGS
        message = self._new_message(
            channel=channel,
            data=data,
            files=files,
            source="channel",
            flags=flags,
            interaction=None,
            what=f"channel message in #{channel.name}",
        )
        return _json(message.payload)

    async def _get_channel_message(self, request: web.Request, params: dict[str, str]) -> web.Response:
        message = self._channel_message(params)
        if message.ephemeral:
            raise _ApiError(404, 10008, "Unknown Message")
        return _json(message.payload)

    def _refuse_ephemeral(self, message: RecordedMessage, verb: str) -> None:
        if message.ephemeral:
            raise _ApiError(
                404,
                10008,
                "Unknown Message",
                rejection=f"{verb} ephemeral message {message.id} through the channel endpoint",
            )

    async def _patch_channel_message(self, request: web.Request, params: dict[str, str]) -> web.Response:
        message = self._channel_message(params)
        self._refuse_ephemeral(message, "edited")
        data, files = await self._read_body(request)
        self._edit(message, data, files, f"edit of channel message {message.id}")
        return _json(message.payload)

    async def _delete_channel_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        message = self._channel_message(params)
        self._refuse_ephemeral(message, "deleted")
        return self._delete(message)

    # ------------------------------------------------------------------ REST: interactions

    async def _post_callback(self, request: web.Request, params: dict[str, str]) -> web.Response:
        interaction = self._interactions.get(int(params["interaction_id"]))
        if interaction is None or not hmac.compare_digest(interaction.token, params["token"]):
            raise _ApiError(404, 10062, "Unknown interaction")
        body, files = await self._read_body(request)
        if interaction.response_type is not None:
            raise _ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                rejection="second response to an interaction",
                interaction=interaction,
            )
        latency = self._mono() - interaction.created
        self.latencies[interaction.id] = latency
        if latency > self.answer_deadline:
            text = f"{interaction.description} answered after {latency:.2f}s"
            self.missed_deadlines.append(MissedDeadline(interaction.id, interaction.kind, latency, text))
            interaction.error = InteractionDeadlineMissedError(text)
            interaction.done.set()
            raise _ApiError(
                404, 10062, "Unknown interaction", rejection=f"late answer ({latency:.2f}s)"
            )
        kind = body.get("type")
        data = body.get("data") or {}
        is_component = interaction.type == INTERACTION_COMPONENT
        from_component = interaction.source_message is not None
        what = f"interaction response type {kind}"
        message: RecordedMessage | None = None
        try:
            if kind == 4 or kind == 5:
                flags = int(data.get("flags") or 0) & (_CREATE_FLAGS | FLAG_EPHEMERAL)
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
                if not from_component or interaction.source_message is None:
                    raise _ApiError(
                        400,
                        50035,
                        "Invalid Form Body",
                        errors={"type": {"_errors": [{"code": "INTERACTION_CALLBACK_TYPE_INVALID",
                                                      "message": "Invalid callback type"}]}},
                        rejection=f"{what} is only valid for component interactions",
                    )
                message = interaction.source_message
                if kind == 7:
                    self._edit(message, data, files, what, prefix=("data",))
            elif kind == 9:
                if interaction.type == INTERACTION_MODAL_SUBMIT:
                    raise _ApiError(
                        400, 50035, "Invalid Form Body", rejection="a modal answered with a modal"
                    )
                violations = validate_modal(data)
                if violations:
                    raise _invalid_form(violations, what, ("data",))
                interaction.modal = copy.deepcopy(data)
            else:
                raise _ApiError(
                    400, 50035, "Invalid Form Body", rejection=f"unsupported callback type {kind!r}"
                )
        except _ApiError as exc:
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
            source_message_id=interaction.source_message.id if from_component and
            interaction.source_message else None,
        )
        del is_component
        interaction.done.set()
        self._notify()
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        response: dict[str, Any] = {"interaction": info}
        if message is not None and kind in (4, 5, 7):
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = kind == 5
            info["response_message_ephemeral"] = message.ephemeral
            response["resource"] = {"type": kind, "message": message.payload}
        else:
            response["resource"] = {"type": kind}
        return _json(response)

    def _webhook_interaction(self, params: dict[str, str]) -> _Interaction:
        interaction = self._by_token.get(params["token"])
        if interaction is None or params["application_id"] != str(self.application_id):
            raise _ApiError(404, 10015, "Unknown Webhook")
        age = self._mono() - interaction.created
        if age > self.token_lifetime:
            raise _ApiError(
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
            raise _ApiError(
                404,
                10015,
                "Unknown Webhook",
                rejection="follow-up sent before the interaction was answered",
                interaction=interaction,
            )
        data, files = await self._read_body(request)
        original = interaction.original
        if original is not None and original.loading:
            # The first follow-up after a deferred response fills in the "thinking" message.
            message = self._edit(original, data, files, "follow-up filling a deferred response")
        else:
            flags = int(data.get("flags") or 0) & (_CREATE_FLAGS | FLAG_EPHEMERAL)
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
            self._notify()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return _json(message.payload)
        return web.Response(status=204)

    def _webhook_message(self, interaction: _Interaction, message_id: str) -> RecordedMessage:
        if message_id == "@original":
            found = interaction.original
            if found is None and interaction.response_type in (6, 7):
                found = interaction.source_message
        else:
            found = self._messages.get(int(message_id))
            related = found is not None and (
                found is interaction.original
                or found is interaction.source_message
                or found in interaction.followups
                or (not found.ephemeral and "webhook_id" in found.payload)
            )
            if not related:
                found = None
        if found is None or found.deleted:
            raise _ApiError(404, 10008, "Unknown Message")
        return found

    async def _get_webhook_message(self, request: web.Request, params: dict[str, str]) -> web.Response:
        interaction = self._webhook_interaction(params)
        return _json(self._webhook_message(interaction, params["message_id"]).payload)

    async def _patch_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        message = self._webhook_message(interaction, params["message_id"])
        data, files = await self._read_body(request)
        try:
            self._edit(message, data, files, f"webhook edit of message {message.id}")
        except _ApiError as exc:
            exc.interaction = exc.interaction or interaction
            raise
        return _json(message.payload)

    async def _delete_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        return self._delete(self._webhook_message(interaction, params["message_id"]))

    # ------------------------------------------------------------------ gateway

    def _role_payloads(self, guild: StandInGuild) -> list[dict[str, Any]]:
        def role(role_id: int, name: str, permissions: int, position: int, **extra: Any) -> dict:
            return {
                "id": str(role_id),
                "name": name,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "position": position,
                "permissions": str(permissions),
                "managed": False,
                "mentionable": False,
                "flags": 0,
                **extra,
            }

        return [
            role(guild.id, "@everyone", guild.everyone_permissions, 0),
            role(
                guild.bot_role_id,
                self.application_name,
                BOT_PERMISSIONS,
                1,
                managed=True,
                tags={"bot_id": str(self.bot_user.id)},
            ),
        ]

    def _bot_member_payload(self, guild: StandInGuild) -> dict[str, Any]:
        member = StandInMember(self.bot_user, guild.id, iso_timestamp(self.now()))
        member.roles.append(guild.bot_role_id)
        return member.to_payload()

    def _guild_create_payload(self, guild: StandInGuild) -> dict[str, Any]:
        members = [m.to_payload() for m in guild.members.values()]
        members.append(self._bot_member_payload(guild))
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self._role_payloads(guild),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500_000,
            "joined_at": iso_timestamp(self.now()),
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "voice_states": [],
            "members": members,
            "channels": [c.to_payload() for c in guild.channels],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _broadcast(
        self,
        guild: StandInGuild,
        event: str,
        payload: Callable[[], dict[str, Any]],
        *,
        intent: int | None = None,
    ) -> None:
        """Send ``event`` to the connected sessions owning ``guild`` (in the background)."""
        for session in self.sessions:
            if not session.connected or not session.owns(guild.id):
                continue
            if intent is not None and not session.intents & intent:
                continue
            task = asyncio.get_running_loop().create_task(session.dispatch(event, payload()))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _handle_gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        connection = _Connection(ws)
        session: GatewaySession | None = None
        try:
            hello = {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["standin"]}
            await connection.send({"op": 10, "d": hello, "s": None, "t": None})
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                try:
                    packet = json.loads(msg.data)
                except ValueError:
                    await ws.close(code=4002, message=b"Error while decoding payload.")
                    break
                op, data = packet.get("op"), packet.get("d")
                if op == 1:
                    await connection.send({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    if session is not None:
                        await ws.close(code=4005, message=b"Already authenticated.")
                        break
                    session = await self._identify(connection, data or {})
                elif op == 6:
                    session = await self._resume(connection, data or {})
                elif op == 8 and session is not None:
                    await self._send_member_chunk(session, data or {})
        finally:
            self._sockets.discard(ws)
            if session is not None and session.connection is connection:
                session.connection = None
            self._notify()
        return ws

    async def _identify(
        self, connection: _Connection, data: dict[str, Any]
    ) -> GatewaySession | None:
        if not hmac.compare_digest(str(data.get("token", "")).encode(), self.token.encode()):
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return None
        raw_shard = data.get("shard")
        shard: tuple[int, int] | None = None
        if raw_shard is not None:
            shard_id, shard_count = int(raw_shard[0]), int(raw_shard[1])
            if shard_count < 1 or not 0 <= shard_id < shard_count:
                await connection.ws.close(code=4010, message=b"Invalid shard.")
                return None
            shard = (shard_id, shard_count)
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            shard=shard,
            intents=int(data.get("intents") or 0),
            identified_at=self.now(),
            connection=connection,
        )
        owned = [g for g in self.guilds.values() if session.owns(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": self._me_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in owned],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "_trace": ["standin"],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        await session.dispatch("READY", ready)
        for guild in owned:
            await session.dispatch("GUILD_CREATE", self._guild_create_payload(guild))
        self.sessions.append(session)
        log.info(
            "Discord stand-in: session identified (shard %s, %d guild(s))", shard, len(owned)
        )
        self._notify()
        return session

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> GatewaySession | None:
        token_ok = hmac.compare_digest(str(data.get("token", "")).encode(), self.token.encode())
        session = next(
            (s for s in self.sessions if s.session_id == data.get("session_id")), None
        )
        if session is None or not token_ok:
            # discord.py answers an invalid session (d=false) by identifying afresh.
            await connection.send({"op": 9, "d": False, "s": None, "t": None})
            return None
        session.connection = connection
        await session.dispatch("RESUMED", {"_trace": ["standin"]})
        self._notify()
        return session

    async def _send_member_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        members = [m.to_payload() for m in guild.members.values()]
        members.append(self._bot_member_payload(guild))
        wanted = {str(u) for u in data.get("user_ids") or []}
        if wanted:
            members = [m for m in members if m["user"]["id"] in wanted]
        query = str(data.get("query") or "").lower()
        if query:
            members = [m for m in members if m["user"]["username"].lower().startswith(query)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


_ = iter_components  # re-exported helper for tests that walk components
