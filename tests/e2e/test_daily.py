"""The deal of the day (issue 41): the same cards for everyone on a date (the seed is a
hash of the date, canasta.duplicate.daily_seed: the page passes its local date), stable
across reloads, another deal on another date; the start screen's button opens today's;
a date that is not a day is said."""

from __future__ import annotations

from typing import Callable

from canasta.duplicate import daily_seed
from canasta.game import Game
from game_helpers import catalog, hand_of, open_page, wait_human_turn
from playwright.sync_api import Page, expect
from site_helpers import Watched

EN = catalog("en")


def dealt(date: str) -> list[str]:
    """Seat 0's cards as dealt in the deal of the day (Classic, 4 players)."""
    return sorted(Game("classic", daily_seed(date), players=4).view(0)["hand"])


def daily_table(w: Watched, site_url: str, date: str) -> Page:
    page = open_page(w, f"{site_url}?daily={date}&speed=instant&lang=en")
    wait_human_turn(page)
    return page


def test_the_deal_of_the_day_is_stable_and_another_date_deals_another(watched: Callable[..., Watched],
                                                                      site_url: str) -> None:
    w = watched()
    page = daily_table(w, site_url, "2026-12-04")
    hand = hand_of(page)
    assert hand == dealt("2026-12-04")
    assert page.get_attribute("#game", "data-players") == "4" and "daily=" not in page.url
    page.reload()
    page.wait_for_selector('body[data-ui="ready"]', state="attached")
    page.click("#btn-continue")
    wait_human_turn(page)
    assert hand_of(page) == hand
    w.assert_clean()

    friend = watched()  # another profile, the same date: the same cards
    assert hand_of(daily_table(friend, site_url, "2026-12-04")) == hand
    friend.assert_clean()

    other = watched()
    next_day = hand_of(daily_table(other, site_url, "2026-12-05"))
    assert next_day == dealt("2026-12-05") and next_day != hand
    other.assert_clean()


def test_the_start_screens_button_opens_todays_deal(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?lang=fr")
    button = page.locator("#btn-daily")
    expect(button).to_have_text(catalog("fr").t("deal.daily"))
    assert button.bounding_box()["y"] < 844  # in view without scrolling, under the menu's buttons
    today = page.evaluate("() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]"
                          ".map((n, i) => String(n).padStart(i ? 2 : 4, '0')).join('-'); }")
    button.click()
    wait_human_turn(page)
    assert hand_of(page) == dealt(today)
    w.assert_clean()


def test_a_date_that_is_not_a_day_is_said(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched()
    page = open_page(w, f"{site_url}?daily=2026-02-30&lang=en")  # the shape of a date, not a day
    expect(page.locator("#notices")).to_contain_text(EN.t("deal.bad_date", value="2026-02-30"))
    assert page.get_attribute("body", "data-screen") == "start"
    page.goto(f"{site_url}?daily=tomorrow&lang=en")
    page.wait_for_selector('body[data-ui="ready"]', state="attached")
    expect(page.locator("#notices")).to_contain_text(EN.t("deal.bad_date", value="tomorrow"))
    assert page.get_attribute("body", "data-screen") == "start"
    w.assert_clean()
