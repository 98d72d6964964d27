"""What guards an account: changes waiting for confirmation, wrong passwords tried.

A From address is a claim, not proof: a change to an account (its address, zone or name)
waits in account_requests until a code mailed to the account's own address comes back,
and an address change leaves an undo code with the address mail went to before.
password_failures keeps each wrong password tried on a seat, so SIGNON is throttled per
seat and per account whatever address the guesses come from.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# As accounts.address: RFC 5321's 64-octet local part, "@" and a 255-octet domain.
ADDRESS_LENGTH = 320
# Stored enums are their values in a VARCHAR(20) (judge.store.models.base.str_enum).
ENUM = sa.String(length=20)
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "account_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("kind", ENUM, nullable=False),
        sa.Column("state", ENUM, nullable=False),
        sa.Column("name", sa.String(length=100), nullable=True),
        sa.Column("zone", sa.String(length=64), nullable=True),
        sa.Column("address", sa.String(length=ADDRESS_LENGTH), nullable=True),
        sa.Column("old_address", sa.String(length=ADDRESS_LENGTH), nullable=True),
        sa.Column("code_digest", sa.String(length=64), nullable=False),
        sa.Column("requested_by", sa.String(length=ADDRESS_LENGTH), nullable=False),
        sa.Column("inbox_id", sa.Integer(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("expires_at", TIMESTAMP, nullable=False),
        sa.Column("closed_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name="fk_account_requests_account_id_accounts",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_account_requests"),
    )
    op.create_index("ix_account_requests_account_id", "account_requests", ["account_id"])
    op.create_table(
        "password_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("sender", sa.String(length=ADDRESS_LENGTH), nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sa.Column("told", sa.String(length=8), nullable=True),
        sa.ForeignKeyConstraint(["seat_id"], ["seats.id"],
                                name="fk_password_failures_seat_id_seats", ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name="fk_password_failures_account_id_accounts",
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_password_failures"),
    )
    op.create_index("ix_password_failures_seat_id_at", "password_failures", ["seat_id", "at"])
    op.create_index("ix_password_failures_account_id_at", "password_failures",
                    ["account_id", "at"])


def downgrade() -> None:
    op.drop_table("password_failures")
    op.drop_table("account_requests")
