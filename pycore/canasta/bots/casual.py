"""Level 2, ``casual``: the rule-based player of :mod:`canasta.bots.basic` plus two
habits of a careful club player (DESIGN.md "Bots", issue 5):

- **freezes the pile when behind**: with a wild card to spare, a big unfrozen pile and
  its side behind (in the game, or on the table this hand), it discards a wild card,
  where the rules make a discarded wild card freeze the pile (``freezing_kinds``) and
  allow discarding it (the legal list says so);
- **the risk of a pile**: when an opponent may go out soon (its side has the canastas to
  go out and one of its players holds few cards), the cards of a big pile are likely
  stuck in hand at the end: the pile is worth less.

Everything else is :class:`~canasta.bots.basic.BasicBot`: values the pile before taking
it, meets the initial meld, keeps wild cards for canastas, discards safely, answers "may I
go out?" from its own hand's points, with a little noise.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Take
from ..cards import Card
from .basic import BasicBot, _Facts


def behind(f: _Facts) -> bool:
    """The seat's side trails: in the game's scores, or (level at that) on the table."""
    side = f.side
    scores = f.scores
    if len(scores) > max(side, 1):
        mine = scores[side]
        best = max(s for i, s in enumerate(scores) if i != side)
        if mine != best:
            return bool(mine < best)
    table = [sum(len(m.cards) for m in ms) + 7 * n for ms, n in zip(f.melds, f.canastas)]
    return len(table) > 1 and bool(table[side] < max(t for i, t in enumerate(table) if i != side))


def out_threat(f: _Facts) -> bool:
    """An opponent may go out within a round: its side has the canastas, it holds few cards."""
    need = f.rules.canastas_to_go_out
    for s in range(f.players):
        side = s % f.sides
        if side != f.side and f.canastas[side] >= need and f.hand_counts[s] <= 4:
            return True
    return False


class CasualBot(BasicBot):
    """BasicBot with the freeze and the pile's risk (module docstring)."""

    name = "casual"
    #: least pile size for freezing it with a wild card.
    freeze_pile: int = 7
    #: the share of a pile's points counted against taking it when an opponent may go out.
    out_risk: float = 0.5

    def __init__(self, seed: int = 0, noise: float = 1.0) -> None:
        super().__init__(seed, noise)
        self._behind = False

    def decide(self, f: _Facts, phase: str, legal: Sequence[Action]) -> Action:
        self._behind = behind(f)
        return super().decide(f, phase, legal)

    def _take_score(self, f: _Facts, take: Take) -> float:
        score = super()._take_score(f, take)
        if out_threat(f) and len(f.discard) > 3:
            pile = f.value(f.discard[:-1])
            score -= self.out_risk * pile
        return score

    def _freeze_ok(self, f: _Facts, c: Card) -> bool:
        r = f.rules
        if not c.wild or c.kind not in r.freezing_kinds or r.pile_always_frozen:
            return False
        if f.frozen_for[f.next_side] or len(f.discard) < self.freeze_pile:
            return False
        wilds = sum(n for k, n in f.counts.items() if k in ("2", "JK"))
        return self._behind and wilds >= 2 and len(f.hand) >= 4

    def _discard_score(self, f: _Facts, c: Card) -> float:
        if self._freeze_ok(f, c):
            # Cheaper wild first (a 2 before a joker); worth more the bigger the pile.
            return 40.0 + 4.0 * len(f.discard) - f.rules.value(c.kind) / 10
        return super()._discard_score(f, c)

