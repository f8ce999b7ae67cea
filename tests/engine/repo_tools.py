"""The repository's tools/ scripts for the tests that check them (not a test module).

tools/ is neither a package nor in the wheel, so a script is loaded by its path; where
the tests run without it beside them (inside Pyodide, from the wheel), the test skips.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module (skips the test when it is not there)."""
    path = TOOLS / f"{name}.py"
    if not path.exists():
        pytest.skip("tools/ is not beside the tests")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
