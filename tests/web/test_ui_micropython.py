"""The UI's pure modules (web/ui_text.py, ui_model.py, ui_render.py) give the same results
on CPython and on MicroPython, the runtime the page runs them in: tests/web/ui_probe.py
prints its results under both (MicroPython from build/node_modules, run by Node), and the
lines must be equal. The snapshots it renders come from real games of the engine."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from canasta.catalog import catalog
from canasta.host import Host
from canasta.variants import PRESETS

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WEB = REPO / "web"
MICROPYTHON = REPO / "build" / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def snapshots() -> list[dict[str, object]]:
    """Snapshots along seeded games: starts, human turns, bot turns, a hand's end."""
    out: list[dict[str, object]] = []
    games = [("classic", 3, 4, [0]), ("classic", 5, 2, [0]), ("classic", 8, 4, []), ("classic", 9, 3, [0]),
             ("classic", 11, 6, [0])]
    games += [(name, 12, None, []) for name in PRESETS if name != "classic"]
    for variant, seed, players, humans in games:
        host = Host()
        snap = json.loads(host.new_game(json.dumps({"variant": variant, "seed": seed, "players": players,
                                                    "humans": humans})))
        out.append(snap)
        for step in range(400):
            if snap["hand_over"]:
                break
            if snap["human_turn"]:
                action = snap["legal"][-1] if snap["view"]["phase"] == "play" else snap["legal"][0]
                snap = json.loads(host.play(0, action))["snapshot"]
            else:
                snap = json.loads(host.bot_step())["snapshot"]
            if step % 37 == 0:
                out.append(snap)
        out.append(snap)
    return out


def write_inputs(tmp_path: Path) -> tuple[Path, Path]:
    snap_file = tmp_path / "snapshots.json"
    snap_file.write_text(json.dumps(snapshots()), encoding="utf-8")
    catalog_file = tmp_path / "catalog.json"
    catalog_file.write_text(json.dumps(catalog()), encoding="utf-8")
    return snap_file, catalog_file


def run_cpython(snap_file: Path, catalog_file: Path) -> str:
    buffer = io.StringIO()
    code = (HERE / "ui_probe.py").read_text(encoding="utf-8")
    with contextlib.redirect_stdout(buffer):
        exec(compile(code, "ui_probe.py", "exec"), {"BASE": str(WEB) + "/", "SNAPSHOTS": str(snap_file),
                                                   "CATALOG": str(catalog_file), "__name__": "ui_probe"})
    return buffer.getvalue()


def test_probe_runs_on_cpython(tmp_path: Path) -> None:
    text = run_cpython(*write_inputs(tmp_path))
    assert text.rstrip().endswith("done")
    assert "Dame de cœur" in text and "Queen of hearts" in text


@pytest.mark.skipif(not MICROPYTHON.is_file(), reason="MicroPython not installed (make pyodide runs npm ci in build/)")
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js not found")
def test_same_results_on_micropython(tmp_path: Path) -> None:
    snap_file, catalog_file = write_inputs(tmp_path)
    expected = run_cpython(snap_file, catalog_file).splitlines()
    run = subprocess.run(
        ["node", str(HERE / "run_micropython.mjs"), str(HERE / "ui_probe.py"), f"{snap_file}=/snapshots.json",
         f"{catalog_file}=/catalog.json"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    got = run.stdout.splitlines()
    for n, (a, b) in enumerate(zip(expected, got)):
        assert a == b, f"line {n + 1} differs:\nCPython:     {a[:600]}\nMicroPython: {b[:600]}"
    assert len(got) == len(expected), run.stderr[-3000:]
