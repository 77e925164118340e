"""Suite-wide settings: a text key that no language has fails the test that renders it (a
player would see the raw key, e.g. a "lobby.begin" button)."""

from __future__ import annotations

from kozel_discord import i18n

i18n.STRICT = True
