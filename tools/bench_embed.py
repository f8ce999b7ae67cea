"""Figures of the live rule examples embedded on another site (prints, asserts nothing).

    .venv/bin/python tools/bench_embed.py [--repeats 3]     (after `make site`; `make bench-embed`)

Each repeat serves the built site, a bare Pyodide page of the same files (tools/bench_site.py)
and a host page on new origins of 127.0.0.1, in headless Chromium with one temporary profile:

- the host page embeds 10 examples with the script tag: for each frame, the time from its
  navigation to the example drawn; the bytes transferred before the reader acts (the host
  page, the frames and what they load), and how many of them are Pyodide's;
- a reader tries the frozen-pile example, cold then warm (the same origin reloaded: the
  HTTP cache): "Try it" to the live table, the reader's action to the engine's verdict,
  and the two together against a bare Pyodide boot of the same files in the same state.
"""

from __future__ import annotations

import argparse
import http.server
import os
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from statistics import median
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import bench_site as B  # noqa: E402
from playwright.sync_api import BrowserContext, Page, sync_playwright  # noqa: E402
from site_helpers import CHROMIUM, CHROMIUM_ARGS, SITE  # noqa: E402

EMBEDS = 10
TRY = "classic/frozen-pile-natural-pair"
EDGE = {"x": 6, "y": 24}  # a card's left edge, which the next card never covers


def host_page(site_url: str, idents: list[str]) -> str:
    rows = "\n".join(f'<canasta-example ex="{i}" lang="en" id="ex{n}"></canasta-example>' for n, i in enumerate(idents))
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rules</title></head><body>'
            f'<h1>How to play</h1>{rows}<script src="{site_url}embed.js"></script></body></html>')


def serve_folder(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    quiet = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *args: None})
    handler = partial(quiet, directory=str(root))
    (root / "favicon.ico").write_bytes(b"")  # the host page's own, so that it asks for nothing missing
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def mark(page: Page, frame_id: str, name: str) -> int | None:
    value = page.frame_locator(f"#{frame_id} iframe").locator("body").get_attribute(f"data-{name}")
    return int(value) if value else None


def look(watch: B.Watch, context: BrowserContext, url: str, count: int) -> dict[str, Any]:
    """Open the host page and wait for every example to be drawn: times and bytes."""
    sizes: list[tuple[str, int]] = []
    page = watch.page(context, "host")
    page.on("requestfinished", lambda r: sizes.append((r.url, r.sizes()["responseBodySize"]
                                                        + r.sizes()["responseHeadersSize"])))
    page.goto(url)
    for n in range(count):  # the frames load lazily: the reader scrolls down to each
        page.locator(f"#ex{n}").scroll_into_view_if_needed()
        page.frame_locator(f"#ex{n} iframe").locator("body[data-drawn-at]").wait_for(state="attached",
                                                                                      timeout=B.TIMEOUT_MS)
    drawn = [mark(page, f"ex{n}", "drawn-at") or 0 for n in range(count)]
    page.close()
    total = sum(s for _, s in sizes)
    pyodide = sum(s for u, s in sizes if "/pyodide/" in u)
    return {"drawn": drawn, "bytes": total, "pyodide_bytes": pyodide, "requests": len(sizes)}


def try_one(watch: B.Watch, context: BrowserContext, url: str) -> dict[str, float]:
    """A reader tries the frozen-pile example: Try it -> live table -> action -> verdict."""
    page = watch.page(context, "try")
    page.goto(url)
    frame = page.frame_locator("#ex0 iframe")
    frame.locator("body[data-drawn-at]").wait_for(state="attached", timeout=B.TIMEOUT_MS)
    frame.locator("#ex-try").click()
    frame.locator("body[data-live='ready']").wait_for(state="attached", timeout=B.TIMEOUT_MS)
    hand = frame.locator("#ex-table .hand-box")
    for code in ("8S", "8H"):
        hand.locator(f'button[data-card="{code}"]').first.click(position=EDGE)
    acted = frame.locator("body").evaluate("() => performance.now()")
    frame.locator("#act-take").click()
    frame.locator("body[data-verdict-at]").wait_for(state="attached", timeout=B.TIMEOUT_MS)
    out = {"live": float(mark(page, "ex0", "live-at") or 0) - float(mark(page, "ex0", "try-at") or 0),
           "verdict": float(mark(page, "ex0", "verdict-at") or 0) - float(acted)}
    page.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args(argv)
    site = args.site.resolve()
    idents = sorted(f"{p.parent.name}/{p.stem}" for p in (site / "examples").glob("*/*.frames.json"))
    idents = [i.removesuffix(".frames") for i in idents]
    looked = ([TRY] + [i for i in idents if i != TRY])[:EMBEDS]
    print(f"bench_embed: {site}; {len(looked)} embeds on a host page of another origin; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    watch = B.Watch()
    origins = B.Origins()
    rows: list[dict[str, Any]] = []
    with B.snapshot(site) as (site_copy, bare_root), tempfile.TemporaryDirectory() as profile, \
            tempfile.TemporaryDirectory() as host_dir:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM,
                                                                     args=CHROMIUM_ARGS, headless=True)
            context.on("request", watch.request)
            try:
                for i in range(args.repeats):
                    with origins.serve(bare_root) as bare_url:
                        bare = B.bench_bare(watch, context, bare_url)
                    with origins.serve(site_copy) as site_url:
                        (Path(host_dir) / "host.html").write_text(host_page(site_url, looked), encoding="utf-8")
                        (Path(host_dir) / "try.html").write_text(host_page(site_url, [TRY]), encoding="utf-8")
                        server, host_url = serve_folder(Path(host_dir))
                        try:
                            seen = look(watch, context, host_url + "host.html", len(looked))
                            cold = try_one(watch, context, host_url + "try.html")
                            warm = try_one(watch, context, host_url + "try.html")
                        finally:
                            server.shutdown()
                            server.server_close()
                    rows.append({"bare": bare, "look": seen, "cold": cold, "warm": warm})
                    print(f"  repeat {i + 1}/{args.repeats} done (load average {os.getloadavg()[0]:.2f})", flush=True)
            finally:
                context.close()

    def med(values: list[float]) -> str:
        return f"{median(values):.0f} ms (" + ", ".join(f"{v:.0f}" for v in values) + ")"

    drawn = [max(r["look"]["drawn"]) for r in rows]
    every = [d for r in rows for d in r["look"]["drawn"]]
    print(f"examples drawn, ms after their frame's navigation: median {median(every):.0f} ms over "
          f"{len(every)}, {sum(1 for d in every if d <= 500)} within 500 ms; slowest of each repeat {med(drawn)}")
    print("bytes before the reader acts, host page and 10 frames: "
          + ", ".join(f"{r['look']['bytes'] / 1e6:.2f} MB ({r['look']['requests']} requests)" for r in rows)
          + "; of them Pyodide's: " + ", ".join(str(r["look"]["pyodide_bytes"]) for r in rows))
    for run in ("cold", "warm"):
        live = [r[run]["live"] for r in rows]
        verdict = [r[run]["verdict"] for r in rows]
        both = [r[run]["live"] + r[run]["verdict"] for r in rows]
        boot = [r["bare"][run]["ready"] for r in rows]
        print(f"{run}: Try it -> live table {med(live)}; action -> verdict {med(verdict)}; "
              f"together {med(both)}; bare Pyodide boot {med(boot)}; "
              f"excess over the bare boot {med([a - b for a, b in zip(both, boot)])}")
    print(f"requests outside 127.0.0.1: {len(watch.outside)}; console errors: {len(watch.errors)}")
    for line in watch.errors[:10]:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
