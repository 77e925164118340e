"""Checks every interaction passes before anything acts on it, and the answer to a
``kozel:`` control that matches none of the bot's items.

* A command from a DM that needs a server, an option whose value is not of its declared
  type or not one of its declared choices (or names a user, channel or role the
  interaction does not resolve): refused before
  discord.py transforms the options (its own failures there are unanswered, or land in
  an un-awaited task).
* An interaction whose channel holds a table of another server is refused, whatever the
  channel id says (:func:`check_guild`).
* discord.py silently drops a component interaction that no ``DynamicItem`` template
  matches (or whose control is not on the message with that type):
  :func:`answer_unmatched` gives it the ephemeral "this control is not valid any more".

Every refusal takes the one error path, :func:`kozel_discord.ui.errors.handle_error`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import discord
from discord import app_commands

from ..service import ErrorKey, ServiceError
from .ports import UiHost

PREFIX = "kozel:"

#: The JSON type each option type must have (Discord's application command option types).
_SCALARS: dict[int, tuple[type, ...]] = {3: (str,), 4: (int,), 5: (bool,), 10: (int, float)}
#: Option types whose value is a snowflake found in ``data.resolved`` under these keys.
_RESOLVED: dict[int, tuple[str, ...]] = {
    6: ("users",),
    7: ("channels",),
    8: ("roles",),
    9: ("users", "roles"),
    11: ("attachments",),
}


class BadOption(app_commands.CheckFailure):
    """An option's value is not what the command declares."""

    def __init__(self, name: str, kind: int | None) -> None:
        super().__init__(f"bad value for option {name!r}")
        self.name = name
        self.kind = kind

    @property
    def key(self) -> str:
        """The ``error.*`` text: a user option that names nobody the server has, or any
        other value that does not fit."""
        return "error.not_a_member" if self.kind in (6, 9) else "error.bad_option"


def leaf_options(options: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """A command's options with values, from inside its subcommand (group)."""
    for option in options:
        if option.get("type") in (1, 2):  # a subcommand (group): its options
            yield from leaf_options(option.get("options") or [])
        else:
            yield option


def declared_choices(command: Any) -> dict[str, set[Any]]:
    """The options of ``command`` that take one of a list of choices: name -> values."""
    return {
        p.display_name: {c.value for c in p.choices}
        for p in getattr(command, "parameters", None) or ()
        if p.choices
    }


def check_options(data: dict[str, Any], choices: dict[str, set[Any]] | None = None) -> None:
    """Raise :class:`BadOption` for the first option of a command whose value does not
    fit its type, or is not one of the ``choices`` its name has (:func:`declared_choices`)."""
    resolved: dict[str, Any] = data.get("resolved") or {}
    for option in leaf_options(data.get("options") or []):
        kind, value = option.get("type"), option.get("value")
        if option.get("focused"):
            continue
        if kind in _SCALARS:
            ok = isinstance(value, _SCALARS[kind]) and (kind == 5 or not isinstance(value, bool))
            allowed = (choices or {}).get(str(option.get("name")))
            ok = ok and (allowed is None or value in allowed)
        elif kind in _RESOLVED:
            ok = isinstance(value, str) and any(
                value in (resolved.get(key) or {}) for key in _RESOLVED[kind]
            )
        else:
            ok = True
        if not ok:
            raise BadOption(str(option.get("name", "?")), kind)


def _needs_guild(command: Any) -> bool:
    while command is not None:
        if getattr(command, "guild_only", False):
            return True
        command = getattr(command, "parent", None)
    return False


def check_guild(interaction: discord.Interaction[Any]) -> None:
    """Refuse an interaction in a channel whose table belongs to another server."""
    client = interaction.client
    tables = client.tables if isinstance(client, UiHost) else None
    if tables is None or interaction.channel_id is None:
        return
    table = tables.get(interaction.channel_id)
    if table is not None and table.guild_id != interaction.guild_id:
        raise ServiceError(ErrorKey.WRONG_GUILD)


def check_command(interaction: discord.Interaction[Any]) -> None:
    """What every slash command passes first (see the module's docstring)."""
    data: dict[str, Any] = dict(interaction.data or {})
    if interaction.guild_id is None and _needs_guild(interaction.command):
        raise app_commands.NoPrivateMessage
    check_options(data, declared_choices(interaction.command))
    check_guild(interaction)


def _components(components: Iterable[discord.Component]) -> Iterator[discord.Component]:
    for component in components:
        yield component
        children = getattr(component, "children", None)
        if children:
            yield from _components(children)
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def is_unmatched(
    interaction: discord.Interaction[Any], items: Iterable[type[discord.ui.DynamicItem[Any]]]
) -> bool:
    """Whether ``interaction`` is a ``kozel:`` control no item in ``items`` will handle
    (discord.py dispatches an item only when its template matches the whole custom id and
    the message carries a control of that type with that custom id)."""
    if interaction.type is not discord.InteractionType.component:
        return False
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith(PREFIX):
        return False
    kind = data.get("component_type")
    message = interaction.message
    present = message is not None and any(
        getattr(c, "custom_id", None) == custom_id and c.type.value == kind
        for c in _components(message.components)
    )
    if not present:
        return True
    return not any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) is not None for item in items
    )


__all__ = [
    "BadOption",
    "check_command",
    "check_guild",
    "check_options",
    "declared_choices",
    "is_unmatched",
    "leaf_options",
]
