"""Interaction answers in the Discord stand-in: the callback
(``/interactions/{interaction_id}/{token}/callback``: reply, defer, update, modal), follow-ups
and the interaction webhook's messages (``/webhooks/{application_id}/{token}/...``), with
Discord's deadlines (3 s to answer, 15 minutes for the token) and its refusals (a second
answer, a follow-up before the answer)."""

from __future__ import annotations

import copy
import hmac
from typing import TYPE_CHECKING, Any

from aiohttp import web

from standin.command_checks import validate_modal
from standin.http import ApiError, bad_callback_type, invalid_form, json_response, snowflake
from standin.limits import CREATE_FLAGS, FLAG_EPHEMERAL, FLAG_LOADING
from standin.model import INTERACTION_MODAL_SUBMIT, InteractionDeadlineMissedError
from standin.records import InteractionResult, MissedDeadline, PendingInteraction, RecordedMessage

if TYPE_CHECKING:
    from standin.rest import RestApi


class InteractionRoutes:
    """The routes that answer interactions; messages are made and edited by ``api``."""

    def __init__(self, api: RestApi) -> None:
        self.api = api
        self.state = api.state

    def routes(self) -> list[tuple[str, str, Any, bool]]:
        hook = "/webhooks/{application_id}/{token}"
        return [
            (
                "POST",
                "/interactions/{interaction_id}/{token}/callback",
                self._post_callback,
                False,
            ),
            ("POST", hook, self._post_followup, False),
            ("GET", hook + "/messages/{message_id}", self._get_webhook_message, False),
            ("PATCH", hook + "/messages/{message_id}", self._patch_webhook_message, False),
            ("DELETE", hook + "/messages/{message_id}", self._delete_webhook_message, False),
        ]

    async def _post_callback(self, request: web.Request, params: dict[str, str]) -> web.Response:
        interaction = self.state.interactions.get(snowflake(params["interaction_id"]))
        if interaction is None or not hmac.compare_digest(interaction.token, params["token"]):
            raise ApiError(404, 10062, "Unknown interaction")
        body, files = await self.api.read(request, interaction)
        if interaction.response_type is not None:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                rejection="second response to an interaction",
                interaction=interaction,
            )
        latency = self.state.mono() - interaction.created
        self.state.latencies[interaction.id] = latency
        if latency > self.state.answer_deadline:
            text = f"{interaction.description} answered after {latency:.2f}s"
            self.state.missed_deadlines.append(
                MissedDeadline(interaction.id, interaction.kind, latency, text)
            )
            interaction.error = InteractionDeadlineMissedError(text)
            interaction.done.set()
            raise ApiError(
                404,
                10062,
                "Unknown interaction",
                rejection=f"answer after {latency:.2f}s (limit {self.state.answer_deadline}s)",
                interaction=interaction,
            )
        kind = body.get("type")
        data = body.get("data") or {}
        what = f"interaction response type {kind}"
        message: RecordedMessage | None = None
        try:
            if kind == 4 or kind == 5:
                flags = int(data.get("flags") or 0) & (CREATE_FLAGS | FLAG_EPHEMERAL)
                if kind == 5:
                    flags = (flags & FLAG_EPHEMERAL) | FLAG_LOADING
                message = self.api.messages.new_message(
                    channel=interaction.channel,
                    data=data if kind == 4 else {},
                    files=files,
                    source="response",
                    flags=flags,
                    interaction=interaction,
                    what=what,
                    prefix=("data",),
                    allow_empty=kind == 5,
                )
                interaction.original = message
            elif kind in (6, 7):
                if interaction.source_message is None:
                    raise bad_callback_type(f"{what} is only valid for component interactions")
                message = interaction.source_message
                if kind == 7:
                    self.api.messages.edit(message, data, files, what, prefix=("data",))
            elif kind == 9:
                if interaction.type == INTERACTION_MODAL_SUBMIT:
                    raise bad_callback_type("a modal submission answered with another modal")
                violations = validate_modal(data)
                if violations:
                    raise invalid_form(violations, what, ("data",))
                interaction.modal = copy.deepcopy(data)
            else:
                raise bad_callback_type(f"unsupported callback type {kind!r}")
        except ApiError as exc:
            exc.interaction = interaction
            raise
        interaction.response_type = int(kind)
        interaction.latency = latency
        interaction.result = InteractionResult(
            interaction_id=interaction.id,
            token=interaction.token,
            kind=interaction.kind,
            user=interaction.user,
            guild_id=interaction.guild.id,
            channel_id=interaction.channel.id,
            response_type=int(kind),
            latency=latency,
            message=message,
            followups=interaction.followups,
            modal=interaction.modal,
            source_message_id=source.id if (source := interaction.source_message) else None,
        )
        interaction.done.set()
        self.state.notify()
        # Always the ``with_response`` body (discord.py 2.7 asks for it; a 204 would break it).
        info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        response: dict[str, Any] = {"interaction": info}
        if message is not None and kind in (4, 5, 7):
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = kind == 5
            info["response_message_ephemeral"] = message.ephemeral
            response["resource"] = {"type": kind, "message": message.payload}
        else:
            response["resource"] = {"type": kind}
        return json_response(response)

    def _webhook_interaction(self, params: dict[str, str]) -> PendingInteraction:
        interaction = self.state.by_token.get(params["token"])
        if interaction is None or params["application_id"] != str(self.state.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        age = self.state.mono() - interaction.created
        if age > self.state.token_lifetime:
            raise ApiError(
                401,
                50027,
                "Invalid Webhook Token",
                rejection=f"interaction token used after {age / 60:.1f} minutes",
                interaction=interaction,
            )
        return interaction

    async def _post_followup(self, request: web.Request, params: dict[str, str]) -> web.Response:
        interaction = self._webhook_interaction(params)
        if interaction.response_type is None:
            raise ApiError(
                404,
                10015,
                "Unknown Webhook",
                rejection="follow-up sent before the interaction was answered",
                interaction=interaction,
            )
        data, files = await self.api.read(request, interaction)
        original = interaction.original
        try:
            if original is not None and original.loading:
                # The first follow-up after a deferred response fills in the "thinking" message
                # (and keeps the deferral's visibility).
                message = self.api.messages.edit(
                    original, data, files, "follow-up filling a deferred answer"
                )
            else:
                flags = int(data.get("flags") or 0) & (CREATE_FLAGS | FLAG_EPHEMERAL)
                message = self.api.messages.new_message(
                    channel=interaction.channel,
                    data=data,
                    files=files,
                    source="followup",
                    flags=flags,
                    interaction=interaction,
                    what="follow-up message",
                )
                interaction.followups.append(message)
                self.state.notify()
        except ApiError as exc:
            exc.interaction = exc.interaction or interaction
            raise
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.payload)
        return web.Response(status=204)

    def _webhook_message(self, interaction: PendingInteraction, message_id: str) -> RecordedMessage:
        if message_id == "@original":
            found = interaction.original
            if found is None and interaction.response_type in (6, 7):
                found = interaction.source_message
        else:
            found = self.state.messages.get(snowflake(message_id))
            related = found is not None and (
                found is interaction.original
                or found is interaction.source_message
                or found in interaction.followups
                or (not found.ephemeral and "webhook_id" in found.payload)
            )
            if not related:
                found = None
        if found is None or found.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return found

    async def _get_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        return json_response(self._webhook_message(interaction, params["message_id"]).payload)

    async def _patch_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        message = self._webhook_message(interaction, params["message_id"])
        data, files = await self.api.read(request, interaction)
        try:
            self.api.messages.edit(message, data, files, f"webhook edit of message {message.id}")
        except ApiError as exc:
            exc.interaction = exc.interaction or interaction
            raise
        return json_response(message.payload)

    async def _delete_webhook_message(
        self, request: web.Request, params: dict[str, str]
    ) -> web.Response:
        interaction = self._webhook_interaction(params)
        return self.api.messages.delete(self._webhook_message(interaction, params["message_id"]))
