"""A rule-based player (DESIGN.md "Bots", level 2): plain Canasta habits, no search.

It reads only its seat's view (and the table's rules, which are public) and picks one
of the legal actions it is given:

- **draw phase**: takes the pile when it pays (the cards it brings, an opening it makes,
  the wild cards it costs), always with a natural pair when the pile is big; else draws.
- **play phase**: goes out when the side may and the hand can be emptied (asking the
  partner first where there is one); makes the initial meld with the listed minimal
  opening that uses the fewest wild cards and breaks the fewest pairs; melds natural
  groups of 3+ and adds naturals to the side's melds; spends wild cards to complete
  canastas (never past the rules' limit); melds down when the hand may end soon.
- **discard**: black 3s first (they block the next player), then singletons of ranks
  the next opponent cannot use (dead ranks, ranks it discarded), never a card that
  goes onto the next opponent's melds while the pile is open to it, never a wild card
  unless nothing else is left; pairs are kept.
- **answer**: "yes" when its own hand holds few points, "no" when it holds many.

A little noise from its own generator breaks ties. Every decision is a few scans of the
hand and the legal list (well under a millisecond typically).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property
from typing import Any, TypeVar

from ..actions import ASK, NO, PASS, YES, Action, Add, Answer, Discard, Draw, Meld, Pass, Take
from ..cards import SEQUENCE_ORDER, Card, card, remove_cards
from ..errors import CanastaError
from ..goout import can_go_out
from ..melds import GROUP, SEQUENCE, WILD, TableMeld, grow, new_meld
from ..placement import closed_ranks, open_group
from ..rules import Rules
from .base import rules_of

Cards = tuple[Card, ...]

#: A partner answers "yes" to "may I go out?" when its hand counts at most this.
YES_MAX_POINTS = 50
#: A pile of this many cards is always taken with a natural pair.
BIG_PILE = 5
#: Least score for taking the pile rather than drawing.
TAKE_THRESHOLD = 20.0
#: Value of one wild card kept in hand, in the pile-taking balance.
WILD_COST = 40.0


class _Facts:
    """The public facts of one view that the decisions read, parsed once per call."""

    def __init__(self, view: dict[str, Any]) -> None:
        r = rules_of(view)
        self._fill(r, view["seat"], view["players"], view["sides"], tuple(card(t) for t in view["hand"]),
                   [tuple(_parsed_meld(r, tuple(m)) for m in ms) for ms in view["melds"]],
                   tuple(card(t) for t in view["discard"]), view["pile_frozen_for_side"], view["hand_counts"],
                   view["stock_size"], view.get("permission", ""), view["canastas"],
                   view.get("game_scores") or view.get("scores") or [])

    @classmethod
    def of(cls, rules: Rules, seat: int, hand: Cards, melds: list[tuple[TableMeld, ...]], discard: Cards,
           frozen_for: list[bool], hand_counts: list[int], stock_size: int, permission: str,
           canastas: list[int], scores: list[int]) -> _Facts:
        """The same facts from parsed parts (a search's playout has them without a view:
        writing its positions out as text and parsing them back cost a quarter of it)."""
        f = cls.__new__(cls)
        f._fill(rules, seat, rules.players, rules.sides, hand, melds, discard, frozen_for, hand_counts, stock_size,
                permission, canastas, scores)
        return f

    def _fill(self, r: Rules, seat: int, players: int, sides: int, hand: Cards, melds: list[tuple[TableMeld, ...]],
              discard: Cards, frozen_for: list[bool], hand_counts: list[int], stock_size: int, permission: str,
              canastas: list[int], scores: list[int]) -> None:
        self.rules = r
        self.seat = seat
        self.players = players
        self.sides = sides
        self.side = seat % sides
        self.hand = hand
        counts: dict[str, int] = {}
        for c in self.hand:
            counts[c.kind] = counts.get(c.kind, 0) + 1
        self.counts = counts
        self.melds = melds
        #: the scores the side may trail in (the game's, else this hand's so far).
        self.scores = scores
        self.mine = self.melds[self.side]
        self.opened = bool(self.mine)
        #: ranks whose unfinished natural group costs points at the end (RULES.md 3: 7s, Aces).
        self.risky = {rank for rank, _ in r.unfinished_group_penalty}
        self.discard = discard
        self.frozen_for = frozen_for
        self.hand_counts = hand_counts
        self.stock_size = stock_size
        self.permission = permission
        self.canastas = canastas
        self.next_seat = (self.seat + 1) % self.players
        self.next_side = self.next_seat % self.sides

    # The facts below are worked out when first read: most decisions read few of them, and
    # a search's playouts build these facts at every step.
    @cached_property
    def next_ranks(self) -> set[str]:
        return {m.rank for m in self.melds[self.next_side] if m.kind is GROUP}

    @cached_property
    def next_extends(self) -> set[tuple[str, int]]:
        """Cards that extend one of the next side's unfinished sequences (the pile goes with them)."""
        return {(m.suit, p) for m in self.melds[self.next_side]
                if m.kind is SEQUENCE and m.size < self.rules.sequence_max for p in (m.low - 1, m.high + 1)}

    @cached_property
    def places(self) -> set[tuple[str, int]]:
        """The hand's natural cards by suit and sequence position (to keep runs together)."""
        return {(c.suit, SEQUENCE_ORDER[c.rank]) for c in self.hand if c.natural}

    @cached_property
    def seen(self) -> dict[str, int]:
        """Every card face up: the own hand, the melds, the pile (a counting memory may
        set a better count)."""
        seen: dict[str, int] = dict(self.counts)
        for ms in self.melds:
            for m in ms:
                for c in m.cards:
                    seen[c.kind] = seen.get(c.kind, 0) + 1
        for c in self.discard:
            seen[c.kind] = seen.get(c.kind, 0) + 1
        return seen

    @cached_property
    def next_discarded(self) -> set[str]:
        """The pile, top down, was discarded by the previous seats in turn (the bottom cards
        may be the upcard: a harmless misreading). The next seat discarded every n-th."""
        n = self.players
        return {self.discard[-k].kind for k in range(n - 1, len(self.discard) + 1, n) if k > 0}

    @cached_property
    def closed(self) -> frozenset[str]:
        return closed_ranks(self.rules, self.melds)

    def copies(self, kind: str) -> int:
        r = self.rules
        if kind == "JK":
            return r.joker_copies
        if kind in ("R3", "B3"):
            return 2 * r.card_copies
        return 4 * r.card_copies

    def unseen(self, kind: str) -> int:
        return self.copies(kind) - self.seen.get(kind, 0)

    def value(self, cards: Cards) -> int:
        v = self.rules.value
        return sum(v(c.kind) for c in cards)

    def meld_index(self, target: str) -> int:
        if target.startswith("#"):
            return int(target[1:])
        return open_group(self.rules, self.mine, target)

    def end_near(self) -> bool:
        """The hand may end soon: meld down to cut the cards left in hand."""
        r = self.rules
        if self.stock_size <= r.draw_count * self.players:
            return True
        for s in range(self.players):
            side = s % self.sides
            if side != self.side and self.hand_counts[s] <= 3 and self.canastas[side] >= r.canastas_to_go_out:
                return True
        return False


_MELDS: dict[tuple[int, tuple[str, ...]], tuple[Rules, TableMeld]] = {}


def _parsed_meld(rules: Rules, texts: tuple[str, ...]) -> TableMeld:
    """:func:`_meld`, remembered: search bots read the same melds thousands of times.
    (Keyed by the rules' identity, checked: hashing a Rules value is slow.)"""
    key = (id(rules), texts)
    found = _MELDS.get(key)
    if found is None or found[0] is not rules:
        if len(_MELDS) > 20000:
            _MELDS.clear()
        found = _MELDS[key] = (rules, _meld(rules, list(texts)))
    return found[1]


def _meld(rules: Rules, texts: list[str]) -> TableMeld:
    cards = tuple(card(t) for t in texts)
    try:
        return new_meld(rules, cards)
    except CanastaError:
        # A meld the rules would not start this way (it cannot be: the view comes from a
        # legal state); count its cards anyway.
        wild = sum(1 for c in cards if c.wild)
        rank = next((c.rank for c in cards if not c.wild), "")
        return TableMeld(GROUP, rank, cards, len(cards) - wild, wild)


def _cards_of(action: Action) -> Cards:
    if isinstance(action, Meld):
        return tuple(c for g in action.melds for c in g)
    if isinstance(action, Add):
        return action.cards
    if isinstance(action, Take):
        return action.cards + tuple(c for g in action.extra for c in g)
    if isinstance(action, Discard):
        return (action.card,)
    return ()


_A = TypeVar("_A")


def ranked(scored: list[tuple[float, _A]]) -> list[tuple[float, _A]]:
    """Scored actions best first; equal scores keep their order (the legal list's)."""
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i] for i in order]


class BasicBot:
    """The rule-based bot; ``noise`` scales the random tie-breaking."""

    name = "basic"
    #: the module's constants, as attributes a tuned subclass may change (bots.good).
    yes_max_points: float = YES_MAX_POINTS
    big_pile: int = BIG_PILE
    take_threshold: float = TAKE_THRESHOLD
    wild_cost: float = WILD_COST
    #: least wild cards a new wild-card meld is started with, where an unfinished one
    #: costs nothing (Bolivia, RULES.md 5).
    wild_meld_start: int = 4

    def __init__(self, seed: int = 0, noise: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def _jitter(self, scale: float = 1.0) -> float:
        return self.rng.random() * scale * self.noise

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self.decide(_Facts(view), view["phase"], legal)

    def decide(self, f: _Facts, phase: str, legal: Sequence[Action]) -> Action:
        """The choice from the view's facts (``choose`` without the view: a search's playouts)."""
        if phase == "answer":
            return self._answer(f, legal)
        if phase == "draw":
            return self._draw(f, legal)
        return self._play(f, legal)

    # ----------------------------------------------------------- answer
    def _answer(self, f: _Facts, legal: Sequence[Action]) -> Action:
        points = f.value(f.hand)
        want: Answer = YES if points <= self.yes_max_points else NO
        return want if any(a == want for a in legal) else legal[0]

    # ----------------------------------------------------------- draw
    def _draw(self, f: _Facts, legal: Sequence[Action]) -> Action:
        plain: Action | None = None
        best: Action | None = None
        best_score = float("-inf")
        for a in legal:
            if isinstance(a, (Draw, Pass)):
                plain = a
            elif isinstance(a, Take):
                s = self._take_score(f, a)
                if s > best_score:
                    best, best_score = a, s
        if best is None:
            return plain if plain is not None else legal[0]
        if plain is None:
            return best
        threshold = 0.0 if plain == PASS else self.take_threshold
        return best if best_score >= threshold else plain

    def _take_score(self, f: _Facts, take: Take) -> float:
        pile = f.discard
        top = pile[-1]
        used = _cards_of(take)
        wilds = sum(1 for c in used if c.wild)
        pair = sum(1 for c in take.cards if c.rank == top.rank) >= 2
        my_ranks = {m.rank for m in f.mine}
        v = f.rules.value
        score = 15.0  # the top card itself, chosen rather than drawn blind
        for c in pile[:-1]:
            score += 8.0 + v(c.kind) / 2
            if c.wild:
                score += 20.0
            elif c.natural and (c.rank in my_ranks or f.counts.get(c.kind, 0) >= 1):
                score += 6.0  # it joins a meld or makes a pair
        score -= self.wild_cost * wilds
        if not f.opened:
            score += 40.0  # the initial meld is made, the pile opens to the side
        if pair and len(pile) >= self.big_pile:
            score += 1000.0
        # Prefer keeping the hand's cards: the same pile for fewer of them.
        score -= 0.5 * len(used)
        return score + self._jitter()

    # ----------------------------------------------------------- play
    def _play(self, f: _Facts, legal: Sequence[Action]) -> Action:
        melds: list[Meld] = []
        adds: list[Add] = []
        discards: list[Discard] = []
        ask = False
        for a in legal:
            if isinstance(a, Meld):
                melds.append(a)
            elif isinstance(a, Add):
                adds.append(a)
            elif isinstance(a, Discard):
                discards.append(a)
            elif a == ASK:
                ask = True
        lays: list[Meld | Add] = [*melds, *adds]
        if f.permission == "yes":
            # Every listed action keeps going out possible: lay the most cards, then discard.
            step = self._out_step(f, lays, discards, check=False)
            return step if step is not None else legal[0]
        r = f.rules
        if f.permission != "no" and f.opened and can_go_out(r, f.hand, f.mine, meld_out=not r.go_out_with_discard,
                                                            closed=f.closed):
            if ask:
                return ASK
            step = self._out_step(f, lays, discards, check=True)
            if step is not None:
                return step
        if not f.opened:
            if melds:
                opening = self._opening(f, melds)
                if opening is not None:
                    return opening
        else:
            step = self._meld_step(f, melds, adds)
            if step is not None:
                return step
        if discards:
            return self._discard(f, discards)
        return legal[0]

    def _after(self, f: _Facts, action: Meld | Add) -> tuple[TableMeld, ...] | None:
        """The side's melds after ``action`` (None if it could not be worked out)."""
        r = f.rules
        melds = list(f.mine)
        try:
            if isinstance(action, Meld):
                melds.extend(new_meld(r, g) for g in action.melds)
            else:
                i = f.meld_index(action.target)
                if not 0 <= i < len(melds):
                    return None
                melds[i] = grow(r, melds[i], action.cards)
        except CanastaError:
            return None
        return tuple(melds)

    def _out_step(self, f: _Facts, lays: list[Meld | Add], discards: list[Discard], check: bool) -> Action | None:
        """One step of going out: the lay that uses the most cards and keeps the way out
        open (``check``: test it here; otherwise the legal list already did), or the
        final discard."""
        if len(f.hand) == 1 and discards:
            return discards[0]
        best: Action | None = None
        best_score = float("-inf")
        for a in lays:
            score = self._out_score(f, a, check)
            if score is not None and score > best_score:
                best, best_score = a, score
        if best is None and len(f.hand) == 1 and discards:
            return discards[0]
        return best

    def _out_score(self, f: _Facts, a: Meld | Add, check: bool) -> float | None:
        """How good the lay ``a`` is as a step of going out (:meth:`_out_step`): 10 a card
        laid, 50 a canasta completed, 1000 for the hand emptied, and a tie-breaking
        jitter; None where it cannot be worked out, or (``check``) where it closes the
        way out."""
        r = f.rules
        used = _cards_of(a)
        rest = remove_cards(f.hand, used)
        if rest is None:
            return None
        after = self._after(f, a)
        if after is None:
            return None
        if check and rest and not can_go_out(r, rest, after, meld_out=not r.go_out_with_discard, closed=f.closed):
            return None
        size = r.canasta_size
        completes = sum(1 for m in after if m.size >= size) - sum(1 for m in f.mine if m.size >= size)
        return 10.0 * len(used) + 50.0 * completes + (1000.0 if not rest else 0.0) + self._jitter()

    def out_ranking(self, f: _Facts, lays: Sequence[Meld | Add]) -> list[Meld | Add]:
        """``lays`` as :meth:`_out_step` ranks them without ``check``, best first (equal
        scores in their order): after a partner's "yes" the first of them that is legal
        is the step level 3 takes from the legal list, by the same law (each lay's jitter
        drawn alike), which a search's playout finds without listing every legal action
        (``expert.going_out_step``)."""
        scored = [(score, a) for a in lays if (score := self._out_score(f, a, False)) is not None]
        return [a for _, a in ranked(scored)]

    def _opening(self, f: _Facts, melds: list[Meld]) -> Meld | None:
        """The listed minimal opening with the fewest wild cards, then the fewest pairs
        spent (a pair with wild cards), then the fewest cards (None: not yet, in a
        subclass that may wait)."""
        best = melds[0]
        best_score = float("-inf")
        for m in melds:
            score = self._opening_score(f, m)
            if score > best_score:
                best, best_score = m, score
        return best

    def _opening_score(self, f: _Facts, m: Meld) -> float:
        """How good the opening ``m`` is (higher is better; :meth:`_opening`)."""
        wilds = 0
        pairs = 0
        for g in m.melds:
            w = sum(1 for c in g if c.wild)
            wilds += w
            if w and len(g) - w == 2:
                pairs += 1
        n = sum(len(g) for g in m.melds)
        score = -100.0 * wilds - 30.0 * pairs - 2.0 * n + self._jitter()
        for g in m.melds:
            nat = [c for c in g if not c.wild]
            if not nat and len(g) < f.rules.canasta_size:
                score -= 300.0  # an unfinished wild-card meld costs 2000 if it stays so
            elif nat and nat[0].rank in f.risky and len(g) < f.rules.canasta_size:
                score -= 200.0  # an unfinished group of 7s or Aces costs 2500
        if m.melds and all(not c.wild for g in m.melds for c in g):
            score += 50.0
        return score

    def _risky_group_ok(self, f: _Facts, group: Cards) -> bool:
        """May ``group``, a new group of a rank penalised when unfinished (RULES.md 3: 7s,
        Aces), be laid now? Level 2: from 5 cards."""
        return len(group) >= 5

    def _meld_step(self, f: _Facts, melds: list[Meld], adds: list[Add]) -> Action | None:
        """Natural groups, naturals onto the side's melds, wild cards to complete canastas;
        everything that lowers the hand's count when the hand may end soon."""
        r = f.rules
        size = r.canasta_size
        dump = f.end_near()
        best: Action | None = None
        best_score = 0.0
        for m in melds:
            if len(m.melds) != 1:
                continue
            g = m.melds[0]
            w = sum(1 for c in g if c.wild)
            nat = len(g) - w
            if nat == 0 and len(g) < size:
                if r.unfinished_wild_meld_penalty or len(g) < self.wild_meld_start:
                    continue  # a wild-card meld only whole where unfinished it costs (RULES.md 3)
                # Bolivia (RULES.md 5): an unfinished one costs nothing and the wild cards
                # added to it make a bolivia (2500): start one with ``wild_meld_start``
                # or more.
                score = 15.0 + w + self._jitter()
                if score > best_score:
                    best, best_score = m, score
                continue
            if nat and g[0].rank in f.risky and not self._risky_group_ok(f, g):
                continue  # 7s and Aces only when a canasta is near: unfinished they cost
            if w == 0:
                score = 10.0 + nat
            elif len(g) >= size:
                score = 40.0 + nat - 5.0 * w  # a canasta at once
            elif dump:
                score = 5.0 + f.value(g) / 10
            else:
                continue
            score += self._jitter()
            if score > best_score:
                best, best_score = m, score
        for a in adds:
            i = f.meld_index(a.target)
            if not 0 <= i < len(f.mine):
                continue
            meld = f.mine[i]
            w = sum(1 for c in a.cards if c.wild)
            nat = len(a.cards) - w
            before = meld.size
            after = before + len(a.cards)
            completes = before < size <= after
            if meld.kind is WILD:
                score = 25.0 + w + (30.0 if completes else 0.0)  # filling it frees the wild cards
            elif w == 0:
                score = 20.0 + nat + (30.0 if completes else 0.0)
            elif completes:
                # Wild cards only to finish a canasta, as few as will do it.
                score = 30.0 + nat - 5.0 * w
            elif dump:
                score = 5.0 + f.value(a.cards) / 10
            else:
                continue
            score += self._jitter()
            if score > best_score:
                best, best_score = a, score
        return best

    # ----------------------------------------------------------- discard
    def _discard(self, f: _Facts, discards: list[Discard]) -> Discard:
        best = discards[0]
        best_score = float("-inf")
        for d in discards:
            s = self._discard_score(f, d.card) + self._jitter(3.0)
            if s > best_score:
                best, best_score = d, s
        return best

    def _unseen_danger(self, f: _Facts, kind: str, unseen: int, pile: int, frozen: bool) -> float:
        """What discarding a natural ``kind`` risks when two or more of its copies are
        unseen, so that the next opponent may hold a pair and take the pile with it
        (RULES.md 2): a flat amount growing with the pile, higher where the pile is open
        (a natural and a wild card take it too)."""
        return (2.0 + 1.5 * pile) * (1.0 if frozen else 1.5)

    def _discard_score(self, f: _Facts, c: Card) -> float:
        """How good a discard ``c`` is (higher is better)."""
        if c.kind == "B3":
            return 100.0  # blocks the next player
        if c.wild:
            return -1000.0 - f.rules.value(c.kind)
        if not c.natural:
            return -500.0
        k = c.kind
        n = f.counts.get(k, 0)
        score = 30.0 if n == 1 else (-25.0 if n == 2 else -45.0)
        if any(m.rank == k for m in f.mine):
            score -= 30.0
        if f.rules.sequences:
            # Keep cards that build sequences (samba bonus): neighbours of the same suit in hand.
            p = SEQUENCE_ORDER[k]
            near = sum(1 for d in (-2, -1, 1, 2) if (c.suit, p + d) in f.places)
            score -= 12.0 * near
            if (c.suit, p) in f.next_extends and not f.frozen_for[f.next_side]:
                score -= 60.0 + 6.0 * (len(f.discard) + 1)
        frozen = f.frozen_for[f.next_side]
        pile = len(f.discard) + 1
        unseen = f.unseen(k)
        if k in f.next_ranks and not frozen:
            # The next opponent takes the pile with this card alone.
            score -= 60.0 + 6.0 * pile
        elif unseen >= 2:
            score -= self._unseen_danger(f, k, unseen, pile, frozen)
        elif unseen == 1 and not frozen:
            score -= 1.0 + 0.5 * pile  # one natural and a wild card could take it
        else:
            score += 20.0  # a dead rank: nobody can pair it
        if k in f.next_discarded:
            score += 12.0
        # Late in the hand shed points; early, keep the high cards for melds.
        v = f.rules.value(k)
        score += v / 5 if f.end_near() else -v / 20
        return score
