"""A table's thread name: its players' whole names within Discord's 100 characters."""

from __future__ import annotations

import pytest

from kozel_discord.i18n import t
from kozel_discord.service import Seat, Table
from kozel_discord.ui.threads import THREAD_NAME_LIMIT, thread_name


def _table(names: list[str], locale: str) -> Table:
    table = Table(
        table_id="0123456789ab",
        guild_id=1,
        channel_id=2,
        host_id=1,
        locale=locale,
        turn_timeout=None,
    )
    table.seats = [Seat(user_id=i + 1, name=n) for i, n in enumerate(names)]
    return table


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_a_thread_name_holds_whole_names_and_counts_the_rest(locale: str) -> None:
    # Before: "Игра в козла — Александра Петрова-Лебедь, …, Владислав Кузне…", cut mid-name.
    names = [
        "Александра Петрова-Лебедь",
        "Константин Иванов 🃏🃏",
        "Екатерина Смирнова",
        "Владислав Кузнецов",
    ]
    name = thread_name(_table(names, locale))
    assert len(name) <= THREAD_NAME_LIMIT and "…" not in name
    shown = name.removeprefix(t("thread.name", locale, names=""))
    parts = shown.split(" +")[0].split(", ")
    assert parts == names[: len(parts)] and len(parts) >= 2
    if len(parts) < len(names):
        assert shown.endswith(f" +{len(names) - len(parts)}")
    short = thread_name(_table(["Al", "Bo", "Cy", "Di"], locale))
    assert short == t("thread.name", locale, names="Al, Bo, Cy, Di")
