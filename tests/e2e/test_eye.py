"""Issue 40, part "hand and eye": layouts by bounding boxes at each screen size, card
targets a finger can hit, a focus ring unlike the highlights, the keyboard, settings that
persist. The built site in Chromium; seed 3 deals seat 0 three fives (overlapped cards)."""

from __future__ import annotations

from typing import Any, Callable

from game_helpers import open_page, wait_human_turn
from playwright.sync_api import Page
from site_helpers import Watched

SIZES = ((360, 640), (390, 844), (844, 390), (1280, 800), (1920, 1080))
GAME = "?seed=3&new=1&speed=instant&lang={lang}&players=4"


def in_view(page: Page, selector: str, width: int, height: int) -> dict[str, Any]:
    """The element's box, asserted wholly inside the viewport (no scrolling needed)."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (width, height, selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (width, height, selector, box)
    return box


def test_the_primary_action_and_on_a_landscape_phone_pile_melds_and_hand_are_in_view(
        watched: Callable[..., Watched], site_url: str) -> None:
    """Items 3 and 6: Draw (then Meld and Discard) in view without scrolling at every size;
    on a phone on its side the pile, the player's melds and hand show together."""
    w = watched(viewport={"width": 360, "height": 640})
    page = open_page(w, site_url + GAME.format(lang="fr"))
    wait_human_turn(page)
    for phase, buttons in (("draw", ("#act-draw",)), ("play", ("#act-meld", "#act-discard"))):
        if phase == "play":
            page.click("#act-draw")
            wait_human_turn(page, "play")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => window.scrollTo(0, 0)")
            for button in buttons:
                in_view(page, button, width, height)
            if width > height and height < 500:
                for part in ("#discard", "#melds-0", "#g-hand .hand"):
                    in_view(page, part, width, height)
    w.assert_clean()


_VISIBLE = """() => [...document.querySelectorAll('#g-hand button.hcard')].map((el) => {
    const r = el.getBoundingClientRect();
    const next = el.nextElementSibling;
    const right = next ? next.getBoundingClientRect().left : r.right;
    return { id: el.id, left: r.left, top: r.top, visible: Math.min(right, r.right) - r.left };
})"""


def test_every_card_shows_a_24px_target_and_a_tap_chooses_the_card_aimed_at(
        watched: Callable[..., Watched], site_url: str) -> None:
    """Item 8: overlapped cards of one rank left 20-22 px on a phone, and a tap on one
    chose its neighbour. Each card's visible strip is measured, then tapped at its middle."""
    for width, height in ((360, 640), (390, 844)):
        w = watched(viewport={"width": width, "height": height}, has_touch=True)
        page = open_page(w, site_url + GAME.format(lang="en"))
        wait_human_turn(page)
        cards = page.evaluate(_VISIBLE)
        assert len(cards) == 11
        for c in cards:
            assert c["visible"] >= 24, (width, c)
        for c in cards:
            page.touchscreen.tap(c["left"] + c["visible"] / 2, c["top"] + 20)
            page.wait_for_selector('#g-hand button.hcard[aria-pressed="true"]', state="attached")
            pressed = page.eval_on_selector_all('#g-hand button.hcard[aria-pressed="true"]',
                                                "(els) => els.map((e) => e.id)")
            assert pressed == [c["id"]], (width, c, pressed)
            page.touchscreen.tap(c["left"] + c["visible"] / 2, c["top"] + 20)
            page.wait_for_selector('#g-hand button.hcard[aria-pressed="true"]', state="detached")
        w.assert_clean()


_RING = """(el) => { const s = getComputedStyle(el);
    return [s.outlineStyle, s.outlineColor, s.boxShadow].join(' | '); }"""


def test_the_focus_ring_is_unlike_the_playable_and_selected_highlights(
        watched: Callable[..., Watched], site_url: str) -> None:
    """Item 8: the focus ring was the gold of a playable button and of a selected card."""
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, site_url + GAME.format(lang="en"))
    wait_human_turn(page)
    page.focus("#act-hint")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # keyboard focus: :focus-visible applies
    focused = page.eval_on_selector("#act-hint", _RING)
    playable = page.eval_on_selector("#act-draw", _RING)  # a playable (gold) button, unfocused
    page.click("#g-hand button.hcard >> nth=0")
    page.wait_for_selector("#g-hand button.hcard.selected")
    page.focus("#act-hint")
    selected = page.eval_on_selector("#g-hand button.hcard.selected img", _RING)
    assert "dashed" in focused, focused
    assert focused != playable and focused != selected, (focused, playable, selected)
    assert "dashed" not in playable and "dashed" not in selected
    w.assert_clean()
