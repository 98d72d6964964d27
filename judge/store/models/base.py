"""Declarative base and the column types every backend must agree on."""

from __future__ import annotations

import enum
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase

# Deterministic constraint names: Alembic's batch mode on SQLite can only drop or alter a
# constraint it can name, and autogenerate compares unique constraints by name.
NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Room for values added later without a migration (the enums are plain strings).
ENUM_LENGTH = 20


class Base(DeclarativeBase):
    metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)


def utc_now() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(sa.TypeDecorator[datetime]):
    """An aware datetime in, an aware UTC datetime out, on every backend.

    SQLite has no time zone type: it keeps the text of a naive datetime, so we store UTC
    and put the zone back when reading. PostgreSQL's timestamptz already does this, but
    returns the session's zone; we normalise to UTC so both backends give equal values.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            # A naive time is ambiguous (server local? UTC?); refuse it rather than guess.
            raise ValueError(f"naive datetime {value!r}: pass an aware datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


def str_enum(cls: type[enum.Enum]) -> sa.Enum:
    """An enum kept as its values in a VARCHAR: no native PostgreSQL type, no CHECK.

    Native enums need ALTER TYPE to grow and SQLite has none, so the two backends would
    differ; the ORM still refuses unknown values (validate_strings).
    """
    return sa.Enum(
        cls,
        native_enum=False,
        create_constraint=False,
        length=ENUM_LENGTH,
        validate_strings=True,
        values_callable=lambda members: [m.value for m in members],
    )


def json_type() -> sa.JSON:
    # none_as_null: a Python None is SQL NULL, not the JSON text 'null', so IS NULL works.
    return sa.JSON(none_as_null=True)
