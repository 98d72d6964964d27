"""Accounts and their mail addresses.

Who people are: an account per person, any number of addresses, each verified or not.

Revision ID: 0001
Revises: None
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Stored enums are their values in a VARCHAR(20) (judge.store.models.base.str_enum);
# timestamps are timezone-aware UTC (judge.store.models.base.UTCDateTime).
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=True),
        sa.Column("time_zone", sa.String(length=64), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_accounts"),
    )
    op.create_table(
        "account_addresses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("verified", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name="fk_account_addresses_account_id_accounts",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_account_addresses"),
        sa.UniqueConstraint("address", name="uq_account_addresses_address"),
    )
    op.create_index("ix_account_addresses_account_id", "account_addresses", ["account_id"])


def downgrade() -> None:
    op.drop_table("account_addresses")
    op.drop_table("accounts")
