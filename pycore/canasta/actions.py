"""Actions as small frozen values that round-trip through the text notation.

NOTATION.md "Actions": ``draw``, ``take [CARDS [| CARDS ...]]``, ``meld CARDS [| CARDS ...]``,
``add TARGET CARDS``, ``discard C``, ``ask``, ``answer yes|no``. Extensions (documented in
``docs/notation.md``): ``take`` may meld the top card with more than two hand cards, and
``pass`` declines the pile once the stock is empty, which ends the hand (RULES.md 2
"Stock exhausted").

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

    def __str__(self) -> str:
        if not self.cards:
            return "take"
        return "take " + _fmt_groups((self.cards,) + self.extra)


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


Action = Union[Draw, Pass, Take, Meld, Add, Discard, Ask, Answer]

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
        if not rest.strip():
            return Take()
        groups = _groups(rest, "take")
        return Take(groups[0], groups[1:])
    if verb == "meld":
        if not rest.strip():
            raise NotationError("bad_action", "meld needs cards", text=text)
        return Meld(_groups(rest, "meld"))
    if verb == "add":
        if len(words) < 3:
            raise NotationError("bad_action", f"expected 'add TARGET CARDS': {text.strip()!r}", text=text)
        target = words[1].upper()
        if target == "10":
            target = "T"
        if target.startswith("#"):
            if not target[1:].isdigit():
                raise NotationError("bad_action", f"bad meld index {words[1]!r} (expected e.g. '#0')", text=text)
            target = "#" + str(int(target[1:]))
        elif target not in _TARGET_RANKS:
            raise NotationError("bad_action", f"bad meld target {words[1]!r} (a rank letter or '#n')", text=text)
        return Add(target, sort_cards(parse_cards(words[2:])))
    raise NotationError("bad_action", f"unknown action {words[0]!r} (expected draw, take, meld, add, discard, ask, answer, pass)",
                        text=text)
