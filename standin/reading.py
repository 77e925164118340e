"""What a test reads from the Discord stand-in: the messages the bot sent (every version,
who could see it), the application's emojis, the synced commands, rate limits and request
counts. Part of :class:`~standin.discord_standin.DiscordStandIn`."""

from __future__ import annotations

import time
from typing import Any

from standin.model import StandInChannel, StandInGuild, StandInUser
from standin.records import MessageVersion, RecordedMessage
from standin.rest import RestApi
from standin.state import StandInState


class Records:
    """The records of a stand-in (a mixin of ``DiscordStandIn``, which provides the shared
    state and the REST API)."""

    _state: StandInState
    _rest: RestApi

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
        return max(self._state.requests_per_second.values(), default=0)

    def elapsed(self) -> float:
        """Monotonic seconds since the stand-in started (the time of ``bot_request_times``)."""
        return time.monotonic() - self._state.started

    def bot_requests_in_windows(
        self, window: float = 1.0, *, since: float = 0.0, until: float = float("inf")
    ) -> list[int]:
        """For each request authorised with the bot token that arrived in [since, until):
        how many such requests arrived in the ``window`` seconds from it (every process of
        the bot together, the way Discord's global limit counts them)."""
        times = sorted(t for t in self._state.bot_request_times if since <= t < until)
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
