"""a request budget shared by the bot's processes

``rate_budgets``: one row per budget (``discord``: Discord's global limit of the bot), locked
by every lease so that leases are granted one at a time. ``rate_leases``: each process's
share of it (requests per window until ``expires_at``, and a rate given up lately, still
counted until ``held_until``).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 12:50:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    budgets = op.create_table(
        "rate_budgets",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("leases", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_rate_budgets")),
    )
    op.create_table(
        "rate_leases",
        sa.Column("budget", sa.String(length=32), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("rate", sa.Integer(), nullable=False),
        sa.Column("wanted", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.Double(), nullable=False),
        sa.Column("held", sa.Integer(), nullable=False),
        sa.Column("held_until", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["budget"],
            ["rate_budgets.name"],
            name=op.f("fk_rate_leases_budget_rate_budgets"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("budget", "holder", name=op.f("pk_rate_leases")),
    )
    op.bulk_insert(budgets, [{"name": "discord", "leases": 0}])


def downgrade() -> None:
    op.drop_table("rate_leases")
    op.drop_table("rate_budgets")
