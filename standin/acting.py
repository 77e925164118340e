"""The Discord stand-in acting as its users: a slash command, a button click, a select
menu choice and a modal submission, each sent to the bot over the gateway as Discord sends
it (the member's permissions, the resolved options, the message clicked), and the wait for
the bot's answer within Discord's deadline. Part of
:class:`~standin.discord_standin.DiscordStandIn`."""

from __future__ import annotations

import asyncio
import copy
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from standin.commands import CommandResolver
from standin.gateway import Gateway, GatewaySession
from standin.limits import ATTACHMENT_SIZE_LIMIT
from standin.model import (
    INTERACTION_COMMAND,
    INTERACTION_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    ComponentNotFoundError,
    InteractionTimeoutError,
    StandInChannel,
    StandInError,
    StandInGuild,
    StandInMember,
    StandInUser,
)
from standin.records import InteractionResult, MissedDeadline, PendingInteraction, RecordedMessage
from standin.state import StandInState


class UserActions:
    """What a test does as a Discord user (a mixin of ``DiscordStandIn``, which provides
    the shared state, the gateway, the command resolver and the guild members)."""

    _state: StandInState
    _gateway: Gateway
    _commands: CommandResolver

    def _member(self, guild: StandInGuild, user: StandInUser) -> StandInMember:
        raise NotImplementedError  # DiscordStandIn's

    def member_permissions(self, guild: StandInGuild, user: StandInUser) -> int:
        raise NotImplementedError  # DiscordStandIn's

    async def slash(
        self,
        user: StandInUser,
        guild: StandInGuild,
        channel: StandInChannel | None,
        name: str,
        *,
        subcommand: str | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str | None = None,
        timeout: float | None = None,
        patch: Callable[[dict[str, Any]], None] | None = None,
    ) -> InteractionResult:
        """Run ``/name [subcommand] options`` as ``user``; returns once the bot answered.

        ``subcommand`` may be ``"group sub"``.  Option values: str/int/float/bool, a
        ``StandInUser`` (user options) or ``StandInChannel`` (channel options). ``patch``
        changes the INTERACTION_CREATE payload before it is sent (a forged interaction, as a
        modified client or a DM could send it).
        """
        channel = channel or guild.default_channel
        self._member(guild, user)
        command = self._commands.find(guild, name)
        self._commands.check_permissions(command, guild, user)
        data = self._commands.data(command, guild, subcommand, options or {})
        label = f"/{name}" + (f" {subcommand}" if subcommand else "")
        return await self._interact(
            kind="slash",
            itype=INTERACTION_COMMAND,
            user=user,
            guild=guild,
            channel=channel,
            data=data,
            source=None,
            locale=locale,
            timeout=timeout,
            description=f"{label} by {user.username}",
            command_name=name,
            patch=patch,
        )

    async def click(
        self,
        user: StandInUser,
        message: RecordedMessage | int,
        custom_id: str,
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Click the button ``custom_id`` on ``message`` as ``user``."""
        recorded = self._clickable(user, message)
        self._enabled(recorded, custom_id, 2, "button", "button")
        return await self._component_interaction(
            user, recorded, {"custom_id": custom_id, "component_type": 2}, "button", locale, timeout
        )

    async def select(
        self,
        user: StandInUser,
        message: RecordedMessage | int,
        custom_id: str,
        values: Sequence[str],
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Choose ``values`` in the string select ``custom_id`` on ``message`` as ``user``."""
        recorded = self._clickable(user, message)
        component = self._enabled(recorded, custom_id, 3, "string select", "select")
        allowed = [str(o.get("value")) for o in component.get("options") or []]
        unknown = [v for v in values if v not in allowed]
        if unknown:
            raise ComponentNotFoundError(
                f"select {custom_id!r} has no options {unknown} ({allowed})"
            )
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high or len(set(values)) != len(values):
            raise ComponentNotFoundError(
                f"select {custom_id!r} takes {low}..{high} distinct values, got {list(values)}"
            )
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._component_interaction(user, recorded, data, "select", locale, timeout)

    async def submit_modal(
        self,
        user: StandInUser,
        opened: InteractionResult,
        values: Mapping[str, str | Sequence[str]],
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Submit the modal the bot opened in ``opened`` (a type 9 answer) as ``user``.

        ``values`` maps text-input custom ids to text (select custom ids to lists of values).
        """
        if opened.modal is None:
            raise StandInError("that interaction was not answered with a modal")
        if user.id != opened.user.id:
            raise StandInError(f"only {opened.user.username} sees that modal")
        origin = self._state.interactions[opened.interaction_id]
        unused = set(values)

        def fill(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
            filled: list[dict[str, Any]] = []
            for component in components:
                kind, custom_id = component.get("type"), component.get("custom_id")
                value = values.get(custom_id) if isinstance(custom_id, str) else None
                unused.discard(str(custom_id))
                if kind == 1:
                    filled.append({"type": 1, "components": fill(component["components"])})
                elif kind == 18:
                    filled.append({"type": 18, "component": fill([component["component"]])[0]})
                elif kind == 4:
                    if value is None and component.get("required", True):
                        raise StandInError(f"the modal's text input {custom_id!r} is required")
                    if value is not None and not isinstance(value, str):
                        raise StandInError(f"text input {custom_id!r} takes a string")
                    filled.append({"type": 4, "custom_id": custom_id, "value": value or ""})
                elif custom_id is not None:
                    chosen = [value] if isinstance(value, str) else list(value or [])
                    filled.append({"type": kind, "custom_id": custom_id, "values": chosen})
            return filled

        components = fill(copy.deepcopy(opened.modal.get("components") or []))
        if unused:
            raise StandInError(f"the modal has no inputs {sorted(unused)}")
        data = {"custom_id": opened.modal["custom_id"], "components": components}
        return await self._interact(
            kind="modal_submit",
            itype=INTERACTION_MODAL_SUBMIT,
            user=user,
            guild=origin.guild,
            channel=origin.channel,
            data=data,
            source=origin.source_message,
            locale=locale,
            timeout=timeout,
            description=f"modal {opened.modal.get('custom_id')!r} by {user.username}",
        )

    @staticmethod
    def _enabled(
        recorded: RecordedMessage, custom_id: str, kind: int, name: str, short: str
    ) -> dict[str, Any]:
        """The enabled component ``custom_id`` of type ``kind`` on ``recorded``."""
        component = recorded.component(custom_id)
        if component is None or component.get("type") != kind:
            raise ComponentNotFoundError(
                f"message {recorded.id} has no {name} {custom_id!r} "
                f"(custom ids: {recorded.custom_ids()})"
            )
        if component.get("disabled"):
            raise ComponentNotFoundError(
                f"{short} {custom_id!r} on message {recorded.id} is disabled"
            )
        return component

    def _clickable(self, user: StandInUser, message: RecordedMessage | int) -> RecordedMessage:
        recorded = self._state.messages.get(message if isinstance(message, int) else message.id)
        if recorded is None or recorded.deleted:
            raise ComponentNotFoundError(f"message {message!r} does not exist (or was deleted)")
        if not recorded.is_visible_to(user):
            raise ComponentNotFoundError(f"{user.username} cannot see message {recorded.id}")
        return recorded

    async def _component_interaction(
        self,
        user: StandInUser,
        message: RecordedMessage,
        data: dict[str, Any],
        kind: str,
        locale: str | None,
        timeout: float | None,
        patch: Callable[[dict[str, Any]], None] | None = None,
    ) -> InteractionResult:
        channel = self._state.channels[message.channel_id]
        guild = self._state.guilds[channel.guild_id]
        return await self._interact(
            kind=kind,
            itype=INTERACTION_COMPONENT,
            user=user,
            guild=guild,
            channel=channel,
            data=data,
            source=message,
            locale=locale,
            timeout=timeout,
            description=f"{kind} {data['custom_id']!r} on message {message.id} by {user.username}",
            patch=patch,
        )

    async def _interact(
        self,
        *,
        kind: str,
        itype: int,
        user: StandInUser,
        guild: StandInGuild,
        channel: StandInChannel,
        data: dict[str, Any],
        source: RecordedMessage | None,
        locale: str | None,
        timeout: float | None,
        description: str,
        command_name: str | None = None,
        patch: Callable[[dict[str, Any]], None] | None = None,
    ) -> InteractionResult:
        member = self._member(guild, user)
        if self._gateway.pending:
            await asyncio.gather(*self._gateway.pending, return_exceptions=True)
        session = self._session_for(guild.id)
        interaction_id = self._state.ids.next()
        token = secrets.token_urlsafe(48)
        permissions = self.member_permissions(guild, user)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self._state.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            "guild_locale": guild.preferred_locale,
            "locale": locale or user.locale,
            "channel_id": str(channel.id),
            "channel": {**channel.to_payload(), "permissions": str(permissions)},
            "member": member.to_payload(permissions=permissions),
            "data": data,
            "app_permissions": str(guild.bot_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
        }
        if source is not None:
            payload["message"] = copy.deepcopy(source.payload)
        if patch is not None:
            patch(payload)
        interaction = PendingInteraction(
            id=interaction_id,
            token=token,
            type=itype,
            kind=kind,
            user=user,
            guild=guild,
            channel=channel,
            created=self._state.mono(),
            description=f"{description} (interaction {interaction_id})",
            command_name=command_name,
            source_message=source,
        )
        self._state.interactions[interaction_id] = interaction
        self._state.by_token[token] = interaction
        session.interactions_received += 1
        await session.dispatch("INTERACTION_CREATE", payload)
        wait = self._state.response_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(interaction.done.wait(), wait)
        except TimeoutError:
            message = f"the bot did not answer {interaction.description} within {wait}s"
            self._state.missed_deadlines.append(MissedDeadline(interaction_id, kind, None, message))
            self._state.notify()
            raise InteractionTimeoutError(message) from None
        if interaction.error is not None:
            raise interaction.error
        assert interaction.result is not None
        return interaction.result

    def _session_for(self, guild_id: int) -> GatewaySession:
        owners = [s for s in self._gateway.sessions if s.connected and s.owns(guild_id)]
        if not owners:
            raise StandInError(f"no connected bot session owns guild {guild_id}")
        return owners[-1]
