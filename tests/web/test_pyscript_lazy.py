"""PyScript's pyscript package as the build patches it (build/build_site.py,
PYSCRIPT_LAZY_PATCH): `import pyscript` loads only pyscript.context, and every other name
of the original package still imports, on first use, under MicroPython (the page's UI
runtime, from build/node_modules). The package's submodules and polyscript are stand-ins
here (the real ones need a browser); what is tested is the patched __init__ itself."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "build"))
import build_site  # noqa: E402

MICROPYTHON = REPO / "build" / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

#: The names the original __init__ gives, each from its submodule.
ORIGINAL_NAMES = {
    "context": ["RUNNING_IN_WORKER", "PyWorker", "config", "current_target", "document", "js_import", "js_modules",
                "sync", "window"],
    "display": ["HTML", "display"], "fetch": ["fetch"], "storage": ["Storage", "storage"],
    "websocket": ["WebSocket"], "events": ["when", "Event"], "workers": ["create_named_worker", "workers"],
}

PROBE = '''
import os, sys
os.mkdir("/pyscript")
with open("/polyscript.py", "w") as f:
    f.write("lazy_py_modules = 'py_import'\\n")
for module, names in NAMES.items():
    with open("/pyscript/" + module + ".py", "w") as f:
        for name in names:
            f.write(name + " = " + repr(module + "." + name) + "\\n")
        if module == "context":
            f.write("RUNNING_IN_WORKER = " + repr(WORKER) + "\\n")
with open("/pyscript/__init__.py", "w") as f:
    f.write(INIT)
import pyscript
print("loaded", sorted(m for m in sys.modules if m.startswith("pyscript.")))
from pyscript import document, window, display, when
print("from", document, window, display, when)
print("attr", pyscript.fetch, pyscript.Storage, pyscript.WebSocket, pyscript.HTML, pyscript.Event)
try:
    print("workers", pyscript.workers, pyscript.create_named_worker)
except AttributeError as error:
    print("workers AttributeError", error)
print("loaded", sorted(m for m in sys.modules if m.startswith("pyscript.")))
try:
    pyscript.nothing
except AttributeError as error:
    print("nothing AttributeError", error)
'''


def run(init: str, worker: bool, folder: Path) -> list[str]:
    script = ("NAMES = " + json.dumps(ORIGINAL_NAMES) + "\nINIT = " + json.dumps(init) + "\nWORKER = "
              + ("True" if worker else "False") + "\n" + PROBE)
    folder.mkdir(exist_ok=True)
    path = folder / ("probe_worker.py" if worker else "probe.py")
    path.write_text(script, encoding="utf-8")
    done = subprocess.run(["node", str(HERE / "run_micropython.mjs"), str(path)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


def test_the_patch_replaces_the_init_the_build_ships() -> None:
    _, old, new = build_site.PYSCRIPT_LAZY_PATCH
    assert json.loads(old.split(":", 1)[1]) == build_site.PYSCRIPT_INIT
    assert json.loads(new.split(":", 1)[1]) == build_site.PYSCRIPT_INIT_LAZY
    # every name the original imports is the patched one's, at once or on use
    imported = {name for line in build_site.PYSCRIPT_INIT.splitlines() if " import " in line
                for name in line.split(" import ", 1)[1].split(",")}
    lazy = build_site.PYSCRIPT_INIT_LAZY
    for names in ORIGINAL_NAMES.values():
        for name in names:
            assert name in imported and name in lazy, name


@pytest.mark.skipif(not MICROPYTHON.is_file(), reason="MicroPython not installed (make pyodide runs npm ci in build/)")
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js not found")
def test_the_lazy_package_gives_every_name_on_use_under_micropython(tmp_path: Path) -> None:
    original = run(build_site.PYSCRIPT_INIT, False, tmp_path / "original")
    lazy = run(build_site.PYSCRIPT_INIT_LAZY, False, tmp_path / "lazy")
    # the original loads every submodule at import; the patched one only context
    assert original[0] == "loaded ['pyscript.context', 'pyscript.display', 'pyscript.events', 'pyscript.fetch', " \
        "'pyscript.storage', 'pyscript.websocket', 'pyscript.workers']", original
    assert lazy[0] == "loaded ['pyscript.context']", lazy
    # then the same names, the same values
    assert lazy[1:4] == original[1:4]
    assert lazy[1] == "from context.document context.window display.display events.when"
    assert lazy[3] == "workers workers.workers workers.create_named_worker"
    assert lazy[4] == "loaded ['pyscript.context', 'pyscript.display', 'pyscript.events', 'pyscript.fetch', " \
        "'pyscript.storage', 'pyscript.websocket', 'pyscript.workers']"
    assert lazy[5].startswith("nothing AttributeError")
    # in a PyScript worker, as in the original, no workers names
    in_worker = run(build_site.PYSCRIPT_INIT_LAZY, True, tmp_path / "lazy")
    assert in_worker[3].startswith("workers AttributeError"), in_worker
