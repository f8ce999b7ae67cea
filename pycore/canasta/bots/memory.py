"""Card counting from a view: what a seat has seen this hand (DESIGN.md "Bots", level 3).

A view from :meth:`canasta.game.Game.view` carries the hand's public course: the pile as
dealt (``dealt_discard``) and every action so far in notation (``actions``; a draw names
no card). Replaying it tells, with no hidden card:

- **known cards**: per seat, the cards it took with the pile (less the bonus threes,
  which are laid) and the wild card a swap gave back, minus what it has melded or
  discarded since: cards certainly in that hand now;
- **discarded**: per seat, the kinds it discarded this hand (it did not want them);
- **passed**: per seat, the top-card kinds it drew over instead of taking the pile (it
  probably holds no natural pair of them); **passed_melded**: those it drew over once its
  side had melded, when a natural pair of the top card's rank takes the pile frozen or
  not (RULES.md "Taking the discard pile"): the stronger evidence, since before its
  side's first meld a pair alone may fall short of the initial minimum;
- **seen**: every card face up now or known in a hand (own hand, melds, pile, threes,
  known cards), so ``unseen(kind)`` counts the copies still hidden somewhere.

A view without ``actions`` (a bare :func:`canasta.views.view`) gives empty memories: the
counting then rests on the table alone. Unknown action words (a later variant's) are
skipped; the seat order still follows the turn (a discard passes it, ``ask`` hands it to
the partner, the answer gives it back).
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, Take, parse_action, seat_after
from ..cards import Card, card
from ..errors import CanastaError
from ..rules import Rules

Counts = dict[str, int]
CardCounts = dict[Card, int]


def _dec(counts: CardCounts, c: Card) -> None:
    n = counts.get(c, 0)
    if n == 1:
        del counts[c]
    elif n > 1:
        counts[c] = n - 1


class Memory:
    """What one seat knows of the hand's course (module docstring)."""

    @classmethod
    def blank(cls, players: int) -> Memory:
        """The memory of a view without the hand's course (a search's playout): no replay
        and no recount (``seen`` stays empty; the reader counts the table itself)."""
        m = cls.__new__(cls)
        m._blank(players)
        return m

    def _blank(self, n: int) -> None:
        self.players = n
        #: per seat, the exact cards (suits included: they were seen) it certainly holds.
        self.known: list[CardCounts] = [{} for _ in range(n)]
        self.discarded: list[set[str]] = [set() for _ in range(n)]
        self.passed: list[set[str]] = [set() for _ in range(n)]
        self.passed_melded: list[set[str]] = [set() for _ in range(n)]
        self.takes = [0] * n
        self.kinds: list[Counts] = [{} for _ in range(n)]
        self.seen: Counts = {}

    def __init__(self, view: dict[str, Any], rules: Rules) -> None:
        self._blank(view["players"])
        actions = view.get("actions")
        if actions:
            self._replay(view, rules, actions)
        me = view["seat"]
        self.known[me] = {}
        seen: Counts = {}
        for t in view["hand"]:
            k = card(t).kind
            seen[k] = seen.get(k, 0) + 1
        for ms in view["melds"]:
            for m in ms:
                for t in m:
                    k = card(t).kind
                    seen[k] = seen.get(k, 0) + 1
        for group in (view["discard"], *view["red_threes"]):
            for t in group:
                k = card(t).kind
                seen[k] = seen.get(k, 0) + 1
        self.kinds = []
        for counts in self.known:
            kinds: Counts = {}
            for c, x in counts.items():
                kinds[c.kind] = kinds.get(c.kind, 0) + x
                seen[c.kind] = seen.get(c.kind, 0) + x
            self.kinds.append(kinds)
        self.seen = seen

    def _replay(self, view: dict[str, Any], rules: Rules, actions: list[str]) -> None:
        n, sides = view["players"], view["sides"]
        bonus = rules.bonus_threes
        pile: list[Card] = [card(t) for t in view.get("dealt_discard", ())]
        seat = (view["dealer"] + 1) % n
        asker = -1
        # Sides seen to meld in the replay (a take of the pile lays the top card too).
        melded = [False] * sides
        for text in actions:
            try:
                a: Action | None = parse_action(text)
            except CanastaError:
                a = None
            known = self.known[seat]
            if isinstance(a, Draw):
                if pile and pile[-1].natural:
                    self.passed[seat].add(pile[-1].kind)
                    if melded[seat % sides]:
                        self.passed_melded[seat].add(pile[-1].kind)
            elif isinstance(a, Take):
                self.takes[seat] += 1
                melded[seat % sides] = True
                for c in pile[:-1]:
                    if c.kind not in bonus:
                        known[c] = known.get(c, 0) + 1
                for c in a.cards:
                    _dec(known, c)
                for g in a.extra:
                    for c in g:
                        _dec(known, c)
                pile = []
            elif isinstance(a, (Meld, Add)):
                melded[seat % sides] = True
                for c in (x for g in a.melds for x in g) if isinstance(a, Meld) else a.cards:
                    _dec(known, c)
            elif isinstance(a, Discard):
                _dec(known, a.card)
                self.discarded[seat].add(a.card.kind)
                pile.append(a.card)
            elif a is not None and not isinstance(a, (Ask, Answer)):
                # A swap (Samba): a natural from hand into a group, its wild card to the hand.
                given = getattr(a, "card", None)
                back = getattr(a, "wild", None)
                if isinstance(given, Card) and isinstance(back, Card):
                    _dec(known, given)
                    known[back] = known.get(back, 0) + 1
            seat, asker = seat_after(text, seat, asker, n, sides)

    def unseen(self, kind: str, copies: int) -> int:
        """Copies of ``kind`` not seen anywhere (of ``copies`` in the decks)."""
        return max(copies - self.seen.get(kind, 0), 0)

    def holds(self, seat: int, kind: str) -> int:
        """How many cards of ``kind`` ``seat`` certainly holds."""
        return self.kinds[seat].get(kind, 0)

    def known_cards(self, seat: int) -> int:
        return sum(self.known[seat].values())
