"""Stopped tables whose messages may still show live controls.

Stopping a table leaves its row in the store as a tombstone (status "stopped") until the
presenter has taken the controls off its public messages; a crash in between leaves the
tombstone, and the next start marks the messages and then drops it."""

from __future__ import annotations

import logging

from ..store import LiveTable, UnitOfWork
from .context import COMMIT_FAILURES, SessionContext
from .table import Table, TableStatus

log = logging.getLogger(__name__)


def stopped_tables(rows: list[LiveTable]) -> tuple[list[LiveTable], list[Table]]:
    """The rows of live tables, and the stopped tables of the tombstones among ``rows``."""
    live, stopped = [], []
    for row in rows:
        if row.state.get("status") == TableStatus.STOPPED.value:
            table = Table.from_state(
                row.state, version=row.version, messages=row.messages, deadline=None
            )
            stopped.append(table)
        else:
            live.append(row)
    return live, stopped


async def drop_tombstone(ctx: SessionContext, table: Table) -> None:
    """Remove the tombstone of ``table`` (not a newer table of its channel)."""
    try:
        await ctx.write(lambda uow: _drop(uow, table))
    except COMMIT_FAILURES as exc:
        log.info("tombstone_kept channel=%s: %s", table.channel_id, type(exc).__name__)


async def _drop(uow: UnitOfWork, table: Table) -> None:
    await uow.delete_table(table.channel_id, version=table.version)
