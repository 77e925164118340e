"""Application commands of the Discord stand-in (``/applications/{application_id}/commands``
and a guild's ``.../guilds/{guild_id}/commands``): bulk overwrite, upsert and listing, each
command checked as Discord checks it (names, descriptions, options, localisations) before it
is stored in :class:`~standin.state.StandInState`."""

from __future__ import annotations

import copy
import logging
from typing import Any

from aiohttp import web

from standin.app_emojis import BodyReader
from standin.command_checks import validate_commands
from standin.http import ApiError, invalid_form, json_response, snowflake
from standin.state import StandInState

log = logging.getLogger(__name__)


class ApplicationCommands:
    """The routes of the application-command endpoints, over the shared state."""

    def __init__(self, state: StandInState, read: BodyReader) -> None:
        self.state = state
        self._read = read

    def routes(self) -> list[tuple[str, str, Any, bool]]:
        app = "/applications/{application_id}"
        guild = app + "/guilds/{guild_id}"
        return [
            ("GET", app + "/commands", self._get_commands, True),
            ("PUT", app + "/commands", self._put_commands, True),
            ("POST", app + "/commands", self._post_command, True),
            ("GET", guild + "/commands", self._get_commands, True),
            ("PUT", guild + "/commands", self._put_commands, True),
            ("POST", guild + "/commands", self._post_command, True),
        ]

    def _check_application(self, params: dict[str, str]) -> None:
        if params["application_id"] != str(self.state.application_id):
            raise ApiError(404, 10002, "Unknown Application")

    def _command_scope(
        self, params: dict[str, str]
    ) -> tuple[int | None, dict[tuple[int, str], dict[str, Any]]]:
        self._check_application(params)
        if "guild_id" not in params:
            return None, self.state.global_commands
        guild_id = snowflake(params["guild_id"])
        if guild_id not in self.state.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild_id, self.state.guild_commands.setdefault(guild_id, {})

    def _store_command(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        kind = int(command.get("type", 1))
        name = str(command["name"])
        command_id = self.state.command_ids.setdefault(
            (guild_id, kind, name), self.state.ids.next()
        )
        stored = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            **copy.deepcopy(command),
            "id": str(command_id),
            "application_id": str(self.state.application_id),
            "version": str(self.state.ids.next()),
            "type": kind,
        }
        if stored["default_member_permissions"] is not None:
            # Discord echoes permission integers as strings.
            stored["default_member_permissions"] = str(int(stored["default_member_permissions"]))
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    async def _get_commands(self, request: web.Request, params: dict[str, str]) -> web.Response:
        _, scope = self._command_scope(params)
        return json_response(list(scope.values()))

    async def _put_commands(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild_id, scope = self._command_scope(params)
        body, _ = await self._read(request)
        commands = body.get("__list__")
        violations = validate_commands(commands)
        if violations:
            raise invalid_form(violations, "command sync")
        assert isinstance(commands, list)
        scope.clear()
        for command in commands:
            stored = self._store_command(guild_id, command)
            scope[(stored["type"], stored["name"])] = stored
        self.state.command_syncs += 1
        log.info("Discord stand-in: %d command(s) synced (guild %s)", len(scope), guild_id)
        self.state.notify()
        return json_response(list(scope.values()))

    async def _post_command(self, request: web.Request, params: dict[str, str]) -> web.Response:
        guild_id, scope = self._command_scope(params)
        body, _ = await self._read(request)
        violations = validate_commands([body])
        if violations:
            raise invalid_form(violations, "command upsert")
        stored = self._store_command(guild_id, body)
        scope[(stored["type"], stored["name"])] = stored
        self.state.command_syncs += 1
        self.state.notify()
        return json_response(stored, status=201)
