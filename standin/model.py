"""Data model of the Discord stand-in: users, guilds, recorded messages, interaction results.

These are plain dataclasses that tests read (and pass back to ``DiscordStandIn`` methods).
They are created through ``DiscordStandIn.add_user`` / ``add_guild`` / ``add_channel`` /
``add_member``, never directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

__all__ = [
    "ALL_PERMISSIONS",
    "BOT_PERMISSIONS",
    "CHANNEL_PUBLIC_THREAD",
    "DEFAULT_MEMBER_PERMISSIONS",
    "DISCORD_EPOCH_MS",
    "PERM_ADMINISTRATOR",
    "PERM_CREATE_PUBLIC_THREADS",
    "PERM_MANAGE_GUILD",
    "THREAD_BOT_PERMISSIONS",
    "CommandNotFoundError",
    "CommandNotPermittedError",
    "ComponentNotFoundError",
    "InteractionDeadlineMissedError",
    "InteractionFailedError",
    "InteractionTimeoutError",
    "SnowflakeGenerator",
    "StandInChannel",
    "StandInError",
    "StandInGuild",
    "StandInMember",
    "StandInTimeoutError",
    "StandInUser",
    "iso_timestamp",
]

DISCORD_EPOCH_MS = 1_420_070_400_000
# Interaction types (a slash command, a component, a modal submission).
INTERACTION_COMMAND, INTERACTION_COMPONENT, INTERACTION_MODAL_SUBMIT = 2, 3, 5

# Permission bits (https://discord.com/developers/docs/topics/permissions).
PERM_ADD_REACTIONS = 1 << 6
PERM_ADMINISTRATOR = 1 << 3
PERM_MANAGE_GUILD = 1 << 5
PERM_VIEW_CHANNEL = 1 << 10
PERM_SEND_MESSAGES = 1 << 11
PERM_EMBED_LINKS = 1 << 14
PERM_ATTACH_FILES = 1 << 15
PERM_READ_MESSAGE_HISTORY = 1 << 16
PERM_USE_EXTERNAL_EMOJIS = 1 << 18
PERM_CHANGE_NICKNAME = 1 << 26
PERM_USE_APPLICATION_COMMANDS = 1 << 31
PERM_CREATE_PUBLIC_THREADS = 1 << 35
PERM_SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

#: What the @everyone role grants in a fresh stand-in guild.
DEFAULT_MEMBER_PERMISSIONS = (
    PERM_ADD_REACTIONS
    | PERM_VIEW_CHANNEL
    | PERM_SEND_MESSAGES
    | PERM_EMBED_LINKS
    | PERM_ATTACH_FILES
    | PERM_READ_MESSAGE_HISTORY
    | PERM_USE_EXTERNAL_EMOJIS
    | PERM_CHANGE_NICKNAME
    | PERM_USE_APPLICATION_COMMANDS
    | PERM_SEND_MESSAGES_IN_THREADS
)
#: What the bot's managed role grants (a guild's ``bot_permissions`` may say otherwise).
#: Not Create Public Threads: a guild that invited the bot before it asked for that (the
#: games stay in the channel); ``THREAD_BOT_PERMISSIONS`` is what today's invite grants.
BOT_PERMISSIONS = DEFAULT_MEMBER_PERMISSIONS
THREAD_BOT_PERMISSIONS = BOT_PERMISSIONS | PERM_CREATE_PUBLIC_THREADS
CHANNEL_TEXT = 0
CHANNEL_PUBLIC_THREAD = 11
THREAD_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)


def iso_timestamp(epoch_seconds: float) -> str:
    """Discord's ISO-8601 timestamp format for ``epoch_seconds``."""
    return datetime.fromtimestamp(epoch_seconds, UTC).isoformat()


class StandInError(Exception):
    """Base class of the errors the stand-in's test API raises."""


class StandInTimeoutError(StandInError, TimeoutError):
    """A ``wait_for*`` call ran out of time."""


class CommandNotFoundError(StandInError, LookupError):
    """The slash command (or subcommand/option) was never synced by the bot."""


class CommandNotPermittedError(StandInError):
    """The user lacks the command's ``default_member_permissions`` (Discord hides it)."""


class ComponentNotFoundError(StandInError, LookupError):
    """No usable component with that custom id on the message (or it is disabled/invisible)."""


class InteractionFailedError(StandInError):
    """The bot's answer to an interaction was rejected or never came."""


class InteractionTimeoutError(InteractionFailedError, TimeoutError):
    """The bot sent no interaction callback within the helper's timeout."""


class InteractionDeadlineMissedError(InteractionFailedError):
    """The bot answered, but later than Discord's 3 second limit (Discord answered 10062)."""


class SnowflakeGenerator:
    """Monotonic Discord snowflakes whose timestamp follows ``clock`` (epoch seconds)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._last = 0

    def next(self, shard: tuple[int, int] | None = None) -> int:
        """A new id, larger than every earlier one.

        With ``shard=(shard_id, shard_count)`` the id is picked so that
        ``(id >> 22) % shard_count == shard_id`` (used for guild ids).
        """
        ms = int(self._clock() * 1000) - DISCORD_EPOCH_MS
        candidate = max(ms << 22, self._last + 1)
        if shard is not None:
            shard_id, shard_count = shard
            if not 0 <= shard_id < shard_count:
                raise ValueError(f"invalid shard {shard!r}")
            stamp = candidate >> 22
            if stamp % shard_count != shard_id:
                stamp += (shard_id - stamp) % shard_count
                candidate = stamp << 22
        self._last = candidate
        return candidate


@dataclass(eq=False)
class StandInUser:
    """A Discord user (a human player, or the bot itself with ``bot=True``)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            payload["bot"] = True
        return payload


@dataclass(eq=False)
class StandInChannel:
    """A guild text channel, or a public thread of one (``parent_id``)."""

    id: int
    guild_id: int
    name: str
    position: int = 0
    type: int = CHANNEL_TEXT
    parent_id: int | None = None
    owner_id: int | None = None  # a thread's creator
    archive_minutes: int = 1440
    created_at: str | None = None

    @property
    def is_thread(self) -> bool:
        return self.type == CHANNEL_PUBLIC_THREAD

    def to_payload(self) -> dict[str, Any]:
        if self.is_thread:
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "name": self.name,
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "total_message_sent": 0,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": self.archive_minutes,
                    "archive_timestamp": self.created_at,
                    "locked": False,
                    "create_timestamp": self.created_at,
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }


@dataclass(eq=False)
class StandInMember:
    """A user's membership in a guild; ``permissions`` are granted on top of @everyone."""

    user: StandInUser
    guild_id: int
    joined_at: str
    permissions: int = 0
    roles: list[int] = field(default_factory=list)
    nick: str | None = None

    def to_payload(
        self, *, with_user: bool = True, permissions: int | None = None
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = self.user.to_payload()
        if permissions is not None:
            payload["permissions"] = str(permissions)
        return payload


@dataclass(eq=False)
class StandInGuild:
    """A guild (server) with text channels, an @everyone role and members."""

    id: int
    name: str
    preferred_locale: str
    owner_id: int
    everyone_permissions: int
    bot_role_id: int
    channels: list[StandInChannel] = field(default_factory=list)
    members: dict[int, StandInMember] = field(default_factory=dict)
    #: The guild's custom emojis (Discord emoji objects), by id.
    emojis: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: What the bot's role grants in this guild (set before the bot connects).
    bot_permissions: int = BOT_PERMISSIONS
    #: Public threads the bot created (not in ``channels``: Discord lists them apart).
    threads: list[StandInChannel] = field(default_factory=list)

    @property
    def everyone_role_id(self) -> int:
        return self.id

    @property
    def default_channel(self) -> StandInChannel:
        """The first text channel."""
        return self.channels[0]

    def channel(self, name: str) -> StandInChannel:
        """The channel called ``name``."""
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise LookupError(f"guild {self.name!r} has no channel {name!r}")

    def shard_id(self, shard_count: int) -> int:
        """The shard that owns this guild for ``shard_count`` shards."""
        return (self.id >> 22) % shard_count
