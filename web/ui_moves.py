# What happened at the table, in words (issue 40, "see what happened"): the log's lines
# from the engine's entries (canasta.records.move_entry: the action's record, the pile's
# size when taken, a bot's reason), the "since your turn" line, each seat's last turn and
# what a screen reader hears as a move happens. The engine says what each move was; this
# module only picks the catalog's words for it. Pure Python: CPython and MicroPython.


def groups_text(cat, groups):
    """Cards played as their groups: one group as a list of names, several each in
    brackets ("(8 of spades, 8 of hearts, 8 of clubs) (9 of ...)"), so a meld of two
    groups never reads as one."""
    groups = [g for g in groups or [] if g]
    if len(groups) == 1:
        return cat.card_list(groups[0])
    return " ".join(cat.t("see.group", cards=cat.card_list(g)) for g in groups)


def move_line(cat, name, entry, you=False):
    """One log entry as a sentence for the seat called ``name`` (``you``: the player's
    own, in the second person): a take says how many cards the pile held and with what,
    a draw of several cards how many, a meld its groups; the rest as ui_text.log_line."""
    action = entry.get("action", "") if isinstance(entry, dict) else ""
    record = entry.get("record") if isinstance(entry, dict) else None
    if not isinstance(record, dict):
        return cat.log_line(name, action, you)
    verb = record.get("verb")
    groups = record.get("groups") or []
    if verb == "take":
        n = entry.get("taken", 0)
        if groups:
            return cat.t("see.took_you" if you else "see.took", name=name, n=n, cards=groups_text(cat, groups))
        return cat.t("see.took_plain_you" if you else "see.took_plain", name=name, n=n)
    if verb == "draw" and entry.get("drawn", 1) > 1:
        return cat.t("see.drew_you" if you else "see.drew", name=name, n=entry.get("drawn"))
    if verb == "meld":
        return cat.t(("log_you." if you else "log.") + "meld", name=name, cards=groups_text(cat, groups))
    return cat.log_line(name, action, you)


def reason_of(cat, entry):
    """A bot's reason for its move in words ("" when it has none: a player's move), in
    the third person (the hint's words speak to the player). Its hand's points are not
    said: the log is public, a bot's hand is not."""
    return cat.reason_line(entry.get("reason"), "see.reasons.") if isinstance(entry, dict) else ""


def of_hand(entries, hand):
    """The log's entries of one hand, oldest first."""
    return [e for e in entries or [] if isinstance(e, dict) and e.get("hand") == hand]


def since_turn(entries, viewer, hand):
    """What the other seats did since the viewer's last move of this hand (the whole
    hand so far if the viewer has not played yet), oldest first."""
    mine = of_hand(entries, hand)
    last = -1
    for i in range(len(mine)):
        if mine[i].get("seat") == viewer:
            last = i
    return [e for e in mine[last + 1:] if e.get("seat") != viewer]


def last_turns(entries, hand):
    """Each seat's latest turn this hand: seat -> its entries of that turn, oldest first
    (a turn is a run of one seat's entries). Marked on the table until it plays again."""
    out = {}
    run = []
    for e in of_hand(entries, hand):
        if run and run[-1].get("seat") != e.get("seat"):
            run = []
        run.append(e)
        out[e.get("seat")] = run
    return out


def cards_of(turn):
    """The cards a turn put on the table (its melds, adds, a take's cards, its discard)."""
    out = []
    for e in turn or []:
        record = e.get("record") or {}
        for g in record.get("groups") or []:
            out.extend(g)
    return out


def new_entries(entries, hand, moves, heard):
    """The entries of this hand that were not announced yet: the hand has had ``moves``
    actions, ``heard`` of them were announced (the log keeps only its latest entries)."""
    mine = of_hand(entries, hand)
    fresh = moves - heard
    if fresh <= 0:
        return []
    return mine[-fresh:]


def pile_words(cat, view):
    """The discard pile in words: its size, top card and state (frozen, blocked)."""
    top = view.get("discard_top")
    if not top:
        return cat.t("table.pile_empty")
    text = cat.t("see.pile", n=view.get("pile_size", 0), card=cat.card_label(top))
    if view.get("pile_frozen"):
        text += ", " + cat.t("table.frozen")
    if view.get("pile_blocked"):
        text += ", " + cat.t("table.blocked")
    return text


def announcement(cat, entries, view, seat_name, viewer, reasons=False):
    """What a screen reader hears when other seats have moved: each move, then each
    mover's card count, then the pile. ``seat_name(seat)`` names a seat; the viewer's
    own moves are not repeated (the player made them)."""
    parts = []
    movers = []
    for e in entries:
        seat = e.get("seat")
        if seat == viewer:
            continue
        line = move_line(cat, seat_name(seat), e)
        why = reason_of(cat, e) if reasons else ""
        parts.append(line + (" (" + why + ")" if why else "") + ".")
        if seat not in movers:
            movers.append(seat)
    if not parts:
        return ""
    counts = view.get("hand_counts") or []
    for seat in movers:
        if isinstance(seat, int) and 0 <= seat < len(counts):
            parts.append(cat.t("see.count_left", name=seat_name(seat), n=counts[seat]) + ".")
    parts.append(pile_words(cat, view) + ".")
    return " ".join(parts)


#: How long a move flies at each bot speed (ms; ui_model.SPEEDS): shorter than the pause
#: before the next move, so the bots play no slower than without it. None at "instant".
FLIGHT_MS = {"slow": 700, "normal": 420, "fast": 140, "instant": 0}
#: The places a move can come from, measured before the table is redrawn (web/fly.js).
SOURCES = ("#stock", "#discard", "#g-hand", "#seat-0", "#seat-1", "#seat-2", "#seat-3", "#seat-4", "#seat-5")


def flights(entries, viewer, sides):
    """Where each new move's cards fly, from the engine's record of it: a draw from the
    stock, a take from the pile, a meld or add from the seat to the melds it touched
    (marked "moved"), a discard from the seat to the pile. The viewer's seat is the
    hand. [{"from": selector, "to": selector}] for web/fly.js."""
    out = []
    for e in entries:
        seat = e.get("seat", -1)
        verb = (e.get("record") or {}).get("verb")
        if not isinstance(seat, int) or seat < 0:
            continue
        here = "#g-hand" if seat == viewer else "#seat-" + str(seat)
        cards = ".hcard.drawn" if seat == viewer else here + " .seat-cards"
        melds = "#melds-" + str(seat % sides) + " .meld.moved"
        if verb == "draw":
            out.append({"from": "#stock", "to": cards})
        elif verb == "take":
            out.append({"from": "#discard", "to": melds})
            if seat != viewer:
                out.append({"from": "#discard", "to": cards})
        elif verb in ("meld", "add", "swap"):
            out.append({"from": here, "to": melds})
        elif verb == "discard":
            out.append({"from": here, "to": "#discard .face"})
    return out
