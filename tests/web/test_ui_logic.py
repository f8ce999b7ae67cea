"""The UI's pure modules on CPython: URL parameters, what a selection means from the
engine's records (ui_intent), texts from the catalogs, and the rendered HTML (no inline styles or scripts:
the site's CSP allows none)."""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from canasta.host import Host
from fake_storage import FakeStorage

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_intent as I  # noqa: E402
import ui_model as M  # noqa: E402
import ui_render as R  # noqa: E402
import ui_text  # noqa: E402

CATS = {lang: ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "fr")}


def test_query_keeps_good_values_and_reports_bad_ones() -> None:
    values, problems = M.parse_query("?lang=fr&players=2&seed=42&watch=1&speed=instant&new=1&utm_source=x")
    assert values == {"lang": "fr", "players": 2, "seed": 42, "watch": True, "speed": "instant", "new": True}
    assert problems == []
    values, problems = M.parse_query("?players=5&seed=-1&speed=warp&lang=de&target=123&variant=<b>")
    assert values == {}
    assert [p[0] for p in problems] == ["players", "seed", "speed", "lang", "target", "variant"]
    values, problems = M.parse_query("?variant=modern-american&players=6&target=8500")
    assert values == {"variant": "modern-american", "players": 6, "target": 8500} and problems == []
    assert M.query_without("?seed=5&new=1&lang=fr", ("new", "seed")) == "?lang=fr"


@pytest.mark.parametrize(("text", "level"), [("expert", "expert"), ("Casual", "casual"), ("1", "beginner"),
                                             ("3", "good"), ("4", "expert")])
def test_query_reads_the_bots_level_by_name_or_number(text: str, level: str) -> None:
    assert M.parse_query("?level=" + text) == ({"level": level}, [])


@pytest.mark.parametrize("text", ["0", "5", "godlike", "", "good,expert"])
def test_query_reports_a_level_it_does_not_know(text: str) -> None:
    values, problems = M.parse_query("?level=" + text)
    assert values == {} and [p[0] for p in problems] == ["level"]
    assert "beginner" in problems[0][2] and "1 … 4" in problems[0][2]


def test_setup_keeps_only_choices_the_catalog_offers() -> None:
    from canasta.catalog import catalog

    setup = M.Setup(catalog())
    assert setup.names()[0] == "classic"
    prefs = {"variant": "classic", "players": 3, "target": 7500,
             "switches": {"classic": {"D9": "one", "D10": "108", "D3": "bogus", "D7": "bonus_100"}}}
    choices, changed = setup.normalize(prefs)
    assert changed == [] and choices["players"] == 3
    assert choices["table_switches"] == {"D9": "one", "D7": "bonus_100"}  # D10 is for 6 players, D3 unknown option
    assert setup.changed_switches("classic", 3, {"D9": "one", "D1": "cover"}) == {"D9": "one"}
    choices, changed = setup.normalize({"variant": "nope", "players": 5, "target": 1})
    assert choices["variant"] == "classic" and choices["players"] == 4 and choices["target"] == 5000
    assert changed == ["variant", "players"]
    assert 8500 in setup.targets("classic", 4, 8500) and 3000 not in setup.targets("classic", 4)
    html = R.start_menu(CATS["fr"], setup.normalize(dict(M.DEFAULTS, lang="fr", players=6))[0], False, setup)
    assert 'id="sw-D10"' in html and 'id="sw-D9"' not in html and "2 équipes de 3" in html
    # each switch is its own radio group, with its current option checked
    for sid in setup.switch_ids("classic", 6):
        group = re.findall(r'<input type="radio" name="switch-' + sid + r'"[^>]*>', html)
        assert len(group) == len(setup.options(sid)) and sum(" checked" in g for g in group) == 1, sid
    # no catalog at all (variants.json unreadable): still a menu, nothing offered beyond it
    empty = M.Setup({})
    assert empty.normalize(M.DEFAULTS)[0]["variant"] == "classic"


def samba_snapshot() -> dict[str, Any]:
    """A Samba snapshot at the human's play phase, from the engine."""
    host = Host()
    snap = json.loads(host.new_game(json.dumps({"variant": "samba", "seed": 6, "players": 4})))
    while not snap["human_turn"]:
        snap = json.loads(host.bot_step())["snapshot"]
    return dict(json.loads(host.play(0, "draw"))["snapshot"])


def test_a_selection_plays_the_listed_action_with_other_suits() -> None:
    """ui_intent reads the engine's records only: a selection of other cards of the same
    kinds fits the same action; a sequence's keys name its cards."""
    snap = samba_snapshot()
    legal = I.Intents(snap)
    assert legal.records and all(r.text for r in legal.records)
    assert [r.text for r in legal.records] == snap["legal"]
    for record in legal.records:
        assert legal.intent(record.verb, list(reversed(record.groups)), record.target).groups in (
            record.groups, list(reversed(record.groups)))
    seq = I.P.ActionRecord("meld", "meld 4H 5H 6H", [["4H", "5H", "6H"]], keys=[["4H", "5H", "6H"]])
    group = I.P.ActionRecord("meld", "meld QH QD 2D", [["QH", "QD", "2D"]], keys=[["Q", "Q", "2"]])
    kinds = {"4S": "4", "4H": "4", "5H": "5", "6H": "6", "QS": "Q", "QC": "Q", "2H": "2"}
    assert I.P.matches(seq, [["6H", "4H", "5H"]], kinds) == [["6H", "4H", "5H"]]
    assert I.P.matches(seq, [["4S", "5H", "6H"]], kinds) is None
    assert I.P.matches(group, [["QS", "2H", "QC"]], kinds) == [["QS", "2H", "QC"]]
    assert I.P.matches(group, [["QS", "QC"]], kinds) is None


def test_an_unlisted_selection_is_sent_for_the_engine_to_judge() -> None:
    legal = I.Intents({"actions": [{"verb": "meld", "text": "meld QH QD 2D", "groups": [["QH", "QD", "2D"]],
                                    "keys": [["Q", "Q", "2"]]}], "kinds": {}})
    intent = legal.intent("meld", [["KH", "KS", "KD", "KC"], []])
    assert intent.to_json() == {"verb": "meld", "text": "", "groups": [["KH", "KS", "KD", "KC"]]}
    host = Host()
    snap = json.loads(host.new_game(json.dumps({"seed": 1, "players": 4})))
    while not snap["human_turn"]:
        snap = json.loads(host.bot_step())["snapshot"]
    out = json.loads(host.act(0, json.dumps(intent.to_json())))
    assert out["ok"] is False and out["error"]["code"] in ("wrong_phase", "card_not_in_hand")


def test_hint_selects_its_groups_and_marks_its_button() -> None:
    hand = ["AD", "KH", "KC", "5H", "5S", "3S", "2D", "JK"]
    record = I.P.ActionRecord("take", groups=[["KH", "KC"], ["5H", "5S", "JK"]])
    assert I.hint_selection(hand, record) == ([[1, 2]], [3, 4, 7])
    assert I.hint_selection(hand, I.P.ActionRecord("draw")) == ([], [])
    snap = samba_snapshot()
    ui = R.UIState()
    ui.suggested = "discard"
    ui.selected = [0]
    assert 'class="btn act hint suggested" id="act-discard"' in R.actions_bar(R.Table(CATS["en"], snap, ui))


def test_hint_lines() -> None:
    en, fr = CATS["en"], CATS["fr"]
    hint = {"hint": {"verb": "add", "groups": [["2C", "JK"]], "target": "#2"},
            "reason": {"code": "complete_canasta", "params": {"rank": "*"}}}
    assert en.hint_text(hint) == ("Suggestion: add 2 of clubs, Joker to your side's meld — it completes a canasta "
                                  "of Wild cards.")
    hint = {"hint": {"verb": "discard", "groups": [["9S"]]}, "reason": {"code": "safe_discard", "params": {"card": "9S"}}}
    assert fr.hint_text(hint).startswith("Suggestion : défaussez 9 de pique — ")
    assert en.hint_text({"hint": {"verb": "draw"}, "reason": {"code": "no_such_reason"}}) == \
        "Suggestion: draw from the stock"
    assert en.hint_text(None) == en.t("suggest.none")
    assert en.hint_text({"action": "draw"}) == en.t("suggest.none")
    assert CATS["en"].log_line("West", "swap #1 9D 2C") == "West put 9 of diamonds in place of 2 of clubs"
    assert CATS["fr"].log_line("Ouest", "merge #0 #3", you=True) == "Vous avez fusionné deux combinaisons"


def test_hand_groups_follow_the_engines_kinds() -> None:
    hand = ["AS", "KH", "KD", "TC", "4H", "3S", "2C", "JK"]
    kinds = {"AS": "A", "KH": "K", "KD": "K", "TC": "T", "4H": "4", "3S": "B3", "2C": "2", "JK": "JK"}
    assert [k for k, _ in I.group_hand(hand, kinds)] == ["A", "K", "T", "4", "B3", "2", "JK"]


def test_melds_are_drawn_from_the_engines_records() -> None:
    """A canasta is shown as the engine classifies it (a canasta size of 8 here would not
    change the UI's code: it reads the record's canasta field)."""
    snap = samba_snapshot()
    meld = {"id": "K", "side": 0, "index": 0, "kind": "group", "rank": "K", "suit": "", "wilds": 1,
            "cards": ["KS", "KH", "KD", "KC", "KS", "KH", "2C"], "canasta": "", "closed": False}
    snap["melds"] = [[meld], []]
    html = R.melds_area(R.Table(CATS["en"], snap, R.UIState()), 0, "ours")
    assert "canasta" not in html.split('class="meld')[1].split('"')[0]
    snap["melds"] = [[dict(meld, canasta="mixed")], []]
    html = R.melds_area(R.Table(CATS["en"], snap, R.UIState()), 0, "ours")
    assert 'class="meld kind-group canasta mixed"' in html and CATS["en"].t("table.canasta_mixed") in html


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Queen of hearts is not in your hand."),
    ("fr", "Dame de cœur n’est pas dans votre main."),
])
def test_errors_name_cards_in_the_language(lang: str, expected: str) -> None:
    assert CATS[lang].error_text({"code": "card_not_in_hand", "params": {"card": "QH"}}) == expected


@pytest.mark.parametrize(("lang", "n", "expected"), [
    ("en", 0, "Your hand (0 cards)"),
    ("en", 1, "Your hand (1 card)"),
    ("en", 2, "Your hand (2 cards)"),
    ("fr", 0, "Votre main (0 carte)"),
    ("fr", 1, "Votre main (1 carte)"),
    ("fr", 2, "Votre main (2 cartes)"),
])
def test_counts_take_the_languages_singular(lang: str, n: int, expected: str) -> None:
    assert CATS[lang].t("table.your_hand", n=n) == expected


def test_singular_forms_only_where_the_catalog_has_them() -> None:
    # "Hand {n}" has no _one form: the count is filled in, the text unchanged.
    assert CATS["en"].t("table.hand_number", n=1) == "Hand 1"
    assert CATS["fr"].t("app.house_rules_changed", n=1) == "1 modifiée"
    assert CATS["fr"].t("app.house_rules_changed", n=3) == "3 modifiées"


def test_wrong_phase_explains_the_phase() -> None:
    text = CATS["en"].error_text({"code": "wrong_phase", "params": {"phase": "draw", "action": "discard 5C"}})
    assert text == "That is not possible now: " + CATS["en"].t("phase_hints.draw")


def test_unknown_error_never_shows_raw_text() -> None:
    assert CATS["fr"].error_text({"code": "zz", "message": "Traceback"}) == CATS["fr"].t("errors.unknown")
    assert CATS["fr"].error_text(None) == CATS["fr"].t("errors.unknown")


def _game(players: int, humans: list[int], seed: int) -> list[dict[str, Any]]:
    host = Host()
    snaps = [json.loads(host.new_game(json.dumps({"seed": seed, "players": players, "humans": humans})))]
    snap = snaps[0]
    while not snap["hand_over"]:
        if snap["human_turn"]:
            legal = snap["legal"]
            snap = json.loads(host.play(0, legal[-1] if snap["view"]["phase"] == "play" else legal[0]))["snapshot"]
        else:
            snap = json.loads(host.bot_step())["snapshot"]
        snaps.append(snap)
    return snaps


@pytest.mark.parametrize(("players", "humans"), [(4, [0]), (2, [0]), (4, [])])
def test_rendered_html_has_no_inline_styles_or_scripts(players: int, humans: list[int]) -> None:
    for n, snap in enumerate(_game(players, humans, seed=11)):
        for lang in ("en", "fr"):
            ui = R.UIState()
            ui.watch = not humans
            ui.selected = [0] if snap["view"]["hand"] and humans else []
            for name, html in R.regions(CATS[lang], snap, ui).items():
                assert "style=" not in html and "<script" not in html and "javascript:" not in html, (n, name)
                assert not re.search(r"\son[a-z]+=", html), (n, name)


def test_hand_end_sheet_lists_both_sides() -> None:
    last = _game(4, [0], seed=11)[-1]
    html = R.result_panel(R.Table(CATS["en"], last, R.UIState()))
    assert html.count('data-side="') == 2
    for sheet in last["last_hand"]:
        for line in sheet["lines"]:
            assert f'data-line="{line["name"]}"' in html
    assert CATS["en"].t("dialogs.game_total") in html


def test_actions_follow_the_selection() -> None:
    host = Host()
    snap = json.loads(host.new_game(json.dumps({"seed": 1, "players": 4})))
    while not snap["human_turn"]:
        snap = json.loads(host.bot_step())["snapshot"]
    snap = json.loads(host.play(0, "draw"))["snapshot"]
    ui = R.UIState()
    ui.selected = [0, 1]
    html = R.actions_bar(R.Table(CATS["en"], snap, ui))
    assert 'id="act-discard" data-act="discard" aria-disabled="true"' in html
    assert 'id="act-draw" data-act="draw" aria-disabled="true"' in html
    ui.selected = [0]
    html = R.actions_bar(R.Table(CATS["en"], snap, ui))
    assert 'id="act-discard" data-act="discard">' in html


def test_main_compiles() -> None:
    """web/main.py (run by MicroPython in the page, with a top-level await) is valid Python."""
    import ast

    source = (WEB / "main.py").read_text(encoding="utf-8")
    compile(source, "main.py", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)


def test_the_game_rules_name_the_bots_levels() -> None:
    """"Rules of this game" names the bots' level, and each seat given its own (the
    advanced panel), from the save's options; a game with no bots names none."""
    host = Host()
    snap = json.loads(host.new_game(json.dumps({"seed": 3, "players": 4, "bot": "casual", "bots": {"2": "expert"}})))
    options = snap["options"]
    from canasta.catalog import catalog

    setup = M.Setup(catalog())
    html = R.rules_summary(CATS["fr"], setup, snap["table"], options)
    fr = CATS["fr"]
    assert f"<dt>{fr.t('app.level')}</dt><dd>{fr.t('app.level_casual')}</dd>" in html
    assert f"<dt>{fr.t('table.partner')}</dt><dd>{fr.t('app.level_expert')}</dd>" in html
    assert R.bot_levels(CATS["en"], 4, 2, {"humans": [], "bot": "good", "bots": {str(s): "expert" for s in range(4)}}) == [
        (CATS["en"].t(M.seat_role(s, 0, 4, True)), CATS["en"].t("app.level_expert")) for s in range(4)]
    assert R.bot_levels(CATS["en"], 2, 2, {"humans": [0, 1], "bot": "good"}) == []
    assert R.bot_levels(CATS["en"], 4, 2, None) == []
    assert R.bot_levels(CATS["en"], 4, 2, {"humans": [0], "bot": "someday"}) == [(CATS["en"].t("app.level"), "someday")]


def test_the_ui_decides_no_rule() -> None:
    """Screens hold no rules (DESIGN.md "Screens, the protocol"): no ui module names the
    canasta size, tells a wild card or a meld's kind from card codes, or parses the
    engine's legal list; those facts come in the engine's records."""
    forbidden = ("CANASTA_SIZE", "is_wild", "kind_of", "meld_kind", "is_canasta", "meld_rank", "meld_targets",
                 "RANKS =", "class Legal", '"legal"')
    for path in sorted(WEB.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        found = [word for word in forbidden if word in text]
        assert not found, f"{path.name} decides rules again: {found}"


def test_the_store_keeps_settings_and_saves_and_loses_nothing() -> None:
    import ui_store as S

    damaged = S.Store(FakeStorage({S.PREFS_KEY: "{not json", S.SAVE_KEY: "junk"}))
    assert damaged.load_prefs("fr") == dict(M.DEFAULTS, lang="fr")
    odd = S.Store(FakeStorage({S.PREFS_KEY: json.dumps({"lang": "de", "players": 5, "speed": "fast", "level": "x",
                                                         "target": 7500, "switches": []})}))
    assert odd.load_prefs("en") == dict(M.DEFAULTS, speed="fast", target=7500)
    # a save the engine cannot read is set aside under its own key, never deleted
    key = damaged.set_aside("junk", 42)
    assert key == S.BROKEN_PREFIX + "42" and damaged.get(key) == "junk" and damaged.saved_game() is None
    # ... and a game saved since (?new=1 deals first, checks the old save after) stays
    replaced = S.Store(FakeStorage({S.SAVE_KEY: "junk"}))
    assert replaced.keep_game({"format": "canasta-save"})
    key = replaced.set_aside("junk", 43)
    assert replaced.get(key) == "junk" and json.loads(replaced.saved_game() or "") == {"format": "canasta-save"}
    # a browser that refuses to write: nothing is lost, and the callers are told
    full = S.Store(FakeStorage({S.SAVE_KEY: "old"}, full=True))
    assert full.set_aside("old", 1) == "" and full.saved_game() == "old"
    assert full.keep_game({"format": "canasta-save"}) is False and full.save_prefs({}) is False
    ok = S.Store(FakeStorage())
    assert ok.keep_game({"format": "canasta-save"}) and json.loads(ok.saved_game() or "") == {"format": "canasta-save"}
    assert ok.save_prefs(dict(M.DEFAULTS, lang="fr")) and ok.load_prefs("en")["lang"] == "fr"


BUTTONS = {"draw": "draw", "pass": "pass", "ask": "ask", "take": "take", "meld": "meld", "discard": "discard",
           "add": "add-to", "swap": "swap", "merge": "merge"}


@pytest.mark.parametrize(("variant", "players", "seed"), [("classic", 4, 3), ("samba", 4, 6), ("samba", 2, 2),
                                                          ("bolivia", 4, 5), ("modern-american", 4, 1)])
def test_every_listed_action_is_played_by_selecting_its_cards_and_pressing_its_button(
        variant: str, players: int, seed: int) -> None:
    """The table's controls (ui_controls) with the engine: for listed actions along a game,
    selecting the action's cards as a player would (further groups set aside with
    + New meld) and pressing its button sends an intent that the engine plays as that very
    action. Nothing in between knows a rule."""
    import ui_controls as C

    host = Host()
    snap = json.loads(host.new_game(json.dumps({"variant": variant, "seed": seed, "players": players})))
    rng = random.Random(seed)
    played = Counter[str]()
    for _ in range(120):
        if snap["hand_over"]:
            break
        if not snap["human_turn"]:
            snap = json.loads(host.bot_step())["snapshot"]
            continue
        saved = host.save()
        tb_snap = snap
        for data in snap["actions"]:
            record = I.P.ActionRecord.from_json(data)
            if record.verb == "answer":
                continue
            ui = R.UIState()
            ui.staged, ui.selected = I.hint_selection(tb_snap["view"]["hand"], record)
            if record.verb in ("take", "meld") and len(record.groups) > 1:
                assert ui.staged  # the hint's way: every group but the last set aside
            cmd = C.command(BUTTONS[record.verb], R.Table(CATS["en"], tb_snap, ui), ui, target=record.target)
            assert cmd[0] == "send", (record, cmd)
            trial = Host()
            assert json.loads(trial.load(saved))["ok"]
            out = json.loads(trial.act(0, json.dumps(cmd[1].to_json())))
            assert out["ok"], (record.text, cmd[1].to_json(), out)
            expected = record.text
            if record.verb == "take" and record.target and any(
                    r["verb"] == "take" and not r.get("target") and r["groups"] == record.groups
                    for r in snap["actions"]):
                # the Take button names no meld: the same cards starting a group of their own
                expected = next(r["text"] for r in snap["actions"] if r["verb"] == "take" and not r.get("target")
                                and r["groups"] == record.groups)
            if record.verb not in ("merge", "swap"):  # the first listed one is what the button plays
                assert out["action"]["text"] == expected, (record.text, out["action"])
            played[record.verb] += 1
        choice = snap["legal"][int(rng.random() * len(snap["legal"]))]
        snap = json.loads(host.play(0, choice))["snapshot"]
    assert played["discard"] and played["draw"], played


def test_a_press_made_while_the_players_move_is_on_its_way_waits_for_it() -> None:
    """Draw, then Meld pressed before the draw's answer: the Meld press is held and carried
    out once the draw lands (ui_app.send); the latest press is the one kept, a second
    press of the button on its way (a double tap) is dropped, and a press while the
    page is busy otherwise (the expert thinking of a hint) is not held."""
    import ui_controls as C

    snap = samba_snapshot()
    ui = R.UIState()
    tb = R.Table(CATS["en"], snap, ui)
    ui.busy, ui.sending = True, "draw"
    assert C.command("draw", tb, ui) == ("none",) and ui.held is None
    assert C.command("meld", tb, ui) == ("wait",) and ui.held == ("meld", "")
    assert C.command("add-to", tb, ui, target="K") == ("wait",) and ui.held == ("add-to", "K")
    assert C.take_held(ui) == ("add-to", "K") and ui.held is None and C.take_held(ui) is None
    ui.sending = "add"
    assert C.command("add-to", tb, ui, target="K") == ("none",) and ui.held is None
    assert C.command("card", tb, ui, index=0) == ("render",) and ui.selected == [0]
    ui.sending = ""
    assert C.command("meld", tb, ui) == ("none",) and ui.held is None
    ui.busy = False
    assert C.command("meld", tb, ui)[0] == "send"


def test_controls_explain_what_cannot_be_done() -> None:
    import ui_controls as C

    snap = samba_snapshot()
    ui = R.UIState()
    tb = R.Table(CATS["en"], snap, ui)
    assert C.command("discard", tb, ui) == ("say", "hints.discard_one", {})
    assert C.command("meld", tb, ui) == ("say", "hints.select_cards", {})
    assert C.command("card", tb, ui, index=0) == ("render",) and ui.selected == [0]
    assert C.command("stage", tb, ui) == ("render",) and ui.staged == [[0]] and ui.selected == []
    assert C.command("card", R.Table(CATS["en"], snap, ui), ui, index=0) == ("say", "hints.staged_card", {})
    assert C.command("discard", R.Table(CATS["en"], snap, ui), ui) == ("say", "hints.staged_discard", {})
    assert C.command("unstage", tb, ui, index=0) == ("render",) and ui.staged == []
    ui.busy = True
    assert C.command("draw", tb, ui) == ("none",) and ui.held is None
    ui.busy = False
    other = dict(snap, human_turn=False, turn=1)
    assert C.command("draw", R.Table(CATS["en"], other, ui), ui) == ("say", "hints.wait_turn", {"seat": 1})
    assert C.command("hint", tb, ui) == ("hint",)
    assert C.command("clear", tb, ui) == ("render",) and ui.selected == [] and ui.staged == []


def test_a_selection_made_before_or_during_a_draw_stays_on_the_same_cards() -> None:
    """The drawn cards change the hand's indices; the selected cards are found again by code
    (copies one for one), and an index the old hand lacks is dropped."""
    import ui_controls as C

    ui = R.UIState()
    ui.selected, ui.staged, ui.feedback = [3, 4, 0, 9], [[1, 2]], "said"
    old = ["3C", "5H", "5S", "KD", "KD"]
    new = ["3C", "4D", "5H", "5S", "KD", "KD", "KD"]
    C.carry_selection(ui, old, new)
    assert ui.selected == [4, 5, 0] and ui.staged == [[2, 3]] and ui.feedback == ""
    assert [new[i] for i in ui.selected] == ["KD", "KD", "3C"]


class FakePage:
    """What the bot loop (ui_bots) needs of the page, recording what it is asked."""

    def __init__(self, snaps: list[dict[str, Any]], watch: bool = False, pause: float = 0.0) -> None:
        self.gen = 1
        self.pause = pause  # the speed's delay between moves: 0 is "instant"
        self.ui = R.UIState()
        self.ui.watch = watch
        self.snap: dict[str, Any] | None = {"human_turn": False, "hand_over": False}
        self.replies = [{"ok": True, "snapshot": s} for s in snaps]
        self.calls: list[str] = []
        self.args: list[tuple[Any, ...]] = []
        self.saves = 0
        self.clock = 0.0

    def delay(self) -> float:
        return self.pause

    def first_delay(self) -> float:
        return 0.0

    def now(self) -> float:
        self.clock += 100
        return self.clock

    async def sleep(self, seconds: float) -> None:
        self.calls.append("sleep")

    def viewer_seat(self) -> int:
        return 0

    async def call(self, name: str, *args: Any) -> dict[str, Any]:
        self.calls.append(name)
        self.args.append(args)
        return self.replies.pop(0) if self.replies else {"ok": False, "error": {"code": "not_bot_turn"}}

    def set_snapshot(self, snap: dict[str, Any]) -> None:
        self.snap = snap

    async def store_save(self) -> None:
        self.saves += 1

    def render_table(self) -> None: ...
    def update_game_data(self) -> None: ...
    def render_banner(self) -> None: ...

    def explain(self, error: dict[str, Any]) -> None:
        self.ui.feedback = str(error["code"])


def test_the_bot_loop_plays_until_the_player_is_to_act_and_then_keeps_the_game() -> None:
    import asyncio

    import ui_bots as B

    bot = {"human_turn": False, "hand_over": False}
    page = FakePage([bot, bot, {"human_turn": True, "hand_over": False}], pause=0.6)
    loop = B.BotLoop(page)
    asyncio.run(loop.run())
    assert page.calls.count("bot_step") == 3 and page.saves == 1 and not loop.busy()
    assert page.args[0] == (0,)  # the viewer's seat
    # watching: the loop stops at the hand's end, and a refusal is explained
    page = FakePage([bot, {"human_turn": False, "hand_over": True}], watch=True, pause=0.6)
    asyncio.run(B.BotLoop(page).run())
    assert page.calls.count("bot_step") == 2 and page.snap == {"human_turn": False, "hand_over": True}
    page = FakePage([], pause=0.6)
    asyncio.run(B.BotLoop(page).run())
    assert page.ui.feedback == "not_bot_turn" and page.saves == 1
    # at speed "instant": a frame's worth of moves per request (bot_run), the budget what is
    # left of the frame (FakePage's clock moves 100 ms a reading)
    page = FakePage([bot, {"human_turn": True, "hand_over": False}])
    asyncio.run(B.BotLoop(page).run())
    assert page.calls.count("bot_run") == 2 and "bot_step" not in page.calls and page.saves == 1
    assert page.args[0] == (0, B.INSTANT_FRAME_MS - 100)
    assert all(0 <= args[1] <= B.INSTANT_FRAME_MS for args in page.args)

    # leaving the game (a new generation) stops the loop before its next request
    class Leaving(FakePage):
        async def sleep(self, seconds: float) -> None:
            self.gen += 1

    page = Leaving([bot, bot])
    asyncio.run(B.BotLoop(page).run())
    assert "bot_step" not in page.calls and page.saves == 0


def _dealt(**options: Any) -> dict[str, Any]:
    """A new deal's snapshot with a bot to act: four seats, the player at seat 0."""
    return {"human_turn": False, "hand_over": False,
            "options": {"players": 4, "humans": [0], "bot": "good", "bots": {}, **options}}


def test_at_speed_instant_the_bots_opening_moves_come_before_the_table_is_first_drawn() -> None:
    import asyncio

    import ui_bots as B

    turn = {"human_turn": True, "hand_over": False}
    page = FakePage([turn])
    first = asyncio.run(B.BotLoop(page).opening(_dealt(), 2, False))
    assert first is turn and page.calls == ["bot_run"] and page.args == [(2, B.INSTANT_FRAME_MS)]
    # a refused request leaves the deal to be drawn; the loop asks again and says why
    page = FakePage([])
    dealt = _dealt()
    assert asyncio.run(B.BotLoop(page).opening(dealt, 0, False)) is dealt and page.calls == ["bot_run"]


@pytest.mark.parametrize("case", ["paced", "watched", "human first", "hand over", "expert seat", "expert table"])
def test_the_deal_is_drawn_first_when_its_opening_moves_are_shown_or_slow(case: str) -> None:
    import asyncio

    import ui_bots as B

    dealt = {"paced": _dealt(), "watched": _dealt(), "human first": {**_dealt(), "human_turn": True},
             "hand over": {**_dealt(), "hand_over": True}, "expert seat": _dealt(bots={"3": "expert"}),
             "expert table": _dealt(bot="expert", bots={"1": "good", "2": "casual"})}[case]
    page = FakePage([{"human_turn": True, "hand_over": False}], pause=0.6 if case == "paced" else 0.0)
    assert asyncio.run(B.BotLoop(page).opening(dealt, 0, case == "watched")) is dealt and page.calls == []


def test_seat_levels_are_the_bots_own_or_the_tables() -> None:
    import ui_bots as B

    assert B.seat_levels(_dealt(bot="casual", bots={"2": "expert"})) == {"casual", "expert"}
    assert B.seat_levels(_dealt(humans=[0, 1, 2, 3], bot="expert")) == set()
    assert B.seat_levels({}) == set()
