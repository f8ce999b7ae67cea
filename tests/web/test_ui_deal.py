"""ui_deal on CPython (tests/web/ui_probe.py runs it on MicroPython too): a deal's code
round-trips and deals the same cards as the game it came from, a damaged code is refused,
the duplicate history keeps each play once, and the score sheet's duplicate table says
what it compares, in English and French."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from canasta.host import Host

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_deal as DL  # noqa: E402
import ui_model as M  # noqa: E402
import ui_text  # noqa: E402


def catalog(lang: str) -> Any:
    return ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


class FakeStorage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web Storage API's name)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


class Store:
    """ui_store.Store's get/set over a fake storage."""

    def __init__(self) -> None:
        self.storage = FakeStorage()

    def get(self, key: str) -> str | None:
        return self.storage.getItem(key)

    def set(self, key: str, value: str) -> bool:
        self.storage.setItem(key, value)
        return True


@pytest.mark.parametrize("data", [b"", b"a", b"ab", b"abc", b"abcd", bytes(range(256))])
def test_base64url_agrees_with_the_standard_library(data: bytes) -> None:
    text = DL.b64encode(data)
    assert text == base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert DL.b64decode(text) == data


def test_a_deal_from_a_later_hand_round_trips_and_deals_the_same_cards() -> None:
    h = Host()
    snap = json.loads(h.new_game(json.dumps({"seed": 31, "players": 2, "bot": "casual", "bots": {"1": "expert"},
                                             "switches": {}, "start": {"hand": 3, "scores": [150, 820]}})))
    deal = DL.from_snapshot(snap)
    assert deal is not None and deal["hand"] == 3 and deal["scores"] == [150, 820] and deal["seat"] == 0
    code = DL.encode(deal)
    assert code.startswith("1.") and len(code) < 160  # a link of some 200 characters in all
    assert all(c in M.DEAL_CODE_CHARS for c in code)  # what ?deal= accepts (ui_model)
    again = DL.decode(code)
    assert again == deal
    friend = json.loads(Host().new_game(json.dumps(DL.game_options(again, 800))))
    assert friend["view"]["hand"] == snap["view"]["hand"] and friend["view"]["hand_number"] == 3
    assert friend["options"]["bots"] == {"1": "expert"} and friend["view"]["scores"] == [150, 820]
    assert DL.from_snapshot(friend) == deal  # the friend's hand is the same deal: one history


def test_a_first_hand_needs_no_start() -> None:
    deal = DL.check({"variant": "classic", "players": 4, "target": None, "seed": 5})
    assert deal is not None
    assert "start" not in DL.game_options(deal, 800) and "target" not in DL.game_options(deal, 800)
    assert DL.decode(DL.encode(deal)) == deal


@pytest.mark.parametrize("code", ["", "1.", "2.eyJzIjoxfQ", "1.!!!", "1.eyJ", "1." + DL.b64encode(b"[1]"),
                                  "1." + DL.b64encode(b'{"s":1}'),  # no variant
                                  "1." + DL.b64encode(b'{"g":"classic","n":4,"s":1,"p":4}'),  # no seat 4 of 4
                                  "1." + DL.b64encode(b'{"g":"classic","n":4,"s":1,"z":1}'),  # unknown key
                                  "1." + DL.b64encode(b'{"g":"classic","n":4,"s":-1}'), "1." + "A" * 3000])
def test_a_damaged_code_is_refused(code: str) -> None:
    assert DL.decode(code) is None


def test_the_query_keeps_a_codes_case_and_checks_a_date() -> None:
    code = DL.encode(DL.daily_deal(123456789))
    values, problems = M.parse_query("?deal=" + code + "&daily=2026-02-30")
    assert values == {"deal": code, "daily": "2026-02-30"} and problems == []  # the calendar is the engine's
    values, problems = M.parse_query("?deal=1.ab%2Fc&daily=tomorrow")
    assert values == {} and [p[0] for p in problems] == ["deal", "daily"]
    assert M.query_without("?deal=" + code + "&lang=fr&daily=2026-01-01", ("deal", "daily")) == "?lang=fr"


def test_the_history_keeps_each_play_once_and_the_experts_result() -> None:
    history = DL.History(Store())
    history.add_play("1.x", "p1", [120, 40])
    history.add_play("1.x", "p1", [120, 40])  # the score sheet shown again after a reload
    history.add_play("1.x", "p2", [-35, 900])
    history.set_expert("1.x", [340, 100])
    assert DL.duplicate_facts(history.entry("1.x"), "p2") == ([-35, 900], [340, 100], [[120, 40]])
    assert DL.duplicate_facts(history.entry("1.y"), "p2") == (None, None, [])
    for k in range(DL.MAX_DEALS + 5):
        history.add_play(f"1.k{k}", "p", [k, 0])
    assert len(history.load()) == DL.MAX_DEALS and "1.x" not in history.load()


def test_a_damaged_history_is_started_again() -> None:
    store = Store()
    store.set(DL.HISTORY_KEY, "{not json")
    history = DL.History(store)
    assert history.entry("1.x") == {}
    history.add_play("1.x", "p", [5, 0])
    history.set_expert("1.y", [1, 2])
    store.set(DL.HISTORY_KEY, store.get(DL.HISTORY_KEY).replace("[1, 2]", '"x"'))  # a damaged result
    assert DL.duplicate_facts(history.entry("1.x"), "p") == ([5, 0], None, [])
    assert DL.duplicate_facts(history.entry("1.y"), "p") == (None, None, [])


@pytest.mark.parametrize("lang, words", [("en", ("You", "-580 (120 to 700)", "Expert", "+340 (440 to 100)",
                                                 "earlier plays", "+80, -20")),
                                         ("fr", ("Vous", "-580 (120 à 700)", "expert", "+340 (440 à 100)",
                                                 "parties précédentes", "+80, -20"))])
def test_the_duplicate_table_says_what_it_compares(lang: str, words: tuple[str, ...]) -> None:
    html = DL.duplicate_html(catalog(lang), ([120, 700], [440, 100], [[80, 0], [0, 20]]), False)
    for word in words:
        assert word in html
    waiting = DL.duplicate_html(catalog(lang), ([120, 0], None, []), True)
    assert catalog(lang).t("deal.expert_thinking") in waiting and 'id="dup-earlier"' not in waiting
    assert DL.duplicate_html(catalog(lang), ([120, 0], None, []), False) == ""  # nothing to compare
    assert DL.duplicate_html(catalog(lang), (None, [340, 0], [[5, 0]]), False) == ""  # no play of this hand yet


def test_the_share_sheet_holds_the_link_and_web_share_only_where_present() -> None:
    cat = catalog("en")
    url = "https://example.org/?deal=1.abc"
    assert 'value="' + url + '"' in DL.share_sheet(cat, url, True)
    assert "share-web" in DL.share_sheet(cat, url, True) and "share-web" not in DL.share_sheet(cat, url, False)


def test_a_local_date_is_written_as_the_daily_parameter_reads_it() -> None:
    assert DL.date_of(2026, 3, 9) == "2026-03-09" and M.valid_date(DL.date_of(2026, 12, 31))
    assert DL.daily_deal(5) == DL.check({"variant": "classic", "players": 4, "seed": 5, "bot": "good"})
