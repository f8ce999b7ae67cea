# A table that forgives (issue 40, part "forgive"): when the bots wait so that a discard
# can still be taken back, the "confirm my discard" setting (a first press arms, a second
# discards), and the notices a bad link leaves, shown on the table. Whether anything can
# be taken back, and what, is the engine's (canasta.undo: the snapshot's "undo", the host
# call "undo"); nothing here decides a rule. Pure Python for MicroPython (the page) and
# CPython (tests/web).

#: How long (s) the bots wait before answering the player's discard, so that a misclick
#: can be taken back before the next seat acts. At speed "instant" they do not wait: the
#: player chose no pauses.
UNDO_GRACE = 1.5

#: The prefs key of "confirm my discard" (ui_store keeps it with the other settings).
CONFIRM_DISCARD = "confirm_discard"


def first_wait(delay, speed, snap, watch):
    """The bots' wait before their first move: longer while the player may still take
    back the move that passed the turn (the engine's ``undo``), unless speed is instant."""
    if watch or speed == "instant" or not (snap or {}).get("undo"):
        return delay
    return max(delay, UNDO_GRACE)


def confirm_discard(ui, prefs, selected):
    """Whether a press of Discard discards now. With "confirm my discard" on, the first
    press on a selection arms it (``ui.armed`` holds the selection) and returns False;
    a second press on the same selection returns True. Off: always True."""
    if not prefs.get(CONFIRM_DISCARD):
        return True
    if ui.armed == selected and selected:
        ui.armed = []
        return True
    ui.armed = list(selected)
    return False


#: The kinds of the wild cards (canasta.cards): they join a group of any rank.
WILD_KINDS = ("2", "JK")


def stage_help_shown(tb):
    """Whether the table shows how to lay several melds at once: the player may act and
    has groups set aside, or a selection of more than one rank (wild cards aside)."""
    ui = tb.ui
    if ui.watch or not tb.can_act or tb.phase not in ("draw", "play"):
        return False
    return bool(ui.staged) or len(natural_kinds(tb.sel_codes, tb.kinds)) > 1


def natural_kinds(cards, kinds):
    """The kinds of these card codes, wild cards aside, each once, in order."""
    out = []
    for code in cards:
        kind = kinds.get(code, code)
        if kind not in WILD_KINDS and kind not in out:
            out.append(kind)
    return out


def mixed_groups(error, verb, cards, intents):
    """Whether a refusal should add that several melds are laid with "+ New meld": a
    selection of mixed ranks (``cards``) was refused, and the engine lists an action of
    that verb with several groups that holds every rank of the selection (``intents``:
    ui_intent.Intents)."""
    if not isinstance(error, dict) or error.get("code") != "mixed_ranks":
        return False
    wanted = natural_kinds(cards, intents.kinds)
    for record in intents.records:
        if record.verb != verb or len(record.groups) < 2:
            continue
        held = []
        for group in record.groups:
            held.extend(natural_kinds(group, intents.kinds))
        if all(kind in held for kind in wanted):
            return True
    return False


def read_confirm(saved):
    """The setting from saved prefs: a boolean, else off."""
    return saved.get(CONFIRM_DISCARD) is True


def table_notices(cat, items):
    """The notices (bad link values) as text in ``cat``'s language: items are (key,
    params) pairs or callables cat -> text, as the start screen keeps them."""
    out = []
    for item in items:
        out.append(item(cat) if callable(item) else cat.t(item[0], **item[1]))
    return out


def undone_text(cat, action):
    """What Undo says it took back: "Taken back: you melded …". The move is the log's own
    line for the player (second person), written mid-sentence after the colon, so its
    first letter is lowered (en "You" -> "you", fr "Vous" -> "vous")."""
    move = cat.log_line("", action, True)
    return cat.t("forgive.undone", move=move[:1].lower() + move[1:])
