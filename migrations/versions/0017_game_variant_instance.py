"""A variant instance per game: a seed for every game and, where the map is made for one
game (a master's maze, a generated world), the map itself.

The game's options already live in games.variant_options (since 0003); with the seed and
the map they are everything the judge needs to rebuild that game's own rules (issue #12,
item 3). A game made before this revision gets a seed worked out from its id, so that an
upgrade is repeatable; its map is null (it plays on its variant's folder map).

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_GAMES = sa.table("games", sa.column("id", sa.Integer), sa.column("variant_seed", sa.BigInteger))


def seed_for_existing_game(game_id: int) -> int:
    """63 bits of a digest of the id: deterministic, yet unlike its neighbours' seeds."""
    digest = hashlib.sha256(f"judge game {game_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("variant_seed", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("variant_map", sa.JSON(), nullable=True))
    connection = op.get_bind()
    for (game_id,) in connection.execute(sa.select(_GAMES.c.id)).all():
        connection.execute(_GAMES.update().where(_GAMES.c.id == game_id)
                           .values(variant_seed=seed_for_existing_game(game_id)))
    with op.batch_alter_table("games") as batch:
        batch.alter_column("variant_seed", existing_type=sa.BigInteger(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("variant_map")
        batch.drop_column("variant_seed")
