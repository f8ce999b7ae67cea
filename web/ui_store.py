# What the page keeps on the device (local storage): the player's settings, the game in
# progress, and saves the engine could not read, set aside (never deleted). One job:
# storage; the page's flow decides when to keep what. Every access is guarded: a browser
# may refuse storage (private mode, a full quota), and the game then goes on unsaved.
# Pure Python for MicroPython (the page) and CPython (tests/web, with a fake storage).

import json

import ui_forgive as F
import ui_model as M
import ui_text

SAVE_KEY = "canasta.save.v1"
BROKEN_PREFIX = "canasta.save.broken."
PREFS_KEY = "canasta.prefs.v1"
#: The player's arrangement of the hand ("as arranged", ui_arrange), with the game's seed.
ARRANGE_KEY = "canasta.arranged.v1"
#: The names of the game's human seats (pass-and-play, ui_seats), with the game's seed.
SEATS_KEY = "canasta.seats.v1"


class Store:
    """Local storage behind getItem/setItem/removeItem (window.localStorage)."""

    def __init__(self, storage):
        self.storage = storage

    def get(self, key):
        try:
            return self.storage.getItem(key)
        except Exception:
            return None

    def set(self, key, value):
        """Whether it was kept (False when the browser refused)."""
        try:
            self.storage.setItem(key, value)
            return True
        except Exception:
            return False

    def remove(self, key):
        try:
            self.storage.removeItem(key)
        except Exception:
            pass

    # ------------------------------------------------------------------ settings
    def load_prefs(self, lang):
        """The saved settings over the defaults (``lang`` from the browser's locale);
        a value that is damaged or no longer offered is left at its default."""
        prefs = dict(M.DEFAULTS)
        prefs["lang"] = lang
        text = self.get(PREFS_KEY)
        try:
            saved = json.loads(text) if text else {}
        except Exception:
            saved = {}
        if not isinstance(saved, dict):
            return prefs
        if saved.get("lang") in ui_text.LANGS:
            prefs["lang"] = saved["lang"]
        if isinstance(saved.get("variant"), str):
            prefs["variant"] = saved["variant"]
        if saved.get("players") in M.PLAYER_COUNTS:
            prefs["players"] = saved["players"]
        if M.valid_target(saved.get("target")):
            prefs["target"] = saved["target"]
        for name in ("switches", "seat_levels", "look", "seats"):  # seats: checked by ui_seats  # look: checked by ui_eye.valid_look
            if isinstance(saved.get(name), dict):
                prefs[name] = saved[name]
        if saved.get("level") in M.LEVELS:
            prefs["level"] = saved["level"]
        if saved.get("speed") in M.SPEEDS:
            prefs["speed"] = saved["speed"]
        if F.read_confirm(saved):  # off unless the player turned it on
            prefs[F.CONFIRM_DISCARD] = True
        if saved.get("reasons") is True:  # the log shows the bots' reasons (issue 40)
            prefs["reasons"] = True
        return prefs

    def save_prefs(self, prefs):
        return self.set(PREFS_KEY, json.dumps(prefs))

    # ------------------------------------------------------------------ the game
    def saved_game(self):
        """The saved game's text, or None."""
        return self.get(SAVE_KEY)

    def keep_game(self, save):
        """Keep the engine's save object; whether the browser kept it."""
        return self.set(SAVE_KEY, json.dumps(save))

    def arrangement(self):
        """The kept arrangement of the hand ({"game", "order"}), or None if none is readable."""
        text = self.get(ARRANGE_KEY)
        try:
            return json.loads(text) if text else None
        except ValueError:
            return None

    def keep_arrangement(self, game, order):
        """Keep the player's order of the hand for this game (its seed)."""
        return self.set(ARRANGE_KEY, json.dumps({"game": game, "order": list(order)}))

    def keep_names(self, game, names):
        """Keep the names of this game's human seats (its seed): a reload names the same
        people even if the start screen's names changed since."""
        return self.set(SEATS_KEY, json.dumps({"game": game, "names": dict(names)}))

    def names(self, game):
        """The names kept for this game ({seat as text: name}), or {} for another game."""
        text = self.get(SEATS_KEY)
        try:
            kept = json.loads(text) if text else None
        except ValueError:
            kept = None
        if not isinstance(kept, dict) or kept.get("game") != game or not isinstance(kept.get("names"), dict):
            return {}
        return kept["names"]

    def set_aside(self, text, stamp):
        """Move a save the engine cannot read out of the way, under a key of its own (so
        the player, or a later version, can still recover it). Returns that key, or ""
        when the browser refused (the save then stays where it was)."""
        key = BROKEN_PREFIX + str(stamp)
        if not self.set(key, text):
            return ""
        if self.get(SAVE_KEY) == text:  # not a game saved since (ui_app.check_save_later)
            self.remove(SAVE_KEY)
        return key
