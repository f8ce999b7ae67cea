"""build/pyc_compile.py, which makes the engine's and the game's standard library's
bytecode for Pyodide (build/compile-engine.mjs, build/compile-stdlib.mjs), run here under
CPython: the location tables keep every line and drop the columns, a .pyc imports from a
zip and its traceback names the right line, a zip keeps its order and the files it must
keep, and one input always gives the same bytes. (The built site's zip is checked against
the build's list in tests/e2e/test_site_stdlib.py.)"""

from __future__ import annotations

import importlib
import importlib.util
import marshal
import sys
import traceback
import types
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "build"))
import pyc_compile  # noqa: E402

#: Standard-library modules with every kind of code: comprehensions, closures, classes,
#: async functions, try/except, match, long functions.
SAMPLES = ("asyncio/tasks.py", "inspect.py", "dataclasses.py", "json/decoder.py", "typing.py", "re/_parser.py")


def _line_of_each_unit(code: types.CodeType) -> list[int | None]:
    """co_lines() per code unit (Pythons differ in whether they merge equal neighbours)."""
    return [line for start, end, line in code.co_lines() for _ in range(start, end, 2)]


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


@pytest.mark.parametrize("name", SAMPLES)
def test_lines_only_keeps_every_line_and_drops_the_columns(name: str) -> None:
    path = Path(sys.modules["os"].__file__ or "").parent / name
    code = compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
    slim = pyc_compile.lines_only(code)
    before, after = list(_codes(code)), list(_codes(slim))
    assert len(before) == len(after) > 1
    for old, new in zip(before, after):
        assert _line_of_each_unit(new) == _line_of_each_unit(old), old.co_qualname
        assert [p[0] for p in new.co_positions()] == [p[0] for p in old.co_positions()]
        assert all(p[2] is None and p[3] is None for p in new.co_positions())
        assert new.co_code == old.co_code and new.co_exceptiontable == old.co_exceptiontable
    assert sum(len(c.co_linetable) for c in after) < sum(len(c.co_linetable) for c in before) / 2


SOURCE = b'''"""A module."""
import json


def parse(text):
    try:
        return json.loads(text)
    except ValueError:
        raise LookupError("not JSON: " + text)


async def twice(x):
    return [y * 2 for y in x if y]
'''


def test_a_pyc_runs_and_its_traceback_names_the_line(tmp_path: Path) -> None:
    code = compile(SOURCE, "sample.py", "exec", dont_inherit=True)
    data = pyc_compile.pyc(code, SOURCE)
    assert data[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(data[4:8], "little") == 0b01  # hash-based, unchecked
    namespace: dict[str, object] = {}
    exec(marshal.loads(data[16:]), namespace)
    with pytest.raises(LookupError) as caught:
        namespace["parse"]("{")  # type: ignore[operator]
    frames = traceback.extract_tb(caught.value.__traceback__)
    assert (frames[-1].filename, frames[-1].lineno) == ("sample.py", 9) and not frames[-1].line  # no source, no text
    assert all(f.colno is None for f in frames if f.filename == "sample.py")


def test_a_zip_is_compiled_in_order_and_imports(tmp_path: Path) -> None:
    source, target = tmp_path / "in.zip", tmp_path / "out.zip"
    with zipfile.ZipFile(source, "w") as z:
        z.writestr("zz_pyc_mod.py", SOURCE)
        z.writestr("zz_pyc_pkg/", b"")
        z.writestr("zz_pyc_pkg/__init__.py", b"VALUE = 3\n")
        z.writestr("zz_pyc_bad.py", b"def broken(:\n")
        z.writestr("zz_pyc_kept.py", b"KEPT = True\n")
        z.writestr("data.txt", b"not Python")
    compiled, kept = pyc_compile.compile_zip(str(source), str(target), "/lib/", frozenset({"zz_pyc_kept.py"}))
    assert (compiled, kept) == (2, ["zz_pyc_bad.py"])
    with zipfile.ZipFile(target) as z:
        assert z.namelist() == ["zz_pyc_mod.pyc", "zz_pyc_pkg/", "zz_pyc_pkg/__init__.pyc", "zz_pyc_bad.py",
                                "zz_pyc_kept.py", "data.txt"]
        assert z.read("data.txt") == b"not Python" and z.read("zz_pyc_kept.py") == b"KEPT = True\n"
        assert marshal.loads(z.read("zz_pyc_mod.pyc")[16:]).co_filename == "/lib/zz_pyc_mod.py"
    again = tmp_path / "again.zip"
    pyc_compile.compile_zip(str(source), str(again), "/lib/", frozenset({"zz_pyc_kept.py"}))
    assert again.read_bytes() == target.read_bytes()
    sys.path.insert(0, str(target))
    try:
        module = importlib.import_module("zz_pyc_mod")
        assert module.parse("[1]") == [1] and module.__file__.endswith("zz_pyc_mod.pyc")
        assert importlib.import_module("zz_pyc_pkg").VALUE == 3
        assert importlib.import_module("zz_pyc_kept").KEPT is True
    finally:
        sys.path.remove(str(target))
        for name in ("zz_pyc_mod", "zz_pyc_pkg", "zz_pyc_kept"):
            sys.modules.pop(name, None)
