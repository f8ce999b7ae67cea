# The table for every hand and eye (issue 40, part "hand and eye"): keyboard shortcuts,
# arrow keys in the hand, the help sheet listing them, and the player's look settings
# (deck, card size, felt, hand order, sounds). Pure Python for MicroPython (the page) and
# CPython (tests/web): it decides what a key means and writes HTML; ui_app.py carries it out.
# No rule is decided here: a shortcut presses the table's own button, so the command is
# the very one a tap gives (ui_controls), and the engine judges it.

import ui_arrange as A
import ui_intent as I

#: Shortcut keys and the action button each presses (#act-<name>). "u" is kept for undo:
#: it presses #act-undo only where the table offers one.
SHORTCUTS = (("d", "draw"), ("p", "take"), ("m", "meld"), ("a", "add"), ("x", "discard"), ("u", "undo"),
             ("h", "hint"))
HELP_KEY = "?"
#: Keys that move the focus in the hand (a roving tabindex: the hand is one Tab stop).
MOVES = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}

#: The look settings and their choices, the first one the default.
LOOK = (("deck", ("standard", "four")), ("size", ("normal", "large")), ("felt", ("dark", "light")),
        ("order", ("rank", "suit", "arranged")), ("sound", ("off", "on")))
LOOK_NAMES = tuple(name for name, _ in LOOK)
#: Choices whose label lives in a later part's catalog section.
LOOK_LABELS = {"arranged": "arrange.look_order_arranged"}
#: With the hand "as arranged", Shift and an arrow move the focused card (ui_arrange.shift).
SHIFTS = {"ArrowLeft": -1, "ArrowRight": 1}


def shortcut(key, ctrl=False, alt=False, meta=False, typing=False):
    """The button a key presses on the table ("draw", ..., "help"), or "" for none: a key
    with Ctrl, Alt or Meta is the browser's, and one typed in a field is the field's."""
    if ctrl or alt or meta or typing:
        return ""
    if key == HELP_KEY:
        return "help"
    low = str(key).lower() if len(str(key)) == 1 else ""
    for k, act in SHORTCUTS:
        if low == k:
            return act
    return ""


def move(position, count, key):
    """The position in the hand's order the focus moves to from ``position`` with ``key``
    (an arrow, Home or End), or -1 if the key does not move it. It stops at both ends."""
    if count <= 0:
        return -1
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    step = MOVES.get(key)
    if step is None:
        return -1
    return min(count - 1, max(0, position + step))


def rove(order, cursor):
    """The hand's one card in the Tab order: the card the player last moved to (``cursor``,
    a hand position), else the first card shown."""
    if cursor in order:
        return cursor
    return order[0] if order else -1


def tab_index(i, roving):
    return ' tabindex="' + ("0" if i == roving else "-1") + '"'


SUIT_ORDER = "SHDC"


def hand_groups(hand, kinds, order, arranged=None):
    """[(key, [positions])]: the hand shown by rank (the engine's order, each rank's cards
    together: ui_intent.group_hand), by suit (each suit together, ranks in the engine's
    order within it; wild cards and threes after the suits) or as the player arranged it
    (one row: ui_arrange.positions)."""
    if order == "arranged":
        return [("*", A.positions(hand, arranged))]
    if order != "suit":
        return I.group_hand(hand, kinds)
    by_suit = {}
    rest = []
    for i in range(len(hand)):
        code = hand[i]
        suit = code[-1:] if kinds.get(code, "") not in ("2", "JK", "R3", "B3") else ""
        if suit in SUIT_ORDER and suit:
            by_suit.setdefault(suit, []).append(i)
        else:
            rest.append(i)
    groups = [(s, by_suit[s]) for s in SUIT_ORDER if s in by_suit]
    if rest:
        groups.append(("*", rest))
    return groups


def valid_look(saved):
    """The look settings from a saved dict, each unknown or damaged value at its default."""
    saved = saved if isinstance(saved, dict) else {}
    out = {}
    for name, choices in LOOK:
        value = saved.get(name)
        out[name] = value if value in choices else choices[0]
    out["muted"] = saved.get("muted") is True  # the mute button, kept with the sounds
    return out


def body_data(look):
    """The data-* values ui_app.py puts on <body> for the style sheet (game.css, "eye")."""
    return {"deck": look["deck"], "cardSize": look["size"], "felt": look["felt"]}


def card_dir(look):
    """Where the card faces are: the four-colour deck is built beside the standard one."""
    return "cards/four-colour/" if look.get("deck") == "four" else "cards/"


def _esc(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _tool(id_, act, icon, text, extra=""):
    """A corner button: a glyph, and its name (visible on a wide screen, read always)."""
    return ('<button type="button" class="btn small tool" id="' + id_ + '" data-act="' + act + '"' + extra + '>'
            '<span class="tool-icon" aria-hidden="true">' + icon + '</span><span class="tool-text">' + _esc(text)
            + '</span></button>')


def tool_buttons(cat, look):
    """The table's corner buttons of this part: keys (help), settings, and the mute button
    once sounds are on."""
    out = [_tool("btn-keys", "help", "?", cat.t("eye.keys"), ' aria-haspopup="dialog"'),
           _tool("btn-settings", "settings", "\u2699\ufe0e", cat.t("eye.settings"), ' aria-haspopup="dialog"')]
    if look.get("sound") == "on":
        pressed = ' aria-pressed="' + ("true" if look.get("muted") else "false") + '"'
        out.append(_tool("btn-mute", "mute", "\u266a", cat.t("eye.mute"), pressed))
    return "".join(out)


def help_sheet(cat, undo):
    """The help sheet's body: every shortcut (undo only where offered) and the hand's keys."""
    rows = []
    for key, act in SHORTCUTS:
        if act == "undo" and not undo:
            continue
        rows.append((key, cat.t("eye.key_" + act)))
    rows.append((HELP_KEY, cat.t("eye.key_help")))
    rows.append(("← →", cat.t("eye.key_arrows")))
    rows.append((cat.t("arrange.shift_arrows"), cat.t("arrange.key_move")))
    rows.append((cat.t("eye.space") + " / " + cat.t("eye.enter"), cat.t("eye.key_select")))
    rows.append(("Esc", cat.t("eye.key_escape")))
    out = ['<h2 id="help-title">' + _esc(cat.t("eye.help_title")) + '</h2><table class="keys"><thead><tr>'
           '<th scope="col">' + _esc(cat.t("eye.key")) + '</th><th scope="col">' + _esc(cat.t("eye.does"))
           + '</th></tr></thead><tbody>']
    for key, text in rows:
        out.append('<tr><td><kbd>' + _esc(key) + '</kbd></td><td>' + _esc(text) + '</td></tr>')
    out.append('</tbody></table><p class="keys-note">' + _esc(cat.t("eye.help_note")) + '</p>'
               '<div class="dialog-buttons"><button type="button" class="btn primary" id="help-close" '
               'data-act="sheet-close">' + _esc(cat.t("eye.close")) + '</button></div>')
    return "".join(out)


def settings_sheet(cat, look):
    """The settings sheet's body: one group of radios per look setting."""
    out = ['<h2 id="settings-title">' + _esc(cat.t("eye.settings_title")) + '</h2><form class="look" action="#">']
    for name, choices in LOOK:
        out.append('<fieldset class="field seg" id="look-' + name + '"><legend>' + _esc(cat.t("eye.look_" + name))
                   + '</legend>')
        for value in choices:
            checked = " checked" if look.get(name) == value else ""
            out.append('<label class="seg-item"><input type="radio" name="look-' + name + '" id="look-' + name
                       + '-' + value + '" value="' + value + '"' + checked + '><span>'
                       + _esc(cat.t(LOOK_LABELS.get(value, "eye.look_" + name + "_" + value))) + '</span></label>')
        out.append('</fieldset>')
    out.append('</form><div class="dialog-buttons"><button type="button" class="btn primary" id="settings-close" '
               'data-act="sheet-close">' + _esc(cat.t("eye.close")) + '</button></div>')
    return "".join(out)


#: How far (px) a pointer moves, button held, before a press becomes a drag.
DRAG_START_PX = 8


def dragging(dx, dy):
    """Whether a pointer held down has moved far enough to be a drag, not a tap."""
    return dx * dx + dy * dy >= DRAG_START_PX * DRAG_START_PX


def drop_action(source, target):
    """What a drop means, as the control a tap would press: a card ("card") dropped on one
    of the player's melds adds it ("add-to", that meld's own button), on the pile
    discards it ("discard"); the pile ("pile") dropped on the hand takes it ("take");
    anything else means nothing (""). The engine judges it as it judges the tap."""
    if source == "card":
        return {"meld": "add-to", "pile": "discard"}.get(target, "")
    if source == "pile" and target == "hand":
        return "take"
    return ""


#: Sounds made in the page (Web Audio oscillator): (frequency Hz, length s) per event.
TONES = {"turn": ((660, 0.08), (880, 0.1)), "played": ((520, 0.06),), "refused": ((196, 0.18),)}


def tones(event, look):
    """The notes to play for an event: none unless sounds are on and not muted."""
    if look.get("sound") != "on" or look.get("muted"):
        return ()
    return TONES.get(event, ())
