"""The bar of issue 3: a standard game created, joined by seven players and played for two
game years entirely through raw mail handed to the pipeline, on SQLite and PostgreSQL.

On the way: press, SET WAIT / SET NOWAIT, a reminder, a late power reaching grace and the
hold NMR policy, two retreat phases, builds, a waived build, a removal, the master's
PREVIEW, ROLLBACK and PROCESS, and SUMMARY at the end. Every reply and report is compared
with what the rules say it must be (the reports are in two_years_script.py).

The clock (default schedule: movement 72 hours, retreats and adjustments 24, grace 24, a
reminder 24 hours before the deadline) starts Monday 2 Nov 2026 09:00 UTC; every deadline
below is the moment its phase opened plus that length.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judge.store.db import Database
from tests.conversations.harness import Mail
from tests.conversations.two_years_script import (
    EVERYONE,
    FRANCE,
    HOLDS_1902,
    MASTER,
    ORDERS,
    PLAYERS,
    REPORTS,
    Due,
    Table,
)


def test_a_standard_game_is_played_for_two_years_by_mail(database: Database) -> None:
    table = Table(database)
    register_everyone(table)
    create_and_fill_the_game(table)
    everyone_hears_the_start(table)
    spring_1901_waits_for_turkey(table)
    fall_1901_italy_misses_the_deadline(table)
    russia_retreats_and_everyone_builds(table)
    first = master_previews_spring_1902(table)
    master_rolls_back_spring_1902(table, first)
    fall_1902_to_spring_1903(table)


def _done(reply: Mail, line: int, command: str, *said: str) -> None:
    """The reply's Done section has `line: command` followed by what the judge said."""
    expected = "".join(f"    {text}\n" if text else "\n" for text in said)
    assert f"\nline {line}: {command}\n{expected}" in reply.body, reply.body


def register_everyone(table: Table) -> None:
    reply = table.send(MASTER, "REGISTER", "name: Gina Master", "END")
    _done(reply, 1, "REGISTER",
          "Registered: Gina Master, time zone UTC; mail goes to gm@example.org.")
    for player in PLAYERS.values():
        zone = ["zone: Europe/Paris"] if player.address == FRANCE else []
        reply = table.send(player.address, "REGISTER", f"name: {player.name}", *zone, "END")
        _done(reply, 1, "REGISTER", f"Registered: {player.name}, time zone "
              f"{'Europe/Paris' if zone else 'UTC'}; mail goes to {player.address}.")


def create_and_fill_the_game(table: Table) -> None:
    reply = table.send(MASTER, "CREATE alpha gm-secret standard")
    _done(reply, 1, "CREATE alpha gm-secret standard",
          "Game alpha (Standard Diplomacy) is created; you are its master and signed on as "
          "master for the rest of this message.",
          "Sign on in later messages with: SIGNON Malpha <the password you chose>",
          "Players join with: JOIN alpha <a password of their own>; it starts when all 7 "
          "have joined.")
    for count, player in enumerate(PLAYERS.values(), start=1):
        # Distinct first choices: each gets the power asked for, whatever the lot.
        join = f"JOIN alpha {player.password} {player.power[0]}"
        reply = table.send(player.address, join)
        last = ("The game is full and has started: every player has been sent their power "
                "and the first deadline.") if count == 7 else \
            f"Players so far: {count} of 7; you will hear when it starts."
        _done(reply, 1, join, "You joined alpha; you are signed on for the rest of this "
              "message.", f"Your preferences: {player.title}.", last)


def everyone_hears_the_start(table: Table) -> None:
    for player in PLAYERS.values():
        deadline = "10:00 Europe/Paris" if player.address == FRANCE else "09:00 UTC"
        [notice] = table.news(player.address)
        assert notice.subject == "alpha: the game has started"
        assert notice.body == (
            f"Game alpha (Standard Diplomacy) has started.\n\nYou play {player.title}.\n\n"
            "The first phase is Spring 1901 Movement.\n"
            f"Its deadline: Thu 05 Nov 2026 {deadline}.\n\n"
            "Reply to this mail (or to any report) to act for your seat: a reply needs no "
            "SIGNON, only your orders, one per line.\nIn a new message, sign on first.\n"
            f"Sign on with: SIGNON {player.power[0]}alpha <your password>\n"
            "then write your orders on the lines that follow, one per line.\n")
    [notice] = table.news(MASTER)
    powers = "".join(f"  {p.title}: {p.name} <{p.address}>\n" for p in PLAYERS.values())
    assert notice.body == (
        "Game alpha (Standard Diplomacy) has started.\n\n"
        "The first phase is Spring 1901 Movement.\nIts deadline: Thu 05 Nov 2026 09:00 UTC.\n\n"
        "Reply to this mail (or to any report) to act for your seat: a reply needs no "
        "SIGNON.\nIn a new message, sign on first.\n"
        f"Sign on with: SIGNON Malpha <your password>\n\nThe powers:\n{powers}")


def spring_1901_waits_for_turkey(table: Table) -> None:
    table.clock.advance(timedelta(hours=3))  # Mon 12:00
    _england_writes_to_france(table)
    turkey, *others = ORDERS["S1901M"].items()
    reply = table.orders(turkey[0], "SET WAIT", *turkey[1])
    _done(reply, 2, "SET WAIT", "This turn will not be processed before its deadline "
          "(Thu 05 Nov 2026 09:00 UTC), even if every order is in. It applies to this turn "
          "only; SET NOWAIT lifts it.")
    for power, lines in others:
        reply = table.orders(power, *lines)
    # Russia completed the last set, but Turkey waits: nothing is processed.
    assert reply.body.endswith(
        "Orders for Russia, Spring 1901 Movement\n---------------------------------------\n"
        "  A Moscow -> Ukraine.\n  A Warsaw -> Galicia.\n  F Sevastopol -> Rumania.\n"
        "  F St Petersburg (sc) -> Gulf of Bothnia.\n\nYour orders are complete.\n"
        "Deadline: Thu 05 Nov 2026 09:00 UTC (2 days 21 hours left)\n")
    table.nobody_hears_anything()
    assert table.phases() == ["S1901M"]
    table.clock.advance(timedelta(hours=1))  # Mon 13:00
    reply = table.orders("TURKEY", "SET NOWAIT")
    _done(reply, 2, "SET NOWAIT",
          "This turn may be processed as soon as every power's orders are in.")
    assert reply.body.endswith(
        "\nTurn processed\n--------------\nEvery power's orders were complete: S1901M has "
        "been processed and the reports sent.\n")
    table.check_reports("S1901M", Due("Thu 05 Nov 2026 13:00", "Thu 05 Nov 2026 14:00"))


def _england_writes_to_france(table: Table) -> None:
    reply = table.play("ENGLAND", "PRESS TO France", "Shall we split the Channel?", "ENDPRESS",
                       done=2)
    _done(reply, 2, "PRESS TO France", "Press sent to France.",
          "The master sees a copy, as of all press.")
    press = "From: England\nTo: France\n\nShall we split the Channel?\n"
    [to_france] = table.news(FRANCE)
    assert (to_france.subject, to_france.body) == ("alpha: press from England", press)
    [copy] = table.news(MASTER)
    assert (copy.subject, copy.body) == ("alpha: press from England (your copy)", press)
    table.nobody_hears_anything()  # Germany and the others: nothing


def fall_1901_italy_misses_the_deadline(table: Table) -> None:
    table.clock.advance(timedelta(hours=2))  # Mon 15:00
    for power, lines in ORDERS["F1901M"].items():
        reply = table.orders(power, *lines)
        if power == "FRANCE":  # France reads the deadline on Paris time
            assert "\nDeadline: Thu 05 Nov 2026 14:00 Europe/Paris (2 days 22 hours left)\n" \
                in reply.body
    assert "  A Bulgaria SUPPORT A Serbia -> Rumania.\n" in reply.body
    _italy_is_reminded_then_late(table)
    assert table.sweep_at(datetime(2026, 11, 6, 13, 30, tzinfo=UTC)) == [
        "alpha F1901M: processed (grace ended; hold for ITALY)"]
    table.check_reports("F1901M", Due("Sat 07 Nov 2026 13:30", "Sat 07 Nov 2026 14:30"))


def _italy_is_reminded_then_late(table: Table) -> None:
    # 24 hours before the deadline, only Italy, without orders, is reminded.
    assert table.sweep_at(datetime(2026, 11, 4, 13, 0, tzinfo=UTC)) == [
        "alpha F1901M: reminded ITALY"]
    italy = PLAYERS["ITALY"].address
    missing = "Still without orders: A Apulia, A Venice, F Ionian Sea\n"
    hint = "Send them signed on: SIGNON Ialpha <your password>, then one order per line.\n"
    [reminder] = table.news(italy)
    assert reminder.subject == "alpha: reminder, F1901M orders due"
    assert reminder.body == (
        "Game alpha, Fall 1901 Movement.\n\nThe orders for Italy are missing or incomplete.\n"
        f"{missing}Deadline: Thu 05 Nov 2026 13:00 UTC (1 day left)\n\n{hint}")
    table.nobody_hears_anything()
    # Half an hour past the deadline: grace runs to the deadline plus 24 hours.
    assert table.sweep_at(datetime(2026, 11, 5, 13, 30, tzinfo=UTC)) == [
        "alpha F1901M: deadline passed; late: ITALY; grace until 2026-11-06T13:00:00+00:00"]
    [late] = table.news(italy)
    assert late.subject == "alpha: F1901M orders late"
    assert late.body == (
        "Game alpha, Fall 1901 Movement: the deadline has passed.\n\n"
        f"The orders for Italy are missing or incomplete.\n{missing}"
        "Grace ends: Fri 06 Nov 2026 13:00 UTC (23 hours 30 minutes left)\n"
        "After that, the turn is processed without them: units hold, retreats disband and "
        f"builds are waived; removals you owe are made for you.\n\n{hint}")
    [told] = table.news(MASTER)
    assert (told.subject, told.body) == ("alpha: F1901M deadline passed", (
        "Game alpha, Fall 1901 Movement: the deadline has passed.\nLate: Italy.\n"
        "Grace ends: Fri 06 Nov 2026 13:00 UTC (23 hours 30 minutes left); then the NMR "
        "policy (hold) applies.\n"))
    table.nobody_hears_anything()


def russia_retreats_and_everyone_builds(table: Table) -> None:
    table.clock.advance(timedelta(hours=1))  # Fri 6 Nov 14:30
    reply = table.orders("RUSSIA", "F rum - sev")  # the only power with a retreat to make
    assert "  F Rumania -> Sevastopol.\n\nYour orders are complete.\n" in reply.body
    assert "F1901R has been processed and the reports sent." in reply.body
    table.check_reports("F1901R", Due("Sat 07 Nov 2026 14:30", "Sat 07 Nov 2026 15:30"))
    table.clock.advance(timedelta(hours=1))  # Fri 15:30
    reply = table.orders("AUSTRIA", "Build A vie", complete=False)
    assert reply.body.endswith(
        "  BUILD A Vienna.\n\nStill without orders: 1 more build (or WAIVE)\n"
        "Deadline: Sat 07 Nov 2026 14:30 UTC (23 hours left)\n")
    for power, lines in ORDERS["W1901A"].items():
        reply = table.orders(power, *lines)
        assert "Turn processed" not in reply.body  # Austria still owes a build
    reply = table.orders("AUSTRIA", "WAIVE")
    assert "  BUILD A Vienna.\n  WAIVE.\n\nYour orders are complete.\n" in reply.body
    assert "W1901A has been processed and the reports sent." in reply.body
    table.check_reports("W1901A", Due("Mon 09 Nov 2026 15:30", "Mon 09 Nov 2026 16:30"))


def master_previews_spring_1902(table: Table) -> dict[str, str]:
    table.clock.advance(timedelta(hours=1))  # Fri 16:30
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA"):
        table.orders(power, *HOLDS_1902[power])
    reply = table.master("PREVIEW")
    # Turkey has sent nothing yet: its units hold, so the preview is the turn's report but
    # for Turkey's lines, which say that nobody ordered them.
    turkey = "".join(f"Turkey:   {unit} HOLD.\n" for unit in TURKEY_1902)
    unordered = "Turkey:   No orders received.\n" + "".join(
        f"Turkey:   {unit} HOLD (no order).\n" for unit in TURKEY_1902)
    assert turkey in REPORTS["S1902M"][1]
    _done(reply, 2, "PREVIEW", "Preview of Spring 1902 Movement with the orders as they "
          "stand. Nothing was changed and nobody else sees this.", "",
          "Standard Diplomacy: Spring 1902 Movement", "Report for: Master", "",
          *REPORTS["S1902M"][1].replace(turkey, unordered).splitlines())
    table.nobody_hears_anything()  # the master's reply aside
    assert table.phases() == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]
    listing = table.send(PLAYERS["ITALY"].address, "LIST alpha").body
    assert "\n    Phase: Spring 1902 Movement (S1902M)\n" in listing
    assert "\n    Orders missing or incomplete: Turkey\n" in listing
    reply = table.orders("TURKEY", *HOLDS_1902["TURKEY"])
    assert "S1902M has been processed and the reports sent." in reply.body
    return table.check_reports("S1902M", Due("Mon 09 Nov 2026 16:30", "Mon 09 Nov 2026 17:30"))


TURKEY_1902 = ("A Armenia", "F Black Sea", "A Bulgaria", "F Smyrna")  # by province name


def master_rolls_back_spring_1902(table: Table, first: dict[str, str]) -> None:
    """ROLLBACK reopens S1902M with its orders; PROCESS gives the same reports again."""
    table.clock.advance(timedelta(hours=1))  # Fri 17:30
    reply = table.master("ROLLBACK")
    _done(reply, 2, "ROLLBACK",
          "alpha is back at the start of Spring 1902 Movement; undone: F1902M.",
          "Orders for the undone phases are kept (ROLLFORWARD replays them); everyone was "
          "told.", "Now open: Spring 1902 Movement, deadline Mon 09 Nov 2026 17:30 UTC.")
    due = Due("Mon 09 Nov 2026 17:30", "Mon 09 Nov 2026 18:30")
    for address in EVERYONE:
        [notice] = table.news(address)
        assert (notice.subject, notice.body) == ("alpha: rolled back to S1902M", (
            "The master of alpha rolled the game back to the start of Spring 1902 Movement.\n"
            "Your orders for it stand; orders for the phases undone (F1902M) are kept for "
            f"when they come round.\nNew deadline: {due.seen_by(address)} (in 3 days)\n"))
    assert table.phases() == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]
    assert table.ordered("S1902M") == sorted(PLAYERS)
    listing = table.send(PLAYERS["ITALY"].address, "LIST alpha").body
    assert "\n    Phase: Spring 1902 Movement (S1902M)\n" in listing
    assert "\n    Orders missing or incomplete: none\n" in listing
    table.clock.advance(timedelta(hours=1))  # Fri 18:30
    reply = table.master("PROCESS S1902M")
    _done(reply, 2, "PROCESS S1902M", "Spring 1902 Movement is processed; the reports were "
          "mailed to every seat.", "Now open: Fall 1902 Movement, deadline Mon 09 Nov 2026 "
          "18:30 UTC.")
    again = table.check_reports("S1902M", Due("Mon 09 Nov 2026 18:30", "Mon 09 Nov 2026 19:30"))
    # The same orders give the same result: only the next deadline differs.
    assert {a: b.rsplit("Deadline:", 1)[0] for a, b in again.items()} == \
        {a: b.rsplit("Deadline:", 1)[0] for a, b in first.items()}


def fall_1902_to_spring_1903(table: Table) -> None:
    table.clock.advance(timedelta(hours=1))  # Fri 19:30
    for power, lines in ORDERS["F1902M"].items():
        table.orders(power, *lines)
    table.check_reports("F1902M", Due("Sat 07 Nov 2026 19:30", "Sat 07 Nov 2026 20:30"))
    reply = table.orders("RUSSIA", "F swe - bot")
    assert "  F Sweden -> Gulf of Bothnia.\n" in reply.body
    assert "F1902R has been processed and the reports sent." in reply.body
    table.check_reports("F1902R", Due("Sat 07 Nov 2026 19:30", "Sat 07 Nov 2026 20:30"))
    table.orders("ENGLAND", "Build F lon")
    table.orders("ITALY", "Build F nap")
    table.orders("AUSTRIA", "WAIVE")
    reply = table.orders("RUSSIA", "A ukr D")  # a removal in the grammar's short form
    assert "  A Ukraine REMOVE.\n\nYour orders are complete.\n" in reply.body
    assert "W1902A has been processed and the reports sent." in reply.body
    table.check_reports("W1902A", Due("Mon 09 Nov 2026 19:30", "Mon 09 Nov 2026 20:30"))
    assert table.phases()[-1] == "S1903M"
    summary = table.send(MASTER, "SUMMARY alpha")
    players = [f"{p.title + ':':<9} {p.name}" for p in PLAYERS.values()]
    _done(summary, 1, "SUMMARY alpha", "Game alpha: Standard Diplomacy, active",
          "Master: Gina Master", "", "Players:", *(f"  {line}" for line in players), "",
          "Supply centres:",
          "             Start  1901  1902",
          "  Austria        3     5     5",
          "  England        3     4     5",
          "  France         3     5     5",
          "  Germany        3     5     5",
          "  Italy          3     3     4",
          "  Russia         4     5     4",
          "  Turkey         3     4     4")
