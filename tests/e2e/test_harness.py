"""The browser the tests and benchmarks drive: what it runs beside the page must not be the
cost being measured (tests/e2e/site_helpers.py, CHROMIUM_ARGS)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser

from site_helpers import HARNESS_DISABLED_FEATURES, playwright_disabled_features


def test_no_address_bar_popup_is_preloaded_beside_the_page(browser: Browser) -> None:
    # Chromium 156 loads it, a WebUI page, in every new headless window: ~1 s of CPU
    # competing with the first second of the page under test.
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("about:blank")
        session = context.new_cdp_session(page)
        targets = session.send("Target.getTargets")["targetInfos"]
        assert [t for t in targets if t["url"].startswith("chrome://")] == []
        assert any(t["type"] == "page" for t in targets)
    finally:
        context.close()


def _browser_command_line() -> list[str]:
    """The command line of the Chromium this process drives (through Playwright's driver,
    a child of this process). Chromium hands it over CDP only with --enable-automation."""
    def children(pid: int) -> list[int]:
        found = []
        for status in Path("/proc").glob("[0-9]*/status"):
            try:
                fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
            except OSError:
                continue
            if int(fields.get("PPid", "0").strip()) == pid:
                found.append(int(status.parent.name))
        return found

    for driver in children(os.getpid()):
        for child in children(driver):
            arguments = (Path("/proc") / str(child) / "cmdline").read_bytes().decode().split("\0")
            if "--remote-debugging-pipe" in arguments:
                return arguments
    raise AssertionError("the browser's process was not found")


def test_playwrights_own_disabled_features_are_kept(browser: Browser) -> None:
    # Chromium keeps only the last --disable-features switch: ours must carry Playwright's.
    arguments = _browser_command_line()
    switches = [a.split("=", 1)[1].split(",") for a in arguments if a.startswith("--disable-features=")]
    assert len(switches) >= 2, arguments
    assert set(name for earlier in switches[:-1] for name in earlier) <= set(switches[-1])
    assert set(playwright_disabled_features()) | set(HARNESS_DISABLED_FEATURES) <= set(switches[-1])
