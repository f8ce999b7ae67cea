"""Shared deals (issue 41): a deal's link, opened in a fresh browser profile, deals the same
hand in the same seat; a damaged link is said and loses nothing; a saved game is never
replaced without the question; after a hand from a shared deal the score sheet compares
the player's points with the expert's on the same cards (worked out in a second engine
worker: the figure is the CPython engine's, canasta.duplicate, to the point)."""

from __future__ import annotations

import json
import re
import sys
from typing import Callable

import canasta.protocol
from canasta.duplicate import expert_result
from canasta.game import Game
from canasta.host import Host
from game_helpers import (SAVE_KEY, WEB, Mirror, catalog, hand_of, open_page, play_by_clicking, saved_once,
                          wait_human_turn)
from playwright.sync_api import Page, expect
from site_helpers import AXE, Watched, serious_axe_violations

sys.modules.setdefault("protocol", canasta.protocol)  # the UI's modules import the engine's protocol so
sys.path.insert(0, str(WEB))
import ui_deal as DL  # noqa: E402

EN = catalog("en")


def deal_url(site_url: str, **fields: object) -> str:
    deal = DL.check(fields)
    assert deal is not None, fields
    return DL.link(site_url, deal)


def the_table(page: Page) -> None:
    page.wait_for_selector('#game[data-human-turn="true"][data-bots="idle"]', state="attached")


def test_a_shared_later_hand_deals_the_same_cards_in_a_fresh_profile(watched: Callable[..., Watched],
                                                                    site_url: str) -> None:
    """Hand 3 of seed 31 (2 players, scores 150-820): the page deals it, its Share link
    carries it, and a new profile opening that link plays the same cards, hand 3."""
    cards = Game("classic", 31, players=2, first_hand=3, scores=(150, 820)).view(0)["hand"]
    a = watched(viewport={"width": 390, "height": 844})
    a.context.add_init_script(path=str(AXE))
    page = open_page(a, deal_url(site_url, variant="classic", players=2, target=5000, seed=31, hand=3,
                                 scores=[150, 820], bots={"1": "casual"}) + "&speed=instant&lang=en")
    the_table(page)
    assert hand_of(page) == sorted(cards)
    assert page.get_attribute("#game", "data-hand-number") == "3"
    assert "deal=" not in page.url  # a reload resumes the game instead of dealing it again
    page.click("#btn-share")
    sheet = page.locator("#share-sheet")
    expect(sheet).to_be_visible()
    assert serious_axe_violations(page) == []
    link = page.input_value("#share-link")
    assert link.startswith(site_url) and "?deal=1." in link
    page.click("#btn-copy")
    said = page.locator("#share-said")
    expect(said).not_to_be_empty()
    if said.inner_text() == EN.t("deal.copied"):
        assert page.get_attribute("body", "data-copied") == link
    else:  # the clipboard refused: the link is selected for the player to copy
        assert said.inner_text() == EN.t("deal.copy_failed")
        assert page.evaluate("() => document.activeElement.id") == "share-link"
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert page.evaluate("() => document.activeElement.id") == "btn-share"
    a.assert_clean()

    b = watched(viewport={"width": 1280, "height": 800})  # a new context: a fresh profile
    friend = open_page(b, link + "&speed=instant&lang=fr")
    the_table(friend)
    assert hand_of(friend) == sorted(cards)
    assert friend.get_attribute("#game", "data-hand-number") == "3"
    assert friend.locator("#score-0 .points").inner_text() == "150"
    assert friend.locator("#score-1 .points").inner_text() == "820"
    b.assert_clean()


def test_a_damaged_link_is_said_and_a_saved_game_is_kept(watched: Callable[..., Watched], site_url: str) -> None:
    save = Host()
    save.new_game(json.dumps({"seed": 4, "players": 2}))
    text = save.save()
    w = watched()
    w.context.add_init_script(saved_once(text))
    page = open_page(w, site_url + "?deal=1.eyJnIjoiY2xhc3NpYyIsIm4iOjJ9&lang=en")  # no seed: not a deal
    expect(page.locator("#notices")).to_contain_text(EN.t("deal.bad_link"))
    expect(page.locator("#btn-continue")).to_be_visible()
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})") == text
    # A good link over a saved game asks first; keeping the game keeps it.
    page.goto(deal_url(site_url, variant="classic", players=2, seed=9) + "&lang=en")
    page.wait_for_selector('body[data-ui="ready"]', state="attached")
    expect(page.locator("#notices")).to_contain_text(EN.t("deal.replace"))
    page.click("#btn-keep")
    expect(page.locator("#btn-continue")).to_be_visible()
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})") == text
    assert page.get_attribute("body", "data-screen") == "start"
    w.assert_clean()


def test_the_duplicate_table_after_a_shared_hand(watched: Callable[..., Watched], site_url: str) -> None:
    """A 2-player shared deal played to the hand's end by clicking (seat 0's moves chosen
    by the engine's basic bot on CPython, as test_game_ui does): the score sheet shows the
    player's points and the expert's on the same cards, the CPython engine's figure.
    "Play this deal again" deals the same cards."""
    seed = 5
    mirror = Mirror(seed, 2)
    expert = json.loads(expert_result(json.dumps({"seed": seed, "players": 2, "bot": "good"}), 0))
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, deal_url(site_url, variant="classic", players=2, seed=seed, bot="good")
                     + "&speed=instant&lang=en")
    first = None
    while not mirror.snap["hand_over"]:
        wait_human_turn(page, mirror.snap["view"]["phase"])
        if first is None:
            first = hand_of(page)
        assert hand_of(page) == sorted(mirror.snap["view"]["hand"])
        action = mirror.choose()
        play_by_clicking(page, action)
        mirror.play(action)
        page.wait_for_selector(f'#game[data-moves="{mirror.moves()}"]', state="attached")
    page.wait_for_selector('#game[data-hand-over="true"]', state="attached")
    totals = [s["total"] for s in sorted(mirror.snap["last_hand"], key=lambda s: s["side"])]
    expect(page.locator("#dup-you td")).to_have_text(DL.result_text(EN, totals))
    # The expert's figure arrives from the second worker (it may still be at work).
    expect(page.locator("#dup-expert td")).to_have_text(DL.result_text(EN, [expert["score"], expert["against"]]),
                                                        timeout=240_000)
    assert page.get_attribute("body", "data-expert") == "done"
    assert re.search(r"\bdeal=", page.url) is None
    page.click("#btn-play-again")
    wait_human_turn(page)
    assert first == sorted(Game("classic", seed, players=2).view(0)["hand"])  # as dealt: seat 0 had not moved
    assert hand_of(page) == first
    assert page.get_attribute("#game", "data-hand-number") == "1"
    w.assert_clean()
