"""bench/mail_clients.py: the bench counts delivered replies from the INBOXes' Maildir files
while it waits (no mail servers needed for the count itself)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from mail_clients import Mailboxes


def _boxes(maildirs: dict[str, Path]) -> Mailboxes:
    boxes = Mailboxes.__new__(Mailboxes)  # no IMAP connections: delivered() needs none
    boxes._maildirs = maildirs
    return boxes


def test_delivered_counts_cur_and_new_of_each_inbox_and_nothing_else(tmp_path: Path) -> None:
    for user, cur, new in (("austria", 2, 1), ("england", 0, 3)):
        for sub, count in (("cur", cur), ("new", new), ("tmp", 5)):
            folder = tmp_path / user / "Maildir" / sub
            folder.mkdir(parents=True)
            for n in range(count):
                (folder / f"{n}.msg").write_bytes(b"x")
    # Another folder (the judge's Processed) is not the INBOX.
    (tmp_path / "austria" / "Maildir" / ".Processed" / "cur").mkdir(parents=True)
    (tmp_path / "austria" / "Maildir" / ".Processed" / "cur" / "1.msg").write_bytes(b"x")
    boxes = _boxes({user: tmp_path / user / "Maildir"
                    for user in ("austria", "england", "france")})
    assert boxes.delivered(["austria"]) == 3
    assert boxes.delivered(["austria", "england"]) == 6
    assert boxes.delivered(["france"]) == 0  # nothing delivered yet: no Maildir at all
