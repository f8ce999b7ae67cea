"""Melds on the table and the legality of their cards (RULES.md 2 "Meld legality", D2).

A :class:`TableMeld` is a side's laid group: its cards, its rank, and derived counts.
``check_group`` decides whether a multiset of cards may stand as one group under the
rules, and explains a refusal with a stable code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, sort_cards
from .errors import IllegalAction
from .rules import Rules, WildRatio

Cards = tuple[Card, ...]


class MeldKind(StrEnum):
    GROUP = "group"  #: 3+ cards of one natural rank, with wild cards (RULES.md 1)
    BLACK_THREES = "black_threes"  #: 3 or 4 black 3s, only when going out (RULES.md 2)
    WILD = "wild"  #: 2s and jokers alone (RULES.md 3 "Wild-card melds"; Bolivia)


GROUP = MeldKind.GROUP
BLACK_THREES = MeldKind.BLACK_THREES
WILD = MeldKind.WILD
#: The ``rank`` of a wild-card meld: not a rank letter, so ``add`` names it ``#n``.
WILD_RANK = "*"
_OUTNUMBER = WildRatio.NATURALS_OUTNUMBER
_NOT_OUTNUMBER = WildRatio.NOT_OUTNUMBER
_TWO_NATURALS = WildRatio.TWO_NATURALS


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One meld of a side. ``rank`` is the natural rank of a group (``"3"`` for black 3s)."""

    kind: MeldKind
    rank: str
    cards: Cards
    naturals: int
    wilds: int
    #: laid as a canasta in one go from hand, or with the top card only (D7, seed 002).
    whole: bool = False

    @property
    def size(self) -> int:
        return self.naturals + self.wilds

    def is_canasta(self, rules: Rules) -> bool:
        """A canasta is a meld of ``canasta_size`` (7) or more cards (RULES.md 1)."""
        return self.naturals + self.wilds >= rules.canasta_size

    @property
    def natural(self) -> bool:
        """No wild card: a natural canasta once complete. Once mixed, always mixed."""
        return self.wilds == 0

    def full(self, rules: Rules) -> bool:
        """No card can join it any more: a group at ``group_max`` (RULES.md 3: a group
        stops at 7), a wild-card meld at ``wild_meld_max``, a meld of black 3s."""
        if self.kind is WILD:
            return self.wilds >= rules.wild_meld_max
        if self.kind is BLACK_THREES:
            return True
        return bool(rules.group_max) and self.naturals + self.wilds >= rules.group_max

    def with_cards(self, cards: Iterable[Card]) -> TableMeld:
        """This meld grown by ``cards`` (already checked)."""
        added = tuple(cards)
        wild = sum(1 for c in added if c.wild)
        return TableMeld(self.kind, self.rank, sort_cards(self.cards + added), self.naturals + len(added) - wild,
                         self.wilds + wild, self.whole)


def _illegal(code: str, message: str, **params: object) -> IllegalAction:
    return IllegalAction(code, message, **params)


def wild_limit(rules: Rules, rank: str, naturals: int) -> int:
    """Most wild cards a group of ``rank`` with ``naturals`` natural cards may hold (D2)."""
    if rank in rules.no_wild_ranks:
        return 0
    limit = rules.max_wilds
    ratio = rules.wild_ratio
    if ratio is _TWO_NATURALS:
        return limit
    if ratio is _OUTNUMBER:
        limit = min(limit, naturals - 1)
    elif ratio is _NOT_OUTNUMBER:
        limit = min(limit, naturals)
    return max(limit, 0)


def check_group_counts(rules: Rules, rank: str, naturals: int, wilds: int) -> None:
    """Raise IllegalAction unless ``naturals`` + ``wilds`` may stand as one group of ``rank``."""
    size = naturals + wilds
    if size < 3:
        raise _illegal("meld_too_small", "a meld needs at least 3 cards", rank=rank, size=size)
    if naturals < max(rules.min_naturals, 1):
        if naturals == 0:
            raise _illegal("all_wild_meld", "a meld cannot be made of wild cards alone", rank=rank)
        raise _illegal("too_few_naturals", f"a meld needs at least {rules.min_naturals} natural cards",
                       rank=rank, naturals=naturals, minimum=rules.min_naturals)
    if wilds and rank in rules.no_wild_ranks:
        raise _illegal("rank_takes_no_wilds", f"a meld of {rank} never takes wild cards", rank=rank)
    if wilds > rules.max_wilds:
        raise _illegal("too_many_wilds", f"a meld holds at most {rules.max_wilds} wild cards",
                       rank=rank, wilds=wilds, maximum=rules.max_wilds)
    if wilds > wild_limit(rules, rank, naturals):
        code = "wilds_outnumber" if rules.wild_ratio is not WildRatio.TWO_NATURALS else "too_many_wilds"
        raise _illegal(code, "wild cards may not outnumber the natural cards here" if code == "wilds_outnumber"
                       else "too many wild cards", rank=rank, wilds=wilds, naturals=naturals,
                       maximum=wild_limit(rules, rank, naturals))
    if rules.group_max and size > rules.group_max:
        raise _illegal("meld_too_large", f"a meld stops at {rules.group_max} cards", rank=rank, size=size,
                       maximum=rules.group_max)


def group_rank(cards: Cards) -> str:
    """The one natural rank of ``cards`` or raise IllegalAction (mixed ranks, threes)."""
    rank = ""
    for c in cards:
        if c.wild:
            continue
        if c.kind == "R3":
            raise _illegal("red_three_meld", "red 3s are never melded", card=c.text)
        if c.kind == "B3":
            raise _illegal("black_three_meld", "black 3s meld only as a group of black 3s when going out",
                           card=c.text)
        if rank and c.rank != rank:
            raise _illegal("mixed_ranks", "a meld holds cards of one rank only", ranks=f"{rank} {c.rank}")
        rank = c.rank
    if not rank:
        raise _illegal("all_wild_meld", "a meld cannot be made of wild cards alone")
    return rank


def new_group(rules: Rules, cards: Cards) -> TableMeld:
    """A new group from ``cards`` (RULES.md 2 "Meld legality"), or raise IllegalAction."""
    if cards and all(c.kind == "B3" for c in cards):
        return black_threes(rules, cards)
    if cards and rules.wild_melds and all(c.wild for c in cards):
        return wild_meld(rules, cards)
    rank = group_rank(cards)
    wilds = sum(1 for c in cards if c.wild)
    check_group_counts(rules, rank, len(cards) - wilds, wilds)
    return TableMeld(GROUP, rank, sort_cards(cards), len(cards) - wilds, wilds, len(cards) >= rules.canasta_size)


def black_threes(rules: Rules, cards: Cards) -> TableMeld:
    """A meld of black 3s: 3 or 4 of them, no wild card (only when going out; caller checks)."""
    if not rules.black_threes_meld_going_out:
        raise _illegal("black_three_meld", "black 3s are never melded in this variant")
    if not 3 <= len(cards) <= 4:
        raise _illegal("black_threes_count", "black 3s meld as a group of 3 or 4", size=len(cards))
    return TableMeld(BLACK_THREES, "3", sort_cards(cards), len(cards), 0)


def wild_meld(rules: Rules, cards: Cards) -> TableMeld:
    """A meld of wild cards alone: ``wild_meld_min`` to ``wild_meld_max`` 2s and jokers
    (RULES.md 3 "Wild-card melds"; Bolivia, RULES.md 5)."""
    if len(cards) < rules.wild_meld_min:
        raise _illegal("meld_too_small", f"a wild-card meld needs at least {rules.wild_meld_min} cards",
                       rank=WILD_RANK, size=len(cards))
    if len(cards) > rules.wild_meld_max:
        raise _illegal("meld_too_large", f"a wild-card meld stops at {rules.wild_meld_max} cards", rank=WILD_RANK,
                       size=len(cards), maximum=rules.wild_meld_max)
    return TableMeld(WILD, WILD_RANK, sort_cards(cards), 0, len(cards), len(cards) >= rules.canasta_size)


def grow(rules: Rules, meld: TableMeld, cards: Cards) -> TableMeld:
    """``meld`` with ``cards`` added, or raise IllegalAction (wrong rank, limits)."""
    if meld.kind is BLACK_THREES:
        raise _illegal("meld_closed", "nothing can be added to a meld of black 3s")
    if meld.kind is WILD:
        for c in cards:
            if not c.wild:
                raise _illegal("wrong_rank", "only wild cards can join a wild-card meld", rank=WILD_RANK, card=c.text)
        grown = wild_meld(rules, meld.cards + cards)
        return TableMeld(WILD, WILD_RANK, grown.cards, 0, grown.wilds, meld.whole)
    wild = 0
    for c in cards:
        if c.wild:
            wild += 1
        elif c.rank != meld.rank or not c.natural:
            raise _illegal("wrong_rank", f"only {meld.rank}s or wild cards can join this meld", rank=meld.rank,
                           card=c.text)
    naturals = meld.naturals + len(cards) - wild
    wilds = meld.wilds + wild
    check_group_counts(rules, meld.rank, naturals, wilds)
    return TableMeld(meld.kind, meld.rank, sort_cards(meld.cards + cards), naturals, wilds, meld.whole)


def meld_value(rules: Rules, cards: Iterable[Card]) -> int:
    """Sum of card values (RULES.md 2 "Card values")."""
    value = rules.value
    return sum(value(c.kind) for c in cards)
