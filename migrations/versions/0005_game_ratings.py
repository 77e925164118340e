"""how each ranked game moved the humans' league ratings

``game_ratings``: one row per human of a ranked game, the conservative ordinal before and
after the game, written with the game (the game's summary shows the change, also when it is
posted again after a restart). Games recorded before this revision have no rows: their
summaries show no change.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-07 11:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")  # as games.id


def upgrade() -> None:
    op.create_table(
        "game_ratings",
        sa.Column("game_id", BIG_ID, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("rating_before", sa.Double(), nullable=False),
        sa.Column("rating_after", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_game_ratings_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "user_id", name=op.f("pk_game_ratings")),
    )


def downgrade() -> None:
    op.drop_table("game_ratings")
