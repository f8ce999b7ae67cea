"""Where a bot's points come from, counted over a match (issue 42: what the expert's step
over level 3 is made of; docs/bots.md "Measuring").

A hand's score is a sum of named lines (``scoring.score_hand``: the melds' cards, each
kind of canasta, going out, the cards caught in hand, the red threes, and the variants'
own lines). ``match`` adds up each bot's lines over the side-hands it played: A plays one
side of each hand, B every other side. Per side-hand, A's lines minus B's add up to A's
mean margin per hand, which is the match's mean when every deal is played whole (a pair's
value is the mean of its plays' margins, each A's score minus the mean of the other
sides'), so the difference says which lines a step is made of: at Classic 4 players the
expert's over good is mostly natural canastas, partly given back in going out less often.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..scoring import SideScore


@dataclass
class LineTotals:
    """One bot's score lines added up over the side-hands it played."""

    hands: int = 0
    points: Counter[str] = field(default_factory=Counter)
    #: each line's latest place in a score that held it (the place it has in the fullest
    #: scores: the lines are listed in the score's own order, the melds first, the hand's
    #: penalty late, though a line is missing from a score where it would be 0)
    place: dict[str, int] = field(default_factory=dict)

    def count(self, score: SideScore) -> None:
        """One side-hand's score."""
        self.hands += 1
        for i, line in enumerate(score.lines):
            self.points[line.name] += line.points
            self.place[line.name] = max(i, self.place.get(line.name, i))

    def add(self, other: LineTotals) -> None:
        self.hands += other.hands
        self.points.update(other.points)
        for name, i in other.place.items():
            self.place[name] = max(i, self.place.get(name, i))

    def per_hand(self, name: str) -> float:
        """The line's points per side-hand (0 before any hand)."""
        return self.points[name] / self.hands if self.hands else 0.0


def report(a: LineTotals, b: LineTotals, name_a: str, name_b: str) -> list[str]:
    """The match's lines: each bot's points a side-hand by score line (the lines either
    scored, in the score's own order), then A's minus B's, the largest first, with their
    sum (A's mean margin a hand: module docstring)."""
    if not a.hands or not b.hands:
        return []
    both = LineTotals()
    both.add(a)
    both.add(b)
    names = sorted((n for n in both.place if a.points[n] or b.points[n]),
                   key=lambda n: (both.place[n], n))
    out = [f"{who}: points a hand by score line over {t.hands} side-hands: "
           + ", ".join(f"{_label(n)} {t.per_hand(n):+.1f}" for n in names)
           for who, t in ((name_a, a), (name_b, b))]
    diffs = sorted(((n, a.per_hand(n) - b.per_hand(n)) for n in names), key=lambda x: -abs(x[1]))
    total = sum(d for _, d in diffs)
    shown = ", ".join(f"{_label(n)} {d:+.1f}" for n, d in diffs)
    out.append(f"{name_a} minus {name_b} by score line: {shown or 'none'} (in all {total:+.1f} a hand)")
    return out


def _label(name: str) -> str:
    return name.replace("_", " ")
