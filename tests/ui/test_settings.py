"""The server's house rules as an admin reads them (``kozel_discord/ui/settings.py``)."""

from __future__ import annotations

import dataclasses

from kozel_discord.store.records import GuildSettings
from kozel_discord.ui.settings import settings_text


def test_the_house_rules_say_whether_series_with_computers_count_for_the_league() -> None:
    # The league's setting lived apart (/league ranked): an admin reading the house rules
    # could not tell whether a table with computer players would count.
    rules = GuildSettings(guild_id=1)
    off = settings_text(rules, "en-US", None)
    assert "League: only series without computers count" in off
    on = settings_text(dataclasses.replace(rules, rank_computer_series=True), "en-US", None)
    assert "League: series with computer players count too" in on
    assert "Лига: в зачёт идут и партии с компьютерами" in settings_text(
        dataclasses.replace(rules, rank_computer_series=True), "ru", None
    )
