"""Sourceless bytecode for the engine worker's Pyodide (issue 39).

Run inside Pyodide by build/compile-engine.mjs (the engine) and build/compile-stdlib.mjs
(the game's standard library), so that the .pyc files carry Pyodide's own magic number;
tested under CPython (tests/web/test_pyc_compile.py), whose location tables have the same
format since 3.11 (PEP 657, CPython's Objects/locations.md).

A first visit used to compile about 140 standard-library modules from source while
Pyodide started (asyncio, inspect, typing, dataclasses...): most of a cold boot. With
their bytecode a bare cold boot of Pyodide took 808 ms instead of 2226 ms, and the app's
first visit was playable at 1465 ms instead of 2803 (`make bench-site`, 5 repeats,
medians). Bytecode is bigger than the slimmed sources, so the location tables keep line
numbers and drop columns, as ``python -X no_debug_ranges`` does: a traceback still names
every line, without the ``^^^`` under the expression; that keeps the first visit within
its 13.5 MB (build_site.STDLIB_SOURCES keeps the rarely imported modules as sources).
"""

from __future__ import annotations

import importlib.util
import types
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

#: Location-table entry kinds (Objects/locations.md): a line delta without columns, and
#: no location at all.
NO_COLUMNS = 13
NO_LOCATION = 15
#: Code units one entry may cover.
MAX_UNITS = 8


def _varint(out: bytearray, value: int) -> None:
    while value >= 64:
        out.append(64 | (value & 63))
        value >>= 6
    out.append(value)


def _signed_varint(out: bytearray, value: int) -> None:
    _varint(out, ((-value) << 1) | 1 if value < 0 else value << 1)


def lines_only(code: types.CodeType) -> types.CodeType:
    """``code`` and the code objects it holds with location tables that give each
    instruction's line and no column (the same ``co_lines()``)."""
    lines = [position[0] for position in code.co_positions()]
    table = bytearray()
    previous = code.co_firstlineno
    i = 0
    while i < len(lines):
        line = lines[i]
        n = 1
        while n < MAX_UNITS and i + n < len(lines) and lines[i + n] == line:
            n += 1
        if line is None:
            table.append(0x80 | (NO_LOCATION << 3) | (n - 1))
        else:
            table.append(0x80 | (NO_COLUMNS << 3) | (n - 1))
            _signed_varint(table, line - previous)
            previous = line
        i += n
    consts = tuple(lines_only(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def pyc(code: types.CodeType, source: bytes) -> bytes:
    """A hash-based, unchecked .pyc (PEP 552) of ``code``: no timestamp in its header, the
    same bytes on every build, and the importer never looks for the source."""
    return bytes(_code_to_hash_pyc(lines_only(code), importlib.util.source_hash(source), checked=False))


def compile_zip(source_zip: str, target_zip: str, prefix: str, sources: frozenset[str] = frozenset()
                ) -> tuple[int, list[str]]:
    """Copy ``source_zip`` to ``target_zip`` in its order, dates and modes, each ``.py``
    but ``sources`` replaced by its ``.pyc`` compiled as ``prefix + name`` (the file name a
    source import would give). A module this Python cannot compile stays a source. Returns
    how many were compiled and the names this Python could not compile."""
    compiled = 0
    kept: list[str] = []
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target_zip, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            name = info.filename
            if name.endswith(".py") and name not in sources:
                try:
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    kept.append(name)
                else:
                    data, name = pyc(code, data), name[:-3] + ".pyc"
                    compiled += 1
            entry = zipfile.ZipInfo(name, info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            target.writestr(entry, data, compresslevel=9)
    return compiled, kept
