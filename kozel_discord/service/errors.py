"""Errors the service reports to the user: each has a translation key and parameters."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused request. ``key`` is a message key of :mod:`kozel_discord.i18n`
    (``error.<key>``); ``params`` fill its placeholders. Nothing was changed."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"ServiceError({self.key!r})"
