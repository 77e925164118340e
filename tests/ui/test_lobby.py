"""The lobby's buttons (``kozel_discord/ui/lobby.py``)."""

from __future__ import annotations

import discord

from kozel_discord.engine import Series
from kozel_discord.i18n import t
from kozel_discord.service import Seat, Table, TableStatus
from kozel_discord.ui import render
from kozel_discord.ui.lobby import LobbyButton
from tests.ui.test_render import _table


def _lobby(turn_timeout: float | None) -> Table:
    table = _table(Series(1))  # the button reads only the table's id and timer
    table.turn_timeout = turn_timeout
    return table


def test_the_timer_button_shows_its_seconds_and_looks_on_when_on() -> None:
    """The old label 'Timer: on' hid the seconds and looked like a button that is off."""
    on = LobbyButton(_lobby(60.0), "timer", "en-US").item
    off = LobbyButton(_lobby(None), "timer", "en-US").item
    assert isinstance(on, discord.ui.Button) and isinstance(off, discord.ui.Button)
    assert (on.label, on.style) == ("Timer: 60 s", discord.ButtonStyle.primary)
    assert (off.label, off.style) == ("Timer: off", discord.ButtonStyle.secondary)
    ru = LobbyButton(_lobby(90.0), "timer", "ru").item
    assert isinstance(ru, discord.ui.Button) and ru.label == "Таймер: 90 с"


def _settings(table: Table, locale: str = "en-US") -> str:
    embed = render.lobby_embed(table, locale)
    return next(f.value or "" for f in embed.fields if f.name == t("lobby.settings", locale))


def test_the_lobby_says_whether_hints_will_stay_on_for_the_seats_as_they_are() -> None:
    """'Hints on (only if the series does not count for the league)' left the host to work
    out which: the lobby knows from the seats."""
    table = _lobby(None)
    table.status = TableStatus.LOBBY
    table.hints = True
    table.seats[3] = Seat(user_id=None, name="Computer 4", level="heuristic")
    assert "Hints on: this series will not count for the league" in _settings(table)
    table.seats[3] = Seat(user_id=99, name="p3")  # four players: a league series
    assert "Hints go off at the start" in _settings(table)
    assert "Подсказки выключатся при старте" in _settings(table, "ru")
    table.hints = False
    assert "💡" not in _settings(table)
