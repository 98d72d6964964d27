"""The store: the only package that runs SQL (SQLite or PostgreSQL, through SQLAlchemy 2).

`db` builds engines and units of work and runs the Alembic migrations, `models` holds
the tables, `repo` (accounts, seats, games, orders), `repo_games`, `repo_inbox`, `repo_mail`
(the outbox) and `repo_guards` the queries.
"""

from judge.store.db import Database, database_url, downgrade, make_engine, upgrade

__all__ = ["Database", "database_url", "downgrade", "make_engine", "upgrade"]
