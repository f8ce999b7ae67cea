"""A reader trying a live rule example (``canasta.examples``, mode ``try`` or ``puzzle``).

The reader acts on the example's position with the game's own controls: each action is
an intent (``canasta.protocol.ActionRecord``) that the engine reads (``canasta.intents``)
and judges. A refused action is explained by its error code and leaves the table as it
was. An action that is legal but does not reach the goal is undone in a ``try`` (the
reader is told it is legal, and what the goal is) and kept in a ``puzzle`` (the reader
goes on from there, as long as it is still the reader's turn). Every action counts as a
try. "Show me" plays the example's solution from the position.
"""

from __future__ import annotations

from typing import Any

from .actions import parse_action
from .errors import CanastaError, IllegalAction, NotationError
from .examples import Example, goal_met, snapshot
from .intents import resolve
from .notation import from_position
from .play import apply
from .protocol import ActionRecord
from .records import action_record
from .state import HandState

#: Verdicts of an action: ``solved`` (the goal is reached), ``refused`` (illegal: the
#: error says why), ``missed`` (legal, not the goal: undone in a try), ``progress`` (a
#: puzzle goes on), ``stuck`` (a puzzle's turn passed before the goal: start again).
VERDICTS = ("solved", "refused", "missed", "progress", "stuck")


class Trial:
    """One reader's attempts at one example (mutable: a screen's session, not a rule)."""

    def __init__(self, example: Example) -> None:
        if example.goal is None:
            raise NotationError("bad_example", f"a {example.mode} example has no goal to try", field="goal")
        self.example = example
        self.goal = example.goal
        self.start = from_position(example.position)
        if self.start.turn != example.seat:
            raise NotationError("bad_example", f"the reader plays seat {example.seat}, but seat "
                                f"{self.start.turn} is to act", field="seat")
        self.state: HandState = self.start
        self.tries = 0
        self.solved = False

    def snapshot(self) -> dict[str, Any]:
        """The table for the reader, with the reader's legal actions while it may act."""
        return snapshot(self.state, self.example.seat, 0, self.example.face_up, acting=not self.solved)

    def act(self, intent: ActionRecord) -> dict[str, Any]:
        """Judge the reader's intent: ``{"verdict", "action", "error", "tries"}``."""
        if self.solved or self.state.turn != self.example.seat or self.state.over:
            raise IllegalAction("wrong_phase", "this example is done: start again", phase="over")
        before = self.state
        action = resolve(before, intent)
        self.tries += 1
        try:
            after = apply(before, action)
        except IllegalAction as e:
            return {"verdict": "refused", "action": str(action), "error": _error(e), "tries": self.tries}
        played = action_record(before, action).to_json()
        if goal_met(self.goal.kind, before, action, self.example.seat, self.goal.solution[-1]):
            self.state = after
            self.solved = True
            return {"verdict": "solved", "action": played, "error": None, "tries": self.tries}
        if self.example.mode == "try":
            return {"verdict": "missed", "action": played, "error": None, "tries": self.tries}
        self.state = after
        verdict = "progress" if after.turn == self.example.seat and not after.over else "stuck"
        return {"verdict": verdict, "action": played, "error": None, "tries": self.tries}

    def show_me(self) -> list[str]:
        """Play the solution from the position (the reader's tries are kept)."""
        self.state = self.start
        for text in self.goal.solution:
            self.state = apply(self.state, parse_action(text))
        self.solved = True
        return list(self.goal.solution)

    def restart(self) -> None:
        """Back to the position (the count of tries is kept: a puzzle scores by it)."""
        self.state = self.start
        self.solved = False


def _error(e: CanastaError) -> dict[str, Any]:
    return {"code": e.code, "params": {k: str(v) for k, v in e.params.items()}, "message": e.message}
