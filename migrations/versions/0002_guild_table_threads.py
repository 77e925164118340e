"""guild setting: a thread per table

``guilds.table_threads``: NULL (the default: a thread per table when the bot may create
threads in the channel), true or false (``/kozel settings threads:``).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 10:40:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("guilds") as batch:
        batch.add_column(sa.Column("table_threads", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guilds") as batch:
        batch.drop_column("table_threads")
