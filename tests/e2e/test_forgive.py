"""Issue 40, part "forgive": a hint with several groups played as given, undo of the
player's own moves, "+ Group" explained, bad ``?new=1`` parameters shown on the table,
and a game left by Menu kept resumable. Seeds come from the engine on CPython
(game_helpers), ``?speed=instant`` lets the bots play without pauses."""

from __future__ import annotations

import re
from typing import Callable

from game_helpers import catalog, hand_of, open_page, wait_human_turn
from playwright.sync_api import expect
from site_helpers import Watched

EN = catalog("en")
FR = catalog("fr")


def test_a_hint_with_groups_is_played_as_given(watched: Callable[..., Watched], site_url: str) -> None:
    """Samba, seed 6: the hint takes the pile with K K and lays T T T beside it. The hint
    sets the first group aside, selects the second, highlights Take the pile, and pressing
    it plays the hint (issue 40, item 1: it was refused "A meld holds cards of one rank")."""
    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?new=1&variant=samba&players=4&lang=en&seed=6&speed=instant")
    wait_human_turn(page)
    before = hand_of(page)
    melds = page.locator("#melds-0 .meld").count()
    page.click("#act-hint")
    expect(page.locator("#g-feedback .said")).not_to_have_text(EN.t("hints.thinking"))
    expect(page.locator("#act-take")).to_have_class(re.compile(r"\bsuggested\b"))
    expect(page.locator("#g-staging .staged-group")).to_have_count(1)
    page.click("#act-take")
    wait_human_turn(page, "play")
    after = hand_of(page)
    for code in ("KS", "KD", "TS", "TS", "TC"):
        before.remove(code)
    assert all(code in after for code in before)  # the five cards left the hand, the pile came in
    expect(page.locator("#melds-0 .meld")).to_have_count(melds + 2)  # K K with the top card, T T T
    expect(page.locator("#g-feedback")).to_be_empty()  # no refusal
    w.assert_clean()
