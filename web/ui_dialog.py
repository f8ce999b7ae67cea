# The partner's question "may I go out?" as a modal dialog: one job, the dialog. It opens
# when the player must answer and closes otherwise; Escape does not dismiss it (the
# partner waits for an answer), the focus stays on its buttons, and it has its own Hint
# (the table's is behind it). Its buttons carry data-act like every other control, so
# the page's one click handler answers them.

BUTTONS = ("answer-yes", "answer-no", "answer-hint")


class AskDialog:
    def __init__(self, document, create_proxy, needs_answer):
        """Build the dialog into the page; ``needs_answer()`` tells whether the player
        must answer now (the dialog reopens if closed while that holds)."""
        self.document = document
        self.needs_answer = needs_answer
        self.hint = None  # the expert's suggestion shown, if any (the host's hint reply)
        self.wanted = False  # open because the player must answer
        el = document.createElement("dialog")
        el.id = "ask-dialog"
        el.className = "ask-dialog"
        el.setAttribute("aria-labelledby", "ask-title")
        el.setAttribute("aria-describedby", "ask-text")
        el.innerHTML = ('<h2 id="ask-title"></h2><p id="ask-text"></p>'
                        '<p id="ask-hint" class="ask-hint" role="status" hidden></p><div class="dialog-buttons">'
                        '<button type="button" class="btn primary" id="answer-yes" data-act="answer-yes"></button>'
                        '<button type="button" class="btn" id="answer-no" data-act="answer-no"></button>'
                        '<button type="button" class="btn" id="answer-hint" data-act="answer-hint"></button></div>')
        document.body.appendChild(el)
        el.addEventListener("cancel", create_proxy(self.on_cancel))
        el.addEventListener("close", create_proxy(self.on_close))
        self.el = el

    def _get(self, name):
        return self.document.getElementById(name)

    @property
    def is_open(self):
        return bool(self.el.open)

    def texts(self, cat):
        """Its words in the player's language (the hint too, if one is shown)."""
        self._get("ask-title").textContent = cat.t("dialogs.ask_title")
        self._get("ask-text").textContent = cat.t("dialogs.ask_text")
        self._get("answer-yes").textContent = cat.t("actions.answer_yes")
        self._get("answer-no").textContent = cat.t("actions.answer_no")
        self._get("answer-hint").textContent = cat.t("actions.hint")
        if self.hint is not None:
            self._get("ask-hint").textContent = cat.hint_text(self.hint)

    def sync(self, show):
        """Open it (a fresh question: no hint yet) when ``show``, else close it."""
        if show:
            if not self.el.open:
                self.wanted = True
                self.hint = None
                self._get("ask-hint").hidden = True
                self.el.showModal()
                self._get("answer-yes").focus()
        elif self.el.open:
            self.close()

    def close(self):
        self.wanted = False
        if self.el.open:
            self.el.close()

    def say(self, text):
        """A line in the dialog: the hint while the expert thinks, then its suggestion."""
        box = self._get("ask-hint")
        box.textContent = text
        box.hidden = False

    def on_cancel(self, event):
        # Escape must not dismiss the question: the partner waits for an answer.
        event.preventDefault()

    def on_close(self, event):
        if self.wanted and self.needs_answer():
            # Closed without an answer (e.g. a second Escape that the browser does not
            # let the page cancel): ask again.
            self.el.showModal()
            self._get("answer-yes").focus()

    def trap_key(self, event):
        """Keep Tab on the dialog's buttons while it is open; True if it handled the key."""
        if not self.el.open:
            return False
        if event.key == "Tab":
            first, last = self._get(BUTTONS[0]), self._get(BUTTONS[-1])
            active = self.document.activeElement
            if event.shiftKey and active == first:
                event.preventDefault()
                last.focus()
            elif not event.shiftKey and active == last:
                event.preventDefault()
                first.focus()
            elif not active or active.id not in BUTTONS:
                event.preventDefault()
                first.focus()
        return True
