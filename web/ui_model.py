# The UI's settings logic, without the DOM: speeds, levels and targets offered, who sits
# where, the start screen's choices (from the engine's catalog) and the URL parameters.
# No rule of the game is decided here: what a selection of cards means comes from the
# engine's records (ui_intent, canasta.protocol). Pure Python for MicroPython (the page)
# and CPython (tests/web).

SPEEDS = ("slow", "normal", "fast", "instant")
#: Pause before each bot move, in seconds.
SPEED_DELAY = {"slow": 1.2, "normal": 0.6, "fast": 0.15, "instant": 0.0}
#: Target scores offered for every game (each preset's own target is offered too).
TARGETS = (2500, 5000, 7500, 10000)
PLAYER_COUNTS = (2, 3, 4, 6)
#: No target: each table's own (Setup.normalize) until the player picks one.
DEFAULTS = {"lang": "en", "variant": "classic", "players": 4, "speed": "normal", "level": "good"}
#: The bots' levels (canasta.bots), weakest first; "good" by default.
LEVELS = ("beginner", "casual", "good", "expert")
LEVEL_KEYS = {"beginner": "app.level_beginner", "casual": "app.level_casual", "good": "app.level_good",
              "expert": "app.level_expert"}


# --------------------------------------------------------------------------- seats and sides

#: Seat names by place clockwise from the viewer (index 0 is the viewer), per table shape
#: (players, sides): partners sit `sides` seats apart.
_ROLES = {
    (2, 2): ("table.you", "table.opponent"),
    (3, 3): ("table.you", "table.left", "table.right"),
    (4, 2): ("table.you", "table.left", "table.partner", "table.right"),
    (6, 2): ("table.you", "table.left", "table.partner_left", "table.across", "table.partner_right", "table.right"),
    (6, 3): ("table.you", "table.left", "table.left_far", "table.partner", "table.right_far", "table.right"),
}
_COMPASS = {2: ("south", "north"), 3: ("south", "west", "east"), 4: ("south", "west", "north", "east")}
_SEAT_NUMBERS = ("table.seat_1", "table.seat_2", "table.seat_3", "table.seat_4", "table.seat_5", "table.seat_6")
_SIDE_NUMBERS = ("table.side_1", "table.side_2", "table.side_3")


def seat_role(seat, viewer, players, watch, sides=2):
    """The catalog key that names a seat for the viewer."""
    if watch:
        compass = _COMPASS.get(players)
        if compass is None:
            return _SEAT_NUMBERS[seat % len(_SEAT_NUMBERS)]
        return "table." + compass[seat % len(compass)]
    rel = (seat - viewer) % players
    roles = _ROLES.get((players, sides)) or _ROLES[(4, 2)]
    return roles[rel] if rel < len(roles) else "table.opponent"


def side_key(side, my_side, players, watch, sides=2):
    """The catalog key that names a side (a team, or one player playing alone)."""
    if watch:
        if players == 2:
            return "table.south" if side == 0 else "table.north"
        if players == 4 and sides == 2:
            return "table.side_ns" if side == 0 else "table.side_ew"
        return _SIDE_NUMBERS[side % len(_SIDE_NUMBERS)]
    if sides == players:  # each alone: a side is a seat
        return seat_role(side, my_side, players, False, sides)
    if side == my_side:
        return "table.our_side"
    if sides == 2:
        return "table.their_side"
    # three teams: name the other two by the opponent on the viewer's left or right
    return "table.left_team" if (side - my_side) % sides == 1 else "table.right_team"


def seat_positions(viewer, players):
    """Where each other seat sits around the viewer, clockwise from the left:
    [(seat, "north"|"west"|"east"|"row")]; six-player tables put the five others in a row."""
    if players == 2:
        return [((viewer + 1) % 2, "north")]
    if players == 3:
        return [((viewer + 1) % 3, "west"), ((viewer + 2) % 3, "east")]
    if players == 4:
        return [((viewer + 1) % 4, "west"), ((viewer + 2) % 4, "north"), ((viewer + 3) % 4, "east")]
    return [((viewer + k) % players, "row") for k in range(1, players)]


# --------------------------------------------------------------------------- table setup

def valid_target(value):
    return isinstance(value, int) and not isinstance(value, bool) and 500 <= value <= 50000 and value % 100 == 0


class Setup:
    """The presets and house-rule switches the engine offers (variants.json, written by
    the site's build from ``canasta.catalog``), and the choices a player may make."""

    def __init__(self, catalog):
        presets = (catalog or {}).get("presets") or []
        self.presets = [p for p in presets if isinstance(p, dict) and p.get("name")]
        self.by_name = {}
        for p in self.presets:
            self.by_name[p["name"]] = p
        # MicroPython's dicts keep no order: the catalog's order is kept in a list.
        self.switch_order = []
        self.switches = {}
        for sw in (catalog or {}).get("switches") or []:
            self.switch_order.append(sw["id"])
            self.switches[sw["id"]] = sw

    def names(self):
        return [p["name"] for p in self.presets]

    def preset(self, name):
        return self.by_name.get(name) or (self.presets[0] if self.presets else None)

    def table(self, name, players):
        p = self.preset(name)
        if p is None:
            return {}
        return (p.get("tables") or {}).get(str(players)) or {}

    def targets(self, name, players, current=None):
        """The targets offered: the usual ones, the preset's own, and the current choice."""
        out = list(TARGETS)
        for t in (self.table(name, players).get("target"), current):
            if valid_target(t) and t not in out:
                out.append(t)
        out.sort()
        return out

    def switch_ids(self, name, players):
        """The switches that apply to this table, in the catalog's order."""
        defaults = self.table(name, players).get("switches") or {}
        return [sid for sid in self.switch_order if sid in defaults]

    def options(self, switch_id):
        return [o["name"] for o in (self.switches.get(switch_id) or {}).get("options") or []]

    def normalize(self, prefs):
        """The player's saved or linked choices made valid for the catalog: a preset it
        has, a player count of that preset, a target offered, switches that apply (with
        options they have). Returns (choices, changed names)."""
        out = dict(prefs)
        changed = []
        preset = self.preset(prefs.get("variant"))
        if preset is None:
            return out, changed
        if preset["name"] != prefs.get("variant"):
            changed.append("variant")
        out["variant"] = preset["name"]
        if prefs.get("players") not in preset["players"]:
            if "players" in prefs:
                changed.append("players")
            out["players"] = preset["default_players"]
        if not valid_target(prefs.get("target")):
            out["target"] = self.table(out["variant"], out["players"]).get("target", 5000)
        chosen = (prefs.get("switches") or {}).get(out["variant"]) or {}
        kept = {}
        for sid in self.switch_ids(out["variant"], out["players"]):
            if chosen.get(sid) in self.options(sid):
                kept[sid] = chosen[sid]
        out["table_switches"] = kept
        if prefs.get("level") not in LEVELS:
            out["level"] = DEFAULTS["level"]
        seats = {}
        raw = prefs.get("seat_levels") or {}
        for seat in range(out["players"]):  # seat 0 too: any seat may be a bot's (issue 41)
            if raw.get(str(seat)) in LEVELS:
                seats[str(seat)] = raw[str(seat)]
        out["seat_levels"] = seats
        return out, changed

    def changed_switches(self, name, players, chosen):
        """The chosen options that differ from the table's defaults (what new_game needs)."""
        defaults = self.table(name, players).get("switches") or {}
        out = {}
        for sid, option in chosen.items():
            if sid in defaults and defaults[sid] != option:
                out[sid] = option
        return out


# --------------------------------------------------------------------------- URL parameters

def parse_query(search):
    """The page's URL parameters: (values, problems). Values hold only valid ones;
    problems are (name, value, expected) for the player to read. Never raises."""
    values = {}
    problems = []
    text = str(search or "")
    if text.startswith("?"):
        text = text[1:]
    for part in text.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        name = _unquote(name).strip().lower()
        value = _unquote(value).strip()
        check = _CHECKS.get(name)
        if check is None:
            continue  # not ours (e.g. a tracking parameter): ignored silently
        ok, parsed, expected = check(value if name in _CASED else value.lower())
        if ok:
            values[name] = parsed
        else:
            problems.append((name, value, expected))
    return values, problems


def _choice(options, convert=str):
    expected = ", ".join(str(o) for o in options)

    def check(value):
        for o in options:
            if str(o) == value:
                return True, convert(value), expected
        return False, None, expected
    return check


def _seed(value):
    if value and value.isdigit() and len(value) <= 15:
        return True, int(value), "0 … 999999999999999"
    return False, None, "0 … 999999999999999"


def _flag(value):
    if value in ("1", "true", "yes", ""):
        return True, True, "1"
    if value in ("0", "false", "no"):
        return True, False, "1"
    return False, None, "0, 1"


def _target(value):
    if value.isdigit() and len(value) <= 6 and valid_target(int(value)):
        return True, int(value), "500 … 50000, in hundreds"
    return False, None, "500 … 50000, in hundreds"


def _level(value):
    """A bot level by name or by number, 1 (beginner) to 4 (expert), as the match
    command reads it (issue 5)."""
    numbers = [str(i + 1) for i in range(len(LEVELS))]
    expected = ", ".join(LEVELS) + " (" + numbers[0] + " … " + numbers[-1] + ")"
    if value in LEVELS:
        return True, value, expected
    if value in numbers:
        return True, LEVELS[numbers.index(value)], expected
    return False, None, expected


def _name(value):
    ok = 0 < len(value) <= 40 and all(c.isalpha() or c.isdigit() or c == "-" for c in value)
    return ok, value if ok else None, "a game name such as classic"


def valid_date(text):
    """A YYYY-MM-DD text (?daily=; whether it is a day of the calendar is the engine's
    to say: canasta.duplicate)."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        return False
    digits = text[:4] + text[5:7] + text[8:]
    return all("0" <= ch <= "9" for ch in digits)


def _date(value):
    ok = valid_date(value)
    return ok, value if ok else None, "YYYY-MM-DD"


#: What a deal code (?deal=, ui_deal) may hold: its version, a dot, base64url.
DEAL_CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.="


def _deal(value):
    """A deal code's shape (ui_deal.decode reads it once the page is up)."""
    ok = 0 < len(value) <= 2000 and all(c in DEAL_CODE_CHARS for c in value)
    return ok, value if ok else None, "a deal link of this game"


_CHECKS = {
    "lang": _choice(("en", "fr")),
    "variant": _name,
    "players": _choice(PLAYER_COUNTS, int),
    "seed": _seed,
    "watch": _flag,
    "speed": _choice(SPEEDS),
    "new": _flag,
    "target": _target,
    "level": _level,
    "deal": _deal,
    "daily": _date,
}
#: Parameters whose value is case-sensitive (the others are read in lower case).
_CASED = ("seed", "deal")


def _unquote(text):
    """Percent-decoding for URL parameters (ASCII is enough for ours), + as space."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "%" and i + 2 < len(text) and _is_hex(text[i + 1:i + 3]):
            code = int(text[i + 1:i + 3], 16)
            out.append(chr(code) if code < 128 else "?")
            i += 3
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _is_hex(pair):
    if len(pair) != 2:
        return False
    for c in pair:
        if c not in "0123456789abcdefABCDEF":
            return False
    return True


def query_without(search, names):
    """The search string without the given parameters ("" when nothing is left)."""
    text = str(search or "")
    if text.startswith("?"):
        text = text[1:]
    kept = [p for p in text.split("&") if p and _unquote(p.partition("=")[0]).strip().lower() not in names]
    return "?" + "&".join(kept) if kept else ""
