"""Scenario files: a position, steps with expected outcomes, optional hand scores.

The format is NOTATION.md "Scenario files". Extensions (``docs/notation.md``): a step
may name the expected refusal ``"code"`` (e.g. ``"pile_frozen"``) and a ``"then"``
object of position fields the state must have after the step; a file may give
``"description"`` and ``"rule"`` (the RULES.md point it covers) for its readers.

The format is part of the notation, so it sits in the engine core: :func:`run_scenario`
is a pure function of the parsed JSON (no file is opened here). Finding and reading the
files is the command line's (``python -m canasta scenario PATH...``, ``canasta.lab.cli``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .actions import parse_action
from .errors import CanastaError, IllegalAction, NotationError, echo
from .limits import MAX_ACTION_TEXT, cap_text, check_data, loads
from .notation import from_position, to_position
from .play import apply
from .scoring import score_hand

_FILE_KEYS = {"name", "description", "rule", "position", "steps", "hand_scores"}
_STEP_KEYS = {"do", "expect", "code", "then"}


@dataclass(frozen=True)
class Outcome:
    path: str
    name: str
    passed: bool
    detail: str = ""


def read_scenario(text: str) -> Any:
    """A scenario file's text as JSON data, within ``canasta.limits``: text that is not
    JSON raises ``bad_json``, text past the limits ``bad_scenario``."""
    return loads(text, "bad_scenario", "scenario")


def run_scenario(data: Any, path: str = "<scenario>") -> Outcome:
    """Run one scenario (parsed JSON, or its text); never raises for a bad scenario: it
    fails, its detail saying why."""
    name = data.get("name", path) if isinstance(data, dict) else path
    name = name if isinstance(name, str) else path
    try:
        detail = _run(read_scenario(data) if isinstance(data, str) else data)
    except CanastaError as e:
        return Outcome(path, name[:MAX_ACTION_TEXT], False, f"cannot run: {e.message}")
    return Outcome(path, name[:MAX_ACTION_TEXT], detail == "", detail)


def _run(data: Any) -> str:
    check_data(data, "bad_scenario", "scenario")
    if not isinstance(data, dict):
        raise NotationError("bad_scenario", "a scenario is a JSON object")
    unknown = set(data) - _FILE_KEYS
    if unknown:
        raise NotationError("bad_scenario", f"unknown scenario field(s): {', '.join(sorted(unknown))}")
    if "position" not in data:
        raise NotationError("bad_scenario", "position: missing")
    state = from_position(data["position"])
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise NotationError("bad_scenario", "steps: expected a list")
    for k, step in enumerate(steps, 1):
        if not isinstance(step, dict) or not isinstance(step.get("do"), str):
            raise NotationError("bad_scenario", f"step {k}: expected an object with 'do' (an action's text)")
        if len(step["do"]) > MAX_ACTION_TEXT:
            raise NotationError("bad_scenario", f"step {k}: an action of more than {MAX_ACTION_TEXT} characters")
        unknown = set(step) - _STEP_KEYS
        if unknown:
            raise NotationError("bad_scenario", f"step {k}: unknown field(s): {', '.join(sorted(unknown))}")
        expect = step.get("expect", "ok")
        if expect not in ("ok", "illegal"):
            raise NotationError("bad_scenario", f"step {k}: expect must be 'ok' or 'illegal'")
        try:
            action = parse_action(step["do"])
        except NotationError as e:
            raise NotationError("bad_scenario", f"step {k}: {e.message}") from None
        before = to_position(state)
        try:
            new = apply(state, action)
        except IllegalAction as e:
            if expect == "ok":
                return f"step {k} ({step['do']!r}): refused [{e.code}] {e.message}"
            if "code" in step and step["code"] != e.code:
                return f"step {k} ({step['do']!r}): refused with [{e.code}], expected [{echo(step['code'])}]"
            if to_position(state) != before:
                return f"step {k} ({step['do']!r}): the refused action changed the state"
        else:
            if expect == "illegal":
                return f"step {k} ({step['do']!r}): accepted, expected illegal"
            state = new
        then = step.get("then")
        if then is not None:
            if not isinstance(then, dict):
                raise NotationError("bad_scenario", f"step {k}: 'then' must be an object of position fields")
            pos = to_position(state)
            for key, want in then.items():
                if key not in pos:
                    raise NotationError("bad_scenario", f"step {k}: 'then' names unknown field {echo(key)}")
                got = pos[key]
                if _normal(got) != _normal(want):
                    return f"step {k} ({step['do']!r}): {key} is {cap_text(json.dumps(got))}, expected {cap_text(json.dumps(want))}"
    if "hand_scores" in data:
        want = data["hand_scores"]
        if not state.over:
            return "hand_scores given but the steps did not end the hand"
        got = [s.total for s in score_hand(state)]
        if got != want:
            lines = "; ".join(f"side {s.side}: " + ", ".join(f"{x.name} {x.points:+d}" for x in s.lines)
                              for s in score_hand(state))
            return f"hand_scores {got}, expected {cap_text(str(want))} ({lines})"
    return ""


def _normal(value: Any) -> Any:
    """Compare card lists as multisets (order inside a hand or meld is not the point)."""
    if isinstance(value, list):
        items = [_normal(v) for v in value]
        if all(isinstance(v, str) for v in items):
            return sorted(x.upper() for x in items)
        return items
    return value
