"""Issue 40, "see what happened": the log's lines, the "since your turn" line and what a
screen reader hears (web/ui_moves.py), and the scores of every hand (web/ui_scores.py),
from the engine's own log entries and score lines."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from canasta.host import Host

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_moves as W  # noqa: E402
import ui_render as R  # noqa: E402
import ui_scores as U  # noqa: E402
import ui_text  # noqa: E402

CATS = {lang: ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "fr")}


def bot_game(seed: int, **options: Any) -> tuple[Host, dict[str, Any]]:
    host = Host()
    snap = json.loads(host.new_game(json.dumps({"seed": seed, "humans": [], **options})))
    return host, snap


def until(host: Host, snap: dict[str, Any], found: Any, steps: int = 3000) -> dict[str, Any]:
    """Bot moves until ``found(snap)``; the snapshot then."""
    for _ in range(steps):
        if found(snap):
            return snap
        snap = json.loads(host.next_hand()) if snap["hand_over"] else json.loads(host.bot_step())["snapshot"]
    raise AssertionError("not found")


def test_a_take_says_how_many_cards_and_with_what() -> None:
    host, snap = bot_game(11, players=4)
    snap = until(host, snap, lambda s: s["log"] and s["log"][-1]["record"]["verb"] == "take")
    entry = snap["log"][-1]
    n = entry["taken"]
    cards = [c for g in entry["record"]["groups"] for c in g]
    line = W.move_line(CATS["en"], "West", entry)
    assert line.startswith(f"West took the pile ({n} card")
    assert all(CATS["en"].card_name(c) in line for c in cards)
    assert f"({n} carte" in W.move_line(CATS["fr"], "Ouest", entry)
    assert W.move_line(CATS["en"], "You", entry, you=True).startswith(f"You took the pile ({n} card")


def test_a_meld_of_several_groups_reads_as_groups() -> None:
    entry = {"seat": 1, "action": "meld 8S 8H 8C | 9D 9S 2C", "hand": 1,
             "record": {"verb": "meld", "text": "meld 8S 8H 8C | 9D 9S 2C",
                        "groups": [["8S", "8H", "8C"], ["9D", "9S", "2C"]]}}
    en = W.move_line(CATS["en"], "North", entry)
    assert en == ("North melded (8 of spades, 8 of hearts, 8 of clubs) "
                  "(9 of diamonds, 9 of spades, 2 of clubs)"), en
    single = dict(entry, record={"verb": "meld", "groups": [["8S", "8H", "8C"]]})
    assert W.move_line(CATS["en"], "North", single) == "North melded 8 of spades, 8 of hearts, 8 of clubs"
    # an entry without a record (an older save's log) still reads
    assert W.move_line(CATS["en"], "North", {"action": "discard 5C"}) == "North discarded 5 of clubs"


def test_since_your_turn_lists_the_others_moves_after_yours() -> None:
    log = [{"seat": s, "action": a, "hand": h} for s, a, h in
           [(3, "discard 4C", 1), (0, "draw", 2), (0, "discard 5C", 2), (1, "draw", 2), (1, "discard 9H", 2),
            (2, "draw", 2)]]
    assert [e["action"] for e in W.since_turn(log, 0, 2)] == ["draw", "discard 9H", "draw"]
    assert [e["action"] for e in W.since_turn(log, 3, 2)] == ["draw", "discard 5C", "draw", "discard 9H", "draw"]
    assert W.since_turn(log, 2, 2) == []
    turns = W.last_turns(log, 2)
    assert [e["action"] for e in turns[1]] == ["draw", "discard 9H"] and 3 not in turns
    assert [e["action"] for e in W.new_entries(log, 2, 5, 3)] == ["discard 9H", "draw"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_live_region_hears_each_move_the_count_and_the_pile(lang: str) -> None:
    host, snap = bot_game(4, players=4)
    snap = until(host, snap, lambda s: s["moves"] >= 6)
    cat = CATS[lang]
    tb = R.Table(cat, snap, R.UIState())
    v = snap["view"]
    fresh = W.new_entries(snap["log"], v["hand_number"], snap["moves"], snap["moves"] - 2)
    text = W.announcement(cat, fresh, v, tb.seat_name, -1)  # every seat a bot: all heard
    last = fresh[-1]
    assert W.move_line(cat, tb.seat_name(last["seat"]), last) in text
    assert cat.t("see.count_left", name=tb.seat_name(last["seat"]), n=v["hand_counts"][last["seat"]]) in text
    assert W.announcement(cat, fresh, v, tb.seat_name, last["seat"]).count(".") < text.count(".")
    assert W.pile_words(cat, v) in text
    assert cat.card_label(v["discard_top"]) in W.pile_words(cat, v)
    reasons = W.announcement(cat, fresh, v, tb.seat_name, -1, True)
    assert W.reason_of(cat, last) and W.reason_of(cat, last) in reasons


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bots_reason_is_told_in_the_third_person_without_its_hands_points(lang: str) -> None:
    cat = CATS[lang]
    for code in cat.strings:
        if code.startswith("reasons."):
            bot = "see.reasons." + code[len("reasons."):]
            assert cat.has(bot), bot
    answer = {"seat": 2, "action": "answer yes", "reason": {"code": "answer_yes", "params": {"points": 85}}}
    assert W.reason_of(cat, answer) and "85" not in W.reason_of(cat, answer)
    assert "85" in cat.reason_line(answer["reason"])  # the hint, to the player about their own hand
    assert W.reason_of(cat, {"seat": 0, "action": "draw"}) == ""


def sheet(side: int, total: int, *lines: tuple[str, int, int]) -> dict[str, Any]:
    return {"side": side, "total": total, "lines": [{"name": n, "points": p, "count": c} for n, p, c in lines]}


HISTORY = [
    [sheet(0, 900, ("natural_canastas", 500, 1), ("going_out", 100, 0), ("melds", 300, 12)),
     sheet(1, -40, ("hand_penalty", -40, 3))],
    [sheet(0, 200, ("melds", 200, 9)), sheet(1, 1600, ("mixed_canastas", 600, 2), ("natural_canastas", 500, 1),
                                               ("going_out_concealed", 200, 0), ("melds", 300, 12))],
]


def test_the_summary_counts_hands_won_canastas_and_going_out() -> None:
    assert U.summary(HISTORY, 2) == {"won": [1, 1], "canastas": [1, 3], "out": [1, 1]}
    assert U.totals(HISTORY, 2) == [([900, -40], [900, -40]), ([200, 1600], [1100, 1560])]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_game_sheet_lists_every_hand_and_labels_its_counts(lang: str) -> None:
    cat = CATS[lang]
    snap = {"view": {"seat": 0, "side": 0, "sides": 2, "players": 2, "phase": "over", "hand_number": 2,
                     "game_scores": [1100, 1560], "winner": 1, "hand": []},
            "hand_over": True, "game_over": True, "last_hand": HISTORY[1], "history": HISTORY,
            "left_over": [[], ["KS", "4D"]], "scores": [1100, 1560], "log": []}
    tb = R.Table(cat, snap, R.UIState())
    html = U.result_html(tb)
    assert html.count('<details class="history-hand">') == 2
    assert cat.t("see.hand_n", n=1) in html and cat.t("see.running", n=1560) in html
    assert "(" + cat.t("see.counts.mixed_canastas", n=2) + ")" in html
    assert "(" + cat.t("see.counts.hand_penalty", n=3) + ")" in html
    assert R.esc(cat.card_label("KS")) in html and cat.t("see.left_of", name=tb.seat_name(1), n=2) in html
    summary = html[html.index('id="game-summary"'):]
    assert cat.t("see.final_score") in summary and cat.t("see.hands_won") in summary
    # before the hand's end none of it shows
    tb = R.Table(cat, dict(snap, hand_over=False, game_over=False), R.UIState())
    assert U.result_html(tb) == ""
