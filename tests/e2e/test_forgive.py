"""Issue 40, part "forgive": a hint with several groups played as given, undo of the
player's own moves, "+ New meld" explained, bad ``?new=1`` parameters shown on the table,
and a game left by Menu kept resumable. Seeds come from the engine on CPython
(game_helpers), ``?speed=instant`` lets the bots play without pauses."""

from __future__ import annotations

import re
from typing import Callable

from game_helpers import catalog, click_cards, hand_of, meld_seed, open_page, wait_human_turn, wait_ui
from playwright.sync_api import Page, expect
from site_helpers import AXE, READY_TIMEOUT_MS, Watched, serious_axe_violations

EN = catalog("en")
FR = catalog("fr")


def test_a_hint_with_groups_is_played_as_given(watched: Callable[..., Watched], site_url: str) -> None:
    """Samba, seed 560: the hint takes the pile with 6 6, and lays 4 4 4 and the sequence
    10 9 8 of diamonds beside it. The hint sets the first two groups aside, selects the
    last, highlights Take the pile, and pressing it plays the hint (issue 40, item 1: it
    was refused "A meld holds cards of one rank").

    The hint's seed is fixed by the position, and the app's think cap only cuts its
    samples short; at this position the expert suggests that take at every budget from 1
    to 300 playouts (checked on CPython), so a loaded machine cannot change the hint.
    Seed 104's take, used before, turned into a draw at budgets 72 to 75 playouts, under
    the profile's 80: a loaded run once stopped there."""
    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?new=1&variant=samba&players=4&lang=en&seed=560&speed=instant")
    wait_human_turn(page)
    before = hand_of(page)
    melds = page.locator("#melds-0 .meld").count()
    page.click("#act-hint")
    # The hint's own line (suggestion " — " reason), not "thinking": a check that the line is
    # no longer "thinking" could pass before the click was handled, and the expert's first
    # use loads its module, which takes longer than expect's 5 s on a loaded machine.
    expect(page.locator("#g-feedback")).to_contain_text(" — ", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector('#game[data-busy="false"]', state="attached")
    expect(page.locator("#act-take")).to_have_class(re.compile(r"\bsuggested\b"))
    expect(page.locator("#g-staging .staged-group")).to_have_count(2)
    page.click("#act-take")
    wait_human_turn(page, "play")
    after = hand_of(page)
    for code in ("6H", "6H", "4S", "4D", "4C", "TD", "9D", "8D"):
        before.remove(code)
    assert all(code in after for code in before)  # the eight cards left the hand, the pile came in
    expect(page.locator("#melds-0 .meld")).to_have_count(melds + 3)  # 6 6 with the top card, 4 4 4, 10 9 8
    expect(page.locator("#g-feedback")).to_be_empty()  # no refusal
    w.assert_clean()


def _drawn(w: Watched, site_url: str, speed: str = "instant", lang: str = "en") -> tuple[Page, list[str], list[str]]:
    """The page at the player's first turn, after the draw: (page, hand, a meld's cards)."""
    seed, hand_after_draw, meld = meld_seed(4)
    page = open_page(w, f"{site_url}?seed={seed}&new=1&speed={speed}&lang={lang}")
    wait_human_turn(page)
    page.click("#act-draw")
    wait_human_turn(page, "play")
    assert hand_of(page) == sorted(hand_after_draw)
    return page, sorted(hand_after_draw), meld.split()[1:]


def test_undo_a_meld_then_nothing_past_the_draw(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 1280, "height": 800})
    page, hand, cards = _drawn(w, site_url)
    undo = page.locator("#act-undo")
    expect(undo).to_have_attribute("aria-disabled", "true")  # the draw showed a hidden card
    melds = page.locator("#melds-0 .meld").count()  # the partner's, if any
    click_cards(page, cards)
    page.click("#act-meld")
    expect(page.locator("#melds-0 .meld")).to_have_count(melds + 1)
    expect(undo).not_to_have_attribute("aria-disabled", "true")
    undo.click()
    expect(page.locator("#melds-0 .meld")).to_have_count(melds)
    wait_human_turn(page, "play")
    assert hand_of(page) == hand
    # the move mid-sentence: "Taken back: you melded …", not "Taken back: You melded …"
    expect(page.locator("#g-feedback .said")).to_have_text(
        EN.t("forgive.undone", move=EN.t("log_you.meld", cards=EN.card_list(cards)).replace("You", "you", 1)))
    expect(undo).to_have_attribute("aria-disabled", "true")
    undo.click(force=True)  # aria-disabled, but a click says why
    expect(page.locator("#g-feedback .said")).to_have_text(EN.t("errors.nothing_to_undo"))
    assert hand_of(page) == hand
    w.assert_clean()


def test_the_u_key_takes_back_a_meld(watched: Callable[..., Watched], site_url: str) -> None:
    """The shortcut key of the help sheet (ui_eye) presses the table's Undo button."""
    w = watched(viewport={"width": 1280, "height": 800})
    page, hand, cards = _drawn(w, site_url)
    melds = page.locator("#melds-0 .meld").count()
    click_cards(page, cards)
    page.click("#act-meld")
    expect(page.locator("#melds-0 .meld")).to_have_count(melds + 1)
    wait_human_turn(page, "play")
    page.focus("#g-title")
    page.keyboard.press("u")
    expect(page.locator("#melds-0 .meld")).to_have_count(melds)
    wait_human_turn(page, "play")
    assert hand_of(page) == hand
    w.assert_clean()


def test_undo_a_discard_before_the_next_seat_acts(watched: Callable[..., Watched], site_url: str) -> None:
    """At speed normal the bots wait (ui_forgive.UNDO_GRACE) before answering a discard:
    Undo then brings the card back and the bots do not play."""
    w = watched(viewport={"width": 390, "height": 844})
    page, hand, _ = _drawn(w, site_url, speed="normal")
    log = page.inner_text("#log-list")
    click_cards(page, [hand[0]])
    page.click("#act-discard")
    undo = page.locator("#act-undo")
    expect(undo).not_to_have_attribute("aria-disabled", "true")  # the engine played the discard
    assert page.get_attribute("#game", "data-turn") == "1"  # the next seat's turn, not played yet
    undo.click()
    wait_human_turn(page, "play")
    assert hand_of(page) == hand
    assert page.get_attribute("#game", "data-turn") == "0"
    assert page.inner_text("#log-list") == log  # the next seat never acted
    w.assert_clean()


def test_undo_refused_once_the_next_seat_has_played(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 1280, "height": 800})
    page, hand, _ = _drawn(w, site_url)
    click_cards(page, [hand[0]])
    page.click("#act-discard")
    wait_human_turn(page, "draw")  # the bots have played: the discard stands
    expect(page.locator("#act-undo")).to_have_attribute("aria-disabled", "true")
    page.click("#act-undo", force=True)
    expect(page.locator("#g-feedback .said")).to_have_text(EN.t("errors.nothing_to_undo"))
    w.assert_clean()


def test_undo_survives_a_reload(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 390, "height": 844})
    page, hand, cards = _drawn(w, site_url, lang="fr")
    melds = page.locator("#melds-0 .meld").count()
    click_cards(page, cards)
    page.click("#act-meld")
    expect(page.locator("#melds-0 .meld")).to_have_count(melds + 1)
    page.reload()
    wait_ui(page)
    page.click("#btn-continue")
    wait_human_turn(page, "play")
    expect(page.locator("#act-undo")).to_have_text(FR.t("forgive.undo"))
    page.click("#act-undo")
    expect(page.locator("#melds-0 .meld")).to_have_count(melds)
    wait_human_turn(page, "play")
    assert hand_of(page) == hand
    w.assert_clean()


def test_several_melds_at_once_are_explained(watched: Callable[..., Watched], site_url: str) -> None:
    """Samba, seed 6: K K and T T T selected together for the pile are refused; the
    refusal and a help under the hand name "+ New meld", which then plays them."""
    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?new=1&variant=samba&players=4&lang=en&seed=6&speed=instant")
    wait_human_turn(page)
    expect(page.locator("#act-stage")).to_have_text(EN.t("forgive.stage"))
    expect(page.locator("#stage-help")).to_have_count(0)
    click_cards(page, ["KS", "KD", "TS", "TS", "TC"])
    expect(page.locator("#stage-help")).to_have_text(EN.t("forgive.stage_help"))
    expect(page.locator("#act-stage")).to_have_attribute("aria-describedby", "stage-help")
    page.click("#act-take")
    said = page.locator("#g-feedback .said")
    expect(said).to_contain_text(EN.error_text({"code": "mixed_ranks", "params": {"ranks": "K T"}}))
    expect(said).to_contain_text(EN.t("forgive.mixed_groups"))
    page.click("#act-clear")
    click_cards(page, ["KS", "KD"])
    page.click("#act-stage")
    expect(page.locator("#stage-help")).to_be_visible()  # groups set aside: still explained
    click_cards(page, ["TS", "TS", "TC"])
    page.click("#act-take")
    wait_human_turn(page, "play")
    w.assert_clean()


def test_confirm_my_discard_needs_two_presses_and_is_kept(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 1280, "height": 800})
    page, hand, _ = _drawn(w, site_url, lang="fr")
    box = page.locator("#opt-confirm-discard")
    expect(box).not_to_be_checked()
    box.check()
    click_cards(page, [hand[0]])
    page.click("#act-discard")
    expect(page.locator("#g-feedback .said")).to_have_text(FR.t("forgive.armed", card=FR.card_name(hand[0])))
    assert hand_of(page) == hand  # armed, not discarded
    page.click("#act-discard")
    wait_human_turn(page, "draw")  # discarded: the bots have played
    assert FR.t("log_you.discard", card=FR.card_name(hand[0])) in page.inner_text("#log-list")
    page.reload()
    wait_ui(page)
    page.click("#btn-continue")
    wait_human_turn(page, "draw")
    expect(page.locator("#opt-confirm-discard")).to_be_checked()  # kept with the settings
    w.assert_clean()


def test_a_bad_link_value_is_shown_on_the_table(watched: Callable[..., Watched], site_url: str) -> None:
    """?new=1 with a bad value starts with the default for it and says so on the table,
    where the player is (it stayed on the hidden start screen), until dismissed."""
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?new=1&players=7&speed=instant&lang=fr")
    wait_human_turn(page)
    notice = page.locator("#g-notices")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(FR.t("app.bad_param", name="players", value="7", expected="2, 3, 4, 6"))
    assert page.get_attribute("#game", "data-players") == "4"  # the default
    assert serious_axe_violations(page) == []
    page.click("#btn-dismiss-notices")
    expect(page.locator("#g-notices")).to_have_count(0)
    expect(page.locator("#g-title")).to_be_focused()
    w.assert_clean()


def test_leaving_a_game_keeps_it_resumable(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 390, "height": 844})
    page, hand, cards = _drawn(w, site_url)
    moves = int(page.get_attribute("#game", "data-moves") or 0)
    click_cards(page, cards)
    page.click("#act-meld")
    expect(page.locator("#game")).to_have_attribute("data-moves", str(moves + 1))
    wait_human_turn(page, "play")
    before = {name: page.get_attribute("#game", f"data-{name}") for name in ("hand", "turn", "phase", "moves")}
    page.click("#btn-menu")
    expect(page.locator("#btn-continue")).to_be_visible()
    page.click("#btn-continue")
    wait_human_turn(page, "play")
    assert {name: page.get_attribute("#game", f"data-{name}") for name in ("hand", "turn", "phase", "moves")} == before
    page.reload()  # and after leaving, a reload still finds it
    wait_ui(page)
    page.click("#btn-continue")
    wait_human_turn(page, "play")
    assert {name: page.get_attribute("#game", f"data-{name}") for name in ("hand", "turn", "phase", "moves")} == before
    w.assert_clean()
