"""Players, not tokens (issue 30): optional accounts and who holds each seat.

``accounts``: one row per account (a person's or a bot's); ``name_key`` is the name in lower case,
unique, so names are unique without regard to case; ``password_hash`` is argon2id (null: passkeys
only); ``deleted`` is when the account was deleted (its name replaced, personal data erased).
``passkeys``: WebAuthn credentials (id, public key, signature counter). ``recovery_codes``: the
one-time codes shown at sign-up, as SHA-256. ``sessions``: server-side sessions, the cookie's
token as SHA-256 only. ``seat_holders``: who holds a match's seat (an account, or a guest's chosen
display name). ``seeks`` and ``challenges``: open offers of a match (issue 30 point 3).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("deleted", sa.Float, nullable=True),
    )
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(1024), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_table(
        "recovery_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("used", sa.Float, nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "seat_holders",
        sa.Column("match_id", sa.String(64), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=True, index=True),
        sa.Column("guest_name", sa.String(64), nullable=True),
    )
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating_min", sa.Integer, nullable=True),
        sa.Column("rating_max", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("match_id", sa.String(64), nullable=True),
    )
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenger_id", sa.String(32), nullable=False, index=True),
        sa.Column("challenged_id", sa.String(32), nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("match_id", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    for table in ("challenges", "seeks", "seat_holders", "sessions", "recovery_codes"):
        op.drop_table(table)
    op.drop_table("passkeys")
    op.drop_table("accounts")
