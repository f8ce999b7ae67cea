"""Every ``docs/decisions.md#...`` cited in the repository's code, tests, tools and docs
names a section of docs/decisions.md (``{#anchor}``), so a citation cannot go stale
silently. Skips where the repository is not beside the tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DECISIONS = REPO / "docs" / "decisions.md"
CITED = re.compile(r"decisions\.md#([a-z0-9-]+)")


def test_every_cited_anchor_exists() -> None:
    if not DECISIONS.exists() or not (REPO / "pycore").is_dir():
        pytest.skip("the repository is not beside the tests")
    text = DECISIONS.read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{#([a-z0-9-]+)\}", text))
    assert len(anchors) > 10
    files = [f for folder in ("pycore", "tools", "tests", "docs", "build", "web")
             for f in (REPO / folder).rglob("*") if f.suffix in {".py", ".md", ".mjs", ".js"} and f.is_file()]
    files.append(REPO / "README.md")
    missing = [f"{f.relative_to(REPO)}: decisions.md#{a}" for f in files if "node_modules" not in f.parts
               for a in CITED.findall(f.read_text(encoding="utf-8")) if a not in anchors]
    assert not missing, "\n".join(missing)
    internal = set(re.findall(r"\]\(#([a-z0-9-]+)\)", text)) - anchors
    assert not internal, f"docs/decisions.md links to missing anchors: {sorted(internal)}"
