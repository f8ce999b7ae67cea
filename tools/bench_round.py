"""How long the bots take to play before the player's first turn, in headless Chromium,
at each bot speed (issue 40: "a round of three bots at normal speed takes about 5 s: keep
it followable but not slower than now").

    python tools/bench_round.py [--site dist/site] [--seed 1] [--repeats 3]

Prints figures, asserts nothing. For each speed, a fresh browser context opens
`/?new=1&seed=S&players=4&speed=X`; the time runs from the table shown (#game visible)
to the player's turn with the bots idle (#game data-human-turn="true", data-bots="idle"),
with how many bot moves that was (data-moves) and how many card flights the page started
(body data-flights, web/fly.js; 0 where the site has none). Seed 1 gives ten bot moves
(three seats) before seat 0's first turn. The site is served on 127.0.0.1 by
build/serve_site.py; Chromium is /usr/bin/chromium or $CHROMIUM.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "build"))

import serve_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

SPEEDS = ("slow", "normal", "fast", "instant")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "dist" / "site")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    server, url = serve_site.serve_in_thread(args.site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
            print(f"site {args.site}, seed {args.seed}, {args.repeats} runs per speed")
            for speed in SPEEDS:
                times = []
                moves = flights = 0
                for _ in range(args.repeats):
                    context = browser.new_context(viewport={"width": 390, "height": 844})
                    page = context.new_page()
                    page.set_default_timeout(180_000)
                    page.goto(f"{url}?new=1&seed={args.seed}&players=4&speed={speed}&lang=en")
                    page.wait_for_selector("#game:not([hidden])", state="attached")
                    start = time.perf_counter()
                    page.wait_for_selector('#game[data-human-turn="true"][data-bots="idle"]', state="attached")
                    times.append(time.perf_counter() - start)
                    moves = int(page.get_attribute("#game", "data-moves") or 0)
                    flights = int(page.evaluate("() => Number(document.body.dataset.flights || 0)"))
                    context.close()
                median = statistics.median(times)
                print(f"{speed:8s} {median:6.2f} s median (min {min(times):.2f}, max {max(times):.2f})"
                      f"  {moves} bot moves, {median / max(moves, 1) * 1000:5.0f} ms per move, {flights} flights")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
