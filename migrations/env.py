"""Alembic environment: run by judge.store.db.upgrade/downgrade, or by the `alembic` command.

judge.store.db passes an open connection in config.attributes["connection"]; the
`alembic` command (alembic.ini at the repository root) gets its URL from `-x url=...`,
else $JUDGE_DATABASE_URL, else the embedded SQLite default.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from judge.store.db import database_url, ensure_sqlite_folder, make_engine
from judge.store.models import Base

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return database_url(context.get_x_argument(as_dictionary=True).get("url"))


def _configure(connection: sa.Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite alters a table only by rebuilding it: emit every ALTER as a batch.
        render_as_batch=connection.dialect.name == "sqlite",
        # Our SQLite engines BEGIN explicitly, so SQLite's DDL is transactional too.
        transactional_ddl=True,
        compare_type=True,
    )


def _check_sqlite_foreign_keys(connection: sa.Connection) -> None:
    # Migrations run with enforcement off (see judge.store.db._migrate); prove no
    # step left a dangling reference before the transaction commits.
    if connection.dialect.name != "sqlite":
        return
    bad = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if bad:
        raise RuntimeError(f"migration left foreign key violations: {bad[:10]}")


def _run(connection: sa.Connection) -> None:
    _configure(connection)
    with context.begin_transaction():
        context.run_migrations()
        _check_sqlite_foreign_keys(connection)


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = _url()
    ensure_sqlite_folder(url)
    engine = make_engine(url, foreign_keys=False)
    try:
        with engine.begin() as connection:
            _run(connection)
    finally:
        engine.dispose()


def run_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True,
                      render_as_batch=_url().startswith("sqlite"))
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
