"""The package itself: what is imported, its version, its typing marker.

Under Pyodide (``sys.platform == "emscripten"``, ``make test-pyodide``) the package must
come from the installed wheel (site-packages), never from ``pycore/``: so a pass there
proves the wheel works. On CPython, pytest's ``pythonpath`` puts ``pycore/`` first.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest

import canasta

REPO = Path(__file__).resolve().parents[2]


def test_canasta_is_imported_from_the_right_place() -> None:
    where = Path(canasta.__file__).resolve()
    if sys.platform == "emscripten":
        assert "site-packages" in where.parts, where
        assert "pycore" not in where.parts, where
    else:
        assert where.parent == REPO / "pycore" / "canasta", where


def test_version_matches_pyproject() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert canasta.__version__ == project["version"]


def test_typing_marker_ships_with_the_package() -> None:
    assert (Path(canasta.__file__).parent / "py.typed").is_file()


def test_engine_modules_import_only_the_standard_library() -> None:
    import ast

    allowed = set(sys.stdlib_module_names) | {"__future__"}
    files = sorted(Path(canasta.__file__).parent.rglob("*.py"))
    assert len(files) > 10
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed | {"canasta"}, f"{f.name} imports {name}"


#: What the host leaves to the calls that need them (canasta.bots._LATER, canasta.host's
#: note on its imports): the app's engine worker imports the host on every first visit.
LATER = ("canasta.bots.expert", "canasta.bots.ismcts", "canasta.bots.belief", "canasta.examples",
         "canasta.replay", "canasta.recordfile", "canasta.trial", "canasta.scenario")


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts a Python process")
def test_the_host_imports_the_search_replays_files_and_examples_only_when_called() -> None:
    import subprocess

    probe = ("import json, sys; import canasta.host as h; before = sorted(sys.modules); "
             "g = h.Host(); g.new_game(json.dumps({'seed': 1, 'bot': 'expert', 'expert_rollouts': 1})); "
             "assert json.loads(g.bot_step(0))['ok']; "
             "print(json.dumps([before, sorted(sys.modules)]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(REPO / "pycore"), "PATH": ""}, check=True)
    before, after = json.loads(done.stdout)
    assert "canasta.host" in before and not set(LATER) & set(before)
    assert "canasta.bots.expert" in after  # an expert's first move imports it


def test_the_searching_bots_are_still_named_by_the_bots_package() -> None:
    import canasta.bots as bots
    from canasta.bots.expert import ExpertBot
    from canasta.bots.ismcts import IsmctsBot

    assert bots.ExpertBot is ExpertBot and bots.IsmctsBot is IsmctsBot
    assert type(bots.get_bot("expert", 1)) is ExpertBot and type(bots.get_bot("expert-tree:turns=2", 1)) is IsmctsBot
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        bots.Nope  # noqa: B018
