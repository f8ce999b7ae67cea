"""End-to-end fixtures: the built site (dist/site) served on 127.0.0.1 with the headers of
netlify.toml (CSP included), driven by Playwright in Debian's Chromium.

Every browser context made here aborts and records any request that does not go to
127.0.0.1, and collects console errors and uncaught page errors; tests assert both lists
are empty. Run with `make test-e2e` (builds the site first).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

import pytest
from playwright.sync_api import Browser
from site_helpers import CHROMIUM, CHROMIUM_ARGS, SITE, Watched, serve_site


# --- pytest-playwright: Debian's Chromium, not a downloaded one ---------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: `make test-e2e` installs Debian's chromium (or set CHROMIUM=...)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


# --- the site ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").is_file() or not (SITE / "sw.js").is_file():
        pytest.fail(f"{SITE} is not built: run `make site`")
    return SITE


@pytest.fixture(scope="session")
def build_info(site_dir: Path) -> dict[str, Any]:
    info: dict[str, Any] = json.loads((site_dir / "build-info.json").read_text(encoding="utf-8"))
    return info


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    server, url = serve_site.serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A private copy of the site, served on its own port: for tests that change files."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    server, url = serve_site.serve_in_thread(copy)
    yield copy, url
    server.shutdown()
    server.server_close()


@pytest.fixture
def watched(browser: Browser) -> Iterator[Callable[..., Watched]]:
    """Factory: watched(**context_options) -> Watched (closed at teardown)."""
    made: list[Watched] = []

    def make(**options: Any) -> Watched:
        w = Watched(browser.new_context(**options))
        w.context.route("**/*", w.route)
        made.append(w)
        return w

    yield make
    for w in made:
        w.context.close()
