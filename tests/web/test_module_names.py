"""Each name a page module binds at its top level by import is bound once: two modules
imported under one alias (``import ui_keep as K`` and ``import ui_archive as K``) leave the
first unreachable, and the page (main.py runs only in the browser) fails at start-up with
an AttributeError that no CPython test sees. Merges of parallel work made exactly that."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"


def _imported_names(tree: ast.Module) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.extend(alias.asname or alias.name.split(".")[0] for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted(WEB.glob("*.py")), ids=lambda p: p.name)
def test_no_name_is_imported_twice(path: Path) -> None:
    names = _imported_names(ast.parse(path.read_text(encoding="utf-8")))
    twice = sorted(name for name, n in Counter(names).items() if n > 1)
    assert not twice, f"{path.name} binds {twice} by more than one import"
