"""The service layer: live tables (one per channel), their locks, timers, computer players
and persistence. Cogs call it; it calls the engine and the store."""

from .errors import ServiceError
from .service import LEVELS, TableEvent, TableListener, TableService
from .table import Seat, Table, TableStatus

__all__ = [
    "LEVELS",
    "Seat",
    "ServiceError",
    "Table",
    "TableEvent",
    "TableListener",
    "TableService",
    "TableStatus",
]
