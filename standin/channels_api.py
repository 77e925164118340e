"""The stand-in's guild, channel, thread and channel-message routes (part of
:class:`~standin.rest.RestApi`): reading guilds and channels, starting threads, and the bot's
own channel messages (posted, with Discord's nonce dedup, read, edited and deleted)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aiohttp import web

from standin.http import ApiError, json_response, snowflake
from standin.limits import CREATE_FLAGS
from standin.model import (
    CHANNEL_PUBLIC_THREAD,
    CHANNEL_TEXT,
    PERM_ADMINISTRATOR,
    PERM_ATTACH_FILES,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_SEND_MESSAGES,
    PERM_SEND_MESSAGES_IN_THREADS,
    THREAD_ARCHIVE_MINUTES,
    StandInChannel,
    StandInGuild,
    iso_timestamp,
)
from standin.records import RecordedMessage

if TYPE_CHECKING:
    from standin.rest import RestApi

NONCE_WINDOW = 5 * 60.0  # seconds a nonce is remembered ("the past few minutes")


class ChannelRoutes:
    """The routes of guilds, channels, threads and channel messages; messages are made and
    edited by ``api``."""

    def __init__(self, api: RestApi) -> None:
        self.api = api
        self.state = api.state
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}

    def routes(self) -> list[tuple[str, str, Any, bool]]:
        return [
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
        ]

    def _guild(self, params: dict[str, str]) -> StandInGuild:
        guild = self.state.guilds.get(snowflake(params["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, params: dict[str, str]) -> StandInChannel:
        channel = self.state.channels.get(snowflake(params["channel_id"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, params: dict[str, str]) -> RecordedMessage:
        channel = self._channel(params)
        message = self.state.messages.get(snowflake(params["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _get_guild(self, request: web.Request, params: dict[str, str]) -> web.Response:
        payload = self.api.guild_payload(self._guild(params))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return json_response(payload)

    async def _get_guild_channels(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        return json_response([c.to_payload() for c in self._guild(params).channels])

    async def _get_guild_member(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild = self._guild(params)
        member = guild.members.get(snowflake(params["user_id"]))
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
        limit = snowflake(request.query.get("limit", "50"))
        if not 1 <= limit <= 100:
            raise ApiError(400, 50035, "Invalid Form Body", rejection=f"message limit {limit}")
        if sum(k in request.query for k in ("around", "before", "after")) > 1:
            raise ApiError(
                400, 50035, "Invalid Form Body", rejection="more than one of around/before/after"
            )
        found = self.state.public_messages(channel)
        if "before" in request.query:
            found = [m for m in found if m.id < snowflake(request.query["before"])]
        if "after" in request.query:
            found = [m for m in found if m.id > snowflake(request.query["after"])][:limit]
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
        data, _files = await self.api.read(request)
        thread = self._new_thread(parent, data, f"thread in #{parent.name}")
        return json_response(thread.to_payload(), status=201)

    async def _post_message_thread(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        """``POST /channels/{id}/messages/{id}/threads``: a thread started from a message."""
        message = self._channel_message(params)
        parent = self._channel(params)
        data, _files = await self.api.read(request)
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
        else:
            self._bot_may(channel, PERM_SEND_MESSAGES, "a message in a channel")
        data, files = await self.api.read(request)
        if files:
            self._bot_may(channel, PERM_ATTACH_FILES, "a file in a message")
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
        message = self.api.messages.new_message(
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
        data, files = await self.api.read(request)
        if files:
            self._bot_may(self._channel(params), PERM_ATTACH_FILES, "a file in a message")
        self.api.messages.edit(message, data, files, f"edit of channel message {message.id}")
        return json_response(message.payload)

    async def _delete_channel_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        message = self._channel_message(params)
        self._refuse_ephemeral(message, "deleted")
        return self.api.messages.delete(message)
