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
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import Any, Generic, TypeVar, cast

from aiohttp import web

from standin.commands import CommandResolver
from standin.gateway import Gateway, GatewaySession
from standin.holds import Hold
from standin.model import (
    ALL_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    INTERACTION_COMMAND,
    INTERACTION_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    PERM_ADMINISTRATOR,
    PERM_MANAGE_GUILD,
    CommandNotFoundError,
    CommandNotPermittedError,
    ComponentNotFoundError,
    InteractionDeadlineMissedError,
    InteractionFailedError,
    InteractionResult,
    InteractionTimeoutError,
    MessageVersion,
    MissedDeadline,
    PendingInteraction,
    RecordedMessage,
    Rejection,
    RequestRecord,
    StandInChannel,
    StandInError,
    StandInGuild,
    StandInMember,
    StandInTimeoutError,
    StandInUser,
    StoredFile,
    iso_timestamp,
)
from standin.rest import RestApi
from standin.state import API_PREFIX, StandInState
from standin.validation import ATTACHMENT_SIZE_LIMIT

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
    "MessageVersion",
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
    "StoredFile",
    "use_local_discord",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

INTENT_GUILD_MEMBERS = 1 << 1


class _Shared(Generic[T]):
    """A facade attribute kept in the shared :class:`StandInState` (same name)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: DiscordStandIn, owner: type | None = None) -> T:
        return cast(T, getattr(instance._state, self.name))

    def __set__(self, instance: DiscordStandIn, value: T) -> None:
        setattr(instance._state, self.name, value)


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
        self._state = StandInState(
            token=token,
            application_name=application_name,
            bot_username=bot_username,
            response_timeout=response_timeout,
            answer_deadline=answer_deadline,
            token_lifetime=token_lifetime,
            gateway_shards=gateway_shards,
            old_message_edit_limit=old_message_edit_limit,
        )
        self._runner: web.AppRunner | None = None
        self._gateway = Gateway(self._state)
        self._rest = RestApi(self._state, self._gateway.guild_create_payload)
        self._commands = CommandResolver(
            global_commands=self._state.global_commands,
            guild_commands=self._state.guild_commands,
            users=self._state.users,
            channels=self._state.channels,
            member_permissions=self.member_permissions,
        )

    # Configuration and what tests read, kept in the shared state.
    token = _Shared[str]()
    response_timeout = _Shared[float]()
    answer_deadline = _Shared[float]()
    token_lifetime = _Shared[float]()
    gateway_shards = _Shared[int]()
    old_message_edit_limit = _Shared[int | None]()
    application_id = _Shared[int]()
    application_name = _Shared[str]()
    bot_user = _Shared[StandInUser]()
    owner = _Shared[StandInUser]()
    users = _Shared[dict[int, StandInUser]]()
    guilds = _Shared[dict[int, StandInGuild]]()
    channels = _Shared[dict[int, StandInChannel]]()
    command_syncs = _Shared[int]()
    rejections = _Shared[list[Rejection]]()
    unhandled = _Shared[list[str]]()
    missed_deadlines = _Shared[list[MissedDeadline]]()
    latencies = _Shared[dict[int, float]]()
    errors = _Shared[list[Rejection]]()
    request_log = _Shared[list[RequestRecord]]()
    request_counts = _Shared[Counter[str]]()
    requests_per_second = _Shared[Counter[int]]()
    bot_request_times = _Shared[list[float]]()

    @property
    def state(self) -> StandInState:
        """The shared state (model, clock, records) the REST API and gateway work on."""
        return self._state

    @property
    def sessions(self) -> list[GatewaySession]:
        """Every bot session that identified on the gateway."""
        return self._gateway.sessions

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Start serving on 127.0.0.1 with an ephemeral port."""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway.handle)
        app.router.add_get("/attachments/{attachment_id}/{filename}", self._rest.get_attachment)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest.handle)
        # access_log=None: request paths contain interaction tokens, which must not be logged.
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        address = self._runner.addresses[0]
        self._state.bound_port = int(address[1])
        self._state.started = time.monotonic()
        log.info("Discord stand-in listening on 127.0.0.1:%d", self._state.bound_port)

    async def stop(self) -> None:
        """Close every gateway connection and stop the server."""
        await self._gateway.close_all()
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
        return self._state.port

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return self._state.api_base

    @property
    def gateway_url(self) -> str:
        """Value for ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``."""
        return self._state.gateway_url

    # ------------------------------------------------------------------ clock and waiting

    def now(self) -> float:
        """The stand-in's wall clock (epoch seconds), moved by ``advance_clock``."""
        return self._state.now()

    def hold(
        self,
        method: str,
        template: str,
        *,
        after: bool = False,
        when: Callable[[dict[str, str], Any], bool] | None = None,
    ) -> Hold:
        """Hold back the next matching request (see :class:`standin.holds.Hold`), e.g.
        ``hold("POST", "/channels/{channel_id}/messages", after=True)``."""
        hold = Hold(method, template, after=after, when=when)
        self._state.holds.append(hold)
        return hold

    def advance_clock(self, seconds: float) -> None:
        """Move the stand-in's clock forward (token expiry, deadlines, message age)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._state.clock_offset += seconds
        self._state.notify()

    async def wait_for(
        self, predicate: Callable[[], T | None], *, timeout: float = 5.0, what: str = "condition"
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        Re-evaluated whenever the stand-in's state changes (message created/edited/deleted,
        callback, session, command sync, clock).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._state.changed
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
        return self._state.message_seq

    async def wait_for_sessions(self, count: int = 1, *, timeout: float = 10.0) -> None:
        """Wait until ``count`` bot sessions are identified and connected."""
        await self.wait_for(
            lambda: sum(1 for s in self.sessions if s.connected) >= count,
            timeout=timeout,
            what=f"{count} gateway session(s)",
        )

    async def drop_connection(
        self, session: GatewaySession, *, resumable: bool = True, code: int = 4000
    ) -> None:
        """Close ``session``'s websocket like a network drop or Discord restart.

        discord.py reconnects and RESUMEs it (answered with RESUMED); with ``resumable=False`` the
        RESUME gets an invalid-session answer and the bot IDENTIFYs as a new session.
        """
        await self._gateway.drop(session, resumable=resumable, code=code)

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
        user = StandInUser(id or self._state.ids.next(), username, global_name, locale=locale)
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
            id=id or self._state.ids.next(shard),
            name=name,
            preferred_locale=preferred_locale,
            owner_id=(owner or self.owner).id,
            everyone_permissions=everyone_permissions,
            bot_role_id=self._state.ids.next(),
        )
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self._new_channel(guild, channel_name)
        for user in [*members, *([owner] if owner else [])]:
            if user.id not in guild.members:
                self._new_member(guild, user, 0)
        self._gateway.broadcast(
            guild, "GUILD_CREATE", lambda: self._gateway.guild_create_payload(guild, joined=True)
        )
        return guild

    def add_channel(self, guild: StandInGuild, name: str) -> StandInChannel:
        """A new text channel in ``guild``."""
        channel = self._new_channel(guild, name)
        self._gateway.broadcast(guild, "CHANNEL_CREATE", channel.to_payload)
        return channel

    def add_member(
        self, guild: StandInGuild, user: StandInUser, *, permissions: int = 0
    ) -> StandInMember:
        """Make ``user`` a member of ``guild``, with ``permissions`` on top of @everyone."""
        member = self._new_member(guild, user, permissions)
        payload = {**member.to_payload(), "guild_id": str(guild.id)}
        self._gateway.broadcast(
            guild, "GUILD_MEMBER_ADD", lambda: payload, intent=INTENT_GUILD_MEMBERS
        )
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
        channel = StandInChannel(
            self._state.ids.next(), guild.id, name, position=len(guild.channels)
        )
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def _new_member(
        self, guild: StandInGuild, user: StandInUser, permissions: int
    ) -> StandInMember:
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
        return self._state.find_messages(channel, include_deleted=include_deleted)

    def message_versions(
        self, channel: StandInChannel | int | None = None, *, include_deleted: bool = True
    ) -> list[MessageVersion]:
        """Every version of every message (in ``channel``): payload, files, who could see it.

        In message creation order, each message's versions oldest first (for galleries and
        checks over everything the bot sent).
        """
        return [
            version
            for message in self.messages(channel, include_deleted=include_deleted)
            for version in message.version_records()
        ]

    @property
    def application_emojis(self) -> list[dict[str, Any]]:
        """The application's own emojis (uploaded through ``/applications/{id}/emojis``)."""
        return list(self._state.app_emojis.values())

    def application_emoji_image(self, emoji_id: int | str) -> bytes:
        """The image bytes an application emoji was uploaded with."""
        return self._state.app_emoji_images[int(emoji_id)]

    def add_guild_emoji(self, guild: StandInGuild, name: str) -> dict[str, Any]:
        """A custom emoji of ``guild`` (so messages in it may use ``{id, name}``)."""
        emoji_id = self._state.ids.next()
        emoji = {
            "id": str(emoji_id),
            "name": name,
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }
        guild.emojis[emoji_id] = emoji
        return emoji

    def visible_to(
        self, user: StandInUser, channel: StandInChannel | int | None = None
    ) -> list[RecordedMessage]:
        """What ``user`` sees: public messages plus their own ephemerals."""
        return [m for m in self.messages(channel) if m.is_visible_to(user)]

    def public_messages(self, channel: StandInChannel | int | None = None) -> list[RecordedMessage]:
        return self._state.public_messages(channel)

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
        return self._state.messages[message_id]

    def commands(self, guild: StandInGuild | int | None = None) -> list[dict[str, Any]]:
        """The commands the bot synced: global ones, or those of ``guild``."""
        if guild is None:
            return list(self._state.global_commands.values())
        guild_id = guild.id if isinstance(guild, StandInGuild) else guild
        return list(self._state.guild_commands.get(guild_id, {}).values())

    # ------------------------------------------------------------------ rate limits and stats

    def set_rate_limit(self, route: str, limit: int, per: float = 1.0) -> None:
        """Give ``route`` (e.g. ``"POST /channels/{channel_id}/messages"``) a bucket.

        Answers on that route then carry ``X-RateLimit-*`` headers, and a request over the limit
        gets a 429 (with ``Via`` and a JSON ``retry_after``, so discord.py waits and retries).
        Windows use real time.
        """
        self._rest.limiter.set_route_limit(route, limit, per)

    def set_global_rate_limit(self, limit: int = 50, per: float = 1.0) -> None:
        """Discord's global limit (interaction callbacks are exempt)."""
        self._rest.limiter.set_global_limit(limit, per)

    @property
    def rate_limited(self) -> int:
        """How many requests got a 429."""
        return self._rest.limiter.limited

    def max_requests_per_second(self) -> int:
        return max(self.requests_per_second.values(), default=0)

    def elapsed(self) -> float:
        """Monotonic seconds since the stand-in started (the time of ``bot_request_times``)."""
        return time.monotonic() - self._state.started

    def bot_requests_in_windows(
        self, window: float = 1.0, *, since: float = 0.0, until: float = float("inf")
    ) -> list[int]:
        """For each request authorised with the bot token that arrived in [since, until):
        how many such requests arrived in the ``window`` seconds from it (every process of
        the bot together, the way Discord's global limit counts them)."""
        times = sorted(t for t in self.bot_request_times if since <= t < until)
        counts = []
        end = 0
        for start, at in enumerate(times):
            end = max(end, start)
            while end < len(times) and times[end] < at + window:
                end += 1
            counts.append(end - start)
        return counts

    def max_bot_requests_in_window(
        self, window: float = 1.0, *, since: float = 0.0, until: float = float("inf")
    ) -> int:
        """The most requests authorised with the bot token in any ``window`` seconds (a
        sliding window, every process of the bot together)."""
        return max(self.bot_requests_in_windows(window, since=since, until=until), default=0)

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
        patch: Callable[[dict[str, Any]], None] | None = None,
    ) -> InteractionResult:
        """Run ``/name [subcommand] options`` as ``user``; returns once the bot answered.

        ``subcommand`` may be ``"group sub"``.  Option values: str/int/float/bool, a
        ``StandInUser`` (user options) or ``StandInChannel`` (channel options). ``patch``
        changes the INTERACTION_CREATE payload before it is sent (a forged interaction, as a
        modified client or a DM could send it).
        """
        channel = channel or guild.default_channel
        self._member(guild, user)
        command = self._commands.find(guild, name)
        self._commands.check_permissions(command, guild, user)
        data = self._commands.data(command, guild, subcommand, options or {})
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
            patch=patch,
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
            raise ComponentNotFoundError(
                f"button {custom_id!r} on message {recorded.id} is disabled"
            )
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
            raise ComponentNotFoundError(
                f"select {custom_id!r} on message {recorded.id} is disabled"
            )
        allowed = [str(o.get("value")) for o in component.get("options") or []]
        unknown = [v for v in values if v not in allowed]
        if unknown:
            raise ComponentNotFoundError(
                f"select {custom_id!r} has no options {unknown} ({allowed})"
            )
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
        values: Mapping[str, str | Sequence[str]],
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Submit the modal the bot opened in ``opened`` (a type 9 answer) as ``user``.

        ``values`` maps text-input custom ids to text (select custom ids to lists of values).
        """
        if opened.modal is None:
            raise StandInError("that interaction was not answered with a modal")
        if user.id != opened.user.id:
            raise StandInError(f"only {opened.user.username} sees that modal")
        origin = self._state.interactions[opened.interaction_id]
        unused = set(values)

        def fill(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
            filled: list[dict[str, Any]] = []
            for component in components:
                kind, custom_id = component.get("type"), component.get("custom_id")
                value = values.get(custom_id) if isinstance(custom_id, str) else None
                unused.discard(str(custom_id))
                if kind == 1:
                    filled.append({"type": 1, "components": fill(component["components"])})
                elif kind == 18:
                    filled.append({"type": 18, "component": fill([component["component"]])[0]})
                elif kind == 4:
                    if value is None and component.get("required", True):
                        raise StandInError(f"the modal's text input {custom_id!r} is required")
                    if value is not None and not isinstance(value, str):
                        raise StandInError(f"text input {custom_id!r} takes a string")
                    filled.append({"type": 4, "custom_id": custom_id, "value": value or ""})
                elif custom_id is not None:
                    chosen = [value] if isinstance(value, str) else list(value or [])
                    filled.append({"type": kind, "custom_id": custom_id, "values": chosen})
            return filled

        components = fill(copy.deepcopy(opened.modal.get("components") or []))
        if unused:
            raise StandInError(f"the modal has no inputs {sorted(unused)}")
        data = {"custom_id": opened.modal["custom_id"], "components": components}
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
        recorded = self._state.messages.get(message if isinstance(message, int) else message.id)
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
        patch: Callable[[dict[str, Any]], None] | None = None,
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
            patch=patch,
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
        patch: Callable[[dict[str, Any]], None] | None = None,
    ) -> InteractionResult:
        member = self._member(guild, user)
        if self._gateway.pending:
            await asyncio.gather(*self._gateway.pending, return_exceptions=True)
        session = self._session_for(guild.id)
        interaction_id = self._state.ids.next()
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
            "app_permissions": str(guild.bot_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
        }
        if source is not None:
            payload["message"] = copy.deepcopy(source.payload)
        if patch is not None:
            patch(payload)
        interaction = PendingInteraction(
            id=interaction_id,
            token=token,
            type=itype,
            kind=kind,
            user=user,
            guild=guild,
            channel=channel,
            created=self._state.mono(),
            description=f"{description} (interaction {interaction_id})",
            command_name=command_name,
            source_message=source,
        )
        self._state.interactions[interaction_id] = interaction
        self._state.by_token[token] = interaction
        session.interactions_received += 1
        await session.dispatch("INTERACTION_CREATE", payload)
        wait = self.response_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(interaction.done.wait(), wait)
        except TimeoutError:
            message = f"the bot did not answer {interaction.description} within {wait}s"
            self.missed_deadlines.append(MissedDeadline(interaction_id, kind, None, message))
            self._state.notify()
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
