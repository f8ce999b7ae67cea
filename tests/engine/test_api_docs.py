"""The public API's examples in docs/python-pages.md, run as a doctest: every `>>>` line of
the page is executed and its output compared (on CPython, and in Pyodide by
build/run-pyodide-tests.mjs, which runs tests/engine against the installed wheel)."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "python-pages.md"


def test_the_api_examples_run_as_written() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, verbose=False)
    assert result.attempted >= 20, f"{DOC.name}: only {result.attempted} examples found"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {DOC.name} failed (see above)"
