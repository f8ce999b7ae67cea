"""The live rule examples (``web/examples/``, ``canasta.examples``): every file is read and
played by the engine, so a rule change that breaks an example fails the build; the
format refuses what it cannot show; goals are judged by the engine, a try's solution with
other suits of the same kinds included; examples travel inside URLs and back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from canasta.actions import parse_action
from canasta.errors import CanastaError
from canasta.examples import (EXAMPLE_VERSION, MAX_EXAMPLE_BYTES, check_example, decode, encode, goal_met,
                              read_example)
from canasta.notation import from_position

EXAMPLES = Path(__file__).resolve().parents[2] / "web" / "examples"
FILES = sorted(EXAMPLES.glob("*/*.json")) if EXAMPLES.is_dir() else []


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.skipif(not FILES, reason="web/examples is not beside the tests")
@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_every_shipped_example_plays_as_it_says(path: Path) -> None:
    data = load(path)
    assert check_example(data) == []
    example = read_example(data)
    assert "RULES.md" in example.rule, "each example names the rule it shows"
    assert decode(encode(data)) == data


@pytest.mark.skipif(not FILES, reason="web/examples is not beside the tests")
def test_examples_cover_every_mode_and_several_games() -> None:
    modes = {read_example(load(p)).mode for p in FILES}
    assert {"demo", "try"} <= modes
    assert {p.parent.name for p in FILES} >= {"classic", "samba", "modern-american"}


def frozen_pile() -> dict[str, Any]:
    return load(EXAMPLES / "classic" / "frozen-pile-natural-pair.json") if FILES else {
        "example": 1, "mode": "try", "seat": 0, "rule": "RULES.md 2",
        "title": {"en": "t", "fr": "t"}, "caption": {"en": "c", "fr": "c"},
        "position": {"variant": "classic", "players": 4, "turn": 0, "phase": "draw",
                     "hands": [["8S", "8H", "JK", "KC"], [], [], []], "melds": [[["8H", "8S", "8D"]], []],
                     "discard": ["5H", "2S", "7H", "8C"], "stock": ["4S"]},
        "steps": [], "goal": {"kind": "take_pile", "solution": ["take 8S 8H"],
                              "caption": {"en": "g", "fr": "g"}}}


@pytest.mark.parametrize(("change", "field"), [
    ({"example": 2}, "example"), ({"example": True}, "example"), ({"mode": "quiz"}, "mode"),
    ({"title": {"en": "only English"}}, "title"), ({"seat": 4}, "seat"), ({"seat": True}, "seat"),
    ({"face_up": [0, 9]}, "face_up"), ({"position": []}, "position"), ({"steps": [{"do": "draw", "x": 1}]}, "steps"),
    ({"goal": None}, "goal"), ({"goal": {"kind": "win", "solution": ["draw"], "caption": {"en": "g", "fr": "g"}}}, "goal"),
    ({"goal": {"kind": "play", "solution": ["draw", "discard 5H"], "caption": {"en": "g", "fr": "g"}}}, "goal"),
    ({"colour": "red"}, "colour"),
])
def test_a_malformed_example_is_refused_naming_its_field(change: dict[str, Any], field: str) -> None:
    data = {**frozen_pile(), **change}
    with pytest.raises(CanastaError) as refused:
        read_example(data)
    assert refused.value.code == "bad_example" and refused.value.params.get("field") == field
    assert check_example(data) != []


def test_an_example_that_breaks_a_rule_is_caught() -> None:
    data = frozen_pile()
    wrong = {**data, "goal": {**data["goal"], "solution": ["take 8S JK"]}}
    assert any("refused [pile_frozen]" in p for p in check_example(wrong))
    early = {**data, "goal": {**data["goal"], "kind": "open"}}
    assert any("not met" in p for p in check_example(early))
    wrong_step = {**data, "steps": [{"do": "take 8S 8H", "expect": "illegal"}]}
    assert any("accepted, expected illegal" in p for p in check_example(wrong_step))


def test_the_goal_is_judged_by_the_engine_suits_aside() -> None:
    data = frozen_pile()
    state = from_position(data["position"])
    assert goal_met("take_pile", state, parse_action("take 8H 8S"), 0)
    wild = load(EXAMPLES / "classic" / "wild-card-limit.json") if FILES else None
    if wild is not None:
        state = from_position(wild["position"])
        # the solution names 2C 2D; the reader's 2D 2H plays the same action
        assert goal_met("play", state, parse_action("add K 2D 2H"), 0, "add K 2C 2D")
        assert not goal_met("play", state, parse_action("add K 2D"), 0, "add K 2C 2D")


def test_examples_travel_in_urls() -> None:
    data = frozen_pile()
    text = encode(data)
    assert all(c.isalnum() or c in "-_" for c in text)
    assert decode(text) == data
    for bad in ("", "!!!", "AAAA", encode([1])[:-3] + "x", "A" * (MAX_EXAMPLE_BYTES + 1), None):
        try:
            decoded = decode(bad)
        except CanastaError as e:
            assert e.code == "bad_example"
        else:
            assert check_example(decoded) != []
    bomb = encode({"example": EXAMPLE_VERSION, "pad": "x" * (MAX_EXAMPLE_BYTES * 10)})
    with pytest.raises(CanastaError):
        decode(bomb)


@pytest.mark.skipif(not FILES, reason="web/examples is not beside the tests")
def test_the_example_command_checks_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from canasta.lab.cli import main

    assert main(["example", str(EXAMPLES)]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"{len(FILES)} passed, 0 failed")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**frozen_pile(), "mode": "quiz"}), encoding="utf-8")
    assert main(["example", str(bad), "--encode"]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "mode: one of" in out and out.rstrip().endswith("0 passed, 1 failed")


@pytest.mark.skipif(not FILES, reason="web/examples is not beside the tests")
def test_face_up_hands_are_shown_and_no_other() -> None:
    from canasta.examples import frames

    example = read_example(load(EXAMPLES / "classic" / "ask-partner.json"))
    assert example.face_up == (0, 2)
    for frame in frames(example):
        shown = frame["snapshot"]["shown_hands"]
        assert set(shown) == {"2"}  # the reader's own hand is the view's; seats 1 and 3 stay hidden
        assert len(shown["2"]) == frame["snapshot"]["view"]["hand_counts"][2]
