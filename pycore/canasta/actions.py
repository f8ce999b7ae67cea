"""Actions as small frozen values that round-trip through the text notation.

NOTATION.md "Actions": ``draw``, ``take [CARDS [| CARDS ...]]``, ``meld CARDS [| CARDS ...]``,
``add TARGET CARDS``, ``discard C``, ``ask``, ``answer yes|no``. Extensions (documented in
``docs/notation.md``): ``take`` may meld the top card with more than two hand cards, and
``pass`` declines the pile once the stock is empty, which ends the hand (RULES.md 2
"Stock exhausted").

Samba (``docs/notation.md``): ``take #n [CARDS]`` names the meld the top card (with the
hand cards) goes onto; ``merge #i #j`` makes two groups of one rank one; ``swap TARGET
CARD WILD`` puts a natural card from hand into a group in place of one of its wild cards,
which goes to the hand.

``parse_action(str(a)) == a`` for every action; cards inside one meld are kept in
canonical order, so two texts naming the same cards give equal actions.

Every value checks its fields when it is built and refuses what the notation cannot
write, with :class:`NotationError` (code ``bad_action``) and never another exception: a
meld target is a rank letter or a canonical ``#n`` with ``n`` below
:data:`MELD_INDEX_LIMIT`, cards are :class:`Card` values in tuples, merge indices are
ints, an answer is a bool. The parser only normalises the spelling (case, ``10`` for
``T``, leading zeros) and leaves these checks to the constructors, so both refuse the
same values. How many cards an action holds is a rule, not a shape: a value with an
empty group (``Meld(())``) can be built, ``apply`` refuses it (``no_cards``), and the
parser refuses its text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import RANKS, Card, format_cards, parse_cards, sort_cards
from .errors import NotationError, echo

#: How much of a bad value a refusal repeats: enough to recognise it.
SHORT = 40

Cards = tuple[Card, ...]

#: Meld indices run from ``#0`` to ``#999``: more melds than a side can ever hold (at
#: most 4 decks of 56 cards, ``rules.validate``), and no number too long to read.
MELD_INDEX_LIMIT = 1000
#: Each canonical index text and its number: ``{"#0": 0, ..., "#999": 999}``.
MELD_INDICES: dict[str, int] = {f"#{n}": n for n in range(MELD_INDEX_LIMIT)}
#: The rank letters that name a group (``add K ...``, ``swap K ...``).
TARGET_RANKS = frozenset(RANKS)
_TARGETS = TARGET_RANKS | MELD_INDICES.keys()
_TAKE_TARGETS = MELD_INDICES.keys() | {""}
_INDEX = f"a meld index '#0' to '#{MELD_INDEX_LIMIT - 1}'"
_TARGET = f"a rank letter {' '.join(RANKS)}, or {_INDEX}"

# Each value checks its fields in its own ``__init__`` (``dataclass(init=False)``) and sets
# them with ``_set``, as the generated one would: actions are built in the engine's hot
# loops (``legal_actions``, the bots' rollouts), and a ``__post_init__`` would cost a
# second call for every action built.
_set = object.__setattr__


def _cards_ok(cards: object) -> bool:
    """``cards`` is a tuple of :class:`Card` values (checked by type, which no object can
    fake and which never raises; every Card is one of the interned ones)."""
    if type(cards) is not tuple:
        return False
    for c in cards:
        if type(c) is not Card:
            return False
    return True


def _groups_ok(groups: object) -> bool:
    """``groups`` is a tuple of tuples of :class:`Card` values."""
    if type(groups) is not tuple:
        return False
    for cards in groups:
        if not _cards_ok(cards):
            return False
    return True


def _bad(verb: str, field: str, value: object, expected: str) -> NotationError:
    """The refusal of a field's value when an action is built."""
    return NotationError("bad_action", f"{verb}: bad {field} {echo(value, SHORT)} (expected {expected})",
                         verb=verb, field=field, value=echo(value, SHORT))


def _fmt_groups(groups: tuple[Cards, ...]) -> str:
    return " | ".join(format_cards(g) for g in groups)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the stock (as many cards as the variant draws)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """With the stock empty: do not take the discard pile; the hand ends."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, init=False)
class Take:
    """Take the discard pile.

    ``cards`` are the hand cards melded with the top card (empty: the top card goes onto
    the side's existing meld of its rank); ``extra`` are further new melds from hand laid
    in the same action (for an initial meld that needs them).
    """

    cards: Cards
    extra: tuple[Cards, ...]
    #: ``"#n"``: the side's meld the top card (and ``cards``) go onto; ``""``: the side's
    #: group of the top card's rank (no cards), or a new group where the rules allow one.
    target: str

    def __init__(self, cards: Cards = (), extra: tuple[Cards, ...] = (), target: str = "") -> None:
        if not _cards_ok(cards):
            raise _bad("take", "cards", cards, "a tuple of cards")
        if type(extra) is not tuple or extra and not _groups_ok(extra):
            raise _bad("take", "extra melds", extra, "a tuple of tuples of cards")
        if type(target) is not str or target not in _TAKE_TARGETS:
            raise _bad("take", "meld index", target, _INDEX + ", or none")
        _set(self, "cards", cards)
        _set(self, "extra", extra)
        _set(self, "target", target)

    def __str__(self) -> str:
        # (extra melds without cards, which apply refuses, are written too: the parser refuses
        # their text rather than read it as a bare ``take``)
        head = f"take {self.target}" if self.target else "take"
        if self.cards:
            head += " " + format_cards(self.cards)
        return head + "".join(" | " + format_cards(g) for g in self.extra)


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """Lay one or more new melds from hand at once."""

    melds: tuple[Cards, ...]

    def __init__(self, melds: tuple[Cards, ...]) -> None:
        if not _groups_ok(melds):
            raise _bad("meld", "melds", melds, "a tuple of tuples of cards")
        _set(self, "melds", melds)

    def __str__(self) -> str:
        return "meld " + _fmt_groups(self.melds)


@dataclass(frozen=True, slots=True, init=False)
class Add:
    """Add cards from hand to one of the side's melds.

    ``target`` is a group's rank letter (``"K"``) or ``"#n"``, the meld's 0-based index
    in the side's meld list.
    """

    target: str
    cards: Cards

    def __init__(self, target: str, cards: Cards) -> None:
        if type(target) is not str or target not in _TARGETS:
            raise _bad("add", "meld target", target, _TARGET)
        if not _cards_ok(cards):
            raise _bad("add", "cards", cards, "a tuple of cards")
        _set(self, "target", target)
        _set(self, "cards", cards)

    def __str__(self) -> str:
        return f"add {self.target} {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True, init=False)
class Merge:
    """Make two of the side's groups of one rank one meld (Samba, RULES.md 4): the group
    ``#second`` joins ``#first`` (``first < second``), which keeps its place in the list."""

    first: int
    second: int

    def __init__(self, first: int, second: int) -> None:
        if type(first) is not int or type(second) is not int or not 0 <= first < second < MELD_INDEX_LIMIT:
            raise _bad("merge", "meld indices", (first, second),
                       f"two different meld indices from 0 to {MELD_INDEX_LIMIT - 1}, the lower first")
        _set(self, "first", first)
        _set(self, "second", second)

    def __str__(self) -> str:
        return f"merge #{self.first} #{self.second}"


@dataclass(frozen=True, slots=True, init=False)
class Swap:
    """Put ``card`` (a natural from hand) into the group ``target`` in place of its wild
    card ``wild``, which goes to the hand (seed 003's swap, RULES.md 4)."""

    target: str
    card: Card
    wild: Card

    def __init__(self, target: str, card: Card, wild: Card) -> None:
        if type(target) is not str or target not in _TARGETS:
            raise _bad("swap", "meld target", target, _TARGET)
        if not _cards_ok((card, wild)):
            raise _bad("swap", "cards", (card, wild), "two cards")
        _set(self, "target", target)
        _set(self, "card", card)
        _set(self, "wild", wild)

    def __str__(self) -> str:
        return f"swap {self.target} {self.card.text} {self.wild.text}"


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """Discard one card; ends the turn (or the hand, when it empties the hand)."""

    card: Card

    def __init__(self, card: Card) -> None:
        if not _cards_ok((card,)):
            raise _bad("discard", "card", card, "a card")
        _set(self, "card", card)

    def __str__(self) -> str:
        return f"discard {self.card.text}"


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the partner "may I go out?"."""

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True, slots=True, init=False)
class Answer:
    """The partner's binding answer to "may I go out?"."""

    yes: bool

    def __init__(self, yes: bool) -> None:
        if type(yes) is not bool:
            raise _bad("answer", "answer", yes, "True for yes or False for no")
        _set(self, "yes", yes)

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


Action = Union[Draw, Pass, Take, Meld, Add, Merge, Swap, Discard, Ask, Answer]

DRAW = Draw()
PASS = Pass()
ASK = Ask()
YES = Answer(True)
NO = Answer(False)


def seat_after(text: str, seat: int, asker: int, players: int, sides: int) -> tuple[int, int]:
    """Whose turn follows the action ``text`` by ``seat`` (RULES.md 2), as ``(seat,
    asker)``: a discard passes the turn on, ``ask`` hands it to the partner (who is then
    to answer) and the answer gives it back to ``asker``; any other action keeps it."""
    verb = text.split()[0] if text.strip() else ""
    if verb == "discard":
        return (seat + 1) % players, asker
    if verb == "ask":
        return (seat + sides) % players, seat
    if verb == "answer":
        return asker, -1
    return seat, asker


def meld_of(*groups: Cards) -> Meld:
    """A Meld action with each group's cards in canonical order."""
    return Meld(tuple(sort_cards(g) for g in groups))


def _groups(text: str, what: str) -> tuple[Cards, ...]:
    parts = text.split("|")
    groups = []
    for part in parts:
        cards = parse_cards(part)
        if not cards:
            raise NotationError("bad_action", f"{what}: empty group of cards in {text.strip()!r}")
        groups.append(sort_cards(cards))
    return tuple(groups)


def parse_action(text: str) -> Action:
    """Read one action line. Raises :class:`NotationError` (code ``bad_action`` or
    ``bad_card``), whatever the text; the error's params name the ``text``."""
    if not isinstance(text, str):
        raise NotationError("bad_action", f"an action is a line of text, not {type(text).__name__}",
                            text=echo(text, SHORT))
    try:
        return _parse(text)
    except NotationError as e:
        e.params.setdefault("text", text)
        raise


def _parse(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("bad_action", "empty action")
    verb = words[0].lower()
    rest = text.strip()[len(words[0]):]
    if verb in ("draw", "ask", "pass"):
        if len(words) != 1:
            raise NotationError("bad_action", f"{verb!r} takes nothing after it: {text.strip()!r}")
        simple: dict[str, Action] = {"draw": DRAW, "ask": ASK, "pass": PASS}
        return simple[verb]
    if verb == "answer":
        if len(words) == 2 and words[1].lower() in ("yes", "no"):
            return YES if words[1].lower() == "yes" else NO
        raise NotationError("bad_action", f"expected 'answer yes' or 'answer no': {text.strip()!r}")
    if verb == "discard":
        cards = parse_cards(rest)
        if len(cards) != 1:
            raise NotationError("bad_action", f"discard takes exactly one card: {text.strip()!r}")
        return Discard(cards[0])
    if verb == "take":
        target = ""
        if len(words) > 1 and words[1].startswith("#"):
            target = _ref(words[1])
            rest = rest.strip()[len(words[1]):]
        if not rest.strip():
            return Take(target=target)
        groups = _groups(rest, "take")
        return Take(groups[0], groups[1:], target)
    if verb == "merge":
        if len(words) != 3:
            raise NotationError("bad_action", f"expected 'merge #i #j': {text.strip()!r}")
        first, second = sorted(_index(w) for w in words[1:])
        return Merge(first, second)
    if verb == "swap":
        if len(words) != 4:
            raise NotationError("bad_action", f"expected 'swap TARGET CARD WILD': {text.strip()!r}")
        natural, wild = parse_cards(words[2:])
        return Swap(_ref(words[1]), natural, wild)
    if verb == "meld":
        if not rest.strip():
            raise NotationError("bad_action", "meld needs cards")
        return Meld(_groups(rest, "meld"))
    if verb == "add":
        if len(words) < 3:
            raise NotationError("bad_action", f"expected 'add TARGET CARDS': {text.strip()!r}")
        return Add(_ref(words[1]), sort_cards(parse_cards(words[2:])))
    raise NotationError("bad_action", f"unknown action {echo(words[0], SHORT)} (expected draw, take, meld, add, merge, "
                        "swap, discard, ask, answer, pass)")


def _ref(word: str) -> str:
    """A meld target as written, in canonical spelling: ``#n`` without leading zeros
    (ASCII digits only), a rank letter in upper case (``10`` for ``T``). Anything else
    comes back as written, for the action's constructor to refuse."""
    if word.startswith("#"):
        digits = word[1:]
        if digits.isascii() and digits.isdigit():
            return "#" + (digits.lstrip("0") or "0")
        return word
    target = word.upper()
    return "T" if target == "10" else target


def _index(word: str) -> int:
    """The number of a meld index ``#n`` as written (``merge``), or raise."""
    n = MELD_INDICES.get(_ref(word))
    if n is None:
        raise NotationError("bad_action", f"merge: bad meld index {echo(word, SHORT)} (expected {_INDEX})")
    return n
