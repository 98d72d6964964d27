"""Modules of one name under judge/ are one concept seen from each layer, never two concepts
that happen to share a word (issue #12, "The house": two tokens.py, two postman.py and two
decisions.py each meant different things). A new clash fails until it is renamed, or listed
here with the concept it names in every place."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "judge"

# Each name: the one concept every module of that name is about (docs/architecture.md).
ONE_CONCEPT: dict[str, str] = {
    "board.py": "the board: its facts for legality, its report, the BOARD command, its drawing",
    "commentator.py": "the commentator: the game's use case and its mail command",
    "errors.py": "the errors of its own package (order reading, the game's refusals, the "
                 "database's trouble)",
    "game_map.py": "a master's own map: the game's use case and its mail command",
    "games.py": "a game: reading its state, and its rows",
    "knowledge.py": "each seat's knowledge record: folded by the rules, kept per game, stored",
    "orders.py": "orders: canonical, the mail commands that take them, their arrows",
    "parse.py": "reading text: one order line (grammar), a message's lines (commands)",
    "parts.py": "what a long-running caller is given: the game's parts, the mail worker's",
    "press.py": "press: the game's use case and its mail commands",
    "reasons.py": "the words of refusal reasons: the rules' own, the game's",
    "render.py": "rendering: a report's text, a board's picture",
    "seat_requests.py": "a seat that waits for its account's mailbox (CONFIRM): the game's use "
                        "case and its mail commands",
    "observers.py": "observers' seats and the master's leave for them: the game's use case and "
                    "its mail commands",
}


def shared_names(root: Path) -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("*.py")):
        if path.name not in ("__init__.py", "__main__.py"):
            where[path.name].append(str(path.relative_to(root)))
    return {name: places for name, places in where.items() if len(places) > 1}


def test_modules_of_one_name_are_one_concept() -> None:
    unexplained = {name: places for name, places in shared_names(ROOT).items()
                   if name not in ONE_CONCEPT}
    assert not unexplained, f"rename one, or say in ONE_CONCEPT why they are one concept: " \
                            f"{unexplained}"


def test_a_new_clash_is_found(tmp_path: Path) -> None:
    for package in ("engine", "game"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "decisions.py").write_text("", encoding="utf-8")
    assert shared_names(tmp_path) == {"decisions.py": ["engine/decisions.py",
                                                       "game/decisions.py"]}
