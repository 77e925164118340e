"""The lobby's buttons (``kozel_discord/ui/lobby.py``)."""

from __future__ import annotations

import discord

from kozel_discord.engine import Series
from kozel_discord.service import Table
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
