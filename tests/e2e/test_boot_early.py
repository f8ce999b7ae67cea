"""The start screen's buttons work before the UI is up (issue 39, item 2).

index.html carries Continue and New game as plain HTML (#early-menu); shell.js shows them
at once, in the UI's language, and remembers a press (window.canastaEarly) with visible
progress; main.py honours it once the engine is up. Each test presses a button before
MicroPython has run main.py (body[data-ui] not set yet) and ends where the same press on
main.py's own button ends.
"""

from __future__ import annotations

import json
from typing import Callable

from game_helpers import SAVE_KEY, ask_save, saved_once, wait_human_turn
from playwright.sync_api import Page, Route, expect
from site_helpers import READY_TIMEOUT_MS, Watched

#: JavaScript: press the early button `id` and say whether the UI was up then.
PRESS_JS = """(id) => {
  const ui = document.body.dataset.ui || "";
  document.getElementById(id).click();
  return ui;
}"""


class HeldMainPy:
    """main.py's request, held until the early button was pressed: on a return visit the
    UI's files are preloaded at once, so main.py may otherwise run, and its menu replace
    the early one, before a test could press anything."""

    def __init__(self, page: Page) -> None:
        self.held: list[Route] = []
        self.released = False
        page.route("**/main.py", self.route)

    def route(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()


def press_early(page: Page, button: str, held: HeldMainPy) -> None:
    """Press #early-<button> as soon as it shows, before main.py is up; its progress
    shows; then main.py may arrive."""
    page.wait_for_selector(f"#early-{button}", state="visible", timeout=READY_TIMEOUT_MS)
    assert page.evaluate(PRESS_JS, f"early-{button}") == "", "the UI was up before the press"
    expect(page.locator(f"#early-{button}")).to_have_attribute("aria-busy", "true")
    assert page.evaluate("window.canastaEarly") == button
    held.release()


def with_a_saved_game(watched: Callable[..., Watched], site_url: str) -> tuple[Watched, Page, str, HeldMainPy]:
    """A page opening on a game saved by an earlier visit (the partner asked "may I go out?"),
    its main.py held (HeldMainPy)."""
    text, _ = ask_save()
    w = watched()
    w.context.add_init_script(saved_once(text))
    page = w.page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    held = HeldMainPy(page)
    page.goto(f"{site_url}?lang=en&speed=instant", wait_until="commit")
    return w, page, text, held


def test_new_game_pressed_before_the_ui_is_up_starts_a_game(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 390, "height": 844})
    page = w.page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    held = HeldMainPy(page)
    page.goto(f"{site_url}?lang=fr&speed=instant", wait_until="commit")
    page.wait_for_selector("#early-new", state="visible")
    expect(page.locator("#early-new")).to_have_text("Nouvelle partie")  # the UI's language, from fr.json
    expect(page.locator("#early-continue")).to_be_hidden()  # no saved game
    press_early(page, "new", held)
    wait_human_turn(page)
    assert page.locator("#early-menu").count() == 0  # main.py's menu took over
    w.assert_clean()


def test_continue_pressed_before_the_ui_is_up_continues(watched: Callable[..., Watched], site_url: str) -> None:
    w, page, _, held = with_a_saved_game(watched, site_url)
    press_early(page, "continue", held)
    # the saved game, where the player answers the partner
    page.wait_for_selector('#game[data-human-turn="true"][data-phase="answer"]', state="attached")
    assert page.evaluate("() => document.body.dataset.screen") == "table"
    w.assert_clean()


def test_new_game_pressed_early_over_a_saved_game_asks_first(watched: Callable[..., Watched], site_url: str) -> None:
    """As main.py's own button does (issue 40): one tap must not lose a game."""
    w, page, text, held = with_a_saved_game(watched, site_url)
    press_early(page, "new", held)
    expect(page.locator("#btn-keep")).to_be_focused(timeout=READY_TIMEOUT_MS)
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})") == text
    w.assert_clean()


def test_the_question_keeps_its_focus_when_the_guide_arrives_after_it(watched: Callable[..., Watched],
                                                                      site_url: str) -> None:
    """The guide's links redraw the start menu when they arrive; on a slow start they came
    after the question had focused "Keep my game", and the focus was lost (a CI failure of
    the test above). Here they are held until the question is up."""
    w, page, _, held = with_a_saved_game(watched, site_url)
    links: list[Route] = []
    page.route("**/guide/links.json", lambda route: links.append(route))
    press_early(page, "new", held)
    expect(page.locator("#btn-keep")).to_be_focused(timeout=READY_TIMEOUT_MS)
    assert page.locator("#app .guide-line").count() == 0  # the guide has not arrived
    for _ in range(100):  # the route's handler runs as Playwright dispatches its events
        if links:
            break
        page.wait_for_timeout(50)
    assert links, "the guide's links were not asked for"
    for route in links:
        route.continue_()
    expect(page.locator("#app .guide-line")).to_have_count(1)  # the menu was drawn again
    expect(page.locator("#btn-keep")).to_be_focused()
    w.assert_clean()


def test_the_start_screen_warms_the_players_deck_before_the_ui_is_up(watched: Callable[..., Watched], site_url: str) -> None:
    """shell.js draws an invisible card back of the player's deck (the four-colour one here,
    from the saved look), so that the browser fetches and parses that deck document while
    the engine boots, not between the deal and the bots' first move."""
    w = watched()
    w.context.add_init_script(
        "localStorage.setItem('canasta.prefs.v1', JSON.stringify({look: {deck: 'four'}}))")
    page = w.page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    held = HeldMainPy(page)
    with page.expect_request("**/cards/four-colour/deck.svg") as request:
        page.goto(f"{site_url}?lang=en", wait_until="commit")
    assert request.value.url.endswith("/cards/four-colour/deck.svg")
    warm = page.locator("svg.deck-warm")
    expect(warm).to_have_count(1)
    assert warm.get_attribute("aria-hidden") == "true"
    assert page.evaluate("document.querySelector('svg.deck-warm use').getAttribute('href')") == \
        "cards/four-colour/deck.svg#back"
    assert page.evaluate("document.body.dataset.ui || ''") == "", "the UI was up before main.py was released"
    held.release()
    page.wait_for_selector("body[data-ui]", state="attached")
    w.assert_clean()
