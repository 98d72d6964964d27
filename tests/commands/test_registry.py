from __future__ import annotations

import pytest

from judge.commands import (
    Command,
    CommandRegistry,
    CommandResult,
    Context,
    DuplicateCommandError,
    Invocation,
    build_registry,
    builtin,
)
from tests.commands.stubs import full_registry


def noop(ctx: Context, invocation: Invocation) -> CommandResult:
    return CommandResult.ok()


def cmd(name: str, *aliases: str) -> Command:
    return Command(name=name, help=f"{name} help", run=noop, aliases=aliases)


def test_duplicate_name_is_fatal() -> None:
    registry = CommandRegistry()
    registry.register(cmd("LIST"))
    with pytest.raises(DuplicateCommandError, match="LIST"):
        registry.register(cmd("list"))


def test_alias_clashing_with_a_name_is_fatal() -> None:
    registry = CommandRegistry()
    registry.register(cmd("WHO"))
    with pytest.raises(DuplicateCommandError, match="WHO is already used by WHO"):
        registry.register(cmd("LIST", "who"))


def test_alias_repeated_within_one_command_is_fatal() -> None:
    with pytest.raises(DuplicateCommandError):
        CommandRegistry().register(cmd("LIST", "LIST"))


def test_alias_and_two_word_names_are_found_case_insensitively() -> None:
    registry = CommandRegistry()
    registry.register(cmd("END GAME", "FINISH"))
    for phrase in ("end game", "END   GAME", "finish", "Finish"):
        found = registry.lookup(phrase).command
        assert found is not None and found.name == "END GAME"


@pytest.mark.parametrize(("word", "name"), [
    ("HIST", "HISTORY"), ("hist", "HISTORY"), ("HISTORY", "HISTORY"), ("SIGNO", None),
    ("SIGNOF", "SIGNOFF"), ("RESI", "RESIGN"), ("RESU", "RESUME"), ("STAR", "START"),
    ("SET W", "SET WAIT"), ("set nowa", "SET NOWAIT"), ("END G", "END GAME"),
    ("HEL", None), ("LIS", None), ("LIST", "LIST"), ("SET", None), ("XYZZY", None),
])
def test_lookup_by_name_or_unique_abbreviation(word: str, name: str | None) -> None:
    found = full_registry().lookup(word).command
    assert (found.name if found else None) == name


@pytest.mark.parametrize(("word", "candidates"), [
    ("SIGN", ("SIGNOFF", "SIGNON")),
    ("ROLL", ("ROLLBACK", "ROLLFORWARD")),
    ("set d", ("SET DEADLINE", "SET DIAS", "SET DRAW")),
    ("HEL", ()),  # too short to abbreviate: HEL is Helgoland Bight, not HELP
])
def test_ambiguous_abbreviation_lists_the_candidates(word: str,
                                                     candidates: tuple[str, ...]) -> None:
    found = full_registry().lookup(word)
    assert found.command is None
    assert found.candidates == candidates


def test_block_commands_need_end_words() -> None:
    with pytest.raises(ValueError, match="end words"):
        Command(name="PRESS", help="", run=noop, block=True)
    with pytest.raises(ValueError, match="end words"):
        Command(name="LIST", help="", run=noop, end_words=("END",))


def test_names_have_one_or_two_words() -> None:
    with pytest.raises(ValueError, match="one or two words"):
        cmd("SET DRAW NOW")


def test_help_lines_are_sorted_synopses() -> None:
    registry = CommandRegistry()
    registry.register(Command(name="LIST", usage="LIST [game]", help="games", run=noop))
    registry.register(cmd("HELP"))
    assert registry.help_lines() == ["HELP — HELP help", "LIST [game] — games"]


def test_close_matches_and_structure_queries() -> None:
    registry = full_registry()
    assert "HELP" in registry.close_matches("HLEP")
    assert registry.first_words() == {"SET", "END", "GET", "ALLOW", "REFUSE", "EJECT"}
    assert registry.end_words() == {"END": ("REGISTER",),
                                    "ENDANNOUNCE": ("ANNOUNCE",),
                                    "ENDMAP": ("SET MAP",),
                                    "ENDCOLUMN": ("COLUMN",),
                                    "END COLUMN": ("COLUMN",),
                                    "ENDPRESS": ("BROADCAST", "PRESS"),
                                    "END PRESS": ("BROADCAST", "PRESS")}


def test_every_build_is_a_fresh_registry() -> None:
    first, second = build_registry(), build_registry()
    first.register(cmd("FROBNICATE"))
    assert second.lookup("FROBNICATE").command is None
    assert [c.name for c in second.commands()] == [c.name for c in build_registry().commands()]
    only_builtin = build_registry((builtin.register,))
    assert [c.name for c in only_builtin.commands()] == ["HELP", "SIGNOFF"]


def test_a_later_registration_is_seen_by_abbreviations_and_structure() -> None:
    # Lookups are answered from tables built on first use; registering after that must
    # show in every answer, as it did when each lookup scanned the names.
    registry = CommandRegistry()
    registry.register(cmd("ROLLBACK"))
    assert registry.lookup("ROLL").command is not None
    registry.register(Command(name="ROLLFORWARD", help="", run=noop, block=True,
                              end_words=("DONE",)))
    registry.register(cmd("SET WAIT"))
    found = registry.lookup("roll")
    assert (found.command, found.candidates) == (None, ("ROLLBACK", "ROLLFORWARD"))
    assert registry.lookup("ROLLF").command is not None
    assert registry.lookup("SET W").command is not None
    assert registry.lookup("SETW").command is None  # one word does not abbreviate two
    assert registry.first_words() == {"SET"}
    assert registry.end_words() == {"DONE": ("ROLLFORWARD",)}
    assert [c.name for c in registry.commands()] == ["ROLLBACK", "ROLLFORWARD", "SET WAIT"]
