"""The engine worker's cache of tiny wasm modules (web/engine-worker.js,
compileTinyModulesOnce): Emscripten's addFunction compiles a module of a few dozen bytes
for every JS function it puts in the wasm table (261 during Pyodide's boot, 30 distinct).
Under Node: the same bytes give the same compiled module, whose instances keep their own
imports; bigger modules, bad bytes and a call without `new` behave as natively."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js not found")
def test_tiny_modules_are_compiled_once_and_stay_modules() -> None:
    done = subprocess.run(["node", str(HERE / "tiny_modules.mjs")], capture_output=True, text=True, timeout=60,
                          check=True)
    assert json.loads(done.stdout) == {
        "same": True,  # one compiled module for the same bytes (Uint8Array or ArrayBuffer)
        "isModule": True,
        "exports": ["f"],
        "calls": [42, 22],  # each instance calls its own import
        "bigCompiledEachTime": True,
        "withoutNew": "TypeError",
        "badBytes": "CompileError",
    }
