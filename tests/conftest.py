"""Suite-wide settings: a text key that no language has fails the test that renders it (a
player would see the raw key, e.g. a "lobby.begin" button). And the fixture of the
translation tests (test_i18n_*.py): no command ids known before and after each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kozel_discord import i18n
from kozel_discord.i18n import COMMANDS

i18n.STRICT = True


@pytest.fixture
def _no_command_ids() -> Iterator[None]:
    COMMANDS.clear()
    yield
    COMMANDS.clear()
