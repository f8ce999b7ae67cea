# Exercises the UI's pure modules (web/ui_*.py) and prints one line per result.
# tests/web/test_ui_micropython.py runs it under CPython and under MicroPython (the page's
# runtime) and compares the lines: the UI code must behave the same on both.
# Globals it may be given: BASE (folder holding ui_*.py and i18n/), SNAPSHOTS (a JSON
# list of snapshots from the engine), CATALOG (the engine's catalog, as variants.json).
import json
import sys

try:
    BASE
except NameError:
    BASE = "/"
try:
    SNAPSHOTS
except NameError:
    SNAPSHOTS = BASE + "snapshots.json"
try:
    CATALOG
except NameError:
    CATALOG = BASE + "catalog.json"
if BASE not in sys.path:
    sys.path.append(BASE)

import ui_guide as G  # noqa: E402
import ui_model as M  # noqa: E402
import ui_moves as W  # noqa: E402
import ui_render as R  # noqa: E402
import ui_scores as U  # noqa: E402
import ui_text  # noqa: E402


def ser(value):
    # repr() differs between CPython and MicroPython for some characters: spell it out.
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(ser(v) for v in value) + "]"
    if isinstance(value, dict):  # MicroPython's dicts keep no order: sorted keys
        return "{" + ", ".join(ser(k) + ": " + ser(value[k]) for k in sorted(value)) + "}"
    return str(value)


def out(label, value):
    print(label + " = " + ser(value))


import protocol as P  # noqa: E402
import ui_intent as I  # noqa: E402

# What a selection means, read from records as the engine writes them (canasta.protocol):
# kinds stand for other suits, a sequence's keys name its cards.
RECORDS = {"actions": [
    {"verb": "draw", "text": "draw", "groups": []},
    {"verb": "take", "text": "take KS KD | 5H 5S 5C", "groups": [["KS", "KD"], ["5H", "5S", "5C"]],
     "keys": [["K", "K"], ["5", "5", "5"]]},
    {"verb": "take", "text": "take #2", "groups": [], "target": "#2"},
    {"verb": "meld", "text": "meld QH QD 2D", "groups": [["QH", "QD", "2D"]], "keys": [["Q", "Q", "2"]]},
    {"verb": "meld", "text": "meld 4H 5H 6H", "groups": [["4H", "5H", "6H"]], "keys": [["4H", "5H", "6H"]]},
    {"verb": "add", "text": "add 8 2D", "groups": [["2D"]], "target": "8"},
    {"verb": "add", "text": "add #1 JK", "groups": [["JK"]], "target": "#1", "keys": [["JK"]]},
    {"verb": "merge", "text": "merge #0 #3", "groups": [], "target": "#0", "other": "#3"},
    {"verb": "swap", "text": "swap #1 9D 2C", "groups": [["9D"]], "target": "#1", "wild": "2C", "keys": [["9"]]},
    {"verb": "discard", "text": "discard AD", "groups": [["AD"]]},
    {"verb": "ask", "text": "ask", "groups": []}, {"verb": "fly", "text": "?"}],
    "kinds": {"2C": "2", "2D": "2", "2H": "2", "AD": "A", "JK": "JK", "KC": "K", "KH": "K", "KS": "K", "KD": "K",
              "QS": "Q", "QC": "Q", "QH": "Q", "QD": "Q", "5H": "5", "5S": "5", "5C": "5", "5D": "5", "4H": "4",
              "4S": "4", "6H": "6", "6S": "6", "9S": "9", "9D": "9", "3S": "B3", "TS": "T"}}

cats = {}
for lang in ("en", "fr"):
    with open(BASE + "i18n/" + lang + ".json") as f:
        cats[lang] = ui_text.Catalog.from_json(lang, f.read())

for lang in ("en", "fr"):
    cat = cats[lang]
    for code in ("QH", "TS", "AD", "JK", "2C", "3H", "3S", "XX"):
        out(lang + " card " + code, [cat.card_name(code), cat.card_label(code)])
    errors = [
        {"code": "card_not_in_hand", "params": {"card": "KS"}},
        {"code": "wrong_phase", "params": {"phase": "play", "action": "draw"}},
        {"code": "wrong_rank", "params": {"rank": "T", "card": "9H"}},
        {"code": "initial_meld_too_low", "params": {"minimum": 50, "value": 30}},
        {"code": "mixed_ranks", "params": {"ranks": "K Q"}},
        {"code": "no_such_code", "params": {}},
        {"code": "meld_too_small"},
        "junk",
    ]
    for e in errors:
        out(lang + " error", cat.error_text(e))
    for action in ("draw", "take KH KS", "meld KH KS KD | 9S 9H 9C", "add K 2C JK", "discard 5C", "ask",
                   "answer yes", "answer no", "pass", "weird"):
        out(lang + " log", [cat.log_line("X", action), cat.log_line("X", action, you=True)])
    for record in RECORDS["actions"] + [{"verb": "answer", "answer": "no"}, None]:
        out(lang + " suggest", cat.suggestion(record))
    out(lang + " fill", cat.t("app.bad_param", name="a", value="b", expected="c"))
    out(lang + " reason", [cat.reason_text("bad_json"), cat.reason_text("JSONDecodeError"), cat.reason_text(None)])

out("lang", [ui_text.lang_from_locale(x) for x in ("fr-CA", "FR", "en-GB", "de", None, "")])
out("fill", [ui_text.fill("{a} {b} {", {"a": 1}), ui_text.fill("}{x}{", {"x": "y"}), ui_text.placeholders("{a}{b} {c")])
for q in ("", "?lang=fr&players=2&seed=42&watch=1&speed=instant&new=0&target=7500",
          "?players=7&speed=warp&lang=xx&seed=abc&watch=maybe&target=1",
          "?seed=-5&utm=x&new&LANG=EN", "?lang=%66r&seed=1%32"):
    values, problems = M.parse_query(q)
    out("query " + q, [sorted(values.items()), problems])
out("without", [M.query_without("?seed=5&new=1&lang=fr", ("seed", "new")), M.query_without("?new=1", ("new",))])
legal = I.Intents(RECORDS)
out("records", [len(legal.records), legal.can("draw"), legal.can("take"), legal.can("pass"), legal.can("fly")])
out("fits", [[r.to_json()["groups"] for r in legal.fits("meld", [["QS", "QC", "2H"]])],
             len(legal.fits("meld", [["QS", "QC"]])), len(legal.fits("meld", [["4S", "5H", "6H"]])),
             [r.target for r in legal.fits("take", [["5D", "5S", "5H"], ["KH", "KC"]])],
             [r.groups for r in legal.fits("take", [["5D", "5S", "5H"], ["KH", "KC"]])],
             legal.add_targets(["2C"]), legal.add_targets(["JK"]), legal.add_targets([])])
out("intents", [legal.intent("take", [["KH", "KC"], ["5D", "5S", "5H"]]).to_json(),
                legal.intent("add", [["2H"]], "#1").to_json(), legal.intent("meld", [["KH"], []]).to_json(),
                [r.to_json() for r in legal.swaps_for("9S")], [r.text for r in legal.merges()]])
hand = ["AD", "KH", "KC", "TS", "5H", "5S", "3S", "2D", "JK"]
out("groups", I.group_hand(hand, RECORDS["kinds"]))
hint = P.ActionRecord.from_json({"verb": "take", "groups": [["KH", "KC"], ["5H", "5S", "JK"]]})
out("hint selection", list(I.hint_selection(hand, hint)))
out("reply", [P.reply_error({"ok": True}) is None, P.reply_error({"ok": False, "error": {"code": "x"}}).key,
              P.reply_error("junk").code, P.error_reply("no_game", "m")["error"]["code"]])
for players, sides in ((2, 2), (3, 3), (4, 2), (6, 2), (6, 3)):
    for watch in (False, True):
        out("seats %d %d %s" % (players, sides, watch),
            [M.seat_role(s, 1, players, watch, sides) for s in range(players)]
            + [M.side_key(s, 1 % sides, players, watch, sides) for s in range(sides)]
            + [M.seat_positions(1, players)])

# A guide's links as its build writes them (guide/links.json), small: the resolution's
# order (the game's page, then the fallbacks) and its refusals of damaged data.
LINKS = {"v": 1, "langs": ["en", "fr"], "pages": {"classic": "classic", "samba": "samba", "maison": "house-rules"},
         "fallback": ["classic", "playing"],
         "explains": {"classic": {"error:pile_frozen": "frozen-pile", "score:red_threes": "red-threes",
                                  "meld-minimum": "initial-meld", "switch:D3": "d3"},
                      "samba": {"error:pile_frozen": "samba-pile", "score:sambas": "sambas"},
                      "playing": {"error:not_your_turn": "turns"}}}
GUIDE = G.Guide(LINKS)
for variant in ("classic", "samba", "maison", "bolivia", "nope"):
    out("guide " + variant, [GUIDE.page_href("fr", variant)]
        + [GUIDE.href(lang, variant, key) for lang in ("en", "de")
           for key in ("error:pile_frozen", "score:sambas", "error:not_your_turn", "switch:D3", "reason:x", "")])
for damaged in (None, [], {"pages": [], "explains": {"classic": []}, "fallback": "classic"}):
    g = G.Guide(damaged)
    out("guide damaged", [g.page_href("en", "classic"), g.href("en", "classic", "error:pile_frozen")])
out("feedback", [R.feedback_html(cats["fr"], "Non <b>", GUIDE.href("fr", "samba", "error:pile_frozen")),
                 R.feedback_html(cats["en"], "No", ""), R.feedback_html(cats["en"], "", "guide/en/x.html")])

import ui_forgive as F  # noqa: E402

# The forgiving table (ui_forgive): the bots' wait, "confirm my discard", the refusal that
# names "+ New meld", the notices a bad link leaves.
out("first wait", [F.first_wait(0.6, "normal", {"undo": True}, False), F.first_wait(0.6, "normal", {}, False),
                   F.first_wait(0.0, "instant", {"undo": True}, False), F.first_wait(2.0, "slow", {"undo": True}, False),
                   F.first_wait(0.6, "normal", {"undo": True}, True)])
armed = R.UIState()
out("confirm", [F.confirm_discard(armed, {}, [3]), F.confirm_discard(armed, {"confirm_discard": True}, [3]),
                armed.armed, F.confirm_discard(armed, {"confirm_discard": True}, [4]),
                F.confirm_discard(armed, {"confirm_discard": True}, [4]), armed.armed,
                F.read_confirm({"confirm_discard": True}), F.read_confirm({"confirm_discard": "yes"})])
MIXED = {"code": "mixed_ranks"}
out("mixed groups", [F.mixed_groups(MIXED, "take", ["KH", "5D", "2C"], legal),
                     F.mixed_groups(MIXED, "take", ["KH", "QS"], legal), F.mixed_groups(MIXED, "meld", ["KH", "5D"], legal),
                     F.mixed_groups({"code": "meld_too_small"}, "take", ["KH", "5D"], legal),
                     F.mixed_groups("junk", "take", [], legal), F.natural_kinds(["KH", "2C", "KS", "JK", "5D"],
                                                                                 RECORDS["kinds"])])
out("table notices", [F.table_notices(cats["fr"], [("app.bad_param", {"name": "a", "value": "b", "expected": "c"}),
                                                   lambda cat: cat.t("forgive.undo")]),
                      R.table_notices(cats["en"], ["x <y>"]), R.confirm_toggle(cats["fr"], {"confirm_discard": True}, False),
                      R.confirm_toggle(cats["en"], {}, False), R.confirm_toggle(cats["en"], {}, True)])

with open(SNAPSHOTS) as f:
    snapshots = json.loads(f.read())
for n in range(len(snapshots)):
    snap = snapshots[n]
    for lang in ("en", "fr"):
        ui = R.UIState()
        ui.watch = n % 3 == 2
        ui.paused = n % 2 == 1
        hand = (snap.get("view") or {}).get("hand") or []
        if hand and not ui.watch:
            ui.selected = [0, len(hand) - 1] if n % 2 else [0]
            if len(hand) > 4 and n % 4 == 1:
                ui.staged = [[1, 2]]
        # every other snapshot with links into a guide (LINKS below): the score sheet's
        # lines, the initial-meld minimum
        why = GUIDE.linker(lang, (snap.get("table") or {}).get("variant", "")) if n % 2 else G.no_links
        ui.reasons = n % 2 == 0
        regions = R.regions(cats[lang], snap, ui, why, U.result_html)
        for name in sorted(regions):
            out("snap %d %s %s" % (n, lang, name), regions[name])
        # what a screen reader hears of the hand's latest moves (ui_moves)
        v = snap.get("view") or {}
        tb = R.Table(cats[lang], snap, ui)
        fresh = W.new_entries(snap.get("log"), v.get("hand_number", 0), snap.get("moves", 0), 0)
        out("snap %d %s heard" % (n, lang), W.announcement(cats[lang], fresh, v, tb.seat_name, tb.viewer, ui.reasons))
with open(CATALOG) as f:
    setup = M.Setup(json.loads(f.read()))
prefs = {"lang": "fr", "variant": "classic", "players": 2, "target": 7500, "speed": "fast",
         "switches": {"classic": {"D3": "freeze", "D9": "one", "D2": "nonsense"}}}
choices, changed = setup.normalize(prefs)
out("choices", [choices["players"], choices["target"], sorted(choices["table_switches"].items()), changed])
out("menu", R.start_menu(cats["fr"], choices, True, setup))
out("menu2", R.start_menu(cats["en"], setup.normalize(M.DEFAULTS)[0], False, setup))
out("menu-guide", R.start_menu(cats["fr"], choices, True, setup, GUIDE.page_href("fr", "classic"),
                               GUIDE.linker("fr", "classic")))
for n in (3, 6):
    out("menu%d" % n, R.start_menu(cats["en"], setup.normalize(dict(M.DEFAULTS, players=n))[0], False, setup))
bad, changed = setup.normalize({"lang": "en", "variant": "nope", "players": 5, "target": 3, "speed": "slow"})
out("bad", [bad["variant"], bad["players"], bad["target"], changed])
for snap in snapshots[:2]:
    for lang in ("en", "fr"):
        out("rules " + lang, R.rules_summary(cats[lang], setup, snap.get("table"), snap.get("options")))
        variant = (snap.get("table") or {}).get("variant", "")
        out("rules guide " + lang, R.rules_summary(cats[lang], setup, snap.get("table"), snap.get("options"),
                                                   GUIDE.page_href(lang, variant), GUIDE.linker(lang, variant)))
out("levels", R.bot_levels(cats["fr"], 4, 2, {"humans": [0], "bot": "casual", "bots": {"2": "expert", "3": "nope"}}))
out("levels2", R.bot_levels(cats["en"], 4, 2, {"humans": [], "bot": "good", "bots": {str(s): "beginner" for s in range(4)}}))
out("levels3", [R.bot_levels(cats["en"], 4, 2, None), R.bot_levels(cats["en"], 2, 2, {"humans": [0, 1]})])
out("notices", R.notices(cats["en"], [("app.bad_param", {"name": "a", "value": "<b>", "expected": "c"})]))
import ui_eye as E  # noqa: E402

out("keys", [E.shortcut(k) for k in ("d", "P", "?", "u", "ArrowLeft", "é")] + [E.shortcut("d", ctrl=True)])
out("moves", [E.move(2, 5, k) for k in ("ArrowLeft", "ArrowRight", "Home", "End", "Tab")] + [E.rove([4, 1], 9)])
look = E.valid_look({"deck": "four", "size": "huge", "sound": "on", "muted": True})
out("look", [look, E.card_dir(look), E.body_data(look), list(E.tones("turn", look))])
out("by suit", E.hand_groups(["KH", "QS", "5S", "2C", "JK", "5H"], {"2C": "2", "JK": "JK", "KH": "K", "QS": "Q",
                                                                   "5S": "5", "5H": "5"}, "suit"))
out("drops", [E.drop_action(s, t) for s in ("card", "pile") for t in ("meld", "pile", "hand", "")])
import ui_arrange as A  # noqa: E402

out("arranged", [A.positions(["5S", "KH", "5S", "JK"], ["JK", "5S", "QC"]), A.shift(["5S", "KH", "JK"], ["JK"], 0, 1),
                 A.shift(["5S", "KH"], [], 1, 1), A.kept({"game": 7, "order": ["KH", 3]}, 7), A.kept({"game": 8}, 7),
                 E.hand_groups(["5S", "KH"], {}, "arranged", ["KH"])])
for lang in ("en", "fr"):
    out("eye " + lang, [E.help_sheet(cats[lang], False), E.settings_sheet(cats[lang], look),
                        E.tool_buttons(cats[lang], look)])
import ui_deal as DL  # noqa: E402

deal = DL.check({"variant": "classic", "players": 4, "target": 5000, "seed": 281474976710655, "hand": 3,
                 "scores": [150, -820], "seat": 2, "bots": {"1": "expert"}, "switches": {"x": "y"}})
code = DL.encode(deal)
out("deal", [code, DL.decode(code) == deal, DL.decode(code[:-3]), DL.decode("1.@@"), DL.b64decode(DL.b64encode(b"\x00\xffab")),
             DL.game_options(deal, 800), DL.date_of(2026, 3, 9), M.parse_query("?deal=" + code + "&daily=2026-1-1")])
for lang in ("en", "fr"):
    out("duplicate " + lang, [DL.result_section(cats[lang], ([120, 5], None, [[80, 0], [0, 20]]), True, "2026-12-04"),
                              DL.duplicate_html(cats[lang], ([120, 700], [340, 10], [[80, 5]]), False),
                              DL.share_sheet(cats[lang], "https://x/?deal=" + code, True), DL.daily_button(cats[lang])])

import ui_archive as K  # noqa: E402
import ui_store as S  # noqa: E402
import ui_replay as RP  # noqa: E402

# The replay screen over stills of the snapshots above (the engine's replay frames have
# the same shape), stepped with its buttons' and keys' steps; the kept games.
frames = [{"snapshot": s, "move": ((s.get("log") or [None])[-1] if k else None)} for k, s in enumerate(snapshots[:7])]
rp = RP.Replay({"frames": frames, "hand": 1, "hands": 1}, "start", False)
for where in ("first", RP.step_of("ArrowRight"), "next", "back", RP.step_of("End"), "next"):
    out("replay step " + str(where), [rp.go(where), rp.step, rp.can("back"), rp.can("next"), rp.players])
    for lang in ("en", "fr"):
        regions = RP.regions(cats[lang], rp)
        for name in RP.REGIONS:
            out("replay %d %s %s" % (rp.step, lang, name), regions[name])


class Storage:
    def __init__(self, full=False):
        self.items = {}
        self.full = full

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise RuntimeError("full")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


ended = [s for s in snapshots if s.get("hand_over")]
archive = K.Archive(S.Store(Storage()))
for k in range(len(ended)):
    save = {"options": ended[k].get("options"), "record": {"seed": k, "hands": [["draw"]]}}
    out("kept " + str(k), [archive.keep(save, ended[k], "2026-12-0%dT10:00:00.000Z" % k),
                     K.Archive(S.Store(Storage(True))).keep(save, ended[k], "x")])
out("kept games", archive.games())
for lang in ("en", "fr"):
    out("kept " + lang, [RP.kept_html(cats[lang], setup, archive.games(), str), RP.open_button(cats[lang])])
broken = Storage()
broken.items[K.ARCHIVE_KEY] = "{nope"
out("kept broken", [K.Archive(S.Store(broken)).games("9"), broken.items])
import ui_keep as K  # noqa: E402
import ui_stats as T  # noqa: E402

stats = T.empty()
for snap in snapshots:
    T.observe(stats, snap, (snap.get("options") or {}).get("seed"))
out("stats groups", [[k] + [stats["groups"][k][c] for c in T.COUNTS] for k in sorted(stats["groups"])])
out("stats game", stats["game"]["hands"] if stats["game"] else None)
out("stats check", [T.check(stats) is not None, T.read_file("[]"), T.read_file(T.to_file(stats, "2026-12-04")) == stats])
for lang in ("en", "fr"):
    out("stats sheet " + lang, T.sheet(cats[lang], setup, stats, "ok") + T.confirm_reset(cats[lang]))
    out("keep box " + lang, K.start_box(cats[lang], True, {"name": "f.canasta.json", "save": {}, "summary": {
        "variant": "classic", "players": 2, "names": ["A", "B"], "started": "2026-12-01", "exported": "2026-12-02",
        "hands_finished": 2, "scores": [100, -20], "game_over": False}}, True, True, "x", "done"))
import ui_controls as C  # noqa: E402

carried = R.UIState()
carried.selected, carried.staged = [3, 0, 9], [[1, 2]]
C.carry_selection(carried, ["3C", "5H", "5S", "KD", "KD"], ["3C", "4D", "5H", "5S", "KD", "KD", "KS"])
out("carried", [carried.selected, carried.staged])
waiting = R.UIState()
waiting.busy, waiting.sending = True, "draw"
out("held", [C.hold(waiting, "draw", "")[0], C.hold(waiting, "meld", "")[0], list(C.take_held(waiting)),
             C.take_held(waiting)])
print("done")
