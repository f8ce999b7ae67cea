"""Examples: a rule point shown, demonstrated or tried on a live table (the embeds).

An example is a scenario (NOTATION.md "Scenario files": a position and steps) plus what a
reader needs (docs/notation.md "Examples"):

- ``title`` and ``caption``: French and English texts (``{"en": …, "fr": …}``);
- ``mode``: ``show`` (the position, drawn), ``demo`` (the steps played one at a time, each
  with its ``caption``), ``try`` (the reader acts; the engine judges; a ``goal`` tells
  when the reader succeeded, and its ``solution`` is what "show me" plays) or ``puzzle``
  (a goal that needs several actions);
- ``seat``: the seat the reader plays; ``face_up``: the seats whose hands are shown;
- ``rule``: the RULES.md point it illustrates.

:func:`read_example` checks the shape (``bad_example``); :func:`check_example` runs it
through the engine: the steps as a scenario, the solution from the position, and the
goal reached by the solution and not before. The site ships only examples that pass, and
``make test`` checks every file, so a rule change that breaks an example fails the build.
An example also travels inside a URL (:func:`encode` / :func:`decode`: compact and
URL-safe), for authors who write one by hand.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass
from typing import Any

from .actions import Action, parse_action
from .errors import CanastaError, IllegalAction, NotationError
from .limits import loads
from .notation import from_position
from .play import apply
from .protocol import matches
from .records import action_record, hand_kinds
from .catalog import table_switches
from .records import screen_records
from .scenario import run_scenario
from .scoring import score_hand
from .state import HandState
from .views import view

#: The version of the example format this engine reads.
EXAMPLE_VERSION = 1
MODES = ("show", "demo", "try", "puzzle")
LANGS = ("en", "fr")
#: What a try or puzzle asks of the reader, checked on the state after each action:
#: ``play`` (the solution's first action itself), ``take_pile``, ``open`` (the side's
#: initial meld), ``canasta`` (one more canasta for the side), ``go_out``.
GOALS = ("play", "take_pile", "open", "canasta", "go_out")
#: The largest example (its JSON) the engine reads, inside a URL or a file.
MAX_EXAMPLE_BYTES = 20_000

_KEYS = {"example", "title", "caption", "rule", "mode", "seat", "face_up", "position", "steps", "goal"}
_STEP_KEYS = {"do", "expect", "code", "then", "caption"}
_GOAL_KEYS = {"kind", "solution", "caption"}


def _bad(message: str, **params: object) -> NotationError:
    return NotationError("bad_example", message, **params)


@dataclass(frozen=True)
class Goal:
    kind: str
    solution: tuple[str, ...]
    caption: dict[str, str]


@dataclass(frozen=True)
class Example:
    title: dict[str, str]
    caption: dict[str, str]
    rule: str
    mode: str
    seat: int
    face_up: tuple[int, ...]
    position: dict[str, Any]
    steps: tuple[dict[str, Any], ...]
    goal: Goal | None

    def scenario(self) -> dict[str, Any]:
        """The example's position and steps as a scenario (captions left out)."""
        steps = [{k: v for k, v in step.items() if k != "caption"} for step in self.steps]
        return {"name": self.title["en"], "position": self.position, "steps": steps}


def _texts(data: dict[str, Any], name: str, required: bool = True) -> dict[str, str]:
    value = data.get(name)
    if value is None and not required:
        return {}
    if not isinstance(value, dict) or set(value) != set(LANGS) or not all(
            isinstance(v, str) and v.strip() for v in value.values()):
        raise _bad(f"{name}: a text in each of {', '.join(LANGS)}, e.g. {{\"en\": \"…\", \"fr\": \"…\"}}", field=name)
    return dict(value)


def read_example(data: Any) -> Example:
    """Check an example's shape (``bad_example``, naming the field); its play is checked
    by :func:`check_example`."""
    if not isinstance(data, dict):
        raise _bad("an example is a JSON object")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _bad(f"unknown field(s): {', '.join(unknown)}", field=unknown[0])
    if data.get("example") != EXAMPLE_VERSION or isinstance(data.get("example"), bool):
        raise _bad(f"example: the format version, {EXAMPLE_VERSION}", field="example")
    mode = data.get("mode")
    if mode not in MODES:
        raise _bad(f"mode: one of {', '.join(MODES)}", field="mode")
    position = data.get("position")
    if not isinstance(position, dict):
        raise _bad("position: a position object (NOTATION.md)", field="position")
    players = position.get("players", 4)
    players = players if isinstance(players, int) and not isinstance(players, bool) else 4
    seat = data.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise _bad(f"seat: the reader's seat, 0 to {players - 1}", field="seat")
    face_up = data.get("face_up", [seat])
    if not isinstance(face_up, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in face_up):
        raise _bad(f"face_up: a list of seats, 0 to {players - 1}", field="face_up")
    steps = data.get("steps", [])
    if not isinstance(steps, list) or not all(isinstance(s, dict) and set(s) <= _STEP_KEYS for s in steps):
        raise _bad(f"steps: a list of objects with {', '.join(sorted(_STEP_KEYS))}", field="steps")
    for step in steps:
        if mode == "demo":
            _texts(step, "caption")
    rule = data.get("rule", "")
    if not isinstance(rule, str):
        raise _bad("rule: the rule book's point, as text", field="rule")
    goal = _goal(data.get("goal"), mode)
    if mode == "demo" and not steps:
        raise _bad("a demo needs steps to play", field="steps")
    return Example(_texts(data, "title"), _texts(data, "caption"), rule, mode, seat, tuple(face_up), position,
                   tuple(dict(s) for s in steps), goal)


def _goal(value: Any, mode: str) -> Goal | None:
    if mode not in ("try", "puzzle"):
        if value is not None:
            raise _bad(f"goal: only a try or a puzzle has one, not a {mode}", field="goal")
        return None
    if not isinstance(value, dict) or set(value) - _GOAL_KEYS:
        raise _bad(f"goal: an object with {', '.join(sorted(_GOAL_KEYS))}", field="goal")
    kind = value.get("kind")
    if kind not in GOALS:
        raise _bad(f"goal.kind: one of {', '.join(GOALS)}", field="goal")
    solution = value.get("solution")
    if not isinstance(solution, list) or not solution or not all(isinstance(s, str) for s in solution):
        raise _bad("goal.solution: the actions that reach it, as notation", field="goal")
    if mode == "try" and len(solution) != 1:
        raise _bad("goal.solution: a try is solved by one action (a puzzle takes several)", field="goal")
    return Goal(kind, tuple(solution), _texts(value, "caption"))


def goal_met(kind: str, before: HandState, action: Action, seat: int, solution: str = "") -> bool:
    """Whether the reader's ``action`` (legal in ``before``, played by ``seat``) reaches
    the goal ``kind`` (:data:`GOALS`); for ``play``, whether it is the ``solution`` with
    any cards of the same kinds where suits do not matter (``canasta.protocol.matches``)."""
    after = apply(before, action)
    side = seat % after.rules.sides
    if kind == "take_pile":
        return after.took_pile and not before.took_pile
    if kind == "open":
        return not before.melds[side] and bool(after.melds[side])
    if kind == "canasta":
        return after.canastas(side) > before.canastas(side)
    if kind == "go_out":
        return after.over and after.out_seat == seat
    try:
        wanted = action_record(before, parse_action(solution))
    except CanastaError:
        return False
    played = action_record(before, action)
    return (played.verb == wanted.verb and played.target == wanted.target and played.answer == wanted.answer
            and matches(wanted, played.groups, hand_kinds(before.hands[seat])) is not None)


def check_example(data: Any) -> list[str]:
    """What is wrong with an example, read and played by the engine ([] when it is
    sound): its shape, its steps (as a scenario), and for a try or a puzzle, that the
    solution is legal from the position, reaches the goal at its last action and not
    before, and that the reader's seat is the one to act."""
    try:
        example = read_example(data)
        state = from_position(example.position)
    except CanastaError as e:
        return [e.message]
    problems = []
    outcome = run_scenario(example.scenario())
    if not outcome.passed:
        problems.append(f"steps: {outcome.detail}")
    if example.goal is not None:
        problems.extend(_check_goal(example, example.goal, state))
    return problems


def _check_goal(example: Example, goal: Goal, state: HandState) -> list[str]:
    if state.turn != example.seat:
        return [f"goal: the reader plays seat {example.seat}, but seat {state.turn} is to act"]
    for n, text in enumerate(goal.solution, 1):
        try:
            action = parse_action(text)
            after = apply(state, action)
        except (IllegalAction, NotationError) as e:
            return [f"goal.solution {n} ({text!r}): refused [{e.code}] {e.message}"]
        met = goal_met(goal.kind, state, action, example.seat, goal.solution[-1])
        if met != (n == len(goal.solution)):
            return [f"goal.solution {n} ({text!r}): the goal {goal.kind} is "
                    + ("already met before the last action" if met else "not met by the last action")]
        if n < len(goal.solution) and after.turn != example.seat:
            return [f"goal.solution {n} ({text!r}): the turn passes to seat {after.turn} before the goal"]
        state = after
    return []


# --------------------------------------------------------------------------- frames

def snapshot(state: HandState, seat: int, moves: int = 0, face_up: tuple[int, ...] = (),
             acting: bool = False) -> dict[str, Any]:
    """A snapshot of ``state`` for ``seat`` in the host's shape (canasta.host): a still,
    which nobody acts on (no legal actions), or with ``acting`` the seat's legal actions
    while it is to act (a reader trying the example). The hands of the ``face_up`` seats
    are shown too (``shown_hands``: the example's author chose to show them; a game's
    snapshot never has them)."""
    r = state.rules
    out = view(state, seat)
    out.update({"hand_number": 1, "target": r.target, "game_scores": list(state.scores)})
    results = [s.to_dict() for s in score_hand(state)] if state.over else None
    records = screen_records(state, seat, acting)
    acts = bool(records["actions"])
    return {"ok": True, "view": out, **records, "turn": state.turn, "human_turn": acts, "hand_over": state.over,
            "game_over": False, "scores": list(state.scores), "last_hand": results, "log": [],
            "table": {"variant": r.name, "players": r.players, "target": r.target, "switches": table_switches(r)},
            "options": {}, "moves": moves,
            "shown_hands": {str(s): [c.text for c in state.hands[s]] for s in face_up if s != seat}}


def frames(example: Example) -> list[dict[str, Any]]:
    """The example as stills, for a screen that shows it before (or without) the engine:
    the position with the example's caption, then the state after each step of a demo
    (a refused step shows its refusal on the same state) or after each action of a try's
    or a puzzle's solution (what "show me" plays), with their captions. Each frame is
    ``{"snapshot", "caption", "action", "refusal"}``."""
    state = from_position(example.position)
    out = [{"snapshot": snapshot(state, example.seat, 0, example.face_up), "caption": example.caption, "action": "",
            "refusal": None}]
    if example.mode == "demo":
        plays = [(str(step["do"]), step.get("caption") or example.caption) for step in example.steps]
    elif example.goal is not None:
        last = len(example.goal.solution) - 1
        plays = [(text, example.goal.caption if n == last else example.caption)
                 for n, text in enumerate(example.goal.solution)]
    else:
        plays = []
    for n, (text, caption) in enumerate(plays, 1):
        refusal = None
        try:
            state = apply(state, parse_action(text))
        except IllegalAction as e:
            refusal = {"code": e.code, "params": {k: str(v) for k, v in e.params.items()}, "message": e.message}
        out.append({"snapshot": snapshot(state, example.seat, n, example.face_up), "caption": caption, "action": text,
                    "refusal": refusal})
    return out


# --------------------------------------------------------------------------- in a URL

def encode(data: Any) -> str:
    """An example as URL-safe text (compressed JSON in base64url, no padding)."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode(text: Any) -> Any:
    """An example from :func:`encode`'s text (``bad_example`` if it is not one); the JSON
    it holds still has to pass :func:`read_example`."""
    if not isinstance(text, str) or not text or len(text) > MAX_EXAMPLE_BYTES:
        raise _bad(f"an encoded example is URL-safe text of at most {MAX_EXAMPLE_BYTES} characters")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_EXAMPLE_BYTES + 1)
        if len(raw) > MAX_EXAMPLE_BYTES or not inflater.eof:
            raise _bad(f"the example is larger than {MAX_EXAMPLE_BYTES} bytes")
        return loads(raw.decode("utf-8"), "bad_example", "the example")
    except CanastaError:
        raise
    except (ValueError, zlib.error, RecursionError) as e:
        raise _bad(f"not an encoded example ({type(e).__name__})") from None
