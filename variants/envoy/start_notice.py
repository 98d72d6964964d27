"""What a player's start notice tells of the Winter 1913 placement turn (rule 4), the first
phase and one no other game has: its orders are builds, not moves, and a newcomer's reply
to the notice is his placement. It names his own country space and the spaces one
diplomat move from it, where his four diplomats may go, and what is left unordered."""

from __future__ import annotations

from judge.engine.geo import Geography
from judge.engine.position import Position
from judge.engine.types import Unit
from judge.engine.visibility import Role, Viewer
from judge.grammar.notation import place, unit_text
from judge.variant import Variant

from .placement import DIPLOMATS, Placement

PLACEMENT = "P"  # rules.PLACEMENT: Winter 1913, a phase kind with no calendar entry


def start_words(variant: Variant, position: Position, viewer: Viewer) -> list[str]:
    handler = variant.rules.handlers.get(PLACEMENT)
    if viewer.role != Role.PLAYER or viewer.power is None \
            or position.phase.kind != PLACEMENT or not isinstance(handler, Placement):
        return []
    geo = variant.rules.geo
    home = handler.countries.space[viewer.power]
    near = sorted(handler.geo.neighbours(handler.geo.kinds["D"], home))
    spaces = ", ".join(f"{place(geo, s)} ({s.capitalize()})" for s in near)
    first = near[0].capitalize() if near else home.capitalize()
    mine = [u for u in position.units if u.power == viewer.power and u.kind != "D"]
    return [
        f"Winter 1913 Placement is the rules' placement turn (Envoy 4): its orders are "
        f"builds, not moves. Send Build D <space> (or Place D <space>) for each of your "
        f"{DIPLOMATS} diplomats, in {place(geo, home)} ({home.capitalize()}) or a space one "
        f"diplomat move from it: {spaces}. Build D {first} twice sends two there; "
        f"diplomats you do not place stay in {place(geo, home)}.",
        _change(geo, mine),
        "Your first moves are for Spring 1914 Movement: send them when it opens (HELP "
        "ORDERS, signed on, shows every form)."]


def _change(geo: Geography, mine: list[Unit]) -> str:
    """Rule 4's one change of type, shown on one of the player's own fleets."""
    fleet = next((u for u in mine if u.kind == "F" and "/" not in u.loc), None)
    if fleet is None:
        return "You may also change the type of one of your units, once (Build A|F <province>)."
    return (f"You may also change the type of one of your units, once: Build A "
            f"{fleet.loc.capitalize()} makes {unit_text(geo, fleet.kind, fleet.loc)} an army.")
