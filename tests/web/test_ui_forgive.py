"""The forgiving table's pure logic (web/ui_forgive.py; issue 40, part "forgive") on
CPython: the bots' wait while a discard can be taken back, "confirm my discard", when
"+ New meld" is explained, and the Undo button drawn from the engine's snapshot.
tests/web/ui_probe.py runs the same functions under MicroPython."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from canasta.host import Host

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_controls as C  # noqa: E402
import ui_forgive as F  # noqa: E402
import ui_intent as I  # noqa: E402
import ui_render as R  # noqa: E402
import ui_text  # noqa: E402

EN = ui_text.Catalog.from_json("en", (WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
FR = ui_text.Catalog.from_json("fr", (WEB / "i18n" / "fr.json").read_text(encoding="utf-8"))


def test_undo_says_what_it_took_back_mid_sentence() -> None:
    assert F.undone_text(EN, "meld 5S 5H 5D") == "Taken back: you melded 5 of spades, 5 of hearts, 5 of diamonds."
    assert F.undone_text(FR, "discard KH") == "Coup repris : vous avez défaussé Roi de cœur."


def test_the_bots_wait_longer_only_while_a_move_can_be_taken_back() -> None:
    assert F.first_wait(0.6, "normal", {"undo": True}, False) == F.UNDO_GRACE
    assert F.first_wait(2.0, "slow", {"undo": True}, False) == 2.0
    assert F.first_wait(0.6, "normal", {"undo": False}, False) == 0.6
    assert F.first_wait(0.0, "instant", {"undo": True}, False) == 0.0  # no pauses asked
    assert F.first_wait(0.6, "normal", {"undo": True}, True) == 0.6  # watching: nothing to take back


def test_confirm_my_discard_arms_then_discards_the_same_card() -> None:
    ui = R.UIState()
    assert F.confirm_discard(ui, {}, [2]) is True  # off: at once
    prefs = {F.CONFIRM_DISCARD: True}
    assert F.confirm_discard(ui, prefs, [2]) is False
    assert F.confirm_discard(ui, prefs, [5]) is False  # another card: armed anew
    assert F.confirm_discard(ui, prefs, [5]) is True
    assert F.confirm_discard(ui, prefs, [5]) is False  # used: the next press arms again
    assert F.read_confirm({F.CONFIRM_DISCARD: True}) and not F.read_confirm({F.CONFIRM_DISCARD: 1})


def _snapshot(seed: int = 6) -> dict[str, object]:
    """Samba, 4 players: seat 0 to draw, with a pile take of two groups among its actions."""
    h = Host()
    snap = json.loads(h.new_game(json.dumps({"seed": seed, "players": 4, "variant": "samba", "bot": "basic"})))
    while not snap["human_turn"]:
        snap = json.loads(h.bot_step())["snapshot"]
    return dict(snap)


def test_the_help_for_several_melds_shows_for_mixed_ranks_or_staged_groups() -> None:
    snap = _snapshot()
    hand = snap["view"]["hand"]  # type: ignore[index]
    ui = R.UIState()
    kings = [i for i, c in enumerate(hand) if c[0] == "K"]
    tens = [i for i, c in enumerate(hand) if c[0] == "T"]
    ui.selected = kings
    assert not F.stage_help_shown(R.Table(EN, snap, ui))
    assert "stage-help" not in R.actions_bar(R.Table(EN, snap, ui))
    ui.selected = kings + tens
    tb = R.Table(EN, snap, ui)
    assert F.stage_help_shown(tb)
    assert 'aria-describedby="stage-help"' in R.actions_bar(tb)
    assert EN.t("forgive.stage_help") in R.staging_area(tb)
    assert C.command("stage", tb, ui) == ("render",)
    assert F.stage_help_shown(R.Table(EN, snap, ui))  # a group set aside: still explained
    legal = I.Intents(snap)
    mixed = {"code": "mixed_ranks", "params": {}}
    both = [hand[i] for i in kings + tens]
    assert F.mixed_groups(mixed, "take", both, legal)  # take K K | T T T is listed
    assert not F.mixed_groups(mixed, "meld", both, legal)  # no meld before the draw
    others = [c for c in hand if c[0] not in "KT" and c not in ("2C", "2D", "2H", "2S", "JK")][:1]
    assert not F.mixed_groups(mixed, "take", both + others, legal)  # a rank no listed take holds
    assert not F.mixed_groups({"code": "meld_too_small"}, "take", both, legal)


def test_the_undo_button_follows_the_engine() -> None:
    snap = _snapshot()
    ui = R.UIState()
    assert 'id="act-undo" data-act="undo" aria-disabled="true"' in R.actions_bar(R.Table(EN, snap, ui))
    snap["undo"] = True
    tb = R.Table(EN, snap, ui)
    assert 'id="act-undo" data-act="undo">' in R.actions_bar(tb)
    assert C.command("undo", tb, ui) == ("undo",)
    ui.busy = True
    assert C.command("undo", tb, ui) == ("none",)
