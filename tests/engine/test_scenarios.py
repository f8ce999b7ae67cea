"""Every rule scenario under tests/scenarios/ (NOTATION.md "Scenario files") as a test.

Each ``*.json`` file is one parametrized test (id: the file's stem), run through
``canasta.scenario.run_scenario``. Files under ``tests/scenarios/pending/`` are left out:
they describe behaviour the engine does not have yet (see the file's description).
Plus the command line's contract: ``python -m canasta scenario PATH`` prints a line per
file and ends with ``N passed, M failed``, exiting non-zero when one fails.

No subprocess, no network: this runs inside Pyodide too, with the repository mounted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.__main__ import main
from canasta.scenario import run_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
PENDING = SCENARIOS / "pending"


def _scenario_files() -> list[Path]:
    return sorted(p for p in SCENARIOS.rglob("*.json") if PENDING not in p.parents)


FILES = _scenario_files()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    outcome = run_scenario(data, str(path))
    assert outcome.passed, f"{path.relative_to(SCENARIOS)}: {outcome.name}: {outcome.detail}"


def test_enough_scenarios_found() -> None:
    assert len(FILES) >= 60, f"only {len(FILES)} scenario files found under {SCENARIOS}"


def test_pending_scenarios_are_not_run() -> None:
    assert all(PENDING not in p.parents for p in FILES)


_POSITION = {
    "variant": "classic",
    "players": 4,
    "turn": 0,
    "phase": "draw",
    "hands": [["KH", "QS"], [], [], []],
    "discard": ["6H"],
    "stock": ["9S", "8H"],
}


def test_command_line_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = {"name": "drawing is legal", "position": _POSITION, "steps": [{"do": "draw", "expect": "ok"}]}
    bad = {"name": "drawing is wrongly expected illegal", "position": _POSITION,
           "steps": [{"do": "draw", "expect": "illegal"}]}
    (tmp_path / "a-good.json").write_text(json.dumps(good), encoding="utf-8")
    (tmp_path / "b-bad.json").write_text(json.dumps(bad), encoding="utf-8")

    code = main(["scenario", str(tmp_path)])

    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert code == 1, out
    assert lines[-1] == "1 passed, 1 failed", out
    assert len(lines) == 3, out
