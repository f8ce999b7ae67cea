"""The command line: ``python -m canasta {variants,bench,simulate,scenario,play-demo}``, and counts out of range
refused by name for every command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from canasta.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_variants_lists_classic_with_its_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("classic"))
    assert line.split()[:2] == ["classic", "2/3/4/6"]
    assert "Classic Canasta" in line


def test_bench_prints_the_three_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "--hands", "3", "--sim-hands", "2")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 3
    assert re.fullmatch(r"random 4-player Classic hand: median [\d.]+ ms, mean [\d.]+ ms \(\d+ actions, 3 hands\)",
                        lines[0]), lines[0]
    assert re.fullmatch(r"legal_actions: [\d.]+ us per call; apply: [\d.]+ us per call", lines[1]), lines[1]
    assert re.fullmatch(r"simulate with every check: \d+ hands/s \(2 hands, 0 violations\)", lines[2]), lines[2]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--variant", "hand-and-foot", "--hands", "1"],
        ["play-demo", "--variant", "hand-and-foot"],
    ],
)
def test_unknown_variant_exits_2_with_the_error_code(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "error [unknown_variant]" in err
    assert "'hand-and-foot'" in err
    assert "Traceback" not in err


def test_unsupported_player_count_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--players", "5", "--hands", "1")
    assert code == 2
    assert "error [bad_player_count]" in err


def test_more_bots_than_seats_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--players", "2", "--bots", "good,casual,beginner", "--hands", "1")
    assert code == 2 and out == ""
    assert err.startswith("error [too_many_bots]: 3 bots named for 2 seats")
    code, _, _ = run(capsys, "simulate", "--players", "2", "--bots", "good,casual", "--hands", "1")
    assert code == 0


def test_unknown_command_is_an_argparse_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["shuffle-up"])
    assert e.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "refusal"), [
    (["simulate", "--hands", "0"], "argument --hands: a whole number of 1 or more, not 0"),
    (["bench", "--sim-hands", "-1"], "argument --sim-hands: a whole number of 1 or more, not -1"),
    (["bench-bots", "--hands", "two"], "argument --hands: a whole number, not 'two'"),
    (["match", "--a", "1", "--b", "2", "--deals", "0"], "argument --deals: a whole number of 1 or more, not 0"),
    (["match", "--a", "1", "--b", "2", "--jobs", "0"], "argument --jobs: a whole number of 1 or more, not 0"),
    (["match", "--a", "4", "--b", "2", "--expert-rollouts", "1001"],
     "argument --expert-rollouts: a whole number from 1 to 1000, not 1001"),
    (["match", "--a", "4", "--b", "2", "--expert-horizon", "-2"],
     "argument --expert-horizon: a whole number of 0 or more, not -2"),
    (["play-demo", "--max-hands", "0"], "argument --max-hands: a whole number of 1 or more, not 0"),
])
def test_counts_out_of_range_are_refused_by_name(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                 refusal: str) -> None:
    # Before: --deals 0 ended in a traceback, --jobs 0 and --expert-rollouts -5 ran regardless.
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert refusal in err and "Traceback" not in err


def test_play_demo_plays_seeded_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play-demo", "--seed", "4", "--max-hands", "2")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("hand 1: ")
    assert lines[-1] == "no winner yet" or lines[-1].startswith("winner: side ")
    code2, out2, _ = run(capsys, "play-demo", "--seed", "4", "--max-hands", "2")
    assert code2 == 0 and out2 == out  # seeded: the same game again


def _position() -> dict[str, object]:
    return {
        "variant": "classic", "players": 4, "turn": 0, "phase": "draw",
        "hands": [["9H", "9S", "KD", "2D"], ["AS"], ["QC"], ["JD"]],
        "melds": [[["KH", "KS", "KC"]], []],
        "discard": ["2C", "9D"], "stock": ["4H", "QS"],
    }


def test_scenario_command_reports_each_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = {"name": "frozen pile needs a natural pair", "position": _position(),
            "steps": [{"do": "take 9H 2D", "expect": "illegal"}, {"do": "take 9H 9S", "expect": "ok"}]}
    bad = {"name": "expects the wrong thing", "position": _position(), "steps": [{"do": "draw", "expect": "illegal"}]}
    (tmp_path / "a_good.json").write_text(json.dumps(good), encoding="utf-8")
    (tmp_path / "b_bad.json").write_text(json.dumps(bad), encoding="utf-8")
    (tmp_path / "c_broken.json").write_text("{", encoding="utf-8")
    code, out, _ = run(capsys, "scenario", str(tmp_path))
    lines = out.strip().splitlines()
    assert code == 1
    assert lines[0].startswith("PASS ") and "frozen pile" in lines[0]
    assert lines[1].startswith("FAIL ") and "expects the wrong thing" in lines[1]
    assert lines[2].startswith("FAIL ") and "c_broken.json" in lines[2]
    assert lines[-1] == "1 passed, 2 failed"
    code, out, _ = run(capsys, "scenario", str(tmp_path / "a_good.json"))
    assert code == 0
    assert out.strip().splitlines()[-1] == "1 passed, 0 failed"
