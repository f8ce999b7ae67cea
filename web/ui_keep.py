# Keeping games and statistics (issue 41): a game saved as a file and opened again (the
# engine writes and checks the file: canasta.recordfile through the host's export_record
# and read_record_file), and the statistics sheet (ui_stats) with its export, import and
# reset. The pure part writes HTML and messages (tests/web); the Keep class carries out
# the start screen's buttons, the file picker and a file dropped on the page.
#
# A file is only checked when it is opened: the game in progress and the saves stay as
# they were until the player chooses "Continue this game" (asked first when it replaces a
# game in progress), and a refused file says what was wrong. "Replay it" calls the page's
# REPLAY_HOOK (the replay screen's) with the file's record, when the page has one.

import asyncio
import json

import ui_model as M
import ui_render as R
import ui_stats as T

#: The App method that opens the replay screen on a game's record (App.open_replay(record, hand, seat));
#: the "Replay it" button shows only when the page has it and the file holds a finished hand.
REPLAY_HOOK = "open_replay"
#: A file larger than this is refused before it is read (the engine reads at most 2 MB).
MAX_FILE = 2000000
FILE_ACCEPT = ".json,application/json"


def seat_names(cat, players, sides):
    """The names written in a file: each seat as the player knows it ("You", "Partner", ...)."""
    return [cat.t(M.seat_role(seat, 0, players, False, sides)) for seat in range(players)]


def refused_text(cat, name, error):
    """Why a file was not opened, and that nothing was lost."""
    return cat.t("keep.refused", name=name, reason=cat.error_text(error))


def start_box(cat, has_save, pending=None, confirming=False, can_replay=False, message="", kind="error"):
    """The start screen's part for files and statistics: the statistics, opening a game
    file (or dropping one on the page), saving the game in progress as a file, what
    happened to the last file (``message``: an "error" or "done"), and once a file is
    read, what it holds and what to do with it."""
    out = ['<section class="keep-box" id="keep-box" aria-labelledby="keep-title"><h2 id="keep-title" class="keep-title">'
           + R.esc(cat.t("keep.title")) + '</h2><div class="keep-buttons">'
           '<button type="button" class="btn" id="btn-stats" data-act="stats-open" aria-haspopup="dialog">'
           + R.esc(cat.t("stats.open")) + '</button>'
           '<label class="btn file-btn" for="keep-file">' + R.esc(cat.t("keep.open"))
           + '<input type="file" id="keep-file" name="keep-file" class="file-input" accept="' + FILE_ACCEPT + '"></label>']
    if has_save:
        out.append('<button type="button" class="btn" id="btn-export" data-act="keep-export">'
                   + R.esc(cat.t("keep.export")) + '</button>')
    out.append('</div><p class="field-note keep-drop">' + R.esc(cat.t("keep.drop")) + '</p>'
               '<p id="keep-message" class="keep-message ' + kind + '" role="alert"' + ('' if message else ' hidden')
               + '>' + R.esc(message) + '</p>')
    if pending is not None:
        out.append(pending_panel(cat, pending, has_save, confirming, can_replay))
    out.append('</section>')
    return "".join(out)


def summary_text(cat, summary):
    scores = " – ".join(str(s) for s in summary.get("scores") or [])
    key = "keep.summary_over" if summary.get("game_over") else "keep.summary"
    return cat.t(key, variant=R.variant_name(cat, None, summary.get("variant", "")),
                 players=summary.get("players", ""), hands=summary.get("hands_finished", 0), scores=scores,
                 started=str(summary.get("started", ""))[:10], exported=str(summary.get("exported", ""))[:10])


def pending_panel(cat, pending, has_save, confirming, can_replay):
    """A file read and found sound: what it holds, and Continue / Replay / Close (or the
    question before it replaces the game in progress)."""
    summary = pending["summary"]
    out = ['<div class="keep-panel" id="keep-panel" role="group" aria-labelledby="keep-file-title">'
           '<h3 id="keep-file-title" tabindex="-1">' + R.esc(cat.t("keep.file_title", name=pending["name"])) + '</h3>'
           '<p>' + R.esc(summary_text(cat, summary)) + '</p>'
           '<p>' + R.esc(cat.t("keep.names", names=", ".join(summary.get("names") or []))) + '</p>']
    if confirming and has_save:
        out.append('<p class="confirm-text" id="keep-confirm-text">' + R.esc(cat.t("keep.confirm_replace")) + '</p>'
                   '<div class="menu-buttons confirm" role="group" aria-labelledby="keep-confirm-text">'
                   '<button type="button" class="btn primary" id="keep-keep" data-act="keep-cancel-replace">'
                   + R.esc(cat.t("app.confirm_new_no")) + '</button>'
                   '<button type="button" class="btn" id="keep-replace" data-act="keep-replace">'
                   + R.esc(cat.t("keep.replace_yes")) + '</button></div>')
    else:
        out.append('<div class="menu-buttons">')
        if not summary.get("game_over"):
            out.append('<button type="button" class="btn primary" id="keep-continue" data-act="keep-continue">'
                       + R.esc(cat.t("keep.continue")) + '</button>')
        if can_replay and summary.get("hands_finished"):  # a file with no finished hand has nothing to replay
            out.append('<button type="button" class="btn" id="keep-replay" data-act="keep-replay">'
                       + R.esc(cat.t("keep.replay")) + '</button>')
        out.append('<button type="button" class="btn" id="keep-close" data-act="keep-close">'
                   + R.esc(cat.t("keep.close")) + '</button></div>')
    out.append('</div>')
    return "".join(out)


class Keep:
    """The start screen's files and the statistics sheet, for the page (main.App)."""

    def __init__(self, app, document, window, create_proxy):
        self.app = app
        self.document = document
        self.window = window
        self.pending = None      # a file read and found sound: {"name", "save", "summary"}
        self.confirming = False  # "Continue this game" over a game in progress is asking
        self.stats_message = ""
        self.message = None      # what happened to the last file: (cat -> text, "error" or "done")
        stats, broken = T.StatsStore(app.store).load(self.stamp())
        self.stats = stats
        if broken:
            app.notices.append(("stats.unreadable", {"key": broken}))
        self.sheet = self._dialog("stats-sheet", "stats-title")
        self.confirm = self._dialog("stats-confirm", "stats-confirm-title")
        self.confirm.setAttribute("role", "alertdialog")
        self.confirm.setAttribute("aria-describedby", "stats-confirm-text")
        self.confirm.addEventListener("close", create_proxy(self.on_confirm_closed))
        document.addEventListener("dragover", create_proxy(self.on_drag_over))
        document.addEventListener("dragleave", create_proxy(self.on_drag_leave))
        document.addEventListener("drop", create_proxy(self.on_drop))

    def _dialog(self, id_, title):
        el = self.document.createElement("dialog")
        el.id = id_
        el.className = "eye-sheet stats-sheet " + id_
        el.setAttribute("aria-labelledby", title)
        self.document.body.appendChild(el)
        return el

    def stamp(self):
        return str(int(self.window.Date.now()))

    def now(self):
        """The date and time now, as ISO 8601 in UTC (the engine has no clock)."""
        return str(self.window.Date.new().toISOString())

    # ------------------------------------------------------------------ the start screen
    def html(self, cat, has_save):
        text, kind = (self.message[0](cat), self.message[1]) if self.message else ("", "error")
        return start_box(cat, has_save, self.pending, self.confirming, hasattr(self.app, REPLAY_HOOK), text, kind)

    def focus(self, name):
        el = self.document.getElementById(name)
        if el:
            el.focus()

    def rerender(self, focus=""):
        self.app.render_start()
        if focus:
            self.focus(focus)

    def tell(self, text, kind="error"):
        """Say what happened to a file on the start screen (``text``: cat -> words)."""
        self.message = (text, kind)
        self.rerender()

    async def handle(self, act):
        """A click on one of this part's buttons (data-act "keep-..." or "stats-...")."""
        if act == "keep-export":
            await self.export_game()
        elif act == "keep-continue":
            if self.app.has_save:
                self.confirming = True
                self.rerender("keep-keep")
            else:
                await self.continue_file()
        elif act == "keep-replace":
            await self.continue_file()
        elif act == "keep-cancel-replace":
            self.confirming = False
            self.rerender("keep-continue")
        elif act == "keep-close":
            self.pending = None
            self.message = None
            self.confirming = False
            self.rerender("btn-stats")
        elif act == "keep-replay":
            hook = getattr(self.app, REPLAY_HOOK, None)
            if hook is not None and self.pending is not None:
                # the replay screen takes the game's record, seen from the first person's seat
                save = self.pending["save"]
                humans = (save.get("options") or {}).get("humans") or [0]
                await hook(save["record"], self.pending["summary"].get("hands_finished") or None, humans[0])
        elif act == "stats-open":
            self.open_stats()
        elif act == "stats-close":
            self.sheet.close()
        elif act == "stats-export":
            self.export_stats()
        elif act == "stats-reset":
            self.confirm.innerHTML = T.confirm_reset(self.app.cat)
            self.confirm.showModal()
            self.focus("stats-reset-no")
        elif act == "stats-reset-no":
            self.confirm.close()
        elif act == "stats-reset-yes":
            self.confirm.close()
            self.reset_stats()

    def download(self, text, name):
        a = self.document.createElement("a")
        a.href = "data:application/json;charset=utf-8," + str(self.window.encodeURIComponent(text))
        a.download = name
        a.hidden = True
        self.document.body.appendChild(a)
        a.click()
        a.remove()

    async def export_game(self):
        """The saved game as a file: the save is loaded into the engine (the game Continue
        would resume) and the engine writes the file."""
        app = self.app
        text = app.store.saved_game()
        if text is None:
            return
        res = await app.call("load", text)
        if res.get("ok"):
            options = res["snapshot"].get("options") or {}
            players = options.get("players", 2)
            sides = len(res["snapshot"].get("scores") or [0, 0])
            exported = self.now()
            started = self.stats_started(options.get("seed")) or exported
            meta = {"names": seat_names(app.cat, players, sides), "started": started, "exported": exported}
            res = await app.call("export_record", json.dumps(meta))
        if not res.get("ok"):
            error = res.get("error")
            self.tell(lambda cat: cat.t("keep.export_failed", reason=cat.error_text(error)))
            return
        self.download(res["text"], res["name"])
        name = res["name"]
        self.tell(lambda cat: cat.t("keep.exported", name=name), "done")

    def stats_started(self, game_id):
        game = self.stats.get("game")
        if isinstance(game, dict) and game.get("id") == game_id and isinstance(game.get("started"), str):
            return game["started"]
        return ""

    async def read_files(self, files):
        """The first of the chosen (or dropped) files, as text; None if there is none or
        it cannot be read (said to the player)."""
        if files is None or not files.length:
            return None, ""
        file = files.item(0)
        name = str(file.name)
        if file.size > MAX_FILE:
            self.tell(lambda cat: refused_text(cat, name, {"code": "file_malformed"}))
            return None, name
        try:
            text = str(await file.text())
        except Exception:
            self.tell(lambda cat: refused_text(cat, name, {"code": "file_malformed"}))
            return None, name
        return text, name

    async def open_file(self, files):
        """A game file chosen or dropped: checked by the engine (nothing else changes)."""
        await self.app.engine_ready.wait()
        text, name = await self.read_files(files)
        if text is None:
            return
        res = await self.app.call("read_record_file", text)
        if not res.get("ok"):
            error = res.get("error")
            self.pending = None
            self.tell(lambda cat: refused_text(cat, name, error))
            return
        self.message = None
        self.pending = {"name": name, "save": res["save"], "summary": res["summary"]}
        self.confirming = False
        self.rerender("keep-file-title")
        el = self.document.getElementById("keep-panel")
        if el:
            el.scrollIntoView()

    async def continue_file(self):
        """Continue the file's game: loaded by the engine first, then kept as the save."""
        app = self.app
        if self.pending is None:
            return
        save = self.pending["save"]
        res = await app.call("load", json.dumps(save))
        if not res.get("ok"):
            error = res.get("error")
            name = self.pending["name"]
            self.pending = None
            self.tell(lambda cat: refused_text(cat, name, error))
            return
        self.pending = None
        self.message = None
        self.confirming = False
        app.has_save = app.store.keep_game(save) or app.has_save
        app.enter_game(res["snapshot"], False)
        await app.after_move(drawn=True)

    # ------------------------------------------------------------------ drag and drop
    def _files_dragged(self, event):
        dt = event.dataTransfer
        if dt is None or self.app.screen != "start":
            return False
        types = dt.types
        for i in range(types.length):
            if str(types[i]) == "Files":
                return True
        return False

    def on_drag_over(self, event):
        if self._files_dragged(event):
            event.preventDefault()  # the page takes the file instead of the browser opening it
            self.document.body.classList.add("keep-dropping")

    def on_drag_leave(self, event):
        self.document.body.classList.remove("keep-dropping")

    def on_drop(self, event):
        self.document.body.classList.remove("keep-dropping")
        if self.app.screen != "start" or event.dataTransfer is None:
            return
        event.preventDefault()
        asyncio.create_task(self.open_file(event.dataTransfer.files))

    # ------------------------------------------------------------------ statistics
    def observe(self, snap, game_id):
        """A snapshot arrived: count what it finished (ui_stats.observe), and keep them."""
        if T.observe(self.stats, snap, game_id):
            T.StatsStore(self.app.store).save(self.stats)

    def begin(self, game_id):
        """A new game was dealt: none of its hands are counted yet."""
        T.begin(self.stats, game_id)
        self.stats["game"]["started"] = self.now()
        T.StatsStore(self.app.store).save(self.stats)

    def render_stats(self, focus=""):
        self.sheet.innerHTML = T.sheet(self.app.cat, self.app.setup, self.stats, self.stats_message)
        if focus:
            self.focus(focus)

    def open_stats(self):
        self.stats_message = ""
        self.render_stats()
        self.sheet.showModal()
        self.focus("stats-close")

    def say(self, key, **params):
        self.stats_message = self.app.cat.t(key, **params)
        el = self.document.getElementById("stats-message")
        if el:
            el.textContent = self.stats_message

    def export_stats(self):
        exported = self.now()
        self.download(T.to_file(self.stats, exported), T.file_name(exported))
        self.say("stats.exported", name=T.file_name(exported))

    async def import_stats(self, files):
        text, name = await self.read_files(files)
        if text is None:
            return
        stats = T.read_file(text)
        if stats is None:
            self.say("stats.import_refused", name=name)
            return
        if not T.StatsStore(self.app.store).replace(stats, self.stamp()):
            self.say("stats.storage_refused")
            return
        self.stats = stats
        self.stats_message = self.app.cat.t("stats.imported", name=name)
        self.render_stats("stats-close")

    def reset_stats(self):
        fresh = T.empty()
        if not T.StatsStore(self.app.store).replace(fresh, self.stamp()):
            self.say("stats.storage_refused")
            return
        self.stats = fresh
        self.stats_message = self.app.cat.t("stats.reset_done")
        self.render_stats("stats-close")

    def on_confirm_closed(self, event=None):
        if self.sheet.open:
            self.focus("stats-reset")

    def on_change(self, target):
        """A file input of this part changed; whether it was one."""
        if target.id == "keep-file":
            asyncio.create_task(self.open_file(target.files))
        elif target.id == "stats-file":
            asyncio.create_task(self.import_stats(target.files))
        else:
            return False
        return True

