"""house rules: guild defaults, each series' rules, one league per series length

* ``guilds``: ``series_length`` (6, 8, 10 or 12; NULL: 12), ``turn_timer`` (seconds, 0 off;
  NULL: the bot's default), ``hints_allowed`` (NULL: yes), ``table_locale`` (NULL: the
  server's language).
* ``series``: ``target`` (the defeat points that lose it; existing series: 12),
  ``turn_timer`` (seconds, NULL off) and ``hints``.
* ``league_entries``: a player's rating and counters per (server, series length). The
  existing ratings and counters of ``players`` move there as the 12-point league, and
  ``players`` keeps the names only.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 12:45:00+00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)
ZERO = sa.text("0")
COUNTERS = (
    "series_played",
    "series_won",
    "series_lost",
    "goats_with_eggs",
    "games_played",
    "games_won",
    "games_lost",
    "games_eggs",
    "defeat_points_taken",
    "defeat_points_inflicted",
)
MOVED = ("mu", "sigma", "rating", *COUNTERS, "last_played_at")


def _counter(name: str) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.Integer(), server_default=ZERO, nullable=False)


def upgrade() -> None:
    with op.batch_alter_table("guilds") as batch:
        batch.add_column(sa.Column("series_length", sa.SmallInteger(), nullable=True))
        batch.add_column(sa.Column("turn_timer", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("hints_allowed", sa.Boolean(), nullable=True))
        batch.add_column(sa.Column("table_locale", sa.String(length=16), nullable=True))

    with op.batch_alter_table("series") as batch:
        batch.add_column(
            sa.Column("target", sa.SmallInteger(), server_default=sa.text("12"), nullable=False)
        )
        batch.add_column(sa.Column("turn_timer", sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column("hints", sa.Boolean(), server_default=sa.text("false"), nullable=False)
        )
        batch.create_check_constraint(op.f("ck_series_target"), "target >= 1")

    op.create_table(
        "league_entries",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("target", sa.SmallInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("rating", sa.Double(), nullable=False),
        *(_counter(c) for c in COUNTERS),
        sa.Column("last_played_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(
            ["guild_id", "user_id"],
            ["players.guild_id", "players.user_id"],
            name=op.f("fk_league_entries_guild_id_user_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("guild_id", "target", "user_id", name=op.f("pk_league_entries")),
    )
    op.create_index(
        "ix_league_entries_guild_id_target_rating",
        "league_entries",
        ["guild_id", "target", "rating"],
    )
    columns = ", ".join(MOVED)
    op.execute(
        f"INSERT INTO league_entries (guild_id, target, user_id, {columns}) "
        f"SELECT guild_id, 12, user_id, {columns} FROM players"
    )
    op.drop_index("ix_players_guild_id_rating", table_name="players")
    with op.batch_alter_table("players") as batch:
        for column in MOVED:
            batch.drop_column(column)


def downgrade() -> None:
    # Back to one league: the 12-point entries (other lengths are dropped).
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("mu", sa.Double(), server_default=ZERO, nullable=False))
        batch.add_column(sa.Column("sigma", sa.Double(), server_default=ZERO, nullable=False))
        batch.add_column(sa.Column("rating", sa.Double(), server_default=ZERO, nullable=False))
        for counter in COUNTERS:
            batch.add_column(_counter(counter))
        batch.add_column(sa.Column("last_played_at", TIMESTAMP, nullable=True))
    # Players without a 12-point entry get the rating of a new player (openskill's defaults).
    op.execute("UPDATE players SET mu = 25.0, sigma = 25.0 / 3, rating = 0.0")
    for column in MOVED:
        op.execute(
            f"UPDATE players SET {column} = (SELECT e.{column} FROM league_entries e "
            "WHERE e.guild_id = players.guild_id AND e.user_id = players.user_id "
            "AND e.target = 12) WHERE EXISTS (SELECT 1 FROM league_entries e "
            "WHERE e.guild_id = players.guild_id AND e.user_id = players.user_id "
            "AND e.target = 12)"
        )
    with op.batch_alter_table("players") as batch:
        for column in ("mu", "sigma", "rating"):  # they had no default before 0003
            batch.alter_column(column, server_default=None)
    op.create_index("ix_players_guild_id_rating", "players", ["guild_id", "rating"])
    op.drop_index("ix_league_entries_guild_id_target_rating", table_name="league_entries")
    op.drop_table("league_entries")

    with op.batch_alter_table("series") as batch:
        batch.drop_constraint(op.f("ck_series_target"), type_="check")
        batch.drop_column("hints")
        batch.drop_column("turn_timer")
        batch.drop_column("target")

    with op.batch_alter_table("guilds") as batch:
        batch.drop_column("table_locale")
        batch.drop_column("hints_allowed")
        batch.drop_column("turn_timer")
        batch.drop_column("series_length")
