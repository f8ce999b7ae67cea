# The player's statistics (issue 41, "Statistics"): per game, player count and bot level,
# games and hands played and won, points per hand, canastas made (natural, mixed), times
# the player's side went out and went out concealed. Counted from the engine's score sheet
# in the snapshot (its lines by name: the engine decided every rule), once per hand and
# once per game, and kept on the device like the save (ui_store: a refused or full
# storage never breaks play; data that cannot be read is set aside, never deleted).
# Pure Python for MicroPython (the page) and CPython (tests/web). The statistics sheet's
# HTML is here too; ui_keep carries out its buttons.

import json

import ui_chart
import ui_model as M
import ui_render as R

STATS_KEY = "canasta.stats.v1"
#: Statistics that could not be read, or were replaced by an import, kept under these.
BROKEN_PREFIX = "canasta.stats.broken."
REPLACED_PREFIX = "canasta.stats.replaced."
FORMAT = "canasta-stats"
VERSION = 1
#: The counts kept per group (variant, players, level), in the table's order.
COUNTS = ("games", "finished", "won", "hands", "hands_won", "points", "natural", "mixed", "out", "concealed")
#: Counts that may be negative (a hand's points can be).
SIGNED = ("points",)
#: The score sheet's lines each count reads (canasta.scoring: their ``count``, or 1 when present).
LINE_COUNTS = (("natural", "natural_canastas"), ("mixed", "mixed_canastas"))
OUT_LINES = ("going_out", "going_out_concealed")
CONCEALED_LINE = "going_out_concealed"
#: Most groups and hands a file or the storage may hold (a damaged file stays small).
MAX_GROUPS = 200
MAX_HANDS = 200


def empty():
    return {"format": FORMAT, "version": VERSION, "groups": {}, "game": None}


def group_key(variant, players, level):
    return str(variant) + "/" + str(players) + "/" + str(level)


def _count(value, signed=False):
    return (isinstance(value, int) and not isinstance(value, bool) and (signed or value >= 0)
            and -10 ** 12 < value < 10 ** 12)


def _valid_group(group):
    if not isinstance(group, dict):
        return False
    if not (isinstance(group.get("variant"), str) and 0 < len(group["variant"]) <= 40
            and _count(group.get("players")) and isinstance(group.get("level"), str) and len(group["level"]) <= 40):
        return False
    for name in COUNTS:
        if not _count(group.get(name), name in SIGNED):
            return False
    return group["won"] <= group["finished"] <= group["games"] and group["hands_won"] <= group["hands"]


def _valid_game(game):
    if game is None:
        return True
    if not isinstance(game, dict) or not isinstance(game.get("hands"), list) or len(game["hands"]) > MAX_HANDS:
        return False
    sides = len(game["hands"][0]) if game["hands"] and isinstance(game["hands"][0], list) else 2
    for sheet in game["hands"]:
        # one total per side in every hand (the chart reads them so), 2 to 6 sides
        if not isinstance(sheet, list) or len(sheet) != sides or not all(_count(x, True) for x in sheet):
            return False
    return (2 <= sides <= 6 and _count(game.get("side")) and game["side"] < sides and _count(game.get("counted", 0)) and isinstance(game.get("over"), bool)
            and isinstance(game.get("key"), str))


def check(data):
    """``data`` as statistics if it has their shape (format, version, every group's counts
    whole and consistent), else None."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        return None
    groups = data.get("groups")
    if not isinstance(groups, dict) or len(groups) > MAX_GROUPS:
        return None
    for key in groups:
        group = groups[key]
        if not _valid_group(group) or key != group_key(group["variant"], group["players"], group["level"]):
            return None
    if not _valid_game(data.get("game")):
        return None
    return {"format": FORMAT, "version": VERSION, "groups": groups, "game": data.get("game")}


def new_group(variant, players, level):
    group = {"variant": variant, "players": players, "level": level}
    for name in COUNTS:
        group[name] = 0
    return group


def _lines(sheet_side):
    out = {}
    for line in sheet_side.get("lines") or []:
        if isinstance(line, dict) and isinstance(line.get("name"), str):
            out[line["name"]] = line
    return out


def count_hand(group, sheet, side):
    """Add one finished hand (the snapshot's score sheet: one entry per side) to ``group``
    for the player's ``side``."""
    mine = sheet[side]
    others = [s.get("total", 0) for i, s in enumerate(sheet) if i != side]
    total = mine.get("total", 0)
    lines = _lines(mine)
    group["hands"] += 1
    group["points"] += total
    if not others or total > max(others):
        group["hands_won"] += 1
    for name, line in LINE_COUNTS:
        if line in lines:
            group[name] += lines[line].get("count") or 1
    if any(name in lines for name in OUT_LINES):
        group["out"] += 1
    if CONCEALED_LINE in lines:
        group["concealed"] += 1


def player_side(snap):
    """The side of the table's (first) human seat, or None when no one plays (a watched
    game counts for no one)."""
    options = snap.get("options") or {}
    humans = options.get("humans") or []
    scores = snap.get("scores") or []
    if not humans or not scores:
        return None
    return humans[0] % len(scores)


def begin(stats, game_id):
    """A new game starts (even one dealt from the same seed as the last): nothing of it is
    counted yet."""
    stats["game"] = {"id": game_id, "key": "", "side": 0, "hands": [], "over": False, "counted": 0}


def observe(stats, snap, game_id):
    """Count what ``snap`` shows that is not counted yet: each hand finished since, and the
    game's end. Returns whether anything changed. A game first seen with hands already
    played (continued from a file or from before statistics existed) counts only the hands
    finished from then on."""
    side = player_side(snap)
    if side is None:
        return False
    history = snap.get("history") or []
    options = snap.get("options") or {}
    game = stats.get("game")
    changed = False
    if not isinstance(game, dict) or game.get("id") != game_id:
        game = {"id": game_id, "key": "", "side": side, "hands": [], "over": bool(snap.get("game_over")),
                "counted": len(history)}
        for sheet in history:
            game["hands"].append([s.get("total", 0) for s in sheet])
        stats["game"] = game
        changed = True
    key = group_key(options.get("variant"), options.get("players"), options.get("bot"))
    game["key"] = key
    game["side"] = side
    counted = game.get("counted", len(game["hands"]))
    if len(history) > counted:
        groups = stats["groups"]
        if key not in groups:
            groups[key] = new_group(options.get("variant"), options.get("players"), options.get("bot"))
        group = groups[key]
        if counted == 0:
            group["games"] += 1
        for sheet in history[counted:]:
            count_hand(group, sheet, side)
            game["hands"].append([s.get("total", 0) for s in sheet])
        del game["hands"][:-MAX_HANDS]
        game["counted"] = len(history)
        changed = True
        if snap.get("game_over") and not game["over"]:
            game["over"] = True
            group["finished"] += 1
            if (snap.get("view") or {}).get("winner") == side:
                group["won"] += 1
    return changed


def average(group):
    """Points per hand, rounded (0 before any hand)."""
    return int(round(group["points"] / group["hands"])) if group["hands"] else 0


# --------------------------------------------------------------------------- storage

class StatsStore:
    """The statistics in local storage, behind ui_store.Store's guarded get/set/remove."""

    def __init__(self, store):
        self.store = store

    def load(self, stamp):
        """(statistics, key) : the kept statistics, or empty ones when there are none or
        they cannot be read; then ``key`` names where the unreadable text was set aside
        ("" when nothing was, or the browser refused: it then stays where it was)."""
        text = self.store.get(STATS_KEY)
        if not text:
            return empty(), ""
        try:
            stats = check(json.loads(text))
        except Exception:
            stats = None
        if stats is not None:
            return stats, ""
        key = BROKEN_PREFIX + str(stamp)
        if self.store.set(key, text):
            self.store.remove(STATS_KEY)
            return empty(), key
        return empty(), ""

    def save(self, stats):
        """Whether the browser kept them."""
        return self.store.set(STATS_KEY, json.dumps(stats))

    def replace(self, stats, stamp):
        """Keep ``stats`` instead of the statistics kept now, which are set aside (an
        import or a reset never loses what was there). False when the browser refused
        either: nothing was changed then."""
        old = self.store.get(STATS_KEY)
        if old:
            if not self.store.set(REPLACED_PREFIX + str(stamp), old):
                return False
        return self.save(stats)


# --------------------------------------------------------------------------- files

def to_file(stats, exported):
    """The statistics as a file's text (what ``read_file`` takes back)."""
    return json.dumps({"format": FORMAT, "version": VERSION, "exported": exported, "groups": stats["groups"],
                       "game": stats.get("game")})


def read_file(text):
    """Statistics from a file's text, or None if it is not a statistics file of this
    version with whole, consistent counts."""
    if not isinstance(text, str) or len(text) > 2000000:
        return None
    try:
        return check(json.loads(text))
    except Exception:
        return None


def file_name(day):
    return "canasta-statistics-" + day[:10] + ".json"


# --------------------------------------------------------------------------- the sheet

COLUMNS = (("players", "stats.col_players"), ("level", "stats.col_level"), ("games", "stats.col_games"),
           ("won", "stats.col_won"), ("hands", "stats.col_hands"), ("hands_won", "stats.col_hands_won"),
           ("average", "stats.col_average"), ("natural", "stats.col_natural"), ("mixed", "stats.col_mixed"),
           ("out", "stats.col_out"), ("concealed", "stats.col_concealed"))


def tables(cat, setup, stats):
    """One table per game (variant), a row per player count and level."""
    groups = stats["groups"]
    if not groups:
        return '<p class="stats-empty">' + R.esc(cat.t("stats.empty")) + '</p>'
    variants = []
    for key in sorted(groups):
        if groups[key]["variant"] not in variants:
            variants.append(groups[key]["variant"])
    out = []
    for variant in variants:
        rows = sorted((g for g in groups.values() if g["variant"] == variant),
                      key=lambda g: (g["players"], g["level"]))
        out.append('<div class="stats-scroll" tabindex="0" role="region" aria-label="'
                   + R.esc(R.variant_name(cat, setup, variant)) + '"><table class="stats-table"><caption>'
                   + R.esc(R.variant_name(cat, setup, variant)) + '</caption><thead><tr>')
        for _, label in COLUMNS:
            out.append('<th scope="col">' + R.esc(cat.t(label)) + '</th>')
        out.append('</tr></thead><tbody>')
        for g in rows:
            cells = []
            for name, _ in COLUMNS:
                if name == "level":
                    value = R.level_label(cat, g["level"])
                elif name == "average":
                    value = str(average(g))
                elif name == "won":
                    value = str(g["won"]) + " / " + str(g["finished"])
                else:
                    value = str(g[name])
                cells.append(value)
            out.append('<tr><th scope="row">' + R.esc(cells[0]) + '</th>'
                       + "".join('<td>' + R.esc(c) + '</td>' for c in cells[1:]) + '</tr>')
        out.append('</tbody></table></div>')
    return "".join(out)


def chart(cat, setup, stats):
    """The score across the hands of the current or last game, or a line saying there is none."""
    game = stats.get("game")
    if not isinstance(game, dict) or not game.get("hands"):
        return '<p class="stats-empty">' + R.esc(cat.t("stats.no_chart")) + '</p>'
    parts = game["key"].split("/")
    variant = R.variant_name(cat, setup, parts[0]) if parts else ""
    sides = len(game["hands"][0])
    players = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else sides
    labels = [cat.t("stats.your_side") if s == game["side"]
              else cat.t(M.side_key(s, game["side"], players, False, sides)) for s in range(sides)]
    return ui_chart.score_chart(cat, cat.t("stats.chart_title", variant=variant), labels, game["hands"],
                                game["side"])


def sheet(cat, setup, stats, message="", confirming=False):
    """The statistics sheet's HTML (a modal dialog's content)."""
    out = ['<h2 id="stats-title">' + R.esc(cat.t("stats.title")) + '</h2>',
           '<p id="stats-message" class="stats-message" role="status">' + R.esc(message) + '</p>',
           tables(cat, setup, stats), '<h3>' + R.esc(cat.t("stats.chart_heading")) + '</h3>', chart(cat, setup, stats),
           '<div class="dialog-buttons stats-buttons">',
           '<button type="button" class="btn" id="stats-export" data-act="stats-export">'
           + R.esc(cat.t("stats.export")) + '</button>',
           '<label class="btn file-btn" for="stats-file">' + R.esc(cat.t("stats.import"))
           + '<input type="file" id="stats-file" name="stats-file" class="file-input" accept=".json,application/json">'
           '</label>',
           '<button type="button" class="btn" id="stats-reset" data-act="stats-reset">'
           + R.esc(cat.t("stats.reset")) + '</button>',
           '<button type="button" class="btn primary" id="stats-close" data-act="stats-close">'
           + R.esc(cat.t("stats.close")) + '</button></div>',
           '<p class="field-note">' + R.esc(cat.t("stats.import_note")) + '</p>']
    return "".join(out)


def confirm_reset(cat):
    return ('<h2 id="stats-confirm-title">' + R.esc(cat.t("stats.reset_title")) + '</h2><p id="stats-confirm-text">'
            + R.esc(cat.t("stats.reset_text")) + '</p><div class="dialog-buttons">'
            '<button type="button" class="btn primary" id="stats-reset-no" data-act="stats-reset-no">'
            + R.esc(cat.t("stats.reset_no")) + '</button>'
            '<button type="button" class="btn" id="stats-reset-yes" data-act="stats-reset-yes">'
            + R.esc(cat.t("stats.reset_yes")) + '</button></div>')
