# Who sits where (issue 41, pass-and-play): each seat of the table is a human or a bot
# (with its level), and each human has a name. Chosen on the start screen, kept in the
# player's settings (ui_store prefs "seats" and "seat_levels") across games, and with
# each game (ui_store SEATS_KEY) so that a reload names the same people. Pure Python for
# MicroPython (the page) and CPython (tests/web).

import ui_model as M

#: The value of a seat's "who" choice that makes it a human's (else a bot level, or ""
#: for a bot at the table's level).
HUMAN = "human"
#: A name is a short line of text: longer ones are cut (the cover writes it in big type).
MAX_NAME = 24


def humans(prefs, players):
    """The human seats chosen for a table of ``players`` (sorted; at least one: a table
    of bots only is what "Watch" is for, so seat 0 is then a human's)."""
    raw = (prefs.get("seats") or {}).get("humans")
    out = []
    if isinstance(raw, list):
        for seat in raw:
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players and seat not in out:
                out.append(seat)
    out.sort()
    return out or [0]


def clean_name(text):
    """A name as typed, made a single trimmed line of at most MAX_NAME characters."""
    return " ".join(str(text or "").split())[:MAX_NAME]


def default_name(cat, seat, alone=False):
    """The name a human seat has until the player types one: "Player 1", "Player 2"...
    (numbered as seats count, from 1); "You" for the first seat of a player alone with the
    bots. With several people at the device nobody is "You": the partner's box would read
    "You (Partner)" on the other person's table."""
    return cat.t("seats.you") if seat == 0 and alone else cat.t("seats.player", n=seat + 1)


def chosen_names(prefs):
    """The names typed on the start screen: {seat as text: name}."""
    raw = (prefs.get("seats") or {}).get("names")
    out = {}
    if isinstance(raw, dict):
        for key in raw:
            name = clean_name(raw[key])
            if isinstance(key, str) and key.isdigit() and name:
                out[key] = name
    return out


def names(cat, prefs, players):
    """Every human seat's name for a new game: {seat as text: name}."""
    typed = chosen_names(prefs)
    seated = humans(prefs, players)
    out = {}
    for seat in seated:
        out[str(seat)] = typed.get(str(seat)) or default_name(cat, seat, len(seated) == 1)
    return out


def name_of(cat, game_names, seat):
    """A seat's name in a game (``game_names`` as kept with it), or its default ("" for
    no seat: the cover while the bots play names nobody)."""
    if not isinstance(seat, int) or seat < 0:
        return ""
    name = clean_name((game_names or {}).get(str(seat)))
    return name or default_name(cat, seat)


def set_who(prefs, seat, value, players):
    """The player chose who sits at ``seat``: HUMAN, a bot level, or "" (a bot at the
    table's level). Updates prefs["seats"] and prefs["seat_levels"] in place."""
    seats = prefs.setdefault("seats", {})
    current = humans(prefs, players)
    levels = prefs.setdefault("seat_levels", {})
    if value == HUMAN:
        if seat not in current:
            current.append(seat)
        levels.pop(str(seat), None)
    else:
        current = [s for s in current if s != seat]
        if value in M.LEVELS:
            levels[str(seat)] = value
        else:
            levels.pop(str(seat), None)
    current.sort()
    seats["humans"] = current


def set_name(prefs, seat, text):
    """The player typed a name for ``seat`` (an empty one brings back the default)."""
    seats = prefs.setdefault("seats", {})
    typed = chosen_names(prefs)
    name = clean_name(text)
    if name:
        typed[str(seat)] = name
    else:
        typed.pop(str(seat), None)
    seats["names"] = typed


def bot_levels(prefs, players):
    """The level of each bot seat chosen apart from the table's: {seat as text: level}."""
    raw = prefs.get("seat_levels") or {}
    seated = humans(prefs, players)
    out = {}
    for seat in range(players):
        if seat not in seated and raw.get(str(seat)) in M.LEVELS:
            out[str(seat)] = raw[str(seat)]
    return out


def panel(cat, prefs, sides, level_label, esc):
    """The start screen's "Players" panel: per seat, who plays it (a human, or a bot and
    its level) and, for a human, a name. ``level_label`` and ``esc`` are ui_render's."""
    players = prefs["players"]
    seated = humans(prefs, players)
    levels = prefs.get("seat_levels") or {}
    typed = chosen_names(prefs)
    several = len(seated) > 1
    out = ['<details class="house-rules seats-panel" id="seat-levels"' + (" open" if several else "") + '>'
           '<summary>' + esc(cat.t("seats.title")) + '</summary>'
           '<p class="field-note">' + esc(cat.t("seats.note")) + '</p>']
    for seat in range(players):
        who_id = "seat-who-" + str(seat)
        role = cat.t(M.seat_role(seat, 0, players, False, sides))
        label = cat.t("seats.seat", n=seat + 1, role=role)
        human = seat in seated
        current = HUMAN if human else levels.get(str(seat), "")
        out.append('<div class="seat-row" role="group" aria-labelledby="' + who_id + '-label">'
                   '<span class="field-label" id="' + who_id + '-label">' + esc(label) + '</span>'
                   '<label class="seat-who"><span class="sr-only">' + esc(cat.t("seats.who", seat=label))
                   + '</span><select id="' + who_id + '" name="seat_who" data-seat="' + str(seat) + '">')
        for value in (HUMAN, "") + M.LEVELS:
            if value == HUMAN:
                text = cat.t("seats.human")
            elif value == "":
                text = cat.t("seats.bot_same")
            else:
                text = cat.t("seats.bot", level=level_label(cat, value))
            out.append('<option value="' + value + '"' + (" selected" if value == current else "") + '>'
                       + esc(text) + '</option>')
        out.append('</select></label>')
        if human:
            name_id = "seat-name-" + str(seat)
            out.append('<label class="seat-name"><span class="sr-only">' + esc(cat.t("seats.name", seat=label))
                       + '</span><input type="text" id="' + name_id + '" name="seat_name" data-seat="' + str(seat)
                       + '" maxlength="' + str(MAX_NAME) + '" autocomplete="off" value="'
                       + esc(typed.get(str(seat), "")) + '" placeholder="' + esc(default_name(cat, seat, not several))
                       + '"></label>')
        out.append('</div>')
    out.append('</details>')
    return "".join(out)
