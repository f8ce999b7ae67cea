# The page's UI: MicroPython on the main thread (PyScript `type="mpy"`, main.py).
#
# It talks to the engine only through window.canastaEngine (engine.js: a module worker
# running Pyodide and worker.py, started before this UI loads), with JSON strings in and
# out: new_game, snapshot, act, bot_step, hint, next_hand, save, load (canasta.host); the
# records in them are canasta.protocol's (protocol.py, the engine's own module). The engine
# and the bots think in the worker, so this thread only draws the table and waits
# (asyncio), and the page never freezes.
#
# Modules (listed in mpy.json "files"), each with one job:
#   protocol     the engine's records (canasta/protocol.py, copied from the wheel by the build)
#   ui_intent    what a selection of cards means, read from the records
#   ui_controls  what a click on the table means: a command (pure, tested)
#   ui_bots      the bots' turns, paced
#   ui_dialog    the partner's "may I go out?"
#   ui_forgive   undo's wait before the bots, "confirm my discard", notices on the table
#   ui_eye       shortcut keys, arrows in the hand, the help and settings sheets, the look
#   ui_store     local storage: settings, the game, saves set aside
#   ui_text      catalogs, card names, errors, log lines
#   ui_model     settings offered, seats, URL parameters
#   ui_render    HTML strings for each region
#   ui_moves     what happened: log lines, "since your turn", what a screen reader hears
#   ui_scores    the end of a hand: left-over cards, every hand's sheet, the game's summary
#   ui_deal      shared deals: the link's code, the duplicate history and table (issue 41)
#   ui_deal_flow the page's side of it: links opened, share, play again, the deal of the
#                day, the expert's score worked out in a second engine worker
#   ui_archive   the kept games whose finished hands can be replayed (local storage)
#   ui_replay    the replay screen: a finished hand move by move (the engine's replay)
#   ui_keep      a game saved as a file and opened again; the statistics sheet (ui_stats, ui_chart)
# This module (App) holds the page's structure, its events and the flow of a game:
# starting, continuing, sending the player's intents, dealing the next hand, keeping the
# save. main.py, the page's script, only starts it: PyScript runs a script from source,
# while the build compiles the modules to MicroPython bytecode (build_site.compile_page_modules).
#
# Contract with the page shell (shell.js):
#   - data-owner on #status before writing to it; "canasta:ready" once the engine answered;
#   - window.canastaUpdate.available / .apply() and the event "canasta:update-available":
#     the update banner is offered only on the start screen or at the end of a hand.
import asyncio
import json
import sys

from pyscript import document
from pyscript import window as _window_module
from pyscript.ffi import create_proxy

# pyscript.window is a module on MicroPython: a JavaScript method called through a module
# attribute loses its `this` once MicroPython has seen that function as a method elsewhere
# ("TypeError: Illegal invocation", e.g. window.addEventListener after
# document.addEventListener). The window object itself is a plain JsProxy: use it.
window = _window_module.window

import protocol as P
import ui_arrange as A
import ui_bots as B
import ui_controls as C
import ui_deal as DL
import ui_deal_flow as DF
import ui_cover as CV
import ui_dialog as D
import ui_forgive as F
import ui_eye as E
import ui_keep as K
import ui_guide as G
import ui_intent as I
import ui_model as M
import ui_moves as W
import ui_render as R
import ui_replay as RP
import ui_scores as U
import ui_archive as AR
import ui_seats as SE
import ui_store as S
import ui_text

#: The expert's cap on think time per decision and hint (ms; the host's expert_think_ms).
#: Its budget alone keeps it under 1 s on a laptop, but a phone is several times slower and
#: Samba's big hands cost the most (docs/bots.md "Think time per decision"); past the cap it
#: plays what its samples so far show, which is level 3's choice unless they are clear.
EXPERT_THINK_MS = 800
TABLE_REGIONS = ("g-top", "g-turn", "g-since", "g-board", "g-staging", "g-hand", "g-feedback", "g-actions",
                 "g-rules", "g-log", "g-result")


# --------------------------------------------------------------------------- small helpers

def by_id(name):
    return document.getElementById(name)


def focused_id(within=None):
    """The id of the element that has the focus ("" if none has one, or if it lies outside
    ``within``): read before a region's HTML is replaced, for ``refocus`` after."""
    active = document.activeElement
    if not active or not active.id or (within is not None and not within.contains(active)):
        return ""
    return active.id


def refocus(name):
    """Give the focus back to the element now named ``name`` (the control that had it,
    drawn again), unless it has it already or is gone; a screen redrawn under the player's
    keyboard keeps its place."""
    el = by_id(name) if name else None
    if el and document.activeElement != el:
        el.focus()


def element(tag, id_="", cls="", hidden=False):
    el = document.createElement(tag)
    if id_:
        el.id = id_
    if cls:
        el.className = cls
    if hidden:
        el.hidden = True
    return el


def overlay(tag, id_, attribute, html, hidden=False):
    """A part of the page over the table (a panel, a banner), appended to the body: its
    id is its class too, ``attribute`` one (name, value) pair for assistive technology."""
    el = element(tag, id_, id_, hidden)
    el.setAttribute(attribute[0], attribute[1])
    el.innerHTML = html
    document.body.appendChild(el)
    return el


def read_text(path):
    with open(path) as f:
        return f.read()


def read_json(path):
    """A JSON file shipped with the UI, or {} if it is missing or damaged (the start screen
    then offers what the catalog-less defaults allow, and the engine still checks all)."""
    try:
        data = json.loads(read_text(path))
    except Exception as error:
        print("could not read", path, error)
        return {}
    return data if isinstance(data, dict) else {}


# --------------------------------------------------------------------------- the app

class App:
    def __init__(self):
        self.catalogs = {}  # read when first needed (catalog): parsing both cost ~70 ms at every start
        self.query, problems = M.parse_query(window.location.search)
        self.notices = []   # (key, params) or callables cat -> text, shown on the start screen
        for name, value, expected in problems:
            self.notices.append(DF.DealFlow.problem_notice(name, value)
                                or ("app.bad_param", {"name": name, "value": value, "expected": expected}))
        self.setup = M.Setup(read_json("variants.json"))
        self.store = S.Store(window.localStorage)
        self.deals = DF.DealFlow(self, window, document)
        self.deals.read_query(self.query, self.notices)
        self.archive = AR.Archive(self.store)
        self.replay = None        # the hand being replayed (ui_replay.Replay) on the replay screen
        self.prefs = self.store.load_prefs(ui_text.lang_from_locale(window.navigator.language))
        self.prefs["look"] = E.valid_look(self.prefs.get("look"))
        for name in ("lang", "variant", "players", "target", "speed", "level"):
            if name in self.query:
                self.prefs[name] = self.query[name]
        _, changed = self.setup.normalize(self.prefs)
        for name in changed:  # a linked game or player count the engine does not offer
            if name in self.query:
                self.notices.append(("app.bad_param", {"name": name, "value": str(self.query[name]),
                                                       "expected": self.expected(name)}))
        self.cat = self.catalog(self.prefs["lang"])
        self.ui = R.UIState()
        self.guide = G.Guide({})  # guide/links.json once fetched (load_guide): no links before
        self.snap = None
        self.screen = "start"
        self.engine = None
        self.engine_error = None
        self.engine_ready = asyncio.Event()
        self.has_save = False
        self.seed_used = False
        self.gen = 0            # a new game, or leaving one, stops the running bot loop
        self.bots = B.BotLoop(self)
        self.rendered = {}
        self.update_waiting = False
        self.update_dismissed = False
        self.hand_shown_at = None  # the position whose hand keep_hand_in_view showed
        self.heard = (0, 0)     # (hand, moves) announced to a screen reader (announce)
        self.result_shown = False
        self.save_failed = False
        self.starting = False
        self.confirm_new = False  # "New game" over a saved game is asking to confirm
        self.saved = asyncio.Event()  # clear while a save is fetched from the engine (store_save)
        self.saved.set()
        self.audio = None         # the Web Audio context, made at the first sound
        self.sheet_opener = None  # the control that opened the help or settings sheet
        self.drag = None          # a card or the pile held down: where, and whether it moves
        self.drag_ended = 0       # when the last drag ended (the click that follows is its own)
        self.shown = None         # pass-and-play: the human seat whose table is shown (ui_cover)
        self.seat_names = {}      # the game's human seats' names (ui_seats)

    # ------------------------------------------------------------------ prefs
    def save_prefs(self):
        self.store.save_prefs(self.prefs)

    def choices(self):
        """The prefs made valid for the catalog (a preset, a player count, switches)."""
        return self.setup.normalize(self.prefs)[0]

    def expected(self, name):
        choices = self.choices()
        if name == "variant":
            return ", ".join(self.setup.names())
        preset = self.setup.preset(choices["variant"]) or {"players": []}
        return ", ".join(str(n) for n in preset["players"])

    # ------------------------------------------------------------------ page structure
    def build_page(self):
        app = by_id("app")
        tagline = document.querySelector(".tagline")
        self.notice_box = element("div", "notices", "notices", hidden=True)
        self.notice_box.setAttribute("role", "alert")
        self.menu = element("div", "menu", "menu-box")
        anchor = tagline.nextSibling if tagline else None
        app.insertBefore(self.notice_box, anchor)
        app.insertBefore(self.menu, anchor)

        # The table is the page's main landmark while it shows (the start screen's <main>
        # is hidden then), with its own level-one heading for assistive technology.
        game = element("main", "game", "game", hidden=True)
        game.setAttribute("aria-labelledby", "g-title")
        parts = [
            ('<h1 id="g-title" class="sr-only" tabindex="-1"></h1>'),
            ('<header id="g-top" class="topbar"></header>'),
            ('<p id="g-turn" class="turnline" role="status" aria-live="polite"></p>'),
            # "since your turn" (visible: on a phone the log is out of view), and the
            # other seats' moves as they happen, for a screen reader (ui_moves)
            ('<p id="g-since" class="since"></p>'
             '<div id="g-live" class="sr-only" role="log" aria-live="polite" aria-atomic="true"></div>'),
            ('<div class="layout"><div class="table-area">'
             '<div id="g-board" class="board"></div>'
             '<div id="g-staging" class="staging-box"></div>'
             '<p id="g-feedback" class="feedback" role="alert"></p>'
             '<div id="g-hand" class="hand-box"></div>'
             '<div id="g-actions" class="actions-box"></div>'
             '<div id="g-rules" class="rules-box"></div>'
             '</div><aside id="g-log" class="log" aria-labelledby="log-h"></aside></div>'),
            ('<section id="g-result" class="result" aria-labelledby="result-title" hidden></section>'),
        ]
        game.innerHTML = "".join(parts)
        document.body.insertBefore(game, app.nextSibling)
        self.game = game
        # The replay screen (ui_replay), a main landmark of its own while it shows, and the
        # start screen's list of kept games under the menu.
        self.replay_box = element("main", "replay", "game replay", hidden=True)  # drawn as the table is
        self.replay_box.setAttribute("aria-labelledby", "rp-title")
        self.replay_box.innerHTML = "".join('<div id="' + name + '" class="' + name + " " + RP.CLASSES.get(name, "")
                                            + '"></div>' for name in RP.REGIONS)
        document.body.insertBefore(self.replay_box, game.nextSibling)
        by_id("rp-move").setAttribute("role", "status")  # each step's move and counter, heard
        self.kept_box = element("div", "kept-box", "kept-box")
        app.insertBefore(self.kept_box, self.menu.nextSibling)
        # Pass-and-play (issue 41): the cover that replaces the table between two humans.
        self.cover = element("main", "cover", "cover", hidden=True)
        self.cover.setAttribute("aria-labelledby", "cover-title")
        document.body.insertBefore(self.cover, game.nextSibling)

        # The guide's panel (web/guide-panel.js fills it with a rule's section): "Why?" and
        # every rule link open it over the page, which is never left.
        self.guide_panel = overlay(
            "dialog", "guide-panel", ("aria-labelledby", "guide-panel-title"),
            '<div class="guide-panel-bar"><a id="guide-panel-page" class="guide-link" target="_blank" rel="noopener">'
            '</a><button type="button" class="btn small" id="guide-panel-close"></button></div>'
            # tabindex: the section scrolls, so the keyboard must reach it (axe
            # scrollable-region-focusable; its example's frame is not always there)
            '<div id="guide-panel-body" class="guide-panel-body" tabindex="0"></div>')

        # The table's Hint button is behind this modal dialog, so the dialog has its own.
        self.dialog = D.AskDialog(document, create_proxy, self.needs_answer)

        # The help sheet (shortcut keys) and the settings sheet (the look): modal dialogs,
        # Escape closes them (the browser's own), the focus goes back where it was.
        self.help_sheet = overlay("dialog", "help-sheet", ("aria-labelledby", "help-title"), "")
        self.settings_sheet = overlay("dialog", "settings-sheet", ("aria-labelledby", "settings-title"), "")
        for sheet in (self.help_sheet, self.settings_sheet):
            sheet.classList.add("eye-sheet")
            sheet.addEventListener("close", create_proxy(self.on_sheet_closed))

        self.deals.build(overlay, create_proxy)
        self.banner = overlay(
            "div", "update-banner", ("role", "status"),
            '<span id="update-text"></span><button type="button" class="btn small" id="update-now" '
            'data-act="update-now"></button><button type="button" class="btn small" id="update-later" '
            'data-act="update-later"></button>', hidden=True)

        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("change", create_proxy(self.on_change))
        document.addEventListener("keydown", create_proxy(self.on_key))
        document.addEventListener("pointerdown", create_proxy(self.on_pointer_down))
        document.addEventListener("pointermove", create_proxy(self.on_pointer_move))
        document.addEventListener("pointerup", create_proxy(self.on_pointer_up))
        document.addEventListener("pointercancel", create_proxy(self.end_drag))
        window.addEventListener("canasta:update-available", create_proxy(self.on_update_available))
        if window.canastaUpdate and window.canastaUpdate.available:
            self.update_waiting = True
        self.keep = K.Keep(self, document, window, create_proxy)

    # ------------------------------------------------------------------ rendering
    def set_status(self, text, css_class=""):
        status = by_id("status")
        status.dataset.owner = "python"
        status.className = ("status " + css_class).strip()
        status.textContent = text

    def render(self):
        cat = self.cat
        document.documentElement.lang = cat.lang
        document.title = cat.t("app.title")
        tagline = document.querySelector(".tagline")
        if tagline:
            tagline.textContent = cat.t("app.tagline")
        self.render_status()
        by_id("app").hidden = self.screen != "start"
        self.game.hidden = self.screen != "table"
        self.replay_box.hidden = self.screen != "replay"
        document.body.dataset.screen = self.screen
        self.cover.hidden = self.cover.hidden or self.screen != "table"
        self.apply_look()
        if self.screen == "start":
            self.render_start()
        elif self.screen == "replay":
            self.render_replay()
        else:
            self.render_table()
        self.dialog.texts(self.cat)
        self.render_guide_panel()
        self.render_banner()

    def render_guide_panel(self):
        d = self.guide_panel.dataset
        d.loading = self.cat.t("guide.loading")
        d.unavailable = self.cat.t("guide.unavailable")
        by_id("guide-panel-page").textContent = self.cat.t("guide.whole_page")
        by_id("guide-panel-close").textContent = self.cat.t("guide.close")

    def render_status(self):
        if self.engine_error is not None:
            self.set_status(self.cat.t("app.engine_failed", reason=self.engine_error), "error")
        elif self.engine is not None:
            self.set_status(self.cat.t("app.ready_engine", version=self.engine_version))
        else:
            self.set_status(self.cat.t("app.loading_engine"))

    def render_start(self):
        choices = self.choices()
        why = self.guide.linker(self.cat.lang, choices["variant"])
        html = R.start_menu(self.cat, choices, self.has_save, self.setup,
                            self.guide.page_href(self.cat.lang, choices["variant"]), why, self.confirm_new,
                            more=DL.daily_button(self.cat), extra=self.keep.html(self.cat, self.has_save))
        if self.rendered.get("menu") != html:
            # A later drawing (the guide's links arriving, a save checked) must not drop the
            # focus a question put on one of the menu's buttons: the same button keeps it.
            kept = focused_id(self.menu)
            self.menu.innerHTML = html
            self.rendered["menu"] = html
            refocus(kept)
        texts = []
        for item in self.notices:
            if callable(item):
                texts.append(R.esc(item(self.cat)))
            else:
                texts.append(R.esc(self.cat.t(item[0], **item[1])))
        self.notice_box.innerHTML = "".join("<p>" + t + "</p>" for t in texts)
        self.notice_box.hidden = not texts
        kept = RP.kept_html(self.cat, self.setup, self.archive.games(window.Date.new().toISOString()), self.when)
        if self.archive.set_aside_key:
            key, self.archive.set_aside_key = self.archive.set_aside_key, ""
            self.notices.append(("replay.unreadable", {"key": key}))
            self.render_start()
            return
        if self.kept_box.innerHTML != kept:
            self.kept_box.innerHTML = kept

    def when(self, at):
        """A kept game's date and time in the player's language."""
        return window.Date.new(at).toLocaleString(self.cat.lang)

    def render_table(self):
        if self.snap is None or self.render_cover():
            return
        focus_id = focused_id()
        variant = (self.snap.get("table") or {}).get("variant", "")
        why = self.guide.linker(self.cat.lang, variant)
        self.ui.reasons = bool(self.prefs.get("reasons"))
        regions = R.regions(self.cat, self.snap, self.ui, why, self.result_html)
        by_id("g-title").textContent = R.table_title(self.cat, self.setup, self.snap.get("table"))
        regions["g-feedback"] = R.feedback_html(self.cat, self.ui.feedback, why(self.ui.feedback_why))
        regions["g-rules"] = R.rules_summary(self.cat, self.setup, self.snap.get("table"), self.snap.get("options"),
                                              self.guide.page_href(self.cat.lang, variant), why)
        regions["g-rules"] += R.confirm_toggle(self.cat, self.prefs, self.ui.watch)
        self.render_table_notices()
        fresh = self.fresh_moves()
        tb = R.Table(self.cat, self.snap, self.ui) if fresh else None
        flights = W.flights(fresh, tb.viewer, tb.sides) if fresh else []
        ms = W.FLIGHT_MS.get(self.prefs.get("speed"), 0)
        if flights and ms and window.canastaFly:
            window.canastaFly.measure(json.dumps(W.SOURCES))  # FLIP: the places before
        replaced = False
        for name in TABLE_REGIONS:
            html = regions.get(name, "")
            if self.rendered.get(name) != html:
                by_id(name).innerHTML = html
                self.rendered[name] = html
                replaced = True
        feedback = by_id("g-feedback")
        feedback.className = "feedback " + self.ui.feedback_kind if self.ui.feedback else "feedback"
        result = by_id("g-result")
        result.hidden = regions.get("g-result", "") == ""
        result.dataset.mode = "bar" if self.ui.sheet_hidden else "sheet"
        self.update_game_data()
        if flights and ms and window.canastaFly:
            window.canastaFly.play(json.dumps(flights), ms)  # ... and the cards after
        if fresh:
            self.announce(fresh, tb)
        self.keep_hand_in_view()
        if replaced:
            refocus(focus_id)
        if not result.hidden and not self.result_shown:
            self.result_shown = True
            button = by_id("btn-next") or by_id("btn-again")
            if button:
                button.focus()
        elif result.hidden:
            self.result_shown = False
        self.sync_dialog()

    def result_html(self, tb):
        """The end of a hand (ui_scores), with "Replay this hand" (ui_replay) and the deal's
        duplicate result and buttons (ui_deal_flow)."""
        return U.result_html(tb, RP.open_button(self.cat) + self.deals.result_html(tb))

    def render_replay(self):
        """The replay screen's regions that changed; the focus stays on the control that
        had it (a step button is redrawn as the step changes)."""
        if self.replay is None:
            return
        focus_id = focused_id()
        for name, html in RP.regions(self.cat, self.replay).items():
            if self.rendered.get(name) != html:
                by_id(name).innerHTML = html
                self.rendered[name] = html
        self.replay_box.dataset.players = str(self.replay.players)
        self.replay_box.dataset.step = str(self.replay.step)
        self.replay_box.dataset.total = str(self.replay.total)
        refocus(focus_id)

    async def open_replay(self, record, hand=None, seat=0, watch=False, origin=None):
        """Show the replay of a finished hand of a game's record (Game.record(), as a save
        holds it): ``hand`` from 1, by default the record's last finished hand; ``seat``
        the seat it is seen from; ``origin`` the screen Close goes back to (the current
        one by default). Whether it opened; a record the engine refuses is said to the
        player with the engine's reason, and nothing else changes."""
        await self.engine_ready.wait()
        text = json.dumps(record)
        hands = record.get("hands") if isinstance(record, dict) else None
        n = hand if hand is not None else max(len(hands or []), 1)
        res = await self.call("replay", text, n, seat)
        if hand is None and (res.get("error") or {}).get("code") == "hand_in_progress" and n > 1:
            res = await self.call("replay", text, n - 1, seat)  # the last hand is still being played
        if not res.get("ok"):
            error = res.get("error") or {}
            message = self.cat.t("replay.failed", reason=self.cat.error_text(error))
            if self.screen == "table":
                self.feedback(message)
            else:
                self.notices.append(lambda cat: cat.t("replay.failed", reason=cat.error_text(error)))
                self.render()
            return False
        self.replay = RP.Replay(res, origin or self.screen, watch)
        self.screen = "replay"
        self.rendered = {}
        self.render()
        window.scrollTo(0, 0)
        by_id("rp-title").focus()
        return True

    def close_replay(self):
        origin = self.replay.origin if self.replay is not None else "start"
        self.replay = None
        self.screen = origin if origin == "table" and self.snap is not None else "start"
        self.rendered = {}
        self.render()
        # the focus goes back to what opened the replay
        names = ("btn-replay", "g-title") if self.screen == "table" else ("kept-summary", "btn-new")
        for name in names:
            if by_id(name):
                by_id(name).focus()
                break

    def replay_step(self, where):
        if self.replay is not None and self.replay.go(where):
            self.render_replay()
    def cover_kind(self):
        """What pass-and-play shows now (ui_cover.screen): the table, or a cover."""
        if self.screen != "table":
            return CV.TABLE
        return CV.screen(self.snap, self.shown, self.ui.watch)[0]

    def name_of(self, seat):
        return SE.name_of(self.cat, self.seat_names, seat)

    def render_cover(self):
        """The cover instead of the table when another human is to have the device
        (ui_cover): the table's regions are emptied, not hidden, so that the last
        human's hand is gone from the page and from the accessibility tree. True when
        the cover shows."""
        kind, seat = CV.screen(self.snap, self.shown, self.ui.watch) if self.screen == "table" else (CV.TABLE, None)
        covered = kind != CV.TABLE
        fresh = False
        if covered:
            self.dialog.close()
            for name in TABLE_REGIONS + ("g-live",):
                by_id(name).innerHTML = ""
            by_id("g-result").hidden = True
            self.rendered = {"cover": self.rendered.get("cover")}
            self.update_game_data()
            asker = ((self.snap or {}).get("view") or {}).get("asker", -1)
            html = CV.html(self.cat, kind, self.name_of(seat), self.name_of(asker), R.esc)
            fresh = self.rendered.get("cover") != html
            if fresh:
                self.cover.innerHTML = html
                self.rendered["cover"] = html
        elif self.rendered.get("cover") is not None:
            self.cover.innerHTML = ""
            self.rendered.pop("cover", None)
        self.cover.hidden = not covered
        self.game.hidden = covered or self.screen != "table"
        if covered and fresh:  # the cover's button, once it is in view, has the focus
            target = by_id("cover-ok") or by_id("cover-yes") or by_id("cover-title")
            if target:
                target.focus()
        return covered

    async def take_device(self):
        """ "I'm <name>": the table of the human on turn, from that seat's own snapshot,
        fetched only now; nothing of the last human's turn (selection, drawn cards,
        messages, arrangement) is carried over."""
        kind, seat = CV.screen(self.snap, self.shown, self.ui.watch)
        if kind != CV.PASS or self.ui.busy:
            return
        res = await self.busy_call("snapshot", seat)
        if res is None:
            return
        self.shown = seat
        C.clear(self.ui)
        self.ui.drawn = []
        self.ui.arranged = []
        self.set_snapshot(res)
        self.heard = ((res.get("view") or {}).get("hand_number", 0), res.get("moves", 0))
        self.rendered = {}
        self.hand_shown_at = None
        self.render_table()
        if self.cover_kind() == CV.TABLE:
            window.scrollTo(0, 0)
            by_id("g-title").focus()
            self.keep_hand_in_view()
            self.play_tones("turn")

    def render_table_notices(self):
        """What a bad link left (``?new=1`` with a bad value starts with the default) shown
        on the table, where the player is, until dismissed (issue 40, item 10)."""
        box = by_id("g-notices")
        texts = F.table_notices(self.cat, self.notices)
        if not texts:
            if box:
                box.remove()
            return
        if box is None:
            box = element("div", "g-notices", "table-notices")
            box.setAttribute("role", "alert")
            self.game.insertBefore(box, by_id("g-turn"))
        html = R.table_notices(self.cat, texts)
        if box.innerHTML != html:
            box.innerHTML = html
    def fresh_moves(self):
        """The moves of this hand not shown yet (flown and announced once each)."""
        s = self.snap or {}
        v = s.get("view") or {}
        hand, moves = v.get("hand_number", 0), s.get("moves", 0)
        heard = self.heard[1] if self.heard[0] == hand else 0
        self.heard = (hand, moves)
        return W.new_entries(s.get("log"), hand, moves, heard)

    def announce(self, fresh, tb):
        """Tell a screen reader what the other seats did (ui_moves.announcement: each
        move, the movers' card counts, the pile)."""
        text = W.announcement(self.cat, fresh, tb.view, tb.seat_name, -1 if self.ui.watch else tb.viewer,
                              self.ui.reasons)
        if text:
            by_id("g-live").textContent = text

    def keep_hand_in_view(self):
        """The player's whole hand above the action bar when the player is to act.

        On a phone the table grows taller than the screen as melds are laid, and the
        action bar sticks to the screen's bottom, over the end of the hand: the card just
        drawn, or a card a hint selects, could sit under it. Scrolls just enough, once per
        position and message (the player may scroll away to look at the melds meanwhile)."""
        s = self.snap
        if (s is None or self.screen != "table" or self.ui.watch or self.ui.busy or not s.get("human_turn")
                or s.get("hand_over") or (s.get("view") or {}).get("phase") not in ("draw", "play")):
            return
        d = self.game.dataset
        key = str(d.handNumber) + "/" + str(d.moves) + "/" + str(self.ui.feedback)
        if key == self.hand_shown_at:
            return
        self.hand_shown_at = key
        hand, bar = by_id("g-hand"), by_id("g-actions")
        if not hand or not bar:
            return
        bottom = hand.getBoundingClientRect().bottom
        limit = window.innerHeight - bar.getBoundingClientRect().height
        if bottom > limit:
            window.scrollBy(0, bottom - limit + 8)

    def update_game_data(self):
        s = self.snap or {}
        v = s.get("view") or {}
        d = self.game.dataset
        d.turn = str(s.get("turn", -1))
        d.phase = str(v.get("phase", ""))
        d.humanTurn = "true" if s.get("human_turn") and not self.ui.watch else "false"
        d.handOver = "true" if s.get("hand_over") else "false"
        d.gameOver = "true" if s.get("game_over") else "false"
        d.mode = "watch" if self.ui.watch else "play"
        d.players = str(v.get("players", 4))
        d.paused = "true" if self.ui.paused else "false"
        d.bots = "running" if self.bots.busy() else "idle"
        d.busy = "true" if self.ui.busy else "false"
        covered = self.cover_kind()
        d.cover = "" if covered == CV.TABLE else covered
        d.hand = "" if covered != CV.TABLE else " ".join(v.get("hand") or [])
        d.handNumber = str(v.get("hand_number", 0))
        d.moves = str(s.get("moves", 0))

    def render_banner(self):
        by_id("update-text").textContent = self.cat.t("app.update_available")
        by_id("update-now").textContent = self.cat.t("app.update_now")
        by_id("update-later").textContent = self.cat.t("app.update_later")
        good_time = self.screen == "start" or (self.snap is not None and bool(self.snap.get("hand_over")))
        self.banner.hidden = not (self.update_waiting and not self.update_dismissed and good_time)

    def feedback(self, text, kind="error", why=""):
        """Show a message on the table; ``why`` is the guide key that explains it (ui_guide)."""
        C.tell(self.ui, text, kind, why)
        self.render_table()

    def refusal(self, error):
        """Show an engine refusal (explain) on the table."""
        self.play_tones("refused")
        self.explain(error)
        self.render_table()

    # ------------------------------------------------------------------ the ask dialog
    def needs_answer(self):
        s = self.snap
        return (self.screen == "table" and s is not None and not self.ui.watch and bool(s.get("human_turn"))
                and (s.get("view") or {}).get("phase") == "answer" and not s.get("hand_over")
                and self.cover_kind() == CV.TABLE)

    def sync_dialog(self):
        self.dialog.sync(self.needs_answer() and not self.ui.busy)

    # ------------------------------------------------------------------ events
    def on_click(self, event):
        if self.now() - self.drag_ended < 400:
            return  # the click a browser sends after a drag's release is not a tap
        target = event.target
        el = target.closest("[data-act]") if target and target.closest else None
        if el is None:
            return
        act = el.dataset.act
        if act == "card":
            self.ui.cursor = int(el.dataset.i)  # Tab comes back to the card last touched
        if act:
            asyncio.create_task(self.handle(act, el))

    def on_change(self, event):
        target = event.target
        if target and self.keep.on_change(target):
            return  # a game file or a statistics file chosen
        name = target.name if target else None
        if name and name.startswith("look-"):
            self.set_look(name[5:], target.value)
            return
        if name and name.startswith("switch-"):
            name = "switch"  # the radios of one house-rule switch (data-switch names it)
        if name == F.CONFIRM_DISCARD:
            self.prefs[name] = bool(target.checked)
            self.save_prefs()
            return
        if name in ("seat_who", "seat_name"):
            self.seat_choice(name, target)
            return
        if name not in ("lang", "variant", "players", "target", "speed", "switch", "level"):
            return
        value = target.value
        if name == "lang":
            self.set_lang(value)
            return
        if name == "switch":
            choices = self.choices()
            per_variant = self.prefs.setdefault("switches", {})
            chosen = dict(choices.get("table_switches") or {})
            chosen[target.dataset.switch] = value
            per_variant[choices["variant"]] = chosen
        else:
            if name in ("players", "target"):
                value = int(value)
            self.prefs[name] = value
        if name in ("variant", "players"):
            # the new table's own target (and, for a new game, player count) until the
            # player picks others
            self.prefs.pop("target", None)
            if name == "variant":
                self.prefs.pop("players", None)
        self.save_prefs()
        if name not in ("speed", "level"):
            was_open = by_id("house-rules") and by_id("house-rules").open
            self.render_start()
            if was_open and by_id("house-rules"):
                by_id("house-rules").open = True
            focus = by_id("sw-" + target.dataset.switch + "-" + value) if name == "switch" else by_id(
                "opt-variant" if name == "variant" else "opt-" + name + "-" + str(value))
            if focus:
                focus.focus()

    def seat_choice(self, name, target):
        """Who plays a seat, or a human's name (ui_seats), kept in the settings."""
        seat = int(target.dataset.seat)
        if name == "seat_name":
            SE.set_name(self.prefs, seat, target.value)
            self.save_prefs()
            return
        SE.set_who(self.prefs, seat, target.value, self.choices()["players"])
        self.save_prefs()
        self.render_start()
        if by_id("seat-levels"):
            by_id("seat-levels").open = True
        if by_id("seat-who-" + str(seat)):
            by_id("seat-who-" + str(seat)).focus()

    def on_key(self, event):
        if self.dialog.trap_key(event):
            return
        if self.screen == "replay" and not (self.help_sheet.open or self.settings_sheet.open):
            where = RP.step_of(event.key)
            if where:
                event.preventDefault()
                self.replay_step(where)
            elif event.key == "Escape":
                self.close_replay()
            return
        if self.guide_panel.open or self.help_sheet.open or self.settings_sheet.open or self.keep.sheet.open:
            return  # Escape closes the modal dialog (the browser's own), not the selection under it
        if event.key == "Escape" and self.screen == "table" and (self.ui.selected or self.ui.staged):
            self.clear_selection()
            self.render_table()
            return
        if (self.screen == "table" and self.snap is not None and not self.ui.watch and not self.dialog.is_open
                and self.cover_kind() == CV.TABLE):  # no shortcut acts for a table under the cover
            self.eye_key(event)  # never the table's buttons behind the partner's question

    def on_update_available(self, event=None):
        self.update_waiting = True
        self.render_banner()

    # ------------------------------------------------------------------ hand and eye
    def apply_look(self):
        """The look settings on the page: data-* on <body> for the style sheet, and the
        deck the cards are drawn from."""
        look = self.prefs["look"]
        data = E.body_data(look)
        for name in data:
            document.body.dataset[name] = data[name]
        R.use_deck(E.card_dir(look))

    def set_look(self, name, value):
        """One look setting changed in the settings sheet: kept, and the table redrawn."""
        self.prefs["look"] = E.valid_look(dict(self.prefs["look"], **{name: value}))
        self.ui.look = self.prefs["look"]
        self.save_prefs()
        self.rendered = {}
        self.render()
        self.fill_sheet(self.settings_sheet)
        focus = by_id("look-" + name + "-" + value)
        if focus:
            focus.focus()

    def fill_sheet(self, sheet):
        if sheet is self.help_sheet:
            sheet.innerHTML = E.help_sheet(self.cat, by_id("act-undo") is not None)
        else:
            sheet.innerHTML = E.settings_sheet(self.cat, self.prefs["look"])

    def eye_action(self, act):
        """The keys' help sheet, the settings sheet, closing them, the mute button."""
        if act in ("help", "settings"):
            sheet = self.help_sheet if act == "help" else self.settings_sheet
            if sheet.open:
                return
            self.sheet_opener = document.activeElement
            self.fill_sheet(sheet)
            sheet.showModal()
            first = sheet.querySelector("input:checked") or by_id("help-close")
            if first:
                first.focus()
        elif act == "sheet-close":
            for sheet in (self.help_sheet, self.settings_sheet):
                if sheet.open:
                    sheet.close()
        elif act == "mute":
            look = dict(self.prefs["look"])
            look["muted"] = not look.get("muted")
            self.prefs["look"] = E.valid_look(look)
            self.ui.look = self.prefs["look"]
            self.save_prefs()
            self.render_table()

    def on_sheet_closed(self, event=None):
        opener = self.sheet_opener
        self.sheet_opener = None
        if opener and not opener.isConnected and opener.id:
            opener = by_id(opener.id)  # redrawn meanwhile: a look setting redraws the screen
        if opener and opener.isConnected:
            opener.focus()
        elif self.screen == "table":
            by_id("g-title").focus()

    def eye_key(self, event):
        """A shortcut presses the table's own button (the command a tap gives); an arrow
        in the hand moves the focus to the next card (the hand is one Tab stop)."""
        active = document.activeElement
        tag = str(active.tagName) if active else ""
        in_hand = bool(active) and tag == "BUTTON" and active.classList.contains("hcard")
        if in_hand:
            cards = document.querySelectorAll("#g-hand button.hcard")
            count = cards.length
            position = -1
            for k in range(count):
                if cards.item(k) == active:
                    position = k
            step = E.SHIFTS.get(event.key) if event.shiftKey else None
            if step is not None and self.ui.look.get("order") == "arranged" and position >= 0:
                event.preventDefault()
                self.arrange(position, position + step)
                return
            to = E.move(position, count, event.key)
            if to >= 0:
                event.preventDefault()
                card = cards.item(to)
                active.setAttribute("tabindex", "-1")
                card.setAttribute("tabindex", "0")
                self.ui.cursor = int(card.dataset.i)
                card.focus()
                return
        act = E.shortcut(event.key, event.ctrlKey, event.altKey, event.metaKey,
                         tag in ("INPUT", "SELECT", "TEXTAREA"))
        if act == "help":
            event.preventDefault()
            self.eye_action("help")
            return
        button = by_id("act-" + act) if act else None
        if button is None and act == "draw":
            button = by_id("act-pass")  # where the stock is closed, d passes
        if button is not None:
            event.preventDefault()
            button.click()

    def arrange(self, place, to):
        """Move the card shown at ``place`` to place ``to`` in the hand "as arranged",
        keep the order with the game and keep the focus on the moved card."""
        hand = (self.snap.get("view") or {}).get("hand") or []
        order, to = A.move_to(hand, self.ui.arranged, place, to)
        self.ui.arranged = order
        self.store.keep_arrangement(self.game_id(self.snap), order)
        self.render_table()
        cards = document.querySelectorAll("#g-hand button.hcard")
        if 0 <= to < cards.length:
            card = cards.item(to)
            for k in range(cards.length):
                cards.item(k).setAttribute("tabindex", "0" if k == to else "-1")
            self.ui.cursor = int(card.dataset.i)
            card.focus()

    # Drag and drop (pointer events: a mouse, a pen or a finger): a card to one of your
    # melds or to the pile, the pile to your hand. A drop presses the control a tap would
    # (ui_eye.drop_action), so it is the same command, judged by the engine the same way.
    def on_pointer_down(self, event):
        if self.screen != "table" or self.snap is None or self.ui.watch or event.button != 0:
            return
        target = event.target
        el = target.closest("#g-hand button.hcard, #discard") if target and target.closest else None
        if el is None:
            return
        self.drag = {"el": el, "x": event.clientX, "y": event.clientY, "ghost": None,
                     "source": "pile" if el.id == "discard" else "card"}

    def on_pointer_move(self, event):
        d = self.drag
        if d is None:
            return
        if d["ghost"] is None:
            if not E.dragging(event.clientX - d["x"], event.clientY - d["y"]):
                return
            self.start_drag(d)
        event.preventDefault()
        # CSSOM, not a style attribute: the CSP allows it (the ghost follows the pointer)
        d["ghost"].style.transform = ("translate(" + str(event.clientX) + "px, " + str(event.clientY) + "px)"
                                      + " translate(-50%, -50%)")

    def start_drag(self, d):
        el = d["el"]
        img = el.querySelector("img")
        ghost = element("img", "drag-ghost", "drag-ghost")
        ghost.src = img.src if img else ""
        ghost.alt = ""
        document.body.appendChild(ghost)
        d["ghost"] = ghost
        document.body.dataset.drag = d["source"]
        if d["source"] == "card" and el.getAttribute("aria-pressed") != "true":
            # the card dragged is selected, as a tap would (with any others selected)
            tb = R.Table(self.cat, self.snap, self.ui)
            self.ui.cursor = int(el.dataset.i)
            if C.command("card", tb, self.ui, int(el.dataset.i))[0] == "render":
                self.render_table()

    def end_drag(self, event=None):
        d = self.drag
        self.drag = None
        if d is not None and d["ghost"] is not None:
            d["ghost"].remove()
            document.body.dataset.drag = ""
            self.drag_ended = self.now()
        return d

    def on_pointer_up(self, event):
        d = self.end_drag()
        if d is None or d["ghost"] is None:
            return
        under = document.elementFromPoint(event.clientX, event.clientY)
        if under is None:
            return
        other = under.closest("#g-hand button.hcard")
        if d["source"] == "card" and other is not None and self.ui.look.get("order") == "arranged":
            # a card dropped on another card of the hand takes its place (hand "as arranged")
            nodes = document.querySelectorAll("#g-hand button.hcard")
            places = [str(nodes.item(k).id) for k in range(nodes.length)]  # ids: one proxy per look-up
            if str(d["el"].id) in places and str(other.id) in places:
                self.arrange(places.index(str(d["el"].id)), places.index(str(other.id)))
            return
        mine = "#melds-" + str((self.snap.get("view") or {}).get("side", 0))
        meld = under.closest(mine + ' [data-act="add-to"]')
        kind = "meld" if meld else "pile" if under.closest("#discard") else "hand" if under.closest("#g-hand") else ""
        action = E.drop_action(d["source"], kind)
        button = meld if action == "add-to" else by_id("act-" + action) if action else None
        if button is not None:  # as its click would (the click handler ignores clicks just after a drag)
            asyncio.create_task(self.handle(button.dataset.act, button))

    def play_tones(self, event):
        """A short sound made in the page (a Web Audio oscillator, no audio file) when
        sounds are on and not muted; body[data-tones] counts them."""
        notes = E.tones(event, self.prefs["look"])
        if not notes:
            return
        try:
            if self.audio is None:
                self.audio = window.AudioContext.new()
            ctx = self.audio
            at = ctx.currentTime
            for freq, length in notes:
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.frequency.value = freq
                gain.gain.value = 0.06
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(at)
                osc.stop(at + length)
                at += length
        except Exception as error:  # no audio here: the game goes on silent
            print("no sound:", error)
            return
        # getAttribute: a dataset entry never set is no attribute at all on MicroPython's proxy
        count = document.body.getAttribute("data-tones")
        document.body.setAttribute("data-tones", str(int(count or "0") + 1))

    # ------------------------------------------------------------------ the engine
    async def start_engine(self, check=True):
        """Wait for the engine; then, unless ``check`` is false, check the saved game
        (check_save_later does it for a game dealt at once)."""
        try:
            engine = window.canastaEngine
            info = json.loads(await engine.ready)
        except Exception as error:  # the worker failed to start: say so, never a blank page
            self.engine_error = str(error)
            self.engine_ready.set()  # waiting starts give up (self.engine is None)
            self.render()
            return
        self.engine = engine
        self.engine_version = info.get("engine", "?")
        document.body.dataset.engine = self.engine_version
        self.render_status()
        window.dispatchEvent(window.CustomEvent.new("canasta:ready"))
        if check:
            await self.check_save()
        self.engine_ready.set()

    async def call(self, name, *args):
        """One request to the engine worker: always a dict, {"ok": false, "error"} on failure."""
        if self.engine is None:
            return P.error_reply("internal_error", "the engine is not running")
        return await P.request(self.engine, name, *args)

    async def check_save(self):
        """Is there a saved game, and can the engine read it? A save it cannot read is
        moved aside (never deleted) and the player is told why."""
        text = self.store.saved_game()
        if text is None:
            self.has_save = False
            return
        res = await self.call("load", text)
        if res.get("ok"):
            self.has_save = True
            return
        self.set_save_aside(text, res.get("error") or {})

    async def check_save_later(self, text):
        """The check of a save that a game dealt at once (?new=1) replaced: made
        after the deal, so that the first table is not kept waiting (issue 39), with
        check_save, which leaves the new game in the engine. An unreadable one is moved
        aside as check_save would have; a readable one was replaced, as it always was."""
        if text is None:
            return
        res = await self.call("check_save", text)
        if not res.get("ok") and (res.get("error") or {}).get("code") == "bad_save":
            self.set_save_aside(text, res["error"])

    def set_save_aside(self, text, error):
        stamp = str(int(window.Date.now()))
        key = self.store.set_aside(text, stamp)
        moved = key != ""
        # a game saved since (check_save_later) stays the one to continue
        self.has_save = moved and self.store.saved_game() is not None
        code = error.get("code")
        params = error.get("params") or {}
        reason = params.get("reason") if code == "bad_save" else code

        def message(cat):
            return cat.t("app.save_unreadable", reason=cat.reason_text(reason))
        self.notices.append(message)
        document.body.dataset.brokenSave = key if moved else ""
        if self.screen == "start":
            self.render_start()

    # ------------------------------------------------------------------ game flow
    def delay(self):
        return M.SPEED_DELAY.get(self.prefs.get("speed"), 0.6)

    def first_delay(self):
        """The bots' wait before their first move: time to take back a discard (ui_forgive)."""
        return F.first_wait(self.delay(), self.prefs.get("speed"), self.snap, self.ui.watch)

    def set_snapshot(self, snap, carry=False):
        """The engine's latest snapshot. A selection is of the hand it was made in: it is
        forgotten when the hand changes, or with ``carry`` (the player's draw) kept on the
        same cards (ui_controls.carry_selection)."""
        old = (self.snap or {}).get("view") or {}
        new = snap.get("view") or {}
        same_deal = old.get("hand_number") == new.get("hand_number")
        if carry and same_deal:
            C.carry_selection(self.ui, old.get("hand") or [], new.get("hand") or [])
        elif old.get("hand") != new.get("hand") or not same_deal:
            self.ui.selected = []
            self.ui.staged = []
        if old.get("hand_number") != new.get("hand_number"):
            self.ui.drawn = []
        self.snap = snap
        self.keep.observe(snap, self.game_id(snap))  # the statistics count a hand once it ends
        self.deals.seen(snap, self.ui.watch)

    async def store_save(self):
        """Keep the game in local storage. Fetched from the engine when the player is to
        act again or the hand ends, not with every bot move: a reload in between resumes
        at the player's last move, and the bots (seeded per decision) play the same. At a
        hand's end the game is kept for replays too (ui_archive), a watched one as well."""
        over = self.snap is not None and bool(self.snap.get("hand_over"))
        if self.snap is None or (self.ui.watch and not over):
            return
        self.saved.clear()  # Continue waits for it: Menu right after a move resumes that move
        try:
            save = await self.call("save")
        finally:
            self.saved.set()
        if save.get("format") is None:
            return  # no game (an error envelope): nothing to keep
        if over:
            self.archive.keep(save, self.snap, window.Date.new().toISOString())  # refused: the hand is not kept
        if self.ui.watch:
            return  # a watched game is not the player's to continue
        if self.store.keep_game(save):
            self.has_save = True
        elif not self.save_failed:
            # Say it once: the game goes on, but a reload would lose it.
            self.save_failed = True
            C.tell(self.ui, self.cat.t("app.save_failed"), "hint")

    def show_table(self):
        self.screen = "table"
        self.rendered = {}
        self.result_shown = False
        self.render()
        window.scrollTo(0, 0)
        # The start screen's button that led here is hidden now: the focus goes to the
        # table's heading (it names the game), not to the page's body (or to the cover's
        # button, which render_cover gave it).
        if self.cover_kind() == CV.TABLE:
            by_id("g-title").focus()
        self.hand_shown_at = None
        self.keep_hand_in_view()

    async def start_game(self, watch):
        # Guarded only while the engine deals (a double click must not deal twice); the
        # bots of a watched hand then play outside the guard, so that Menu and a new
        # start are answered at once.
        if self.starting:
            return
        self.starting = True
        try:
            started = await self._start_game(watch)
        finally:
            self.starting = False
        if started:
            await self.after_move(drawn=True)

    async def _start_game(self, watch):
        """Deals a new game and shows it; False if it could not start (said to the player)."""
        await self.engine_ready.wait()
        if self.engine is None:
            return False
        seed = self.query.get("seed")
        if seed is None or self.seed_used:
            seed = int(window.Math.random() * 2147483647)
        self.seed_used = True
        c = self.choices()
        switches = self.setup.changed_switches(c["variant"], c["players"], c.get("table_switches") or {})
        options = None if watch else self.deals.start_options(EXPERT_THINK_MS)  # a shared deal, or none
        options = options or {"variant": c["variant"], "players": c["players"], "target": c["target"],
                              "switches": switches, "seed": seed,
                              "humans": [] if watch else SE.humans(c, c["players"]),
                              "bot": c["level"], "bots": SE.bot_levels(c, c["players"]) if not watch else c["seat_levels"],
                              "expert_think_ms": EXPERT_THINK_MS}
        res = await self.call("new_game", json.dumps(options))
        if not watch:
            self.deals.started(res, res.get("ok"))
        if not res.get("ok"):
            error = res.get("error")
            self.notices.append(lambda cat: cat.error_text(error))
            self.render()
            return False
        if not watch:
            self.store.keep_names(seed, SE.names(self.cat, c, c["players"]))
            self.keep.begin(self.game_id(res))
        first = await self.bots.opening(res, CV.viewer(res, None), watch)
        self.enter_game(first, watch, dealt=res)
        if not watch:
            self.drop_one_shot_params()
            await self.store_save()
        return True

    def enter_game(self, snap, watch, dealt=None):
        """Shows the game of ``snap``. ``dealt``: the snapshot of the deal when the bots
        have moved since (BotLoop.opening), so that their moves are announced."""
        self.gen += 1
        self.ui = R.UIState()
        self.ui.look = self.prefs["look"]
        self.ui.watch = watch
        self.shown = None  # with several humans, nobody has the device yet (ui_cover)
        self.seat_names = self.store.names(self.game_id(snap))
        self.ui.names = {k: self.name_of(int(k)) for k in self.seat_names} if CV.several(snap) else {}
        self.ui.arranged = [] if CV.several(snap) else A.kept(self.store.arrangement(), self.game_id(snap))
        self.snap = None
        self.set_snapshot(snap)
        # what was played before the player came (a continued game) is not announced
        origin = dealt or snap
        self.heard = ((origin.get("view") or {}).get("hand_number", 0), origin.get("moves", 0))
        self.show_table()

    @staticmethod
    def game_id(snap):
        """What tells one game from another for what the UI keeps beside the save: its seed."""
        return (snap.get("options") or {}).get("seed")

    def drop_one_shot_params(self):
        """After ?new=1 (and its ?seed) started a game, a reload must resume it."""
        search = window.location.search
        rest = M.query_without(search, ("new", "seed", "deal", "daily"))
        if rest != search:
            window.history.replaceState(None, "", window.location.pathname + rest + window.location.hash)

    async def continue_game(self):
        await self.engine_ready.wait()
        await self.saved.wait()  # a save still on its way from the engine
        text = self.store.saved_game()
        if text is None:
            self.has_save = False
            self.render()
            return
        res = await self.call("load", text)
        if not res.get("ok"):
            self.set_save_aside(text, res.get("error") or {})
            self.render()
            return
        self.deals.continued(res["snapshot"])
        self.enter_game(res["snapshot"], False)
        await self.after_move(drawn=True)

    async def after_move(self, drawn=False):
        """After the player's move (or a new deal): the bots play until it is the player's
        turn again, or the hand ends. ``drawn``: the table is drawn already (enter_game
        just did), so it is not built again before the bots' first move."""
        if not drawn:
            self.render_table()
        s = self.snap
        if s is None or s.get("hand_over"):
            self.render_banner()
            return
        if self.ui.watch or not s.get("human_turn"):
            await self.run_bots()
        s = self.snap
        if s is not None and s.get("human_turn") and not s.get("hand_over") and not self.ui.watch:
            self.play_tones("turn")

    def viewer_seat(self):
        """The seat whose snapshots the engine sends back (the human whose table shows)."""
        return CV.viewer(self.snap, self.shown)

    async def run_bots(self):
        await self.bots.run()

    # What the bot loop (ui_bots) needs of the page besides the flow's own methods.
    def now(self):
        return window.performance.now()

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)

    def explain(self, error):
        """An engine refusal, in words, with a link to the rule it enforces."""
        code = error.get("code") if isinstance(error, dict) else ""
        C.tell(self.ui, self.cat.error_text(error), "error", G.ERROR + str(code or ""))

    async def send(self, intent):
        """Play the player's intent (canasta.protocol.ActionRecord): the engine reads it,
        judges it, and either plays it or explains the refusal."""
        if self.ui.busy or self.snap is None:
            return
        self.ui.busy = True
        self.ui.sending = intent.verb
        self.update_game_data()
        mover = self.snap.get("turn")
        viewer = (self.snap.get("view") or {}).get("seat", 0)
        gen = self.gen
        res = await self.call("act", viewer, json.dumps(intent.to_json()))
        self.ui.busy = False
        self.ui.sending = ""
        held = C.take_held(self.ui)
        if gen != self.gen:
            return  # the player left this game meanwhile (Menu)
        if not res.get("ok"):
            error = res.get("error")
            self.explain(error)
            cards = [code for group in intent.groups for code in group]
            if F.mixed_groups(error, intent.verb, cards, I.Intents(self.snap)):
                self.ui.feedback += " " + self.cat.t("forgive.mixed_groups")
            self.render_table()
            return
        if intent.verb != "draw":
            self.clear_selection()
        old = (self.snap.get("view") or {}).get("hand") or []
        self.set_snapshot(res["snapshot"], carry=intent.verb == "draw")
        self.mark_drawn(intent.verb, old)
        self.play_tones("played")
        await self.store_save()
        s = self.snap
        if (held is not None and s.get("human_turn") and s.get("turn") == mover and not s.get("hand_over")
                and not self.ui.watch and self.cover_kind() == CV.TABLE):
            # A press made while this move was on its way, carried out now that it has
            # landed (ui_controls.hold), if the same player still has the table (in
            # pass-and-play the next human's turn is not theirs); a move it sends goes on
            # with the bots itself.
            self.render_table()
            await self.press(held[0], -1, held[1])
            return
        await self.after_move()

    def mark_drawn(self, verb, old):
        """The cards the player just drew are marked until the turn's discard (the new
        hand's cards that the old one lacked)."""
        if verb == "draw":
            left = list(old)
            drawn = []
            for c in (self.snap.get("view") or {}).get("hand") or []:
                if c in left:
                    left.remove(c)
                else:
                    drawn.append(c)
            self.ui.drawn = drawn
        elif verb in ("discard", "take"):
            self.ui.drawn = []

    async def busy_call(self, name, *args):
        """One engine request while the table waits (busy): its answer, or None if it was
        refused (explained to the player) or the player left the game meanwhile."""
        self.ui.busy = True
        gen = self.gen
        res = await self.call(name, *args)
        self.ui.busy = False
        if gen != self.gen:
            return None
        if not res.get("ok"):
            self.refusal(res.get("error"))
            return None
        return res

    async def next_hand(self):
        if self.ui.busy:
            return
        res = await self.busy_call("next_hand", self.viewer_seat())
        if res is None:
            return
        if CV.several(res):
            self.shown = None  # a new deal: the cover first, for whoever plays first
        self.update_dismissed = False
        C.quiet(self.ui)
        self.ui.sheet_hidden = False
        self.set_snapshot(res)
        self.result_shown = False
        await self.store_save()
        await self.after_move()

    # ------------------------------------------------------------------ actions
    async def handle(self, act, el):
        """One click on an element with data-act. A bug here must not leave the page
        stuck: it is reported and the game goes on from the last snapshot."""
        try:
            await self._handle(act, el)
        except Exception as error:
            sys.print_exception(error, sys.stderr)  # a console error: the tests fail on it
            self.ui.busy = False
            if self.screen == "table" and self.snap is not None:
                self.feedback(self.cat.t("errors.internal_error"))

    async def _handle(self, act, el):
        if act == "lang":
            self.set_lang(el.dataset.lang)
        elif act == "update-now":
            if window.canastaUpdate:
                window.canastaUpdate.apply()
        elif act == "update-later":
            self.update_dismissed = True
            self.render_banner()
        elif act == "new":
            if self.has_save:
                self.ask_new(True)  # a saved game: ask before replacing it
            else:
                await self.start_game(False)
        elif act == "new-cancel":
            self.deals.cancel()
            self.ask_new(False)
        elif act == "new-confirmed":
            self.confirm_new = False
            await self.start_game(False)
        elif act == "watch":
            await self.start_game(True)
        elif act == "continue":
            await self.continue_game()
        elif act == "menu":
            self.leave_game()
        elif act == "replay-hand":
            save = await self.call("save")
            if save.get("record"):
                view = (self.snap or {}).get("view") or {}
                await self.open_replay(save["record"], view.get("hand_number"), view.get("seat", 0), self.ui.watch)
        elif act == "replay-kept":
            game = self.archive.find(el.dataset.at)
            if game is not None:
                humans = game.get("humans") or []
                await self.open_replay(game["record"], int(el.dataset.hand), humans[0] if humans else 0,
                                       not humans)
        elif act == "replay-step":
            self.replay_step(el.dataset.step)
        elif act == "replay-close":
            self.close_replay()
        elif act == "dismiss-notices":
            self.notices = []
            self.render_table_notices()
            by_id("g-title").focus()
        elif act == "again":
            options = (self.snap or {}).get("options") or {}
            if options.get("players") in M.PLAYER_COUNTS:
                self.prefs["players"] = options["players"]
            await self.start_game(self.ui.watch)
        elif act == "reasons":
            self.prefs["reasons"] = bool(el.checked)
            self.save_prefs()
            self.rendered = {}
            self.render_table()
            box = by_id("opt-reasons")
            if box:
                box.focus()
        elif act == "pause":
            self.ui.paused = not self.ui.paused
            self.render_table()
            if not self.ui.paused:
                await self.run_bots()
        elif act == "next-hand":
            await self.next_hand()
        elif act in ("sheet-hide", "sheet-show"):
            self.ui.sheet_hidden = act == "sheet-hide"
            self.render_table()
            other = by_id("btn-sheet-show" if self.ui.sheet_hidden else "btn-sheet-hide")
            if other:
                other.focus()
        elif act == "cover-ok":
            await self.take_device()
        elif act in ("answer-yes", "answer-no"):
            if self.needs_answer() or self.cover_kind() == CV.ASK:
                self.dialog.close()
                await self.send(P.ActionRecord("answer", answer="yes" if act == "answer-yes" else "no"))
        elif act == "answer-hint":
            await self.answer_hint()
        elif act in ("help", "settings", "sheet-close", "mute"):
            self.eye_action(act)
        elif act.startswith("keep-") or act.startswith("stats-"):
            await self.keep.handle(act)
        elif act in DF.ACTS:
            await self.deals.handle(act, el)
        elif self.screen == "table" and self.snap is not None and not self.ui.watch and self.cover_kind() == CV.TABLE:
            await self.press(act, *C.click_args(act, el.dataset))

    def ask_new(self, asking):
        """Show (or take back) the question before a new game replaces the saved one; the
        focus goes to the button that keeps the game, then back to "New game"."""
        self.confirm_new = asking
        self.render_start()
        button = by_id("btn-keep" if asking else "btn-new")
        if button:
            button.focus()

    def leave_game(self):
        self.gen += 1
        self.dialog.close()
        self.screen = "start"
        self.update_dismissed = False
        self.rendered = {}
        self.render()

    async def press(self, act, index=-1, target=""):
        """Carry out what a press of ``act`` on the table means (ui_controls.command;
        ``index``: a card's or staged group's; ``target``: the meld tapped)."""
        tb = R.Table(self.cat, self.snap, self.ui)
        cmd = C.command(act, tb, self.ui, index, target)
        if cmd[0] == "render":
            self.render_table()
        elif cmd[0] == "say":
            self.feedback(C.said(cmd, tb), "hint")
        elif cmd[0] == "send":
            intent = cmd[1]
            if intent.verb == "discard" and not F.confirm_discard(self.ui, self.prefs, list(self.ui.selected)):
                self.feedback(self.cat.t("forgive.armed", card=self.cat.card_name((intent.groups or [[""]])[0][0])),
                              "hint")
                return
            await self.send(intent)
        elif cmd[0] == "undo":
            await self.undo()
        elif cmd[0] == "hint":
            await self.hint(tb)

    def clear_selection(self):
        C.clear(self.ui)

    async def undo(self):
        """Take back the player's last move (the engine's ``undo``: canasta.undo decides
        what may come back). A new generation stops the bots waiting to answer a discard;
        a refusal is explained and the game goes on from the engine's snapshot."""
        self.gen += 1
        viewer = (self.snap.get("view") or {}).get("seat", 0)
        self.ui.busy = True
        res = await self.call("undo", viewer)
        if not res.get("ok"):
            snap = await self.call("snapshot", viewer)
            self.ui.busy = False
            if snap.get("ok"):
                self.set_snapshot(snap)
            self.refusal(res.get("error"))
            await self.after_move()
            return
        self.ui.busy = False
        self.clear_selection()
        self.set_snapshot(res["snapshot"])
        C.tell(self.ui, F.undone_text(self.cat, res.get("undone", "")), "hint")
        await self.store_save()
        await self.after_move()

    async def hint(self, tb):
        """The expert's suggestion for this turn, with its reason; the cards it would play
        are selected (groups beyond the first set aside, as "+ New meld" does) and its
        button is marked, but nothing is played until the player clicks."""
        self.ui.busy = True  # the actions wait while the expert thinks
        self.feedback(self.cat.t("hints.thinking"), "hint")
        res = await self.busy_call("hint", tb.viewer)
        if res is None:
            return
        try:
            record = P.ActionRecord.from_json(res.get("hint"))
        except P.ProtocolError:
            record = None
        if record is not None:
            self.ui.staged, self.ui.selected = I.hint_selection(tb.hand, record)
            self.ui.suggested = record.verb if record.verb not in ("answer",) else ""
        reason = res.get("reason") if isinstance(res.get("reason"), dict) else {}
        self.feedback(self.cat.hint_text(res), "hint", G.REASON + str(reason.get("code") or ""))

    async def answer_hint(self):
        """The expert's suggestion for the answer to the partner's "may I go out?", shown
        in the dialog (the table's Hint button is behind it); nothing is answered."""
        if not self.needs_answer():
            return
        self.dialog.say(self.cat.t("hints.thinking"))
        gen = self.gen
        # Not busy_call: the table must not turn busy, which would close the dialog.
        res = await self.call("hint", (self.snap.get("view") or {}).get("seat", 0))
        if gen != self.gen or not self.needs_answer():
            return
        if not res.get("ok"):
            self.dialog.say(self.cat.error_text(res.get("error")))
            return
        self.dialog.hint = res
        self.dialog.say(self.cat.hint_text(res))

    def catalog(self, lang):
        """The catalog of one of ui_text.LANGS, parsed the first time it is asked for."""
        if lang not in self.catalogs:
            self.catalogs[lang] = ui_text.Catalog.from_json(lang, read_text("i18n/" + lang + ".json"))
        return self.catalogs[lang]

    def set_lang(self, lang):
        if lang not in ui_text.LANGS:
            return
        self.prefs["lang"] = lang
        self.save_prefs()
        self.cat = self.catalog(lang)
        focus_id = focused_id()
        self.rendered = {}
        self.render()
        refocus(focus_id)

    # ------------------------------------------------------------------ start
    async def load_guide(self):
        """The guide's links (guide/links.json), fetched beside the engine's start: until
        they arrive, or if they cannot be read, the game shows no "Why?" links."""
        try:
            res = await window.fetch("./guide/links.json")
            if not res.ok:
                raise ValueError("HTTP " + str(res.status))
            data = json.loads(await res.text())
        except Exception as error:
            print("could not read the guide's links", error)
            return
        self.guide = G.Guide(data)
        # Only the regions whose drawing now has "Why?" links are replaced (render compares
        # each region's HTML); forgetting what was drawn replaced every region, the hand's
        # and the melds' cards too, when the links came with a table up (issue 39).
        self.render()

    def early_choice(self):
        """The start screen's plain-HTML buttons (index.html, shell.js), there before this
        UI: a press on one ("new" or "continue") is honoured once the engine is up (issue
        39); while it waits they stay, showing it, and this UI's menu is hidden. Without a
        press they give way to this UI's menu at once."""
        menu = by_id("early-menu")
        if menu is None:
            return None
        menu.dataset.done = "1"
        choice = getattr(window, "canastaEarly", None)  # undefined: no attribute at all
        if choice in ("new", "continue"):
            self.menu.hidden = True
            return str(choice)
        menu.remove()
        return None

    async def boot(self):
        self.build_page()
        await asyncio.sleep(0)  # the page's structure, then its first drawing: two tasks, not one long one
        early = self.early_choice()
        self.render()
        asyncio.create_task(self.load_guide())
        # A game dealt at once (no deal link, which asks before replacing a save): the
        # deal comes first, the saved game's check after it, and the start menu is not
        # drawn again only to be left.
        direct = self.deals.pending is None and bool(self.query.get("new")) and not self.query.get("watch")
        replaced = self.store.saved_game() if direct else None
        await self.start_engine(check=not direct)
        if not direct:
            self.render()
        document.body.dataset.ui = "ready"
        if early:
            by_id("early-menu").remove()
            self.menu.hidden = False
        if await self.deals.open_pending():
            pass  # a deal from the link (ui_deal_flow): started, or asking first
        elif self.query.get("watch"):
            await self.start_game(True)
        elif self.query.get("new"):
            await self.start_game(False)
            if direct and self.snap is None:  # no deal: the save is still the one to continue
                await self.check_save()
                self.render()
            elif direct:
                await self.check_save_later(replaced)
        elif early:
            await self._handle(early, None)

