"""The harness itself: it sees a difference where the rules publish one, and none where the
two games are the same (so whatever it reports comes from the difference played)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from email.message import EmailMessage

from judge.engine.position import Position
from judge.engine.types import Unit
from judge.game.games import plain_variant
from judge.store.db import Database
from tests.secrecy.envoy import EnvoySecrets
from tests.secrecy.noninterference import Difference, play
from tests.secrecy.probing import Line
from tests.secrecy.twin import Twin, render


class Published(EnvoySecrets):
    """Plain Envoy (everything public) with Stab's differences: each must be seen."""

    def __init__(self) -> None:
        super().__init__("none")

    def secrets(self, rng: random.Random, position: Position,
                orders: Mapping[str, Sequence[Line]]) -> list[Difference]:
        self.hidden = "stab"
        try:
            return super().secrets(rng, position, orders)
        finally:
            self.hidden = "none"


class Same(EnvoySecrets):
    """Stab's differences with game B given game A's lines: two identical games."""

    def secrets(self, rng: random.Random, position: Position,
                orders: Mapping[str, Sequence[Line]]) -> list[Difference]:
        return [Difference(d.owner, d.a, d.a, f"(the same) {d.what}", d.without)
                for d in super().secrets(rng, position, orders)]


def test_a_difference_plain_envoy_publishes_is_found(
        databases: tuple[Database, Database]) -> None:
    run = play(Twin(databases), Published(), random.Random("published"))
    assert run.difference is not None
    leaks = run.leaks()
    assert run.difference.what in leaks
    assert "--- " in leaks and "+++ " in leaks  # a diff of some viewer's mail
    assert "known board" in leaks  # and what the judge keeps as told to him differs


def test_two_games_fed_the_same_mail_mail_the_same(
        databases: tuple[Database, Database]) -> None:
    run = play(Twin(databases), Same("stab"), random.Random("same"))
    assert run.difference is not None
    assert run.leaks() == ""
    viewer = run.viewers()[0].address
    mails = run.twin.transcript(viewer)
    assert len(mails) > 5  # reports, replies and probes were compared
    # Every probe was read: none was refused whole for its length (docs/commands.md).
    assert not any("Nothing in it was done" in mail for mail in mails)
    assert any("Orders that follow are for" in mail for mail in mails)  # PHASE was read
    # It played on after the difference, a movement turn at least, each phase on the
    # orders written for it (not on the probes, which count as an answer: SET WAIT).
    played = [entry.split(":")[0].removeprefix("then ") for entry in run.log]
    assert any(phase.endswith("M") for phase in played), played
    for phase in played:
        assert any(f"orders for {phase} are cleared" in mail for mail in mails), phase
    # The pictures were compared too: they are stored beside the text, and the harness
    # reads each mail as the sender sends it, the PNG drawn (issue #14).
    assert any("--- part image/png" in mail and "--- part image/svg+xml" in mail
               for mail in mails)


def _mail(body: str, **headers: str) -> EmailMessage:
    message = EmailMessage()
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message


def test_only_random_and_time_based_fields_are_normalised() -> None:
    one = _mail("results", To="ann@example.org", Message_ID="<1.2@example.org>",
                Date="Mon, 02 Nov 2026 09:00:00 +0000",
                Reply_To="judge+s3-abcdefghijklmnop@example.org",
                References="<9@example.org> <step-4@players.example>")
    two = _mail("results", To="ann@example.org", Message_ID="<7.7@example.org>",
                Date="Tue, 03 Nov 2026 10:00:00 +0000",
                Reply_To="judge+s3-qrstuvwxyz234567@example.org",
                References="<8@example.org> <step-4@players.example>")
    assert render(one) == render(two)
    assert "judge+s3-<mac>@example.org" in render(one)
    assert "<step-4@players.example>" in render(one)
    other_seat = _mail("results", To="ann@example.org",
                       Reply_To="judge+s4-abcdefghijklmnop@example.org")
    assert render(other_seat) != render(_mail("results", To="ann@example.org",
                                              Reply_To="judge+s3-abcdefghijklmnop@example.org"))
    assert render(_mail("results.", To="ann@example.org")) != render(
        _mail("results", To="ann@example.org"))


def test_the_owner_builds_no_diplomat_where_his_secret_frees_a_home_centre() -> None:
    # stab-40 (SECRECY_AFTER=2): Germany's fleet held in Kiel (A) or went to the Helgoland
    # Bight (B); his winter's `Build D Ger`, the same bytes to both, found Kiel vacant in
    # B only (rule 9), and the diplomat built there alone bounced England's two from
    # Belgium in the spring (5.v). The line depends on every home centre: it names them.
    secrets = EnvoySecrets("stab")
    hold = Line("F kie H", frozenset({"kie"}), "main", "GERMANY", unit="F kie")
    move = Line("F kie-hel", frozenset({"kie", "hel"}), "main", "GERMANY", unit="F kie")
    fleet = Difference("GERMANY", (hold,), (move,), "GERMANY's F kie stays or goes to hel")
    build = secrets.player.build_diplomat("GERMANY")
    assert fleet.avoid("GERMANY")(build)
    assert not fleet.avoid("ENGLAND")(build)  # the layers differ: no meeting for others
    # A diplomat built or not names the space alone: the owner's armies and fleets in his
    # home centres are still ordered after it.
    built = next(d for d in secrets.builds(_german_board(), "GERMANY", (build,))
                 if d.what == "GERMANY builds a diplomat or not")
    assert built.places() == {"ger"}


def _german_board() -> Position:
    start = plain_variant("envoy").start
    return Position(start.phase, (Unit("GERMANY", "A", "ber"),), start.owners)


def test_a_build_difference_needs_the_owner_to_answer_in_both_games() -> None:
    # stab-66 (SECRECY_AFTER=2): France planned no line in Winter 1914, so game A's message
    # was no answer and B's `Build D fra` one; a game that hides anything waits for every
    # player's answer, and the others' reports came a step earlier in B.
    secrets = EnvoySecrets("stab")
    assert list(secrets.builds(_german_board(), "GERMANY", ())) == []
    waive = Line("Waive", frozenset(), "main", "GERMANY")
    offered = {d.what for d in secrets.builds(_german_board(), "GERMANY", (waive,))}
    assert "GERMANY builds a diplomat or not" in offered
