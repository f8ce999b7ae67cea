# The kept games (issue 41, "Replays"): when a hand ends, the page keeps the game's record
# so that its finished hands can be replayed later (ui_replay). One job: the archive in
# local storage, bounded to the last KEEP games, newest first. Every access goes through
# ui_store.Store (guarded: a full or refused storage never breaks play, the hand is just
# not kept), and an archive that cannot be read is set aside under a key of its own,
# never deleted. Pure Python for MicroPython (the page) and CPython (tests/web).

import json

ARCHIVE_KEY = "canasta.archive.v1"
BROKEN_PREFIX = "canasta.archive.broken."
VERSION = 1
#: How many games are kept; the oldest goes when a new one comes.
KEEP = 20


def _ints(value):
    return isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in value)


def valid_game(game):
    """Whether a kept game has the shape :func:`entry` gives it (the record itself is the
    engine's to judge, when a hand of it is replayed)."""
    if not isinstance(game, dict):
        return False
    record = game.get("record")
    hands = game.get("hands")
    return (isinstance(game.get("at"), str) and isinstance(game.get("variant"), str)
            and isinstance(game.get("players"), int) and _ints(game.get("humans")) and _ints(game.get("scores"))
            and isinstance(record, dict) and isinstance(record.get("hands"), list)
            and isinstance(hands, list) and all(_ints(h) for h in hands))


def entry(save, snap, at):
    """A kept game stamped ``at`` (when it was kept, as an ISO 8601 text: it sorts as the
    time does, and MicroPython need not hold the milliseconds since 1970 in an integer)
    from the engine's save (its record and options) and the snapshot at the end of a hand (each finished hand's totals, the game's scores): None when the hand is
    not over or either is not what the engine gives."""
    if not isinstance(save, dict) or not isinstance(snap, dict) or not snap.get("hand_over"):
        return None
    record = save.get("record")
    options = save.get("options") or {}
    if not isinstance(record, dict) or not isinstance(options, dict):
        return None
    hands = []
    for sheet in snap.get("history") or []:
        totals = {}
        for side in sheet or []:
            if isinstance(side, dict):
                totals[side.get("side", 0)] = side.get("total", 0)
        hands.append([totals[s] for s in sorted(totals)])
    table = snap.get("table") or {}
    return {"at": str(at), "variant": str(table.get("variant", options.get("variant", ""))),
            "players": int(table.get("players", options.get("players", 0)) or 0),
            "humans": list(options.get("humans") or []), "scores": list(snap.get("scores") or []),
            "hands": hands, "record": record}


def same_game(kept, record):
    """Whether ``record`` continues the kept game: the same deal (seed, first dealer, rules)
    and every hand kept is the start of the record's (a game with a seed played twice,
    a shared deal, is two games)."""
    old = kept.get("record") or {}
    for name in ("seed", "first_dealer", "variant", "players", "rules"):
        if old.get(name) != record.get(name):
            return False
    before, now = old.get("hands") or [], record.get("hands") or []
    if len(before) > len(now):
        return False
    for i in range(len(before)):
        if now[i][:len(before[i])] != before[i]:
            return False
    return True


class Archive:
    """The kept games over a ui_store.Store."""

    def __init__(self, store):
        self.store = store
        #: The key an unreadable archive was set aside under ("" when none was), for the
        #: page to tell the player once.
        self.set_aside_key = ""

    def games(self, stamp=""):
        """The kept games, newest first. An archive that cannot be read is set aside
        (under BROKEN_PREFIX + ``stamp``) and the list starts empty."""
        text = self.store.get(ARCHIVE_KEY)
        if not text:
            return []
        try:
            data = json.loads(text)
        except Exception:
            data = None
        games = data.get("games") if isinstance(data, dict) and data.get("version") == VERSION else None
        if not isinstance(games, list) or not all(valid_game(g) for g in games):
            key = BROKEN_PREFIX + str(stamp)
            if self.store.set(key, text):
                self.store.remove(ARCHIVE_KEY)
                self.set_aside_key = key
            return []
        return sorted(games, key=lambda g: g["at"], reverse=True)

    def keep(self, save, snap, at):
        """Keep the game of this save at the end of a hand (replacing what was kept of the
        same game); whether the browser kept it. Never raises."""
        game = entry(save, snap, at)
        if game is None:
            return False
        games = [g for g in self.games(at) if not same_game(g, game["record"])]
        games = ([game] + games)[:KEEP]
        return self.store.set(ARCHIVE_KEY, json.dumps({"version": VERSION, "games": games}))

    def find(self, at):
        """The kept game stamped ``at``, or None."""
        for game in self.games(at):
            if game["at"] == at:
                return game
        return None
