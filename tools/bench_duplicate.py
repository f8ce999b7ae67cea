"""How much the duplicate result's background work (issue 41) delays the player's moves.

The expert's score on a shared deal is worked out in a second engine worker
(window.canastaEngine.helper(), engine.js) while the player plays. This opens the built
site (dist/site, `make site`) in headless Chromium and times requests to the player's
engine worker, alone and then while a helper plays the deal with the expert again and
again (canasta.duplicate.expert_result): a snapshot (what every move's answer costs) and
an expert hint of fixed work (no think cap: its rollouts set, so a slower engine shows as
a longer time). It also prints the helper's start and one expert_result's time. Figures
depend on the machine and its load (printed with them); nothing is asserted.

    .venv/bin/python tools/bench_duplicate.py [--calls 12] [--rollouts 40] [--players 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from site_helpers import CHROMIUM, CHROMIUM_ARGS, SITE, serve_site  # noqa: E402

#: JavaScript: time ``count`` calls of the player's engine: [ms of each].
TIME_CALLS = """async ([name, args, count]) => {
  const out = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const reply = JSON.parse(await window.canastaEngine.call(name, ...args));
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    out.push(performance.now() - t0);
  }
  return out;
}"""

#: JavaScript: start a helper that plays the deal with the expert until stopped.
START_HELPER = """([options]) => {
  const h = window.canastaEngine.helper();
  const t0 = performance.now();
  window.__bench = { helper: h, runs: [], stop: false, boot: null };
  window.__bench.done = (async () => {
    await h.ready;
    window.__bench.boot = performance.now() - t0;
    while (!window.__bench.stop) {
      const t = performance.now();
      const reply = JSON.parse(await h.call("expert_result", options, 0));
      if (!reply.ok) throw new Error(JSON.stringify(reply));
      window.__bench.runs.push(performance.now() - t);
    }
  })();
}"""


def summary(times: list[float]) -> str:
    return (f"median {statistics.median(times):7.1f} ms  mean {statistics.fmean(times):7.1f}  "
            f"max {max(times):7.1f}  (n={len(times)})")


def measure(page: Page, calls: int, rollouts: int) -> dict[str, list[float]]:
    turn = json.loads(page.evaluate("async () => window.canastaEngine.call('snapshot', 0)"))["turn"]
    hint = ["hint", [turn], calls]
    snap = ["snapshot", [0], calls * 3]
    return {"snapshot": page.evaluate(TIME_CALLS, snap), f"hint ({rollouts} rollouts)": page.evaluate(TIME_CALLS, hint)}


def run(url: str, calls: int, rollouts: int, players: int) -> None:
    # both seats human: a hint is asked of the seat to act, whichever it is
    game = {"seed": 5, "players": 2, "humans": [0, 1], "expert_rollouts": rollouts}
    deal = json.dumps({"seed": 5, "players": players, "bot": "good"})
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(600_000)
        page.goto(url + "?lang=en")
        page.wait_for_selector('body[data-ui="ready"]', state="attached")
        started = json.loads(page.evaluate("async ([o]) => window.canastaEngine.call('new_game', o)", [json.dumps(game)]))
        assert started["ok"], started
        # after the draw: the hint then weighs the melds and discards (at the draw there
        # may be one choice, answered at once)
        drawn = json.loads(page.evaluate("async ([t]) => window.canastaEngine.call('play', t, 'draw')",
                                         [started["turn"]]))
        assert drawn["ok"], drawn
        page.wait_for_timeout(4000)  # the engine's memory snapshot is made once idle: not during the timing
        print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.1f} (start)")
        alone = measure(page, calls, rollouts)
        page.evaluate(START_HELPER, [deal])
        page.wait_for_function("() => window.__bench.boot !== null")
        boot = page.evaluate("() => window.__bench.boot")
        busy = measure(page, calls, rollouts)
        page.wait_for_function("() => window.__bench.runs.length > 0")
        page.evaluate("async () => { window.__bench.stop = true; await window.__bench.done;"
                      " window.__bench.helper.terminate(); }")
        runs = page.evaluate("() => window.__bench.runs")
        print(f"load average {os.getloadavg()[0]:.1f} (end)")
        print(f"helper worker start (boot from snapshot when stored): {boot:.0f} ms")
        print(f"expert_result of a {players}-player hand in the helper: {summary(runs)}")
        for name in alone:
            print(f"{name:24s} alone:              {summary(alone[name])}")
            print(f"{name:24s} helper at work:     {summary(busy[name])}")
            ratio = statistics.median(busy[name]) / statistics.median(alone[name])
            print(f"{name:24s} median slowdown:    x{ratio:.2f}")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=12)
    parser.add_argument("--rollouts", type=int, default=40)
    parser.add_argument("--players", type=int, default=2, help="the table of the deal the helper plays")
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit(f"{SITE} is not built: run `make site`")
    server, url = serve_site.serve_in_thread(SITE)
    try:
        run(url, args.calls, args.rollouts, args.players)
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
