"""The service layer: live tables (one session per channel), their locks, timers, computer
players and persistence. Cogs call it; it calls the engine and the store."""

from ..ai import LEVELS
from ..store import RatingChange
from . import fair, lobby
from .errors import ErrorKey, ServiceError
from .events import TableEvent, TableEventKind, TableListener
from .rules import Hint
from .service import TableService
from .table import Seat, Table, TableStatus

__all__ = [
    "LEVELS",
    "ErrorKey",
    "Hint",
    "RatingChange",
    "Seat",
    "ServiceError",
    "Table",
    "TableEvent",
    "TableEventKind",
    "TableListener",
    "TableService",
    "TableStatus",
    "fair",
    "lobby",
]
