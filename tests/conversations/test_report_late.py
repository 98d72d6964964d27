"""Issue #11, item 13, by mail: every report names the powers that missed the deadline,
unless the master keeps that to the master's own reports (SET LATE PRIVATE)."""

from __future__ import annotations

from judge.store.db import Database
from tests.conversations.deadlines import DEADLINE, EVERYONE_BUT_FRANCE, HOLDS, MASTER, Table
from tests.conversations.harness import Mail

LATE = "Missed the deadline: France.\n\n"


def _france_orders_in_grace(table: Table) -> None:
    """Everyone but France orders in time; France, late, orders during grace, which
    completes the turn and has it processed at once."""
    table.order(*EVERYONE_BUT_FRANCE)
    assert table.at(DEADLINE)[0].startswith("alpha S1901M: deadline passed; late: FRANCE;")
    _france_orders(table)


def _france_orders(table: Table) -> None:
    france = table.address["FRANCE"]  # alpha<n>@example.org, password pw<n>
    reply = table.talk.send(france, f"SIGNON Falpha pw{france[5]}\n"
                                    + "\n".join(HOLDS["FRANCE"]))
    assert reply is not None and "S1901M has been processed" in reply.body, reply


def _report(table: Table, address: str) -> Mail:
    [report] = [m for m in table.talk.mails_to(address)
                if m.subject == "alpha: Spring 1901 Movement results"]
    return report


def test_every_report_names_the_powers_late_at_the_deadline(database: Database) -> None:
    table = Table(database)
    _france_orders_in_grace(table)
    for address in (MASTER, *table.address.values()):
        body = _report(table, address).body
        assert f"Report for: {_reader(table, address)}\n\n{LATE}Austria:  " in body
        # France's orders came in grace: late, but ordered, so its units are not marked.
        assert "France:   F Brest HOLD.\n" in body and "(no order)" not in body


def _reader(table: Table, address: str) -> str:
    power = next((p for p, a in table.address.items() if a == address), None)
    return power.title() if power else "Master"


def test_set_late_private_keeps_them_to_the_master(database: Database) -> None:
    table = Table(database, late_public=False)
    _france_orders_in_grace(table)
    assert LATE in _report(table, MASTER).body
    for address in table.address.values():
        assert "Missed the deadline" not in _report(table, address).body


def test_a_turn_processed_before_its_deadline_names_nobody(database: Database) -> None:
    table = Table(database)
    table.order(*EVERYONE_BUT_FRANCE)
    _france_orders(table)
    assert "Missed the deadline" not in _report(table, MASTER).body


def test_the_master_sets_it_by_mail(database: Database) -> None:
    table = Table(database)
    master = table.talk.send(MASTER, "SIGNON Malpha gmpw\nSET LATE PRIVATE\nSETTINGS")
    assert master is not None
    assert "alpha: only your reports name the powers that missed the deadline." in master.body
    assert "Late powers: only your reports name the powers that missed the deadline." \
        in master.body
    refused = table.talk.send(MASTER, "SIGNON Malpha gmpw\nSET LATE maybe")
    assert refused is not None and "write SET LATE PUBLIC or SET LATE PRIVATE" in refused.body
    _france_orders_in_grace(table)
    assert "Missed the deadline" not in _report(table, table.address["GERMANY"]).body
    assert LATE in _report(table, MASTER).body
