"""Data model of the Discord stand-in: users, guilds, recorded messages, interaction results.

These are plain dataclasses that tests read (and pass back to ``DiscordStandIn`` methods).
They are created through ``DiscordStandIn.add_user`` / ``add_guild`` / ``add_channel`` /
``add_member``, never directly.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from standin.validation import (
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    SELECT_TYPES,
    iter_components,
)

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
    "InteractionResult",
    "InteractionTimeoutError",
    "MessageVersion",
    "MissedDeadline",
    "PendingInteraction",
    "RecordedMessage",
    "Rejection",
    "RequestRecord",
    "SnowflakeGenerator",
    "StandInChannel",
    "StandInError",
    "StandInGuild",
    "StandInMember",
    "StandInTimeoutError",
    "StandInUser",
    "StoredFile",
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


@dataclass(frozen=True)
class StoredFile:
    """A file uploaded with a message (multipart ``files[n]``): what Discord would store."""

    id: int
    filename: str
    content_type: str
    data: bytes = field(repr=False)
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(eq=False)
class RecordedMessage:
    """A message the bot created, with every version it had (``versions[-1]`` is current).

    ``visible_to`` is ``None`` for a message everyone in the channel sees, or the id of the only
    user who sees it (an ephemeral interaction response/follow-up).
    """

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    seq: int
    source: str  # "channel", "response" (interaction response) or "followup"
    visible_to: int | None
    interaction_id: int | None
    versions: list[dict[str, Any]]
    created_at: float
    deleted: bool = False
    thread_id: int | None = None  # the thread started from this message
    #: Every file ever uploaded to this message, by attachment id (see ``attachments``).
    files: dict[str, StoredFile] = field(default_factory=dict)

    @property
    def payload(self) -> dict[str, Any]:
        """The current Discord message object."""
        return self.versions[-1]

    @property
    def mentioned(self) -> list[int]:
        """The users this message notified when it was created (``allowed_mentions``)."""
        return [int(u["id"]) for u in self.versions[0].get("mentions") or []]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred ("thinking") response not yet filled in."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.payload.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags") or 0)

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every version, oldest first."""
        return list(self.versions)

    @property
    def edit_count(self) -> int:
        return len(self.versions) - 1

    def attachments(self, version: int = -1) -> list[StoredFile]:
        """The files ``versions[version]`` carries (name, content type and bytes), in order."""
        listed = self.versions[version].get("attachments") or []
        return [self.files[str(a["id"])] for a in listed if str(a.get("id")) in self.files]

    def attachment(self, filename: str, version: int = -1) -> StoredFile:
        """The file called ``filename`` on ``versions[version]``."""
        for stored in self.attachments(version):
            if stored.filename == filename:
                return stored
        raise LookupError(f"message {self.id} carries no attachment {filename!r}")

    def version_records(self) -> list[MessageVersion]:
        """Every version with its files and who could see it, oldest first."""
        return [
            MessageVersion(self, i, payload, self.attachments(i), self.visible_to)
            for i, payload in enumerate(self.versions)
        ]

    def is_visible_to(self, user: StandInUser | int) -> bool:
        user_id = user if isinstance(user, int) else user.id
        return self.visible_to is None or self.visible_to == user_id

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component of the current version, depth first."""
        for _, component in iter_components(self.components):
            yield component

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The component with ``custom_id`` in the current version, if any."""
        for component in self.iter_components():
            if component.get("custom_id") == custom_id:
                return component
        return None

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in SELECT_TYPES]

    def custom_ids(self) -> list[str]:
        return [str(c["custom_id"]) for c in self.iter_components() if c.get("custom_id")]

    def text(self) -> str:
        """Content, embed texts, V2 text displays and component labels joined by newlines."""
        parts: list[str] = [self.content]
        for embed in self.embeds:
            parts += [str(embed.get(k) or "") for k in ("title", "description")]
            for embed_field in embed.get("fields") or []:
                parts += [str(embed_field.get("name") or ""), str(embed_field.get("value") or "")]
            parts.append(str((embed.get("footer") or {}).get("text") or ""))
            parts.append(str((embed.get("author") or {}).get("name") or ""))
        for component in self.iter_components():
            parts += [str(component.get(k) or "") for k in ("label", "content", "placeholder")]
            for option in component.get("options") or []:
                parts.append(str(option.get("label") or ""))
        return "\n".join(p for p in parts if p)

    def __repr__(self) -> str:
        return (
            f"RecordedMessage(id={self.id}, channel_id={self.channel_id}, source={self.source!r}, "
            f"visible_to={self.visible_to}, edits={self.edit_count}, content={self.content[:60]!r})"
        )


@dataclass(frozen=True)
class MessageVersion:
    """One version of a recorded message: its payload, files and who could see it."""

    message: RecordedMessage
    index: int  # 0 = as created
    payload: dict[str, Any]
    attachments: list[StoredFile]
    visible_to: int | None  # None: everyone in the channel

    @property
    def components_v2(self) -> bool:
        return bool(int(self.payload.get("flags") or 0) & FLAG_IS_COMPONENTS_V2)


@dataclass(eq=False)
class InteractionResult:
    """What the bot answered to one interaction the test performed.

    ``message`` is the message the answer created (types 4 and 5) or the component message it
    acknowledged/updated (types 6 and 7); it is the live record, so later edits show up in it.
    ``followups`` fills in as the bot sends follow-ups.  ``modal`` is the MODAL (type 9) data.
    """

    interaction_id: int
    token: str = field(repr=False)
    kind: str  # "slash", "button", "select" or "modal_submit"
    user: StandInUser
    guild_id: int | None
    channel_id: int
    response_type: int
    latency: float
    message: RecordedMessage | None = None
    followups: list[RecordedMessage] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    source_message_id: int | None = None

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)


@dataclass(frozen=True)
class MissedDeadline:
    """An interaction the bot did not answer within Discord's 3 seconds."""

    interaction_id: int
    kind: str
    latency: float | None
    description: str

    def __str__(self) -> str:
        return self.description


@dataclass(frozen=True)
class Rejection:
    """A request the stand-in refused the way real Discord would."""

    method: str
    route: str
    status: int
    code: int
    description: str

    def __str__(self) -> str:
        return f"{self.method} {self.route} -> {self.status} ({self.code}): {self.description}"


@dataclass(frozen=True)
class RequestRecord:
    """One REST request: when (monotonic seconds since start), which route, which answer."""

    at: float
    method: str
    route: str
    status: int


@dataclass(eq=False)
class PendingInteraction:
    """The stand-in's own record of an interaction it dispatched (internal)."""

    id: int
    token: str = field(repr=False)
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
