"""The immutable state of one hand, and the seeded deal (RULES.md 2 "Deck and deal").

A :class:`HandState` is a value: every transition (``play.apply``) builds a new one. Derived
facts (is the pile frozen, has a side opened) are computed from the cards, never stored,
as NOTATION.md "Position" requires.
"""

from __future__ import annotations

import random
from collections import Counter
from enum import StrEnum
from typing import NamedTuple

from .cards import Card, deck, sort_cards
from .melds import SEQUENCE, TableMeld
from .placement import closed_ranks
from .rules import Rules, Upcard

Cards = tuple[Card, ...]


class Phase(StrEnum):
    DRAW = "draw"  #: must draw or take the pile (or pass, once the stock is empty)
    PLAY = "play"  #: has drawn: may meld, must discard
    ANSWER = "answer"  #: must answer a partner's "may I go out?"
    OVER = "over"  #: the hand has ended


class Ending(StrEnum):
    """Why a hand ended."""

    NONE = ""
    WENT_OUT = "went_out"
    STOCK_OUT = "stock_out"  #: no player took the pile once the stock was empty
    THREE_LAST = "three_last"  #: a bonus three was drawn as the last stock card


# Enum members are slow to look up on the class (a property call each time in 3.11);
# the hot paths compare against these module constants instead.
DRAW_PHASE = Phase.DRAW
PLAY_PHASE = Phase.PLAY
ANSWER_PHASE = Phase.ANSWER
OVER_PHASE = Phase.OVER
NO_ENDING = Ending.NONE
WENT_OUT = Ending.WENT_OUT
STOCK_OUT = Ending.STOCK_OUT
THREE_LAST = Ending.THREE_LAST


class HandState(NamedTuple):
    """Everything about a hand in progress; seats ``0..players-1`` clockwise.

    An immutable tuple (a NamedTuple rather than a dataclass: a transition copies it
    several times per action, and a tuple copies about ten times faster).

    ``hands`` per seat (canonical order); ``melds`` and ``threes`` per side; ``discard``
    bottom to top; ``stock`` top first. ``melded`` tells per seat whether the player has
    melded or added to a meld this hand. The turn fields: ``fresh`` (the player in turn
    had not melded before this turn: concealed going out), ``took_pile`` (this turn),
    ``acted`` (has melded or added this turn), ``old_melds`` (how many melds the side had
    when the turn began), ``touched_old`` (added to one of those this turn),
    ``asker`` (who asked, in the answer phase), ``permission`` (the binding answer this
    turn: ``""``, ``"yes"`` or ``"no"``), ``asked`` (per seat: has asked this hand),
    ``played`` (per seat: has ended a turn this hand; seed 004 forbids opening on the
    player's first turn).
    """

    rules: Rules
    scores: tuple[int, ...]
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[Cards, ...]
    melds: tuple[tuple[TableMeld, ...], ...]
    threes: tuple[Cards, ...]
    discard: Cards
    stock: Cards
    melded: tuple[bool, ...]
    fresh: bool = True
    took_pile: bool = False
    acted: bool = False
    old_melds: int = 0
    touched_old: bool = False
    asker: int = -1
    permission: str = ""
    asked: tuple[bool, ...] = ()
    ending: Ending = Ending.NONE
    out_seat: int = -1
    concealed: bool = False
    played: tuple[bool, ...] = ()

    # ------------------------------------------------------------ derived facts
    @property
    def side(self) -> int:
        """The side of the seat in turn."""
        return self.turn % self.rules.sides

    @property
    def over(self) -> bool:
        return self.phase is OVER_PHASE

    def closed_ranks(self) -> frozenset[str]:
        """Ranks nobody may meld any more (RULES.md 3: after a natural canasta)."""
        return closed_ranks(self.rules, self.melds)

    def opened(self, side: int) -> bool:
        """Whether ``side`` has made its initial meld (it has a meld on the table)."""
        return bool(self.melds[side])

    def frozen_for_all(self) -> bool:
        """The pile holds a card that freezes it for everyone (RULES.md 2; D1, D3)."""
        if self.rules.pile_always_frozen:
            return True
        kinds = self.rules.freezing_kinds
        for c in self.discard:  # a plain loop: twice as fast as any() over a generator
            if c.kind in kinds:
                return True
        return False

    def frozen_for(self, side: int) -> bool:
        """The pile can be taken by ``side`` only with a natural pair (RULES.md 2)."""
        return self.frozen_for_all() or (self.rules.frozen_without_initial_meld and not self.melds[side])

    def canastas(self, side: int) -> int:
        size = self.rules.canasta_size
        return sum(1 for m in self.melds[side] if m.naturals + m.wilds >= size)

    def sequences_done(self, side: int) -> int:
        """The side's completed sequences (sambas, escaleras: RULES.md 4, 5)."""
        size = self.rules.sequence_max
        return sum(1 for m in self.melds[side] if m.kind is SEQUENCE and m.naturals + m.wilds >= size)

    def meld_index(self, side: int, rank: str) -> int:
        """Index of ``side``'s group of ``rank``, or -1."""
        for i, m in enumerate(self.melds[side]):
            if m.rank == rank:
                return i
        return -1

    def initial_minimum(self, side: int) -> int:
        return self.rules.initial_meld_minimum(self.scores[side])

    def cards_in_play(self) -> Counter[Card]:
        """Every card of the hand, wherever it is, counted (positions and invariant checks)."""
        counts: Counter[Card] = Counter()
        for h in self.hands:
            counts.update(h)
        for ms in self.melds:
            for m in ms:
                counts.update(m.cards)
        for t in self.threes:
            counts.update(t)
        counts.update(self.discard)
        counts.update(self.stock)
        return counts

    def card_count(self) -> int:
        """Every card of the hand, wherever it is (for the conservation invariant)."""
        return (sum(len(h) for h in self.hands) + sum(len(m.cards) for ms in self.melds for m in ms)
                + sum(len(t) for t in self.threes) + len(self.discard) + len(self.stock))

    # The two transitions every turn makes, built positionally (the field order above):
    # several times faster than ``with_`` on the hottest path of random play and search.
    def after_draw(self, stock: Cards, hands: tuple[Cards, ...], threes: tuple[Cards, ...]) -> HandState:
        """The play phase of the seat in turn, after drawing."""
        seat = self.turn
        return _new_tuple(HandState, (
            self.rules, self.scores, self.dealer, seat, PLAY_PHASE, hands, self.melds, threes, self.discard, stock,
            self.melded, not self.melded[seat], False, False, len(self.melds[seat % self.rules.sides]), False,
            self.asker, "", self.asked, self.ending, self.out_seat, self.concealed, self.played))

    def next_turn(self, hands: tuple[Cards, ...], discard: Cards, over: bool) -> HandState:
        """The next seat's draw phase after a discard (or the end of the hand, ``over``)."""
        nxt = (self.turn + 1) % self.rules.players
        played = self.played
        if not played[self.turn]:
            played = played[:self.turn] + (True,) + played[self.turn + 1:]
        return _new_tuple(HandState, (
            self.rules, self.scores, self.dealer, nxt, OVER_PHASE if over else DRAW_PHASE, hands, self.melds,
            self.threes, discard, self.stock, self.melded, not self.melded[nxt], False, False, 0, False, -1, "",
            self.asked, STOCK_OUT if over else NO_ENDING, self.out_seat, self.concealed, played))

    def with_(self, **changes: object) -> HandState:
        """A copy with some fields changed (the hot path of every transition)."""
        values = list(self)
        for key, value in changes.items():
            values[_INDEX[key]] = value
        return _new_tuple(HandState, values)


_INDEX = {name: i for i, name in enumerate(HandState._fields)}
_new_tuple = tuple.__new__


def shuffle(cards: Cards, rng: random.Random) -> Cards:
    """Fisher-Yates over ``rng.random()`` only, so a seed deals the same cards on every
    Python version (DESIGN.md convention 3; ``random.shuffle`` changed across versions)."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def deal(rules: Rules, rng: random.Random, dealer: int = 0, scores: tuple[int, ...] | None = None) -> HandState:
    """Shuffle and deal a hand (RULES.md 2 "Deck and deal"; D1 upcard; red 3s replaced).

    Cards go one at a time clockwise from the dealer's left; the upcard is turned per
    ``rules.upcard``; every bonus three in a hand is laid and replaced, repeatedly, in
    seat order from the dealer's left. The player left of the dealer starts.
    """
    cards = list(shuffle(deck(rules.decks, rules.jokers_per_deck), rng))
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(rules.hand_size * n):
        hands[(dealer + 1 + i) % n].append(cards.pop(0))
    discard: list[Card] = []
    if rules.upcard is not Upcard.NONE:
        barred = rules.upcard_barred
        buried: list[Card] = []
        while cards:
            up = cards.pop(0)
            if up.kind not in barred:
                discard.append(up)
                break
            if rules.upcard is Upcard.COVER:
                discard.append(up)
            else:
                buried.append(up)
        cards.extend(buried)
    threes: list[list[Card]] = [[] for _ in range(rules.sides)]
    bonus = rules.bonus_threes
    changed = True
    while changed and cards:
        changed = False
        for k in range(n):
            seat = (dealer + 1 + k) % n
            for c in [c for c in hands[seat] if c.kind in bonus]:
                if not cards:
                    break
                hands[seat].remove(c)
                threes[seat % rules.sides].append(c)
                hands[seat].append(cards.pop(0))
                changed = True
    return HandState(
        rules=rules,
        scores=scores if scores is not None else (0,) * rules.sides,
        dealer=dealer,
        turn=(dealer + 1) % n,
        phase=Phase.DRAW,
        hands=tuple(sort_cards(h) for h in hands),
        melds=tuple(() for _ in range(rules.sides)),
        threes=tuple(tuple(t) for t in threes),
        discard=tuple(discard),
        stock=tuple(cards),
        melded=(False,) * n,
        asked=(False,) * n,
        played=(False,) * n,
    )
