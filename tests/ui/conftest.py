"""Fixtures of the UI tests: ``_no_emojis``, which the private board's tests
(test_board_*.py) use so that every board starts with no card emojis known."""

from __future__ import annotations

import pytest

from kozel_discord.ui.emojis import CARD_EMOJIS


@pytest.fixture
def _no_emojis() -> None:
    CARD_EMOJIS.clear()
