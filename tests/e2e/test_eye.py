"""Issue 40, part "hand and eye": layouts by bounding boxes at each screen size, card
targets a finger can hit, a focus ring unlike the highlights, the keyboard, settings that
persist. The built site in Chromium; seed 3 deals seat 0 three fives (overlapped cards)."""

from __future__ import annotations

from typing import Any, Callable

from game_helpers import catalog, click_cards, hand_of, meld_seed, open_page, wait_human_turn, wait_ui
from playwright.sync_api import Page
from site_helpers import Watched

SIZES = ((360, 640), (390, 844), (844, 390), (1280, 800), (1920, 1080))
GAME = "?seed=3&new=1&speed=instant&lang={lang}&players=4"


def at_table(watched: Callable[..., Watched], site_url: str, lang: str = "en", width: int = 1280,
             height: int = 800, query: str = GAME, **options: Any) -> tuple[Watched, Page]:
    """A new game of seed 3 (or ``query``) at the player's first turn."""
    w = watched(viewport={"width": width, "height": height}, **options)
    page = open_page(w, site_url + query.format(lang=lang))
    wait_human_turn(page)
    return w, page


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
    w, page = at_table(watched, site_url, "fr", 360, 640)
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
        w, page = at_table(watched, site_url, "en", width, height, has_touch=True)
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
    w, page = at_table(watched, site_url)
    page.focus("#act-hint")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # keyboard focus: :focus-visible applies
    focused = page.eval_on_selector("#act-hint", _RING)
    playable = page.eval_on_selector("#act-draw", _RING)  # a playable (gold) button, unfocused
    page.click("#g-hand button.hcard >> nth=0")
    page.wait_for_selector("#g-hand button.hcard.selected")
    page.focus("#act-hint")
    selected = page.eval_on_selector("#g-hand button.hcard.selected .cv", _RING)
    assert "dashed" in focused, focused
    assert focused != playable and focused != selected, (focused, playable, selected)
    assert "dashed" not in playable and "dashed" not in selected
    w.assert_clean()


def focus_hand(page: Page) -> int:
    """Tab until a card of the hand has the focus; the number of presses it took."""
    for presses in range(1, 41):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#g-hand button.hcard')"):
            return presses
    raise AssertionError("Tab never reached the hand")


def arrow_to(page: Page, code: str) -> None:
    """Move the focus in the hand with the arrows to an unselected copy of ``code``."""
    page.keyboard.press("Home")
    for _ in range(30):
        here = page.evaluate("() => [document.activeElement.dataset.card, document.activeElement.ariaPressed]")
        if here == [code, "false"]:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no {code} reached with the arrows")


def test_a_whole_turn_with_the_keyboard_only(watched: Callable[..., Watched], site_url: str) -> None:
    """Item 8 and the keyboard: draw (d), a meld chosen with the arrows and Space (m), a
    discard (x), without the mouse; the hand is one Tab stop (a roving tabindex)."""
    seed, hand, action = meld_seed()
    meld = action.split()[1:]
    w, page = at_table(watched, site_url, query=GAME.replace("seed=3", f"seed={seed}"))
    page.keyboard.press("d")
    wait_human_turn(page, "play")
    assert hand_of(page) == sorted(hand)
    focus_hand(page)
    stops = page.eval_on_selector_all('#g-hand button.hcard[tabindex="0"]', "(els) => els.length")
    assert stops == 1
    for code in meld:
        arrow_to(page, code)
        page.keyboard.press("Space")
        page.wait_for_selector(f'#g-hand button.hcard[data-card="{code}"][aria-pressed="true"]')
    before = page.get_attribute("#game", "data-hand")
    page.keyboard.press("m")
    page.wait_for_selector(f'#game:not([data-hand="{before}"])', state="attached")
    wait_human_turn(page, "play")
    left = hand_of(page)
    assert len(left) == len(hand) - len(meld)
    if not page.evaluate("() => document.activeElement.matches('#g-hand button.hcard')"):
        focus_hand(page)
    page.keyboard.press("Space")
    page.wait_for_selector('#g-hand button.hcard[aria-pressed="true"]')
    moves = page.get_attribute("#game", "data-moves")
    page.keyboard.press("x")
    page.wait_for_selector(f'#game:not([data-moves="{moves}"])', state="attached")  # discarded
    w.assert_clean()


def test_the_help_sheet_lists_the_keys_and_gives_the_focus_back(watched: Callable[..., Watched],
                                                                 site_url: str) -> None:
    w, page = at_table(watched, site_url, "fr")
    page.focus("#act-hint")
    page.keyboard.press("?")
    page.wait_for_selector("#help-sheet[open]")
    assert page.evaluate("() => document.activeElement.id") == "help-close"
    keys = page.eval_on_selector_all("#help-sheet kbd", "(els) => els.map((e) => e.textContent)")
    assert keys[:8] == ["d", "p", "m", "a", "x", "u", "h", "?"], keys  # u: the table has an Undo button
    assert catalog("fr").t("eye.key_draw") in page.inner_text("#help-sheet")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help-sheet:not([open])", state="attached")
    assert page.evaluate("() => document.activeElement.id") == "act-hint"
    w.assert_clean()


def test_each_setting_survives_a_reload(watched: Callable[..., Watched], site_url: str) -> None:
    """Four colours, larger cards, light felt, the hand by suit, sounds on then muted."""
    w, page = at_table(watched, site_url)
    width = page.locator("#g-hand button.hcard .cv >> nth=0").bounding_box()["width"]  # type: ignore[index]
    page.click("#btn-settings")
    page.wait_for_selector("#settings-sheet[open]")
    for choice in ("deck-four", "size-large", "felt-light", "order-suit", "sound-on"):
        page.click(f'label:has(#look-{choice})')
        page.wait_for_selector(f"#look-{choice}:checked")
    page.click("#settings-close")
    assert page.get_attribute("body", "data-tones") is None  # off until now: not a sound made
    page.click("#act-draw")  # sounds on: a move sounds (a Web Audio oscillator, counted on <body>)
    page.wait_for_selector("body[data-tones]", state="attached")
    page.click("#btn-mute")
    page.wait_for_selector('#btn-mute[aria-pressed="true"]')
    page.reload()
    wait_ui(page)
    page.click("#btn-continue")  # the saved game, continued after the draw
    wait_human_turn(page, "play")
    body = page.evaluate("() => ({...document.body.dataset})")
    assert (body["deck"], body["cardSize"], body["felt"]) == ("four", "large", "light"), body
    srcs = page.eval_on_selector_all("#g-hand .cv use", "(els) => els.map((e) => e.getAttribute('href'))")
    assert srcs and all(s.startswith("cards/four-colour/deck.svg#") for s in srcs), srcs
    assert page.locator("#g-hand button.hcard .cv >> nth=0").bounding_box()["width"] > width * 1.1  # type: ignore[index]
    groups = page.eval_on_selector_all("#g-hand .rank-group", "(els) => els.map((e) => e.dataset.rank)")
    assert set(groups) <= {"S", "H", "D", "C", "*"}, groups
    assert page.get_attribute("#btn-mute", "aria-pressed") == "true"
    page.click("#btn-settings")
    for choice in ("deck-four", "size-large", "felt-light", "order-suit", "sound-on"):
        assert page.is_checked(f"#look-{choice}"), choice
    w.assert_clean()


def drag(page: Page, source: str, target: Callable[[], str]) -> None:
    """Drag with the mouse from ``source``'s middle to the middle of the element ``target()``
    names once the drag has begun (a card dragged is selected: the melds become targets)."""
    box = page.locator(source).bounding_box()
    assert box is not None, source
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 12, box["y"] + box["height"] / 2 - 12, steps=3)
    page.wait_for_selector("#drag-ghost", state="attached")
    to = page.locator(target()).bounding_box()
    assert to is not None, target()
    page.mouse.move(to["x"] + to["width"] / 2, to["y"] + to["height"] / 2, steps=8)
    page.mouse.up()


def test_drag_a_card_to_a_meld_and_to_the_pile_and_the_pile_to_the_hand(watched: Callable[..., Watched],
                                                                        site_url: str) -> None:
    """Item "hand and eye": drag and drop as well as tap, with the same commands."""
    w, page = at_table(watched, site_url)
    page.click("#act-draw")
    wait_human_turn(page, "play")
    assert "4H" in hand_of(page)
    drag(page, '#g-hand button.hcard[data-card="4H"]', lambda: '#melds-0 [data-target="4"]')
    page.wait_for_selector('#game:not([data-hand*="4H"])', state="attached")
    wait_human_turn(page, "play")
    assert "4H" not in hand_of(page)
    assert page.locator("#melds-0 .meld.kind-group .meld-count").first.inner_text() == "×4"
    drag(page, '#g-hand button.hcard[data-card="7S"]', lambda: "#discard")
    page.wait_for_selector('#game:not([data-hand*="7S"])', state="attached")  # discarded (the bots may be done)
    w.assert_clean()

    w, page = at_table(watched, site_url, "en", 390, 844, query=GAME.replace("seed=3", "seed=1"))
    click_cards(page, ["QH", "2D"])
    drag(page, "#discard", lambda: "#g-hand .hand")
    wait_human_turn(page, "play")
    assert "QC" not in hand_of(page) and "QH" not in hand_of(page)  # the top card went to a meld with them
    assert page.locator("#discard .slot").count() == 1  # the whole pile taken
    w.assert_clean()
