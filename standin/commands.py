"""Slash-command resolution of the Discord stand-in.

Turns ``slash(..., "kozel", subcommand="start", options={...})`` into the ``data`` of an
APPLICATION_COMMAND interaction, checked against the commands the bot synced (ids, option types,
required options, choices, ranges), the way the Discord client would build it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from standin.model import (
    ALL_PERMISSIONS,
    PERM_ADMINISTRATOR,
    CommandNotFoundError,
    CommandNotPermittedError,
    StandInChannel,
    StandInError,
    StandInGuild,
    StandInUser,
)

__all__ = ["CommandResolver"]

SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 9, 10


class CommandResolver:
    """Builds command interaction data from the synced commands."""

    def __init__(
        self,
        *,
        global_commands: Mapping[tuple[int, str], dict[str, Any]],
        guild_commands: Mapping[int, Mapping[tuple[int, str], dict[str, Any]]],
        users: Mapping[int, StandInUser],
        channels: Mapping[int, StandInChannel],
        member_permissions: Callable[[StandInGuild, StandInUser], int],
    ) -> None:
        self._global = global_commands
        self._guild = guild_commands
        self._users = users
        self._channels = channels
        self._permissions = member_permissions

    def find(self, guild: StandInGuild, name: str) -> dict[str, Any]:
        """The synced chat-input command ``name`` (guild commands first, then global ones)."""
        guild_commands = self._guild.get(guild.id, {})
        for scope in (guild_commands, self._global):
            command = scope.get((1, name))
            if command is not None:
                return command
        synced = sorted({n for (_, n) in self._global} | {n for (_, n) in guild_commands})
        raise CommandNotFoundError(f"/{name} was never synced (synced: {synced})")

    def check_permissions(
        self, command: Mapping[str, Any], guild: StandInGuild, user: StandInUser
    ) -> None:
        """Discord hides commands whose ``default_member_permissions`` the user lacks."""
        required = command.get("default_member_permissions")
        permissions = self._permissions(guild, user)
        if required is None or permissions & PERM_ADMINISTRATOR:
            return
        needed = int(required)
        if needed == 0 or permissions & needed != needed:
            raise CommandNotPermittedError(
                f"{user.username} lacks permissions {needed} for /{command['name']} "
                f"in {guild.name!r}"
            )

    def data(
        self,
        command: Mapping[str, Any],
        guild: StandInGuild,
        subcommand: str | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        """The interaction ``data`` for ``/command [subcommand] options``."""
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": command.get("type", 1),
        }
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        definitions: list[dict[str, Any]] = command.get("options") or []
        chain: list[dict[str, Any]] = []
        groups = (SUBCOMMAND, SUBCOMMAND_GROUP)
        for part in (subcommand or "").split():
            found = next(
                (o for o in definitions if o.get("name") == part and o.get("type") in groups),
                None,
            )
            if found is None:
                names = [o.get("name") for o in definitions if o.get("type") in groups]
                raise CommandNotFoundError(
                    f"/{command['name']} has no subcommand {part!r} (has {names})"
                )
            chain.append(found)
            definitions = found.get("options") or []
        if any(o.get("type") in groups for o in definitions):
            names = [o.get("name") for o in definitions]
            raise CommandNotFoundError(
                f"/{command['name']} {subcommand or ''} needs a subcommand, one of {names}"
            )
        resolved: dict[str, dict[str, Any]] = {}
        built = self._options(definitions, options, guild, resolved)
        for parent in reversed(chain):
            built = [{"name": parent["name"], "type": parent["type"], "options": built}]
        data["options"] = built
        if resolved:
            data["resolved"] = resolved
        return data

    def _options(
        self,
        definitions: list[dict[str, Any]],
        options: Mapping[str, Any],
        guild: StandInGuild,
        resolved: dict[str, dict[str, Any]],
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in definitions}
        unknown = set(options) - set(by_name)
        if unknown:
            raise CommandNotFoundError(
                f"unknown options {sorted(unknown)} (known: {list(by_name)})"
            )
        missing = [n for n, o in by_name.items() if o.get("required") and n not in options]
        if missing:
            raise StandInError(f"missing required options {missing}")
        built: list[dict[str, Any]] = []
        for name, value in options.items():
            definition = by_name[name]
            converted = self._value(definition, value, guild, resolved)
            built.append({"name": name, "type": definition["type"], "value": converted})
        return built

    def _value(
        self,
        definition: Mapping[str, Any],
        value: Any,
        guild: StandInGuild,
        resolved: dict[str, dict[str, Any]],
    ) -> Any:
        name, kind = definition["name"], definition["type"]
        bad = StandInError(f"option {name!r} (type {kind}) cannot take {value!r}")
        if kind == STRING:
            if not isinstance(value, str):
                raise bad
            low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise StandInError(f"option {name!r} must be {low}..{high} characters long")
        elif kind in (INTEGER, NUMBER):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise bad
            if kind == INTEGER and not isinstance(value, int):
                raise bad
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise StandInError(f"option {name!r} must be within {low}..{high}")
        elif kind == BOOLEAN:
            if not isinstance(value, bool):
                raise bad
        elif kind in (USER, MENTIONABLE):
            user = value if isinstance(value, StandInUser) else self._users.get(int(value))
            if user is None:
                raise bad
            resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
            member = guild.members.get(user.id)
            if member is not None:
                resolved.setdefault("members", {})[str(user.id)] = member.to_payload(
                    with_user=False, permissions=self._permissions(guild, user)
                )
            return str(user.id)
        elif kind == CHANNEL:
            channel = value if isinstance(value, StandInChannel) else self._channels.get(int(value))
            if channel is None:
                raise bad
            resolved.setdefault("channels", {})[str(channel.id)] = {
                "id": str(channel.id),
                "name": channel.name,
                "type": channel.type,
                "permissions": str(ALL_PERMISSIONS),
            }
            return str(channel.id)
        else:
            raise StandInError(f"option type {kind} ({name!r}) is not supported by the stand-in")
        choices = definition.get("choices")
        if choices and value not in [c.get("value") for c in choices]:
            allowed = [c.get("value") for c in choices]
            raise StandInError(f"option {name!r} must be one of {allowed}")
        return value
