"""Errors the service reports to the user: each has a translation key and parameters."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ..engine import SERIES_LENGTHS


class ErrorKey(StrEnum):
    """Why a request was refused: ``error.<key>`` of :mod:`kozel_discord.i18n`."""

    ALREADY_STARTED = "already_started"
    ALREADY_THERE = "already_there"
    BAD_CONTROL = "bad_control"
    BAD_LEVEL = "bad_level"
    BAD_SEAT = "bad_seat"
    BAD_SORT = "bad_sort"
    GUILD_ONLY = "guild_only"
    HOST_ONLY = "host_only"  # the table's settings
    HOST_ONLY_START = "host_only_start"
    HOST_ONLY_CANCEL = "host_only_cancel"
    ILLEGAL = "illegal"
    NO_HUMAN = "no_human"
    NO_TABLE = "no_table"
    NOT_FINISHED = "not_finished"
    NOT_PLAYING = "not_playing"
    NOT_SEATED = "not_seated"
    NOT_YOUR_SEAT = "not_your_seat"
    OLD_TABLE = "old_table"
    SEAT_TAKEN = "seat_taken"
    SEATS_EMPTY = "seats_empty"
    SIT_FIRST = "sit_first"
    STALE = "stale"
    STOP_NOT_ALLOWED = "stop_not_allowed"
    STOP_CHANGED = "stop_changed"  # a stop confirmation asked about the table as it was
    TABLE_EXISTS = "table_exists"
    TRY_AGAIN = "try_again"
    WRONG_GUILD = "wrong_guild"
    VOTE_NOT_OPEN = "vote_not_open"
    VOTE_NOT_ALLOWED = "vote_not_allowed"
    ALREADY_VOTED = "already_voted"
    TIMER_ALREADY_ON = "timer_already_on"
    GAME_NOT_FOUND = "game_not_found"
    GAME_OTHER_GUILD = "game_other_guild"
    GAME_UNREADABLE = "game_unreadable"
    BAD_LENGTH = "bad_length"
    IN_TABLE_THREAD = "in_table_thread"  # /kozel start in a table's own thread
    NO_COMPUTER = "no_computer"  # "Remove computer" on a seat without one (any more)
    BAD_SETTING = "bad_setting"
    HINTS_NOT_ALLOWED = "hints_not_allowed"
    HINTS_RANKED = "hints_ranked"
    HINTS_OFF = "hints_off"
    HINT_NOT_NOW = "hint_not_now"
    REVIEW_NOT_PLAYER = "review_not_player"
    REVIEW_MISSING = "review_missing"
    REVIEW_BUSY = "review_busy"
    BOT_PERMISSIONS = "bot_permissions"  # (checked by the ui: Discord's permissions)


class ServiceError(Exception):
    """A refused request. ``key`` says why (its text is ``error.<key>``); ``params`` fill
    the text's placeholders. Nothing was changed."""

    def __init__(self, key: ErrorKey, **params: Any) -> None:
        super().__init__(key.value)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"ServiceError({self.key.value!r})"


def bad_length() -> ServiceError:
    """A series length outside the engine's: the text lists them ("6, 8, 10 or 12")."""
    *first, last = SERIES_LENGTHS
    return ServiceError(ErrorKey.BAD_LENGTH, first=", ".join(map(str, first)), last=last)
