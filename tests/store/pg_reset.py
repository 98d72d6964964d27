"""The throw-away cluster's `judge` database between two tests: empty, or at head and empty
of rows (tests/store/at_head.py says why).

An event trigger notes every DDL statement run in the database (CREATE, ALTER, DROP, of
any schema object, by anyone; a rolled-back statement's note rolls back with it). After
each test its connections are ended, then: if nothing was noted, the schema is the one
the test was given, and only rows need going: every table's rows are deleted, every
sequence restarted and the rows the walk itself wrote (alembic_version) put back, in a
few milliseconds where the walk costs ~0.4 s. If something was noted (a migration test, a
downgrade), the schema is dropped whole, as before, and the next test that wants head
runs the walk again.

The note, its table and the trigger live in their own schema, `test_janitor`, which the
DROP of `public` leaves alone and which no test reads (their inspections look at the
default schema only).
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql

from judge.store.db import upgrade
from tests.store.pgcluster import ROLE, TempCluster

AdminConnection = psycopg.Connection[tuple[Any, ...]]
Rows = list[tuple[Any, ...]]

_JANITOR = """
CREATE SCHEMA test_janitor;
CREATE TABLE test_janitor.ddl (tag text NOT NULL);
-- SECURITY DEFINER: the judge role, which runs the migrations, may not write here itself.
CREATE FUNCTION test_janitor.note() RETURNS event_trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog AS $$
    BEGIN INSERT INTO test_janitor.ddl VALUES (tg_tag); END $$;
REVOKE ALL ON FUNCTION test_janitor.note() FROM PUBLIC;
CREATE EVENT TRIGGER test_janitor_note ON ddl_command_end EXECUTE FUNCTION test_janitor.note();
"""


class JudgeDatabase:
    """The `judge` database of one cluster, as the fixtures hand it out (tests/conftest.py)."""

    def __init__(self, cluster: TempCluster, admin: AdminConnection) -> None:
        self.cluster = cluster
        self.admin = admin
        self.url = cluster.url()
        # The superuser, over the private socket (trust: no password hashing to connect),
        # on the judge database for the whole session; the ending of connections spares it.
        self.janitor: AdminConnection = psycopg.connect(
            f"host={cluster.run_dir} port={cluster.port} dbname={ROLE} user=postgres",
            autocommit=True)
        self.janitor.execute(_JANITOR)
        self._at_head = False  # the cluster starts with the database empty
        self._seeds: dict[str, tuple[list[str], Rows]] | None = None

    def close(self) -> None:
        self.janitor.close()

    def empty(self) -> str:
        """The URL, the database holding nothing: no table, no revision."""
        if self._at_head:
            self._drop_schema()
        return self.url

    def at_head(self) -> str:
        """The URL, the database at the newest revision with only the walk's own rows."""
        if not self._at_head:
            upgrade(self.url)
            self.janitor.execute("DELETE FROM test_janitor.ddl")
            self._at_head = True
            if self._seeds is None:
                self._seeds = self._read_seeds()
        return self.url

    def after_test(self) -> None:
        # A failed test may leave connections (and their locks) behind: end them first.
        self.admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = %s AND pid NOT IN (pg_backend_pid(), %s)",
                           (ROLE, self.janitor.info.backend_pid))
        if self._schema_changed():
            self._drop_schema()
        elif self._at_head:
            self._empty_rows()

    def _schema_changed(self) -> bool:
        row = self.janitor.execute("SELECT EXISTS (SELECT FROM test_janitor.ddl)").fetchone()
        return row is not None and bool(row[0])

    def _read_seeds(self) -> dict[str, tuple[list[str], Rows]]:
        seeds = {}
        tables = self.janitor.execute("SELECT tablename FROM pg_tables "
                                      "WHERE schemaname = 'public' ORDER BY tablename")
        for (table,) in tables.fetchall():
            cursor = self.janitor.execute(sql.SQL("SELECT * FROM public.{}").format(
                sql.Identifier(table)))
            seeds[str(table)] = ([c.name for c in cursor.description or ()], cursor.fetchall())
        return seeds

    def _empty_rows(self) -> None:
        assert self._seeds is not None
        with self.janitor.transaction():
            # Foreign keys are triggers, which the replica role skips: any order will do.
            self.janitor.execute("SET LOCAL session_replication_role = replica")
            self.janitor.execute(sql.SQL("; ").join(
                sql.SQL("DELETE FROM public.{}").format(sql.Identifier(t)) for t in self._seeds))
            for table, (columns, rows) in self._seeds.items():
                if rows:
                    _insert(self.janitor, table, columns, rows)
            self.janitor.execute(
                "SELECT setval(format('public.%I', sequencename)::regclass, start_value, false)"
                " FROM pg_sequences WHERE schemaname = 'public'")

    def _drop_schema(self) -> None:
        with self.janitor.transaction():
            self.janitor.execute("DROP SCHEMA public CASCADE")
            self.janitor.execute(f"CREATE SCHEMA public AUTHORIZATION {ROLE}")
            self.janitor.execute("DELETE FROM test_janitor.ddl")
        self._at_head = False


def _insert(connection: AdminConnection, table: str, columns: list[str], rows: Rows) -> None:
    statement = sql.SQL("INSERT INTO public.{} ({}) VALUES ({})").format(
        sql.Identifier(table), sql.SQL(", ").join(sql.Identifier(c) for c in columns),
        sql.SQL(", ").join(sql.Placeholder() * len(columns)))
    with connection.cursor() as cursor:
        cursor.executemany(statement, rows)
