"""Where the expert changed level 3's choice, counted over a match (issue 42;
docs/decisions.md#overrules).

The expert searches a few alternatives to level 3's choice and keeps that choice unless
one beats it with confidence (``bots/expert.py``). Its value is in those changes: at
Classic 4 players the search refuses about a fifth of the piles level 3 would take, and
keeping level 3's takes instead cost 59 points per hand. ``match`` counts, for an expert
side, each decision with a choice by the kind of level 3's choice, and the changes by the
kind they went to (``take -> draw``), so that a change to the search shows where it moved.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..actions import Action, Add, Answer, Discard, Meld
from ..bots.basic import _cards_of


def kind(action: Action) -> str:
    """An action's kind for these counts: its type, lays split by whether they hold a wild
    card, a wild card's discard and the two answers apart."""
    name = type(action).__name__.lower()
    if isinstance(action, (Meld, Add)):
        return name + (" with wild cards" if any(c.wild for c in _cards_of(action)) else " (naturals)")
    if isinstance(action, Discard) and action.card.wild:
        return "discard a wild card"
    if isinstance(action, Answer):
        return "answer yes" if action.yes else "answer no"
    return name


@dataclass
class OverruleCounts:
    """An expert side's decisions with a choice by the kind of level 3's choice, and its
    changes of that choice by kind, from and to."""

    decisions: Counter[str] = field(default_factory=Counter)
    changes: Counter[tuple[str, str]] = field(default_factory=Counter)

    def count(self, level3: Action, chosen: Action) -> None:
        """One decision: level 3's choice and the one played."""
        k = kind(level3)
        self.decisions[k] += 1
        if chosen != level3:
            self.changes[(k, kind(chosen))] += 1

    def add(self, other: OverruleCounts) -> None:
        self.decisions.update(other.decisions)
        self.changes.update(other.changes)

    def lines(self, name: str, top: int = 6) -> list[str]:
        """The total and the ``top`` most frequent changes, each over the decisions where
        level 3 chose that kind."""
        total = sum(self.decisions.values())
        changed = sum(self.changes.values())
        if not total:
            return []
        out = [f"{name}: changed level 3's choice in {changed}/{total} decisions ({100 * changed / total:.1f}%)"]
        for (was, now), n in self.changes.most_common(top):
            of = self.decisions[was]
            out.append(f"{name}:   {was} -> {now}: {n}/{of} ({100 * n / of:.1f}%)")
        return out
