"""initial schema

Guilds, players, computer ratings, series, series seats, games, partnerships, live tables.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 21:30:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out here (not imported from the models) so that this migration never changes.
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")  # rowid alias on SQLite
JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)
ZERO = sa.text("0")
FALSE = sa.text("false")


def _counter(name: str) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.Integer(), server_default=ZERO, nullable=False)


def upgrade() -> None:
    op.create_table(
        "guilds",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("rank_computer_series", sa.Boolean(), server_default=FALSE, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guilds")),
    )

    op.create_table(
        "players",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("rating", sa.Double(), nullable=False),
        _counter("series_played"),
        _counter("series_won"),
        _counter("series_lost"),
        _counter("goats_with_eggs"),
        _counter("games_played"),
        _counter("games_won"),
        _counter("games_lost"),
        _counter("games_eggs"),
        _counter("defeat_points_taken"),
        _counter("defeat_points_inflicted"),
        sa.Column("last_played_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(
            ["guild_id"],
            ["guilds.guild_id"],
            name=op.f("fk_players_guild_id_guilds"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("guild_id", "user_id", name=op.f("pk_players")),
    )
    op.create_index("ix_players_guild_id_rating", "players", ["guild_id", "rating"])

    op.create_table(
        "computer_ratings",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("level", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        _counter("games_played"),
        sa.ForeignKeyConstraint(
            ["guild_id"],
            ["guilds.guild_id"],
            name=op.f("fk_computer_ratings_guild_id_guilds"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("guild_id", "level", name=op.f("pk_computer_ratings")),
    )

    op.create_table(
        "series",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("series_key", sa.String(length=64), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("ranked", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("started_at", TIMESTAMP, nullable=False),
        sa.Column("ended_at", TIMESTAMP, nullable=True),
        _counter("games_played"),
        _counter("defeat_points_a"),
        _counter("defeat_points_b"),
        _counter("eggs"),
        sa.Column("goats", sa.SmallInteger(), nullable=True),
        sa.Column("goats_with_eggs", sa.Boolean(), server_default=FALSE, nullable=False),
        sa.CheckConstraint(
            "status IN ('active', 'finished', 'abandoned')", name=op.f("ck_series_status")
        ),
        sa.CheckConstraint("goats IS NULL OR goats IN (0, 1)", name=op.f("ck_series_goats")),
        sa.ForeignKeyConstraint(
            ["guild_id"],
            ["guilds.guild_id"],
            name=op.f("fk_series_guild_id_guilds"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_series")),
        sa.UniqueConstraint("guild_id", "series_key", name=op.f("uq_series_guild_id_series_key")),
    )
    op.create_index("ix_series_guild_id_started_at", "series", ["guild_id", "started_at"])

    op.create_table(
        "series_seats",
        sa.Column("series_id", BIG_ID, nullable=False),
        sa.Column("seat", sa.SmallInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("computer_level", sa.String(length=32), nullable=True),
        sa.CheckConstraint("seat BETWEEN 0 AND 3", name=op.f("ck_series_seats_seat")),
        sa.CheckConstraint(
            "(user_id IS NULL) <> (computer_level IS NULL)",
            name=op.f("ck_series_seats_human_or_computer"),
        ),
        sa.ForeignKeyConstraint(
            ["series_id"],
            ["series.id"],
            name=op.f("fk_series_seats_series_id_series"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["guild_id", "user_id"],
            ["players.guild_id", "players.user_id"],
            name=op.f("fk_series_seats_guild_id_user_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("series_id", "seat", name=op.f("pk_series_seats")),
    )
    op.create_index("ix_series_seats_guild_id_user_id", "series_seats", ["guild_id", "user_id"])

    op.create_table(
        "games",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("series_id", BIG_ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.SmallInteger(), nullable=False),
        sa.Column("first_leader", sa.SmallInteger(), nullable=False),
        sa.Column("trump_card", sa.String(length=8), nullable=False),
        sa.Column("card_points_a", sa.SmallInteger(), nullable=False),
        sa.Column("card_points_b", sa.SmallInteger(), nullable=False),
        sa.Column("tricks_a", sa.SmallInteger(), nullable=False),
        sa.Column("tricks_b", sa.SmallInteger(), nullable=False),
        sa.Column("defeat_points_a", sa.SmallInteger(), nullable=False),
        sa.Column("defeat_points_b", sa.SmallInteger(), nullable=False),
        sa.Column("eggs", sa.Boolean(), nullable=False),
        sa.Column("last_trick_taker", sa.SmallInteger(), nullable=False),
        sa.Column("record", JSON_DOC, nullable=False),
        sa.Column("finished_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["series_id"],
            ["series.id"],
            name=op.f("fk_games_series_id_series"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
        sa.UniqueConstraint("series_id", "number", name=op.f("uq_games_series_id_number")),
    )

    op.create_table(
        "partnerships",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("partner_id", sa.BigInteger(), nullable=False),
        _counter("series_played"),
        _counter("series_won"),
        sa.ForeignKeyConstraint(
            ["guild_id", "user_id"],
            ["players.guild_id", "players.user_id"],
            name=op.f("fk_partnerships_guild_id_user_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["guild_id", "partner_id"],
            ["players.guild_id", "players.user_id"],
            name=op.f("fk_partnerships_guild_id_partner_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("guild_id", "user_id", "partner_id", name=op.f("pk_partnerships")),
    )

    op.create_table(
        "live_tables",
        sa.Column("channel_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", JSON_DOC, nullable=False),
        sa.Column("messages", JSON_DOC, nullable=False),
        sa.Column("settings", JSON_DOC, nullable=False),
        sa.Column("deadline", TIMESTAMP, nullable=True),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.CheckConstraint("version >= 1", name=op.f("ck_live_tables_version")),
        sa.PrimaryKeyConstraint("channel_id", name=op.f("pk_live_tables")),
    )
    op.create_index("ix_live_tables_guild_id", "live_tables", ["guild_id"])


def downgrade() -> None:
    op.drop_index("ix_live_tables_guild_id", table_name="live_tables")
    op.drop_table("live_tables")
    op.drop_table("partnerships")
    op.drop_table("games")
    op.drop_index("ix_series_seats_guild_id_user_id", table_name="series_seats")
    op.drop_table("series_seats")
    op.drop_index("ix_series_guild_id_started_at", table_name="series")
    op.drop_table("series")
    op.drop_table("computer_ratings")
    op.drop_index("ix_players_guild_id_rating", table_name="players")
    op.drop_table("players")
    op.drop_table("guilds")
