"""Events (issue 31): Swiss, knockout, round robin and arena tournaments run by the server.

``events``: one row per event: its record (``duelhost.events.EventRecord`` as JSON, the whole
truth of pairings and results), the server's settings of it (clock, check-in, delay, entrants'
seats), the hash of the host key, a per-event secret (the seed is derived from it with the
server key, so a copy of the database alone does not give it), its phase and a version raised
by every change (a change is stored only over the version it was made from: two directors can
never both pair a round). ``event_log``: every host action and director step, in order.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("secret", sa.String(128), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False, index=True),
        sa.Column("version", sa.BigInteger, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "event_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(32), nullable=False, index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("time", sa.Float, nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.UniqueConstraint("event_id", "seq", name="uq_event_log_event_seq"),
    )


def downgrade() -> None:
    op.drop_table("event_log")
    op.drop_table("events")
