"""The phone's expert, measured: what the app's think-time cap leaves of the expert's search
in Chromium with the CPU slowed down, and which CPython cap leaves the same (issue 42).

    make site   # first: the built site in dist/site
    CHROMIUM=/usr/bin/chromium PYTHONPATH=pycore python tools/bench_phone_cap.py \
        [--browser-cap 800] [--throttles 4,1] [--caps 50,75,100,150,200,300] [--json FILE]
    python tools/bench_phone_cap.py --report FILE   # the figures of a run's --json again

Prints figures, asserts nothing. The positions and the measured decision are
tools/phone_cap_probe.py's (a fixed set of positions per table, the expert with a fixed
seed at each; per decision its wall time and the whole samples its search completed).

  browser  headless Chromium (Debian's, /usr/bin/chromium or CHROMIUM=...) on a private
           copy of dist/site served on 127.0.0.1 by build/serve_site.py, every other request
           blocked (host resolver rules, and the e2e suite's route that aborts and records
           them: tests/e2e/site_helpers.Watched). A page of the copy starts the site's own
           engine worker (web/engine-worker.js: the app's Pyodide, compiled engine and game
           standard library) with phone_cap_probe.py as its Python module instead of
           worker.py: the expert runs as in the app, in a Web Worker. Per throttle (CDP
           Emulation.setCPUThrottlingRate on the page's session; does it reach the worker?
           a fixed pure-Python loop, ``spin``, is timed there at each rate to show it: 3.1x
           to 3.4x at load 3 to 4, but a fraction of a second of work, so noise under more
           load), every
           position at the app's cap. The yardstick (one uncapped decision per table, the
           same work everywhere) timed in the worker and in CPython gives how much slower
           the expert runs there, and the app's cap divided by it (one decision each: a
           rough figure on a loaded machine; the samples are the measurement).
  cpython  the same positions in this interpreter at each cap, and uncapped, interleaved
           with the browser's (position by position) so that both meet the same load.
           CPython's processor time over its wall time (cpu share) shows how much of a core
           it had: below 1, the machine's load stretched every wall-clock cap.
  match    per table and browser run, the CPython cap whose mean samples per decision are
           the browser's (linear between the two caps measured around it), and the caps
           whose median samples are the browser's (few decisions reach the cap, so the
           median seldom tells caps apart).

The clock of CPython's caps (--clock): the app's cap reads the wall clock, and on a shared
machine a wall-clock cap shrinks with the load (the process gets part of a core), while the
throttled worker hardly does (measured: docs/bots.md "Think time per decision"; likely
because Chromium throttles by pausing the thread, and a thread that often sleeps is
scheduled first when it wakes). So by default CPython's caps count this process's processor time (CpuClock):
the caps of this machine with a core to itself. The load average is printed with every part.

    PYTHONPATH=pycore python tools/bench_phone_cap.py --match --a expert --b good \
        --variant samba --players 4 --deals 60 --seed 1 --jobs 1 --expert-think-ms 100 --pairs-out F

runs `python -m canasta match` with the expert's cap on that clock too.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))
sys.path.insert(0, str(REPO / "tools"))
import phone_cap_probe as probe  # noqa: E402
from bench_site import CHROMIUM_ARGS  # noqa: E402
from site_helpers import CHROMIUM, SITE, Watched, serve_site  # noqa: E402

TIMEOUT_MS = int(os.environ.get("BENCH_TIMEOUT_MS", "300000"))
#: Rounds of the probe's fixed loop timed at each throttle (and in CPython).
SPIN = 3000

# External scripts only: the site's CSP has no 'unsafe-inline'.
PAGE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>phone cap</title>
<script src="./phone-cap.js" {data}></script></head>
<body><p>the expert in the engine worker</p></body></html>
"""

PAGE_JS = """"use strict";
// Starts the site's engine worker as engine.js does, with phone-cap-probe.py for worker.py;
// window.phoneCap.call(name, args) answers with the probe's JSON.
(() => {
  const data = document.currentScript.dataset;
  const url = (path) => new URL(path, document.baseURI).href;
  const worker = new Worker(url("./engine-worker.js"), { type: "module" });
  const waiting = new Map();
  let next = 0;
  let booted, failed;
  const ready = new Promise((resolve, reject) => { booted = resolve; failed = reject; });
  worker.addEventListener("message", (event) => {
    const m = event.data || {};
    if (m.type === "ready") booted(m);
    else if (m.type === "failed") failed(new Error(m.message));
    else if (m.type === "result" && waiting.has(m.id)) {
      const [resolve, reject] = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.ok) resolve(JSON.parse(m.value)); else reject(new Error(m.message));
    }
  });
  worker.addEventListener("error", (event) => failed(new Error(String(event.message || event))));
  worker.postMessage({ type: "init", pyodide: url(data.pyodide), wheel: url(data.wheel), pyc: url(data.pyc),
                       workerPy: url("./phone-cap-probe.py"), stdlib: url(data.stdlib),
                       snapshot: false, makeSnapshot: false });
  window.phoneCap = {
    ready: ready.then((m) => ({ info: JSON.parse(m.info), timings: m.timings })),
    call: (name, args) => ready.then(() => new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, [resolve, reject]);
      worker.postMessage({ type: "call", id, name, args });
    })),
  };
})();
"""


class CpuClock:
    """The ``time`` module as the expert reads it, its ``perf_counter`` counting this
    process's processor time: a cap then stops the search where it would on this machine
    with a core to itself, whatever else runs (a wall-clock cap shrinks with the load)."""

    perf_counter = staticmethod(time.process_time)

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


@contextlib.contextmanager
def expert_clock(kind: str) -> Iterator[None]:
    """The clock of the expert's cap while in the block: "wall" (its own) or "cpu" (CpuClock)."""
    import canasta.bots.expert as expert

    saved = expert.time
    if kind == "cpu":
        expert.time = CpuClock()  # type: ignore[assignment]
    try:
        yield
    finally:
        expert.time = saved


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


@contextlib.contextmanager
def site_copy(site: Path) -> Iterator[Path]:
    """A private copy of the built site (a `make site` meanwhile changes nothing) with the
    probe's page and Python module added."""
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    data = {"pyodide": f"./pyodide/{info['pyodide']}/pyodide.mjs", "wheel": "./" + info["engine_wheel"],
            "pyc": "./" + info["engine_pyc"], "stdlib": "./" + info["game_stdlib"]}
    with tempfile.TemporaryDirectory(prefix="canasta-phonecap-") as tmp:
        root = shutil.copytree(site, Path(tmp) / "site")
        attrs = " ".join(f'data-{k}="{v}"' for k, v in data.items())
        (root / "phone-cap.html").write_text(PAGE_HTML.format(data=attrs), encoding="utf-8")
        (root / "phone-cap.js").write_text(PAGE_JS, encoding="utf-8")
        shutil.copyfile(Path(probe.__file__), root / "phone-cap-probe.py")
        yield root


class Worker:
    """The site's engine worker in headless Chromium, running the probe (module docstring)."""

    def __init__(self, page: Any, cdp: Any) -> None:
        self.page, self.cdp = page, cdp
        self.rate = 1.0

    def throttle(self, rate: float) -> None:
        if rate != self.rate:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            self.rate = rate

    def call(self, name: str, *args: Any) -> Any:
        return self.page.evaluate("([name, args]) => window.phoneCap.call(name, args)", [name, list(args)])


@contextlib.contextmanager
def browser_worker(site: Path, web: dict[str, Any]) -> Iterator[Worker]:
    """The worker, booted (unthrottled); the browser's version, outside requests and console
    errors go into ``web``."""
    from playwright.sync_api import sync_playwright

    with site_copy(site) as root, sync_playwright() as playwright:
        server, url = serve_site.serve_in_thread(root)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            watched = Watched(browser.new_context())
            watched.context.route("**/*", watched.route)
            page = watched.page()
            worker = Worker(page, watched.context.new_cdp_session(page))
            t0 = time.monotonic()
            page.goto(url + "phone-cap.html")
            ready = page.evaluate("window.phoneCap.ready")
            web.update(browser=browser.version, python=ready["info"]["python"])
            print(f"  browser {browser.version}: engine worker up in {time.monotonic() - t0:.1f} s "
                  f"(Python {web['python']}), {load()}", flush=True)
            yield worker
            worker.throttle(1)
            web.update(outside=watched.outside, errors=watched.errors)
        finally:
            browser.close()
            server.shutdown()
            server.server_close()


def run(tables: list[int], caps: list[int | None], throttles: list[float], browser_cap: int,
        site: Path | None, clock: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Every position, interleaved: the browser's decision at each throttle, then CPython's at
    each cap, so that both meet the same load on a shared machine."""
    cpy: dict[str, Any] = {"clock": clock, "caps": {label(c): {str(t): [] for t in tables} for c in caps}}
    web: dict[str, Any] | None = None
    if site is not None:
        web = {"throttles": {str(th): {"rows": {str(t): [] for t in tables}} for th in throttles}}
    with contextlib.ExitStack() as stack:
        worker = None if web is None else stack.enter_context(browser_worker(site, web))  # type: ignore[arg-type]
        cpy["spin_ms"] = json.loads(probe.spin(SPIN))["ms"]
        if worker is not None and web is not None:
            for th in throttles:
                worker.throttle(th)
                web["throttles"][str(th)]["spin_ms"] = worker.call("spin", SPIN)["ms"]
        for t in tables:
            t0 = time.monotonic()
            cpy.setdefault("yard", {})[str(t)] = probe.measure(t, probe.YARDSTICK[t], None)
            if worker is not None and web is not None:
                for th in throttles:
                    worker.throttle(th)
                    web["throttles"][str(th)].setdefault("yard", {})[str(t)] = worker.call("yardstick", t)
            for i in range(len(probe.positions(t))):
                if worker is not None and web is not None:
                    for th in throttles:
                        worker.throttle(th)
                        web["throttles"][str(th)]["rows"][str(t)].append(worker.call("decide", t, i, browser_cap))
                with expert_clock(clock):
                    for c in caps:
                        cpy["caps"][label(c)][str(t)].append(probe.measure(t, i, c))
            print(f"  {probe.table_name(*probe.TABLES[t])}: {time.monotonic() - t0:.0f} s, {load()}", flush=True)
    return cpy, web


def label(cap: int | None) -> str:
    return "uncapped" if cap is None else f"{cap} ms"


def searched(rows: list[dict[str, Any]]) -> list[int]:
    """The samples of the decisions that searched (the same positions in every run)."""
    return [r["samples"] for r in rows if r["samples"] is not None]


def stats(rows: list[dict[str, Any]], full: list[dict[str, Any]]) -> dict[str, float]:
    """Samples (median, mean), decisions the cap cut short (fewer samples than uncapped),
    and wall time (median, p95, max) of one run at one table."""
    s = searched(rows)
    ms = sorted(r["ms"] for r in rows)
    cut = sum(1 for r, f in zip(rows, full) if r["samples"] is not None and r["samples"] < f["samples"])
    return {"decisions": len(rows), "searched": len(s), "median": statistics.median(s), "mean": statistics.fmean(s),
            "cut": cut, "ms_median": statistics.median(ms), "ms_p95": ms[min(len(ms) - 1, int(0.95 * len(ms)))],
            "ms_max": ms[-1], "cpu_share": sum(r.get("cpu_ms", 0.0) for r in rows) / max(sum(ms), 1e-9)}


def matching_cap(points: list[tuple[int, float]], full: float, target: float) -> str:
    """The CPython cap at which the mean samples per decision reach ``target`` (the
    browser's): linear between the two measured caps around it; "N ms or more" when no
    decision was cut (every cap from the smallest that cuts none leaves as many)."""
    if target >= full:
        free = [c for c, m in points if m >= full]
        return f"{free[0]} ms or more (none cut)" if free else "uncapped"
    if target < points[0][1]:
        return f"below {points[0][0]} ms"
    for (c0, m0), (c1, m1) in zip(points, points[1:]):
        if m0 <= target <= m1:
            return f"{c0 if m1 == m0 else c0 + (target - m0) * (c1 - c0) / (m1 - m0):.0f} ms"
    return f"between {points[-1][0]} ms and uncapped"


def report(tables: list[int], caps: list[int], cpy: dict[str, Any], web: dict[str, Any] | None, cap: int) -> None:
    full = cpy["caps"]["uncapped"]
    print(f"\nfixed loop ({SPIN} rounds): CPython {cpy['spin_ms']:.0f} ms" + ("" if web is None else "; " + "; ".join(
        f"worker at {th}x {w['spin_ms']:.0f} ms ({w['spin_ms'] / cpy['spin_ms']:.2f}x CPython)"
        for th, w in web["throttles"].items())))
    spins = {float(th): w["spin_ms"] for th, w in ({} if web is None else web["throttles"]).items()}
    if 1.0 in spins:
        print("the worker's loop slowed by the throttle: " + ", ".join(
            f"{th:g}x: {ms / spins[1.0]:.2f}x" for th, ms in spins.items() if th != 1.0))
    if web is not None and "yard" in cpy:
        print("yardstick (one position of each table, uncapped: the same work everywhere): "
              "its time in the worker over CPython's, and the app's cap divided by that")
        for t in tables:
            base = cpy["yard"][str(t)]
            print(f"  {probe.table_name(*probe.TABLES[t]):18} {base['samples']} samples, CPython {base['ms']:.0f} ms; "
                  + "; ".join(f"{th}x: {w['yard'][str(t)]['ms']:.0f} ms ({w['yard'][str(t)]['ms'] / base['ms']:.1f}x, "
                              f"{cap * base['ms'] / w['yard'][str(t)]['ms']:.0f} ms)" for th, w in web["throttles"].items()))
    print(f"CPython's caps count the {cpy.get('clock', 'wall')} clock")
    runs: list[tuple[str, dict[str, Any]]] = [(f"CPython {label(c)}", cpy["caps"][label(c)]) for c in [*caps, None]]
    if web is not None:
        runs = [(f"Chromium {th}x, {cap} ms", w["rows"]) for th, w in web["throttles"].items()] + runs
    print(f"\n{'table':18} {'run':24} {'searched':>8} {'samples median':>14} {'mean':>6} {'cut':>4} "
          f"{'ms median':>9} {'p95':>6} {'max':>6} {'cpu share':>9}")
    for t in tables:
        name = probe.table_name(*probe.TABLES[t])
        for run, rows in runs:
            s = stats(rows[str(t)], full[str(t)])
            print(f"{name:18} {run:24} {s['searched']:4}/{s['decisions']:<3} {s['median']:14.1f} {s['mean']:6.1f} "
                  f"{s['cut']:4} {s['ms_median']:9.0f} {s['ms_p95']:6.0f} {s['ms_max']:6.0f} "
                  + (f"{s['cpu_share']:9.2f}" if run.startswith("CPython") else f"{'-':>9}"))
    if web is None:
        return
    print("\nthe CPython cap that leaves the browser's samples (by the mean, interpolated; caps with the same median):")
    for t in tables:
        name = probe.table_name(*probe.TABLES[t])
        per = {c: stats(cpy["caps"][label(c)][str(t)], full[str(t)]) for c in caps}
        whole = stats(full[str(t)], full[str(t)])
        for th, w in web["throttles"].items():
            s = stats(w["rows"][str(t)], full[str(t)])
            same = [f"{c}" for c in caps if per[c]["median"] == s["median"]]
            print(f"  {name:18} Chromium {th}x: {matching_cap([(c, per[c]['mean']) for c in caps], whole['mean'], s['mean'])}"
                  f"; median {s['median']:.1f}: " + (", ".join(same) + " ms" if same else "none"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--browser-cap", type=int, default=800, help="the app's cap (web/ui_app.py EXPERT_THINK_MS)")
    parser.add_argument("--throttles", default="4,1", help="CPU slow-downs of the browser runs (4,1)")
    parser.add_argument("--caps", default="50,75,100,150,200,300", help="CPython caps in ms (and uncapped)")
    parser.add_argument("--tables", default="", help="indexes into phone_cap_probe.TABLES (all)")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="what CPython's caps count: this process's processor time (cpu: the machine "
                             "as if quiet) or the wall clock, as the app does (wall: shrinks with the load)")
    parser.add_argument("--match", nargs=argparse.REMAINDER,
                        help="run `python -m canasta match ARGS` with the expert's cap on --clock, nothing else")
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--json", type=Path, help="also write every decision's record to this file")
    parser.add_argument("--report", type=Path, help="print the figures of a --json file, run nothing")
    args = parser.parse_args(argv)
    tables = [int(t) for t in args.tables.split(",")] if args.tables else list(range(len(probe.TABLES)))
    caps = sorted(int(c) for c in args.caps.split(","))
    if args.match is not None:
        from canasta.lab.cli import main as canasta_main

        if "--jobs" in args.match and args.match[args.match.index("--jobs") + 1] != "1":
            parser.error("--match runs in this process: --jobs 1 (worker processes would read the wall clock)")
        print(f"match with the expert's cap on the {args.clock} clock; {load()}", flush=True)
        with expert_clock(args.clock):
            code = canasta_main(["match", *args.match])
        print(load())
        return code
    if args.report:
        saved = json.loads(args.report.read_text(encoding="utf-8"))
        cpy = saved["cpython"]
        caps = [c for c in caps if label(c) in cpy["caps"]]
        report([t for t in tables if str(t) in cpy["caps"]["uncapped"]], caps, cpy, saved["browser"], args.browser_cap)
        return 0
    site = args.site.resolve()
    if not args.no_browser and not (site / "build-info.json").is_file():
        print(f"bench_phone_cap: {site} is not built: run `make site`", file=sys.stderr)
        return 1
    t_start = time.monotonic()
    print(f"bench_phone_cap: tables {[probe.table_name(*probe.TABLES[t]) for t in tables]}, "
          f"{probe.DEALS} deals x {len(probe.SPREAD)} positions each; {os.cpu_count()} cores, {load()}", flush=True)
    for t in tables:
        probe.positions(t)
    cpy, web = run(tables, [*caps, None], [float(x) for x in args.throttles.split(",")], args.browser_cap,
                   None if args.no_browser else site, args.clock)
    report(tables, caps, cpy, web, args.browser_cap)
    if web is not None:
        print(f"\nrequests outside 127.0.0.1 (blocked): {len(web['outside'])}; console errors: {len(web['errors'])}")
        for line in [*web["outside"], *web["errors"]][:10]:
            print(f"  {line}")
    print(f"total {time.monotonic() - t_start:.0f} s, {load()}")
    if args.json:
        args.json.write_text(json.dumps({"cpython": cpy, "browser": web, "load_end": os.getloadavg()}, indent=1),
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
