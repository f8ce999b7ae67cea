# The embed page's live table (embed.html, try and puzzle examples): MicroPython, loaded
# only when the reader chooses to try. It draws the table from the engine's snapshots with
# the game's own renderer and controls (ui_render, ui_controls: the same buttons as the
# game), sends each intent to the engine (host.example_act), and says the engine's
# verdict. It decides no rule. embed-frame.js, which drew the stills, tells the host page
# what happens: this script dispatches "canasta:verdict" on the window for it.
import asyncio
import json
import sys

from pyscript import document
from pyscript import window as _window_module
from pyscript.ffi import create_proxy

window = _window_module.window  # a plain JsProxy (see ui_app.py: methods keep their `this`)

import protocol as P
import ui_controls as C
import ui_render as R
import ui_text

REGIONS = (("g-board", "board"), ("g-staging", "staging-box"), ("g-feedback", "feedback"), ("g-hand", "hand-box"),
           ("g-actions", "actions-box"))


def read_text(path):
    with open(path) as f:
        return f.read()


class Live:
    def __init__(self):
        lang = str(document.documentElement.lang or "en")
        self.cat = ui_text.Catalog.from_json(lang if lang in ui_text.LANGS else "en",
                                             read_text("i18n/" + (lang if lang in ui_text.LANGS else "en") + ".json"))
        self.ui = R.UIState()
        self.snap = None
        self.goal = {}
        self.done = False
        self.table = document.getElementById("ex-table")
        self.caption = document.getElementById("ex-caption")
        self.engine = window.canastaEngine
        self.example_text = None

    def say(self, text, kind="hint"):
        self.ui.feedback = text
        self.ui.feedback_kind = kind
        self.render()

    def render(self):
        if self.snap is None:
            return
        regions = R.regions(self.cat, self.snap, self.ui)
        regions["g-feedback"] = R.esc(self.ui.feedback)
        if self.done:  # nothing left to play: the way back to the position instead of the buttons
            regions["g-actions"] = ('<div class="actions"><button type="button" class="btn act" id="act-restart" '
                                    'data-act="restart">' + R.esc(self.cat.t("embed.again")) + '</button></div>')
        parts = []
        for name, cls in REGIONS:
            html = regions.get(name, "")
            if name == "g-feedback":
                cls = cls + (" " + self.ui.feedback_kind if self.ui.feedback else "")
                parts.append('<p class="' + cls + '" role="alert">' + html + '</p>')
            elif html:
                parts.append('<div class="' + cls + '">' + html + '</div>')
        self.table.innerHTML = "".join(parts)
        self.table.dataset.players = str((self.snap.get("view") or {}).get("players", 4))

    async def call(self, name, *args):
        return await P.request(self.engine, name, *args)

    async def engine_up(self):
        try:
            await self.engine.ready
        except Exception as error:
            self.caption.textContent = self.cat.t("embed.engine_failed", reason=str(error))
            return False
        return True

    async def from_link(self):
        """An example written into the link: the engine checks it and gives its stills,
        drawn here with the game's renderer for embed-frame.js to step through; "Try it"
        then starts the trial without loading anything more."""
        if not await self.engine_up():
            return
        res = await self.call("example_frames", str(document.body.getAttribute("data-encoded")))
        error = P.reply_error(res)
        if error is not None:
            # the catalog's sentence, then the engine's own words on what is wrong (for the author)
            window.canastaEmbedError = self.cat.error_text(error.to_json()) + " " + error.message
            window.dispatchEvent(window.Event.new("canasta:failed"))
            return
        data = res["example"]
        lang = self.cat.lang
        stills = []
        for frame in res["frames"]:
            refusal = frame.get("refusal")
            stills.append({"html": {lang: R.still_html(self.cat, frame["snapshot"])}, "caption": frame["caption"],
                           "action": frame["action"],
                           "refusal": {lang: self.cat.error_text(refusal)} if refusal else None,
                           "players": (frame["snapshot"].get("view") or {}).get("players", 4)})
        window.canastaExampleJSON = json.dumps({"id": "link", "title": data["title"], "mode": data["mode"],
                                                "rule": data.get("rule", ""), "frames": stills})
        self.example_text = json.dumps(data)
        window.addEventListener("canasta:try", create_proxy(self.on_try))
        window.dispatchEvent(window.Event.new("canasta:frames"))

    def on_try(self, event):
        asyncio.create_task(self.start(self.example_text))

    async def start(self, text=None):
        if not await self.engine_up():
            return
        if text is None:
            ident = str(document.body.getAttribute("data-example"))
            text = await (await window.fetch("./examples/" + ident + ".json")).text()
        res = await self.call("example_start", text)
        error = P.reply_error(res)
        if error is not None:
            self.caption.textContent = self.cat.error_text(error.to_json())
            return
        self.goal = res.get("goal") or {}
        self.snap = res["snapshot"]
        document.body.dataset.live = "ready"
        self.say(self.cat.t("embed.your_turn"))
        window.dispatchEvent(window.Event.new("canasta:live"))
        self.table.addEventListener("click", create_proxy(self.on_click))

    def on_click(self, event):
        el = event.target.closest("[data-act]") if event.target and event.target.closest else None
        if el is not None and el.dataset.act:
            asyncio.create_task(self.handle(str(el.dataset.act), el))

    async def handle(self, act, el):
        try:
            await self._handle(act, el)
        except Exception as error:
            sys.print_exception(error, sys.stderr)
            self.ui.busy = False

    async def _handle(self, act, el):
        if act == "restart":
            await self.restart()
            return
        if self.done or self.snap is None:
            return
        tb = R.Table(self.cat, self.snap, self.ui)
        cmd = C.command(act, tb, self.ui, *C.click_args(act, el.dataset))
        if cmd[0] == "render":
            self.render()
        elif cmd[0] == "say":
            self.say(C.said(cmd, tb))
        elif cmd[0] == "send":
            await self.send(cmd[1])
        elif cmd[0] == "hint":
            await self.show_me()

    async def send(self, intent):
        self.ui.busy = True
        res = await self.call("example_act", json.dumps(intent.to_json()))
        self.ui.busy = False
        error = P.reply_error(res)
        if error is not None:
            self.say(self.cat.error_text(error.to_json()), "error")
            return
        self.snap = res["snapshot"]
        verdict = res.get("verdict")
        tries = res.get("tries", 1)
        if verdict == "refused":
            self.say(self.cat.error_text(res.get("error")), "error")
        elif verdict == "solved":
            C.clear(self.ui)
            self.finish(self.cat.t("embed.solved_one") if tries == 1 else self.cat.t("embed.solved", n=tries))
        else:
            C.clear(self.ui)
            key = {"missed": "embed.legal_miss", "stuck": "embed.stuck"}.get(verdict, "embed.progress")
            self.say(self.cat.t(key), "hint" if verdict == "progress" else "error")
        body = document.body
        body.dataset.verdict = str(verdict)
        body.dataset.tries = str(tries)
        window.dispatchEvent(window.Event.new("canasta:verdict"))

    async def restart(self):
        res = await self.call("example_restart")
        if P.reply_error(res) is None:
            self.snap = res["snapshot"]
            self.done = False
            document.body.dataset.live = "ready"
            C.clear(self.ui)
            self.say(self.cat.t("embed.your_turn"))
            window.dispatchEvent(window.Event.new("canasta:live"))

    async def show_me(self):
        res = await self.call("example_show_me")
        if P.reply_error(res) is None:
            self.snap = res["snapshot"]
            C.clear(self.ui)
            self.finish("")

    def finish(self, text):
        self.done = True
        caption = self.goal.get("caption") or {}
        self.caption.textContent = caption.get(self.cat.lang) or caption.get("en") or ""
        document.body.dataset.live = "solved" if text else "shown"
        self.say(text) if text else self.render()


live = Live()
# getAttribute, not dataset: a missing data attribute raises AttributeError in MicroPython
if document.body.getAttribute("data-encoded"):
    await live.from_link()
elif document.body.getAttribute("data-live") == "starting":
    await live.start()  # the reader pressed "Try it"
else:
    # loaded ahead while the page was idle (the host asked: preload): wait for "Try it"
    window.addEventListener("canasta:try", create_proxy(lambda event: asyncio.create_task(live.start())))
