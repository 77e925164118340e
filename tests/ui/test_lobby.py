"""The lobby's buttons (``kozel_discord/ui/lobby.py``)."""

from __future__ import annotations

import discord
import pytest

from kozel_discord.engine import Series
from kozel_discord.i18n import t
from kozel_discord.service import Seat, Table, TableStatus
from kozel_discord.ui import render
from kozel_discord.ui.components import StopButton, stop_view
from kozel_discord.ui.lobby import LobbyButton, lobby_view
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
    # it says what it sets: a double tap does not undo itself
    assert (on.custom_id or "").endswith(":timer:off")
    assert (off.custom_id or "").endswith(":timer:on")
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


def test_the_lobby_says_whether_the_series_counts_and_offers_hints_only_where_possible() -> None:
    # With hints off the lobby said nothing of the league, and its footer spoke of hints on
    # a server that ranks every series, where the lobby has no Hints button.
    table = _lobby(None)
    table.status = TableStatus.LOBBY
    table.seats[3] = Seat(user_id=None, name="Computer 4", level="heuristic")
    assert "Casual: this series does not count for the league" in _settings(table)
    assert "hints" in (render.lobby_embed(table, "en-US").footer.text or "")
    table.seats[3] = Seat(user_id=99, name="p3")
    assert "This series counts for the league" in _settings(table)
    assert "Партия идёт в зачёт лиги" in _settings(table, "ru")
    table.seats[3] = Seat(user_id=None, name="Computer 4", level="heuristic")
    table.rank_computers = True  # the server ranks series with computers: no hints anywhere
    assert "This series counts for the league" in _settings(table)
    assert "hints" not in (render.lobby_embed(table, "en-US").footer.text or "")
    assert not any(c.custom_id.endswith(":hints") for c in lobby_view(table, "en-US").children)  # type: ignore[attr-defined]


def test_the_lobby_names_its_host() -> None:
    # A guest learnt who may start the table only from a refused click.
    table = _lobby(None)
    assert _settings(table).splitlines()[0] == f"Host: <@{table.host_id}>"
    assert _settings(table, "ru").splitlines()[0] == f"Хозяин стола: <@{table.host_id}>"


def test_the_lobby_keeps_cancel_apart_and_names_seats_and_computers_shortly() -> None:
    # A phone showed seven rows of buttons with the red Cancel right under Leave; "Seat 1
    # (A)" under the "Team A" heading, and "Remove computer from seat 2" over two lines.
    table = _lobby(None)
    table.status = TableStatus.LOBBY
    table.seats[1] = Seat(user_id=None, name="Computer 2", level="heuristic")
    items = [getattr(c, "item", c) for c in lobby_view(table, "en-US").children]
    buttons = [b for b in items if isinstance(b, discord.ui.Button)]
    cancel = next(b for b in buttons if (b.custom_id or "").endswith(":cancel"))
    assert buttons[-1] is cancel and cancel.style is discord.ButtonStyle.danger
    assert all(b.row is not None and b.row < cancel.row for b in buttons[:-1])  # type: ignore[operator]
    labels = [b.label for b in buttons]
    assert "Remove Computer 2" in labels and "Убрать Компьютер 2" not in labels
    for locale in ("en-US", "ru", "uk", "tr"):
        embed = render.lobby_embed(table, locale)
        # each team's heading with its dot, as on the table ("Team A" alone did not say
        # which colour was a newcomer's)
        names = (f"🔵 {t('team.a.long', locale)}", f"🟠 {t('team.b.long', locale)}")
        teams = [f for f in embed.fields if f.name in names]
        assert len(teams) == 2
        # a newcomer learns where the rules are before the first deal
        assert f"/{t('cmd.kozel.name', locale)} {t('cmd.rules.name', locale)}" in (
            embed.description or ""
        )
        for field in teams:
            assert f"({t('team.a', locale)})" not in (field.value or "")
            assert f"({t('team.b', locale)})" not in (field.value or "")
            first = render.seat_number(0 if field is teams[0] else 1, locale)
            assert (field.value or "").startswith(f"**{first}**"), field.value


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_lobby_footer_names_the_timer_the_host_may_set(locale: str) -> None:
    # "The host sets the length and hints below", over a "Timer: 60 s" button.
    timer = t("lobby.timer_button_off", locale).split(":")[0].lower()
    button = LobbyButton(_lobby(None), "timer", locale).item
    assert isinstance(button, discord.ui.Button) and button.emoji is not None
    for key in ("lobby.rules_footer", "lobby.rules_footer_length"):
        assert timer[:6] in t(key, locale).lower(), (key, timer)
        assert str(button.emoji) in t(key, locale), key  # the footer's marks are the buttons'


def test_the_settings_come_before_start() -> None:
    # "Start" sat on the row above Length and Hints: a host could start before setting them.
    table = _lobby(None)
    table.status = TableStatus.LOBBY
    items = [getattr(c, "item", c) for c in lobby_view(table, "en-US").children]

    def name(custom_id: str) -> str:  # the rules buttons end with what they set
        parts = custom_id.split(":")
        return parts[3] if parts[1] in ("rules", "lobby") else parts[-1]

    rows = {
        name(b.custom_id or ""): b.row
        for b in items
        if isinstance(b, discord.ui.Button) and b.row is not None
    }
    settings = [rows["timer"], rows["length"], rows[table.table_id]]  # the pings button's id
    assert max(settings) < rows["begin"] < rows["cancel"], rows
    assert rows["leave"] == rows["begin"]


def test_the_rules_buttons_say_what_they_set() -> None:
    # A double tap on a phone pressed the same toggle twice: hints on, then off again.
    from kozel_discord.ui.lobby import RulesButton

    table = _lobby(None)
    table.status, table.target = TableStatus.LOBBY, 6
    length = RulesButton(table, "length").item
    assert isinstance(length, discord.ui.Button)
    assert length.custom_id == f"kozel:rules:{table.table_id}:length:8"
    table.hints = False
    hints = RulesButton(table, "hints").item
    assert isinstance(hints, discord.ui.Button)
    assert hints.custom_id == f"kozel:rules:{table.table_id}:hints:on"
    table.hints = True
    off = RulesButton(table, "hints").item
    assert isinstance(off, discord.ui.Button)
    assert off.custom_id == f"kozel:rules:{table.table_id}:hints:off"
    # the ids parse back to what they set (and old ids without it still toggle)
    template = RulesButton.__discord_ui_compiled_template__
    old = f"kozel:rules:{table.table_id}:hints"
    for custom_id, to in ((length.custom_id, "8"), (off.custom_id, "off"), (old, None)):
        m = template.fullmatch(custom_id or "")
        assert m is not None and m["to"] == to


@pytest.mark.parametrize("locale", ["ru", "uk", "tr"])
def test_a_seat_and_a_computers_button_share_a_phones_line_in_every_language(
    locale: str,
) -> None:
    # "Место 1: Ольга" and "Убрать Компьютер 2" took a line each: ten lines of buttons,
    # Start below a phone's screen.
    table = _lobby(None)
    table.status = TableStatus.LOBBY
    table.seats[0] = Seat(user_id=7, name="Ольга")
    table.seats[1] = Seat(user_id=None, name=t("computer.name", locale, n=2), level="heuristic")
    items = [getattr(c, "item", c) for c in lobby_view(table, locale).children]
    labels = {
        b.custom_id: b.label or ""
        for b in items
        if isinstance(b, discord.ui.Button) and b.custom_id is not None
    }
    sit = labels[f"kozel:sit:{table.table_id}:0"]
    unbot = labels[f"kozel:unbot:{table.table_id}:1"]
    assert sit == "1\u00a0· Ольга" and unbot.startswith("✖ ")
    assert len(sit) + len(unbot) <= 24


def test_the_stop_confirmation_carries_the_status_it_asked_about() -> None:
    table = Table(
        table_id="0123456789ab",
        guild_id=1,
        channel_id=2,
        host_id=100,
        locale="en",
        turn_timeout=None,
    )
    (button,) = stop_view(table, "en-US").children
    assert getattr(button, "custom_id", None) == "kozel:stop:0123456789ab:lobby"
    template = StopButton.__discord_ui_compiled_template__
    new = template.fullmatch("kozel:stop:0123456789ab:playing")
    assert new is not None and new["status"] == "playing"
    old = template.fullmatch("kozel:stop:0123456789ab")  # drawn before: still a stop button
    assert old is not None and old["status"] is None
