"""Pictures as the judge mails them, for docs/pictures/: a Stab Envoy turn played by mail
(tests/conversations/envoy), the report's picture for France, for Germany and for the
master.

    python -m tests.pictures.mailed_samples docs/pictures
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from judge.store.db import Database, upgrade
from tests.conversations.envoy.envoy_setup import ANN, BOB, placed, say
from tests.conversations.harness import Conversation
from tests.conversations.seating_helpers import MASTER
from tests.pictures.mailed import png_of, wired

FRANCE = "F bre-mao\nA par-bur\nA mar h\nA ven h\nA rom h\nF nap h"
GERMANY = "F kie-hol\nA ber h\nA mun-bur\nF tri h\nA vie-gal\nA bud h"
READERS = {"france": ANN, "germany": BOB, "master": MASTER}


def main(folder: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite:///{scratch}/judge.sqlite3"
        upgrade(url)
        database = Database(url)
        talk = Conversation(database)
        players = placed(talk, hidden="stab")
        say(talk, players["FRANCE"], FRANCE)
        say(talk, players["GERMANY"], GERMANY)
        for name, address in READERS.items():
            [report] = wired(talk, address, "Spring 1914 Movement results")
            Path(folder, f"stab-envoy-S1914M-{name}.png").write_bytes(png_of(report))
        database.dispose()


if __name__ == "__main__":
    main(sys.argv[1])
