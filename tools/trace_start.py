"""Where the page's longest main-thread tasks at start-up go: a Chromium trace (CDP Tracing).

Serves dist/site on 127.0.0.1, opens it in headless Chromium with a Chrome trace running
from navigation until the start screen's "New game" is enabled and the UI is ready, then
prints each main-thread task over --over ms with the events inside it that took the most
time (script evaluation by URL, wasm compilation, parsing, garbage collection).
Usage: .venv/bin/python tools/trace_start.py [--over 50] [--site dist/site]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import serve_site  # type: ignore[import-not-found]  # noqa: E402

CATEGORIES = ("devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,v8.compile,"
              "v8.wasm,disabled-by-default-v8.compile,blink,loading,toplevel")


def label(event: dict[str, Any]) -> str:
    """A readable name for a trace event: the script or function it ran, if known."""
    data = event.get("args", {}).get("data", {}) or {}
    where = data.get("url") or data.get("fileName") or data.get("functionName") or ""
    return f"{event['name']} {where}".strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--over", type=float, default=50.0)
    parser.add_argument("--site", type=Path, default=Path("dist/site"))
    parser.add_argument("--warm", action="store_true", help="load once first, trace the second visit")
    args = parser.parse_args()
    server, url = serve_site.serve_in_thread(args.site)
    events: list[dict[str, Any]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page()
        if args.warm:
            page.goto(url)
            page.wait_for_selector("body[data-ui=ready]", timeout=60000)
            page.wait_for_timeout(3000)
        cdp = page.context.new_cdp_session(page)
        cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
        done: list[bool] = []
        cdp.on("Tracing.tracingComplete", lambda e: done.append(True))
        cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
        page.goto(url)
        page.wait_for_selector("body[data-ui=ready]", timeout=60000)
        page.wait_for_timeout(500)
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)
        browser.close()
    server.shutdown()
    main_tid = None
    for e in events:
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain":
            main_tid = (e["pid"], e["tid"])
    on_main = [e for e in events if (e.get("pid"), e.get("tid")) == main_tid and e.get("ph") == "X"]
    tasks = sorted((e for e in on_main if e["name"] == "RunTask" and e.get("dur", 0) >= args.over * 1000),
                   key=lambda e: e["ts"])
    t0 = min(e["ts"] for e in on_main)
    for task in tasks:
        start, end = task["ts"], task["ts"] + task["dur"]
        inside = [e for e in on_main if e is not task and start <= e["ts"] < end]
        own: dict[str, float] = defaultdict(float)
        for e in inside:
            own[label(e)] += e.get("dur", 0) / 1000
        print(f"task at {(start - t0) / 1000:.0f} ms: {task['dur'] / 1000:.0f} ms")
        for name, ms in sorted(own.items(), key=lambda kv: -kv[1])[:12]:
            print(f"    {ms:7.1f} ms  {name[:150]}")
    Path("/tmp/fin39-trace.json").write_text(json.dumps(events))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
