"""Cards, ranks and suits, and their text notation (NOTATION.md, "Cards").

A card is written ``<rank><suit>``: ranks ``A K Q J T 9 8 7 6 5 4 3 2`` (``10`` accepted
for ``T`` on input), suits ``S H D C``; a joker is ``JK``. Identical cards from different
decks are interchangeable, so every card is one interned :class:`Card` instance: cards
compare and hash by value, and a hand is a multiset (a sorted tuple) of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

from .errors import NotationError

RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RED_SUITS = frozenset({"H", "D"})
JOKER = "JK"

#: Natural ranks usable in groups and sequences, high to low (RULES.md 1).
NATURAL_RANKS: tuple[str, ...] = RANKS[:11]

#: The position of each natural rank in a sequence, low to high: 4 low, Ace high
#: (RULES.md 4, disputed point S1 default; 2s and 3s never sit in a sequence).
SEQUENCE_ORDER: dict[str, int] = {r: i for i, r in enumerate(reversed(NATURAL_RANKS))}

#: Kind of a card for every rule that ignores suits: the rank for naturals, ``"2"`` and
#: ``"JK"`` for the wild cards, ``"R3"`` / ``"B3"`` for red and black threes.
KINDS: tuple[str, ...] = NATURAL_RANKS + ("R3", "B3", "2", JOKER)


class Card:
    """One playing card: an immutable, interned value (one instance per distinct card).

    ``Card("T", "H")``, :func:`card` and :func:`parse_card` all return the same object,
    so cards compare by identity, which is both exact (identical cards of different decks
    are interchangeable) and fast. ``rank`` is one of :data:`RANKS` or ``"JK"``; ``suit``
    one of :data:`SUITS` (``""`` for a joker). ``kind`` is the card's kind (:data:`KINDS`),
    ``wild`` whether it is a 2 or a joker, ``order`` its canonical sort key.
    """

    __slots__ = ("rank", "suit", "kind", "wild", "natural", "three", "order", "text")
    rank: str
    suit: str
    kind: str
    wild: bool
    natural: bool
    three: bool
    order: int
    text: str

    def __new__(cls, rank: str, suit: str = "") -> Card:
        found = _ALL.get(rank + suit)
        if found is None:
            raise NotationError("bad_card", f"not a card: {rank + suit!r}", text=rank + suit)
        return found

    @classmethod
    def _intern(cls, rank: str, suit: str, order: int) -> Card:
        self = object.__new__(cls)
        if rank == JOKER:
            kind = JOKER
        elif rank == "3":
            kind = "R3" if suit in RED_SUITS else "B3"
        else:
            kind = rank
        for name, value in (("rank", rank), ("suit", suit), ("kind", kind), ("wild", rank in ("2", JOKER)),
                            ("natural", kind in NATURAL_RANKS), ("three", rank == "3"), ("order", order),
                            ("text", rank + suit)):
            object.__setattr__(self, name, value)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"card({self.text!r})"

    @property
    def red_three(self) -> bool:
        return self.kind == "R3"

    @property
    def black_three(self) -> bool:
        return self.kind == "B3"


# Canonical order: by rank A..2 (NOTATION.md's listing), suits S H D C, joker last.
_ALL: dict[str, Card] = {}
for _ri, _r in enumerate(RANKS):
    for _si, _s in enumerate(SUITS):
        _c = Card._intern(_r, _s, _ri * 4 + _si)
        _ALL[_c.text] = _c
_ALL[JOKER] = Card._intern(JOKER, "", len(RANKS) * 4)

#: Every distinct card, in canonical order (52 + the joker).
ALL_CARDS: tuple[Card, ...] = tuple(sorted(_ALL.values(), key=lambda c: c.order))


def card(text: str) -> Card:
    """The interned card for a canonical text such as ``"TH"`` or ``"JK"``."""
    return _ALL[text]


def parse_card(text: str) -> Card:
    """Parse one card, case-insensitively; ``10`` stands for ``T``.

    Raises :class:`NotationError` (code ``bad_card``) naming the text.
    """
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    found = _ALL.get(t)
    if found is None:
        raise NotationError("bad_card", f"not a card: {text!r} (expected e.g. 'TH', 'QS', '2C', 'JK')", text=text)
    return found


def parse_cards(text: str | Sequence[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces (or a list of card texts), in the given order."""
    items = text.split() if isinstance(text, str) else list(text)
    for item in items:
        if not isinstance(item, str):
            raise NotationError("bad_card", f"not a card: {item!r}", text=repr(item))
    return tuple(parse_card(t) for t in items)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order (rank A..2, suits S H D C, jokers last)."""
    return tuple(sorted(cards, key=_order))


#: A card's sort key, read in C (a Python function would be called once per card sorted).
_order = attrgetter("order")


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated canonical text, in the given order."""
    return " ".join(c.text for c in cards)


def deck(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    """``decks`` standard 52-card decks plus jokers, in canonical order (RULES.md 2, 4)."""
    one = [c for c in ALL_CARDS if c.rank != JOKER]
    cards = one * decks + [_ALL[JOKER]] * (jokers_per_deck * decks)
    return sort_cards(cards)


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``hand`` less one copy of each of ``cards`` (order kept); None if one is missing."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)
