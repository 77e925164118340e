"""How the Discord stand-in records messages: a new message, an edit and a delete, each
checked as Discord checks it (the message's shape, its emojis, its attachments, edits of old
messages, flags), with the users it notifies and the files it carries."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from standin.emojis import message_emoji_violations
from standin.http import ApiError, Upload, invalid_form
from standin.limits import (
    FLAG_EPHEMERAL,
    FLAG_IS_COMPONENTS_V2,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    Path,
)
from standin.message_text import displays_of
from standin.model import INTERACTION_COMMAND, StandInChannel, iso_timestamp
from standin.records import PendingInteraction, RecordedMessage, StoredFile
from standin.state import StandInState
from standin.validation import is_empty_message, unresolved_attachments, validate_message


class MessageRecorder:
    """Creates, edits and deletes the messages of a :class:`~standin.state.StandInState`."""

    def __init__(self, state: StandInState) -> None:
        self.state = state
        self._old_edits: dict[int, list[float]] = {}

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

    def _mentions(self, data: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The users a new message notifies, as Discord decides: the ``<@id>`` of its
        content and of its components' text displays (a components v2 message's text
        mentions notify too) that ``allowed_mentions`` permits (all of them when absent)."""
        content = "\n".join([str(data.get("content") or ""), *displays_of(data)])
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

    def new_message(
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
        mentions = self._mentions(data)  # (checks allowed_mentions in any case)
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
            # (an ephemeral message notifies nobody: only its user sees it)
            "mentions": [] if flags & FLAG_EPHEMERAL else mentions,
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

    def edit(
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

    def delete(self, message: RecordedMessage) -> web.Response:
        message.deleted = True
        self.state.notify()
        return web.Response(status=204)
