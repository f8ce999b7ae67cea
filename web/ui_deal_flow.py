# The page's side of shared deals (issue 41; the pure parts are ui_deal's): a deal link
# or ?daily= opened, "Share this deal", "Play this deal again", the deal of the day's
# button, each finished hand's result kept, and the expert's score on a deal computed in
# a second engine worker (window.canastaEngine.helper(), engine.js) while the player
# plays: the player's own engine never waits for it.
#
# ui_app.py's App holds one DealFlow; it asks it for a pending deal's options when a game
# starts (start_options), tells it of each snapshot (seen) and of a started game
# (started), and hands it the clicks of ui_deal's buttons (handle).

import asyncio
import json

import protocol as P
import ui_deal as DL

#: The clicks this module answers (data-act).
ACTS = ("share", "share-copy", "share-web", "share-close", "deal-again", "daily")


class DealFlow:
    def __init__(self, app, window, document):
        self.app = app
        self.window = window
        self.document = document
        self.history = DL.History(app.store)
        self.pending = None      # {"kind", "deal" or None, "date"}: the next game to start
        self.marker = {}         # the game in progress: {"game", "play", "kind", "code", "date"}
        self.computing = set()   # deal codes whose expert's score is being computed
        self.sheet = None
        self.opener = None

    # ------------------------------------------------------------------ links
    def read_query(self, query, notices):
        """?deal=<code> or ?daily=YYYY-MM-DD (ui_model checked their shape): the deal to
        open once the engine is up, or a notice saying why the link opens nothing."""
        if "deal" in query:
            deal = DL.decode(query["deal"])
            if deal is None:
                notices.append(("deal.bad_link", {}))
            else:
                self.pending = {"kind": "shared", "deal": deal, "date": ""}
        elif "daily" in query:
            self.pending = {"kind": "daily", "deal": None, "date": query["daily"]}

    @staticmethod
    def problem_notice(name, value):
        """The notice for a malformed ?deal= or ?daily= (None for another parameter)."""
        if name == "deal":
            return ("deal.bad_link", {})
        if name == "daily":
            return ("deal.bad_date", {"value": value})
        return None

    async def open_pending(self):
        """At boot, a deal from the link: started at once, or, over a saved game, after
        the usual confirmation (the saved game is never replaced without it)."""
        if self.pending is None:
            return False
        if not await self.resolve_daily():
            self.app.render()
            return False
        if self.app.has_save:
            self.app.notices.append(("deal.replace", {}))
            self.app.ask_new(True)
            self.app.render_start()
            return True
        await self.app.start_game(False)
        return True

    async def resolve_daily(self):
        """The deal of the day's seed, from the engine (sha256 of the date: canasta.duplicate)."""
        p = self.pending
        if p is None or p["deal"] is not None:
            return True
        res = await self.app.call("daily", p["date"])
        if not res.get("ok"):
            self.pending = None
            self.app.notices.append(("deal.bad_date", {"value": p["date"]}))
            return False
        p["deal"] = DL.daily_deal(res["seed"])
        return True

    def cancel(self):
        self.pending = None

    def start_options(self, think_ms):
        """The new_game options of the pending deal (then no longer pending), or None."""
        p = self.pending
        if p is None or p["deal"] is None:
            return None
        return DL.game_options(p["deal"], think_ms)

    def started(self, snap, ok):
        """A game started (``ok``) or was refused: the marker of where it came from."""
        p = self.pending
        self.pending = None
        if ("deal.replace", {}) in self.app.notices:
            self.app.notices.remove(("deal.replace", {}))  # said before the question: answered now
        if not ok:
            return
        kind = p["kind"] if p else ""
        deal = DL.from_snapshot(snap)
        self.marker = {"game": (snap.get("options") or {}).get("seed"), "play": self.new_play_id(),
                       "kind": kind, "code": DL.encode(deal) if deal else "", "date": p["date"] if p else ""}
        self.app.store.set(DL.GAME_KEY, json.dumps(self.marker))
        self.expert_if_needed()

    def continued(self, snap):
        """A saved game loaded: its marker if it is this game's, else a new one (a game
        from before this feature: its results are kept from now on)."""
        seed = (snap.get("options") or {}).get("seed")
        text = self.app.store.get(DL.GAME_KEY)
        try:
            marker = json.loads(text) if text else {}
        except Exception:
            marker = {}
        if not isinstance(marker, dict) or marker.get("game") != seed:
            marker = {"game": seed, "play": self.new_play_id(), "kind": "", "code": "", "date": ""}
            self.app.store.set(DL.GAME_KEY, json.dumps(marker))
        self.marker = marker
        self.expert_if_needed()

    def new_play_id(self):
        return str(int(self.window.Date.now())) + "-" + str(int(self.window.Math.random() * 1000000))

    # ------------------------------------------------------------------ results
    def seen(self, snap, watch):
        """Each snapshot: a finished hand's score is kept under its deal (once per play)."""
        if watch or not snap.get("hand_over") or not self.marker:
            return
        deal = DL.from_snapshot(snap)
        result = self.hand_result(snap)
        if deal is None or result is None:
            return
        date = self.marker.get("date", "") if DL.encode(deal) == self.marker.get("code") else ""
        self.history.add_play(DL.encode(deal), self.marker.get("play"), result, date)

    @staticmethod
    def hand_result(snap):
        """[the player's side's hand total, the best other side's] (canasta.scoring's sheet)."""
        sheet = [line for line in snap.get("last_hand") or [] if isinstance(line, dict)]
        seat = (snap.get("view") or {}).get("seat", 0)
        if not sheet:
            return None
        side = seat % len(sheet)
        us = [line.get("total") for line in sheet if line.get("side") == side]
        them = [line.get("total") for line in sheet if line.get("side") != side]
        return DL.valid_result([us[0], max(them)]) if us and them else None

    def result_html(self, tb):
        """The score sheet's deal section (ui_deal.result_section)."""
        if tb.ui.watch or not tb.hand_over:
            return ""
        deal = DL.from_snapshot(tb.snap)
        if deal is None:
            return ""
        code = DL.encode(deal)
        from_deal = code == self.marker.get("code") and self.marker.get("kind") in DL.KINDS
        facts = DL.duplicate_facts(self.history.entry(code), self.marker.get("play"))
        daily = self.marker.get("date", "") if from_deal and self.marker.get("kind") == "daily" else ""
        return DL.result_section(tb.cat, facts, from_deal and facts[1] is None, daily)

    def expert_if_needed(self):
        """A hand from a deal whose expert's score is not known yet: work it out in the
        background."""
        code = self.marker.get("code")
        if (self.marker.get("kind") not in DL.KINDS or not code or code in self.computing
                or self.history.entry(code).get("expert") is not None):
            return
        deal = DL.decode(code)
        if deal is not None:
            self.computing.add(code)
            asyncio.create_task(self.compute_expert(code, deal))

    async def compute_expert(self, code, deal):
        """The expert's score on ``deal`` (canasta.duplicate.expert_result) in a second
        engine worker, started now and ended when done: the player's engine (and so the
        player's moves and the bots' turns) never waits for it."""
        helper = None
        body = self.document.body
        body.dataset.expert = "running"
        try:
            helper = self.window.canastaEngine.helper()
            options = DL.game_options(deal, None)
            options.pop("expert_think_ms", None)
            res = await P.request(helper, "expert_result", json.dumps(options), deal["seat"])
        except Exception as error:
            res = P.error_reply("worker_exception", str(error))
        finally:
            if helper is not None:
                helper.terminate()
            self.computing.discard(code)
        if res.get("ok"):
            self.history.set_expert(code, [res["score"], res["against"]])
            body.dataset.expert = "done"
        else:
            print("the expert's score could not be worked out:", (res.get("error") or {}).get("message"))
            body.dataset.expert = "failed"
        app = self.app
        if app.screen == "table" and app.snap is not None and app.snap.get("hand_over"):
            app.render_table()

    # ------------------------------------------------------------------ clicks
    async def handle(self, act, el):
        app = self.app
        if act == "daily":
            self.pending = {"kind": "daily", "deal": None, "date": self.today()}
            if not await self.resolve_daily():
                app.render()
                return
            if app.has_save:
                app.ask_new(True)
            else:
                await app.start_game(False)
        elif act == "deal-again":
            deal = DL.from_snapshot(app.snap or {})
            if deal is None:
                return
            # The same hand of the same game (its settings, its hand number and the scores
            # it was dealt with: a later hand's initial-meld minimum depends on them), not a
            # one-hand game: the hand is played exactly as before, and the game goes on
            # after it like any game. The player chose this on the score sheet, where the
            # hand is over: the game being replaced is the one they just played.
            self.pending = {"kind": "again", "deal": deal, "date": self.marker.get("date", "")}
            await app.start_game(False)
        elif act == "share":
            self.open_sheet()
        elif act == "share-copy":
            await self.copy()
        elif act == "share-web":
            await self.web_share()
        elif act == "share-close":
            if self.sheet is not None and self.sheet.open:
                self.sheet.close()

    def today(self):
        now = self.window.Date.new()
        return DL.date_of(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))

    def link(self):
        loc = self.window.location
        deal = DL.from_snapshot(self.app.snap or {})
        return DL.link(str(loc.origin) + str(loc.pathname), deal) if deal else ""

    def build(self, overlay, create_proxy):
        self.sheet = overlay("dialog", "share-sheet", ("aria-labelledby", "share-title"), "")
        self.sheet.classList.add("eye-sheet")
        self.sheet.addEventListener("close", create_proxy(self.on_closed))

    def open_sheet(self, said=""):
        if self.sheet is None or self.app.snap is None:
            return
        nav = self.window.navigator
        can_share = bool(getattr(nav, "share", None))
        self.sheet.innerHTML = DL.share_sheet(self.app.cat, self.link(), can_share, said)
        if not self.sheet.open:
            self.opener = self.document.activeElement
            self.sheet.showModal()
        field = self.document.getElementById("btn-copy")
        if field:
            field.focus()

    def say(self, text):
        el = self.document.getElementById("share-said")
        if el:
            el.textContent = text

    async def copy(self):
        """navigator.clipboard, or, where it is refused, the link selected in its field
        for the player to copy (said so)."""
        url = self.link()
        try:
            await self.window.navigator.clipboard.writeText(url)
            self.say(self.app.cat.t("deal.copied"))
            self.document.body.dataset.copied = url
        except Exception:
            field = self.document.getElementById("share-link")
            if field:
                field.focus()
                field.select()
            self.say(self.app.cat.t("deal.copy_failed"))

    async def web_share(self):
        data = self.window.Object.new()
        data.title = self.app.cat.t("deal.share_title")
        data.url = self.link()
        try:
            await self.window.navigator.share(data)
        except Exception as error:  # the player closed the share sheet: nothing to say
            print("share:", error)

    def on_closed(self, event=None):
        opener = self.opener
        self.opener = None
        if opener and not opener.isConnected and opener.id:
            opener = self.document.getElementById(opener.id)
        if opener and opener.isConnected:
            opener.focus()
