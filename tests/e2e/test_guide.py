"""The rules guide (dist/site/guide/, build/render_guide.py) in Chromium: a page in each
language with its live examples drawn, every anchor of links.json present and reachable,
the language chooser, offline after one visit, and axe-core finding no serious or
critical accessibility problem. No request leaves 127.0.0.1 (the `watched` fixture)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from site_helpers import AXE, Watched, build_site, serious_axe_violations, wait_controlled

DRAWN_MS = 30_000


def links(site_dir: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site_dir / "guide" / "links.json").read_text(encoding="utf-8"))
    return data


def first_example_drawn(page: Page) -> str:
    """Scroll to the page's first example and wait until its frame has drawn it; its id."""
    element = page.locator("canasta-example").first
    element.scroll_into_view_if_needed()
    frame = element.frame_locator("iframe")
    expect(frame.locator("body[data-drawn-at]")).to_be_attached(timeout=DRAWN_MS)
    return str(element.get_attribute("ex"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_guide_page_in_each_language(watched: Callable[..., Watched], site_url: str, site_dir: Path,
                                       lang: str) -> None:
    w = watched(viewport={"width": 390, "height": 844})
    page = w.page()
    page.goto(f"{site_url}guide/{lang}/classic.html")
    assert page.get_attribute("html", "lang") == lang
    title = page.locator("main h1").inner_text()
    assert page.title().startswith(title)
    # readable on a phone: nothing wider than the screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390

    ident = first_example_drawn(page)
    frame = page.locator("canasta-example").first.frame_locator("iframe")
    assert frame.locator("html").get_attribute("lang") == lang
    shown = json.loads((site_dir / "examples" / f"{ident}.frames.json").read_text(encoding="utf-8"))
    expect(frame.locator("#ex-title")).to_have_text(shown["title"][lang])

    # every anchor the game links to is on its page, and a link to one lands on it
    for slug, anchors in links(site_dir)["anchors"].items():
        page.goto(f"{site_url}guide/{lang}/{slug}.html")
        assert page.evaluate("(ids) => ids.filter((id) => !document.getElementById(id))", anchors) == [], slug
    page.goto(f"{site_url}guide/{lang}/classic.html#frozen-pile")
    page.locator("#frozen-pile canasta-example").first.frame_locator("iframe").locator(
        "body[data-drawn-at]").wait_for(state="attached", timeout=DRAWN_MS)
    page.wait_for_timeout(500)  # the frames above it sized too (they report their height)
    top = page.evaluate("() => document.getElementById('frozen-pile').getBoundingClientRect().top")
    assert 0 <= top < 50, top
    # the language switch opens the same page in the other language
    other = "fr" if lang == "en" else "en"
    page.click(f'a.gd-lang[hreflang="{other}"]')
    page.wait_for_url(f"{site_url}guide/{other}/classic.html")
    w.assert_clean()


def test_the_guide_opens_in_the_browsers_language(watched: Callable[..., Watched], site_url: str) -> None:
    """From the app's shortcut (manifest.webmanifest), in the browser's language."""
    w = watched(locale="fr-FR")
    page = w.page()
    page.goto(f"{site_url}manifest.webmanifest")
    shortcut = json.loads(page.inner_text("body"))["shortcuts"][0]["url"]
    page.goto(f"{site_url}{shortcut}")
    page.wait_for_url(f"{site_url}guide/fr/index.html")
    # the contents page lists the other pages of the guide
    expect(page.locator('.gd-contents a[href="classic.html"]')).to_have_count(1)
    expect(page.locator('.gd-contents a[href="playing.html"]')).to_have_count(1)
    w.assert_clean()


def test_a_guide_page_offline_after_one_visit(watched: Callable[..., Watched], site_url: str, site_dir: Path) -> None:
    w = watched()
    page = w.page()
    page.goto(f"{site_url}guide/en/classic.html")
    facts = wait_controlled(page)
    assert facts["scriptURL"] == f"{site_url}sw.js"
    # The guide is kept on first use, not precached (issue 39: a first visit of 13.5 MB at
    # most): what a reader opened online, page and examples, opens offline afterwards.
    lazy = set(build_site.precache_list((site_dir / "sw.js").read_text(encoding="utf-8"), "LAZY"))
    assert "guide/en/classic.html" in lazy
    page.reload()  # now under the service worker, which keeps what the page fetches
    first_example_drawn(page)
    page.goto(f"{site_url}guide/fr/playing.html")
    first_example_drawn(page)
    w.context.new_cdp_session(page).send("Network.clearBrowserCache")
    w.context.set_offline(True)
    page.goto(f"{site_url}guide/en/classic.html")
    expect(page.locator("main h1")).to_have_text("Classic Canasta")
    first_example_drawn(page)
    page.goto(f"{site_url}guide/fr/playing.html")
    expect(page.locator("main h1")).to_have_text("Jouer sur ce site")
    first_example_drawn(page)
    w.assert_clean()


@pytest.mark.parametrize("path", ["en/classic", "fr/playing", "fr/index", "en/samba", "fr/house-rules"])
def test_axe_finds_no_serious_problem_on_a_guide_page(watched: Callable[..., Watched], site_url: str,
                                                      path: str) -> None:
    """axe-core (build/node_modules, an npm devDependency) in the page and in its example
    frames: injected as an init script, which the site's CSP does not govern."""
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` in build/"
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    page = w.page()
    page.goto(f"{site_url}guide/{path}.html")
    first_example_drawn(page)
    serious = serious_axe_violations(page)
    assert serious == [], json.dumps(serious, indent=1)
    w.assert_clean()
