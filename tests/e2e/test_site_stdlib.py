"""The built site's standard library for the engine worker (issue 39): every module the
game imports is Pyodide bytecode (build/compile-stdlib.mjs), only STDLIB_SOURCES stay
sources, nothing of the game's list is missing, and the compiled modules carry the file
names a source import would give. Reads dist/site (no browser): the browser tests boot it."""

from __future__ import annotations

import json
import sys
import zipfile

from site_helpers import REPO, SITE

sys.path.insert(0, str(REPO / "build"))
import build_site  # noqa: E402


def test_the_game_stdlib_is_bytecode_but_the_rarely_imported_sources() -> None:
    info = json.loads((SITE / "build-info.json").read_text(encoding="utf-8"))
    with zipfile.ZipFile(SITE / info["game_stdlib"]) as z:
        names = set(z.namelist())
        listed = build_site.game_stdlib_files()
        sources = set(build_site.STDLIB_SOURCES)
        for name in listed:
            if name.endswith(".py"):
                assert (name in names) == (name in sources), name  # a source only if kept so
                assert (name[:-3] + ".pyc" in names) != (name in sources), name
        assert {n for n in names if n.endswith(".py")} == sources
        pyc = z.read("asyncio/events.pyc")
        assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked: no source looked for
        # the code names its file as a source import from Pyodide's mounted zip would
        assert b"/lib/python3" in pyc and b".zip/asyncio/events.py" in pyc
