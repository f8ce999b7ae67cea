"""Melds on the table and the legality of their cards (RULES.md 2 "Meld legality", D2; 4).

A :class:`TableMeld` is a side's laid meld: a group (one rank, with wild cards), a
sequence (Samba family: consecutive natural cards of one suit, kept in order, highest
first) or black 3s. ``new_meld`` decides which one a set of cards is meant to be and
whether it may stand under the rules, and explains a refusal with a stable code.

A position tells a sequence from a group by its cards alone: a group holds one natural
rank, a sequence two or more different ranks of one suit and no wild card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .cards import SEQUENCE_ORDER, Card, sort_cards
from .errors import IllegalAction
from .rules import Rules, WildRatio

Cards = tuple[Card, ...]


class MeldKind(StrEnum):
    GROUP = "group"  #: 3+ cards of one natural rank, with wild cards (RULES.md 1)
    BLACK_THREES = "black_threes"  #: 3 or 4 black 3s, only when going out (RULES.md 2)
    SEQUENCE = "sequence"  #: 3+ consecutive natural cards of one suit (Samba family, RULES.md 4)
    WILD = "wild"  #: 2s and jokers alone (RULES.md 3 "Wild-card melds"; Bolivia)


GROUP = MeldKind.GROUP
BLACK_THREES = MeldKind.BLACK_THREES
SEQUENCE = MeldKind.SEQUENCE
WILD = MeldKind.WILD
#: The ``rank`` of a wild-card meld: not a rank letter, so ``add`` names it ``#n``.
WILD_RANK = "*"
_OUTNUMBER = WildRatio.NATURALS_OUTNUMBER
_NOT_OUTNUMBER = WildRatio.NOT_OUTNUMBER
_TWO_NATURALS = WildRatio.TWO_NATURALS


@dataclass(frozen=True, slots=True)
class TableMeld:
    """One meld of a side. ``rank`` is the natural rank of a group (``"3"`` for black 3s,
    ``""`` for a sequence); a sequence has its ``suit`` and the position of its lowest
    card in :data:`~canasta.cards.SEQUENCE_ORDER` (``low``; -1 for an Ace below the 4)."""

    kind: MeldKind
    rank: str
    cards: Cards
    naturals: int
    wilds: int
    #: laid as a canasta in one go from hand, or with the top card only (D7, seed 002).
    whole: bool = False
    suit: str = ""
    low: int = 0

    @property
    def high(self) -> int:
        """A sequence's highest position."""
        return self.low + self.naturals + self.wilds - 1

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
        if self.kind is SEQUENCE:
            return self.naturals >= rules.sequence_max
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


def is_sequence_attempt(rules: Rules, cards: Cards) -> bool:
    """Cards meant as a sequence: two or more different natural ranks and no repeated rank
    (a group has one rank, so the two can never be confused)."""
    if not rules.sequences:
        return False
    ranks = [c.rank for c in cards if not c.wild]
    return len(ranks) >= 2 and len(set(ranks)) == len(ranks) and all(c.natural or c.wild for c in cards)


def new_meld(rules: Rules, cards: Cards) -> TableMeld:
    """A new meld from ``cards``: a sequence where the rules have them and the cards are
    meant as one, else a group or black 3s; or raise IllegalAction."""
    if is_sequence_attempt(rules, cards):
        return new_sequence(rules, cards)
    return new_group(rules, cards)


def sequence_position(rules: Rules, c: Card, ace_low: bool) -> int:
    """A natural card's place in a sequence (4 = 0 .. Ace = 10; an Ace below the 4 = -1)."""
    return -1 if ace_low and c.rank == "A" else SEQUENCE_ORDER[c.rank]


def new_sequence(rules: Rules, cards: Cards, whole: bool | None = None) -> TableMeld:
    """A sequence (RULES.md 4; S1): 3 to ``sequence_max`` consecutive natural cards of one
    suit, 4 low and Ace high (an Ace may sit below the 4 under S1's alternative, never wrap
    around). No wild card, except under Open Samba (S6: ``sequence_wilds``): then wild
    cards fill the gaps between the naturals and the spare ones extend the run, within
    Samba's limits (at most ``sequence_wilds``, more naturals than wild cards). Cards are
    kept highest first, the wild cards last."""
    wild = tuple(c for c in cards if c.wild)
    if wild and not rules.sequence_wilds:
        raise _illegal("sequence_no_wilds", "a sequence takes no wild cards", card=wild[0].text)
    naturals = tuple(c for c in cards if not c.wild)
    suits = {c.suit for c in naturals}
    if len(suits) != 1 or not all(c.natural for c in naturals):
        raise _illegal("not_a_sequence", "a sequence is made of consecutive cards of one suit",
                       cards=" ".join(c.text for c in cards))
    size = len(cards)
    if wild and len(wild) > min(rules.sequence_wilds, len(naturals) - 1):
        raise _illegal("too_many_wilds", f"a sequence holds at most {rules.sequence_wilds} wild cards, fewer "
                       "than its natural cards", wilds=len(wild), naturals=len(naturals),
                       maximum=min(rules.sequence_wilds, max(len(naturals) - 1, 0)))
    places = _sequence_places(rules, naturals, size)
    if places is None:
        raise _illegal("not_a_sequence", "a sequence is made of consecutive cards of one suit",
                       cards=" ".join(c.text for c in cards))
    if size < 3:
        raise _illegal("meld_too_small", "a meld needs at least 3 cards", size=size)
    if size > rules.sequence_max:
        raise _illegal("meld_too_large", f"a sequence stops at {rules.sequence_max} cards", size=size,
                       maximum=rules.sequence_max)
    pos, low = places
    return TableMeld(SEQUENCE, "", tuple(c for _, c in pos) + sort_cards(wild), len(naturals), len(wild),
                     size >= rules.canasta_size if whole is None else whole, next(iter(suits)), low)


def _sequence_places(rules: Rules, naturals: Cards, size: int) -> tuple[list[tuple[int, Card]], int] | None:
    """The naturals by place, highest first, and the sequence's lowest place, or None when
    they cannot stand in one run of ``size`` cards: distinct places spanning at most
    ``size`` (the wild cards fill the gaps). Spare wild cards sit above the highest natural
    as far as the Ace, the rest below (the place a later natural card may still take). An
    Ace sits high, or below the 4 under S1's alternative where only that reading fits."""
    readings = [False, True] if rules.sequence_ace_low and any(c.rank == "A" for c in naturals) else [False]
    for ace_low in readings:
        pos = sorted(((sequence_position(rules, c, ace_low), c) for c in naturals), key=lambda pc: -pc[0])
        places = [p for p, _ in pos]
        if len(set(places)) != len(places) or places[0] - places[-1] + 1 > size:
            continue
        top = min(10, places[-1] + size - 1)
        return pos, top - size + 1
    return None


def merge_groups(rules: Rules, a: TableMeld, b: TableMeld) -> TableMeld:
    """Two groups of one rank made one (RULES.md 4, Bicycle and Pagat); the result must be
    a legal group (the wild-card limits)."""
    if a.kind is not GROUP or b.kind is not GROUP or a.rank != b.rank:
        raise _illegal("merge_needs_same_rank", "only two groups of the same rank can be merged",
                       ranks=f"{a.rank or a.suit} {b.rank or b.suit}")
    check_group_counts(rules, a.rank, a.naturals + b.naturals, a.wilds + b.wilds)
    return TableMeld(GROUP, a.rank, sort_cards(a.cards + b.cards), a.naturals + b.naturals, a.wilds + b.wilds)


def swap_wild(rules: Rules, meld: TableMeld, natural: Card, wild: Card) -> TableMeld:
    """``meld`` with ``wild`` replaced by ``natural`` (seed 003's swap: only in a group that
    is not yet a canasta, and only with the natural card of the group's rank)."""
    if meld.kind is not GROUP:
        raise _illegal("swap_needs_group", "a wild card can only be swapped out of a group")
    if not wild.wild or wild not in meld.cards:
        raise _illegal("swap_needs_wild", f"{wild.text} is not a wild card of this group", card=wild.text)
    if natural.rank != meld.rank or not natural.natural:
        raise _illegal("wrong_rank", f"only a natural {meld.rank} can replace a wild card in this group",
                       rank=meld.rank, card=natural.text)
    if meld.is_canasta(rules):
        raise _illegal("swap_canasta", "a wild card cannot be taken back from a canasta")
    rest = list(meld.cards)
    rest.remove(wild)
    return TableMeld(GROUP, meld.rank, sort_cards(rest + [natural]), meld.naturals + 1, meld.wilds - 1, meld.whole)


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
    if meld.kind is SEQUENCE:
        if meld.size >= rules.sequence_max:
            raise _illegal("meld_closed", "a completed sequence is closed")
        return new_sequence(rules, meld.cards + cards, whole=meld.whole)
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
