"""The stand-in's directory: the users, guilds, channels and members a test sets up, and
the permissions a member has. Part of :class:`~standin.discord_standin.DiscordStandIn`."""

from __future__ import annotations

from collections.abc import Sequence

from standin.gateway import Gateway
from standin.model import (
    ALL_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    PERM_ADMINISTRATOR,
    StandInChannel,
    StandInError,
    StandInGuild,
    StandInMember,
    StandInUser,
    iso_timestamp,
)
from standin.state import StandInState

INTENT_GUILD_MEMBERS = 1 << 1


class Directory:
    """Who and where (a mixin of ``DiscordStandIn``, which provides the shared state and
    the gateway that tells the bot about new guilds, channels and members)."""

    _state: StandInState
    _gateway: Gateway

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
        self._state.users[user.id] = user
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
            owner_id=(owner or self._state.owner).id,
            everyone_permissions=everyone_permissions,
            bot_role_id=self._state.ids.next(),
        )
        self._state.guilds[guild.id] = guild
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
        self._state.channels[channel.id] = channel
        return channel

    def _new_member(
        self, guild: StandInGuild, user: StandInUser, permissions: int
    ) -> StandInMember:
        self._state.users.setdefault(user.id, user)
        member = StandInMember(user, guild.id, iso_timestamp(self._state.now()), permissions)
        guild.members[user.id] = member
        return member

    def _member(self, guild: StandInGuild, user: StandInUser) -> StandInMember:
        try:
            return guild.members[user.id]
        except KeyError:
            raise StandInError(
                f"{user.username} is not a member of {guild.name!r}; use add_member first"
            ) from None
