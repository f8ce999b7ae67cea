"""Temporary smoke test, so the pipeline runs while the engine is written.

Under Pyodide (sys.platform == "emscripten") the package must come from the
installed wheel (site-packages), not from pycore/. Delete this file once the
engine has real tests.
"""

import sys
from pathlib import Path

import canasta


def test_canasta_imports() -> None:
    assert isinstance(canasta.__version__, str) and canasta.__version__
    if sys.platform == "emscripten":
        assert "site-packages" in Path(canasta.__file__).parts, canasta.__file__
