"""The protocol between the engine and every screen that shows it (DESIGN.md "Screens,
the protocol, and embeds"): the records that cross the worker boundary as JSON, defined
once, imported by both sides.

The engine side builds them (``canasta.records``, ``canasta.host``); the page's UI reads
them (``web/``, in MicroPython). So this module is plain Python that runs on CPython
and MicroPython alike: no imports from the engine, no dataclasses, no ``__future__``,
annotations that are never evaluated at run time on MicroPython.

Version :data:`PROTOCOL_VERSION`. Every reply of the host is an envelope:

- ``{"ok": true, "v": 1, ...}`` with the request's payload, or
- ``{"ok": false, "v": 1, "error": ErrorRecord}``: a stable ``code`` (the catalogs'
  key is ``errors.<code>``), ``params`` for the message, and an English ``message``.

Records:

- :class:`ActionRecord`: one action, both ways. Out (the snapshot's ``actions``, a
  hint): each legal action with its ``verb``, the hand ``groups`` it plays (card codes),
  the meld it goes onto (``target``; ``other`` for a merge's second meld), a swap's
  ``wild``, an ``answer``, its notation ``text``, and, where suits matter (a sequence),
  ``keys``: per card, what another card must share to play the same action (its code,
  or its kind for a wild card). With no ``keys``, any card of the same kind will do
  (the snapshot's ``kinds`` gives each hand card's kind). In (``act``): an intent, the same fields with the
  player's own cards; the engine fills in what a screen leaves open (which group goes
  with the pile's top card, which meld an ``add`` means) and judges it.
- :class:`MeldRecord`: one meld on the table as the engine sees it: its ``id`` (the
  notation's target), kind, rank or suit, cards, and whether it is a canasta and of
  which kind. Screens never count cards to decide that.
- :class:`ErrorRecord`: a refusal.

A screen that shows a still rather than a live table reads the same snapshot shape:
an example's frames (``example_frames``) and a replay's (``replay(record, hand,
seat)``, issue 41: ``{"ok", "v", "hand", "hands", "seat", "frames": [{"snapshot",
"move"}], "sheet", "scores"}``, every hand open in ``shown_hands``, ``move`` a log entry
as ``records.move_entry`` writes it). Their envelope carries :data:`PROTOCOL_VERSION`
like every reply: a change to a frame's shape bumps it.

:func:`matches` tells whether a player's selection of cards (groups of card codes) is a
listed action with other suits; :func:`find` lists the actions a selection means.
"""

import json

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated there
    pass

#: Bumped when a record or a reply changes shape; every reply carries it as ``"v"``.
PROTOCOL_VERSION = 1

#: The verbs of the notation (NOTATION.md "Actions"; docs/notation.md for Samba's).
VERBS = ("draw", "pass", "take", "meld", "add", "merge", "swap", "discard", "ask", "answer")

#: Meld kinds (``canasta.melds.MeldKind``).
MELD_KINDS = ("group", "black_threes", "sequence", "wild")

#: What a complete meld is: "" (not a canasta), or the kind of canasta it scores as
#: (RULES.md 1, 3, 4): natural, mixed, wild (2s and jokers), special (Modern American's
#: natural 7s or Aces), sequence (a samba or escalera), wild_sequence (Open Samba).
CANASTA_KINDS = ("", "natural", "mixed", "wild", "special", "sequence", "wild_sequence")


class ProtocolError(ValueError):
    """A record that does not have the protocol's shape (``code`` ``bad_request``)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.code = "bad_request"
        self.message = message
        self.field = field


def _str(data: "dict[str, Any]", name: str, default: str = "") -> str:
    value = data.get(name, default)
    if not isinstance(value, str):
        raise ProtocolError(name + ": expected a string", name)
    return value


def _groups(data: "dict[str, Any]", name: str) -> "list[list[str]]":
    value = data.get(name, [])
    if not isinstance(value, list):
        raise ProtocolError(name + ": expected a list of card groups", name)
    out = []
    for group in value:
        if not isinstance(group, list) or not all(isinstance(c, str) for c in group):
            raise ProtocolError(name + ": each group is a list of card codes", name)
        out.append(list(group))
    return out


class ActionRecord:
    """One action as a screen sees it (module docstring)."""

    __slots__ = ("verb", "text", "groups", "target", "other", "wild", "answer", "keys")

    def __init__(self, verb: str, text: str = "", groups: "list[list[str]] | None" = None, target: str = "",
                 other: str = "", wild: str = "", answer: str = "",
                 keys: "list[list[str]] | None" = None) -> None:
        self.verb = verb
        self.text = text
        self.groups = groups if groups is not None else []
        self.target = target
        self.other = other
        self.wild = wild
        self.answer = answer
        #: None: each card's kind is its key (any card of the kind plays the same action).
        self.keys = keys

    def cards(self) -> "list[str]":
        """Every hand card the action plays, group after group."""
        out = []
        for g in self.groups:
            out.extend(g)
        return out

    def with_groups(self, groups: "list[list[str]]") -> "ActionRecord":
        """The same action played with these cards (a selection :func:`matches` put in
        this record's order): an intent for ``act``; the engine writes its text."""
        return ActionRecord(self.verb, "", [list(g) for g in groups], self.target, self.other, self.wild,
                            self.answer)

    def to_json(self) -> "dict[str, Any]":
        out = {"verb": self.verb, "text": self.text, "groups": [list(g) for g in self.groups]}
        for name in ("target", "other", "wild", "answer"):
            value = getattr(self, name)
            if value:
                out[name] = value
        if self.keys is not None:
            out["keys"] = [list(k) for k in self.keys]
        return out

    @classmethod
    def from_json(cls, data: "Any") -> "ActionRecord":
        """Read a record (or an intent); raises :class:`ProtocolError`."""
        if not isinstance(data, dict):
            raise ProtocolError("an action record is a JSON object")
        for name in data:
            if name not in cls.__slots__:
                raise ProtocolError("unknown field " + str(name) + " in an action record", str(name))
        verb = _str(data, "verb")
        if verb not in VERBS:
            raise ProtocolError("verb: one of " + ", ".join(VERBS), "verb")
        groups = _groups(data, "groups")
        keys = _groups(data, "keys") if "keys" in data else None
        if keys is not None and [len(k) for k in keys] != [len(g) for g in groups]:
            raise ProtocolError("keys: one key per card of groups", "keys")
        return cls(verb, _str(data, "text"), groups, _str(data, "target"), _str(data, "other"), _str(data, "wild"),
                   _str(data, "answer"), keys)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionRecord) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.text or self.verb)

    def __repr__(self) -> str:
        return "ActionRecord(" + repr(self.to_json()) + ")"


class MeldRecord:
    """One meld of a side, as the engine classifies it (module docstring)."""

    __slots__ = ("id", "side", "index", "kind", "rank", "suit", "cards", "wilds", "canasta", "closed")

    def __init__(self, id: str, side: int, index: int, kind: str, rank: str, suit: str, cards: "list[str]",
                 wilds: int, canasta: str, closed: bool) -> None:
        #: The notation's target for it: a rank letter, or "#n" (docs/notation.md).
        self.id = id
        self.side = side
        self.index = index
        self.kind = kind
        #: A group's rank ("3" for black 3s); "" for a sequence or a wild-card meld.
        self.rank = rank
        #: A sequence's suit; "" otherwise.
        self.suit = suit
        self.cards = cards
        self.wilds = wilds
        #: One of :data:`CANASTA_KINDS`: "" until it is complete.
        self.canasta = canasta
        #: No card can join it any more (a full group, a finished sequence or wild meld).
        self.closed = closed

    def to_json(self) -> "dict[str, Any]":
        return {"id": self.id, "side": self.side, "index": self.index, "kind": self.kind, "rank": self.rank,
                "suit": self.suit, "cards": list(self.cards), "wilds": self.wilds, "canasta": self.canasta,
                "closed": self.closed}

    @classmethod
    def from_json(cls, data: "Any") -> "MeldRecord":
        if not isinstance(data, dict):
            raise ProtocolError("a meld record is a JSON object")
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise ProtocolError("cards: expected a list of card codes", "cards")
        kind = _str(data, "kind")
        canasta = _str(data, "canasta")
        if kind not in MELD_KINDS or canasta not in CANASTA_KINDS:
            raise ProtocolError("kind or canasta: unknown value", "kind")
        numbers = []
        for name in ("side", "index", "wilds"):
            n = data.get(name)
            if not isinstance(n, int) or isinstance(n, bool):
                raise ProtocolError(name + ": expected an integer", name)
            numbers.append(n)
        return cls(_str(data, "id"), numbers[0], numbers[1], kind, _str(data, "rank"), _str(data, "suit"),
                   list(cards), numbers[2], canasta, bool(data.get("closed")))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MeldRecord) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.side, self.index))

    def __repr__(self) -> str:
        return "MeldRecord(" + repr(self.to_json()) + ")"


class ErrorRecord:
    """A refusal: a stable code, its parameters, an English message."""

    __slots__ = ("code", "params", "message")

    def __init__(self, code: str, params: "dict[str, Any] | None" = None, message: str = "") -> None:
        self.code = code
        self.params = params if params is not None else {}
        self.message = message

    @property
    def key(self) -> str:
        """The catalogs' key of its explanation."""
        return "errors." + self.code

    def to_json(self) -> "dict[str, Any]":
        return {"code": self.code, "params": dict(self.params), "message": self.message}

    @classmethod
    def from_json(cls, data: "Any") -> "ErrorRecord":
        """Any error object, however damaged, as a record (code ``internal_error`` when
        it has none): a screen can always explain a refusal."""
        if not isinstance(data, dict) or not isinstance(data.get("code"), str):
            return cls("internal_error", {}, str(data))
        params = data.get("params")
        message = data.get("message")
        return cls(data["code"], params if isinstance(params, dict) else {},
                   message if isinstance(message, str) else "")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ErrorRecord) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return "ErrorRecord(" + repr(self.to_json()) + ")"


# --------------------------------------------------------------------------- envelopes

def ok_reply(payload: "dict[str, Any]") -> "dict[str, Any]":
    """A successful reply carrying ``payload``."""
    out = {"ok": True, "v": PROTOCOL_VERSION}
    for name in payload:
        out[name] = payload[name]
    return out


def error_reply(code: str, message: str, params: "dict[str, Any] | None" = None) -> "dict[str, Any]":
    """The one error envelope, from the engine, its host or the worker."""
    return {"ok": False, "v": PROTOCOL_VERSION, "error": ErrorRecord(code, params, message).to_json()}


async def request(engine: "Any", name: str, *args: "Any") -> "dict[str, Any]":
    """One request to the engine's worker (``engine.call``, a JavaScript promise of the
    reply's text), as the screens make it: always a dict, the error envelope when the call
    failed (``worker_exception``) or its answer is not a reply (``internal_error``)."""
    try:
        data = json.loads(await engine.call(name, *args))
    except Exception as error:
        return error_reply("worker_exception", str(error))
    if not isinstance(data, dict):
        return error_reply("internal_error", "not a reply: " + str(data)[:200])
    return data


def reply_error(reply: "Any") -> "ErrorRecord | None":
    """The error of a reply (None when it succeeded); a reply that is not an envelope at
    all is an error too (``internal_error``)."""
    if isinstance(reply, dict) and reply.get("ok") is True:
        return None
    if isinstance(reply, dict) and "error" in reply:
        return ErrorRecord.from_json(reply["error"])
    return ErrorRecord("internal_error", {}, "not a reply: " + str(reply)[:200])


# --------------------------------------------------------------------------- selections

def _fits(keys: "list[str]", group: "list[str]", kinds: "dict[str, str]") -> bool:
    """Whether the cards of ``group`` can stand for the keys one for one: a key is a card
    code (that card) or a kind (any card of it). Codes are matched first: a card whose
    code is a key could also fill its kind's key, and taking the code's first loses
    nothing."""
    if len(keys) != len(group):
        return False
    left = list(group)
    loose = []
    for key in keys:
        if key in left:
            left.remove(key)
        else:
            loose.append(key)
    for key in loose:
        found = -1
        for i in range(len(left)):
            if kinds.get(left[i], left[i]) == key:
                found = i
                break
        if found < 0:
            return False
        left.pop(found)
    return True


def matches(record: ActionRecord, selection: "list[list[str]]",
            kinds: "dict[str, str]") -> "list[list[str]] | None":
    """The selection's groups in the record's order when the selection plays the same
    action as ``record`` (the same cards, or others of the same kinds where the record's
    keys allow), else None. ``kinds`` maps the hand's card codes to their kinds (the
    snapshot's ``kinds``). Groups may be selected in any order."""
    groups = [g for g in selection if g]
    keys = record.keys
    if keys is None:
        keys = [[kinds.get(c, c) for c in g] for g in record.groups]
    if len(groups) != len(keys):
        return None
    order = []  # type: list[int]
    return _assign(keys, groups, kinds, order)


def _assign(keys: "list[list[str]]", groups: "list[list[str]]", kinds: "dict[str, str]",
            used: "list[int]") -> "list[list[str]] | None":
    if len(used) == len(keys):
        return [groups[i] for i in used]
    want = keys[len(used)]
    for i in range(len(groups)):
        if i not in used and _fits(want, groups[i], kinds):
            found = _assign(keys, groups, kinds, used + [i])
            if found is not None:
                return found
    return None


def find(records: "list[ActionRecord]", verb: str, selection: "list[list[str]]",
         kinds: "dict[str, str]") -> "list[ActionRecord]":
    """The listed actions of ``verb`` that the selection plays, each as an intent with the
    selection's own cards, in the list's order."""
    out = []
    for record in records:
        if record.verb == verb:
            groups = matches(record, selection, kinds)
            if groups is not None:
                out.append(record.with_groups(groups))
    return out


def of_verb(records: "list[ActionRecord]", verb: str) -> "list[ActionRecord]":
    """The listed actions of one verb."""
    return [r for r in records if r.verb == verb]
