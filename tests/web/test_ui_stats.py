"""The statistics (web/ui_stats.py, ui_chart.py; issue 41) on CPython: counted from the
engine's own snapshots (a real host plays the hands), once per hand and once per game,
kept behind guarded storage (refused or full storage never breaks play, unreadable data
set aside), exported and imported as a file that is checked, and drawn as a table and an
accessible SVG chart. Also the start screen's part for game files (ui_keep)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from canasta.catalog import catalog
from canasta.host import Host
from fake_storage import FakeStorage

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_chart  # noqa: E402
import ui_keep as K  # noqa: E402
import ui_model as M  # noqa: E402
import ui_stats as T  # noqa: E402
import ui_store as S  # noqa: E402
import ui_text  # noqa: E402

CATS = {lang: ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "fr")}
SETUP = M.Setup(catalog())


def snapshots(seed: int = 5, hands: int = 2, players: int = 2, target: int | None = None) -> list[dict[str, Any]]:
    """Every snapshot a page sees while seat 0 (a basic bot plays for it through the
    host's own hint-free bot) and the bots play ``hands`` hands."""
    h = Host()
    options: dict[str, Any] = {"seed": seed, "players": players, "humans": [0], "bot": "basic"}
    if target is not None:
        options["target"] = target
    snap = json.loads(h.new_game(json.dumps(options)))
    out = [snap]
    for n in range(hands):
        if n:
            snap = json.loads(h.next_hand())
            out.append(snap)
        while not snap["hand_over"]:
            if snap["human_turn"]:
                snap = json.loads(h.play(0, snap["legal"][0]))["snapshot"]
            else:
                snap = json.loads(h.bot_step())["snapshot"]
            out.append(snap)
        if snap["game_over"]:
            break
    return out


def expected(history: list[list[dict[str, Any]]], side: int) -> dict[str, int]:
    """The counts, worked out here from the score sheets directly."""
    out = {"hands": len(history), "points": 0, "natural": 0, "mixed": 0, "out": 0, "concealed": 0, "hands_won": 0}
    for sheet in history:
        lines = {x["name"]: x for x in sheet[side]["lines"]}
        out["points"] += sheet[side]["total"]
        out["hands_won"] += sheet[side]["total"] > max(s["total"] for i, s in enumerate(sheet) if i != side)
        out["natural"] += lines.get("natural_canastas", {}).get("count", 0)
        out["mixed"] += lines.get("mixed_canastas", {}).get("count", 0)
        out["out"] += "going_out" in lines or "going_out_concealed" in lines
        out["concealed"] += "going_out_concealed" in lines
    return out


def test_each_hand_is_counted_once_from_the_score_sheet() -> None:
    snaps = snapshots()
    stats = T.empty()
    T.begin(stats, 5)
    for snap in snaps + snaps[-3:]:  # the last snapshots seen again (a reload): counted once
        T.observe(stats, snap, 5)
    [group] = stats["groups"].values()
    want = expected(snaps[-1]["history"], 0)
    assert {k: group[k] for k in want} == want
    assert group["hands"] == 2 and group["games"] == 1
    assert (group["variant"], group["players"], group["level"]) == ("classic", 2, "basic")
    assert stats["game"]["hands"] == [[s["total"] for s in sheet] for sheet in snaps[-1]["history"]]
    assert T.average(group) == round(want["points"] / 2)


def test_a_finished_game_counts_as_finished_and_won_or_lost() -> None:
    snaps = snapshots(seed=2, hands=30, target=200)
    last = snaps[-1]
    assert last["game_over"]
    stats = T.empty()
    for snap in snaps:
        T.observe(stats, snap, "g")
    T.observe(stats, last, "g")
    [group] = stats["groups"].values()
    assert group["finished"] == 1 and group["won"] == (1 if last["view"]["winner"] == 0 else 0)
    assert group["hands"] == len(last["history"])


def test_a_new_game_from_the_same_seed_counts_again_and_a_continued_one_does_not() -> None:
    snaps = snapshots(hands=1)
    stats = T.empty()
    for snap in snaps:
        T.observe(stats, snap, 5)
    T.begin(stats, 5)  # "play this deal again": the same seed, a new game
    for snap in snaps:
        T.observe(stats, snap, 5)
    [group] = stats["groups"].values()
    assert group["games"] == 2 and group["hands"] == 2
    other = T.empty()
    T.observe(other, snaps[-1], "from a file")  # first seen with its hand already played
    assert other["groups"] == {} and other["game"]["hands"] == [[s["total"] for s in snaps[-1]["history"][0]]]


def test_a_watched_game_counts_for_no_one() -> None:
    h = Host()
    snap = json.loads(h.new_game(json.dumps({"seed": 1, "players": 2, "humans": [], "bot": "basic"})))
    while not snap["hand_over"]:
        snap = json.loads(h.bot_step())["snapshot"]
    stats = T.empty()
    assert T.observe(stats, snap, 1) is False and stats["groups"] == {}


def test_storage_guards_lose_nothing() -> None:
    snaps = snapshots(hands=1)
    stats = T.empty()
    for snap in snaps:
        T.observe(stats, snap, 5)
    ok = T.StatsStore(S.Store(FakeStorage()))
    assert ok.save(stats)
    assert ok.load("1") == (stats, "")
    # refused storage: saving says so, loading gives empty statistics, nothing raises
    full = T.StatsStore(S.Store(FakeStorage(full=True)))
    assert full.save(stats) is False and full.load("1") == (T.empty(), "")
    # unreadable data is set aside under a key of its own, never deleted
    for junk in ("{not json", json.dumps({"format": "canasta-stats", "version": 1, "groups": {"x": {}}}), "[]"):
        storage = FakeStorage({T.STATS_KEY: junk})
        loaded, key = T.StatsStore(S.Store(storage)).load("42")
        assert loaded == T.empty() and key == T.BROKEN_PREFIX + "42"
        assert storage.items[key] == junk and T.STATS_KEY not in storage.items
    # ...unless the browser refuses to set it aside: then it stays where it was
    storage = FakeStorage({T.STATS_KEY: "{not json"}, full=True)
    assert T.StatsStore(S.Store(storage)).load("7") == (T.empty(), "") and storage.items[T.STATS_KEY] == "{not json"


def test_import_replaces_and_sets_the_old_statistics_aside() -> None:
    snaps = snapshots(hands=1)
    stats = T.empty()
    for snap in snaps:
        T.observe(stats, snap, 5)
    text = T.to_file(stats, "2026-12-04T20:00:00.000Z")
    assert T.read_file(text) == stats
    storage = FakeStorage({T.STATS_KEY: json.dumps(T.empty())})
    assert T.StatsStore(S.Store(storage)).replace(stats, "9")
    assert json.loads(storage.items[T.STATS_KEY]) == stats
    assert json.loads(storage.items[T.REPLACED_PREFIX + "9"]) == T.empty()
    assert T.StatsStore(S.Store(FakeStorage({T.STATS_KEY: "old"}, full=True))).replace(stats, "9") is False
    assert T.file_name("2026-12-04T20:00:00.000Z") == "canasta-statistics-2026-12-04.json"


def test_a_statistics_file_is_checked() -> None:
    snaps = snapshots(hands=1)
    stats = T.empty()
    for snap in snaps:
        T.observe(stats, snap, 5)
    good = json.loads(T.to_file(stats, "2026-12-04"))
    key = next(iter(good["groups"]))

    def with_change(change: Any) -> str:
        data = json.loads(json.dumps(good))
        change(data)
        return json.dumps(data)

    bad = [
        "not json", "[]", json.dumps({**good, "version": 2}), json.dumps({**good, "format": "canasta-save"}),
        with_change(lambda d: d["groups"][key].update(hands=-1)),
        with_change(lambda d: d["groups"][key].update(won=5)),          # more won than finished
        with_change(lambda d: d["groups"][key].update(natural="3")),
        with_change(lambda d: d["groups"][key].update(hands_won=99)),   # more hands won than played
        with_change(lambda d: d["groups"].update({"other/2/good": d["groups"][key]})),  # key does not match
        with_change(lambda d: d["game"].update(hands=[["x"]])),
        with_change(lambda d: d["game"].update(hands=[[10, 20], [30]])),  # a hand without a side's total
        with_change(lambda d: d["game"].update(side=2)),                  # no such side
        with_change(lambda d: d["game"].update(hands=[[1]])),
    ]
    for text in bad:
        assert T.read_file(text) is None, text
    assert T.read_file(with_change(lambda d: d["groups"][key].update(points=-350))) is not None


def test_the_sheet_shows_a_table_per_variant_and_an_accessible_chart() -> None:
    snaps = snapshots(hands=2)
    stats = T.empty()
    for snap in snaps:
        T.observe(stats, snap, 5)
    for lang, cat in CATS.items():
        html = T.sheet(cat, SETUP, stats)
        assert html.count("<table") == 2  # the statistics, the chart's numbers
        assert f"<caption>{cat.t('variants.classic.name')}</caption>" in html
        assert 'role="img"' in html and '<title id="chart-title">' in html and '<desc id="chart-desc">' in html
        assert html.count('<polyline class="line') == 2
        assert cat.t("stats.reset") in html and cat.t("stats.export") in html
        totals = [sum(sheet[s] for sheet in stats["game"]["hands"]) for s in range(2)]
        desc = re.search(r'<desc id="chart-desc">(.*?)</desc>', html)
        assert desc and all(str(t) in desc.group(1) for t in totals)
    assert CATS["en"].t("stats.empty") in T.sheet(CATS["en"], SETUP, T.empty())
    assert CATS["en"].t("stats.no_chart") in T.sheet(CATS["en"], SETUP, T.empty())


def test_the_chart_runs_the_totals_and_spans_them() -> None:
    assert ui_chart.running([[100, -50], [300, 20]]) == [[100, 400], [-50, -30]]
    ticks = ui_chart._ticks(-50, 400)
    assert ticks[0] <= -50 and ticks[-1] >= 400 and len(ticks) <= 8


def test_the_start_screen_part_for_files() -> None:
    cat = CATS["fr"]
    html = K.start_box(cat, has_save=False)
    assert 'id="keep-file"' in html and 'id="btn-export"' not in html and 'hidden>' in html
    summary = {"variant": "classic", "players": 2, "names": ["Vous", "Adversaire"], "started": "2026-12-01T10:00:00Z",
               "exported": "2026-12-04T10:00:00Z", "hands": 3, "hands_finished": 2, "scores": [1200, 800],
               "game_over": False, "winner": None}
    pending = {"name": "partie.canasta.json", "save": {}, "summary": summary}
    html = K.start_box(cat, True, pending, confirming=False, can_replay=False)
    assert 'id="btn-export"' in html and 'id="keep-continue"' in html and 'id="keep-replay"' not in html
    assert "1200 – 800" in html and "2026-12-01" in html and "Vous, Adversaire" in html
    assert 'id="keep-replay"' in K.start_box(cat, True, pending, can_replay=True)
    asking = K.start_box(cat, True, pending, confirming=True)
    assert cat.t("keep.confirm_replace") in asking and 'id="keep-continue"' not in asking
    message = K.refused_text(CATS["en"], "x.canasta.json", {"code": "file_tampered", "params": {}})
    assert message.startswith("x.canasta.json was not opened. ") and CATS["en"].t("errors.file_tampered") in message
    assert K.seat_names(CATS["en"], 4, 2) == [CATS["en"].t(M.seat_role(s, 0, 4, False, 2)) for s in range(4)]
