"""ui_eye on CPython: what a key means on the table, where the arrows move the focus in
the hand, the hand by suit, the look settings, and the help and settings sheets' HTML."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_eye as E  # noqa: E402
import ui_text  # noqa: E402

CATS = {lang: ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "fr")}


@pytest.mark.parametrize(("key", "act"), [("d", "draw"), ("P", "take"), ("m", "meld"), ("a", "add"), ("x", "discard"),
                                          ("u", "undo"), ("h", "hint"), ("?", "help"), ("z", ""), ("Enter", ""),
                                          ("ArrowLeft", "")])
def test_a_key_names_the_button_it_presses(key: str, act: str) -> None:
    assert E.shortcut(key) == act


def test_a_key_with_a_modifier_or_typed_in_a_field_is_not_a_shortcut() -> None:
    assert E.shortcut("d", ctrl=True) == E.shortcut("d", alt=True) == E.shortcut("d", meta=True) == ""
    assert E.shortcut("x", typing=True) == ""


def test_the_arrows_move_in_the_hand_and_stop_at_its_ends() -> None:
    assert [E.move(2, 5, k) for k in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "Home", "End")] == [1, 1, 3, 3, 0, 4]
    assert E.move(0, 5, "ArrowLeft") == 0 and E.move(4, 5, "ArrowRight") == 4
    assert E.move(2, 5, "Tab") == -1 and E.move(0, 0, "ArrowRight") == -1
    # the hand is one Tab stop: the card last reached, else the first shown
    assert E.rove([3, 1, 2], 2) == 2 and E.rove([3, 1, 2], 7) == 3 and E.rove([], 0) == -1


def test_the_hand_by_suit_keeps_each_suit_together_and_the_specials_last() -> None:
    hand = ["KH", "QS", "5S", "5H", "5C", "2C", "JK", "3H"]
    kinds = {"2C": "2", "JK": "JK", "3H": "R3", "KH": "K", "QS": "Q", "5S": "5", "5H": "5", "5C": "5"}
    assert E.hand_groups(hand, kinds, "suit") == [("S", [1, 2]), ("H", [0, 3]), ("C", [4]), ("*", [5, 6, 7])]
    by_rank = E.hand_groups(hand, kinds, "rank")
    assert [i for _, g in by_rank for i in g] == list(range(len(hand)))


def test_look_settings_fall_back_to_their_defaults() -> None:
    assert E.valid_look(None) == {"deck": "standard", "size": "normal", "felt": "dark", "order": "rank",
                                  "sound": "off", "muted": False}
    look = E.valid_look({"deck": "four", "size": "huge", "felt": "light", "sound": "on", "muted": True})
    assert look == {"deck": "four", "size": "normal", "felt": "light", "order": "rank", "sound": "on", "muted": True}
    assert E.card_dir(look) == "cards/four-colour/" and E.card_dir(E.valid_look(None)) == "cards/"
    assert E.body_data(look) == {"deck": "four", "cardSize": "normal", "felt": "light"}


def test_sounds_are_off_by_default_and_the_mute_button_silences_them() -> None:
    assert E.tones("turn", E.valid_look(None)) == ()
    assert E.tones("turn", E.valid_look({"sound": "on"})) == E.TONES["turn"]
    assert E.tones("turn", E.valid_look({"sound": "on", "muted": True})) == ()
    assert 'id="btn-mute"' not in E.tool_buttons(CATS["en"], E.valid_look(None))
    assert 'aria-pressed="true"' in E.tool_buttons(CATS["en"], E.valid_look({"sound": "on", "muted": True}))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_sheets_are_in_the_language_with_every_key_and_setting(lang: str) -> None:
    cat = CATS[lang]
    helped = E.help_sheet(cat, undo=False)
    for key, act in E.SHORTCUTS:
        assert (f"<kbd>{key}</kbd>" in helped) == (act != "undo"), key
    assert "<kbd>u</kbd>" in E.help_sheet(cat, undo=True)
    settings = E.settings_sheet(cat, E.valid_look({"deck": "four"}))
    assert settings.count('type="radio"') == sum(len(c) for _, c in E.LOOK)
    assert 'id="look-deck-four" value="four" checked' in settings
    for html in (helped, settings, E.tool_buttons(cat, E.valid_look({"sound": "on"}))):
        texts = re.findall(r">([^<>]+)<", html)
        assert not [t for t in texts if t.strip().startswith("eye.")], texts  # every key in the catalog
    assert json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))["eye"]
