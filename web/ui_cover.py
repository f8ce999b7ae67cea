# The cover screen of pass-and-play (issue 41): with several humans at one device, the
# table is replaced by a cover between two different humans' turns, so that nobody sees
# another human's hand. This module decides what the page shows (the table, a cover
# asking to pass the device, the partner's question on a cover, or a cover while the
# bots play before anyone has the device) and writes the cover's HTML. Which seat's
# table is on screen ("shown") is the page's state; the rest comes from the engine's
# snapshot. Pure Python for MicroPython (the page) and CPython (tests/web).

#: What the page shows: the table of the shown seat; a cover naming the human to pass
#: the device to; the partner's "may I go out?" asked on a cover; a cover while the
#: bots play and no human has the device yet (a new hand, a reload).
TABLE, PASS, ASK, WAIT = "table", "pass", "ask", "wait"


def several(snap):
    """Whether the game in ``snap`` has more than one human seat (a game with one
    human never shows a cover: it plays exactly as before)."""
    humans = ((snap or {}).get("options") or {}).get("humans")
    return isinstance(humans, list) and len(humans) > 1


def screen(snap, shown, watch=False):
    """(what to show, the seat it is for): TABLE with the shown seat, PASS or ASK with
    the human on turn, WAIT with None. ``shown`` is the seat whose table was last
    opened with "I'm <name>", or None when no human has the device."""
    if snap is None or watch or not several(snap):
        return TABLE, shown
    if snap.get("hand_over"):
        # once scored every hand is public (RULES.md 2): the score sheet for everyone
        return TABLE, shown
    turn = snap.get("turn", -1)
    if not snap.get("human_turn"):
        return (WAIT, None) if shown is None else (TABLE, shown)
    if turn != shown:
        return PASS, turn
    view = snap.get("view") or {}
    asker = view.get("asker", -1)
    humans = (snap.get("options") or {}).get("humans") or []
    if view.get("phase") == "answer" and asker in humans:
        # a human asks a human partner: the partner answers on a cover, the asker's
        # table (and hand) gone from the page
        return ASK, turn
    return TABLE, shown


def viewer(snap, shown):
    """The seat whose snapshot the page asks the engine for: the shown seat, else the
    seat of the snapshot it holds (never another human's on the page: see screen)."""
    if shown is not None:
        return shown
    return ((snap or {}).get("view") or {}).get("seat", 0)


def html(cat, kind, name, asker_name, esc):
    """The cover's content for ``kind`` (PASS, ASK or WAIT); ``name`` is the human's on
    turn, ``asker_name`` the asking partner's (ASK). ``esc`` is ui_render's."""
    note = '<p class="cover-note">' + esc(cat.t("seats.cover_note")) + '</p>'
    if kind == WAIT:
        return ('<h1 id="cover-title" class="cover-title" tabindex="-1">' + esc(cat.t("seats.waiting")) + '</h1>'
                + note)
    if kind == ASK:
        return ('<h1 id="cover-title" class="cover-title">' + esc(cat.t("seats.ask_title", name=name)) + '</h1>'
                '<p class="cover-text">' + esc(cat.t("seats.ask_text", asker=asker_name)) + '</p>'
                '<div class="cover-buttons">'
                '<button type="button" class="btn primary big" id="cover-yes" data-act="answer-yes">'
                + esc(cat.t("actions.answer_yes")) + '</button>'
                '<button type="button" class="btn big" id="cover-no" data-act="answer-no">'
                + esc(cat.t("actions.answer_no")) + '</button></div>' + note)
    return ('<h1 id="cover-title" class="cover-title">' + esc(cat.t("seats.pass", name=name)) + '</h1>'
            '<button type="button" class="btn primary big" id="cover-ok" data-act="cover-ok">'
            + esc(cat.t("seats.its_me", name=name)) + '</button>' + note)
