"""The expert's samplers of the hidden cards: dealt evenly (:class:`Sampler`), or so that
each hand agrees with what its seat did (:class:`BeliefSampler`, issue 42).

:class:`Sampler` deals the cards a seat cannot see evenly: each other hand gets its
known cards (taken with the pile, :class:`~.memory.Memory`), the rest at random; bonus
threes go only to the stock. A seat's own play is evidence about its hand, read from
the deciding seat's view alone:

- it **discarded** K: players keep their pairs; real hands of level 3 hold a natural
  pair of a kind they discarded at 0.002 a kind (:data:`DISCARDED`);
- it **drew over a natural top card** K once its side had melded, when a natural pair
  of K takes the pile frozen or not (RULES.md "Taking the discard pile";
  ``Memory.passed_melded``): weaker than it looks, the seat may have paired K since or
  judged the pile small (:data:`PASSED_MELDED`); before its side's first meld a pair
  alone may fall short of the minimum: no evidence (:data:`PASSED`);
- a kind it did **neither**: players keep and draw to pairs, so real hands hold more
  pairs than an even deal (:data:`PAIRED`).

Each is a likelihood factor on "the hand holds two or more natural K"
(:class:`Evidence`), the factors fitted on level 3's self-play at Classic 4
(``tools/expert_bench.py calibrate --belief``); a hand's weight is their product, times
:data:`WILD` per wild card (hands rich in pairs would crowd the wild cards out). Cards
a seat is known to hold are not weighed: they are certain.

Each other hand is drawn :data:`TRIES` times from the cards left and one draw kept with
a chance in proportion to its weight (sampling-importance-resampling): never a
rejection loop, so the cost is bounded, and a hand against the evidence stays
possible (a seat may pass over a pair). Deterministic from the generator given; honest:
nothing but the seat's view is read.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import Card, card, deck
from ..notation import from_position
from ..play import hand_goes_out
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

    def sample_going_out(self, rng: random.Random, seat: int, tries: int) -> HandState | None:
        """A sample in which ``seat``'s hand can go out this turn (``play.hand_goes_out``):
        a partner who was asked "may I go out?" knows that much of the asker's hand, as the
        rules allow the question only then. Whole samples are drawn until one does, so the
        sample is drawn from the sampler's law given that fact; None after ``tries``."""
        for _ in range(tries):
            state = self.sample(rng)
            if hand_goes_out(state, seat):
                return state
        return None

    def _pick(self, s: int, need: int, left: list[Card], rng: random.Random) -> list[int]:
        """Indices into ``left`` (shuffled) of the hidden part of seat ``s``'s hand: the
        first ``need``, the even deal."""
        return list(range(need))


#: The likelihood factor on a natural pair of a kind the seat discarded this hand, where a
#: kind with no evidence has :data:`PAIRED` (fitted on level 3's self-play at Classic 4:
#: the next seat holds a pair of a kind it discarded at 0.002 a kind, of a kind it neither
#: discarded nor drew over at 0.153, where the even deal says 0.041 and 0.091; the rows
#: of ``tools/expert_bench.py calibrate --hands 40 [--belief]``).
DISCARDED = 0.1
#: ... of a kind it drew over once its side had melded (no discard of it): real hands
#: hold such a pair as often as the even deal says (0.050 and 0.045), a third as often as
#: a kind with no evidence.
PASSED_MELDED = 2.5
#: ... of a kind it drew over before its side's first meld: no evidence (0.181 over 149).
PASSED = 5.0
#: ... of every other natural kind: players keep and draw to pairs, so real hands hold
#: more pairs than an even deal (0.153 where it says 0.091).
PAIRED = 5.0
#: The factor per wild card in a hand weighed by the pair factors: hands rich in pairs
#: crowd the wild cards out (0.48 where real hands hold 0.61 and the even deal deals
#: 0.62, at the factor 1), and the search would meet opponents short of wild cards.
WILD = 1.5
#: Draws of a hand, one of which is kept in proportion to its weight (the factors above
#: were fitted with 12; more draws come closer to the exact posterior, at a cost).
TRIES = 12


@dataclass(frozen=True)
class Evidence:
    """Per seat, the likelihood factor of holding a natural pair of each kind: ``factors``
    for the kinds with evidence, ``default`` for the others; ``skip``, the kinds the seat
    is known to hold a pair of (certain, not weighed)."""

    factors: tuple[dict[str, float], ...]
    default: tuple[float, ...]
    skip: tuple[frozenset[str], ...]
    wild: float = 1.0

    @classmethod
    def of(cls, memory: Memory, seat: int, discarded: float = DISCARDED, passed_melded: float = PASSED_MELDED,
           passed: float = PASSED, paired: float = PAIRED, wild: float = WILD) -> Evidence:
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
        return cls(tuple(factors), tuple(default), tuple(skip), wild)

    def informative(self, seat: int) -> bool:
        """Whether the hands of ``seat`` are weighed (the wild-card factor only corrects
        the pair factors: alone it weighs nothing)."""
        return bool(self.factors[seat]) or self.default[seat] != 1.0

    def weight(self, seat: int, hand: list[Card]) -> float:
        """The likelihood of ``hand`` for ``seat`` up to a constant (1: no evidence)."""
        if not self.informative(seat):
            return 1.0
        factors, default, skip = self.factors[seat], self.default[seat], self.skip[seat]
        naturals: dict[str, int] = {}
        w = 1.0
        for c in hand:
            if c.natural:
                naturals[c.kind] = naturals.get(c.kind, 0) + 1
            elif c.wild:
                w *= self.wild
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


__all__ = ["DISCARDED", "PAIRED", "PASSED", "PASSED_MELDED", "TRIES", "WILD", "BeliefSampler", "Evidence", "Sampler"]
