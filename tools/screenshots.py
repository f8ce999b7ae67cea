"""Screenshots of the built site (dist/site) on a phone and a desktop, for docs/screenshots/.

    .venv/bin/python tools/screenshots.py [OUT_DIR]      (after `make site` and `make test-e2e`'s setup)

Serves the site like the end-to-end tests (tests/e2e/site_helpers.py), drives Debian's
Chromium with Playwright, and writes for each size (390x844, 1280x800):
start-WxH.png, table-WxH.png (mid-game, cards selected), hint-WxH.png (the Hint button's
suggestion, French), ask-WxH.png (the partner's "may I go out?" with its hint, French) and
hand-end-WxH.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))
sys.path.insert(0, str(REPO / "pycore"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from game_helpers import ask_save, saved_once  # noqa: E402
from site_helpers import CHROMIUM, CHROMIUM_ARGS, SITE, serve_site  # noqa: E402

SIZES = ((390, 844), (1280, 800))
TIMEOUT_MS = 120_000


def wait(page: Page, selector: str) -> None:
    page.wait_for_selector(selector, state="attached", timeout=TIMEOUT_MS)


def shoot(page: Page, path: Path) -> None:
    page.wait_for_timeout(400)  # images decoded, transitions done
    page.screenshot(path=str(path))
    print(path)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    save, _seed = ask_save()
    server, url = serve_site.serve_in_thread(SITE)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for w, h in SIZES:
                size = f"{w}x{h}"
                context = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
                page = context.new_page()
                page.goto(url + "?lang=en")
                wait(page, 'body[data-ui="ready"]')
                shoot(page, out / f"start-{size}.png")

                # Mid-game: seed 1 gives seat 0 a meld on its first turn (tests/e2e/game_helpers.py).
                page.goto(url + "?lang=en&seed=1&new=1&speed=fast")
                wait(page, '#game[data-human-turn="true"][data-phase="draw"][data-bots="idle"]')
                page.click("#act-draw")
                wait(page, '#game[data-human-turn="true"][data-phase="play"][data-busy="false"]')
                for code in ("JS", "JS", "JD"):
                    page.locator(f'#g-hand button.hcard[data-card="{code}"][aria-pressed="false"]').first.click(
                        position={"x": 6, "y": 24})
                page.click("#act-meld")
                wait(page, '#game[data-human-turn="true"][data-phase="play"][data-busy="false"]')
                page.locator('#g-hand button.hcard[data-card="2D"]').first.click(position={"x": 6, "y": 24})
                page.mouse.move(0, 0)
                shoot(page, out / f"table-{size}.png")

                # A hint after the draw: its cards selected, the hand scrolled clear of the action bar.
                page.goto(url + "?lang=fr&seed=5&new=1&speed=fast")
                wait(page, '#game[data-human-turn="true"][data-bots="idle"][data-busy="false"]')
                page.click("#act-draw")
                wait(page, '#game[data-human-turn="true"][data-phase="play"][data-busy="false"]')
                page.click("#act-hint")
                page.wait_for_function("() => document.querySelector('#g-feedback').textContent.includes('—')",
                                       timeout=TIMEOUT_MS)
                shoot(page, out / f"hint-{size}.png")

                page.goto(url + "?lang=en&seed=3&watch=1&speed=instant")
                wait(page, '#game[data-hand-over="true"]')
                shoot(page, out / f"hand-end-{size}.png")
                context.close()

                # The partner's question, with the dialog's own hint (a save at that moment).
                context = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=1)
                context.add_init_script(saved_once(save))
                page = context.new_page()
                page.goto(url + "?lang=fr&speed=instant")
                wait(page, 'body[data-ui="ready"]')
                page.click("#btn-continue")
                page.wait_for_selector("#ask-dialog[open]", timeout=TIMEOUT_MS)
                page.click("#answer-hint")
                page.wait_for_function("() => document.querySelector('#ask-hint').textContent.includes('—')",
                                       timeout=TIMEOUT_MS)
                shoot(page, out / f"ask-{size}.png")
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "screenshots")
