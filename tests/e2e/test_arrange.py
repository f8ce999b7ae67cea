"""The hand "as arranged" (issue 40, "hand and eye", the third order setting): the player
moves a card with Shift and an arrow (the focus stays on it) or drags it onto another card, the order is kept for the
game across a reload, and the cards drawn next go to the right end. The settings sheet
that offers it opens from the start screen too."""

from __future__ import annotations

from typing import Callable

import pytest
from game_helpers import open_page, wait_human_turn
from playwright.sync_api import Page, expect
from site_helpers import AXE, Watched, serious_axe_violations


def _shown(page: Page) -> list[str]:
    return page.eval_on_selector_all("#g-hand button.hcard", "(cards) => cards.map((c) => c.dataset.card)")


def test_the_player_arranges_the_hand_and_it_is_kept(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, f"{site_url}?seed=3&new=1&speed=instant&lang=en")
    wait_human_turn(page)
    page.click("#btn-settings")
    page.click("label:has(#look-order-arranged)")
    page.wait_for_selector("#look-order-arranged:checked")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-sheet:not([open])", state="attached")
    # The sheet's "close" event gives the focus back to the button that opened it. It is a
    # task of its own, after the sheet has closed; on a loaded machine it ran after the
    # first move below and took the focus from the hand, and the second move was lost.
    expect(page.locator("#btn-settings")).to_be_focused()
    before = _shown(page)
    assert page.locator("#g-hand .rank-group").count() == 1  # one row, in the engine's order at first
    page.locator("#g-hand button.hcard").first.focus()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    arranged = before[1:3] + before[:1] + before[3:]
    assert _shown(page) == arranged
    assert page.evaluate("() => document.activeElement.dataset.card") == before[0]  # the moved card keeps the focus
    page.keyboard.press("Shift+ArrowLeft")
    arranged = before[1:2] + before[:1] + before[2:]
    assert _shown(page) == arranged
    # a plain arrow still only moves the focus
    page.keyboard.press("ArrowRight")
    assert _shown(page) == arranged

    # a card dragged onto another card of the hand takes its place
    cards = page.locator("#g-hand button.hcard")
    start, end = cards.nth(0).bounding_box(), cards.nth(3).bounding_box()
    assert start is not None and end is not None
    page.mouse.move(start["x"] + 6, start["y"] + 24)
    page.mouse.down()
    for k in range(1, 6):
        page.mouse.move(start["x"] + 6 + (end["x"] - start["x"]) * k / 5, start["y"] + 24)  # its uncovered left edge
    page.mouse.up()
    arranged = arranged[1:4] + arranged[:1] + arranged[4:]
    expect(page.locator("#g-hand button.hcard").first).to_have_attribute("data-card", arranged[0])
    assert _shown(page) == arranged

    page.reload()
    page.click("#btn-continue")
    wait_human_turn(page)
    assert _shown(page) == arranged  # kept with the game
    page.keyboard.press("d")
    wait_human_turn(page, "play")
    after = _shown(page)
    assert after[:len(arranged)] == arranged and len(after) > len(arranged)  # the new cards at the right end
    expect(page.locator("#g-hand button.hcard.drawn").first).to_be_visible()
    w.assert_clean()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_settings_sheet_opens_from_the_start_screen(watched: Callable[..., Watched], site_url: str,
                                                        lang: str) -> None:
    """Issue 40: the look settings are reachable before a game, the same sheet as the
    table's; a choice made there is the table's; axe finds nothing serious in it."""
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?lang={lang}&speed=instant&seed=3")
    page.click("#btn-start-settings")
    page.wait_for_selector("#settings-sheet[open]")
    assert serious_axe_violations(page) == []
    page.click("label:has(#look-deck-four)")
    page.wait_for_selector("#look-deck-four:checked")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-sheet:not([open])", state="attached")
    expect(page.locator("#btn-start-settings")).to_be_focused()
    assert page.evaluate("() => document.body.dataset.deck") == "four"
    page.click("#btn-new")
    wait_human_turn(page)
    page.click("#btn-settings")
    expect(page.locator("#look-deck-four")).to_be_checked()
    w.assert_clean()
