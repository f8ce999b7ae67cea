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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import Card, format_cards, parse_cards, sort_cards
from .errors import NotationError

Cards = tuple[Card, ...]


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


@dataclass(frozen=True, slots=True)
class Take:
    """Take the discard pile.

    ``cards`` are the hand cards melded with the top card (empty: the top card goes onto
    the side's existing meld of its rank); ``extra`` are further new melds from hand laid
    in the same action (for an initial meld that needs them).
    """

    cards: Cards = ()
    extra: tuple[Cards, ...] = ()
    #: ``"#n"``: the side's meld the top card (and ``cards``) go onto; ``""``: the side's
    #: group of the top card's rank (no cards), or a new group where the rules allow one.
    target: str = ""

    def __str__(self) -> str:
        head = f"take {self.target}" if self.target else "take"
        if not self.cards:
            return head
        return head + " " + _fmt_groups((self.cards,) + self.extra)


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay one or more new melds from hand at once."""

    melds: tuple[Cards, ...]

    def __str__(self) -> str:
        return "meld " + _fmt_groups(self.melds)


@dataclass(frozen=True, slots=True)
class Add:
    """Add cards from hand to one of the side's melds.

    ``target`` is a group's rank letter (``"K"``) or ``"#n"``, the meld's 0-based index
    in the side's meld list.
    """

    target: str
    cards: Cards

    def __str__(self) -> str:
        return f"add {self.target} {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Merge:
    """Make two of the side's groups of one rank one meld (Samba, RULES.md 4): the group
    ``#second`` joins ``#first`` (``first < second``), which keeps its place in the list."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"merge #{self.first} #{self.second}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Put ``card`` (a natural from hand) into the group ``target`` in place of its wild
    card ``wild``, which goes to the hand (seed 003's swap, RULES.md 4)."""

    target: str
    card: Card
    wild: Card

    def __str__(self) -> str:
        return f"swap {self.target} {self.card.text} {self.wild.text}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card; ends the turn (or the hand, when it empties the hand)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.text}"


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the partner "may I go out?"."""

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True, slots=True)
class Answer:
    """The partner's binding answer to "may I go out?"."""

    yes: bool

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
            raise NotationError("bad_action", f"{what}: empty group of cards in {text.strip()!r}", text=text)
        groups.append(sort_cards(cards))
    return tuple(groups)


_TARGET_RANKS = frozenset("AKQJT98765432")


def parse_action(text: str) -> Action:
    """Read one action line. Raises :class:`NotationError` (code ``bad_action`` or ``bad_card``)."""
    if not isinstance(text, str):
        raise NotationError("bad_action", f"an action is a line of text, not {type(text).__name__}", text=repr(text))
    words = text.split()
    if not words:
        raise NotationError("bad_action", "empty action", text=text)
    verb = words[0].lower()
    rest = text.strip()[len(words[0]):]
    if verb in ("draw", "ask", "pass"):
        if len(words) != 1:
            raise NotationError("bad_action", f"{verb!r} takes nothing after it: {text.strip()!r}", text=text)
        simple: dict[str, Action] = {"draw": DRAW, "ask": ASK, "pass": PASS}
        return simple[verb]
    if verb == "answer":
        if len(words) == 2 and words[1].lower() in ("yes", "no"):
            return YES if words[1].lower() == "yes" else NO
        raise NotationError("bad_action", f"expected 'answer yes' or 'answer no': {text.strip()!r}", text=text)
    if verb == "discard":
        cards = parse_cards(rest)
        if len(cards) != 1:
            raise NotationError("bad_action", f"discard takes exactly one card: {text.strip()!r}", text=text)
        return Discard(cards[0])
    if verb == "take":
        target = ""
        if len(words) > 1 and words[1].startswith("#"):
            target = _index(words[1], text)
            rest = rest.strip()[len(words[1]):]
        if not rest.strip():
            return Take(target=target)
        groups = _groups(rest, "take")
        return Take(groups[0], groups[1:], target)
    if verb == "merge":
        if len(words) != 3:
            raise NotationError("bad_action", f"expected 'merge #i #j': {text.strip()!r}", text=text)
        i, j = sorted(int(_index(w, text)[1:]) for w in words[1:])
        if i == j:
            raise NotationError("bad_action", f"merge needs two different melds: {text.strip()!r}", text=text)
        return Merge(i, j)
    if verb == "swap":
        if len(words) != 4:
            raise NotationError("bad_action", f"expected 'swap TARGET CARD WILD': {text.strip()!r}", text=text)
        natural, wild = parse_cards(words[2:])
        return Swap(_target(words[1], text), natural, wild)
    if verb == "meld":
        if not rest.strip():
            raise NotationError("bad_action", "meld needs cards", text=text)
        return Meld(_groups(rest, "meld"))
    if verb == "add":
        if len(words) < 3:
            raise NotationError("bad_action", f"expected 'add TARGET CARDS': {text.strip()!r}", text=text)
        return Add(_target(words[1], text), sort_cards(parse_cards(words[2:])))
    raise NotationError("bad_action", f"unknown action {words[0]!r} (expected draw, take, meld, add, merge, swap, "
                        "discard, ask, answer, pass)", text=text)


def _index(word: str, text: str) -> str:
    """A meld index ``#n`` in canonical form, or raise."""
    if not word.startswith("#") or not word[1:].isdigit():
        raise NotationError("bad_action", f"bad meld index {word!r} (expected e.g. '#0')", text=text)
    return "#" + str(int(word[1:]))


def _target(word: str, text: str) -> str:
    """A meld target: a rank letter (``10`` for ``T``) or ``#n``."""
    target = word.upper()
    if target == "10":
        target = "T"
    if target.startswith("#"):
        return _index(word, text)
    if target not in _TARGET_RANKS:
        raise NotationError("bad_action", f"bad meld target {word!r} (a rank letter or '#n')", text=text)
    return target
