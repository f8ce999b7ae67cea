"""Pass-and-play's UI logic on CPython (issue 41): who sits where and their names
(web/ui_seats.py), and when the cover hides the table and whose table shows
(web/ui_cover.py), walked through real games of the engine the way the page walks them."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from canasta.host import Host

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_cover as CV  # noqa: E402
import ui_render as R  # noqa: E402
import ui_seats as SE  # noqa: E402
import ui_text  # noqa: E402

CATS = {lang: ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ui_text.LANGS}


def test_seats_names_and_levels_from_the_settings() -> None:
    prefs: dict[str, Any] = {"players": 4}
    assert SE.humans(prefs, 4) == [0]  # nothing chosen: one human, as before
    SE.set_who(prefs, 2, SE.HUMAN, 4)
    SE.set_who(prefs, 3, "expert", 4)
    SE.set_name(prefs, 2, "  Ben \n  Smith ")
    assert SE.humans(prefs, 4) == [0, 2]
    assert SE.bot_levels(prefs, 4) == {"3": "expert"}
    en, fr = CATS["en"], CATS["fr"]
    # several people: nobody is "You" (the partner's box would read "You (Partner)")
    assert SE.names(en, prefs, 4) == {"0": "Player 1", "2": "Ben Smith"}
    assert SE.names(fr, prefs, 4) == {"0": fr.t("seats.player", n=1), "2": "Ben Smith"}
    assert SE.names(en, {"players": 4}, 4) == {"0": "You"}  # alone with the bots
    SE.set_name(prefs, 2, "   ")  # an empty name brings back the default
    assert SE.names(en, prefs, 4)["2"] == en.t("seats.player", n=3) == "Player 3"
    # a seat that becomes a bot keeps no human name in the game; its level is its own
    SE.set_who(prefs, 0, "casual", 4)
    assert SE.humans(prefs, 4) == [2] and SE.bot_levels(prefs, 4) == {"0": "casual", "3": "expert"}
    # a smaller table keeps only its seats, and never has no human at all
    assert SE.humans({"seats": {"humans": [3, 5, "x", True]}}, 2) == [0]
    assert SE.humans({"seats": {"humans": [1, 1, 0]}}, 2) == [0, 1]
    assert len(SE.clean_name("x" * 80)) == SE.MAX_NAME
    assert SE.name_of(en, {"1": "Zoé"}, 1) == "Zoé" and SE.name_of(en, {}, 1) == "Player 2"
    assert SE.name_of(en, {}, None) == SE.name_of(en, {}, -1) == ""


def test_the_players_panel() -> None:
    prefs = {"players": 4, "seats": {"humans": [0, 2], "names": {"2": "<Ben>"}}, "seat_levels": {"1": "good"}}
    html = SE.panel(CATS["en"], prefs, 2, R.level_label, R.esc)
    assert html.count('name="seat_who"') == 4 and html.count('name="seat_name"') == 2  # a name per human
    assert 'value="&lt;Ben&gt;"' in html and "<Ben>" not in html
    assert 'id="seat-levels" open' in html  # several humans: the panel shows who they are
    assert '<option value="good" selected>' in html
    assert CATS["fr"].t("seats.human") in SE.panel(CATS["fr"], prefs, 2, R.level_label, R.esc)


def _snap(**over: Any) -> dict[str, Any]:
    snap: dict[str, Any] = {"options": {"humans": [0, 2]}, "turn": 0, "human_turn": True, "hand_over": False,
                            "view": {"seat": 0, "phase": "draw", "asker": -1}}
    snap.update(over)
    return snap


def test_when_the_cover_shows() -> None:
    one = _snap(options={"humans": [0]}, turn=0)
    assert CV.screen(one, None) == (CV.TABLE, None)  # one human: no cover, ever
    assert CV.screen(_snap(turn=0), None) == (CV.PASS, 0)  # nobody has the device yet
    assert CV.screen(_snap(turn=0), 0) == (CV.TABLE, 0)
    assert CV.screen(_snap(turn=2), 0) == (CV.PASS, 2)
    assert CV.screen(_snap(turn=1, human_turn=False), 0) == (CV.TABLE, 0)  # the bots play under 0's eyes
    assert CV.screen(_snap(turn=1, human_turn=False), None) == (CV.WAIT, None)
    assert CV.screen(_snap(hand_over=True), 2) == (CV.TABLE, 2)  # scored: every hand is public
    assert CV.screen(_snap(turn=2), 0, watch=True) == (CV.TABLE, 0)
    asked = _snap(turn=2, view={"seat": 2, "phase": "answer", "asker": 0})
    assert CV.screen(asked, 0) == (CV.PASS, 2) and CV.screen(asked, 2) == (CV.ASK, 2)
    by_bot = _snap(options={"humans": [0, 1]}, turn=0, view={"seat": 0, "phase": "answer", "asker": 2})
    assert CV.screen(by_bot, 0) == (CV.TABLE, 0)  # a bot's question: the table's own dialog
    assert CV.viewer(_snap(view={"seat": 2}), None) == 2 and CV.viewer(_snap(), 3) == 3


def test_the_cover_names_the_next_human_and_shows_no_card() -> None:
    en = CATS["en"]
    html = CV.html(en, CV.PASS, "Ben", "", R.esc)
    assert "Pass the device to Ben" in html and 'data-act="cover-ok"' in html and "I&#39;m Ben" in html
    ask = CV.html(CATS["fr"], CV.ASK, "Ben", "Ann", R.esc)
    assert 'data-act="answer-yes"' in ask and 'data-act="answer-no"' in ask and "Ann" in ask
    assert "cover-ok" not in CV.html(en, CV.WAIT, "", "", R.esc)
    for kind in (CV.PASS, CV.ASK, CV.WAIT):
        assert "data-card" not in CV.html(en, kind, "Ben", "Ann", R.esc)


@pytest.mark.parametrize(("humans", "seed"), [([0, 2], 41), ([0, 1], 5), ([1, 2, 3], 8)])
def test_who_sees_what_through_a_hand(humans: list[int], seed: int) -> None:
    """The page's walk (main.py): bots step with the shown seat as viewer, a cover when
    another human is to act, that human's snapshot fetched after the tap. The table is
    only ever drawn from the shown seat's snapshot, and the shown seat is the human on
    turn whenever a human is to act."""
    h = Host()
    snap = json.loads(h.new_game(json.dumps({"players": 4, "seed": seed, "humans": humans, "bot": "basic"})))
    shown = None
    covers = 0
    while True:
        kind, seat = CV.screen(snap, shown)
        if kind == CV.TABLE:
            assert shown is None or snap["view"]["seat"] == shown  # the table is the shown seat's
            if snap["hand_over"]:
                break
            if snap["human_turn"]:
                assert snap["turn"] == shown
        if kind == CV.PASS:
            covers += 1
            assert seat == snap["turn"] != shown and seat in humans
            snap = json.loads(h.snapshot(seat))  # "I'm <name>"
            shown = seat
            continue
        if snap["human_turn"]:
            turn = snap["turn"]
            assert snap["view"]["seat"] == turn and snap["legal"]
            legal = snap["legal"]
            text = json.loads(h.hint(turn))["action"] if kind == CV.TABLE else "answer yes"
            assert text in legal
            snap = json.loads(h.play(turn, text))["snapshot"]
        else:
            out = json.loads(h.bot_step(CV.viewer(snap, shown)))
            assert out["ok"], out
            snap = out["snapshot"]
    assert covers >= 2


def test_the_table_names_the_other_people() -> None:
    snap = json.loads(Host().new_game(json.dumps({"players": 4, "seed": 2, "humans": [0, 2]})))
    en = CATS["en"]
    ui = R.UIState()
    assert R.Table(en, snap, ui).seat_name(2) == en.t("table.partner")  # no names: the roles, as before
    ui.names = {"0": "Ann", "2": "Ben"}
    tb = R.Table(en, snap, ui)  # seat 0's table
    assert tb.seat_name(2) == "Ben (" + en.t("table.partner") + ")"
    assert tb.seat_name(0) == en.t("table.you") and tb.seat_name(1) == en.t("table.left")


def test_the_turn_line_names_the_person_when_several_share_the_device() -> None:
    snaps = (json.loads(Host().new_game(json.dumps({"seed": seed, "players": 4, "humans": [0, 2]})))
             for seed in range(1, 40))
    snap = next(s for s in snaps if s["human_turn"] and s["turn"] == 0)  # seat 0 plays first
    en = CATS["en"]
    ui = R.UIState()
    alone = R.turn_line(R.Table(en, snap, ui))
    assert alone == R.esc(en.t("table.turn_you_draw"))
    ui.names = {"0": "Ann", "2": "Ben"}
    assert R.turn_line(R.Table(en, snap, ui)) == R.esc(en.t("seats.turn_named", name="Ann", text=en.t("table.turn_you_draw")))
    assert "Ann" in R.turn_line(R.Table(CATS["fr"], snap, ui))
