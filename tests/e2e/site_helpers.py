"""Helpers for the end-to-end tests: paths, the build scripts, watched browser contexts
and waits (imported by conftest.py and the tests; a plain module, not a conftest)."""

from __future__ import annotations

import importlib.util
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "dist" / "site"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Chromium 156 preloads the address bar's popup, a WebUI page, in each new window, and a
# headless page is a window: about 1 s of CPU, on one of this machine's two cores, during the
# first second of every page a test or benchmark opens (trace of a return visit: the
# "WebUI Top Renderer" process busy 90 ms in every 100 ms until 950 ms). A player's browser
# loads it once, not with each visit.
HARNESS_DISABLED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")


def playwright_disabled_features() -> list[str]:
    """The features Playwright's driver disables on Chromium's command line.

    Chromium keeps only the last `--disable-features` switch and Playwright passes its own
    first, so a list of ours must repeat Playwright's. It is read from the driver that
    launches the browser, so that an upgrade of Playwright cannot drop one silently.
    """
    import playwright  # noqa: PLC0415  (only its location is needed)

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    text = bundle.read_text(encoding="utf-8") if bundle.exists() else ""
    found = re.search(r"disabledFeatures = \[(.*?)\]", text, re.S)
    names = re.findall(r'^\s*"(\w+)",?\s*$', found.group(1), re.M) if found else []
    if not names:
        raise RuntimeError(f"Playwright's disabled Chromium features not found in {bundle}: "
                           "update tests/e2e/site_helpers.py for this Playwright")
    return names


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-features=" + ",".join([*playwright_disabled_features(), *HARNESS_DISABLED_FEATURES]),
]
# Pyodide's cold start is CPU-bound (compiling 9.6 MB of wasm): generous on a busy 2-core box.
READY_TIMEOUT_MS = int(os.environ.get("E2E_READY_TIMEOUT_MS", "120000"))


def _load(name: str, path: Path) -> ModuleType:
    # build/ is not a package (and `build` is also pypa's build): load the scripts by path.
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve_site = _load("canasta_serve_site", REPO / "build" / "serve_site.py")
build_site = _load("canasta_build_site", REPO / "build" / "build_site.py")


# --- browser contexts that watch what the page does ----------------------------------


@dataclass
class Watched:
    """A browser context with its record of outside requests and console errors."""

    context: BrowserContext
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def route(self, route: Route) -> None:
        url = route.request.url
        scheme, host = urlsplit(url).scheme, urlsplit(url).hostname
        if scheme in ("data", "blob") or host == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(url)
            route.abort("blockedbyclient")

    def page(self) -> Page:
        page = self.context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        return page

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def assert_clean(self) -> None:
        assert self.outside == [], f"requests outside 127.0.0.1: {self.outside}"
        assert self.errors == [], "console errors:\n" + "\n".join(self.errors)


# --- helpers for tests ---------------------------------------------------------------
# Tests wait with selectors and page.evaluate, which the page's CSP (no 'unsafe-eval', see
# netlify.toml) does not govern: Playwright evaluates through the DevTools protocol. (Its
# wait_for_function with a string was seen to work under this CSP too, Chromium 156.)


#: axe-core, the accessibility checker (an npm devDependency of build/); tests add it to a
#: context as an init script, which the site's CSP does not govern.
AXE = REPO / "build" / "node_modules" / "axe-core" / "axe.min.js"
_AXE_RUN = """async () => {
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                                      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}"""


def serious_axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    found: list[dict[str, Any]] = page.evaluate(_AXE_RUN)
    return [v for v in found if v["impact"] in ("serious", "critical")]


def wait_ready(page: Page, engine_version: str) -> None:
    """Wait until the Python UI shows "ready" with the engine version from the worker."""
    page.wait_for_selector(f'body[data-engine="{engine_version}"]', state="attached", timeout=READY_TIMEOUT_MS)
    text = page.inner_text("#status")
    assert "ready" in text and engine_version in text, text


#: JavaScript: wait (at most ``limit`` ms) until a service worker is activated and
#: controls the page; resolves to {scriptURL, caches} or to a message on time-out.
#: Shared with tools/bench_site.py.
SW_CONTROLLED_JS = """async (limit) => Promise.race([
  new Promise((resolve) => setTimeout(() => resolve("not controlled after " + limit + " ms"), limit)),
  (async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
    const active = registration.active;
    if (active.state !== "activated") {
        await new Promise((resolve) => active.addEventListener("statechange", () => {
            if (active.state === "activated") resolve();
        }));
    }
    return { scriptURL: navigator.serviceWorker.controller.scriptURL, caches: await caches.keys() };
  })(),
])"""


def wait_controlled(page: Page) -> dict[str, Any]:
    """Wait until a service worker is activated and controls the page; returns its facts."""
    facts = page.evaluate(SW_CONTROLLED_JS, READY_TIMEOUT_MS)
    assert isinstance(facts, dict), facts
    return facts


def cached_urls(page: Page, cache_name: str) -> list[str]:
    urls: list[str] = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)", cache_name
    )
    return urls


def cache_name_of(site: Path) -> str:
    text = (site / "sw.js").read_text(encoding="utf-8")
    marker = 'const CACHE_NAME = "'
    start = text.index(marker) + len(marker)
    return text[start : text.index('"', start)]
