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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready totals (a match's pairs file keeps them: ``lab.pairs``)."""
        return {"hands": self.hands, "points": dict(self.points), "place": dict(self.place)}

    @classmethod
    def from_dict(cls, data: object) -> LineTotals:
        """The totals :meth:`to_dict` wrote; ``ValueError`` saying what is wrong with
        anything else."""
        if not isinstance(data, Mapping) or set(data) != {"hands", "points", "place"}:
            raise ValueError("score lines must hold 'hands', 'points' and 'place'")
        hands, points, place = data["hands"], data["points"], data["place"]
        if not _count(hands):
            raise ValueError("score lines' 'hands' must be a whole number of 0 or more")
        if not isinstance(points, Mapping) or not all(isinstance(v, int) and not isinstance(v, bool)
                                                      for v in points.values()):
            raise ValueError("score lines' 'points' must map each line to whole points")
        if not isinstance(place, Mapping) or set(place) != set(points) or not all(map(_count, place.values())):
            raise ValueError("score lines' 'place' must give each line of 'points' a place of 0 or more")
        return cls(hands, Counter(dict(points)), dict(place))


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _names(*totals: LineTotals) -> list[str]:
    """The lines any of the totals scored, in the score's own order."""
    every = LineTotals()
    for t in totals:
        every.add(t)
    return sorted((n for n in every.place if any(t.points[n] for t in totals)), key=lambda n: (every.place[n], n))


def margins(a: LineTotals, b: LineTotals) -> dict[str, float]:
    """A's points a side-hand minus B's, line by line (the lines either scored, in the
    score's own order); their sum is A's mean margin a hand (module docstring)."""
    return {n: a.per_hand(n) - b.per_hand(n) for n in _names(a, b)}


def difference_line(diffs: Mapping[str, float], label: str) -> str:
    """``label by score line: ...`` with the lines' differences, the largest first, and
    their sum."""
    ranked = sorted(diffs.items(), key=lambda x: -abs(x[1]))
    shown = ", ".join(f"{_label(n)} {d:+.1f}" for n, d in ranked)
    return f"{label} by score line: {shown or 'none'} (in all {sum(diffs.values()):+.1f} a hand)"


def report(a: LineTotals, b: LineTotals, name_a: str, name_b: str) -> list[str]:
    """The match's lines: each bot's points a side-hand by score line (the lines either
    scored, in the score's own order), then A's minus B's (:func:`margins`), the largest
    first, with their sum (A's mean margin a hand: module docstring)."""
    if not a.hands or not b.hands:
        return []
    diffs = margins(a, b)
    out = [f"{who}: points a hand by score line over {t.hands} side-hands: "
           + ", ".join(f"{_label(n)} {t.per_hand(n):+.1f}" for n in diffs)
           for who, t in ((name_a, a), (name_b, b))]
    out.append(difference_line(diffs, f"{name_a} minus {name_b}"))
    return out


def _label(name: str) -> str:
    return name.replace("_", " ")
