"""The answer to a message's order lines, written once the whole message has run.

A message may give one phase's orders in several blocks (`PHASE F1901M`, orders,
`PHASE F1901M` again; or the open phase's lines before and after a `PHASE` block):
they are one message's orders, settled together (DATC 4.D.3), so a later block may
change what the reply says of an earlier one (fix 26: the second block silently
replaced the first). judge/commands/orders.py reads each block as it comes and keeps
here what the message has sent so far; the reply's words are written at the end, in an
`after` step run before report_current, which may process the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from judge.commands.context import JudgeContext
from judge.commands.reply import Reply
from judge.engine.refusal import Names
from judge.engine.types import Phase
from judge.game import arrival, ordering
from judge.game.arrival import Feedback
from judge.game.games import game_variant
from judge.game.refusals import say
from judge.grammar.wording import ReaderNames
from judge.store.models import Game, Turn


@dataclass
class AheadLines:
    """One message's lines for one later phase of one power: the stored lines it found,
    what it read, and what the reply says of them."""

    before: list[str]
    names: Names
    numbered: list[tuple[int, str]] = field(default_factory=list)
    read: list[tuple[int, ordering.Written]] = field(default_factory=list)
    errors: list[Feedback] = field(default_factory=list)
    clashes: list[Feedback] = field(default_factory=list)

    def add(self, numbered: Sequence[tuple[int, str]], read: arrival.Lines,
            errors: list[Feedback]) -> None:
        self.numbered += numbered
        self.read += read
        self.errors += errors


@dataclass
class OpenPhaseLines:
    """One message's lines for the open phase of one power: the set it found, and what
    the reply says of them."""

    before: dict[str, ordering.Written]
    names: Names
    numbered: list[tuple[int, str]] = field(default_factory=list)
    feedback: list[Feedback] = field(default_factory=list)


@dataclass
class Answers:
    """A message's order lines, answered once it has run (an `after` step, before
    report_current, which may process the turn): a later block for a phase is settled
    with the blocks before it, and the earlier lines' words may change."""

    sent: dict[tuple[int, str, str], AheadLines] = field(default_factory=dict)
    open: dict[tuple[int, str, int], OpenPhaseLines] = field(default_factory=dict)
    said: list[tuple[list[tuple[int, str]], list[Feedback], Names]] = field(default_factory=list)

    @staticmethod
    def of(jc: JudgeContext) -> Answers:
        found = next((a for a in jc.after if isinstance(a, Answers)), None)
        if found is None:
            found = Answers()
            jc.after.insert(0, found)
        return found

    def block(self, game: Game, power: str, phase: Phase, stored: list[str]) -> AheadLines:
        key = (game.id, power, str(phase))
        if key not in self.sent:
            self.sent[key] = AheadLines(list(stored), ReaderNames(game_variant(game)))
        return self.sent[key]

    def open_block(self, game: Game, power: str, turn: Turn,
                   stored: Callable[[], dict[str, ordering.Written]]) -> OpenPhaseLines:
        key = (game.id, power, turn.id)
        if key not in self.open:
            self.open[key] = OpenPhaseLines(dict(stored()), ReaderNames(game_variant(game)))
        return self.open[key]

    def cleared(self, game: Game, power: str, turn: Turn) -> None:
        """CLEAR: the open phase's lines before it are answered as they were taken, and a
        block after it starts from the empty set CLEAR saved (adv10: it started from the
        set found before CLEAR, and the cleared orders came back)."""
        held = self.open.pop((game.id, power, turn.id), None)
        if held is not None:
            self.said.append((held.numbered, held.feedback, held.names))

    def refused(self, game: Game, feedback: list[Feedback],
                numbered: list[tuple[int, str]]) -> None:
        self.said.append((numbered, feedback, ReaderNames(game_variant(game))))

    def __call__(self, jc: JudgeContext, reply: Reply) -> None:
        answers = [*self.said,
                   *((o.numbered, o.feedback, o.names) for o in self.open.values()),
                   *((s.numbered, [*s.errors, *s.clashes], s.names)
                     for s in self.sent.values())]
        for numbered, feedback, names in sorted(answers, key=lambda a: a[0][0][0]):
            answer_lines(reply, numbered, sorted(feedback, key=lambda f: f.line_no), names)


def answer_lines(reply: Reply, numbered: Sequence[tuple[int, str]],
                 feedback: Sequence[Feedback], names: Names) -> None:
    """The reply's words for each line: here, at the edge, a refusal is worded."""
    said = {f.line_no: f for f in feedback}
    for f in feedback:
        if f.refused:
            reply.error(f.line_no, f.text, say(f.said, names))
    for line_no, text in numbered:
        note = said.get(line_no)
        if note is None:
            reply.done(line_no, text)
        elif not note.refused:
            reply.done(line_no, text, say(note.said, names))
