"""axe-core on the game's own screens (issue 40, item 7): the start screen, and the table
at the player's turn in a 4- and a 6-player game, in both languages, have no serious or
critical violation; the table is the page's main landmark with a level-one heading. Every
dialog too, in both languages: the "replace your game?" confirmation, the partner's "may I
go out?" with its hint, the bad-link notices on the table, the Why panel, the help and
settings sheets (the score sheet and game over: tests/e2e/test_see.py)."""

from __future__ import annotations

import json
from typing import Callable

import pytest
from playwright.sync_api import Page
from game_helpers import ask_save, click_cards, meld_seed, open_page, saved_once, wait_human_turn
from site_helpers import AXE, Watched, serious_axe_violations


@pytest.mark.parametrize("lang,players", [("en", 4), ("fr", 6)])
def test_axe_finds_no_serious_problem_in_the_game(watched: Callable[..., Watched], site_url: str,
                                                   lang: str, players: int) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` in build/"
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?lang={lang}")
    assert serious_axe_violations(page) == []
    page.goto(f"{site_url}?seed=3&new=1&speed=instant&lang={lang}&players={players}")
    wait_human_turn(page)
    problems = serious_axe_violations(page)
    assert problems == [], json.dumps(problems, indent=1)
    landmarks = page.evaluate("""() => [...document.querySelectorAll('main')].filter((m) => !m.hidden)
                                 .map((m) => [m.id, (m.querySelector('h1') || {}).textContent || ''])""")
    assert len(landmarks) == 1 and landmarks[0][0] == "game" and landmarks[0][1].startswith("Canasta"), landmarks
    w.assert_clean()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_no_serious_problem_in_the_help_and_settings_sheets(watched: Callable[..., Watched],
                                                                      site_url: str, lang: str) -> None:
    """Issue 40, part "hand and eye": the keys' help sheet, the settings sheet, and the
    table with every look setting changed (light felt, four colours, larger cards, sounds)."""
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?seed=3&new=1&speed=instant&lang={lang}")
    wait_human_turn(page)
    page.keyboard.press("?")
    page.wait_for_selector("#help-sheet[open]")
    assert serious_axe_violations(page) == []
    page.keyboard.press("Escape")
    page.click("#btn-settings")
    page.wait_for_selector("#settings-sheet[open]")
    assert serious_axe_violations(page) == []
    for choice in ("deck-four", "size-large", "felt-light", "order-suit", "sound-on"):
        page.click(f"label:has(#look-{choice})")
        page.wait_for_selector(f"#look-{choice}:checked")
    assert serious_axe_violations(page) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-sheet:not([open])", state="attached")
    problems = serious_axe_violations(page)
    assert problems == [], json.dumps(problems, indent=1)
    w.assert_clean()


def _clean(page: Page, where: str) -> None:
    problems = serious_axe_violations(page)
    assert problems == [], where + ": " + json.dumps(problems, indent=1)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_no_serious_problem_in_the_start_screen_dialogs(watched: Callable[..., Watched],
                                                                   site_url: str, lang: str) -> None:
    """The start screen with a saved game, its "replace your game?" confirmation, then the
    partner's "may I go out?" dialog of that game, and the same dialog showing its hint."""
    text, _seed = ask_save()
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    w.context.add_init_script(saved_once(text))
    page = open_page(w, f"{site_url}?lang={lang}&speed=instant")
    _clean(page, "start screen with a saved game")
    page.click("#btn-new")
    page.wait_for_selector("#btn-keep")
    _clean(page, "replace your game?")
    page.click("#btn-keep")
    page.click("#btn-continue")
    page.wait_for_selector("#ask-dialog[open]")
    _clean(page, "may I go out?")
    page.click("#answer-hint")
    page.wait_for_selector("#ask-hint:not([hidden])")
    _clean(page, "may I go out? with its hint")
    w.assert_clean()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_no_serious_problem_in_the_notices_and_the_why_panel(watched: Callable[..., Watched],
                                                                       site_url: str, lang: str) -> None:
    """A link with a bad value: its notice on the table; then a refused meld's Why panel."""
    seed, _, meld = meld_seed(4)
    cards = meld.split()[1:]
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?seed={seed}&new=1&players=7&speed=instant&lang={lang}")
    wait_human_turn(page)
    page.wait_for_selector("#g-notices")
    _clean(page, "bad-link notice")
    page.click("#btn-dismiss-notices")
    page.click("#act-draw")
    wait_human_turn(page, "play")
    click_cards(page, cards[:2])
    page.click("#act-meld")  # two cards: refused, with a Why link
    page.locator("#g-feedback a.why").click()
    page.wait_for_selector('#guide-panel[data-state="shown"]')
    page.wait_for_selector("#guide-panel-body canasta-example iframe")
    _clean(page, "Why panel")
    page.keyboard.press("Escape")
    w.assert_clean()
