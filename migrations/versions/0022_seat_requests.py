"""Seats asked for in a game that hides who plays (rn45 F2's survival game; adv8): a JOIN
or OBSERVE there waits in account_requests, as a change to an account does, until the
code it was answered with comes back from the account's mailbox. The request keeps the
game, the seat's password (hashed as seats.password_hash) and the preference list.

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | Sequence[str] | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEAT_KINDS = "('join', 'observe')"


def upgrade() -> None:
    with op.batch_alter_table("account_requests") as batch:
        batch.add_column(sa.Column("game_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("password_hash", sa.String(length=255), nullable=True))
        batch.add_column(sa.Column("preferences", sa.JSON(), nullable=True))
        batch.create_foreign_key("fk_account_requests_game_id_games", "games", ["game_id"],
                                 ["id"], ondelete="CASCADE")


def downgrade() -> None:
    # Before 0022 a request is a change to an account: a seat asked for is dropped (its
    # owner asks again).
    op.execute(sa.text(f"DELETE FROM account_requests WHERE kind IN {SEAT_KINDS}"))
    with op.batch_alter_table("account_requests") as batch:
        batch.drop_constraint("fk_account_requests_game_id_games", type_="foreignkey")
        batch.drop_column("preferences")
        batch.drop_column("password_hash")
        batch.drop_column("game_id")
