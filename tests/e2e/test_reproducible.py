"""Reproducible builds (issue 39): the same sources build the same bytes, so that a
deployment that changes nothing changes no file name, no content hash and no service
worker, and returning players download nothing. Builds the wheel (the Makefile's own
recipe, into a private folder) and the site twice, at different times, and compares every
file. Needs what `make site` needs (the npm runtimes in build/node_modules)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _build(tmp: Path, name: str) -> dict[str, str]:
    wheels, src, site = tmp / f"wheels-{name}", tmp / f"src-{name}", tmp / f"site-{name}"
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}  # the Makefile's own
    subprocess.run(["make", "-s", "-C", str(REPO), "wheel", f"WHEEL_DIR={wheels}", f"WHEEL_SRC={src}"],
                   check=True, env=env, capture_output=True)
    subprocess.run([sys.executable, str(REPO / "build" / "build_site.py"), "--out", str(site), "--wheels", str(wheels)],
                   check=True, env=env, capture_output=True)
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def test_the_same_sources_build_the_same_site(tmp_path: Path) -> None:
    first = _build(tmp_path, "a")
    time.sleep(2.1)  # zip times have a two-second resolution: the second build is at another time
    second = _build(tmp_path, "b")
    assert sorted(first) == sorted(second), set(first) ^ set(second)
    differ = sorted(name for name in first if first[name] != second[name])
    assert differ == [], f"files that differ between two builds of the same sources: {differ}"
    assert any(name.endswith(".whl") for name in first) and "sw.js" in first
