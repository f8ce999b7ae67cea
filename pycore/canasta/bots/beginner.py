"""Level 1, ``beginner``: random legal play with sane melding (DESIGN.md "Bots").

A baseline a learner can beat, that still plays recognisable Canasta:

- **draw phase**: takes the pile half of the time when it may, else draws;
- **play phase**: always melds when it can (a random one of the listed melds and
  additions, natural ones first), goes out when the legal list lets it empty the hand,
  asks "may I go out?" half of the time it may;
- **discard**: a random card, never a wild card or a 3 that can be kept: a natural card
  when the hand has one;
- **answer**: "yes" or "no" at random.

Everything comes from the legal list and the view's own hand; one seeded generator
(``rng.random()`` only) makes every choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..actions import ASK, Action, Add, Answer, Discard, Draw, Meld, Pass, Take


class BeginnerBot:
    """Random legal play, melding whenever it can, never throwing a wild card away."""

    name = "beginner"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _pick(self, items: Sequence[Action]) -> Action:
        return items[int(self.rng.random() * len(items))]

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Answer):
            return self._pick(legal)
        takes = [a for a in legal if isinstance(a, Take)]
        plain = [a for a in legal if isinstance(a, (Draw, Pass))]
        if takes or plain:
            if takes and (not plain or self.rng.random() < 0.5):
                return self._pick(takes)
            return plain[0] if plain else legal[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        hand = view.get("hand", [])
        if len(discards) == 1 and len(hand) == 1:
            return discards[0]  # the last card: going out
        lays = [a for a in legal if isinstance(a, (Meld, Add))]
        if lays:
            natural = [a for a in lays if not any(c.wild for c in _cards(a))]
            return self._pick(natural or lays)
        if ASK in legal and self.rng.random() < 0.5:
            return ASK
        natural_discards = [a for a in discards if a.card.natural]
        keep_wild = [a for a in discards if not a.card.wild]
        choice = natural_discards or keep_wild or discards
        return self._pick(choice) if choice else legal[0]


def _cards(action: Meld | Add) -> tuple[Any, ...]:
    if isinstance(action, Meld):
        return tuple(c for g in action.melds for c in g)
    return action.cards
