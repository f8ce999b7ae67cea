"""Belief sampling: the hidden cards dealt so that each hand agrees with what its seat did
(issue 42, "a new capability").

The expert's :class:`~canasta.bots.expert.Sampler` deals the cards a seat cannot see
evenly (each other hand gets its known cards, the rest at random). A seat's own play is
evidence about its hand, read from the seat's view alone (:class:`~.memory.Memory`):

- it **drew over a natural top card** of kind K once its side had melded: a natural pair
  of K would have taken the pile, frozen or not (RULES.md "Taking the discard pile"), so
  a hand with a natural pair of K is unlikely (``passed_melded``, :data:`PASSED_MELDED`);
- it drew over K before its side's first meld: weaker, since a pair alone may fall short
  of the initial minimum (:data:`PASSED`);
- it **discarded** K: players keep their pairs, so a pair of K is less likely
  (:data:`DISCARDED`).

Each piece of evidence is a likelihood factor on "the hand holds two or more natural
K" (:class:`Evidence`); a hand's weight is the product of its factors. Cards a seat is
known to hold (taken with the pile) are not weighed: they are certain. Later draws may
have paired a kind since, which is why the factors down-weight and never forbid.

The deal draws each other hand in turn from the cards left and keeps it with
probability its weight (rejection sampling), at most :data:`TRIES` times; when every
try is refused the likeliest hand drawn is kept, so a sample always comes (the
evidence may be stale or wrong: a seat may pass over a pair). Deterministic from the
generator given; honest: nothing but the seat's view is read.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import Card, card, deck
from ..notation import from_position
from ..rules import Rules
from ..state import HandState, shuffle
from .memory import Memory

_FIELDS = ("variant", "players", "scores", "dealer", "turn", "phase", "melds", "red_threes", "discard", "asker",
           "permission", "asked", "fresh", "took_pile", "acted", "old_melds", "touched_old", "ending", "out_seat",
           "concealed", "whole_canastas", "played")


class Sampler:
    """Positions consistent with one view: the hidden cards dealt at random."""

    def __init__(self, view: dict[str, Any], rules: Rules, memory: Memory) -> None:
        self.seat: int = view["seat"]
        self.rules = rules
        counts: dict[Card, int] = {}
        for c in deck(rules.decks, rules.jokers_per_deck):
            counts[c] = counts.get(c, 0) + 1
        visible = [*view["hand"], *view["discard"]]
        visible += [t for ms in view["melds"] for m in ms for t in m]
        visible += [t for ts in view["red_threes"] for t in ts]
        for t in visible:
            c = card(t)
            counts[c] -= 1
        sizes = list(view["hand_counts"])
        known: list[list[Card]] = [[] for _ in sizes]
        for s, held in enumerate(memory.known):
            if s == self.seat:
                continue
            for c, n in held.items():
                take = min(n, counts.get(c, 0), sizes[s] - len(known[s]))
                known[s].extend([c] * take)
                counts[c] -= take
        self.known = known
        self.pool = tuple(c for c, n in counts.items() for _ in range(n) if n > 0)
        self.sizes = sizes
        self.stock_size: int = view["stock_size"]
        position = {k: view[k] for k in _FIELDS if k in view}
        position["rules"] = view.get("rules") or {}
        position["melded_this_hand"] = view["melded_this_hand"]
        position["hands"] = [view["hand"] if s == self.seat else [] for s in range(len(sizes))]
        position["stock"] = []
        base = from_position(position)
        self.base = base

    def sample(self, rng: random.Random) -> HandState:
        bonus = self.rules.bonus_threes
        cards = shuffle(self.pool, rng)
        left = [c for c in cards if c.kind not in bonus]
        extra = [c for c in cards if c.kind in bonus]
        hands: list[tuple[Card, ...]] = []
        for s, size in enumerate(self.sizes):
            if s == self.seat:
                hands.append(self.base.hands[s])
                continue
            need = min(max(size - len(self.known[s]), 0), len(left))
            picked = self._pick(s, need, left, rng)
            got = [left[i] for i in picked]
            chosen = set(picked)
            left = [c for i, c in enumerate(left) if i not in chosen]
            hands.append(tuple(sorted(self.known[s] + got, key=_order)))
        rest = left + extra
        # The bonus threes at random places of the stock (never in a hand).
        stock = list(shuffle(tuple(rest), rng)) if extra else rest
        return self.base.with_(hands=tuple(hands), stock=tuple(stock[:self.stock_size]))

    def _pick(self, s: int, need: int, left: list[Card], rng: random.Random) -> list[int]:
        """Indices into ``left`` (shuffled) of the hidden part of seat ``s``'s hand: the
        first ``need``, the even deal."""
        return list(range(need))


#: The likelihood factor on a natural pair of a kind the seat discarded this hand, where a
#: kind with no evidence has :data:`PAIRED` (fitted on level 3's self-play at Classic 4:
#: the next seat holds a pair of a kind it discarded at 0.002 a kind, of a kind it neither
#: discarded nor drew over at 0.153, where the even deal says 0.041 and 0.091).
DISCARDED = 0.1
#: ... of a kind it drew over once its side had melded (no discard of it): real hands
#: hold such a pair as often as the even deal says (0.050 and 0.045), a third as often as
#: a kind with no evidence.
PASSED_MELDED = 2.5
#: ... of a kind it drew over before its side's first meld: no evidence (0.181 over 149).
PASSED = 5
#: ... of every other natural kind: players keep and draw to pairs, so real hands hold
#: more pairs than an even deal (0.153 where it says 0.091).
PAIRED = 5
#: Draws of a hand before the likeliest one drawn is kept.
TRIES = 12


@dataclass(frozen=True)
class Evidence:
    """Per seat, the likelihood factor of holding a natural pair of each kind: ``factors``
    for the kinds with evidence, ``default`` for the others; ``skip``, the kinds the seat
    is known to hold a pair of (certain, not weighed)."""

    factors: tuple[dict[str, float], ...]
    default: tuple[float, ...]
    skip: tuple[frozenset[str], ...]

    @classmethod
    def of(cls, memory: Memory, seat: int, discarded: float = DISCARDED, passed_melded: float = PASSED_MELDED,
           passed: float = PASSED, paired: float = PAIRED) -> Evidence:
        """The evidence ``seat`` holds about the other seats (itself: none, it sees its
        hand). A kind both discarded and drawn over takes the smaller factor."""
        factors: list[dict[str, float]] = []
        default: list[float] = []
        skip: list[frozenset[str]] = []
        for s in range(memory.players):
            f: dict[str, float] = {}
            held = frozenset(k for k, n in memory.kinds[s].items() if n >= 2)
            if s != seat:
                for kinds, x in ((memory.passed[s] - memory.passed_melded[s], passed),
                                 (memory.passed_melded[s], passed_melded), (memory.discarded[s], discarded)):
                    for k in kinds - held:
                        f[k] = min(f.get(k, x), x)
            factors.append(f)
            default.append(1.0 if s == seat else paired)
            skip.append(held)
        return cls(tuple(factors), tuple(default), tuple(skip))

    def informative(self, seat: int) -> bool:
        """Whether any hand of ``seat`` weighs other than 1."""
        return bool(self.factors[seat]) or self.default[seat] != 1.0

    def weight(self, seat: int, hand: list[Card]) -> float:
        """The likelihood of ``hand`` for ``seat`` up to a constant (1: no evidence)."""
        factors, default, skip = self.factors[seat], self.default[seat], self.skip[seat]
        naturals: dict[str, int] = {}
        for c in hand:
            if c.natural:
                naturals[c.kind] = naturals.get(c.kind, 0) + 1
        w = 1.0
        for k, n in naturals.items():
            if n >= 2 and k not in skip:
                w *= factors.get(k, default)
        return w


class BeliefSampler(Sampler):
    """Positions consistent with one view, each hidden hand weighted by its seat's
    evidence (module docstring)."""

    def __init__(self, view: dict[str, Any], rules: Rules, memory: Memory, evidence: Evidence | None = None) -> None:
        super().__init__(view, rules, memory)
        self.evidence = evidence if evidence is not None else Evidence.of(memory, self.seat)

    def _pick(self, s: int, need: int, left: list[Card], rng: random.Random) -> list[int]:
        """Indices into ``left`` of the hidden part of seat ``s``'s hand: :data:`TRIES`
        random draws, one kept with a chance in proportion to its weight (module
        docstring). Without evidence on the seat, the even deal, at no cost."""
        if not need or not self.evidence.informative(s):
            return super()._pick(s, need, left, rng)
        known = self.known[s]
        draws = [rng.sample(range(len(left)), need) for _ in range(TRIES)]
        weights = [self.evidence.weight(s, known + [left[i] for i in d]) for d in draws]
        x = rng.random() * sum(weights)
        for d, w in zip(draws, weights):
            x -= w
            if x < 0:
                return d
        return draws[-1]


def _order(c: Card) -> int:
    return c.order


__all__ = ["DISCARDED", "PAIRED", "PASSED", "PASSED_MELDED", "TRIES", "BeliefSampler", "Evidence", "Sampler"]
