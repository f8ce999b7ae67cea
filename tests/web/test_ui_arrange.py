"""ui_arrange on CPython (tests/web/ui_probe.py runs it on MicroPython too): the hand "as
arranged" lays the player's order of card codes over the engine's hand, new cards at the
right end; a card moves one place with Shift and an arrow; an arrangement of another game
is not applied."""

from __future__ import annotations

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_arrange as A  # noqa: E402
import ui_eye as E  # noqa: E402


def test_the_arrangement_orders_the_hand_and_new_cards_go_to_the_right_end() -> None:
    hand = ["AS", "KH", "5D", "KH", "JK"]
    assert A.positions(hand, ["JK", "KH", "AS"]) == [4, 1, 0, 2, 3]
    # a card no longer in the hand (melded, discarded) is skipped; copies are told apart
    assert A.positions(hand, ["KH", "QC", "KH", "KH"]) == [1, 3, 0, 2, 4]
    assert A.positions(hand, []) == [0, 1, 2, 3, 4] and A.positions([], ["AS"]) == []
    assert E.hand_groups(hand, {}, "arranged", ["JK"]) == [("*", [4, 0, 1, 2, 3])]


def test_a_card_moves_one_place_and_stops_at_the_ends() -> None:
    hand = ["AS", "KH", "5D"]
    assert A.shift(hand, [], 0, 1) == (["KH", "AS", "5D"], 1)
    assert A.shift(hand, ["5D", "AS", "KH"], 0, 1) == (["AS", "5D", "KH"], 1)
    assert A.shift(hand, [], 0, -1) == (["AS", "KH", "5D"], 0)
    assert A.shift(hand, [], 2, 1) == (["AS", "KH", "5D"], 2)
    assert A.shift(hand, [], 5, 1) == (["AS", "KH", "5D"], 5)  # no such place: nothing moves
    # a drag onto another card of the hand: the card takes that card's place
    assert A.move_to(hand, [], 0, 2) == (["KH", "5D", "AS"], 2)
    assert A.move_to(hand, [], 2, 0) == (["5D", "AS", "KH"], 0)
    assert A.move_to(hand, [], 1, 9) == (["AS", "5D", "KH"], 2)


def test_only_this_games_arrangement_is_applied() -> None:
    assert A.kept({"game": 12, "order": ["AS", "KH"]}, 12) == ["AS", "KH"]
    assert A.kept({"game": 11, "order": ["AS"]}, 12) == []
    assert A.kept({"game": 12, "order": "AS"}, 12) == [] and A.kept(None, 12) == [] and A.kept([], 12) == []
    assert A.kept({"game": 12, "order": ["AS", 4, None]}, 12) == ["AS"]


def test_the_order_setting_offers_as_arranged_in_both_languages() -> None:
    import ui_text

    for lang, word in (("en", "As arranged"), ("fr", "Comme je les range")):
        cat = ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        html = E.settings_sheet(cat, E.valid_look({"order": "arranged"}))
        assert 'id="look-order-arranged" value="arranged" checked' in html and word in html
        assert cat.t("arrange.key_move") in E.help_sheet(cat, False)
