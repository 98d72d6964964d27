"""The EMG mail format (Global Diplomacy rules §9.0), for players used to EMG's judge.

    Subject: EMGTURN                    Subject: EMGREPORT
    EMGSTART                            EMGSTART
      <account id>                        <account id>
      <game id>                           <game id>
      <commands, one per line>          EMGEND
    EMGEND

EMGTURN replaces the power's whole order set with the block's; EMGREPORT mails the latest
turn report again. The account id is the number WHOAMI shows (or the account's name),
the game id the game's name. This module reads the block; judge.mail.inbound.emg_run acts on it.
"""

from __future__ import annotations

from dataclasses import dataclass

TURN, REPORT = "EMGTURN", "EMGREPORT"


@dataclass(frozen=True, slots=True)
class EmgRequest:
    kind: str  # TURN or REPORT
    account: str = ""
    game: str = ""
    commands: tuple[str, ...] = ()
    problem: str | None = None  # what is wrong with the block, in words for the player


def emg_kind(subject: str) -> str | None:
    """TURN or REPORT when the subject asks for the EMG format ("Re: EMGTURN" too)."""
    words = subject.upper().replace(":", " ").split()
    return next((word for word in words if word in (TURN, REPORT)), None)


def read_emg(kind: str, body: str) -> EmgRequest:
    # §9.0: "Spacing and indentation doesn't matter", so lines are stripped and blank
    # lines skipped.
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    upper = [line.upper() for line in lines]
    if "EMGSTART" not in upper:
        return EmgRequest(kind, problem="no EMGSTART line: the block starts with EMGSTART "
                                        "on a line of its own")
    start = upper.index("EMGSTART")
    if "EMGEND" not in upper[start:]:
        return EmgRequest(kind, problem="no EMGEND line after EMGSTART: end the block with "
                                        "EMGEND on a line of its own")
    block = lines[start + 1:start + upper[start:].index("EMGEND")]
    if len(block) < 2:
        return EmgRequest(kind, problem="the block needs your account id on its first line "
                                        "and the game id on its second")
    return EmgRequest(kind, account=block[0], game=block[1], commands=tuple(block[2:]))
