"""`"views"` of `judge adjudicate`: a phase as each viewer learns it (docs/adjudicate.md).

Each view is built from the variant's own `Visibility`, as reports are: `projection` for what
the viewer learns of the turn (results, units seen standing, retreats, centre changes,
adjustments, a hidden-movement variant's notices), `board` for the position after it as
the viewer may see it (units, centres, the variant's state he may read). Standard Diplomacy
shows every viewer everything; a variant with secrets shows each what its rules allow, so
that a phase's secrecy can be checked on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.outcome import Adjustment, CentreChange, Dislodgement, OrderResult
from judge.engine.position import centres_by_power
from judge.engine.turn import TurnResult
from judge.engine.visibility import Notice, Role, Sighting, Viewer, projection
from judge.protocol_json import dislodgement_json, results_json, unit_json, units_json
from judge.variant import Variant

ROLES = {"MASTER": Viewer.master(), "OBSERVER": Viewer.observer()}


def viewers(variant: Variant, names: Any) -> dict[str, Viewer]:
    """`"views": ["FRANCE", "OBSERVER", "MASTER"]` -> each name's viewer; ValueError for a
    name that is neither one of the variant's powers nor a role."""
    if not isinstance(names, list):
        raise ValueError("'views' must be a list of powers, 'OBSERVER' or 'MASTER'")
    found: dict[str, Viewer] = {}
    for name in names:
        if not isinstance(name, str):
            raise ValueError(f"a viewer in 'views' is a name, not {name!r}")
        if name in variant.rules.powers:
            found[name] = Viewer.player(name)
        elif name in ROLES:
            found[name] = ROLES[name]
        else:
            known = ", ".join(variant.rules.powers)
            raise ValueError(f"unknown viewer {name!r} in 'views' (a power of {known}, "
                             f"'OBSERVER' or 'MASTER')")
    return found


def views(variant: Variant, turn: TurnResult, wanted: Mapping[str, Viewer],
          texts: Mapping[int, str], unparsed: Sequence[OrderResult],
          known: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Each wanted viewer's view; `known`: each viewer's knowledge record before the phase
    (`"knowledge"` in the request), which the view shows as the phase leaves it."""
    known = known or {}
    if not isinstance(known, Mapping) or not all(isinstance(v, Mapping) for v in known.values()):
        raise ValueError("'knowledge' must map each viewer to its record (a JSON object)")
    return {name: view(variant, turn, viewer, texts, _unread(unparsed, viewer),
                       known.get(name, {}))
            for name, viewer in wanted.items()}


def _unread(unparsed: Sequence[OrderResult], viewer: Viewer) -> list[OrderResult]:
    """A line that could not be read is its writer's and the master's only, in every
    variant: by mail it is refused to its writer and never reaches a turn (and in Secret
    Envoy it could name a hidden diplomat's space)."""
    return [r for r in unparsed if viewer.role == Role.MASTER or r.power == viewer.power]


def view(variant: Variant, turn: TurnResult, viewer: Viewer, texts: Mapping[int, str],
         unread: Sequence[OrderResult] = (), known: Mapping[str, Any] | None = None
         ) -> dict[str, Any]:
    visibility = variant.rules.visibility
    seen = projection(visibility, turn.phase, turn.events, turn.position, viewer)
    board = visibility.board(turn.position, viewer)
    results = [s for s in seen if isinstance(s, OrderResult)]
    out: dict[str, Any] = {
        "results": results_json((*results, *unread), texts, variant.rules.registry.describe),
        "sightings": [_sighting(s) for s in seen if isinstance(s, Sighting)],
        "dislodged": [dislodgement_json(s) for s in seen if isinstance(s, Dislodgement)],
        "center_changes": [_change(s) for s in seen if isinstance(s, CentreChange)],
        "adjustments": [_adjustment(s) for s in seen if isinstance(s, Adjustment)],
        "notices": [_notice(s) for s in seen if isinstance(s, Notice)],
        "units": units_json(board.units),
        "centers": centres_by_power(board.owners, variant.rules.geo.supply_centres),
        # The viewer's knowledge record as this phase leaves it (judge/engine/knowledge.py).
        "knowledge": variant.rules.knowledge(known or {}, viewer, turn.phase, seen, board),
    }
    if board.state:
        out["state"] = dict(board.state)  # what the viewer may read of the variant's memory
    return out


def _sighting(s: Sighting) -> dict[str, Any]:
    return {**unit_json(s.unit), "dislodged": s.dislodged}


def _change(c: CentreChange) -> dict[str, Any]:
    return {"center": c.centre, "old_owner": c.old_owner, "new_owner": c.new_owner}


def _adjustment(a: Adjustment) -> dict[str, Any]:
    return {"power": a.power, "count": a.count, "waived": a.waived}


def _notice(n: Notice) -> dict[str, Any]:
    # The topic and what its powers, units and numbers mean are the variant's own.
    return {"topic": str(n.topic), "powers": list(n.powers),
            "units": [unit_json(u) for u in n.units], "numbers": list(n.numbers)}

