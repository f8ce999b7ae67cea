# The replay screen (issue 41, "Replays"): a finished hand move by move, every hand open,
# with first/back/next/last, the arrow keys, a step counter, each move in words and the
# score sheet at the last step. Everything shown comes from the engine's frames (the
# host's ``replay``: canasta.replay), drawn with the table's own drawing (ui_render) and
# worded as the log words moves (ui_moves): no second model of the rules. Also the start
# screen's list of kept games (ui_archive) and the score sheet's "Replay this hand".
# Pure Python for MicroPython (the page) and CPython (tests/web); ui_app.py puts the
# strings in the page and calls the engine.

import ui_moves as W
import ui_render as R

esc = R.esc

#: The steps, in the order the buttons stand.
STEPS = ("first", "back", "next", "last")
#: The keys that step through a replay, as in a media player.
KEYS = {"ArrowLeft": "back", "ArrowRight": "next", "Home": "first", "End": "last"}
#: Every region of the screen (element ids), in the page's order.
REGIONS = ("rp-head", "rp-controls", "rp-move", "rp-board", "rp-hand", "rp-sheet")
#: The classes of the regions the table's style sheet draws (ui_render.STILL_REGIONS).
CLASSES = {"rp-board": "board", "rp-hand": "hand-box"}


def step_of(key):
    """The step a key asks for ("first", "back", "next", "last"), or None."""
    return KEYS.get(key)


class Replay:
    """One hand being replayed: the engine's frames and the step shown. ``origin`` is the
    screen the player came from ("table" or "start"), where Close goes back to; ``watch``
    names the seats as a watched game does (no "you")."""

    def __init__(self, data, origin="start", watch=False):
        self.frames = list(data.get("frames") or [])
        self.hand = data.get("hand", 1)
        self.hands = data.get("hands", 1)
        self.origin = origin
        self.watch = watch
        self.step = 0

    @property
    def total(self):
        """How many moves the hand had (the deal is step 0)."""
        return max(len(self.frames) - 1, 0)

    @property
    def players(self):
        return ((self.frame().get("snapshot") or {}).get("view") or {}).get("players", 4)

    def go(self, where):
        """Move to the step ``where`` asks for; whether the step changed."""
        old = self.step
        if where == "first":
            self.step = 0
        elif where == "back":
            self.step = max(self.step - 1, 0)
        elif where == "next":
            self.step = min(self.step + 1, self.total)
        elif where == "last":
            self.step = self.total
        return self.step != old

    def can(self, where):
        """Whether ``where`` leads anywhere from this step."""
        return self.step > 0 if where in ("first", "back") else self.step < self.total

    def frame(self):
        return self.frames[self.step] if self.frames else {"snapshot": {}, "move": None}

    def move(self):
        """The log entry of the move just made (None at the deal)."""
        return self.frame().get("move")

    def turn(self):
        """The moves of the current seat's turn up to this step, oldest first (the table
        marks them as the seat's latest turn)."""
        out = []
        k = self.step
        seat = (self.move() or {}).get("seat")
        while k > 0:
            entry = self.frames[k].get("move") or {}
            if entry.get("seat") != seat:
                break
            out.insert(0, entry)
            k -= 1
        return out

    def snapshot(self):
        """The frame's snapshot as the table draws it: with this turn's moves as its log."""
        snap = dict(self.frame().get("snapshot") or {})
        snap["log"] = self.turn()
        return snap

    def table(self, cat):
        ui = R.UIState()
        ui.still = True  # a picture: nothing on the table to press
        ui.watch = self.watch
        return R.Table(cat, self.snapshot(), ui)


def own_ids(html):
    """The table's HTML with its ids (and the references to them) made the replay's own:
    the game's table may be in the page at the same time."""
    return html.replace(' id="', ' id="rp-').replace('aria-labelledby="', 'aria-labelledby="rp-')


def step_text(cat, rp):
    """The step counter: "The deal" or "Move 12 of 57"."""
    if rp.step == 0:
        return cat.t("replay.deal_step", total=rp.total)
    return cat.t("replay.step", n=rp.step, total=rp.total)


def move_text(cat, rp, tb):
    """The step in words: who dealt, or the move just made (the log's wording)."""
    move = rp.move()
    if move is None:
        return cat.t("replay.dealt", name=tb.seat_name(tb.view.get("dealer", 0)))
    seat = move.get("seat", -1)
    return W.move_line(cat, tb.seat_name(seat), move, seat == tb.viewer and not rp.watch)


def head_html(cat, rp):
    return ('<h1 id="rp-title" class="rp-title" tabindex="-1">' + esc(cat.t("replay.title", n=rp.hand))
            + '</h1><p class="rp-note">' + esc(cat.t("replay.all_open")) + '</p>'
            '<button type="button" class="btn small" id="rp-close" data-act="replay-close">'
            + esc(cat.t("replay.close")) + '</button>')


def controls_html(cat, rp):
    """First, back, next, last: a step that leads nowhere is marked disabled but keeps
    the focus (aria-disabled, not disabled), with the counter between them."""
    marks = {"first": "\u00ab", "back": "\u2039", "next": "\u203a", "last": "\u00bb"}  # « ‹ › »: in every font
    out = ['<div class="rp-buttons" role="group" aria-label="' + esc(cat.t("replay.controls")) + '">']
    for where in STEPS:
        if where == "next":
            out.append('<span class="rp-count" id="rp-count">' + esc(step_text(cat, rp)) + '</span>')
        off = '' if rp.can(where) else ' aria-disabled="true"'
        mark = '<span aria-hidden="true">' + marks[where] + '</span>'
        word = esc(cat.t("replay." + where))
        out.append('<button type="button" class="btn rp-step" id="rp-' + where + '" data-act="replay-step" '
                   'data-step="' + where + '"' + off + '>'
                   + (mark + " " + word if where in ("first", "back") else word + " " + mark) + '</button>')
    out.append('</div><p class="rp-keys">' + esc(cat.t("replay.keys")) + '</p>')
    return "".join(out)


def regions(cat, rp):
    """Every region of the screen by element id (REGIONS)."""
    tb = rp.table(cat)
    sheet = ""
    if rp.step == rp.total and tb.hand_over:
        sheet = own_ids(R.result_panel(tb))
    return {
        "rp-head": head_html(cat, rp),
        "rp-controls": controls_html(cat, rp),
        # the counter is heard with the move (it is shown between the buttons)
        "rp-move": '<span class="sr-only">' + esc(step_text(cat, rp)) + ': </span>' + esc(move_text(cat, rp, tb)),
        "rp-board": own_ids(R.board(tb)),
        "rp-hand": own_ids(R.hand_area(tb)),
        "rp-sheet": sheet,
    }


# --------------------------------------------------------------------------- elsewhere

def open_button(cat):
    """The score sheet's "Replay this hand"."""
    return ('<button type="button" class="btn" id="btn-replay" data-act="replay-hand">'
            + esc(cat.t("replay.open")) + '</button>')


def scores_text(scores):
    return " – ".join(str(s) for s in scores or [])


def kept_html(cat, setup, games, when):
    """The start screen's list of kept games, newest first, each with its date (``when(at)``
    writes it in the player's language), game, players and score, and a button per
    finished hand, the latest first. "" when none is kept."""
    if not games:
        return ""
    out = ['<details class="kept" id="kept-games"><summary id="kept-summary">' + esc(cat.t("replay.kept", n=len(games)))
           + '</summary><ul class="kept-list">']
    for i in range(len(games)):
        game = games[i]
        at = game.get("at", "")
        sides = max(len(game.get("scores") or []), 1)
        line = cat.t("replay.kept_game", date=when(at), variant=R.variant_name(cat, setup, game.get("variant", "")),
                     players=R.players_label(cat, game.get("players", 0), sides),
                     score=scores_text(game.get("scores")))
        out.append('<li class="kept-game"><span class="kept-line" id="kept-' + str(i) + '">' + esc(line)
                   + '</span><ul class="kept-hands" aria-labelledby="kept-' + str(i) + '">')
        hands = game.get("hands") or []
        for n in range(len(hands), 0, -1):
            out.append('<li><button type="button" class="btn small" data-act="replay-kept" data-at="' + esc(at)
                       + '" data-hand="' + str(n) + '">'
                       + esc(cat.t("replay.kept_hand", n=n, score=scores_text(hands[n - 1]))) + '</button></li>')
        out.append('</ul></li>')
    out.append('</ul></details>')
    return "".join(out)
