"""A reader trying the live examples (``canasta.trial`` through ``host.example_*``): the
solution, played as the reader would send it (an intent with the reader's cards),
solves it; each refused step of the example is refused with its code and changes
nothing; a legal action that misses the goal is undone in a try; "show me" plays the
solution; every reply is the protocol's envelope."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from canasta import host
from canasta.actions import parse_action
from canasta.examples import read_example
from canasta.intents import resolve
from canasta.legal import is_legal
from canasta.notation import from_position
from canasta.play import apply
from canasta.protocol import ActionRecord
from canasta.records import action_record

EXAMPLES = Path(__file__).resolve().parents[2] / "web" / "examples"
TRIES = [p for p in sorted(EXAMPLES.glob("*/*.json")) if json.loads(p.read_text(encoding="utf-8"))["mode"]
         in ("try", "puzzle")] if EXAMPLES.is_dir() else []


def call(text: str) -> dict[str, Any]:
    out = json.loads(text)
    assert isinstance(out, dict) and out["v"] == 1
    return out


def intent(state: Any, text: str) -> str:
    """The reader's intent for an action: its record, as a screen sends it."""
    record = action_record(state, parse_action(text))
    return json.dumps(ActionRecord(record.verb, groups=list(reversed(record.groups)), target=record.target,
                                   other=record.other, wild=record.wild, answer=record.answer).to_json())


@pytest.mark.skipif(not TRIES, reason="web/examples is not beside the tests")
@pytest.mark.parametrize("path", TRIES, ids=[f"{p.parent.name}/{p.stem}" for p in TRIES])
def test_trying_an_example(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    example = read_example(data)
    assert example.goal is not None
    start = call(host.example_start(json.dumps(data)))
    assert start["ok"] and start["goal"]["kind"] == example.goal.kind
    assert start["snapshot"]["human_turn"] and start["snapshot"]["actions"]
    state = from_position(example.position)
    # each refused step of the example: refused with its code, the table unchanged
    for step in example.steps:
        # a bare verb the reader's button completes (e.g. a take naming no meld, which
        # the engine reads onto the one meld it fits) is no refusal at the table
        if step.get("expect") == "illegal" and not is_legal(
                state, resolve(state, ActionRecord.from_json(json.loads(intent(state, step["do"]))))):
            out = call(host.example_act(intent(state, step["do"])))
            assert out["verdict"] == "refused", out
            if "code" in step:
                assert out["error"]["code"] == step["code"]
            assert out["snapshot"]["view"]["hand"] == start["snapshot"]["view"]["hand"]
    # the solution, step by step, as the reader would play it
    for n, text in enumerate(example.goal.solution):
        out = call(host.example_act(intent(state, text)))
        last = n == len(example.goal.solution) - 1
        assert out["verdict"] == ("solved" if last else "progress"), (text, out)
        state = apply(state, parse_action(text))
    assert not out["snapshot"]["actions"]  # solved: nothing more to do
    again = call(host.example_act(intent(state, "draw")))
    assert again["ok"] is False and again["error"]["code"] == "wrong_phase"
    # start again, then "show me"
    restarted = call(host.example_restart())
    assert restarted["tries"] >= len(example.goal.solution)
    shown = call(host.example_show_me())
    assert shown["solution"] == list(example.goal.solution)


@pytest.mark.skipif(not TRIES, reason="web/examples is not beside the tests")
def test_a_legal_action_that_misses_the_goal_is_undone_in_a_try() -> None:
    data = json.loads((EXAMPLES / "classic" / "initial-meld-50.json").read_text(encoding="utf-8"))
    call(host.example_start(json.dumps(data)))
    state = from_position(data["position"])
    out = call(host.example_act(intent(state, "discard 5S")))
    assert out["verdict"] == "missed" and out["snapshot"]["human_turn"]
    assert len(out["snapshot"]["view"]["hand"]) == len(data["position"]["hands"][0])


def test_bad_starts_and_calls_are_refused() -> None:
    assert call(host.example_start("not json"))["error"]["code"] == "bad_request"
    assert call(host.example_start(json.dumps({"example": 1})))["error"]["code"] == "bad_example"
    if TRIES:
        call(host.example_start(TRIES[0].read_text(encoding="utf-8")))
        assert call(host.example_act("{}"))["error"]["code"] == "bad_request"
        assert call(host.example_act(json.dumps({"verb": "meld", "groups": [["XX"]]})))["error"]["code"] == "bad_card"
