"""Figures of the rules guide (guide/<lang>/<page>.html) in headless Chromium (prints, asserts nothing).

    .venv/bin/python tools/bench_guide.py [--repeats 3] [--page en/classic] [--screenshots DIR]
    (after `make site`; `make bench-guide`)

Size: the guide's bytes (every file under guide/), its pages, and the examples they embed
(with the print stills the pages carry, which make most of their weight).

Time to a readable page, per repeat on new origins (tools/bench_site.py: one temporary
profile, a private copy of the site, other hosts unresolvable), in two views: the page's
top on a desktop (1280x800), and a phone (390x844) opening the page at a rule's anchor
(#frozen-pile), as the game's "Why?" link does. For each: the first contentful paint,
and the moment every example in the first screen is drawn (its frame's "canasta-ready"
event, re-sent by embed.js on its element; recorded by an init script); "readable" is
the later of the two. Cold = the first visit of the origin; then the service worker is
waited for (every file precached, the page controlled) and warm = the page opened again.

--screenshots DIR: the page at 390x844 and 1280x800 (guide-<lang>-<page>-WxH.png, the
first screen), its print layout at an A4 page's width (guide-<lang>-<page>-print.png: the
stills in place of the live examples) and printed to PDF (guide-<lang>-<page>.pdf).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import bench_site as B  # noqa: E402
from playwright.sync_api import BrowserContext, Page, sync_playwright  # noqa: E402
from site_helpers import CHROMIUM, SITE, wait_controlled  # noqa: E402

SIZES = ((390, 844), (1280, 800))
PRINT = {"width": 794, "height": 2200}
#: (label, viewport, what follows the page's URL)
VIEWS = (("desktop", {"width": 1280, "height": 800}, ""), ("phone#anchor", {"width": 390, "height": 844}, "#frozen-pile"))

INIT = r"""
(() => {
  const G = (window.__guide = { paint: {}, ready: [] });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { G.paint[e.name] = e.startTime; }))
    .observe({ type: "paint", buffered: true });
  document.addEventListener("canasta-ready", (e) => G.ready.push([e.target.getAttribute("ex"), performance.now()]));
})();
"""

#: The examples whose frames show in the first screen (their element's top within it).
FIRST_SCREEN_JS = """() => [...document.querySelectorAll("canasta-example")].filter((e) => {
  const box = e.getBoundingClientRect();
  return box.top < innerHeight && box.bottom > 0;
}).map((e) => e.getAttribute("ex"))"""


def size(site: Path) -> dict[str, int]:
    guide = site / "guide"
    pages = sorted(guide.glob("*/*.html"))
    examples = [m for p in pages for m in re.findall(r"<canasta-example ", p.read_text(encoding="utf-8"))]
    return {"bytes": sum(f.stat().st_size for f in guide.rglob("*") if f.is_file()), "pages": len(pages),
            "examples": len(examples), "distinct": len({e for p in pages for e in re.findall(
                r'<canasta-example ex="([^"]+)"', p.read_text(encoding="utf-8"))})}


def visit(watch: B.Watch, context: BrowserContext, url: str, label: str, viewport: dict[str, int]) -> tuple[Page, dict[str, Any]]:
    page = watch.page(context, label, INIT)
    page.set_viewport_size(viewport)  # type: ignore[arg-type]
    page.goto(url)
    page.wait_for_timeout(100)  # the anchor scrolled to
    wanted = page.evaluate(FIRST_SCREEN_JS)
    deadline = time.monotonic() + B.TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        data: dict[str, Any] = page.evaluate("window.__guide")
        if len({ex for ex, _ in data["ready"]} & set(wanted)) == len(set(wanted)):
            break
        time.sleep(0.05)
    else:
        raise SystemExit(f"{label}: the first screen's examples {wanted} were not all drawn")
    fcp = data["paint"].get("first-contentful-paint")
    drawn = max((t for ex, t in data["ready"] if ex in wanted), default=0.0)
    return page, {"fcp": fcp, "drawn": drawn, "readable": max(fcp or 0.0, drawn), "examples": len(set(wanted))}


def bench(watch: B.Watch, context: BrowserContext, url: str, viewport: dict[str, int]) -> dict[str, dict[str, Any]]:
    page, cold = visit(watch, context, url, "cold", viewport)
    wait_controlled(page)
    page.close()
    page, warm = visit(watch, context, url, "warm", viewport)
    page.close()
    return {"cold": cold, "warm": warm}


def screenshots(site_url: str, page_path: str, out: Path, context_of: Any) -> None:
    out.mkdir(parents=True, exist_ok=True)
    name = page_path.replace("/", "-")
    for w, h in SIZES:
        context = context_of(viewport={"width": w, "height": h}, device_scale_factor=1)
        page = context.new_page()
        page.goto(site_url + f"guide/{page_path}.html")
        page.locator("canasta-example").first.locator("iframe").wait_for(state="attached")
        page.wait_for_timeout(1500)  # the first frames drawn and sized
        path = out / f"guide-{name}-{w}x{h}.png"
        page.screenshot(path=str(path))
        print(path)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        print(f"  page width {wide} px in a {w} px viewport")
        if w == SIZES[-1][0]:
            page.emulate_media(media="print")
            page.set_viewport_size(PRINT)  # an A4 page's width at 96 dpi
            shot = out / f"guide-{name}-print.png"
            page.screenshot(path=str(shot), full_page=True, clip={"x": 0, "y": 0, **PRINT})
            print(shot)
            pdf = out / f"guide-{name}.pdf"
            page.pdf(path=str(pdf), format="A4", print_background=True)
            print(pdf)
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--page", default="en/classic", help="LANG/PAGE under guide/ (en/classic)")
    parser.add_argument("--screenshots", type=Path, help="write screenshots and a PDF of the page here instead")
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "guide" / f"{args.page}.html").is_file():
        print(f"bench_guide: {site}/guide/{args.page}.html is not built: run `make site`", file=sys.stderr)
        return 1
    s = size(site)
    print(f"guide size: {s['bytes'] / 1e3:.0f} kB in guide/, {s['pages']} pages, {s['examples']} embedded examples "
          f"({s['distinct']} different)")

    watch, origins = B.Watch(), B.Origins()
    runs: dict[str, list[dict[str, dict[str, Any]]]] = {label: [] for label, _, _ in VIEWS}
    with B.snapshot(site) as (copy, _bare), tempfile.TemporaryDirectory(prefix="canasta-guide-profile-") as profile:
        with sync_playwright() as playwright:
            if args.screenshots:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=B.CHROMIUM_ARGS)
                with origins.serve(copy) as url:
                    screenshots(url, args.page, args.screenshots, browser.new_context)
                browser.close()
                return 0
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=B.CHROMIUM_ARGS, headless=True)
            context.on("request", watch.request)
            try:
                for i in range(args.repeats):
                    for label, viewport, suffix in VIEWS:
                        with origins.serve(copy) as url:
                            runs[label].append(bench(watch, context, url + f"guide/{args.page}.html{suffix}", viewport))
                    print(f"  repeat {i + 1}/{args.repeats}: ok", flush=True)
            finally:
                context.close()
    for view, done in runs.items():
        for run in ("cold", "warm"):
            for key, label in (("fcp", "first contentful paint"), ("drawn", "first screen's examples drawn"),
                               ("readable", "readable (the later)")):
                values = [r[run][key] for r in done if r[run][key] is not None]
                print(f"{view:12} {run:5} {label:30} median {median(values):6.0f} ms  (runs: "
                      f"{' '.join(f'{v:.0f}' for v in values)})")
        print(f"{view:12} examples in the first screen: {done[0]['cold']['examples']}")
    print(f"requests outside 127.0.0.1: {len(watch.outside)}; console errors: {len(watch.errors)}")
    for line in watch.errors[:5]:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
