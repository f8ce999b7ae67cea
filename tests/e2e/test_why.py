"""The game links its rules to the guide (issue 38): a refusal's "Why?" opens the section
of the rule the engine enforced, with its live example, in a panel over the table; closing
it returns to the same game (hand, selection, message, moves) with the focus back on the
link. The score sheet's lines, the initial-meld minimum, the house-rule switches and the
start screen's "How to play" lead to sections that exist in the built guide."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable

from game_helpers import WEB, catalog, click_cards, meld_seed, open_page, refusal, wait_human_turn
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from site_helpers import Watched, _load, wait_controlled

EN = catalog("en")
ui_guide = _load("canasta_ui_guide", WEB / "ui_guide.py")


def _guide(site_dir: Path) -> Any:
    """web/ui_guide.py over the built site's guide/links.json: the game's own resolution."""
    links = json.loads((site_dir / "guide" / "links.json").read_text(encoding="utf-8"))
    return ui_guide.Guide(links)


class _Sections(HTMLParser):
    """The ids of a built guide page, and each section's first heading text."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.titles: dict[str, str] = {}
        self._section: list[str] = []
        self._in_heading = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs).get("id")
        if found:
            self.ids.add(found)
        if tag == "section":
            self._section.append(found or "")
        elif tag in ("h2", "h3") and self._section and self._section[-1] not in self.titles:
            self._in_heading = self._section[-1]
            self.titles[self._in_heading] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._section:
            self._section.pop()
        elif tag in ("h2", "h3"):
            self._in_heading = ""

    def handle_data(self, data: str) -> None:
        if self._in_heading:
            self.titles[self._in_heading] += data


def _sections(site_dir: Path, href: str) -> tuple[_Sections, str]:
    """The built page a guide href names, read, and the href's anchor."""
    path, _, anchor = href.partition("#")
    page = site_dir / path
    assert page.is_file(), f"{href}: no page {path} in the built site"
    parser = _Sections()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser, anchor


def _table_state(page: Page) -> dict[str, Any]:
    return page.evaluate(
        """() => ({
          hand: document.querySelector('#game').dataset.hand,
          moves: document.querySelector('#game').dataset.moves,
          phase: document.querySelector('#game').dataset.phase,
          said: (document.querySelector('#g-feedback .said') || {}).textContent || '',
          pressed: [...document.querySelectorAll('#g-hand [aria-pressed="true"]')].map((b) => b.dataset.card),
          melds: document.querySelector('#g-board').innerHTML,
        })"""
    )


def test_why_opens_the_rule_and_closing_returns_to_the_same_game(
    watched: Callable[..., Watched], site_url: str, site_dir: Path
) -> None:
    guide = _guide(site_dir)
    seed, _, meld = meld_seed(4)
    cards = meld.split()[1:]
    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?seed={seed}&new=1&speed=instant&lang=en")
    wait_human_turn(page)
    page.click("#act-draw")
    wait_human_turn(page, "play")
    click_cards(page, cards[:2])
    page.click("#act-meld")  # two cards: the engine refuses, the page says why
    error = refusal(seed, 4, ["draw", f"meld {cards[0]} {cards[1]}"])
    expect(page.locator("#g-feedback .said")).to_have_text(EN.error_text(error))
    why = page.locator("#g-feedback a.why")
    expected = guide.href("en", "classic", "error:" + error["code"])
    expect(why).to_have_attribute("href", expected)
    expect(why).to_have_text(EN.t("guide.why"))
    parser, anchor = _sections(site_dir, expected)
    assert anchor in parser.ids, f"{expected}: no such section in the built page"
    before = _table_state(page)

    why.click()
    panel = page.locator("#guide-panel")
    expect(panel).to_have_attribute("data-state", "shown")
    assert page.evaluate("() => document.querySelector('#guide-panel').open")
    expect(page.locator("#guide-panel-title")).to_have_text(parser.titles[anchor].strip())
    # its live example: the same element a third-party page writes, become a frame of embed.html
    frame = page.locator("#guide-panel-body canasta-example iframe").first
    expect(frame).to_have_attribute("src", re.compile(r"embed\.html\?"))
    expect(page.locator("#guide-panel-page")).to_have_attribute("href", re.compile(r"/guide/en/"))

    page.click("#guide-panel-close")
    assert not page.evaluate("() => document.querySelector('#guide-panel').open")
    assert _table_state(page) == before  # the same game, selection and message
    assert page.evaluate("() => document.activeElement && document.activeElement.matches('#g-feedback a.why')")

    # Escape closes it too (a modal dialog), and the game goes on: a legal meld is played.
    page.locator("#g-feedback a.why").click()
    expect(panel).to_have_attribute("data-state", "shown")
    page.keyboard.press("Escape")
    assert not page.evaluate("() => document.querySelector('#guide-panel').open")
    click_cards(page, cards[2:])
    page.click("#act-meld")
    expect(page.locator("#game")).not_to_have_attribute("data-moves", before["moves"])  # the meld is played
    w.assert_clean()


def test_rule_links_of_the_start_screen_and_table_lead_to_sections(
    watched: Callable[..., Watched], site_url: str, site_dir: Path
) -> None:
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, f"{site_url}?lang=fr&variant=samba")
    how = page.locator("#start-form .guide-line a")
    expect(how).to_have_attribute("href", "guide/fr/" + _guide(site_dir).page("samba") + ".html")
    page.click("#house-rules summary")
    switch_links = page.locator("#house-rules .switch-why a")
    assert switch_links.count() >= 1
    for href in switch_links.evaluate_all("(links) => links.map((a) => a.getAttribute('href'))"):
        parser, anchor = _sections(site_dir, href)
        assert anchor in parser.ids, href

    page.goto(f"{site_url}?seed=3&new=1&speed=instant&lang=fr&variant=samba")
    wait_human_turn(page)
    minimum = page.locator("#score-0 .minimum a")
    parser, anchor = _sections(site_dir, minimum.get_attribute("href") or "")
    assert anchor in parser.ids
    # Offline, the panel opens a section read once online (the service worker keeps the
    # guide's pages on first use: issue 39).
    wait_controlled(page)
    minimum.click()
    expect(page.locator("#guide-panel")).to_have_attribute("data-state", "shown")
    try:  # the section's examples too, where the machine lets the network settle
        page.wait_for_load_state("networkidle", timeout=30_000)
    except PlaywrightTimeoutError:
        pass  # still loading (a busy machine): what the offline step checks does not need them
    page.keyboard.press("Escape")
    online_errors = len(w.errors)
    w.context.set_offline(True)
    minimum.click()
    expect(page.locator("#guide-panel")).to_have_attribute("data-state", "shown")
    expect(page.locator("#guide-panel-title")).to_have_text(parser.titles[anchor].strip())
    page.keyboard.press("Escape")
    w.context.set_offline(False)
    # A fetch still running when the network went (an example's frame) fails, and the
    # browser says so in the console: expected offline; any other error still counts.
    w.errors[online_errors:] = [e for e in w.errors[online_errors:] if "Failed to load resource: net::ERR_" not in e]
    w.assert_clean()
