"""Issue 40, "see what happened": the bots' moves fly from where they came from and are
announced to a screen reader, the log says what was taken and how many, a short "since
your turn" line, each seat's last move, the bots' reasons on demand, and the scores of
every hand with a game-over summary (axe clean, both languages)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Callable

import pytest
from canasta.host import Host
from game_helpers import WEB, catalog, first_hand, open_page, saved_once, wait_human_turn
from playwright.sync_api import expect
from site_helpers import AXE, Watched, _load, serious_axe_violations

moves = _load("canasta_ui_moves", WEB / "ui_moves.py")


def _call(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data


def bots_save(seed: int, stop: Callable[[dict[str, Any], dict[str, Any]], bool], **options: Any) -> str:
    """A save of a game the bots played at every seat until ``stop(step, snapshot)``, with
    seat 0 then named human (the page continues it as the player's game)."""
    host = Host()
    snap = _call(host.new_game(json.dumps({"seed": seed, "players": 4, "humans": [], **options})))
    for _ in range(5000):
        if snap["hand_over"] and not snap["game_over"]:
            snap = _call(host.next_hand())
            continue
        out = _call(host.bot_step())
        assert out["ok"], out
        snap = out["snapshot"]
        if stop(out, snap):
            save = _call(host.save())
            save["options"]["humans"] = [0]
            return json.dumps(save)
    raise AssertionError("the game never reached the point asked for")


@lru_cache(maxsize=None)
def take_save() -> str:
    """Seat 3 took the pile with cards of its hand; seat 0 is now to draw."""
    taken: list[bool] = []

    def stop(out: dict[str, Any], snap: dict[str, Any]) -> bool:
        if out["seat"] == 3 and out["record"]["verb"] == "take" and out["record"]["groups"]:
            taken.append(True)
        return bool(taken) and snap["turn"] == 0 and snap["view"]["phase"] == "draw"

    return bots_save(3, stop)


@lru_cache(maxsize=None)
def game_over_save() -> str:
    return bots_save(2, lambda out, snap: bool(snap["game_over"]), target=1500, bot="basic")


def flights(page: Any) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.flights || 0)"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_bots_moves_fly_and_a_screen_reader_hears_them(watched: Callable[..., Watched], site_url: str,
                                                           lang: str) -> None:
    cat = catalog(lang)
    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?seed=1&new=1&speed=fast&players=4&lang={lang}")
    wait_human_turn(page)
    assert flights(page) > 0  # ten bot moves came before the player's first turn
    heard = page.inner_text("#g-live")
    assert page.get_attribute("#g-live", "aria-live") == "polite"
    # the last bot's move, its card count and the pile, in words
    seat = int(page.locator(".log-list li").first.get_attribute("data-seat") or -1)
    name = page.inner_text(f"#seat-{seat} .seat-name")
    assert page.locator(".log-list li").first.inner_text() in heard, heard
    assert cat.t("see.count_left", name=name, n=int(page.inner_text(f"#seat-{seat} .seat-cards"))) in heard, heard
    assert heard.endswith(moves.pile_words(cat, first_hand(1, 4)["view"]) + "."), heard
    # the dealer in words, each seat's last move, the others' moves since the player's turn
    assert page.inner_text("#dealer-line").strip()
    expect(page.locator(f"#last-{seat}")).to_contain_text(cat.t("see.last_move", line="").strip())
    since = page.inner_text("#g-since")
    assert since.startswith(cat.t("see.since", moves="").strip()), since
    w.assert_clean()


def test_no_flight_at_instant_speed_nor_with_reduced_motion(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, f"{site_url}?seed=1&new=1&speed=instant&players=4&lang=en")
    wait_human_turn(page)
    assert flights(page) == 0
    assert page.inner_text("#g-live")  # still announced
    still = watched(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = open_page(still, f"{site_url}?seed=1&new=1&speed=fast&players=4&lang=en")
    wait_human_turn(page)
    assert flights(page) == 0
    w.assert_clean()
    still.assert_clean()


def test_the_log_says_what_was_taken_and_how_many(watched: Callable[..., Watched], site_url: str) -> None:
    text = take_save()
    log = _call(Host().load(text))["snapshot"]["log"]
    entry = [e for e in log if e["record"]["verb"] == "take"][-1]
    cat = catalog("en")
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(saved_once(text))
    page = open_page(w, f"{site_url}?lang=en&speed=fast")
    page.click("#btn-continue")
    wait_human_turn(page)
    name = page.inner_text("#seat-3 .seat-name")
    line = moves.move_line(cat, name, entry)
    assert f"({entry['taken']} cards)" in line
    expect(page.locator(".log-list li", has_text=line)).to_have_count(1)
    # the latest of the others' moves since the player's turn, on one line above the table
    latest = moves.move_line(cat, page.inner_text(f"#seat-{log[-1]['seat']} .seat-name"), log[-1])
    assert page.inner_text("#g-since").startswith(cat.t("see.since", moves=latest)), page.inner_text("#g-since")
    # the bots' reasons: off by default, on with the option, kept after a reload
    assert page.locator(".log-list .bot-why").count() == 0
    page.click("#opt-reasons")
    expect(page.locator(".log-list .bot-why").first).to_be_visible()
    reason = moves.reason_of(cat, entry)
    assert reason and reason in page.inner_text(".log-list")
    page.reload()
    page.click("#btn-continue")
    wait_human_turn(page)
    expect(page.locator("#opt-reasons")).to_be_checked()
    expect(page.locator(".log-list .bot-why").first).to_be_visible()
    w.assert_clean()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_score_sheet_of_every_hand_and_the_game_summary(watched: Callable[..., Watched], site_url: str,
                                                            lang: str) -> None:
    text = game_over_save()
    snap = _call(Host().load(text))["snapshot"]
    hands = len(snap["history"])
    cat = catalog(lang)
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` in build/"
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    w.context.add_init_script(saved_once(text))
    page = open_page(w, f"{site_url}?lang={lang}")
    page.click("#btn-continue")
    expect(page.locator("#game-summary")).to_be_visible()
    summary = page.inner_text("#game-summary")
    for key in ("see.final_score", "see.hands_won", "see.canastas", "see.went_out"):
        assert cat.t(key) in summary
    assert str(snap["scores"][0]) in summary and str(snap["scores"][1]) in summary
    # the others' left-over cards, labeled counts, every hand line by line on demand
    left = page.locator(".left-over li")
    expect(left).to_have_count(3)
    assert page.locator(".left-over .cardimg").count() == sum(len(c) for c in snap["left_over"][1:])
    counts = page.locator(".result-card > .breakdown .count").all_inner_texts()
    bad = [c for c in counts if not re.fullmatch(r"\(\d+ [^()]*[a-z][^()]*\)", c)]
    assert counts and not bad, bad
    page.click("#score-history > summary")
    expect(page.locator(".history-table tbody tr")).to_have_count(hands)
    page.locator(".history-hand > summary").first.click()
    expect(page.locator(".history-hand .breakdown").first).to_be_visible()
    problems = serious_axe_violations(page)
    assert problems == [], json.dumps(problems, indent=1)
    w.assert_clean()


def test_the_card_just_drawn_is_marked_until_the_discard(watched: Callable[..., Watched], site_url: str) -> None:
    host = Host()
    _call(host.new_game(json.dumps({"seed": 1, "players": 4})))
    while not _call(host.snapshot(0))["human_turn"]:
        _call(host.bot_step())
    before = _call(host.snapshot(0))["view"]["hand"]
    drawn = list(_call(host.play(0, "draw"))["snapshot"]["view"]["hand"])
    for c in before:
        drawn.remove(c)
    cat = catalog("en")
    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?seed=1&new=1&speed=instant&players=4&lang=en")
    wait_human_turn(page)
    expect(page.locator(".hcard.drawn")).to_have_count(0)
    page.click("#act-draw")
    wait_human_turn(page, "play")
    marked = page.locator("#g-hand .hcard.drawn")
    expect(marked).to_have_count(len(drawn))
    assert sorted(marked.evaluate_all("(els) => els.map((e) => e.dataset.card)")) == sorted(drawn)
    code = marked.first.get_attribute("data-card") or ""
    assert marked.first.get_attribute("aria-label") == cat.t("see.drawn", card=cat.card_label(code))
    marked.first.click(position={"x": 6, "y": 24})
    page.click("#act-discard")
    wait_human_turn(page, "draw")
    expect(page.locator(".hcard.drawn")).to_have_count(0)
    w.assert_clean()


def tab_to(page: Any, selector: str, limit: int = 80) -> int:
    """Press Tab until the element matching ``selector`` has the focus; how many presses."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return n
    raise AssertionError(f"{selector} never got the focus in {limit} Tab presses")


def test_a_blind_player_hears_and_reaches_what_a_turn_needs(watched: Callable[..., Watched], site_url: str) -> None:
    """Everything a turn needs is named for assistive technology and reached with the
    keyboard alone: the hand, the pile's top and state, every meld, the opponents'
    counts, the dealer, the actions; a whole turn is played with Tab, Enter and Space."""
    cat = catalog("en")
    snap = first_hand(1, 4)
    v = snap["view"]
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, f"{site_url}?seed=1&new=1&speed=instant&players=4&lang=en")
    wait_human_turn(page)
    tree = page.locator("#game").aria_snapshot()
    for code in set(v["hand"]):
        assert f'button "{cat.card_label(code)}"' in tree, code
    assert f'button "{cat.t("table.discard")}: {cat.t("table.pile_size", n=v["pile_size"])}' in tree
    assert cat.t("table.top_card", card=cat.card_label(v["discard_top"])) in tree
    for seat in (1, 2, 3):
        assert f'img "{cat.t("table.cards_in_hand", n=v["hand_counts"][seat])}"' in tree
    for meld in page.locator("#g-board .meld").all():
        assert (meld.get_attribute("aria-label") or "").strip()
    assert cat.t("see.dealer_you") in tree or cat.t("see.dealer_is", name="").strip() in tree
    # the turn by keyboard: draw, choose a card, discard it
    page.locator("#g-title").focus()
    tab_to(page, "#act-draw")
    page.keyboard.press("Enter")
    wait_human_turn(page, "play")
    page.locator("#g-title").focus()
    tab_to(page, "#g-hand button.hcard")
    page.keyboard.press("Space")
    expect(page.locator("#g-hand button.hcard[aria-pressed=true]")).to_have_count(1)
    tab_to(page, "#act-discard")
    page.keyboard.press("Enter")
    wait_human_turn(page, "draw")
    assert page.locator(".log-list li").count() > 3 and page.inner_text("#g-live")
    w.assert_clean()
