"""The package itself: what is imported, its version, its typing marker.

Under Pyodide (``sys.platform == "emscripten"``, ``make test-pyodide``) the package must
come from the installed wheel (site-packages), never from ``pycore/``: so a pass there
proves the wheel works. On CPython, pytest's ``pythonpath`` puts ``pycore/`` first.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

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
