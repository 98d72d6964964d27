"""Each repository function round-trips on both backends (written in one unit of work,
read back in another, so values come from the database, not the session's memory)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta, timezone

from judge.store import repo, repo_inbox, repo_mail
from judge.store.db import Database
from judge.store.models import (
    GameState,
    InboxMessage,
    InboxState,
    OutboxState,
    SeatRole,
    SeatStatus,
)

CEST = timezone(timedelta(hours=2))
T0 = datetime(1901, 3, 1, 12, 0, tzinfo=UTC)
# 8-bit content, a NUL and a CR LF: raw mail must come back byte for byte.
RAW = b"Message-ID: <a@x>\r\nSubject: orders\r\n\r\nF Lon-Nth \xe9\xff\x00\x80\r\n"


def test_account_by_any_address_in_any_case(database: Database) -> None:
    with database.unit_of_work() as s:
        made = repo.create_account(s, name="Alice Liddell", address=" Alice@Example.TEST ",
                                   verified=True, password_hash="argon2$x",
                                   time_zone="Europe/Paris")
    with database.unit_of_work() as s:
        found = repo.account_by_address(s, "alice@example.test")
        assert found is not None
        assert (found.id, found.name, found.time_zone, found.password_hash) == (
            made.id, "Alice Liddell", "Europe/Paris", "argon2$x")
        assert [(a.address, a.verified) for a in found.addresses] == [
            ("alice@example.test", True)]
        assert found.created_at.tzinfo is UTC
        assert repo.account_by_address(s, "bob@example.test") is None


def test_game_and_seats(database: Database) -> None:
    options = {"rules": {"coastal_convoy": False}, "nested": [1, "two", None]}
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="gunboat1", variant="standard",
                                variant_options=options, press_settings={"kind": "grey"})
        alice = repo.create_account(s, name="Alice", address="alice@example.test")
        repo.add_seat(s, game, alice, role=SeatRole.PLAYER, preferences=["FRANCE", "ITALY"])
        repo.add_seat(s, game, alice, role=SeatRole.MASTER)
    with database.unit_of_work() as s:
        back = repo.game_by_name(s, "gunboat1")
        assert back is not None
        assert (back.variant, back.state, back.variant_options) == ("standard",
                                                                   GameState.FORMING, options)
        assert (back.press_settings, back.deadline_settings) == ({"kind": "grey"}, {})
        player, master = back.seats
        assert (player.role, player.status, player.power) == (SeatRole.PLAYER,
                                                              SeatStatus.ACTIVE, None)
        assert player.preferences == ["FRANCE", "ITALY"]
        assert master.role is SeatRole.MASTER
        assert len({player.secret, master.secret}) == 2 and len(player.secret) >= 32


def test_inbox_dedupes_by_message_id_and_digest(database: Database) -> None:
    with database.unit_of_work() as s:
        first, new = repo_inbox.store_inbox(s, RAW, message_id="<a@x>", received_at=T0)
        assert new
    with database.unit_of_work() as s:
        again, new_again = repo_inbox.store_inbox(s, RAW, message_id="<a@x>")
        other, new_other = repo_inbox.store_inbox(s, RAW + b"x", message_id="<a@x>")
        assert (again.id, new_again) == (first.id, False)
        assert new_other and other.id != first.id
        assert s.query(InboxMessage).count() == 2


def test_inbox_keeps_raw_bytes_and_aware_time(database: Database) -> None:
    received = datetime(2024, 6, 1, 14, 30, 15, 123456, tzinfo=CEST)
    with database.unit_of_work() as s:
        row, _ = repo_inbox.store_inbox(s, RAW, message_id=None, received_at=received)
    with database.unit_of_work() as s:
        back = repo_inbox.inbox_message(s, row.id)
        assert back is not None
        assert back.raw == RAW
        assert back.received_at == received and back.received_at.tzinfo is UTC
        assert (back.message_id, back.state, back.attempts) == ("", InboxState.NEW, 0)
        assert back.digest == hashlib.sha256(RAW).hexdigest()


def test_new_inbox_messages_in_arrival_order(database: Database) -> None:
    with database.unit_of_work() as s:
        first, _ = repo_inbox.store_inbox(s, b"1", message_id="<1@x>")
        done, _ = repo_inbox.store_inbox(s, b"2", message_id="<2@x>")
        third, _ = repo_inbox.store_inbox(s, b"3", message_id="<3@x>")
        done.state = InboxState.DONE
    with database.unit_of_work() as s:
        assert [m.id for m in repo_inbox.new_inbox_messages(s)] == [first.id, third.id]
        assert [m.id for m in repo_inbox.new_inbox_messages(s, limit=1)] == [first.id]


def test_inbox_without_message_id_dedupes_by_digest(database: Database) -> None:
    with database.unit_of_work() as s:
        _, first = repo_inbox.store_inbox(s, RAW, message_id=None)
        _, second = repo_inbox.store_inbox(s, RAW, message_id="")
        assert (first, second) == (True, False)


def test_outbox_due_messages(database: Database) -> None:
    with database.unit_of_work() as s:
        reply_to, _ = repo_inbox.store_inbox(s, RAW, message_id="<a@x>")
        now = datetime.now(UTC)
        later = repo_mail.enqueue_outbox(s, b"later", sender="judge@example.test",
                                         recipients=["a@example.test"],
                                         not_before=now + timedelta(1))
        due = repo_mail.enqueue_outbox(s, b"due \xff", sender="judge@example.test",
                                       recipients=["a@example.test", "b@example.test"],
                                       in_reply_to=reply_to)
        sent = repo_mail.enqueue_outbox(s, b"sent", sender="judge@example.test", recipients=["c"])
        sent.state = OutboxState.SENT
    with database.unit_of_work() as s:
        rows = repo_mail.due_outbox(s, now + timedelta(seconds=1))
        assert [r.id for r in rows] == [due.id]
        (row,) = rows
        assert (row.message, row.recipients, row.in_reply_to_id) == (
            b"due \xff", ["a@example.test", "b@example.test"], reply_to.id)
        assert (row.state, row.attempts, row.sent_at) == (OutboxState.PENDING, 0, None)
        assert row.next_try_at.tzinfo is UTC
        due_later = repo_mail.due_outbox(s, now + timedelta(days=2))
        assert [r.id for r in due_later] == [due.id, later.id]


def test_turns_record_positions_and_events(database: Database) -> None:
    before = {"phase": "S1901M", "units": {"ENGLAND": ["F lon"]}}
    events = [{"kind": "bounce", "province": "bur"}]
    deadline = datetime(2024, 6, 3, 20, 0, tzinfo=CEST)
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="g", variant="standard")
        repo.record_turn(s, game, phase="S1901M", position_before=before, deadline=deadline)
        repo.record_turn(s, game, phase="F1901M", position_before=before,
                         position_after=before, events=events, processed_at=T0)
    with database.unit_of_work() as s:
        back = repo.game_by_name(s, "g")
        assert back is not None
        open_turn = repo.turn_by_phase(s, back, "S1901M")
        done = repo.turn_by_phase(s, back, "F1901M")
        assert open_turn is not None and done is not None
        assert (open_turn.position_before, open_turn.position_after, open_turn.events) == (
            before, None, None)
        assert open_turn.deadline == deadline and open_turn.deadline.tzinfo is UTC
        assert (done.events, done.processed_at) == (events, T0)
        assert repo.turn_by_phase(s, back, "W1901A") is None


def test_latest_orders_per_power_keep_the_history(database: Database) -> None:
    with database.unit_of_work() as s:
        game = repo.create_game(s, name="g", variant="standard")
        turn = repo.record_turn(s, game, phase="S1901M", position_before={})
        mail, _ = repo_inbox.store_inbox(s, RAW, message_id="<a@x>")
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Bur"], submitted_at=T0)
        repo.submit_orders(s, turn, "ENGLAND", ["F Lon-Nth"], submitted_at=T0, inbox=mail)
        repo.submit_orders(s, turn, "FRANCE", ["A Par-Pic", "F Bre-Mid"],
                           submitted_at=T0 + timedelta(minutes=5), inbox=mail)
        # Same instant: the later submission (higher id) wins.
        repo.submit_orders(s, turn, "ENGLAND", ["F Lon H"], submitted_at=T0)
    with database.unit_of_work() as s:
        turn_back = repo.turn_by_phase(s, game, "S1901M")
        assert turn_back is not None
        current = repo.latest_orders(s, turn_back)
        assert {p: o.lines for p, o in current.items()} == {
            "ENGLAND": ["F Lon H"], "FRANCE": ["A Par-Pic", "F Bre-Mid"]}
        assert current["FRANCE"].inbox_id == mail.id and current["ENGLAND"].inbox_id is None
        assert current["FRANCE"].submitted_at == T0 + timedelta(minutes=5)
