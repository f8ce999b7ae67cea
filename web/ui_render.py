# The UI as HTML strings, from a catalog, the engine's snapshot and the UI's own state
# (selection, staged groups, mode). Pure functions: ui_app.py puts the strings in the page;
# tests/web run them on CPython. Every element the player acts on carries data-act (one
# click handler in ui_app.py reads it); no inline styles or scripts (the CSP forbids them).

import ui_forgive as F
import ui_eye as E
import ui_guide as G
import ui_intent as I
import ui_model as M
import ui_moves as W
import ui_seats as S

# Score lines in the order a score sheet reads (canasta.scoring's names).
SCORE_LINES = ("melds", "natural_canastas", "mixed_canastas", "special_canastas", "wild_canastas", "sambas",
               "concealed_canastas", "red_threes", "threes", "going_out", "going_out_concealed",
               "black_threes_going_out", "hand_penalty", "melds_against", "unfinished_groups",
               "unfinished_wild_melds", "held_groups")


def esc(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def attr_bool(value):
    return "true" if value else "false"


class UIState:
    """What the UI adds to a snapshot: the selection and the mode."""

    def __init__(self):
        self.selected = []      # indices into the sorted hand
        self.staged = []        # [[indices]] set aside for a combined meld
        self.watch = False
        self.still = False      # a picture of the table (an embedded example): nothing to click
        self.paused = False
        self.busy = False
        self.sending = ""       # the verb of the player's move on its way to the engine
        self.held = None        # a press made meanwhile, (act, target) (ui_controls.hold)
        self.feedback = ""      # an explanation (refusal, hint)
        self.feedback_kind = "error"
        self.feedback_why = ""  # the guide key of the rule that explains it (ui_guide)
        self.suggested = ""     # the verb of the hint shown (its button is marked)
        self.armed = []         # the selection a first press of Discard armed (ui_forgive)
        self.sheet_hidden = False  # the hand's score sheet folded away to see the table
        self.reasons = False    # the log shows the bots' reasons (a setting, ui_store)
        self.drawn = []         # the cards the player just drew, marked until the discard
        self.look = E.valid_look(None)  # the player's look settings (ui_eye.LOOK)
        self.cursor = -1        # the hand position the arrow keys last reached (ui_eye.rove)
        self.arranged = []      # the player's order of the hand, as codes (ui_arrange)
        self.names = {}         # pass-and-play: the human seats' names (ui_seats), else none


class Table:
    """One snapshot seen through the UI: the derived facts every region needs."""

    def __init__(self, cat, snap, ui, why=G.no_links):
        self.cat = cat
        self.snap = snap
        self.ui = ui
        self.why = why  # key -> the guide's section that explains it (ui_guide)
        v = snap.get("view") or {}
        self.view = v
        self.players = v.get("players", 4)
        self.viewer = v.get("seat", 0)
        self.my_side = v.get("side", 0)
        self.sides = v.get("sides", 2)
        self.hand = list(v.get("hand") or [])  # in the engine's order
        self.legal = I.Intents(snap)
        self.kinds = self.legal.kinds
        self.phase = v.get("phase", "")
        self.turn = snap.get("turn", v.get("turn", -1))
        self.hand_over = bool(snap.get("hand_over"))
        self.game_over = bool(snap.get("game_over"))
        self.my_turn = (not ui.watch and not self.hand_over and bool(snap.get("human_turn"))
                        and self.turn == self.viewer)
        self.can_act = self.my_turn and not ui.busy
        # the engine's meld records (canasta.protocol.MeldRecord), per side
        melds = snap.get("melds") or [[] for _ in range(self.sides)]
        self.melds = melds
        self.my_melds = melds[self.my_side] if self.my_side < len(melds) else []
        sel = [self.hand[i] for i in ui.selected if i < len(self.hand)]
        self.sel_codes = sel
        self.glow_targets = self.legal.add_targets(sel) if sel and self.phase == "play" else []
        # Each seat's latest turn (ui_moves), marked on the table until it plays again.
        self.last_turns = W.last_turns(snap.get("log"), v.get("hand_number", 0))
        self.moved = {}  # side -> the cards its seats' latest turns laid
        for seat in self.last_turns:
            if isinstance(seat, int):
                self.moved.setdefault(seat % self.sides, []).extend(W.cards_of(self.last_turns[seat]))

    def seat_name(self, seat):
        role = self.cat.t(M.seat_role(seat, self.viewer, self.players, self.ui.watch, self.sides))
        # pass-and-play (issue 41): the other people at the device by their names
        name = self.ui.names.get(str(seat)) if seat != self.viewer else None
        return self.cat.t("seats.named", name=name, role=role) if name else role

    def side_name(self, side):
        return self.cat.t(M.side_key(side, self.my_side, self.players, self.ui.watch, self.sides))

    def staged_indices(self):
        out = []
        for g in self.ui.staged:
            out.extend(g)
        return out


# --------------------------------------------------------------------------- the guide

def guide_link(href, text, cls="guide-link", label=""):
    """A link into the rules guide (web/guide-panel.js opens it in a panel over the page;
    without script it is a plain link). ``label`` is read after the visible text."""
    extra = '<span class="sr-only"> ' + esc(label) + '</span>' if label else ""
    return ('<a class="' + cls + '" href="' + esc(href) + '" data-guide>' + esc(text) + extra + '</a>')


def linked(href, text):
    """``text`` as a link to the guide's section ``href``, or plain where none explains it."""
    return guide_link(href, text) if href else esc(text)


def how_to_play(cat, setup, variant, href):
    """The line that leads to the guide's page of the game, or "" without a guide."""
    if not href:
        return ""
    link = guide_link(href, cat.t("guide.how_to_play"), label=variant_name(cat, setup, variant))
    return '<p class="guide-line">' + link + '</p>'


def why_link(cat, href, subject=""):
    """"Why?" after a refusal, a hint's reason or a rule, or "" where no section explains it."""
    return guide_link(href, cat.t("guide.why"), "why", subject) if href else ""


def feedback_html(cat, text, href):
    """The table's message line: a refusal or a hint, with its "Why?"."""
    if not text:
        return ""
    link = why_link(cat, href)
    return '<span class="said">' + esc(text) + '</span>' + (" " + link if link else "")


# --------------------------------------------------------------------------- cards

#: Where card faces are read from: the page sets the player's deck (ui_eye.card_dir) with
#: use_deck before drawing; one setting for every card drawn, in every region.
DECK = {"dir": "cards/"}


def use_deck(path):
    DECK["dir"] = path


def card_img(code, cls="face"):
    """A card's drawing, decorative (its name is on what holds it): a use of the deck
    document's symbol (build/cards_svg.py, deck.svg), which the browser parses once for
    every card, not an <img> per face, each a document of its own to parse (issue 39)."""
    return ('<svg class="cv ' + cls + '" viewBox="0 0 250 350" aria-hidden="true" focusable="false"><use href="'
            + DECK["dir"] + 'deck.svg#' + esc(code) + '"/></svg>')


def card_figure(cat, code, cls="mini"):
    """A card shown for information (not clickable), with its accessible name."""
    return ('<span class="cardimg ' + cls + '" role="img" aria-label="' + esc(cat.card_label(code)) + '">'
            + card_img(code) + '</span>')


def special_class(code, kinds):
    """A card's look by its kind as the engine names it (canasta.cards.KINDS)."""
    k = kinds.get(code, "")
    if k in ("2", "JK"):
        return " wild"
    if k == "R3":
        return " red3"
    if k == "B3":
        return " black3"
    return ""


# --------------------------------------------------------------------------- start screen

def start_menu(cat, prefs, has_save, setup, guide_href="", why=G.no_links, confirm_new=False, more="", extra=""):
    """The start screen's buttons, then its options (the title and status are in
    index.html): Continue and New game come first, in view without scrolling on any
    screen, ``more`` buttons under them (the deal of the day: ui_deal), then ``extra``
    (game files and statistics: ui_keep), and the settings of a new game below them.
    ``prefs`` are normalized choices (``Setup.normalize``), ``setup`` the catalog."""
    variant = prefs["variant"]
    out = ['<form class="menu" id="start-form" action="#" novalidate>', _menu_buttons(cat, has_save, confirm_new),
           more, extra]
    # The table's settings sheet (the look: deck, cards, felt, hand order, sounds), reachable
    # before a game too (issue 40): the same sheet, opened by the same command.
    out.append('<div class="field start-settings"><button type="button" class="btn small" id="btn-start-settings"'
               ' data-act="settings" aria-haspopup="dialog"><span aria-hidden="true">\u2699\ufe0e </span>'
               + esc(cat.t("eye.settings")) + '</button></div>')
    out.append(_radios(cat, "lang", "app.language", [("en", cat.t("app.lang_en"), "en"),
                                                     ("fr", cat.t("app.lang_fr"), "fr")], prefs["lang"]))
    out.append('<div class="field" id="opt-variant-box"><label class="field-label" for="opt-variant">'
               + esc(cat.t("app.variant")) + '</label><select id="opt-variant" name="variant">')
    for name in setup.names():
        out.append('<option value="' + esc(name) + '"' + (" selected" if name == variant else "") + '>'
                   + esc(variant_name(cat, setup, name)) + '</option>')
    out.append('</select><p class="field-note" id="variant-line">' + esc(variant_line(cat, setup, variant))
               + '</p></div>')
    preset = setup.preset(variant) or {"players": [4]}
    counts = []
    for n in preset["players"]:
        counts.append((str(n), players_label(cat, n, setup.table(variant, n).get("sides", 2)), ""))
    out.append(_radios(cat, "players", "app.players", counts, str(prefs["players"])))
    targets = setup.targets(variant, prefs["players"], prefs["target"])
    out.append(_radios(cat, "target", "app.target", [(str(t), str(t), "") for t in targets],
                       str(prefs["target"])))
    out.append(_radios(cat, "speed", "app.bot_speed", [("slow", cat.t("app.speed_slow"), ""),
                                                       ("normal", cat.t("app.speed_normal"), ""),
                                                       ("fast", cat.t("app.speed_fast"), "")], prefs["speed"]))
    out.append(_radios(cat, "level", "app.level", [(lv, level_label(cat, lv), "") for lv in M.LEVELS],
                       prefs.get("level", "good")))
    out.append(S.panel(cat, prefs, (setup.table(variant, prefs["players"]) or {}).get("sides", 2), level_label, esc))
    out.append(house_rules(cat, setup, variant, prefs["players"], prefs.get("table_switches") or {}, why))
    out.append(how_to_play(cat, setup, variant, guide_href))
    out.append('</form>')
    return "".join(out)


def _menu_buttons(cat, has_save, confirm_new):
    """Continue (a saved game), New game, Watch; or, after New game over a saved game,
    the question that keeps one tap from losing it ("Keep my game" first, focused)."""
    if has_save and confirm_new:
        return ('<div class="menu-buttons confirm" role="group" aria-labelledby="confirm-new-text">'
                '<p class="confirm-text" id="confirm-new-text">' + esc(cat.t("app.confirm_new")) + '</p>'
                '<button type="button" id="btn-keep" class="btn primary" data-act="new-cancel">'
                + esc(cat.t("app.confirm_new_no")) + '</button>'
                '<button type="button" id="btn-new-sure" class="btn" data-act="new-confirmed">'
                + esc(cat.t("app.confirm_new_yes")) + '</button></div>')
    out = ['<div class="menu-buttons">']
    if has_save:
        out.append('<button type="button" id="btn-continue" class="btn primary" data-act="continue">'
                   + esc(cat.t("app.continue")) + '</button>')
    out.append('<button type="button" id="btn-new" class="btn' + ("" if has_save else " primary")
               + '" data-act="new">' + esc(cat.t("app.new_game")) + '</button>')
    out.append('<button type="button" id="btn-watch" class="btn" data-act="watch">'
               + esc(cat.t("app.watch")) + '</button>')
    out.append('</div>')
    return "".join(out)


def variant_name(cat, setup, name):
    key = "variants." + name + ".name"
    return cat.t(key) if cat.has(key) else name


def variant_line(cat, setup, name):
    key = "variants." + name + ".line"
    if cat.has(key):
        return cat.t(key)
    return (setup.preset(name) or {}).get("description", "")


def players_label(cat, n, sides):
    if sides == n:
        return cat.t("app.players_alone", n=n)
    return cat.t("app.players_teams", n=n, teams=sides, size=n // sides)


def switch_title(cat, setup, switch_id):
    key = "switches." + switch_id + ".title"
    return cat.t(key) if cat.has(key) else (setup.switches.get(switch_id) or {}).get("title", switch_id)


def option_text(cat, setup, switch_id, option):
    key = "switches." + switch_id + "." + option
    if cat.has(key):
        return cat.t(key)
    for o in (setup.switches.get(switch_id) or {}).get("options") or []:
        if o["name"] == option:
            return o["text"]
    return option


def house_rules(cat, setup, variant, players, chosen, why=G.no_links):
    """The house-rule switches of this table, each a choice with its one-line options."""
    ids = setup.switch_ids(variant, players)
    if not ids:
        return ""
    defaults = setup.table(variant, players).get("switches") or {}
    changed = len([sid for sid in ids if chosen.get(sid, defaults.get(sid)) != defaults.get(sid)])
    summary = cat.t("app.house_rules") + (" · " + cat.t("app.house_rules_changed", n=changed) if changed else "")
    out = ['<details class="house-rules" id="house-rules"><summary>' + esc(summary) + '</summary>'
           '<p class="field-note">' + esc(cat.t("app.house_rules_note")) + '</p>']
    for sid in ids:
        current = chosen.get(sid, defaults.get(sid))
        title = switch_title(cat, setup, sid)
        out.append('<fieldset class="switch" id="sw-' + esc(sid) + '"><legend>' + esc(title) + '</legend>')
        link = why(G.SWITCH + sid)
        if link:
            out.append('<p class="switch-why">' + guide_link(link, cat.t("guide.both_readings"), label=title) + '</p>')
        for o in setup.options(sid):
            mark = " (" + cat.t("app.default") + ")" if o == defaults.get(sid) else ""
            # one radio group per switch (a name shared by every switch would make one group)
            out.append('<label class="switch-item"><input type="radio" name="switch-' + esc(sid) + '" id="sw-' + esc(sid)
                       + '-' + esc(o)
                       + '" data-switch="' + esc(sid) + '" value="' + esc(o) + '"'
                       + (" checked" if o == current else "") + '><span>' + esc(option_text(cat, setup, sid, o) + mark)
                       + '</span></label>')
        out.append('</fieldset>')
    out.append('</details>')
    return "".join(out)


def level_label(cat, level):
    """A bot level's name in the language (a name the catalog lacks, as it is)."""
    level = str(level)
    return cat.t(M.LEVEL_KEYS[level]) if level in M.LEVEL_KEYS else level


def bot_levels(cat, players, sides, options):
    """The bots' levels of the game in progress, from its options (the save's): the
    table's level, unless every bot seat has its own, then each seat set apart, as
    (label, level) rows; none for a game without bots or without options."""
    if not isinstance(options, dict):
        return []
    humans = options.get("humans") if isinstance(options.get("humans"), list) else [0]
    bots = [s for s in range(players) if s not in humans]
    per_seat = options.get("bots") if isinstance(options.get("bots"), dict) else {}
    rows = []
    if any(str(s) not in per_seat for s in bots):
        rows.append((cat.t("app.level"), level_label(cat, options.get("bot", "good"))))
    viewer = humans[0] if humans else 0
    for seat in bots:
        if str(seat) in per_seat:
            rows.append((cat.t(M.seat_role(seat, viewer, players, not humans, sides)), level_label(cat, per_seat[str(seat)])))
    return rows


def table_title(cat, setup, table):
    """The table's level-one heading (read by assistive technology): the game's name."""
    variant = (table or {}).get("variant", "")
    name = variant_name(cat, setup, variant) if variant else ""
    return cat.t("app.title") + (" — " + name if name else "")


def rules_summary(cat, setup, table, options=None, guide_href="", why=G.no_links):
    """The rules of the game in progress, and its bots' levels (``options``: the save's),
    for the player to look up during play."""
    if not table:
        return ""
    variant = table.get("variant", "")
    players = table.get("players", 4)
    sides = setup.table(variant, players).get("sides", 2)
    out = ['<details class="table-rules" id="table-rules"><summary>' + esc(cat.t("table.rules")) + '</summary><dl>',
           '<dt>' + esc(cat.t("app.variant")) + '</dt><dd>' + esc(variant_name(cat, setup, variant)) + '</dd>',
           '<dt>' + esc(cat.t("app.players")) + '</dt><dd>' + esc(players_label(cat, players, sides)) + '</dd>',
           '<dt>' + esc(cat.t("app.target")) + '</dt><dd>' + esc(str(table.get("target", ""))) + '</dd>']
    for label, level in bot_levels(cat, players, sides, options):
        out.append('<dt>' + esc(label) + '</dt><dd>' + esc(level) + '</dd>')
    chosen = table.get("switches") or {}
    for sid in [i for i in setup.switch_order if i in chosen] + sorted(i for i in chosen if i not in setup.switches):
        option = chosen[sid]
        text = cat.t("table.rules_custom") if option == "custom" else option_text(cat, setup, sid, option)
        out.append('<dt>' + linked(why(G.SWITCH + sid), switch_title(cat, setup, sid)) + '</dt><dd>'
                   + esc(text) + '</dd>')
    out.append('</dl>')
    out.append(how_to_play(cat, setup, variant, guide_href))
    out.append('</details>')
    return "".join(out)


def _radios(cat, name, label_key, options, current):
    out = ['<fieldset class="field seg" id="opt-' + name + '"><legend>' + esc(cat.t(label_key)) + '</legend>']
    for value, label, lang in options:
        checked = " checked" if value == current else ""
        lang_attr = ' lang="' + lang + '"' if lang else ""
        out.append('<label class="seg-item"' + lang_attr + '><input type="radio" id="opt-' + name + '-' + esc(value)
                   + '" name="' + name + '" value="' + esc(value) + '"' + checked + '><span>' + esc(label)
                   + '</span></label>')
    out.append('</fieldset>')
    return "".join(out)


def notices(cat, items):
    """Messages for the player (bad URL values, a save that could not be read): items are
    (key, params) pairs rendered in the current language."""
    if not items:
        return ""
    out = ['<ul class="notice-list">']
    for key, params in items:
        out.append('<li>' + esc(cat.t(key, **params)) + '</li>')
    out.append('</ul>')
    return "".join(out)


# --------------------------------------------------------------------------- the table

def top_bar(tb):
    cat, v, ui = tb.cat, tb.view, tb.ui
    scores = v.get("game_scores") or tb.snap.get("scores") or []
    minimums = v.get("initial_minimums") or []
    out = ['<div class="scoreboard">']
    order = [tb.my_side] + [s for s in range(tb.sides) if s != tb.my_side]
    for side in order:
        mine = " mine" if side == tb.my_side else ""
        melded = side < len(tb.melds) and len(tb.melds[side]) > 0
        minimum = minimums[side] if side < len(minimums) else ""
        score = scores[side] if side < len(scores) else 0
        shown = linked(tb.why(G.MELD_MINIMUM), cat.t("table.initial_meld", n=minimum))
        out.append('<div class="score' + mine + '" id="score-' + str(side) + '">'
                   '<span class="side-name">' + esc(tb.side_name(side)) + '</span> '
                   '<strong class="points">' + esc(score) + '</strong> '
                   '<span class="minimum' + (" done" if melded else "") + '">' + shown + '</span></div>')
    out.append('</div><div class="corner"><div class="meta"><span>'
               + esc(cat.t("table.hand_number", n=v.get("hand_number", 1))) + '</span> <span>'
               + esc(cat.t("table.target", n=v.get("target", ""))) + '</span> <span id="dealer-line">'
               + esc(dealer_text(tb)) + '</span></div>')
    out.append('<div class="tools">')
    if ui.watch and not tb.hand_over:
        label = cat.t("actions.resume") if ui.paused else cat.t("actions.pause")
        out.append('<button type="button" class="btn small" id="btn-pause" data-act="pause" aria-pressed="'
                   + attr_bool(ui.paused) + '">' + esc(label) + '</button>')
    out.append(lang_button(cat))
    out.append(E.tool_buttons(cat, ui.look))
    if not ui.watch:  # "Share this deal" (issue 41, ui_deal): the hand's cards, from the player's seat
        out.append('<button type="button" class="btn small" id="btn-share" data-act="share" aria-haspopup="dialog">'
                   + esc(cat.t("deal.share_short")) + '</button>')
    out.append('<button type="button" class="btn small" id="btn-menu" data-act="menu">'
               + esc(cat.t("actions.menu")) + '</button></div></div>')
    return "".join(out)


def dealer_text(tb):
    """Who deals this hand, in words (not only the seat's mark)."""
    dealer = tb.view.get("dealer", -1)
    if dealer == tb.viewer and not tb.ui.watch:
        return tb.cat.t("see.dealer_you")
    return tb.cat.t("see.dealer_is", name=tb.seat_name(dealer))


def lang_button(cat):
    other = "fr" if cat.lang == "en" else "en"
    # Its name is its visible text and then the language's name (WCAG 2.5.3).
    return ('<button type="button" class="btn small" id="btn-lang" data-act="lang" data-lang="' + other
            + '" lang="' + other + '">' + esc(cat.t("app.switch_lang_short"))
            + '<span class="sr-only"> (' + esc(cat.t("app.switch_lang")) + ')</span></button>')


def turn_line(tb):
    cat, v, ui = tb.cat, tb.view, tb.ui
    if tb.hand_over:
        return esc(ending_text(tb))
    name = tb.seat_name(tb.turn)
    if ui.watch:
        if ui.paused:
            return esc(cat.t("table.paused"))
        return esc(cat.t("table.turn_of", name=name))
    if tb.my_turn:
        if tb.phase == "answer":
            text = cat.t("table.turn_you_answer")
        elif tb.phase == "draw":
            text = cat.t("table.turn_you_draw")
        else:
            text = cat.t("table.turn_you_play")
            if v.get("permission") == "yes":
                text = cat.t("table.permission_yes")
            elif v.get("permission") == "no":
                text = text + " " + cat.t("table.permission_no")
        # pass-and-play (issue 41): with several people at the device, whose turn it is
        me = ui.names.get(str(tb.viewer)) if len(ui.names) > 1 else None
        return esc(cat.t("seats.turn_named", name=me, text=text) if me else text)
    return esc(cat.t("table.thinking", name=name))


def ending_text(tb):
    cat, v = tb.cat, tb.view
    ending = v.get("ending", "")
    if ending == "went_out":
        seat = v.get("out_seat", -1)
        key = "endings.went_out_concealed" if v.get("concealed") else "endings.went_out"
        if seat == tb.viewer and not tb.ui.watch:
            key = "endings.you_went_out_concealed" if v.get("concealed") else "endings.you_went_out"
        return cat.t(key, name=tb.seat_name(seat))
    if ending in ("stock_out", "three_last"):
        return cat.t("endings." + ending)
    return ""


def board(tb):
    """Other seats, both sides' melds and red 3s, the stock and the discard pile."""
    out = []
    places = M.seat_positions(tb.viewer, tb.players)
    row = [seat_box(tb, seat, pos) for seat, pos in places if pos == "row"]
    for seat, pos in places:
        if pos != "row":
            out.append(seat_box(tb, seat, pos))
    if row:
        out.append('<div class="seat-row">' + "".join(row) + '</div>')
    # the other sides clockwise from the viewer's left
    theirs = [(tb.my_side + k) % tb.sides for k in range(1, tb.sides)]
    out.append('<div class="theirs-box">')
    for side in theirs:
        out.append(melds_area(tb, side, "theirs"))
    out.append('</div>')
    out.append(piles(tb))
    out.append(melds_area(tb, tb.my_side, "ours"))
    return "".join(out)


def seat_box(tb, seat, pos):
    cat, v = tb.cat, tb.view
    counts = v.get("hand_counts") or []
    n = counts[seat] if seat < len(counts) else 0
    active = " active" if seat == tb.turn and not tb.hand_over else ""
    tags = []
    if seat == v.get("dealer"):
        tags.append('<span class="tag">' + esc(cat.t("table.dealer")) + '</span>')
    if v.get("phase") == "answer" and v.get("asker", -1) == seat:
        tags.append('<span class="tag ask">' + esc(cat.t("table.asking")) + '</span>')
    shown = (tb.snap.get("shown_hands") or {}).get(str(seat))
    if shown is not None:
        # an example's author shows this hand face up (never in a game)
        cards = ('<span class="seat-hand mfan" role="group" aria-label="' + esc(cat.t("table.cards_in_hand", n=n))
                 + '">' + "".join(card_figure(cat, c) for c in shown) + '</span>')
    else:
        cards = ('<span class="seat-cards" role="img" aria-label="' + esc(cat.t("table.cards_in_hand", n=n)) + '">'
                 + card_img("back", "back") + '<span aria-hidden="true">' + str(n) + '</span></span>')
    turn = tb.last_turns.get(seat)
    if turn:
        # the seat's latest turn, in words, until it plays again (the box names the seat:
        # the sentence's subject is left out, "Last: discarded 5 of clubs")
        tags.append('<span class="last-move" id="last-' + str(seat) + '">'
                    + esc(cat.t("see.last_move", line=W.move_line(cat, "", turn[-1]).strip()))
                    + '</span>')
    return ('<div class="seat pos-' + pos + active + '" id="seat-' + str(seat) + '" data-seat="' + str(seat) + '">'
            '<span class="seat-name">' + esc(tb.seat_name(seat)) + '</span>' + cards + "".join(tags) + '</div>')


def melds_area(tb, side, cls):
    cat, v = tb.cat, tb.view
    melds = tb.melds[side] if side < len(tb.melds) else []
    threes = (v.get("red_threes") or [])
    threes = threes[side] if side < len(threes) else []
    head_id = "melds-h-" + str(side)
    out = ['<section class="melds ' + cls + '" id="melds-' + str(side) + '" aria-labelledby="' + head_id + '">'
           '<h2 class="melds-title" id="' + head_id + '">' + esc(tb.side_name(side)) + '</h2>'
           '<div class="meld-row">']
    if threes:
        three_key = "table.threes" if [c for c in threes if tb.kinds.get(c) == "B3"] else "table.red_threes"
        out.append('<div class="meld red3s" role="group" aria-label="' + esc(cat.t(three_key) + ": "
                   + str(len(threes))) + '"><span class="mfan">')
        for c in threes:
            out.append(card_figure(cat, c))
        out.append('</span><span class="meld-label">' + esc(cat.t(three_key)) + '</span></div>')
    if not melds and not threes:
        out.append('<p class="empty">' + esc(cat.t("table.no_melds")) + '</p>')
    for meld in melds:
        out.append(meld_box(tb, side, meld))
    out.append('</div></section>')
    return "".join(out)


#: The engine's meld kinds (canasta.protocol.MELD_KINDS) as the page's styles name them.
MELD_STYLES = {"group": "group", "black_threes": "black3s", "sequence": "sequence", "wild": "wild"}


def meld_box(tb, side, meld):
    """One meld, drawn from the engine's record of it: its kind, whether it is a canasta
    and of which kind (canasta.protocol.MeldRecord)."""
    cat = tb.cat
    i = meld.get("index", 0)
    target = meld.get("id", "")
    cards = meld.get("cards") or []
    rank = meld.get("rank", "")
    mkind = MELD_STYLES.get(meld.get("kind"), "group")
    wilds = meld.get("wilds", 0)
    canasta = bool(meld.get("canasta"))
    natural = meld.get("canasta") in ("natural", "special", "sequence") or (not canasta and not wilds)
    variant = tb.view.get("variant", "")
    kind = ""
    if mkind == "sequence":
        suit = meld.get("suit", "")
        title = cat.t("table.sequence", suit=cat.t("cards.suits." + SUIT_KEYS.get(suit, "S")))
        if canasta:
            kind = _variant_word(cat, variant, "sequence_canasta", "table.samba")
        name = title + " (" + str(len(cards)) + ")"
    elif mkind == "wild":
        title = cat.t("table.wild_meld")
        if canasta:
            kind = _variant_word(cat, variant, "wild_canasta", "table.canasta_wild")
        name = title + " (" + str(len(cards)) + ")"
    else:
        title = cat.rank_name(rank)
        if canasta:
            kind = cat.t("table.canasta_natural") if natural else cat.t("table.canasta_mixed")
        name = cat.t("table.meld_name", rank=cat.rank_name(rank), n=len(cards), wilds=wilds)
    if kind:
        name = name + " — " + kind
    cls = "meld kind-" + mkind
    if canasta:
        cls += " canasta " + ("natural" if natural and mkind != "wild" else "mixed")
    mine = side == tb.my_side
    selectable = mine and tb.can_act and tb.phase == "play" and len(tb.ui.selected) > 0
    glow = mine and target in tb.glow_targets
    if glow:
        cls += " glow"
    moved = tb.moved.get(side) or []
    if any(c in moved for c in cards):
        cls += " moved"  # touched by a seat's latest turn
    body = ['<span class="mfan">']
    shown = cards
    if canasta and mkind == "group":
        # A canasta is squared up: one card on top (natural: a red card, mixed: a black one,
        # as players mark them at the table).
        top = [c for c in cards if tb.kinds.get(c, "2") not in ("2", "JK")]
        suits = ("H", "D") if natural else ("S", "C")
        coloured = [c for c in top if c[1:2] in suits]
        shown = [coloured[0] if coloured else (top[0] if top else cards[0])]
    for c in shown:
        body.append(card_img(c, "face"))
    if canasta and mkind != "group":
        shown = cards[:1]
    body.append('</span><span class="meld-label"><span class="meld-rank">' + esc(title)
                + '</span> <span class="meld-count">×' + str(len(cards)) + '</span>')
    shown_text = title + " ×" + str(len(cards))  # what the label shows, as one line of text
    if wilds and mkind != "wild":
        # The star marks wild cards on the card faces too; the meld's name says it in words.
        body.append(' <span class="meld-wilds">\u2605' + str(wilds) + '</span>')
        shown_text += " \u2605" + str(wilds)
    if kind:
        body.append(' <span class="canasta-tag">' + esc(kind) + '</span>')
        shown_text += " " + kind
    body.append('</span>')
    if selectable:
        # A button's name starts with what it shows (WCAG 2.5.3 "label in name", axe
        # label-content-name-mismatch): a speech user says what they see; the words follow.
        label = cat.t("table.add_to", meld=shown_text) + " (" + name + ")"
        return ('<button type="button" class="' + cls + ' target" id="meld-' + str(side) + '-' + str(i)
                + '" data-act="add-to" data-target="' + esc(target) + '" aria-label="'
                + esc(label) + '">' + "".join(body) + '</button>')
    return ('<div class="' + cls + '" id="meld-' + str(side) + '-' + str(i) + '" role="group" aria-label="'
            + esc(name) + '">' + "".join(body) + '</div>')


SUIT_KEYS = {"S": "S", "H": "H", "D": "D", "C": "C"}


def _variant_word(cat, variant, word, fallback):
    """A game's own name for a thing (Bolivia's escalera for Samba's samba), else the
    general one."""
    key = "variants." + variant + "." + word
    return cat.t(key) if cat.has(key) else cat.t(fallback)


def piles(tb):
    cat, v = tb.cat, tb.view
    stock = v.get("stock_size", 0)
    top = v.get("discard_top")
    size = v.get("pile_size", 0)
    can_draw = tb.can_act and (tb.legal.can("draw"))
    can_take = tb.can_act and tb.legal.can("take")
    out = ['<div class="piles">']
    out.append('<button type="button" class="pile stock' + (" live" if can_draw else "") + '" id="stock" '
               'data-act="draw" aria-label="' + esc(cat.t("table.stock") + ": " + cat.t("table.stock_count", n=stock))
               + '"' + ('' if can_draw else ' aria-disabled="true"') + '>'
               + (card_img("back", "face") if stock else '<span class="slot"></span>')
               + '<span class="pile-label" aria-hidden="true">' + esc(cat.t("table.stock")) + ' · '
               + str(stock) + '</span></button>')
    marks = []
    my_frozen = (v.get("pile_frozen_for_side") or [False] * tb.sides)
    my_frozen = my_frozen[tb.my_side] if tb.my_side < len(my_frozen) else False
    if v.get("pile_frozen"):
        marks.append(('frozen', cat.t("table.frozen")))
    elif my_frozen and size:
        marks.append(('frozen-side', cat.t("table.frozen_for_you")))
    if v.get("pile_blocked"):
        marks.append(('blocked', cat.t("table.blocked")))
    closed = v.get("closed_ranks") or []
    if closed:
        marks.append(('closed', cat.t("table.closed_ranks", ranks=", ".join(cat.rank_name(r) for r in closed))))
    # The accessible name starts with the visible label's words (the pile's name and its
    # size), as WCAG 2.5.3 asks of a control named differently from its text.
    # (its size even when empty: the visible "Discard pile · 0" must be in the name)
    label = cat.t("table.discard") + ": " + cat.t("table.pile_size", n=size) + ", "
    label += cat.t("table.top_card", card=cat.card_label(top)) if top else cat.t("table.pile_empty")
    for _, text in marks:
        label += ". " + text
    cls = "pile discard" + (" live" if can_take else "") + "".join(" " + m for m, _ in marks)
    out.append('<button type="button" class="' + cls + '" id="discard" data-act="take" aria-label="' + esc(label)
               + '"' + ('' if can_take else ' aria-disabled="true"') + '>'
               + (card_img(top, "face") if top else '<span class="slot"></span>')
               + '<span class="pile-label" aria-hidden="true">' + esc(cat.t("table.discard")) + ' · '
               + str(size) + '</span></button>')
    out.append('<div class="pile-marks">')
    for m, text in marks:
        out.append('<span class="mark ' + m + '">' + esc(text) + '</span>')
    out.append('</div></div>')
    return "".join(out)


def hand_area(tb):
    cat, ui = tb.cat, tb.ui
    hand = tb.hand
    staged = tb.staged_indices()
    key = "table.your_hand" if not ui.watch else "table.hand_of"
    title = cat.t(key, name=tb.seat_name(tb.viewer), n=len(hand))
    out = ['<h2 class="hand-title" id="hand-h">' + esc(title) + '</h2>'
           '<div class="hand" role="group" aria-labelledby="hand-h">']
    interactive = not ui.watch and not ui.still
    drawn = list(ui.drawn)
    groups = E.hand_groups(hand, tb.kinds, ui.look.get("order"), ui.arranged)
    roving = E.rove([i for _, indices in groups for i in indices], ui.cursor)
    for rank, indices in groups:
        out.append('<div class="rank-group" data-rank="' + esc(rank) + '">')
        for i in indices:
            code = hand[i]
            cls = "hcard" + special_class(code, tb.kinds)
            pressed = i in ui.selected
            if pressed:
                cls += " selected"
            if i in staged:
                cls += " staged"
            label = cat.card_label(code)
            if code in drawn:
                drawn.remove(code)
                cls += " drawn"
                label = cat.t("see.drawn", card=label)
            if interactive:
                disabled = ' aria-disabled="true"' if i in staged else ''
                out.append('<button type="button" class="' + cls + '" id="c' + str(i) + '" data-act="card" data-i="'
                           + str(i) + '" data-card="' + code + '" aria-pressed="' + attr_bool(pressed) + '"'
                           + E.tab_index(i, roving) + disabled + ' aria-label="' + esc(label) + '">' + card_img(code) + '</button>')
            else:
                out.append('<span class="' + cls + '" role="img" data-card="' + code + '" aria-label="' + esc(label)
                           + '">' + card_img(code) + '</span>')
        out.append('</div>')
    out.append('</div>')
    return "".join(out)


def staging_area(tb):
    cat, ui = tb.cat, tb.ui
    if not ui.staged or ui.watch:
        return stage_help(tb)
    out = ['<div class="staging" role="group" aria-label="' + esc(cat.t("table.staged")) + '">'
           '<span class="staging-title">' + esc(cat.t("table.staged")) + '</span>']
    for n in range(len(ui.staged)):
        group = ui.staged[n]
        out.append('<span class="staged-group"><span class="mfan">')
        for i in group:
            if i < len(tb.hand):
                out.append(card_figure(cat, tb.hand[i]))
        out.append('</span><button type="button" class="btn small" data-act="unstage" data-i="' + str(n)
                   + '" id="unstage-' + str(n) + '" aria-label="' + esc(cat.t("table.unstage", n=n + 1))
                   + '">×</button></span>')
    out.append('</div>')
    return "".join(out) + stage_help(tb)


def confirm_toggle(cat, prefs, watch):
    """The "confirm my discard" setting on the table (ui_forgive; kept with the settings)."""
    if watch:
        return ""
    checked = " checked" if prefs.get(F.CONFIRM_DISCARD) else ""
    return ('<label class="confirm-discard"><input type="checkbox" id="opt-confirm-discard" name="'
            + F.CONFIRM_DISCARD + '"' + checked + '> ' + esc(cat.t("forgive.confirm_discard")) + '</label>')


def table_notices(cat, texts):
    """What a bad link left, on the table, with a button that dismisses it."""
    out = ['<p class="table-notices-title">' + esc(cat.t("forgive.notices_title")) + '</p><ul>']
    for text in texts:
        out.append('<li>' + esc(text) + '</li>')
    out.append('</ul><button type="button" class="btn small" id="btn-dismiss-notices" data-act="dismiss-notices">'
               + esc(cat.t("forgive.dismiss")) + '</button>')
    return "".join(out)


def stage_help(tb):
    """How to lay several melds at once, shown while groups are set aside or the
    selection holds more than one rank (issue 40, item 5)."""
    if not F.stage_help_shown(tb):
        return ""
    return '<p class="stage-help" id="stage-help">' + esc(tb.cat.t("forgive.stage_help")) + '</p>'


def actions_bar(tb):
    """The action buttons; unavailable ones stay focusable (aria-disabled) so that a
    click can explain why."""
    cat, ui = tb.cat, tb.ui
    if ui.watch or tb.hand_over:
        return ""
    legal = tb.legal
    sel = len(ui.selected)
    staged = len(ui.staged)
    play = tb.can_act and tb.phase == "play"
    buttons = []
    if legal.can("pass"):
        buttons.append(("pass", cat.t("actions.pass"), True, True))
    else:
        buttons.append(("draw", cat.t("actions.draw"), tb.can_act and legal.can("draw"),
                        tb.can_act and legal.can("draw")))
    groups = [[tb.hand[i] for i in g] for g in ui.staged] + ([tb.sel_codes] if sel else [])
    take_ok = tb.can_act and legal.can("take")
    take_hint = len(legal.fits("take", groups)) > 0
    buttons.append(("take", cat.t("actions.take"), take_ok, take_ok and take_hint))
    buttons.append(("meld", cat.t("actions.meld"), play and (sel > 0 or staged > 0),
                    play and len(legal.fits("meld", groups)) > 0))
    buttons.append(("stage", cat.t("forgive.stage"), tb.can_act and tb.phase in ("draw", "play") and sel > 0,
                    False))
    buttons.append(("add", cat.t("actions.add"), play and sel > 0 and len(tb.my_melds) > 0,
                    play and len(tb.glow_targets) > 0))
    buttons.append(("discard", cat.t("actions.discard"), play and sel == 1 and not staged,
                    play and sel == 1 and not staged and legal.can("discard")))
    if legal.merges():  # Samba: two groups of a rank may become one
        buttons.append(("merge", cat.t("actions.merge"), play, play))
    if legal.swaps():  # Samba: a natural card from hand for a group's wild card
        swap_ok = play and sel == 1 and len(legal.swaps_for(tb.sel_codes[0])) > 0
        buttons.append(("swap", cat.t("actions.swap"), play and sel == 1, swap_ok))
    buttons.append(("hint", cat.t("actions.hint"), tb.can_act, False))
    if tb.players > tb.sides:  # partnerships: a partner to ask
        buttons.append(("ask", cat.t("actions.ask"), tb.can_act and legal.can("ask"), tb.can_act and legal.can("ask")))
    buttons.append(("clear", cat.t("actions.clear"), sel > 0 or staged > 0, False))
    # the engine says whether the player's last move can be taken back (canasta.undo)
    buttons.append(("undo", cat.t("forgive.undo"), bool(tb.snap.get("undo")) and not ui.busy, False))
    out = ['<div class="actions" role="group" aria-label="' + esc(cat.t("actions.group")) + '">']
    for act, label, enabled, hint in buttons:
        cls = "btn act"
        if hint:
            cls += " hint"
        if act == ui.suggested and enabled:
            cls += " suggested"  # the button that plays the hint shown
        described = ' aria-describedby="stage-help"' if act == "stage" and F.stage_help_shown(tb) else ''
        out.append('<button type="button" class="' + cls + '" id="act-' + act + '" data-act="' + act + '"'
                   + ('' if enabled else ' aria-disabled="true"') + described + '>' + esc(label) + '</button>')
    out.append('</div>')
    return "".join(out)


def log_area(tb):
    cat = tb.cat
    entries = tb.snap.get("log") or []
    # focusable: a list that scrolls must be reachable from the keyboard
    out = ['<h2 class="log-title" id="log-h">' + esc(cat.t("table.log")) + '</h2>'
           '<label class="reasons-opt"><input type="checkbox" id="opt-reasons" data-act="reasons"'
           + (' checked' if tb.ui.reasons else '') + '> ' + esc(cat.t("see.show_reasons")) + '</label>'
           '<ul class="log-list" id="log-list" tabindex="0" aria-labelledby="log-h">']
    for e in reversed(W.of_hand(entries, tb.view.get("hand_number", 0))):
        seat = e.get("seat", -1)
        you = seat == tb.viewer and not tb.ui.watch
        why = W.reason_of(cat, e) if tb.ui.reasons else ""
        out.append('<li data-seat="' + str(seat) + '">' + esc(W.move_line(cat, tb.seat_name(seat), e, you))
                   + ('<span class="bot-why"> — ' + esc(why) + '</span>' if why else '') + '</li>')
    out.append('</ul>')
    return "".join(out)


#: How many of the others' latest moves the "since your turn" line shows.
SINCE_SHOWN = 3


def since_line(tb):
    """What the others did since the player's last move, in one short line above the
    table (on a phone the log is out of view): their latest moves, the latest first."""
    if tb.ui.watch or tb.ui.still or tb.hand_over:
        return ""
    moves = W.since_turn(tb.snap.get("log"), tb.viewer, tb.view.get("hand_number", 0))
    if not moves:
        return ""
    # the latest first, as in the log: a phone shows two lines of it, and the latest
    # matter most
    lines = [W.move_line(tb.cat, tb.seat_name(e.get("seat", -1)), e) for e in reversed(moves[-SINCE_SHOWN:])]
    if len(moves) > SINCE_SHOWN:
        lines[-1] = lines[-1] + " …"
    return esc(tb.cat.t("see.since", moves="; ".join(lines)))


def result_panel(tb, extra=""):
    """The hand's score sheet per side, line by line, the totals and the game score;
    ``extra`` goes after them (ui_scores: the left-over cards, the game's sheet)."""
    cat, v = tb.cat, tb.view
    if not tb.hand_over:
        return ""
    title = cat.t("dialogs.hand_over", n=v.get("hand_number", 1))
    if tb.ui.sheet_hidden:
        # Folded: a bar at the bottom, the final table visible above it.
        out = ['<div class="result-bar"><h2 id="result-title">' + esc(title) + '</h2>'
               '<button type="button" class="btn" id="btn-sheet-show" data-act="sheet-show">'
               + esc(cat.t("dialogs.show_sheet")) + '</button>' + _result_button(tb) + '</div>']
        return "".join(out)
    out = ['<div class="result-card"><h2 id="result-title">' + esc(title) + '</h2>']
    ending = ending_text(tb)
    if ending:
        out.append('<p class="ending">' + esc(ending) + '</p>')
    sheets = tb.snap.get("last_hand") or v.get("last_hand") or []
    if tb.ui.still:  # a picture of one hand (an example): no game around it, nothing to press
        out.append(breakdown(tb, sheets) + '</tfoot></table></div>')
        return "".join(out)
    out.append(breakdown(tb, sheets) + '<tr class="game-total"><th scope="row">' + esc(cat.t("dialogs.game_total"))
               + '</th>')
    scores = v.get("game_scores") or tb.snap.get("scores") or []
    for side in sheet_order(tb):
        out.append('<td>' + esc(scores[side] if side < len(scores) else 0) + '</td>')
    out.append('</tr></tfoot></table>')
    if tb.game_over:
        out.append('<p class="winner" id="winner">' + esc(winner_text(tb)) + '</p>')
    out.append(extra)
    out.append('<div class="result-buttons">' + _result_button(tb))
    if tb.game_over:
        out.append('<button type="button" class="btn" id="btn-result-menu" data-act="menu">'
                   + esc(cat.t("actions.menu")) + '</button>')
    out.append('<button type="button" class="btn" id="btn-sheet-hide" data-act="sheet-hide">'
               + esc(cat.t("dialogs.show_table")) + '</button></div></div>')
    return "".join(out)


def sheet_order(tb):
    """The sides as a score sheet lists them: the player's first."""
    return [tb.my_side] + [s for s in range(tb.sides) if s != tb.my_side]


def count_note(cat, name, count):
    """A score line's count in brackets, saying what it counts ("(3 cards)"): the
    catalog's see.counts.<line>, or "×n" for a line it does not name."""
    key = "see.counts." + name
    return "(" + (cat.t(key, n=count) if cat.has(key) else cat.t("see.counts.other", n=count)) + ")"


def breakdown(tb, sheets, total="total"):
    """One hand's score lines per side (canasta.scoring), up to the totals' row (its
    class ``total``): a <table> left open in its <tfoot> for the caller's last rows."""
    cat = tb.cat
    by_side = {}
    for s in sheets or []:
        if isinstance(s, dict):
            by_side[s.get("side", -1)] = s
    order = sheet_order(tb)
    out = ['<table class="breakdown"><thead><tr><th scope="col"><span class="sr-only">'
           + esc(cat.t("dialogs.line")) + '</span></th>']
    for side in order:
        out.append('<th scope="col" data-side="' + str(side) + '">' + esc(tb.side_name(side)) + '</th>')
    out.append('</tr></thead><tbody>')
    for name in SCORE_LINES:
        cells = []
        present = False
        for side in order:
            line = None
            for x in (by_side.get(side) or {}).get("lines") or []:
                if x.get("name") == name:
                    line = x
            if line is not None:
                present = True
            cells.append(line)
        if not present:
            continue
        out.append('<tr data-line="' + name + '"><th scope="row">' + linked(tb.why(G.SCORE + name),
                                                                             cat.t("score_lines." + name)) + '</th>')
        for line in cells:
            if line is None:
                out.append('<td>—</td>')
                continue
            count = line.get("count", 0)
            note = ' <span class="count">' + esc(count_note(cat, name, count)) + '</span>' \
                if count and name != "melds" else ""
            out.append('<td>' + esc(line.get("points", 0)) + note + '</td>')
        out.append('</tr>')
    out.append('</tbody><tfoot><tr class="' + total + '"><th scope="row">' + esc(cat.t("dialogs.total")) + '</th>')
    for side in order:
        out.append('<td>' + esc((by_side.get(side) or {}).get("total", 0)) + '</td>')
    out.append('</tr>')
    return "".join(out)


def _result_button(tb):
    """Next hand, or New game once the game is over."""
    if tb.game_over:
        return ('<button type="button" class="btn primary" id="btn-again" data-act="again">'
                + esc(tb.cat.t("actions.new_game")) + '</button>')
    return ('<button type="button" class="btn primary" id="btn-next" data-act="next-hand">'
            + esc(tb.cat.t("actions.next_hand")) + '</button>')


def winner_text(tb):
    cat, v = tb.cat, tb.view
    winner = v.get("winner")
    if winner is None:
        return ""
    if tb.ui.watch:
        return cat.t("dialogs.winner_side", name=tb.side_name(winner))
    if tb.players == 2:
        return cat.t("dialogs.winner_you") if winner == tb.my_side else cat.t("dialogs.winner_opponent")
    if winner != tb.my_side and (tb.sides > 2):
        return cat.t("dialogs.winner_side", name=tb.side_name(winner))
    if tb.sides == tb.players:
        return cat.t("dialogs.winner_you")
    return cat.t("dialogs.winner_us") if winner == tb.my_side else cat.t("dialogs.winner_them")


def regions(cat, snap, ui, why=G.no_links, result=None):
    """Every region of the table by element id; ``why`` links rules to the guide (ui_guide);
    ``result(tb)`` draws the end of a hand (the page's: ui_scores.result_html)."""
    tb = Table(cat, snap, ui, why)
    return {
        "g-top": top_bar(tb),
        "g-turn": turn_line(tb),
        "g-since": since_line(tb),
        "g-board": board(tb),
        "g-staging": staging_area(tb),
        "g-hand": hand_area(tb),
        "g-actions": actions_bar(tb),
        "g-log": log_area(tb),
        "g-result": (result or result_panel)(tb),
    }


#: The table regions a still of an example shows (the game's own buttons and log stay the
#: game's), with the classes the game's page gives them (ui_app.py build_page).
STILL_REGIONS = (("g-board", "board"), ("g-hand", "hand-box"), ("g-result", "result"))


def still_html(cat, snap):
    """A picture of the table for an example (embed.html): seen from the reader's seat,
    nothing to click."""
    ui = UIState()
    ui.still = True
    regions_html = regions(cat, snap, ui)
    return "".join('<div class="' + cls + '">' + regions_html[name] + '</div>'
                   for name, cls in STILL_REGIONS if regions_html[name])
