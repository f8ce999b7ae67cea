# Shared deals, "play this deal again", the deal of the day and the duplicate result
# (issue 41). A deal is what it takes to deal the same cards to the same seat at the
# same table: the game's settings (variant, players, target, house-rule switches, rule
# overrides, bot levels), the seed, which hand of the seed's game (a later hand's cards
# depend on the deals before it, and its initial-meld minimum on the scores then, so both
# are carried: the engine's "start" option) and the seat. No server: a link carries it,
# ?deal=<code>, the code being "1." then the deal as compact JSON in base64url (the "1"
# is the code's version: another encoding later gets another number, and this one stays
# readable).
#
# The duplicate result: every finished hand's result is kept on the device under its deal
# (cheap: a few numbers; a result is [the player's side's points, the best other side's]:
# the points alone would hide how much the other side made with the same cards), so a deal played again or shared finds the earlier plays; for a
# hand from a deal (a link, "play again", the deal of the day) the expert's score with the
# same cards, seat and opponents is computed in a second engine worker while the player
# plays (canasta.duplicate.expert_result), kept with the deal too.
# Pure Python for MicroPython (the page) and CPython (tests/web).

import json

import ui_render as R

esc = R.esc

#: The deal code's version, before its first dot.
CODE_VERSION = "1"
#: A code longer than this is not ours (a deal with every override is far shorter).
MAX_CODE = 2000
#: Local storage: the duplicate history (deal code -> plays and the expert's score) and
#: what the UI keeps beside the game in progress (where it came from; its play's id).
HISTORY_KEY = "canasta.deals.v1"
GAME_KEY = "canasta.dealgame.v1"
#: How many deals and how many plays of each the history keeps (the oldest go first).
MAX_DEALS = 60
MAX_PLAYS = 12
#: Where a game came from: a shared link, "play again", the deal of the day (its expert
#: score is computed); "" for any other game (its results are kept, nothing computed).
KINDS = ("shared", "again", "daily")
#: The deal of the day's table: the same for everyone on a date, so that results compare
#: (not the player's preferred variant: two friends with different preferences would then
#: play different deals of the day). The engine's preset gives the target.
DAILY = {"variant": "classic", "players": 4, "bot": "good"}
SEAT_LEVELS = ("beginner", "casual", "good", "expert")

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
# compact JSON keys of a code: long names stay readable in the code below
_KEYS = (("variant", "g"), ("players", "n"), ("target", "t"), ("seed", "s"), ("hand", "h"), ("scores", "c"),
         ("seat", "p"), ("bot", "b"), ("bots", "l"), ("switches", "w"), ("rules", "r"))


# --------------------------------------------------------------------------- base64url

def _regroup(values, size_in, size_out, keep_partial):
    """A stream of ``size_in``-bit values as ``size_out``-bit values (bytes to base64's
    sextets and back); the last, partial group zero-filled when ``keep_partial``."""
    out = []
    acc = 0
    bits = 0
    mask = (1 << size_out) - 1
    for v in values:
        acc = (acc << size_in) | v
        bits += size_in
        while bits >= size_out:
            bits -= size_out
            out.append((acc >> bits) & mask)
        acc &= (1 << bits) - 1
    if bits and keep_partial:
        out.append((acc << (size_out - bits)) & mask)
    return out


def b64encode(data):
    """base64url without padding (RFC 4648 section 5) of bytes."""
    return "".join(_B64[v] for v in _regroup(data, 8, 6, True))


def b64decode(text):
    """The bytes of base64url text (padding optional), or None if it is not base64url."""
    text = text.rstrip("=")
    if len(text) % 4 == 1:
        return None
    values = [_B64.find(ch) for ch in text]
    if any(v < 0 for v in values):
        return None
    return bytes(_regroup(values, 6, 8, False))


# --------------------------------------------------------------------------- the deal

def _int(value, low, high):
    return type(value) is int and low <= value <= high


def _names(value):
    """A {name: name} object of short texts (switches, seat levels), or None."""
    if not isinstance(value, dict):
        return None
    for k in value:
        if not isinstance(k, str) or not isinstance(value[k], str) or len(k) > 40 or len(value[k]) > 40:
            return None
    return value


def check(deal):
    """The deal with its defaults filled in if its fields have the right shapes, else
    None. Values the engine does not offer (a variant, a switch) are the engine's to
    refuse when the game starts (the start screen then says why)."""
    if not isinstance(deal, dict):
        return None
    out = {"variant": deal.get("variant"), "players": deal.get("players"), "target": deal.get("target"),
           "seed": deal.get("seed"), "hand": deal.get("hand", 1), "scores": deal.get("scores", []),
           "seat": deal.get("seat", 0), "bot": deal.get("bot", "good"), "bots": deal.get("bots", {}),
           "switches": deal.get("switches", {}), "rules": deal.get("rules", {})}
    if not isinstance(out["variant"], str) or not 0 < len(out["variant"]) <= 40:
        return None
    if not _int(out["players"], 2, 6) or not _int(out["seed"], 0, 999999999999999) or not _int(out["hand"], 1, 200):
        return None
    if out["target"] is not None and not _int(out["target"], 1, 1000000):
        return None
    scores = out["scores"]
    if not isinstance(scores, list) or len(scores) > 3 or not all(_int(x, -1000000, 1000000) for x in scores):
        return None
    if not _int(out["seat"], 0, out["players"] - 1) or not isinstance(out["bot"], str) or len(out["bot"]) > 40:
        return None
    if _names(out["bots"]) is None or _names(out["switches"]) is None or not isinstance(out["rules"], dict):
        return None
    return out


def compact(value):
    """JSON without spaces, keys sorted: one text per deal (the history's key too).
    MicroPython's json.dumps has neither ``separators`` nor ``sort_keys``."""
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(str(k)) + ":" + compact(value[k]) for k in sorted(value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(compact(x) for x in value) + "]"
    return json.dumps(value)


def encode(deal):
    """The deal's code: "1." and its compact JSON in base64url (defaults left out)."""
    short = {}
    for name, key in _KEYS:
        value = deal.get(name)
        if value is None or value == {} or (name == "hand" and value == 1) or (name == "seat" and value == 0):
            continue
        if name == "scores" and not any(value) and deal.get("hand", 1) == 1:
            continue  # the first hand at 0 each: the engine's own start
        short[key] = value
    return CODE_VERSION + "." + b64encode(compact(short).encode("utf-8"))


def decode(code):
    """The deal a code carries (``check``ed), or None for a code that is not one of ours
    (another version, damaged, cut short)."""
    if not isinstance(code, str) or len(code) > MAX_CODE:
        return None
    version, _, body = code.strip().partition(".")
    if version != CODE_VERSION or not body:
        return None
    raw = b64decode(body)
    if raw is None:
        return None
    try:
        short = json.loads(raw.decode("utf-8"))
    except Exception:
        return None
    if not isinstance(short, dict):
        return None
    known = [k for _, k in _KEYS]
    for k in short:
        if k not in known:
            return None
    deal = {}
    for name, key in _KEYS:
        if key in short:
            deal[name] = short[key]
    return check(deal)


def from_snapshot(snap):
    """The deal of the hand on the table (its start: the scores the hand was dealt with)
    from the player's seat."""
    options = snap.get("options") or {}
    view = snap.get("view") or {}
    bots = options.get("bots") or {}
    return check({"variant": options.get("variant"), "players": options.get("players"),
                  "target": options.get("target"), "seed": options.get("seed"),
                  "hand": view.get("hand_number", 1), "scores": list(view.get("scores") or []),
                  "seat": view.get("seat", 0), "bot": options.get("bot", "good"), "bots": dict(bots),
                  "switches": dict(options.get("switches") or {}), "rules": dict(options.get("rules") or {})})


def game_options(deal, think_ms):
    """The engine's new_game options that deal ``deal`` with the player in its seat."""
    options = {"variant": deal["variant"], "players": deal["players"], "seed": deal["seed"],
               "humans": [deal["seat"]], "bot": deal["bot"], "bots": dict(deal["bots"]),
               "switches": dict(deal["switches"]), "rules": dict(deal["rules"]), "expert_think_ms": think_ms}
    if deal["target"] is not None:
        options["target"] = deal["target"]
    if deal["hand"] != 1 or any(deal["scores"]):
        options["start"] = {"hand": deal["hand"], "scores": list(deal["scores"])}
    return options


def daily_deal(seed):
    """The deal of the day for the seed the engine derived from the date."""
    return check(dict(DAILY, seed=seed))


def link(base, deal):
    """The link that opens ``deal``: the page's address (no query) with ?deal=."""
    return base + "?deal=" + encode(deal)


def date_of(year, month, day):
    """The page's local date (JavaScript's getFullYear, getMonth + 1, getDate) as YYYY-MM-DD."""
    return str(year) + "-" + ("0" if month < 10 else "") + str(month) + "-" + ("0" if day < 10 else "") + str(day)


# --------------------------------------------------------------------------- the history

class History:
    """The duplicate history in local storage (a ui_store.Store): per deal code, the plays
    {"play": id, "result": [us, them]} in order and the expert's result once computed."""

    def __init__(self, store):
        self.store = store

    def load(self):
        text = self.store.get(HISTORY_KEY)
        try:
            data = json.loads(text) if text else {}
        except Exception:
            data = {}
        return data if isinstance(data, dict) else {}

    def entry(self, code):
        e = self.load().get(code)
        return e if isinstance(e, dict) else {}

    def _update(self, code, change):
        data = self.load()
        e = data.pop(code, None)
        e = e if isinstance(e, dict) else {}
        change(e)
        data[code] = e  # last: the most recent deal (dicts keep their order)
        while len(data) > MAX_DEALS:
            data.pop(next(iter(data)))
        return self.store.set(HISTORY_KEY, json.dumps(data))

    def add_play(self, code, play, result, date=""):
        """Keep one play's result of the deal (once per play: a reload at the score sheet
        does not count it twice)."""
        def change(e):
            plays = e.get("plays") if isinstance(e.get("plays"), list) else []
            if any(isinstance(p, dict) and p.get("play") == play for p in plays):
                return
            plays.append({"play": play, "result": list(result)})
            e["plays"] = plays[-MAX_PLAYS:]
            if date:
                e["date"] = date
        return self._update(code, change)

    def set_expert(self, code, result):
        def change(e):
            e["expert"] = list(result)
        return self._update(code, change)


def valid_result(value):
    """A result [us, them] as kept (two integers), or None."""
    ok = isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value)
    return value if ok else None


def duplicate_facts(entry, play):
    """(this play's result or None, the expert's or None, the earlier plays' results)."""
    mine = None
    earlier = []
    for p in entry.get("plays") or []:
        result = valid_result(p.get("result")) if isinstance(p, dict) else None
        if result is None:
            continue
        if p.get("play") == play:
            mine = result
        else:
            earlier.append(result)
    return mine, valid_result(entry.get("expert")), earlier


# --------------------------------------------------------------------------- the score sheet

def signed(n):
    return ("+" if n > 0 else "") + str(n)


def result_text(cat, result):
    """A result as the duplicate table writes it: the margin, then the points of both
    sides ("-1305 (700 to 2005)")."""
    return cat.t("deal.result", net=signed(result[0] - result[1]), us=result[0], them=result[1])


def duplicate_html(cat, facts, waiting):
    """The duplicate table: "You -1305 (700 to 2005) · Expert -745 (700 to 1445) · your
    earlier plays: +80, +200" (each the margin over the best other side).
    ``waiting``: the expert's score is being computed. Empty when there is nothing to
    compare (no expert's figure coming and no earlier play)."""
    mine, expert, earlier = facts
    if mine is None or (expert is None and not waiting and not earlier):
        return ""
    rows = [(cat.t("deal.you"), result_text(cat, mine), "dup-you")]
    if expert is not None:
        rows.append((cat.t("deal.expert"), result_text(cat, expert), "dup-expert"))
    elif waiting:
        rows.append((cat.t("deal.expert"), cat.t("deal.expert_thinking"), "dup-expert"))
    if earlier:
        rows.append((cat.t("deal.earlier", n=len(earlier)), ", ".join(signed(x[0] - x[1]) for x in earlier),
                     "dup-earlier"))
    out = ['<table class="duplicate" id="duplicate"><caption>' + esc(cat.t("deal.duplicate_title")) + '</caption>'
           '<tbody>']
    for label, value, id_ in rows:
        out.append('<tr id="' + id_ + '"><th scope="row">' + esc(label) + '</th><td>' + esc(value) + '</td></tr>')
    out.append('</tbody></table>')
    return "".join(out)


def result_section(cat, facts, waiting, daily_date=""):
    """What the score sheet shows of the deal: the duplicate table, then "Share this
    deal" and "Play this deal again"."""
    out = ['<section class="deal-box" aria-label="' + esc(cat.t("deal.section")) + '">']
    if daily_date:
        out.append('<p class="deal-daily">' + esc(cat.t("deal.daily_of", date=daily_date)) + '</p>')
    out.append(duplicate_html(cat, facts, waiting))
    out.append('<div class="deal-buttons"><button type="button" class="btn" id="btn-share-result" data-act="share" '
               'aria-haspopup="dialog">' + esc(cat.t("deal.share")) + '</button>'
               '<button type="button" class="btn" id="btn-play-again" data-act="deal-again">'
               + esc(cat.t("deal.again")) + '</button></div></section>')
    return "".join(out)


def daily_button(cat):
    """The start screen's "Deal of the day", under the menu's buttons."""
    return ('<div class="daily-box"><button type="button" class="btn" id="btn-daily" data-act="daily">'
            + esc(cat.t("deal.daily")) + '</button><p class="field-note">' + esc(cat.t("deal.daily_note"))
            + '</p></div>')


def share_sheet(cat, url, can_share, said=""):
    """The share dialog's content: the link in a text field (selected: the fallback when
    the clipboard is refused), Copy, Share (the Web Share API, where present), Close."""
    out = ['<h2 id="share-title">' + esc(cat.t("deal.share")) + '</h2>'
           '<p>' + esc(cat.t("deal.share_note")) + '</p>'
           '<label class="field-label" for="share-link">' + esc(cat.t("deal.link")) + '</label>'
           '<input id="share-link" class="share-link" type="text" readonly value="' + esc(url) + '">'
           '<p id="share-said" class="share-said" role="status">' + esc(said) + '</p>'
           '<div class="deal-buttons"><button type="button" class="btn primary" id="btn-copy" data-act="share-copy">'
           + esc(cat.t("deal.copy")) + '</button>']
    if can_share:
        out.append('<button type="button" class="btn" id="btn-web-share" data-act="share-web">'
                   + esc(cat.t("deal.share_via")) + '</button>')
    out.append('<button type="button" class="btn" id="share-close" data-act="sheet-close">'
               + esc(cat.t("eye.close")) + '</button></div>')
    return "".join(out)
