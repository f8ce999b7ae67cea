"""The engine's layers: a module imports only from its own layer or from below.

``LAYERS`` below is the one table of where every module of ``canasta`` sits (the bots
and the lab included). docs/engine.md "Modules, in layers" shows the same table for
readers; ``test_the_docs_table_matches`` checks that it does. A new module needs one
line here (and its name in the docs' row of its layer, or a row of its own).

The modules are read with ``ast`` from the imported package's own files: ``pycore/``
on CPython, the installed wheel inside Pyodide (so the wheel's layout is what is checked
there). Every import counts, also one inside a function or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import canasta

#: Each module's layer; it may import from its own layer and the ones below.
LAYERS: dict[str, int] = {
    # 1: values with no rules in them
    "canasta": 1,  # the package itself: __version__
    "canasta.errors": 1,
    "canasta.cards": 1,
    "canasta.limits": 1,
    "canasta.protocol": 1,  # the screens' records: plain, imports nothing (runs in MicroPython)
    # 2: the rules object, the actions' notation
    "canasta.rules": 2,
    "canasta.actions": 2,
    # 3: melds, presets, switches, where cards may go
    "canasta.melds": 3,
    "canasta.variants": 3,
    "canasta.switches": 3,
    "canasta.placement": 3,
    # 4: the hand's state and what it allows
    "canasta.state": 4,
    "canasta.goout": 4,
    "canasta.discards": 4,
    # 5: the play: transitions, legal actions, scores, views, positions
    "canasta.play": 5,
    "canasta.legal": 5,
    "canasta.playout": 5,  # random playouts without the whole legal list (issue 42)
    "canasta.scoring": 5,
    "canasta.views": 5,
    "canasta.notation": 5,
    "canasta.records": 5,
    # 6: the bots, below the game: they are given views, never a Game
    "canasta.bots": 6,
    "canasta.bots.base": 6,
    "canasta.bots.basic": 6,
    "canasta.bots.belief": 6,
    "canasta.bots.beginner": 6,
    "canasta.bots.casual": 6,
    "canasta.bots.expert": 6,
    "canasta.bots.good": 6,
    "canasta.bots.hints": 6,
    "canasta.bots.horizon": 6,
    "canasta.bots.ismcts": 6,  # expert-tree: the expert's search with a tree over the seat's next turns
    "canasta.bots.memory": 6,
    "canasta.bots.odds": 6,
    "canasta.bots.random_bot": 6,
    "canasta.intents": 6,  # a screen's intent read as an action: needs the legal list
    # 7: games, what the app offers, scenario files
    "canasta.game": 7,
    "canasta.catalog": 7,
    "canasta.scenario": 7,
    "canasta.examples": 7,
    "canasta.trial": 7,
    "canasta.undo": 7,
    "canasta.replay": 7,
    "canasta.recordfile": 7,
    # 8: the app's engine host
    "canasta.host": 8,
    "canasta.duplicate": 8,  # plays a deal through a Host of its own (issue 41)
    # 9: the lab and the command line, apart from the core (LAB)
    "canasta.lab": 9,
    "canasta.lab.cli": 9,
    "canasta.lab.simulate": 9,
    "canasta.lab.speed": 9,
    "canasta.lab.match": 9,
    "canasta.lab.partner": 9,
    "canasta.lab.overrules": 9,
    "canasta.lab.lines": 9,
    "canasta.lab.pairs": 9,
    "canasta.lab.think_time": 9,
    "canasta.lab.fuzz": 9,
    # 10: python -m canasta
    "canasta.__main__": 10,
}

#: The lab's layer: the modules at and above it are outside the core, which never
#: imports them (a module of the core is any other).
LAB = 9
LAB_PACKAGES = ("canasta.lab", "canasta.__main__")

PACKAGE_DIR = Path(canasta.__file__).resolve().parent
DOCS = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
HOW_TO_ADD = "add a line to LAYERS in tests/engine/test_layers.py and its name to docs/engine.md"


def module_files() -> dict[str, Path]:
    """Every module of the package, by dotted name (a package by its own name)."""
    out = {}
    for f in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = ("canasta", *f.relative_to(PACKAGE_DIR).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = f
    return out


def imports_of(module: str, source: str, is_package: bool, known: set[str]) -> Iterator[tuple[str, int]]:
    """The ``canasta`` modules that ``source`` (the text of ``module``) imports, with
    the line of each import. ``from X import a`` imports ``X.a`` when that is a module,
    else ``X``."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "canasta":
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = here[:len(here) - node.level + 1]
                base = ".".join([*parts, node.module] if node.module else parts)
            else:
                base = node.module or ""
            if base.split(".")[0] != "canasta":
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield (sub if sub in known else base), node.lineno


def in_core(module: str) -> bool:
    return not any(module == p or module.startswith(p + ".") for p in LAB_PACKAGES)


def refusals(module: str, source: str, is_package: bool = False, known: set[str] | None = None) -> list[str]:
    """What is wrong with the imports of ``module``: an import from a layer above, from
    the lab into the core, or of a module the table does not place."""
    known = set(LAYERS) if known is None else known
    out = []
    layer = LAYERS[module]
    for target, line in imports_of(module, source, is_package, known):
        where = f"{module} (layer {layer}), line {line}, imports {target}"
        if target not in LAYERS:
            out.append(f"{where}, which has no layer: {HOW_TO_ADD}")
        elif in_core(module) and not in_core(target):
            out.append(f"{where}: the core never imports the lab or the command line")
        elif LAYERS[target] > layer:
            out.append(f"{where} (layer {LAYERS[target]}): a layer above")
    return out


def test_every_module_has_a_layer() -> None:
    found = set(module_files())
    assert len(found) > 30, found
    unknown = sorted(found - set(LAYERS))
    assert not unknown, f"modules with no layer: {', '.join(unknown)}: {HOW_TO_ADD}"
    gone = sorted(set(LAYERS) - found)
    assert not gone, f"LAYERS names modules that are not there: {', '.join(gone)}"


def test_the_lab_sits_above_the_core() -> None:
    for module, layer in LAYERS.items():
        assert (layer >= LAB) == (not in_core(module)), f"{module} at layer {layer}: the lab is layer {LAB} and up"


def test_no_module_imports_from_a_layer_above() -> None:
    files = module_files()
    wrong = []
    for module, path in files.items():
        if module in LAYERS:  # an unknown module fails test_every_module_has_a_layer
            wrong += refusals(module, path.read_text(encoding="utf-8"), path.name == "__init__.py", set(files))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("module", "source", "expected"), [
    ("canasta.cards", "from .game import Game", "canasta.cards (layer 1), line 1, imports canasta.game (layer 7)"),
    ("canasta.bots.good", "def f():\n    from ..game import Game",
     "canasta.bots.good (layer 6), line 2, imports canasta.game (layer 7)"),
    ("canasta.host", "import canasta.lab.match", "the core never imports the lab"),
    ("canasta.game", "from canasta.lab import simulate", "canasta.lab.simulate: the core never imports the lab"),
    ("canasta.game", "from .screens import Request", "imports canasta.screens, which has no layer"),
    ("canasta.bots", "from .base import Bot", ""),  # a package's own module
    ("canasta.lab.pairs", "from .. import __version__", ""),  # the package itself
    ("canasta.lab.cli", "from ..scenario import run_scenario\nfrom .match import run", ""),
    ("canasta.legal", "from .play import apply\nfrom collections import Counter", ""),  # the same layer; stdlib
])
def test_the_check_itself(module: str, source: str, expected: str) -> None:
    known = set(LAYERS) | {"canasta.lab.simulate"}
    found = refusals(module, source, is_package=module == "canasta.bots", known=known)
    if expected:
        assert len(found) == 1 and expected in found[0], found
    else:
        assert found == []


def docs_layers() -> dict[str, int]:
    """docs/engine.md's table: each named module (``bots/``: the whole package) and its layer."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Modules, in layers", 1)[1].split("\n## ", 1)[0]
    out: dict[str, int] = {}
    for row in re.findall(r"^\| *(\d+) *\|([^|]*)\|", section, flags=re.M):
        for name in re.findall(r"`([^`]+)`", row[1]):
            if name.endswith("/"):
                package = "canasta." + name[:-1].replace("/", ".")
                names = [m for m in LAYERS if m == package or m.startswith(package + ".")]
                assert names, f"docs/engine.md names {name}, which holds no module of LAYERS"
            else:
                names = ["canasta" if name == "__init__" else f"canasta.{name}"]
            for m in names:
                assert m not in out, f"docs/engine.md names {m} twice"
                out[m] = int(row[0])
    return out


def test_the_docs_table_matches() -> None:
    if not DOCS.exists():
        pytest.skip("docs/ is not beside the tests")
    docs = docs_layers()
    wrong = [f"{m}: layer {LAYERS.get(m)} here, {docs.get(m)} in docs/engine.md"
             for m in sorted(set(LAYERS) | set(docs)) if LAYERS.get(m) != docs.get(m)]
    assert not wrong, "\n".join(wrong)
