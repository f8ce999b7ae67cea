"""The MicroPython configs (web/mpy.json for the game, web/embed-mpy.json for the live
examples) list every module of web/ their scripts import, directly or through another
module: PyScript fetches only the listed files, and a missing one leaves the page
unready with nothing but an ImportError in the console (it happened to the embeds when
ui_render began importing ui_forgive)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
#: Each config and the script that starts with it.
CONFIGS = (("mpy.json", "main.py"), ("embed-mpy.json", "embed_ui.py"))


def local_imports(path: Path) -> set[str]:
    """The modules of web/ that ``path`` imports (``import x``, ``from x import y``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return {n for n in names if (WEB / f"{n}.py").is_file()}


@pytest.mark.parametrize(("config", "script"), CONFIGS)
def test_every_imported_module_is_listed(config: str, script: str) -> None:
    listed = {Path(p).stem for p in json.loads((WEB / config).read_text(encoding="utf-8"))["files"] if p.endswith(".py")}
    needed: set[str] = set()
    todo = [script[:-3]]
    while todo:
        name = todo.pop()
        for dep in local_imports(WEB / f"{name}.py") - needed:
            needed.add(dep)
            todo.append(dep)
    assert needed - listed == set(), f"{config} misses modules {script} needs"
    assert local_imports(WEB / "ui_render.py"), "the import scan finds nothing: it would pass on any config"


def test_main_paces_every_module_ui_app_imports() -> None:
    """main.py loads the UI's modules in groups with a pause between them (no long task at
    start); ui_app then finds them imported. A module ui_app imports that the groups miss
    would be loaded inside ui_app's own import, in one long task again."""
    tree = ast.parse((WEB / "main.py").read_text(encoding="utf-8"))
    paced = next(ast.literal_eval(node.value) for node in tree.body
                 if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == ["PACED"])
    names = [name for group in paced for name in group]
    assert len(names) == len(set(names))
    # protocol.py is the engine's own module, put beside them by the build (not in web/)
    assert set(names) == local_imports(WEB / "ui_app.py") | {"protocol"}
    assert local_imports(WEB / "main.py") == {"ui_app"}
