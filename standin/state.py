"""The stand-in's shared state: what the REST API, the gateway and the test facade all read.

:class:`StandInState` holds the model (users, guilds, channels, recorded messages, commands,
interactions, application emojis), the clock and what tests assert on (rejections, request log).
The REST API (:mod:`standin.rest`) and the gateway (:mod:`standin.gateway`) are given this
object, never the :class:`~standin.discord_standin.DiscordStandIn` facade, so no module of the
stand-in imports the facade.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

from standin.model import (
    InteractionFailedError,
    SnowflakeGenerator,
    StandInChannel,
    StandInError,
    StandInGuild,
    StandInUser,
)
from standin.records import (
    MissedDeadline,
    PendingInteraction,
    RecordedMessage,
    Rejection,
    RequestRecord,
)

__all__ = ["StandInState"]

API_PREFIX = "/api/v10"


class StandInState:
    """Everything the stand-in knows; one per :class:`~standin.discord_standin.DiscordStandIn`."""

    def __init__(
        self,
        *,
        token: str,
        application_name: str,
        bot_username: str,
        response_timeout: float,
        answer_deadline: float,
        token_lifetime: float,
        gateway_shards: int,
        old_message_edit_limit: int | None,
    ) -> None:
        self.token = token
        self.response_timeout = response_timeout
        self.answer_deadline = answer_deadline
        self.token_lifetime = token_lifetime
        self.gateway_shards = gateway_shards
        self.old_message_edit_limit = old_message_edit_limit
        self.clock_offset = 0.0
        self.ids = SnowflakeGenerator(self.now)
        self.application_id = self.ids.next()
        self.application_name = application_name
        self.bot_user = StandInUser(self.ids.next(), bot_username, None, bot=True)
        self.owner = StandInUser(self.ids.next(), "standin-owner", "Stand-in Owner")
        self.users: dict[int, StandInUser] = {}
        self.guilds: dict[int, StandInGuild] = {}
        self.channels: dict[int, StandInChannel] = {}
        self.messages: dict[int, RecordedMessage] = {}
        self.channel_messages: dict[int, list[RecordedMessage]] = {}
        self.message_seq = 0
        self.global_commands: dict[tuple[int, str], dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[tuple[int, str], dict[str, Any]]] = {}
        self.command_ids: dict[tuple[int | None, int, str], int] = {}
        self.command_syncs = 0
        self.interactions: dict[int, PendingInteraction] = {}
        self.by_token: dict[str, PendingInteraction] = {}
        #: The application's own emojis (``/applications/{id}/emojis``), by id.
        self.app_emojis: dict[int, dict[str, Any]] = {}
        #: Image bytes of each application emoji, by id.
        self.app_emoji_images: dict[int, bytes] = {}
        # What tests assert on.
        self.rejections: list[Rejection] = []
        self.unhandled: list[str] = []
        self.missed_deadlines: list[MissedDeadline] = []
        self.latencies: dict[int, float] = {}
        self.holds: list[Any] = []  # standin.holds.Hold: requests whose answer is held back
        self.faults: list[Any] = []  # standin.faults.Fault: requests that fail
        self.errors: list[Rejection] = []  # every non-2xx answer, rejections included
        self.request_log: list[RequestRecord] = []
        self.request_counts: Counter[str] = Counter()
        self.requests_per_second: Counter[int] = Counter()
        #: Arrival times (monotonic seconds since start) of the requests authorised with the
        #: bot's token, from every connection (every process of the bot): what Discord's
        #: global limit counts (interaction answers carry no bot token).
        self.bot_request_times: list[float] = []
        self.changed = asyncio.Event()
        self.bound_port: int | None = None
        self.started = time.monotonic()

    # ------------------------------------------------------------------ addresses

    @property
    def port(self) -> int:
        if self.bound_port is None:
            raise StandInError("the stand-in is not started")
        return self.bound_port

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        """Value for ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ------------------------------------------------------------------ clock and changes

    def now(self) -> float:
        """The stand-in's wall clock (epoch seconds), moved by ``advance_clock``."""
        return time.time() + self.clock_offset

    def mono(self) -> float:
        return time.monotonic() + self.clock_offset

    def notify(self) -> None:
        """Wake every ``wait_for``: something changed."""
        self.changed.set()
        self.changed = asyncio.Event()

    def fail_interaction(self, interaction: PendingInteraction, record: Rejection) -> None:
        """A refused callback fails the waiting test helper right away."""
        if not interaction.done.is_set():
            interaction.error = InteractionFailedError(str(record))
            interaction.done.set()

    # ------------------------------------------------------------------ messages

    def record(self, message: RecordedMessage) -> None:
        self.messages[message.id] = message
        self.channel_messages.setdefault(message.channel_id, []).append(message)
        self.notify()

    def find_messages(
        self, channel: StandInChannel | int | None = None, *, include_deleted: bool = False
    ) -> list[RecordedMessage]:
        """Every message the bot created (in ``channel``), in creation order."""
        channel_id = channel.id if isinstance(channel, StandInChannel) else channel
        if channel_id is None:
            found: Iterable[RecordedMessage] = self.messages.values()
        else:
            found = self.channel_messages.get(channel_id, [])
        return [m for m in found if include_deleted or not m.deleted]

    def public_messages(self, channel: StandInChannel | int | None = None) -> list[RecordedMessage]:
        return [m for m in self.find_messages(channel) if m.visible_to is None]

    def me_payload(self) -> dict[str, Any]:
        return {**self.bot_user.to_payload(), "verified": True, "mfa_enabled": False, "flags": 0}
