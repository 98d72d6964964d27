"""Commands of other judges (njudge, DPjudge) that this one does not have, each with what
to write instead: a player used to them is told so, rather than "neither an order nor a
command", or his line being passed over as a signature (docs/commands.md, "Commands of
other judges")."""

from __future__ import annotations

from judge.commands.registry import normalize

_INSTEAD: dict[str, str] = {
    "WHOIS": (
        "WHOIS is not a command on this judge, which gives nobody another player's address "
        "or account: LIST <game> names a game's master and, where the game shows them, "
        "its players, WHOAMI shows your own account, and PRESS TO <power> ... ENDPRESS "
        "writes to a player."),
    "GET": (
        "GET <file> is not a command on this judge, which keeps no files to fetch: HELP "
        "lists the commands, HELP ORDERS says how to write orders, LIST the games, MAP "
        "<game> sends a picture of the board and HISTORY <game> the past reports "
        "(GET MAP is the master's: a game's map as text)."),
    "SET PREFERENCE": (
        "SET PREFERENCE is not a command on this judge: name the powers you would like "
        "when you join, best first, as in JOIN <game> <password> FGE."),
    "I AM ALSO": (
        "I AM ALSO is not a command on this judge: SIGNON works from any address, and SET "
        "ADDRESS <address> sends the judge's mail to you to another one."),
    "MANUAL": (
        "MANUAL is not a command on this judge: HELP lists the commands, HELP <command> "
        "explains one and HELP ORDERS says how to write orders."),
}
_LONGEST = max(len(name.split()) for name in _INSTEAD)


def instead(words: list[str]) -> str | None:
    """What to write instead of another judge's command that `words` start with, if they
    start with one (its longest name first: 'I AM ALSO')."""
    for count in range(min(_LONGEST, len(words)), 0, -1):
        found = _INSTEAD.get(normalize(" ".join(words[:count])))
        if found is not None:
            return found
    return None
