"""Replays of finished hands in the page (issue 41, "Replays"): a short 2-player hand
played to its end by clicking, then replayed from its score sheet, stepped with the
buttons and the arrow keys; at each step checked the cards shown against the engine's
frames on CPython (canasta.replay: the page's engine runs the same code in Pyodide),
the score sheet at the end, axe clean; after a reload the hand is in the start screen's
list of kept games and replays from there."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from canasta.replay import hand_frames
from game_helpers import Mirror, catalog, open_page, play_by_clicking, wait_human_turn, wait_ui
from playwright.sync_api import Page, expect
from site_helpers import AXE, Watched, serious_axe_violations

#: A 2-player deal whose first hand ends after 18 moves of seat 0 (39 in all), its moves
#: chosen by the engine's "basic" bot (game_helpers.Mirror).
SEED = 28
EN = catalog("en")


def _check_step(page: Page, frames: list[dict[str, Any]], k: int) -> None:
    """The page shows step ``k``: its counter, the move in words, every hand's cards, the
    stock and the pile as the engine's frame has them."""
    total = len(frames) - 1
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-step", str(k))
    snap = frames[k]["snapshot"]
    view = snap["view"]
    counter = EN.t("replay.step", n=k, total=total) if k else EN.t("replay.deal_step", total=total)
    expect(page.locator("#rp-count")).to_have_text(counter)
    expect(page.locator("#rp-move")).to_contain_text(counter + ": ")
    hand = page.locator("#rp-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(hand) == sorted(view["hand"]), (k, hand)
    theirs = page.locator("#rp-seat-1 .cardimg").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert sorted(theirs) == sorted(EN.card_label(c) for c in snap["shown_hands"]["1"]), (k, theirs)
    expect(page.locator("#rp-stock .pile-label")).to_contain_text(str(view["stock_size"]))
    expect(page.locator("#rp-discard .pile-label")).to_contain_text(str(view["pile_size"]))
    if k == total:
        by_side = {s["side"]: s["total"] for s in snap["last_hand"]}
        expect(page.locator("#rp-sheet tfoot tr.total td")).to_have_text([str(by_side[0]), str(by_side[1])])
    else:
        expect(page.locator("#rp-sheet")).to_be_empty()


def test_a_finished_hand_is_replayed_move_by_move(watched: Callable[..., Watched], site_url: str) -> None:
    mirror = Mirror(SEED, 2)
    w = watched(viewport={"width": 1280, "height": 800})
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?seed={SEED}&new=1&speed=instant&players=2&lang=en")
    while not mirror.snap["hand_over"]:
        wait_human_turn(page, mirror.snap["view"]["phase"])
        action = mirror.choose()
        moves = mirror.moves()
        play_by_clicking(page, action)
        mirror.play(action)
        page.wait_for_function("(n) => document.querySelector('#game').dataset.moves !== String(n)", arg=moves)
    page.wait_for_selector('#game[data-hand-over="true"]', state="attached")
    record = json.loads(mirror.host.save())["record"]
    frames = json.loads(json.dumps(hand_frames(record, 1, 0)["frames"]))
    total = len(frames) - 1
    assert total == sum(len(h) for h in record["hands"]) > 20

    page.click("#btn-replay")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    expect(page.locator("#rp-title")).to_be_focused()
    expect(page.locator("#rp-title")).to_have_text(EN.t("replay.title", n=1))
    expect(page.locator("#rp-move")).to_have_attribute("role", "status")  # a screen reader hears each step
    _check_step(page, frames, 0)
    expect(page.locator("#rp-back")).to_have_attribute("aria-disabled", "true")
    # the buttons
    page.click("#rp-next")
    _check_step(page, frames, 1)
    expect(page.locator("#rp-next")).to_be_focused()  # redrawn, the focus stays
    page.click("#rp-next")
    _check_step(page, frames, 2)
    page.click("#rp-back")
    _check_step(page, frames, 1)
    # the keys
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    _check_step(page, frames, 4)
    page.keyboard.press("ArrowLeft")
    _check_step(page, frames, 3)
    move = frames[3]["move"]
    name = EN.t("table.you") if move["seat"] == 0 else EN.t("table.opponent")
    assert name.lower() in page.inner_text("#rp-move").lower()  # who moved, in the log's words
    assert serious_axe_violations(page) == []
    page.keyboard.press("End")
    _check_step(page, frames, total)
    assert serious_axe_violations(page) == []
    page.keyboard.press("Home")
    _check_step(page, frames, 0)
    page.click("#rp-last")
    _check_step(page, frames, total)
    expect(page.locator("#rp-next")).to_have_attribute("aria-disabled", "true")
    page.click("#rp-next", force=True)  # leads nowhere (aria-disabled): nothing changes
    _check_step(page, frames, total)
    # back to the score sheet it came from
    page.click("#rp-close")
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#btn-replay")).to_be_focused()

    # kept: after a reload, in the start screen's list, newest first
    page.reload()
    wait_ui(page)
    kept = page.locator("#kept-games")
    expect(kept).to_be_attached()
    page.click("#kept-summary")
    button = kept.locator('button[data-act="replay-kept"][data-hand="1"]')
    expect(button).to_have_count(1)
    sheet = {s["side"]: s["total"] for s in frames[-1]["snapshot"]["last_hand"]}
    expect(button).to_have_text(EN.t("replay.kept_hand", n=1, score=f"{sheet[0]} – {sheet[1]}"))
    button.click()
    expect(page.locator("#replay")).to_be_visible()
    _check_step(page, frames, 0)
    page.keyboard.press("End")
    _check_step(page, frames, total)
    page.keyboard.press("Escape")
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#btn-continue")).to_be_visible()
    w.assert_clean()
