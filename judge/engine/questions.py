"""Questions a phase puts to the game master before it can be adjudicated.

Some rules leave a choice to the master: 1885-III's removals are made "in the GM's
judgment", a maze variant may need the master to place something. A variant's
`Rules.questions` hook says, from the board and the orders, what must be decided; the game
holds the turn, mails the master, and adjudicates once every question has an answer. The
answers reach the handlers in `position.state[ANSWERS]` (key -> chosen text), which the
game layer adds for the adjudication only: they are not part of the board that follows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from judge.engine.orders import Order
    from judge.engine.position import Position
    from judge.engine.rules import Rules

ANSWERS = "answers"


class Question(NamedTuple):
    """One decision: `key` names it (one word, how the master answers), `text` asks it,
    `choices` are the answers allowed (empty: any one line of text)."""

    key: str
    text: str
    choices: tuple[str, ...] = ()

    def accepts(self, answer: str) -> str | None:
        """The answer as the question spells it, or None when it is not one of the choices."""
        if not self.choices:
            return answer.strip() or None
        wanted = answer.strip().lower()
        return next((c for c in self.choices if c.lower() == wanted), None)


def no_questions(rules: Rules, position: Position,
                 orders: Mapping[str, Sequence[Order]]) -> tuple[Question, ...]:
    """Standard Diplomacy asks the master nothing."""
    return ()


def answers_of(position: Position) -> Mapping[str, str]:
    """The master's answers for this adjudication (empty when none were asked)."""
    found = position.state.get(ANSWERS, {})
    return found if isinstance(found, Mapping) else {}
