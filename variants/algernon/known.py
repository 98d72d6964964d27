"""What a player knows of the maze, as his knowledge record keeps it (JSON):

    {"spaces": {"DL": {"value": 1, "kind": "HSC", "portals": 4}, ...},
     "links": {"DL/1": "MN/1", ...},      # portal -> where it leads, as far as known
     "homes": ["DL", "MN", "PZ"],         # his own (rule 4)
     "units": ["DL", "MN", "PZ"],         # his rats after the last phase (II.F)
     "centres": {"ALPHA": 3, ...}}        # every player's count after the last builds (7)

At the start (rule 4) a player knows his home spaces, their portal counts and which of
their portals join them to one another; he learns the rest as the rules say (6, 10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from judge.engine.position import Position

from .maze import Maze, Space
from .mazecheck import Reading

if TYPE_CHECKING:
    from .sight import Entry

Known = dict[str, Any]
# Where the seat's board (judge/game/seat_board.py) carries his record's map: the maze
# picture draws it (picture.py).
RECORD = "known_map"


def kind_of(space: Space) -> str:
    """II.B: a neutral or a home supply centre, or no centre ("")."""
    if space.value < 1:
        return ""
    return "HSC" if space.home else "NSC"


def space_facts(space: Space) -> dict[str, Any]:
    return {"value": space.value, "kind": kind_of(space), "portals": len(space.portals)}


def initial(maze: Maze, power: str) -> Known:
    """Rule 4: his homes, their portal counts, the portals that join them."""
    homes = maze.homes(power)
    links = {f"{h}/{i}": str(p) for h in homes
             for i, p in enumerate(maze.spaces[h].portals, start=1) if p.to in homes}
    return {"spaces": {h: space_facts(maze.spaces[h]) for h in homes},
            "links": dict(sorted(links.items())), "homes": sorted(homes),
            "units": sorted(homes), "centres": {}}


def record(known: Mapping[str, Any], maze: Maze, power: str | None) -> Known:
    """The record as kept, or the start's when nothing is kept yet."""
    if known.get("spaces") or power is None:
        return {"spaces": {}, "links": {}, "homes": [], "units": [], "centres": {}, **known}
    return initial(maze, power)


def with_own_spaces(known: Mapping[str, Any], maze: Maze) -> Mapping[str, Any]:
    """The record with every space where it keeps one of his rats: he entered it (rule 6)
    or it is a home (rule 4), so he knows its name, value and portal count. A game's record
    always has them; a board posed to `judge adjudicate` without a record of how the rats
    got there gets them here, so his orders for those rats are read."""
    spaces = known.get("spaces", {})
    missing = [s for s in known.get("units", ()) if s not in spaces and s in maze.spaces]
    if not missing:
        return known
    found = {**spaces, **{s: space_facts(maze.spaces[s]) for s in missing}}
    return {**known, "spaces": dict(sorted(found.items()))}


def portal_count(known: Mapping[str, Any], space: str) -> int | None:
    facts = known.get("spaces", {}).get(space)
    return None if facts is None else int(facts["portals"])


def learn(known: Mapping[str, Any], entries: Sequence[Entry], reading: Reading) -> Known:
    """Rule 6: each space entered or tried, and the portal that led there (and back, when
    portals are two-way)."""
    spaces, links = dict(known["spaces"]), dict(known["links"])
    for e in entries:
        spaces[e.into] = {"value": e.value, "kind": e.kind, "portals": e.portals}
        links[f"{e.space}/{e.portal}"] = f"{e.into}/{e.arrives}"
        if not reading.one_way:
            links[f"{e.into}/{e.arrives}"] = f"{e.space}/{e.portal}"
    return {**known, "spaces": dict(sorted(spaces.items())),
            "links": dict(sorted(links.items()))}


def chart(known: Mapping[str, Any]) -> list[str]:
    """The map so far as text: each space he knows, with where its portals lead."""
    lines = []
    for name, facts in known.get("spaces", {}).items():
        kind = f"{facts['kind']}, " if facts["kind"] else ""
        if int(facts.get("value", 0)) > 1:  # rule 6: "its value as a supply center"
            kind += f"value {facts['value']}, "
        ends = [f"{i} {known['links'].get(f'{name}/{i}', '?')}"
                for i in range(1, int(facts["portals"]) + 1)]
        count = int(facts["portals"])
        lines.append(f"{name} ({kind}{count} portal{'' if count == 1 else 's'}): "
                     f"{', '.join(ends)}")
    return lines


def known_board(known: Mapping[str, Any], shown: Position) -> Position:
    """`Rules.known_board`: the board as shown (his own rats and centres, rule 3) with the
    map his record keeps, for the picture to draw, and where it keeps his rats, for the
    report's Units At (II.F); a record without a map (the master's none, a game from
    before records) leaves the board as shown."""
    if not isinstance(known.get("spaces"), Mapping) or not known["spaces"]:
        return shown
    mine: dict[str, Any] = {"spaces": dict(known["spaces"]),
                            "links": dict(known.get("links", {}))}
    if isinstance(known.get("units"), list):
        mine["units"] = [str(space) for space in known["units"]]
    return shown._replace(state={**shown.state, RECORD: mine})
