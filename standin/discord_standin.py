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
import logging
import time
from collections import Counter
from collections.abc import Callable
from types import TracebackType
from typing import Any, Generic, Literal, TypeVar, cast

from aiohttp import web

from standin.acting import UserActions
from standin.commands import CommandResolver
from standin.directory import Directory
from standin.faults import Fault
from standin.gateway import Gateway, GatewaySession
from standin.holds import Hold
from standin.model import (
    ALL_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    PERM_ADMINISTRATOR,
    PERM_MANAGE_GUILD,
    CommandNotFoundError,
    CommandNotPermittedError,
    ComponentNotFoundError,
    InteractionDeadlineMissedError,
    InteractionFailedError,
    InteractionTimeoutError,
    StandInChannel,
    StandInError,
    StandInGuild,
    StandInMember,
    StandInTimeoutError,
    StandInUser,
)
from standin.reading import Records
from standin.records import (
    InteractionResult,
    MessageVersion,
    MissedDeadline,
    RecordedMessage,
    Rejection,
    RequestRecord,
    StoredFile,
)
from standin.rest import RestApi
from standin.state import API_PREFIX, StandInState

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


# Directory comes first: its members and permissions are what UserActions declares.
class DiscordStandIn(Directory, UserActions, Records):
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

    def fail(
        self,
        method: str,
        template: str,
        answer: int | Literal["cut"] = 503,
        *,
        times: int = 1,
        when: Callable[[dict[str, str]], bool] | None = None,
    ) -> Fault:
        """Fail the next ``times`` matching requests (see :class:`standin.faults.Fault`),
        e.g. ``fail("PATCH", "/channels/{channel_id}/messages/{message_id}", "cut")``."""
        fault = Fault(method, template, answer, times=times, when=when)
        self._state.faults.append(fault)
        return fault

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
