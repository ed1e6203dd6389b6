"""Ratings (issue 30 point 4): whether a match is rated and its rating pool, each account's
Glicko-2 rating per pool, and every rating change with all its inputs.

``matches.rated`` (false for every earlier match) and ``matches.pool`` (the pool key, set when a
rated match is made). ``ratings``: one row per account and pool (rating, deviation, volatility,
games, wins, draws, losses, the time of its last rated game). ``rating_changes``: one row per
account per rated match (or best-of-N series), ``UNIQUE (match_id, account_id)`` so a match
changes each rating once, with the ratings before and after, the opponent's rating before, the
score and the idle time that grew the deviation.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("pool", sa.String(112), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("pool", sa.String(112), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("draws", sa.Integer, nullable=False),
        sa.Column("losses", sa.Integer, nullable=False),
        sa.Column("last_game", sa.Float, nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_ratings_leaderboard", "ratings", ["pool", "rating", "account_id", "deviation"]
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("pool", sa.String(112), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("opponent_id", sa.String(32), nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("idle", sa.Float, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("deviation_before", sa.Float, nullable=False),
        sa.Column("volatility_before", sa.Float, nullable=False),
        sa.Column("opponent_rating", sa.Float, nullable=False),
        sa.Column("opponent_deviation", sa.Float, nullable=False),
        sa.Column("opponent_volatility", sa.Float, nullable=False),
        sa.Column("opponent_idle", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("deviation_after", sa.Float, nullable=False),
        sa.Column("volatility_after", sa.Float, nullable=False),
        sa.Column("time", sa.Float, nullable=False),
        sa.Column("series", sa.Text, nullable=True),
        sa.UniqueConstraint("match_id", "account_id", name="uq_rating_changes_match_account"),
    )
    op.create_index("ix_rating_changes_account", "rating_changes", ["account_id", "pool", "time"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_account", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_leaderboard", table_name="ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("pool")
        batch.drop_column("rated")
