"""Gateway of the Discord stand-in: HELLO, IDENTIFY/READY/GUILD_CREATE, RESUME, dispatches.

Internal to :mod:`standin.discord_standin`; use :class:`DiscordStandIn`.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from standin.model import (
    StandInError,
    StandInGuild,
    StandInMember,
    iso_timestamp,
)
from standin.state import StandInState

log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_MS = 41_250


class _Connection:
    """One gateway websocket with serialized sends."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.lock = asyncio.Lock()

    async def send(self, packet: Mapping[str, Any]) -> None:
        async with self.lock:
            await self.send_locked(packet)

    async def send_locked(self, packet: Mapping[str, Any]) -> None:
        """Send while the caller holds ``lock``."""
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
    resumes: int = 0
    invalidated: bool = False
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
        connection = self.connection
        if connection is None:
            raise StandInError(f"gateway session {self.session_id} is not connected")
        async with connection.lock:  # sequence numbers go out in order
            self.seq += 1
            await connection.send_locked({"op": 0, "t": event, "s": self.seq, "d": data})


class Gateway:
    """The gateway websocket (``/gateway``) over a :class:`~standin.state.StandInState`."""

    def __init__(self, state: StandInState) -> None:
        self.state = state
        self.sessions: list[GatewaySession] = []
        self.pending: set[asyncio.Task[None]] = set()
        self._sockets: set[web.WebSocketResponse] = set()

    async def drop(self, session: GatewaySession, *, resumable: bool, code: int) -> None:
        connection, session.connection = session.connection, None
        session.invalidated = session.invalidated or not resumable
        if connection is not None:
            await connection.ws.close(code=code, message=b"Connection dropped by the stand-in.")
        self.state.notify()

    async def close_all(self) -> None:
        for task in list(self.pending):
            task.cancel()
        for ws in list(self._sockets):
            await ws.close(code=4000, message=b"stand-in stopping")

    def _role_payloads(self, guild: StandInGuild) -> list[dict[str, Any]]:
        def role(
            role_id: int, name: str, permissions: int, position: int, **extra: Any
        ) -> dict[str, Any]:
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
                self.state.application_name,
                guild.bot_permissions,
                1,
                managed=True,
                tags={"bot_id": str(self.state.bot_user.id)},
            ),
        ]

    def bot_member_payload(self, guild: StandInGuild) -> dict[str, Any]:
        member = StandInMember(self.state.bot_user, guild.id, iso_timestamp(self.state.now()))
        member.roles.append(guild.bot_role_id)
        return member.to_payload()

    def guild_create_payload(self, guild: StandInGuild, *, joined: bool = False) -> dict[str, Any]:
        """GUILD_CREATE data; ``joined`` for a guild joined after READY (no ``unavailable``)."""
        members = [m.to_payload() for m in guild.members.values()]
        members.append(self.bot_member_payload(guild))
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
            "emojis": list(guild.emojis.values()),
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
            "joined_at": iso_timestamp(self.state.now()),
            "large": len(members) >= 250,
            **({} if joined else {"unavailable": False}),
            "member_count": len(members),
            "voice_states": [],
            "members": members,
            "channels": [c.to_payload() for c in guild.channels],
            "threads": [t.to_payload() for t in guild.threads],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def broadcast(
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
            self.pending.add(task)
            task.add_done_callback(self.pending.discard)

    async def handle(self, request: web.Request) -> web.StreamResponse:
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
            self.state.notify()
        return ws

    async def _identify(
        self, connection: _Connection, data: dict[str, Any]
    ) -> GatewaySession | None:
        if not hmac.compare_digest(str(data.get("token", "")).encode(), self.state.token.encode()):
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
            identified_at=self.state.now(),
            connection=connection,
        )
        owned = [g for g in self.state.guilds.values() if session.owns(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.state.me_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in owned],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.state.gateway_url,
            "application": {"id": str(self.state.application_id), "flags": 0},
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
            await session.dispatch("GUILD_CREATE", self.guild_create_payload(guild))
        self.sessions.append(session)
        log.info("Discord stand-in: session identified (shard %s, %d guild(s))", shard, len(owned))
        self.state.notify()
        return session

    async def _resume(self, connection: _Connection, data: dict[str, Any]) -> GatewaySession | None:
        token_ok = hmac.compare_digest(
            str(data.get("token", "")).encode(), self.state.token.encode()
        )
        session = next((s for s in self.sessions if s.session_id == data.get("session_id")), None)
        if session is None or session.invalidated or not token_ok:
            # discord.py answers an invalid session (d=false) by identifying afresh.
            await connection.send({"op": 9, "d": False, "s": None, "t": None})
            return None
        if session.connected:
            assert session.connection is not None
            await session.connection.ws.close(code=4000, message=b"Session resumed elsewhere.")
        session.connection = connection
        session.resumes += 1
        await session.dispatch("RESUMED", {"_trace": ["standin"]})
        self.state.notify()
        return session

    async def _send_member_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.state.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        members = [m.to_payload() for m in guild.members.values()]
        members.append(self.bot_member_payload(guild))
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
