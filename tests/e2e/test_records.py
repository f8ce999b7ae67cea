"""Game files (issue 41): the saved game exported as a file (a download) and opened again
in a fresh browser profile, continued there; a tampered file (chosen, or dropped on the
page) refused with a message in the page's language, the game in progress and its save
untouched; a sound file asks before it replaces a game in progress."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

from canasta import recordfile
from canasta.game import Game
from canasta.host import Host
from canasta.replay import hand_frames
from game_helpers import SAVE_KEY, Mirror, catalog, near_hand_end, open_page, saved_once, wait_human_turn
from playwright.sync_api import Page, expect
from site_helpers import AXE, Watched, serious_axe_violations


def _hand_after_load(save: str) -> list[str]:
    snap: dict[str, Any] = json.loads(Host().load(save))["snapshot"]
    return sorted(snap["view"]["hand"])


def _drop(page: Page, name: str, text: str) -> None:
    """Drop a file on the start screen, as a file dragged from the desktop is."""
    page.evaluate("""([name, text]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, {type: "application/json"}));
        const target = document.getElementById("app");
        target.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
        target.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
    }""", [name, text])


def _exported(page: Page, tmp_path: Path) -> Path:
    with page.expect_download() as info:
        page.click("#btn-export")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return path


def test_export_then_import_in_a_fresh_profile_continues_the_game(
        watched: Callable[..., Watched], site_url: str, tmp_path: Path) -> None:
    save, _, _ = near_hand_end(2)
    en = catalog("en")
    w = watched(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    w.context.add_init_script(saved_once(save))
    page = open_page(w, f"{site_url}?lang=en&speed=instant")
    path = _exported(page, tmp_path)
    assert re.fullmatch(r"canasta-classic-\d{4}-\d{2}-\d{2}\.canasta\.json", path.name), path.name
    expect(page.locator("#keep-message")).to_have_text(en.t("keep.exported", name=path.name))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "canasta-game-file" and data["digest"] == recordfile.digest(data)
    assert data["record"] == json.loads(save)["record"] and len(data["names"]) == 2
    assert recordfile.read(path.read_text(encoding="utf-8")).game.record() == data["record"]

    fresh = watched(viewport={"width": 390, "height": 844})
    fresh.context.add_init_script(path=str(AXE))
    other = open_page(fresh, f"{site_url}?lang=fr&speed=instant")
    assert other.locator("#btn-continue").count() == 0
    other.set_input_files("#keep-file", str(path))
    panel = other.locator("#keep-panel")
    expect(panel).to_contain_text(catalog("fr").t("keep.file_title", name=path.name))
    expect(other.locator("#keep-file-title")).to_be_focused()
    assert serious_axe_violations(other) == []
    other.click("#keep-continue")  # no game in progress here: nothing to ask
    wait_human_turn(other)
    assert sorted((other.get_attribute("#game", "data-hand") or "").split()) == _hand_after_load(save)
    kept = json.loads(other.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})"))
    assert kept["record"] == data["record"]  # the file's game is the one saved now
    assert w.errors == [] and fresh.errors == []


def test_a_tampered_file_is_refused_and_nothing_is_lost(watched: Callable[..., Watched], site_url: str,
                                                       tmp_path: Path) -> None:
    save, _, _ = near_hand_end(2)
    host = Host()
    host.load(save)
    sound = json.loads(host.export_record(json.dumps({"names": ["A", "B"], "started": "2026-12-01",
                                                      "exported": "2026-12-02"})))["text"]
    data = json.loads(sound)
    # one action changed to another legal one: the digest no longer matches
    hand = data["record"]["hands"][0]
    game = Game.from_record({**data["record"], "hands": [hand[:1]]})
    hand[1] = next(str(a) for a in game.legal_actions() if str(a) != hand[1])
    tampered = tmp_path / "tampered.canasta.json"
    tampered.write_text(json.dumps(data), encoding="utf-8")

    w = watched(viewport={"width": 1280, "height": 800})
    w.context.add_init_script(saved_once(save))
    w.context.add_init_script(path=str(AXE))
    page = open_page(w, f"{site_url}?lang=en&speed=instant")
    before = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    page.set_input_files("#keep-file", str(tampered))
    message = page.locator("#keep-message")
    en = catalog("en")
    expect(message).to_have_text(en.t("keep.refused", name=tampered.name, reason=en.t("errors.file_tampered")))
    assert serious_axe_violations(page) == []
    assert page.locator("#keep-panel").count() == 0

    # dropped on the page, in French: said in French; a score changed and the digest
    # recomputed is caught by the replay
    page.click("label:has(#opt-lang-fr)")
    scored = json.loads(sound)
    scored["scores"][0] += 100
    scored["digest"] = recordfile.digest(scored)
    _drop(page, "scores.canasta.json", json.dumps(scored))
    fr = catalog("fr")
    expect(message).to_have_text(fr.t("keep.refused", name="scores.canasta.json", reason=fr.t("errors.file_scores")))
    _drop(page, "notes.txt", "my shopping list")
    expect(message).to_have_text(fr.t("keep.refused", name="notes.txt", reason=fr.t("errors.file_malformed")))

    # nothing lost: the save is the same, and Continue resumes it
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})") == before
    page.click("#btn-continue")
    wait_human_turn(page)
    assert sorted((page.get_attribute("#game", "data-hand") or "").split()) == _hand_after_load(save)
    assert w.errors == []


def test_a_sound_file_asks_before_replacing_the_game_in_progress(watched: Callable[..., Watched], site_url: str,
                                                                tmp_path: Path) -> None:
    save, _, _ = near_hand_end(2)
    other = Host()
    other.new_game(json.dumps({"seed": 11, "players": 2}))
    text = json.loads(other.export_record(json.dumps({"names": ["A", "B"], "started": "2026-12-01",
                                                      "exported": "2026-12-02"})))["text"]
    path = tmp_path / "other.canasta.json"
    path.write_text(text, encoding="utf-8")
    w = watched(viewport={"width": 1280, "height": 800})
    w.context.add_init_script(saved_once(save))
    page = open_page(w, f"{site_url}?lang=en&speed=instant")
    page.set_input_files("#keep-file", str(path))
    page.click("#keep-continue")
    expect(page.locator("#keep-keep")).to_be_focused()  # "Keep my game" first
    page.click("#keep-keep")
    expect(page.locator("#keep-continue")).to_be_focused()
    assert json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")) == json.loads(save)
    page.click("#keep-continue")
    page.click("#keep-replace")
    page.wait_for_selector('#game:not([hidden])')
    kept = json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})"))
    assert kept["options"]["seed"] == 11
    assert w.errors == []


def test_a_file_with_a_finished_hand_opens_in_the_replay(watched: Callable[..., Watched], site_url: str,
                                                         tmp_path: Path) -> None:
    """'Replay it' (a file holding a finished hand) opens the replay screen on the file's
    last finished hand; a file whose first hand is still being played offers no replay."""
    mirror = Mirror(28, 2)
    while not mirror.snap["hand_over"]:
        mirror.play(mirror.choose())
    meta = json.dumps({"names": ["A", "B"], "started": "2026-12-01", "exported": "2026-12-02"})
    text = json.loads(mirror.host.export_record(meta))["text"]
    path = tmp_path / "finished.canasta.json"
    path.write_text(text, encoding="utf-8")
    frames = hand_frames(json.loads(text)["record"], 1, 0)["frames"]
    unfinished = Host()
    unfinished.new_game(json.dumps({"seed": 11, "players": 2}))
    other = tmp_path / "unfinished.canasta.json"
    other.write_text(json.loads(unfinished.export_record(meta))["text"], encoding="utf-8")

    w = watched(viewport={"width": 390, "height": 844})
    page = open_page(w, f"{site_url}?lang=en&speed=instant")
    page.set_input_files("#keep-file", str(other))
    expect(page.locator("#keep-continue")).to_be_visible()
    assert page.locator("#keep-replay").count() == 0
    page.set_input_files("#keep-file", str(path))
    page.click("#keep-replay")
    replay = page.locator("#replay")
    expect(replay).to_be_visible()
    expect(replay).to_have_attribute("data-total", str(len(frames) - 1))
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(len(frames) - 1))
    totals = {s["side"]: s["total"] for s in frames[-1]["snapshot"]["last_hand"]}
    expect(page.locator("#rp-sheet tfoot tr.total td")).to_have_text([str(totals[0]), str(totals[1])])
    assert w.errors == []
