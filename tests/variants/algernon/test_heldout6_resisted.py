"""Rule 6: entering a new space, a player is told "the names of the players who resisted
his move (either by attacking or supporting that space)". A player whose support backs that
very attack did not resist it, and is not named; one who attacks the space, or backs a
rival attack into it, is. On the demonstration maze: DL4 and PW4 lead into VT (through its
portals 1 and 2), SQ3 into VT3."""

from __future__ import annotations

from judge.engine.outcome import Outcome
from judge.engine.position import Position
from judge.engine.rules import PhaseOutcome
from tests.variants.algernon.scenario import A, B, board, move, result
from variants.algernon.notation import entry_words
from variants.algernon.orders import PortalMove, PortalSupport
from variants.algernon.sight import Entry

INITIALS = {A: "A", B: "B"}


def _entry(out: PhaseOutcome, power: str) -> Entry:
    [found] = [e for e in out.events if isinstance(e, Entry) and e.power == power]
    return found


def _start() -> Position:
    return board({A: ["DL"], B: ["PW", "SQ"]})


def test_a_support_of_ones_own_attack_is_no_resistance() -> None:
    out = move(_start(), {A: [PortalMove("dl", 4)], B: [PortalSupport("pw", 4, "dl", 4)]})
    assert result(out, "PW s 4 (DL to 4)").outcome == Outcome.SUCCEEDS
    entry = _entry(out, A)
    assert entry.into == "VT" and entry.resisted == ()
    assert "resisted" not in entry_words(entry, INITIALS)


def test_a_numbered_support_of_ones_own_attack_is_no_resistance() -> None:
    # I.A.5 read by the portal (numbered_support=portal): PW s 4 (1) backs the attack that
    # comes into VT through its portal 1, Alpha's from DL.
    out = move(_start(), {A: [PortalMove("dl", 4)], B: [PortalSupport("pw", 4, number=1)]},
               numbered="portal")
    assert _entry(out, A).resisted == ()


def test_a_support_of_a_rival_attack_is_resistance() -> None:
    # Bravo's SQ backs Bravo's own attack from PW into VT, against Alpha's from DL.
    out = move(_start(), {A: [PortalMove("dl", 4)],
                          B: [PortalMove("pw", 4), PortalSupport("sq", 3, "pw", 4)]})
    assert _entry(out, A).resisted == (B,)
    assert "resisted by B" in entry_words(_entry(out, A), INITIALS)


def test_a_support_of_a_rival_attack_alone_is_resistance() -> None:
    # Bravo backs Alpha's attack from PW but attacks VT from SQ: he resisted by attacking.
    out = move(_start(), {A: [PortalMove("dl", 4)],
                          B: [PortalSupport("pw", 4, "dl", 4), PortalMove("sq", 3)]})
    assert _entry(out, A).resisted == (B,)
