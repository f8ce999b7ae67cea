# UI texts: the catalogs (web/i18n/<lang>.json), card names, error explanations and the
# log, in the player's language. Pure Python that runs on MicroPython (the page) and on
# CPython (tests/web): no typing, no dict-order assumptions, no str.rjust & co.
#
# Every visible string comes from a catalog; this module only picks and fills them.

import json

LANGS = ("en", "fr")
DEFAULT_LANG = "en"

RANK_ORDER = "AKQJT98765432"


def lang_from_locale(locale):
    """The catalog for a browser locale ("fr-CA" -> "fr"); English by default."""
    code = str(locale or "").lower()[:2]
    return code if code in LANGS else DEFAULT_LANG


def fill(template, params):
    """Replace {name} by params[name]; unknown names stay as they are (never raises)."""
    out = []
    i = 0
    while True:
        j = template.find("{", i)
        if j < 0:
            out.append(template[i:])
            return "".join(out)
        k = template.find("}", j + 1)
        if k < 0:
            out.append(template[i:])
            return "".join(out)
        name = template[j + 1:k]
        if name in params:
            out.append(template[i:j])
            out.append(str(params[name]))
        else:
            out.append(template[i:k + 1])
        i = k + 1


def placeholders(template):
    """The {names} of a template, sorted (used by the catalog tests)."""
    names = []
    i = 0
    while True:
        i = template.find("{", i)
        if i < 0:
            break
        j = template.find("}", i + 1)
        if j < 0:
            break
        names.append(template[i + 1:j])
        i = j + 1
    return sorted(names)


def flatten(tree, prefix=""):
    """{"a": {"b": "x"}} -> {"a.b": "x"} (leaves only)."""
    out = {}
    for key in tree:
        value = tree[key]
        name = prefix + key
        if isinstance(value, dict):
            out.update(flatten(value, name + "."))
        else:
            out[name] = value
    return out


class Catalog:
    """One language's strings, looked up by dotted key ("table.stock")."""

    def __init__(self, lang, tree):
        self.lang = lang
        self.strings = flatten(tree)

    @classmethod
    def from_json(cls, lang, text):
        return cls(lang, json.loads(text))

    def has(self, key):
        return key in self.strings

    def t(self, key, **params):
        """The string for key, filled with params; the key itself if missing (visible in
        tests, never a crash). With a count ``n`` in the language's singular (English 1,
        French 0 and 1: "0 carte"), the key's ``_one`` form where the catalog has one."""
        if "n" in params and key + "_one" in self.strings and self.singular(params["n"]):
            key = key + "_one"
        template = self.strings.get(key)
        if template is None:
            return key
        return fill(template, params) if params else template

    def singular(self, n):
        """Is the count n grammatically singular in this language (CLDR's "one": English 1
        only; French 0 and 1)?"""
        try:
            n = int(n)
        except (TypeError, ValueError):
            return False
        return n in (0, 1) if self.lang == "fr" else n == 1

    # ------------------------------------------------------------------ cards
    def rank_name(self, rank):
        if rank == "JK":
            return self.t("cards.joker")
        return self.t("cards.ranks." + rank) if self.has("cards.ranks." + rank) else rank

    def card_name(self, code):
        """"QH" -> "Queen of hearts" / "Dame de cœur"; "JK" -> "Joker"."""
        code = str(code or "").upper()
        if code == "JK":
            return self.t("cards.joker")
        if len(code) != 2 or code[0] not in RANK_ORDER or code[1] not in "SHDC":
            return code
        return self.t("cards.pattern", rank=self.rank_name(code[0]), suit=self.t("cards.suits." + code[1]))

    def card_badge(self, code):
        """The text badge for special cards (wild, red 3, black 3), or ""."""
        if code == "JK" or code[:1] == "2":
            return self.t("cards.wild")
        if code[:1] == "3":
            return self.t("cards.red_three") if code[1:2] in ("H", "D") else self.t("cards.black_three")
        return ""

    def card_label(self, code):
        """The accessible name of a card: its name, plus the badge of a special card."""
        badge = self.card_badge(code)
        name = self.card_name(code)
        return self.t("cards.badge_pattern", name=name, badge=badge) if badge else name

    def card_list(self, codes):
        return ", ".join(self.card_name(c) for c in codes)

    # ------------------------------------------------------------------ errors
    def error_text(self, error):
        """A refusal from the engine ({"code", "params", ...}) as a sentence in this
        language: card and rank parameters as localized names. Never the raw message."""
        if not isinstance(error, dict):
            return self.t("errors.unknown")
        code = str(error.get("code") or "unknown")
        params = error.get("params")
        if not isinstance(params, dict):
            params = {}
        values = {}
        for key in params:
            values[key] = self._param(key, params[key])
        if "phase" in params:
            hint = "phase_hints." + str(params["phase"])
            values["phase_hint"] = self.t(hint) if self.has(hint) else ""
        key = "errors." + code
        if not self.has(key):
            key = "errors.unknown"
        return self.t(key, **values)

    def _param(self, key, value):
        text = "" if value is None else str(value)
        if key == "card":
            return self.card_name(text)
        if key == "rank" and text == "*":  # a wild-card meld (hint reasons)
            return self.t("table.wild_meld")
        if key in ("rank", "target"):
            return self.rank_name(text) if (text in RANK_ORDER and len(text) == 1) or text == "JK" else text
        if key == "ranks":
            return ", ".join(self.rank_name(r) for r in text.split())
        return text

    def reason_text(self, reason):
        """What went wrong inside a save that cannot be read, for save_unreadable (a save
        that is not even JSON: its data is damaged)."""
        key = "errors." + str(reason or "")
        return self.t(key) if reason and reason != "bad_json" and self.has(key) else self.t("app.save_damaged")

    # ------------------------------------------------------------------ log
    def suggestion(self, record):
        """An action record (canasta.protocol.ActionRecord as JSON: verb, groups, wild,
        answer) as advice to the player ("Discard the 5 of clubs")."""
        if not isinstance(record, dict):
            return self.t("suggest.none")
        verb = str(record.get("verb") or "")
        cards = []
        for group in record.get("groups") or []:
            cards.extend(group)
        if verb == "answer":
            return self.t("suggest.answer_yes" if record.get("answer") == "yes" else "suggest.answer_no")
        if verb == "add":
            return self.t("suggest.add", cards=self.card_list(cards))
        if verb in ("meld", "take") and cards:
            return self.t("suggest." + verb + "_cards", cards=self.card_list(cards))
        if verb == "discard":
            return self.t("suggest.discard", card=self.card_name(cards[0] if cards else ""))
        if verb == "swap" and cards:
            return self.t("suggest.swap", card=self.card_name(cards[0]), wild=self.card_name(record.get("wild")))
        if verb in ("draw", "take", "ask", "pass", "merge"):
            return self.t("suggest." + verb)
        return str(record.get("text") or verb)

    def hint_text(self, hint):
        """The expert's suggestion ({"action", "reason": {"code", "params"}}) in one line."""
        if not isinstance(hint, dict) or not isinstance(hint.get("hint"), dict):
            return self.t("suggest.none")
        text = self.suggestion(hint["hint"])
        reason = self.reason_line(hint.get("reason"))
        if reason:
            text = text + " — " + reason
        return self.t("suggest.line", text=text)

    def reason_line(self, reason, section="reasons."):
        """A hint reason ({"code", "params"}, canasta.bots.hints) in words, or "" for a
        reason the catalog does not know. ``section``: the catalog's section for it (a
        hint speaks to the player; a bot's move in the log is told in the third person,
        see.reasons)."""
        if not isinstance(reason, dict):
            return ""
        key = section + str(reason.get("code") or "")
        if not self.has(key):
            return ""
        params = reason.get("params") if isinstance(reason.get("params"), dict) else {}
        values = {}
        for k in params:
            values[k] = self._param(k, params[k])
        return self.t(key, **values)

    def log_line(self, name, action, you=False):
        """One action of the log ("discard 5C") as a sentence, for the player called
        name; you=True for the player's own actions (second person)."""
        words = str(action).split()
        verb = words[0] if words else ""
        section = "log_you." if you else "log."
        cards = [w for w in words[1:] if w != "|"]
        if verb == "answer":
            key = "answer_yes" if words[1:2] == ["yes"] else "answer_no"
            return self.t(section + key, name=name)
        if verb == "add":
            return self.t(section + "add", name=name, cards=self.card_list(cards[1:]))
        if verb == "meld":
            return self.t(section + "meld", name=name, cards=self.card_list(cards))
        if verb == "discard":
            return self.t(section + "discard", name=name, card=self.card_name(cards[0] if cards else ""))
        if verb == "take":
            return self.t(section + "take", name=name)
        if verb == "swap" and len(cards) == 3:
            return self.t(section + "swap", name=name, card=self.card_name(cards[1]), wild=self.card_name(cards[2]))
        if verb == "merge":
            return self.t(section + "merge", name=name)
        if verb in ("draw", "ask", "pass"):
            return self.t(section + verb, name=name)
        return name + ": " + str(action)
