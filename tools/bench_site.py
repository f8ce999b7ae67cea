"""Load and play figures for the built website in headless Chromium (`make bench-site`).

    python tools/bench_site.py [--repeats 3] [--seed 7] [--watch-speed instant] [--json FILE] [--settle S]

Prints figures, asserts nothing (the goals are printed next to them for reference).

One run of headless Chromium (Debian's, /usr/bin/chromium or CHROMIUM=..., with the flags
of tests/e2e/site_helpers.py) with a temporary profile. A private copy of dist/site (taken
at the start, so a `make site` meanwhile changes nothing) is served on 127.0.0.1 by
build/serve_site.py, with the headers of netlify.toml (CSP included).

Fresh = a new origin. Every repeat serves the site, and the bare page, on new ports
(origins this profile has never seen: no HTTP cache, code cache, service worker or
storage for them), so cold visits start from nothing and warm ones reuse what the cold
visit left. Not fresh incognito contexts: their HTTP cache lives in memory, and
Chromium's in-memory cache stores no entry above 1/8 of its 50 MB limit, so
pyodide.asm.wasm (9.6 MB) would be downloaded again on every "warm" visit; a profile has
the disk cache a player's browser has. (The bytes each bare visit transferred are
printed, to show cold was cold and warm was warm.)

  bare   `bare-pyodide.html`, written into a temporary folder next to links to the
         copy's pyodide/ and stdlib/ folders (the bare boot uses the game's standard library) (served by its own serve_site server, same headers; nothing
         is added to dist/site): it only starts a module Web Worker that imports the site's
         own pyodide.mjs and calls loadPyodide(), as the app's engine worker does; the
         worker posts "ready" when it resolves. Cold = first visit of the origin; warm = a
         second page (the HTTP cache warm; the app's warm start uses its service worker,
         which the bare page has not). Then a third page keeps a memory snapshot of the
         bare interpreter (Cache API) and a fourth boots from it, reading it while Pyodide
         loads its files as the engine worker does: Pyodide's own floor for a warm start,
         with no engine and no page around it. Then, on an origin of its own, a cold
         and a warm visit with Pyodide's standard library as distributed (sources):
         the game's is bytecode (build/compile-stdlib.mjs), so the bare boot of the
         same files shares that gain, and the app's ratios are given against both.
  app    `/?new=1&seed=S&speed=instant`: the start screen (first-contentful-paint, and
         the Element Timing render time of the start screen's heading), "New game"
         clickable (index.html's #early-menu shown by shell.js, or the UI's #btn-new: a
         press is honoured once the engine is up), the engine ready (`canasta:ready`), the
         table shown, and the table playable (#game data-human-turn="true",
         data-bots="idle", data-busy="false": the player's turn; bots that sit before the
         player move first, without pause at speed instant). Cold = first visit of the
         origin; then the service worker is waited for (installed, the game precached,
         controlling the page), and the engine's memory snapshot (engine.js keeps it once
         the worker is idle), and warm = a new page (its check of the save left by the
         cold visit included), which boots the engine from that snapshot.
  first visit  the bytes of every file the cold visit's page and engine worker asked for
         and of the service worker's precache, uncompressed and gzipped as a static host
         sends them (brotli too if Python's brotli module is installed).
  phone  after the repeats, one more run (bare and app) with Chromium's CPU slowed down
         4x (CDP Emulation.setCPUThrottlingRate on every page; --no-throttled skips it).
  watch  `/?watch=1&seed=S&speed=<watch-speed>` after the warm visit: one hand played by
         the bots. Long tasks (PerformanceObserver 'longtask', registered by an init script
         before any page script) while the table is up until the hand is over, and the
         time of every engine call as seen from the page: the init script wraps the engine
         worker's postMessage and listens to its answers (engine.js's {type: "call"} and
         {type: "result"} messages) - the time from the call's message leaving the main
         thread to its answer arriving there.

--settle S waits S seconds before every measured page (bare and app alike), so that none
starts while the browser still writes what the previous visit left; the default, 0, is
the method every figure in the docs was measured with.

Long tasks during startup are counted from navigation to the playable table (app cold and
warm). Every request not to 127.0.0.1 is blocked (host resolver rules: names other than
127.0.0.1 do not resolve) and counted from the browser's request events; Playwright's
request routing is not used, because it disables the HTTP cache.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Request, Response, sync_playwright
from playwright.sync_api import Error as PlaywrightError

REPO = Path(__file__).resolve().parents[1]
# The e2e suite's Chromium location, flags, script loader and local server: one copy of each.
sys.path.insert(0, str(REPO / "tests" / "e2e"))
from site_helpers import CHROMIUM, SITE, SW_CONTROLLED_JS, build_site, serve_site  # noqa: E402
from site_helpers import CHROMIUM_ARGS as E2E_ARGS  # noqa: E402

# Plus: other hosts do not resolve (instead of request interception, which disables the
# HTTP cache), and a disk cache large enough for Pyodide's 9.6 MB wasm.
CHROMIUM_ARGS = [
    *E2E_ARGS,
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--disk-cache-size=268435456",
]
TIMEOUT_MS = int(os.environ.get("BENCH_TIMEOUT_MS", "180000"))

# Issue 39's goals (printed next to the figures; nothing is asserted). The ratios' goals are
# read against Pyodide as distributed: a faster bare boot of the game's own files is a gain
# of the game's, and against it the warm goal could not be met by any page (Pyodide's own
# bare snapshot is about 0.5x of it).
GOAL_WARM_RATIO = 0.4
GOAL_COLD_RATIO = 1.15
GOAL_START_SCREEN_MS = 300.0
GOAL_LONGTASK_MS = 200.0
GOAL_NEW_GAME_MS = 500.0
GOAL_FIRST_VISIT_BYTES = 13.5e6
THROTTLE = 4  # the CPU slow-down of the phone-like run (CDP Emulation.setCPUThrottlingRate)




# --- the bare Pyodide page ---------------------------------------------------------------
# External scripts only: the CSP of netlify.toml has no 'unsafe-inline'.

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script src="./bare-pyodide.js"></script></head>
<body><p id="state">booting Pyodide in a worker</p></body></html>
"""

BARE_JS = """"use strict";
// Boots Pyodide in a module Web Worker, as the app's engine worker does; "ready" when
// loadPyodide() has resolved there.
window.__bare = { started: performance.now() };
const worker = new Worker("./bare-worker.mjs" + location.search, { type: "module" });
worker.addEventListener("message", (event) => {
  const data = event.data || {};
  window.__bare.ready = performance.now();
  window.__bare.worker = data;
  document.documentElement.dataset.bare = data.type === "ready" ? "ready" : "error";
});
worker.addEventListener("error", (event) => {
  window.__bare.worker = { type: "error", message: String(event.message || event) };
  document.documentElement.dataset.bare = "error";
});
"""

BARE_WORKER = """// The bare boot: the site's own Pyodide files (the game's standard library), nothing else;
// with ?stdlib=pyodide, Pyodide's own python_stdlib.zip as it is distributed (sources).
// ?snapshot=make: a normal boot, then a memory snapshot of the bare interpreter kept in the
// Cache API; ?snapshot=use: a boot from that snapshot, the bytes read while Pyodide loads
// its files (as the app's engine worker does): Pyodide's own floor for a return visit.
const INDEX = new URL("./pyodide/{version}/", self.location.href).href;
const QUERY = new URLSearchParams(self.location.search);
const STDLIB = QUERY.get("stdlib") === "pyodide" ? null : new URL("./{stdlib}", self.location.href).href;
const MODE = QUERY.get("snapshot");
const KEPT = new URL("./bare-snapshot.bin", self.location.href).href;
const t0 = performance.now();
try {
  const { loadPyodide } = await import(INDEX + "pyodide.mjs");
  const options = STDLIB ? { indexURL: INDEX, stdLibURL: STDLIB } : { indexURL: INDEX };
  if (MODE === "make") options._makeSnapshot = true;
  if (MODE === "use") {
    options._loadSnapshot = caches.open("bare-snapshot").then((cache) => cache.match(KEPT))
      .then((response) => response.arrayBuffer()).then((buffer) => new Uint8Array(buffer));
  }
  const pyodide = await loadPyodide(options);
  const load_ms = performance.now() - t0;
  if (MODE === "make") {
    const cache = await caches.open("bare-snapshot");
    await cache.put(KEPT, new Response(pyodide.makeMemorySnapshot()));
  }
  const resources = performance.getEntriesByType("resource");
  postMessage({
    type: "ready",
    version: pyodide.version,
    load_ms,
    files: resources.length,
    transferred: resources.reduce((n, r) => n + (r.transferSize || 0), 0),
    from_cache: resources.filter((r) => r.transferSize === 0 && r.decodedBodySize > 0).length,
  });
} catch (error) {
  postMessage({ type: "error", message: String(error && error.stack || error) });
}
"""


@contextmanager
def snapshot(site: Path) -> Iterator[tuple[Path, Path]]:
    """A private copy of the site, so that a `make site` running meanwhile (it empties
    dist/site first) cannot change what is measured, and next to it a folder with the
    bare page and a link to the copy's pyodide folder (a copy where links are not
    possible): (site copy, bare root). Both removed afterwards."""
    versions = sorted(p.name for p in (site / "pyodide").iterdir() if p.is_dir())
    if len(versions) != 1:
        raise SystemExit(f"expected one Pyodide version in {site / 'pyodide'}, found {versions}")
    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as tmp:
        site = shutil.copytree(site, Path(tmp) / "site")
        root = Path(tmp) / "bare"
        root.mkdir()
        (root / "bare-pyodide.html").write_text(BARE_HTML, encoding="utf-8")
        (root / "index.html").write_text(BARE_HTML, encoding="utf-8")  # serve_site wants one
        (root / "bare-pyodide.js").write_text(BARE_JS, encoding="utf-8")
        stdlib = json.loads((site / "build-info.json").read_text(encoding="utf-8"))["game_stdlib"]
        (root / "bare-worker.mjs").write_text(
            BARE_WORKER.replace("{version}", versions[0]).replace("{stdlib}", stdlib), encoding="utf-8")
        try:
            for folder in ("pyodide", "stdlib"):
                (root / folder).symlink_to(site / folder, target_is_directory=True)
            (root / "favicon.ico").symlink_to(site / "favicon.ico")
        except OSError:
            for folder in ("pyodide", "stdlib"):
                shutil.copytree(site / folder, root / folder, dirs_exist_ok=True)
            shutil.copyfile(site / "favicon.ico", root / "favicon.ico")
        yield site, root


# --- what the app's page records (init script: runs before any script of the page) ------

APP_INIT = r"""
(() => {
  const B = (window.__bench = {
    marks: {}, paint: {}, element: null, longtasks: [], calls: [], moves: [], errors: [],
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
  });
  const now = () => performance.now();
  const mark = (name) => { if (!(name in B.marks)) B.marks[name] = now(); };
  const observe = (type, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
    } catch (error) { B.errors.push(type + ": " + error); }
  };
  observe("longtask", (e) => B.longtasks.push([e.startTime, e.duration]));
  observe("paint", (e) => { B.paint[e.name] = e.startTime; });
  observe("element", (e) => {
    if (e.identifier === "start-screen" && B.element === null) B.element = e.renderTime || e.loadTime;
  });
  addEventListener("canasta:ready", () => mark("canasta_ready"));

  // Element Timing for the start screen's heading (static HTML): tag it as the parser
  // inserts it, before its first paint.
  const tagger = new MutationObserver(() => {
    const heading = document.querySelector("#app h1");
    if (heading) { heading.setAttribute("elementtiming", "start-screen"); tagger.disconnect(); }
  });
  tagger.observe(document, { childList: true, subtree: true });
  // The first animation frame in which the start screen is laid out.
  const frame = () => {
    const app = document.getElementById("app");
    if (app && !app.hidden && app.getClientRects().length) mark("start_frame");
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // The UI's state, from the data-* attributes the UI (ui_app.py) keeps up to date.
  let lastMoves = null;
  const watch = () => {
    const body = document.body;
    if (!body) return;
    const d = body.dataset;
    if (d.engine) mark("engine");
    if (d.ui === "ready") mark("ui_ready");
    // New game can be pressed: index.html's own button (shell.js shows it), or the UI's
    const early = document.getElementById("early-menu");
    if ((early && !early.hidden) || document.getElementById("btn-new")) mark("menu");
    if (d.screen === "table") mark("table");
    const game = document.getElementById("game");
    if (!game) return;
    const g = game.dataset;
    if (d.screen === "table" && g.moves !== undefined && g.moves !== lastMoves) {
      lastMoves = g.moves;
      B.moves.push([now(), g.moves, g.handNumber]);
    }
    if (d.screen === "table" && g.humanTurn === "true" && g.bots === "idle" && g.busy === "false") mark("playable");
    if (d.screen === "table" && g.handOver === "true" && g.bots === "idle") mark("hand_over");
  };
  new MutationObserver(watch).observe(document, {
    subtree: true, attributes: true,
    attributeFilter: ["hidden", "data-owner", "data-engine", "data-ui", "data-screen", "data-moves", "data-human-turn",
                      "data-bots", "data-busy", "data-hand-over", "data-phase"],
  });

  // The engine worker (engine.js starts it): created, and done (it posts {type: "ready"}
  // once Pyodide is loaded, the engine's zip on sys.path and worker.py has run). Engine calls as the
  // page sees them: {type: "call", id, name} posted to the worker, {type: "result", id}
  // handled back on the page.
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      mark("worker_created");
      const calls = new Map();
      this.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.type === "ready") { mark("worker_done"); B.worker = data.timings || {}; }
        if (data.type === "result" && calls.has(data.id)) {
          const [name, t0] = calls.get(data.id);
          calls.delete(data.id);
          B.calls.push([name, t0, now()]);
        }
      });
      const send = this.postMessage;
      this.postMessage = (data, ...rest) => {
        if (data && data.type === "call") calls.set(data.id, [data.name, now()]);
        return send.call(this, data, ...rest);
      };
    }
  };
})();
"""

# --- the browser --------------------------------------------------------------------------


@dataclass
class Watch:
    """Requests outside 127.0.0.1 and console errors, over the whole run. ``settle``: seconds
    to wait before each measured page, so that none starts while the browser still writes
    what the last one left (its HTTP and code caches, a 31 MB snapshot) on this machine's
    two cores; the bare page and the app wait alike."""

    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    settle: float = 0.0

    def request(self, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
            self.outside.append(request.url)

    def page(self, context: BrowserContext, label: str, init_script: str | None = None, throttle: float = 1) -> Page:
        time.sleep(self.settle)
        page = context.new_page()
        if throttle != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.on("console", lambda m: self.errors.append(f"{label}: console: {m.text[:300]}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"{label}: page error: {e}"))
        if init_script:
            page.add_init_script(init_script)
        return page


class Origins:
    """Serves a folder on a port of 127.0.0.1 not used before in this run: a new origin."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    @contextmanager
    def serve(self, root: Path) -> Iterator[str]:
        for _ in range(20):
            server, url = serve_site.serve_in_thread(root)
            if server.server_port not in self.used:
                break
            server.shutdown()
            server.server_close()
        else:
            raise SystemExit("no unused port found on 127.0.0.1")
        self.used.add(server.server_port)
        try:
            yield url
        finally:
            server.shutdown()
            server.server_close()


#: The bare page's visits: cold and warm normal boots, then one that keeps a snapshot of the
#: bare interpreter (not a figure) and one that boots from it.
BARE_RUNS = {"cold": "", "warm": "", "keep": "?snapshot=make", "snapshot": "?snapshot=use"}
#: The same on an origin of its own, with Pyodide's standard library as distributed: the
#: game's is bytecode (build/compile-stdlib.mjs), which the bare boot above shares.
DISTRIBUTED_RUNS = {"cold": "?stdlib=pyodide", "warm": "?stdlib=pyodide"}


def bench_bare(watch: Watch, context: BrowserContext, url: str, throttle: float = 1,
               runs: dict[str, str] = BARE_RUNS) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for run, query in runs.items():
        page = watch.page(context, f"bare {run}", throttle=throttle)
        page.goto(url + "bare-pyodide.html" + query, wait_until="commit")
        page.wait_for_selector("html[data-bare]", state="attached", timeout=TIMEOUT_MS)
        data: dict[str, Any] = page.evaluate("window.__bare")
        worker = data.get("worker") or {}
        if worker.get("type") != "ready":
            raise SystemExit(f"bare page ({run}): {worker}")
        out[run] = {"ready": data["ready"], **worker}
        page.close()
    return out


def wait_mark(page: Page, selector: str, name: str) -> dict[str, Any]:
    page.wait_for_selector(selector, state="attached", timeout=TIMEOUT_MS)
    # the MutationObserver's record lands in the same task: read it once it is there
    for _ in range(100):
        bench: dict[str, Any] = page.evaluate("window.__bench")
        if name in bench["marks"]:
            return bench
        time.sleep(0.05)
    raise SystemExit(f"{selector} is there but the page did not record {name!r}")


SNAPSHOT_STORED_JS = """(limit) => new Promise((resolve) => {
  const boot = window.canastaEngine.boot;
  if (boot && boot.stored) { resolve(boot.stored); return; }
  addEventListener("canasta:snapshot", (event) => resolve(event.detail), { once: true });
  setTimeout(() => resolve("not stored after " + limit + " ms"), limit);
})"""

PLAYABLE = '#game[data-human-turn="true"][data-bots="idle"][data-busy="false"]'
HAND_OVER = '#game[data-hand-over="true"][data-bots="idle"]'


def bench_app(watch: Watch, context: BrowserContext, url: str, seed: int, watch_speed: str,
              throttle: float = 1) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for run in ("cold", "warm"):
        page = watch.page(context, f"app {run}", APP_INIT, throttle)
        served = {"service_worker": 0, "network": 0}
        asked: set[str] = set()

        def count(response: Response, served: dict[str, int] = served) -> None:
            served["service_worker" if response.from_service_worker else "network"] += 1

        page.on("response", count)
        page.on("request", lambda request, asked=asked: asked.add(request.url))
        page.goto(f"{url}?new=1&seed={seed}&speed=instant", wait_until="commit")
        out[run] = wait_mark(page, PLAYABLE, "playable")
        out[run]["served"] = dict(served)
        out[run]["asked"] = sorted(asked)  # by the page and its engine worker
        out[run]["transferred"] = page.evaluate(TRANSFERRED)
        if run == "cold":
            facts = page.evaluate(SW_CONTROLLED_JS, TIMEOUT_MS)
            out[run]["caches"] = len(facts["caches"]) if isinstance(facts, dict) else facts
            # and the engine's snapshot, kept once the worker is idle (a player's first game
            # lasts longer than that): the warm visit boots from it
            out[run]["snapshot"] = page.evaluate(SNAPSHOT_STORED_JS, TIMEOUT_MS)
        # how the engine booted, and whether Pyodide used the wasm module compiled at the
        # worker's start ("early") or compiled its own ("pyodide")
        out[run]["boot"] = page.evaluate(
            "window.canastaEngine.boot && window.canastaEngine.boot.from + ' (wasm ' + window.canastaEngine.boot.wasm + ')'")
        page.close()
    page = watch.page(context, "watch", APP_INIT, throttle)
    page.goto(f"{url}?watch=1&seed={seed}&speed={watch_speed}", wait_until="commit")
    out["watch"] = wait_mark(page, HAND_OVER, "hand_over")
    page.close()
    return out


TRANSFERRED = "performance.getEntriesByType('resource').reduce((n, r) => n + (r.transferSize || 0), 0)"


def first_visit(site: Path, url: str, asked: list[str]) -> dict[str, int]:
    """What a first visit downloads: the files the page and its engine worker asked for,
    and the service worker's precache (it installs during that visit), each once; their
    bytes as served (uncompressed), and as a static host sends them with gzip (level 6,
    what most apply; brotli too when Python's brotli module is installed)."""
    files = set(build_site.precache_list((site / "sw.js").read_text(encoding="utf-8"))) | {"sw.js"}
    for request_url in asked:
        if request_url.startswith(url):
            rel = urlsplit(request_url).path[len(urlsplit(url).path):] or "index.html"
            if (site / rel).is_file():
                files.add(rel)
    out = {"files": len(files), "bytes": 0, "gzip": 0}
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        brotli = None
    for rel in sorted(files):
        data = (site / rel).read_bytes()
        out["bytes"] += len(data)
        out["gzip"] += len(gzip.compress(data, compresslevel=6, mtime=0))
        if brotli is not None:
            out["brotli"] = out.get("brotli", 0) + len(brotli.compress(data))
    return out


# --- figures --------------------------------------------------------------------------


def spread(values: list[float | None], unit: str = "ms", fmt: Callable[[float], str] | None = None) -> str:
    """median [min - max] over the repeats."""
    got = [v for v in values if v is not None]
    if not got:
        return "-"
    show = fmt or (lambda v: f"{v:.0f}")
    text = f"{show(statistics.median(got)):>7} {unit:2} [{show(min(got))} - {show(max(got))}]"
    if len(got) < len(values):
        text += f" ({len(values) - len(got)} missing)"
    return text


def longtasks(bench: dict[str, Any], start: float, end: float | None) -> list[float]:
    return [d for t, d in bench["longtasks"] if t >= start and (end is None or t < end)]


def call_times(bench: dict[str, Any], name: str, start: float, end: float) -> list[float]:
    return [t1 - t0 for n, t0, t1 in bench["calls"] if n == name and start <= t0 < end]


def figures(bare: list[dict[str, Any]], app: list[dict[str, Any]]) -> list[tuple[str, list[float | None], str, str]]:
    """(label, one value per repeat, unit, goal)."""
    rows: list[tuple[str, list[float | None], str, str]] = []

    def row(label: str, values: list[float | None], unit: str = "ms", goal: str = "") -> None:
        rows.append((label, values, unit, goal))

    for run in ("cold", "warm"):
        row(f"bare Pyodide {run}: navigation -> loadPyodide() resolved", [b[run]["ready"] for b in bare])
    for run in ("cold", "warm"):
        row(f"bare Pyodide {run}, its own standard library (sources, as distributed)",
            [b["distributed"][run]["ready"] for b in bare])
    row("bare Pyodide from its own snapshot (no engine, no page): navigation -> loadPyodide() resolved",
        [b["snapshot"]["ready"] if "snapshot" in b else None for b in bare])
    for run in ("cold", "warm"):
        marks = [a[run]["marks"] for a in app]
        row(f"app {run}: first-contentful-paint", [a[run]["paint"].get("first-contentful-paint") for a in app],
            goal=f"goal <= {GOAL_START_SCREEN_MS:.0f} ms")
        row(f"app {run}: start screen heading rendered (Element Timing)", [a[run]["element"] for a in app],
            goal=f"goal <= {GOAL_START_SCREEN_MS:.0f} ms")
        row(f"app {run}: New game clickable (index.html's button shown, or the UI's)", [m.get("menu") for m in marks],
            goal=f"goal <= {GOAL_NEW_GAME_MS:.0f} ms")
        row(f"app {run}: engine worker created", [m.get("worker_created") for m in marks])
        row(f"app {run}: engine worker done (Pyodide, wheel, worker.py)", [m.get("worker_done") for m in marks])
        row(f"app {run}: engine ready (canasta:ready)", [m.get("canasta_ready") for m in marks])
        # Inside the engine worker (engine-worker.js's own clock, from its start).
        inside = [a[run].get("worker") or {} for a in app]
        row(f"app {run}:   in the worker: boot from the snapshot (loadPyodide, engine zip, ping)",
            [w["ready"] - w["python"] if "restore" in w and "ready" in w else None for w in inside])
        for label, first, last in (("pyodide.mjs imported", "python", "imported"),
                                   ("snapshot read from OPFS (or pyodide.mjs, if later)", "python", "snapshot_head"),
                                   ("snapshot's bytes arrived", "python", "snapshot_read"),
                                   ("snapshot's zero pages put back", "snapshot_read", "snapshot_unpacked"),
                                   ("loadPyodide() from the snapshot", "restore", "restored"),
                                   ("engine zip written + ping() after the restore", "restored", "ready"),
                                   ("Pyodide import + loadPyodide()", "python", "engine"),
                                   ("engine zip (its download awaited) written", "engine", "run"),
                                   ("worker.py run (imports canasta.host)", "run", "ready")):
            row(f"app {run}:   in the worker: {label}",
                [w[last] - w[first] if first in w and last in w else None for w in inside])
        row(f"app {run}: table shown (?new=1)", [m.get("table") for m in marks])
        row(f"app {run}: table playable (player's turn)", [m.get("playable") for m in marks])
    for run in ("cold", "warm"):
        ratios = [a[run]["marks"]["playable"] / b[run]["ready"] for a, b in zip(app, bare)]
        row(f"ratio app {run} playable / bare {run} boot", list(ratios), "x")
        # The engine alone (no table yet): how much of the ratio the worker's boot takes.
        ready = [a[run]["marks"].get("canasta_ready") for a in app]
        row(f"ratio app {run} engine ready / bare {run} boot",
            [r / b[run]["ready"] if r is not None else None for r, b in zip(ready, bare)], "x")
        # The goals' yardstick (see GOAL_WARM_RATIO): Pyodide as distributed.
        row(f"ratio app {run} playable / bare {run} boot with Pyodide's own standard library",
            [a[run]["marks"]["playable"] / b["distributed"][run]["ready"] for a, b in zip(app, bare)], "x",
            f"goal <= {GOAL_WARM_RATIO if run == 'warm' else GOAL_COLD_RATIO}x")
    row("ratio bare Pyodide from its snapshot / bare warm boot (the floor of a warm start)",
        [b["snapshot"]["ready"] / b["warm"]["ready"] if "snapshot" in b else None for b in bare], "x")
    for run in ("cold", "warm"):
        tasks = [longtasks(a[run], 0.0, a[run]["marks"]["playable"]) for a in app]
        row(f"long tasks during startup ({run}): count", [float(len(t)) for t in tasks], "")
        row(f"long tasks during startup ({run}): longest", [max(t, default=0.0) for t in tasks],
            goal=f"goal: none > {GOAL_LONGTASK_MS:.0f} ms")
        row(f"long tasks during startup ({run}): total", [sum(t) for t in tasks])
    row("first visit: bytes (page, engine worker and precache, uncompressed)",
        [a["first_visit"]["bytes"] / 1e6 for a in app], "MB", f"goal <= {GOAL_FIRST_VISIT_BYTES / 1e6} MB")
    row("first visit: bytes with gzip (level 6, as a static host sends them)",
        [a["first_visit"]["gzip"] / 1e6 for a in app], "MB")
    if all("brotli" in a["first_visit"] for a in app):
        row("first visit: bytes with brotli", [a["first_visit"]["brotli"] / 1e6 for a in app], "MB")
    hands = [a["watch"] for a in app]
    spans = [(w["marks"]["table"], w["marks"]["hand_over"]) for w in hands]
    row("watched hand: duration, table up -> hand over", [e - s for s, e in spans])
    row("watched hand: moves", [float(w["moves"][-1][1]) if w["moves"] else None for w in hands], "")
    tasks = [longtasks(w, s, e) for w, (s, e) in zip(hands, spans)]
    row("watched hand: long tasks, count", [float(len(t)) for t in tasks], "")
    row("watched hand: long tasks, longest", [max(t, default=0.0) for t in tasks],
        goal=f"goal: none > {GOAL_LONGTASK_MS:.0f} ms")
    # bot_step at the paced speeds; bot_run (a frame's worth of moves) at "instant"
    for name in ("bot_step", "bot_run"):
        steps = [call_times(w, name, s, e) for w, (s, e) in zip(hands, spans)]
        row(f"{name} call seen from the page: calls", [float(len(t)) for t in steps], "")
        row(f"{name} call seen from the page: median", [statistics.median(t) if t else None for t in steps])
        row(f"{name} call seen from the page: worst", [max(t) if t else None for t in steps])
    cycles = []
    for w, (s, e) in zip(hands, spans):
        times = [t for t, _, _ in w["moves"] if s <= t <= e]
        cycles.append([b - a for a, b in zip(times, times[1:])])
    row("move to move on screen (data-moves): median", [statistics.median(c) if c else None for c in cycles])
    row("move to move on screen (data-moves): worst", [max(c) if c else None for c in cycles])
    return rows


def print_report(rows: list[tuple[str, list[float | None], str, str]], repeats: int) -> None:
    width = max(len(label) for label, *_ in rows)
    print(f"\n{'figure':{width}}  median [min - max] over {repeats} repeat(s)   per repeat")
    for label, values, unit, goal in rows:
        two = unit in ("x", "MB")
        fmt = (lambda v: f"{v:.2f}") if two else None
        per = " ".join(("-" if v is None else (f"{v:.2f}" if two else f"{v:.0f}")) for v in values)
        line = f"{label:{width}}  {spread(values, unit, fmt):32} {per}"
        print(line + (f"   ({goal})" if goal else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="repeats of every measurement, each on new origins (3)")
    parser.add_argument("--seed", type=int, default=7, help="deal of the new game and of the watched hand (7)")
    parser.add_argument("--watch-speed", choices=("fast", "instant"), default="instant",
                        help="bot speed of the watched hand (instant: no pause between moves)")
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--json", type=Path, help="also write every raw record to this file")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds to wait before each measured page, bare and app alike (0)")
    parser.add_argument("--no-throttled", action="store_true",
                        help=f"skip the extra repeat with the CPU slowed down {THROTTLE}x (a phone)")
    args = parser.parse_args(argv)

    site = args.site.resolve()
    if not (site / "index.html").is_file() or not (site / "sw.js").is_file():
        print(f"bench_site: {site} is not built: run `make site`", file=sys.stderr)
        return 1
    if not Path(CHROMIUM).exists():
        print(f"bench_site: {CHROMIUM} not found (apt-get install chromium, or CHROMIUM=...)", file=sys.stderr)
        return 1
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    load_start = os.getloadavg()
    t_start = time.monotonic()
    print(f"bench_site: {site} (engine {info.get('engine')}, pyodide {info.get('pyodide')}, "
          f"pyscript {info.get('pyscript')}, micropython {info.get('micropython')})")
    print(f"machine: {os.cpu_count()} cores, {platform.machine()}; load average at start "
          f"{load_start[0]:.2f} {load_start[1]:.2f} {load_start[2]:.2f} (1, 5, 15 min)")

    watch = Watch(settle=args.settle)
    origins = Origins()
    bare: list[dict[str, Any]] = []
    app: list[dict[str, Any]] = []
    slow_bare: list[dict[str, Any]] = []
    slow_app: list[dict[str, Any]] = []
    failures: list[str] = []
    with snapshot(site) as (site_copy, bare_root), tempfile.TemporaryDirectory(prefix="canasta-bench-profile-") as profile:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            try:
                context.on("request", watch.request)
                for page in context.pages:  # the profile's first tab
                    page.close()
                version = context.browser.version if context.browser else "?"
                print(f"browser: {CHROMIUM} {version} (headless), one temporary profile; "
                      f"{args.repeats} repeat(s), each on new origins", flush=True)
                runs = args.repeats + (0 if args.no_throttled else 1)
                for i in range(runs):
                    t0 = time.monotonic()
                    throttle = THROTTLE if i == args.repeats else 1
                    try:
                        with origins.serve(bare_root) as bare_url:
                            one_bare = bench_bare(watch, context, bare_url, throttle)
                        with origins.serve(bare_root) as bare_url:
                            one_bare["distributed"] = bench_bare(watch, context, bare_url, throttle, DISTRIBUTED_RUNS)
                        with origins.serve(site_copy) as site_url:
                            one_app = bench_app(watch, context, site_url, args.seed, args.watch_speed, throttle)
                            one_app["first_visit"] = first_visit(site_copy, site_url, one_app["cold"].pop("asked"))
                            one_app["warm"].pop("asked")
                    except (PlaywrightError, SystemExit) as error:  # reported, the other repeats still count
                        failures.append(f"repeat {i + 1}: {str(error).splitlines()[0]}")
                        status = "FAILED, left out"
                        for page in context.pages:
                            page.close()
                    else:
                        if throttle == 1:
                            bare.append(one_bare)
                            app.append(one_app)
                        else:
                            slow_bare.append(one_bare)
                            slow_app.append(one_app)
                        status = "ok" if throttle == 1 else f"ok (CPU slowed down {throttle}x)"
                    load = os.getloadavg()[0]
                    print(f"  run {i + 1}/{runs}: {status}, {time.monotonic() - t0:.0f} s "
                          f"(load average now {load:.2f})", flush=True)
            finally:
                context.close()

    for line in failures:
        print(f"FAILED {line}")
    if not app:
        print("no repeat completed: no figures")
        return 1
    print_report(figures(bare, app), len(app))
    if slow_app:
        print(f"\nthe same, one run with Chromium's CPU slowed down {THROTTLE}x (a phone; "
              "Emulation.setCPUThrottlingRate on every page):")
        print_report(figures(slow_bare, slow_app), len(slow_app))
    print("engine boot per run (cold, warm): " + "; ".join(
        f"{a['cold'].get('boot')}, {a['warm'].get('boot')} (snapshot {a['cold'].get('snapshot')})" for a in app + slow_app))
    for run in ("cold", "warm"):
        mb = " ".join(f"{b[run]['transferred'] / 1e6:.1f}" for b in bare)
        cached = " ".join(f"{b[run]['from_cache']}/{b[run]['files']}" for b in bare)
        print(f"bare {run}: Pyodide {bare[0][run]['version']}; MB transferred per repeat: {mb}; "
              f"files from the HTTP cache: {cached}")
    for run in ("cold", "warm"):
        mb = " ".join(f"{a[run]['transferred'] / 1e6:.1f}" for a in app)
        sw = " ".join(f"{a[run]['served']['service_worker']}/{sum(a[run]['served'].values())}" for a in app)
        print(f"app {run}: MB transferred by the page itself (not its worker) per repeat: {mb}; "
              f"responses (page and engine worker) from the service worker: {sw}")
    print("app warm pages controlled by the service worker: "
          f"{sum(1 for a in app if a['warm']['controlled'])}/{len(app)} "
          f"(cold: {sum(1 for a in app if a['cold']['controlled'])}/{len(app)}); caches after the cold visit: "
          f"{[a['cold'].get('caches') for a in app]}")
    print(f"requests outside 127.0.0.1 (blocked): {len(watch.outside)}")
    for url in sorted(set(watch.outside))[:10]:
        print(f"  {url}")
    print(f"console errors: {len(watch.errors)}")
    for line in watch.errors[:10]:
        print(f"  {line}")
    load_end = os.getloadavg()
    print(f"load average at end {load_end[0]:.2f} {load_end[1]:.2f} {load_end[2]:.2f}; "
          f"total {time.monotonic() - t_start:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({"bare": bare, "app": app, "outside": watch.outside,
                                         "errors": watch.errors}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
