"""Statistics (issue 41): a short 2-player hand played by clicking updates them (from the
engine's score sheet); they are exported as a file, reset after a confirmation, and
imported again in a fresh browser profile; the sheet is axe clean in both languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from game_helpers import catalog, near_hand_end, open_page, play_by_clicking, saved_once, wait_human_turn
from playwright.sync_api import Page, expect
from site_helpers import AXE, READY_TIMEOUT_MS, Watched, serious_axe_violations


def _cells(page: Page) -> dict[str, str]:
    """The first statistics row, by column header."""
    heads = page.locator(".stats-sheet .stats-scroll th[scope=col]").all_inner_texts()
    row = page.locator(".stats-sheet .stats-scroll tbody tr").first
    cells = [row.locator("th").inner_text()] + row.locator("td").all_inner_texts()
    return dict(zip(heads, cells))


def test_a_hand_updates_the_statistics_which_survive_export_reset_and_import(
        watched: Callable[..., Watched], site_url: str, tmp_path: Path) -> None:
    save, actions, final = near_hand_end(2)
    mine = final["history"][0][0]
    lines = {x["name"]: x for x in mine["lines"]}
    en = catalog("en")
    w = watched(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    w.context.add_init_script(saved_once(save))
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?lang=en&speed=instant")
    page.click("#btn-stats")
    expect(page.locator("#stats-sheet")).to_contain_text(en.t("stats.empty"))
    page.click("#stats-close")
    page.click("#btn-continue")
    wait_human_turn(page)
    for i, action in enumerate(actions):
        if i:  # the page takes no click while a move is on its way: let the last one land
            wait_human_turn(page, "play")
        play_by_clicking(page, action)
    page.wait_for_selector('#game[data-hand-over="true"]', state="attached", timeout=READY_TIMEOUT_MS)

    page.click("#btn-sheet-hide")
    page.click("#btn-menu")
    page.click("#btn-stats")
    sheet = page.locator("#stats-sheet")
    expect(sheet).to_be_visible()
    cells = _cells(page)
    assert cells[en.t("stats.col_players")] == "2"
    assert cells[en.t("stats.col_games")] == "1" and cells[en.t("stats.col_hands")] == "1"
    assert cells[en.t("stats.col_average")] == str(mine["total"])
    assert cells[en.t("stats.col_mixed")] == str(lines.get("mixed_canastas", {}).get("count", 0))
    assert cells[en.t("stats.col_natural")] == str(lines.get("natural_canastas", {}).get("count", 0))
    went_out = "going_out" in lines or "going_out_concealed" in lines
    assert cells[en.t("stats.col_out")] == ("1" if went_out else "0")
    chart = sheet.locator("svg.score-chart")
    expect(chart).to_have_attribute("role", "img")
    assert str(final["scores"][0]) in (chart.locator("desc").text_content() or "")
    assert serious_axe_violations(page) == []

    with page.expect_download() as info:
        page.click("#stats-export")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name.startswith("canasta-statistics-") and path.suffix == ".json"
    assert json.loads(path.read_text(encoding="utf-8"))["groups"]

    page.click("#stats-reset")
    confirm = page.locator("#stats-confirm")
    expect(confirm).to_be_visible()
    expect(page.locator("#stats-reset-no")).to_be_focused()
    assert serious_axe_violations(page) == []
    page.keyboard.press("Escape")  # Escape keeps them
    expect(confirm).to_be_hidden()
    assert _cells(page)[en.t("stats.col_hands")] == "1"
    page.click("#stats-reset")
    page.click("#stats-reset-yes")
    expect(sheet).to_contain_text(en.t("stats.empty"))
    expect(sheet).to_contain_text(en.t("stats.reset_done"))
    kept_aside = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('canasta.stats.replaced.'))")
    assert len(kept_aside) == 1  # the reset statistics are set aside, not deleted

    # a fresh profile (the browser's data cleared): the file brings them back, in French
    fresh = watched(viewport={"width": 390, "height": 844})
    fresh.context.add_init_script(path=str(AXE))
    other = open_page(fresh, f"{site_url}?lang=fr")
    fr = catalog("fr")
    other.click("#btn-stats")
    expect(other.locator("#stats-sheet")).to_contain_text(fr.t("stats.empty"))
    other.set_input_files("#stats-file", str(path))
    expect(other.locator("#stats-sheet")).to_contain_text(fr.t("stats.imported", name=path.name))
    cells = _cells(other)
    assert cells[fr.t("stats.col_hands")] == "1" and cells[fr.t("stats.col_average")] == str(mine["total"])
    assert serious_axe_violations(other) == []
    kept = other.evaluate("() => localStorage.getItem('canasta.stats.v1')")
    assert kept and json.loads(kept)["groups"]
    other.reload()
    other.wait_for_selector('body[data-ui="ready"]', state="attached")
    other.click("#btn-stats")
    expect(other.locator("#stats-sheet .stats-scroll")).to_have_count(1)
    assert _cells(other)[fr.t("stats.col_hands")] == "1"
    assert w.errors == [] and fresh.errors == []


def test_a_statistics_file_that_is_not_one_changes_nothing(watched: Callable[..., Watched], site_url: str,
                                                         tmp_path: Path) -> None:
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, f"{site_url}?lang=en")
    page.click("#btn-stats")
    junk = tmp_path / "junk.json"
    junk.write_text(json.dumps({"format": "canasta-stats", "version": 1, "groups": {"x": {"hands": -1}}}))
    page.set_input_files("#stats-file", str(junk))
    expect(page.locator("#stats-message")).to_have_text(catalog("en").t("stats.import_refused", name="junk.json"))
    assert page.evaluate("() => localStorage.getItem('canasta.stats.v1')") is None
    assert w.errors == []
