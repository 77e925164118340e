"""What the stand-in records of the bot's traffic: the messages it made (every version,
with their files), the interactions a test performed and how they were answered, the
requests it refused and the route log."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from standin.limits import (
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    SELECT_TYPES,
    iter_components,
)
from standin.model import InteractionFailedError, StandInChannel, StandInGuild, StandInUser

__all__ = [
    "InteractionResult",
    "MessageVersion",
    "MissedDeadline",
    "PendingInteraction",
    "RecordedMessage",
    "Rejection",
    "RequestRecord",
    "StoredFile",
]


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
