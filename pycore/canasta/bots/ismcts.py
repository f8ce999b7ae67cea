"""``expert-tree``: the expert's search planning the seat's own next turns (issue 42).

The expert (:mod:`~.expert`) plays each candidate out with the level-3 policy at every
seat, its own included: it assumes the seat's later decisions are level 3's. This bot
searches those too, by single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse 2012, "SO-ISMCTS") over the expert's determinizations:

1. **Samples** come from the expert's :class:`~.belief.Sampler` (the seat's view alone:
   the same honesty). The root's candidates are the expert's (:func:`~.expert.candidates`:
   level 3's choice, its close alternatives, its vetoes kept).
2. **The tree's nodes are the seat's own decisions** after the root, up to ``turns`` of
   its later turns (0: the rest of the current turn only). A node is keyed by the seat's
   own actions since the root ("open loop"): keyed also by the cards it drew, a node is
   met about once in a decision's budget (a card out of fifty-odd unseen), and learns
   nothing. Its candidates are those of the expert, worked out in the sample
   (:func:`~.expert.candidates_of`, at most ``inner``); they differ from sample to
   sample (the seat's hand differs), so each is chosen by UCB1 over the samples where it
   was offered (its *availability*, as SO-ISMCTS does), level 3's choice first. With
   ``widen`` a node offers one more candidate every ``widen`` visits (progressive
   widening): a node visited once plays level 3's choice, as the expert's playout does.
3. **Every other seat plays level 3** (:meth:`~.expert.ExpertBot.playout`'s policy,
   tie-breaking noise and weights), and so does the seat once out of the tree; the
   playout ends ``horizon`` actions after the root's, as the expert's (with ``extend``:
   after the seat's last decision in the tree), and is valued as the expert values it
   (:func:`~.expert.evaluate`: the fitted outlook where one exists). So the tree holds
   the seat's decisions within the horizon (at Classic 4 players, 10 actions: the rest
   of its turn and the start of its next), unless ``extend``.
4. **At the root**, ``root="paired"`` (the default) keeps the expert's race: each sample
   plays every candidate still in it on the same sample and playout seed (common random
   numbers), each down its own tree; level 3's choice stands unless an alternative beats
   it by ``MARGIN`` points and ``Z`` standard errors (:meth:`~.expert.ExpertBot._pick`).
   ``root="ucb"`` is plain IS-MCTS: the root is a node like the others (all its
   candidates always offered) and the most visited candidate is chosen, if it beats level
   3's choice by the same margin with the unpaired standard error; else level 3's.

The budget is the expert's (``rollouts`` playouts per decision, ``max_steps`` playout
actions, an optional ``time_limit``); deterministic from the seed, nothing reads the
global ``random``. Measured against the expert in docs/decisions.md#ismcts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..actions import Action
from ..errors import RulesError, echo
from ..legal import legal_actions
from ..play import apply
from ..state import HandState
from .base import rules_of
from .expert import MARGIN, Z, ExpertBot, Profile, _mean_se, candidates_of, evaluate, playout_facts
from .good import GoodBot


@dataclass(frozen=True)
class Tree:
    """The tree's settings (module docstring): the seat's later turns it covers, the
    UCB1 exploration constant in points of a hand, the widening step (0: every candidate
    at once), the root's rule (``"paired"`` or ``"ucb"``), the candidates per node
    below the root, and whether the playout's horizon is counted again from each decision
    in the tree (1) or, as the expert's, from the root (0)."""

    turns: int = 1
    c: float = 30.0
    widen: int = 8
    root: str = "paired"
    inner: int = 3
    extend: int = 0


#: The settings ``expert-tree`` plays.
DEFAULT = Tree()


def parse_tree(spec: str) -> Tree:
    """Settings from ``"turns=2,c=50"`` (a match's bot name ``expert-tree:turns=2,c=50``);
    raises ``unknown_bot`` on a name or value it does not know."""
    out = DEFAULT
    kinds = {f.name: type(getattr(DEFAULT, f.name)) for f in fields(Tree)}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        key, _, value = part.partition("=")
        kind = kinds.get(key.strip())
        try:
            if kind is None:
                raise ValueError(key)
            parsed = kind(value.strip())
        except ValueError:
            raise RulesError("unknown_bot", f"unknown expert-tree setting {echo(part)} (known: {', '.join(kinds)})",
                             name=echo(part)) from None
        out = replace(out, **{key.strip(): parsed})
    if out.root not in ("paired", "ucb"):
        raise RulesError("unknown_bot", f"expert-tree root {echo(out.root)}: paired or ucb", name=echo(out.root))
    return out


class _Node:
    """One decision of the seat in the tree: per candidate, its visits, summed value and
    availability (the visits of this node where it was offered)."""

    __slots__ = ("stats", "visits")

    def __init__(self) -> None:
        self.stats: dict[Action, list[float]] = {}
        self.visits = 0

    def select(self, cands: Sequence[Action], c: float, widen: int) -> Action:
        """UCB1 over the candidates offered (module docstring, 2): an untried one first,
        in their order (level 3's choice leads)."""
        offered = cands if widen <= 0 else cands[:1 + self.visits // widen]
        best: Action | None = None
        best_score = -math.inf
        for a in offered:
            s = self.stats.get(a)
            if s is None:
                s = self.stats[a] = [0.0, 0.0, 0.0]
            s[2] += 1
            if not s[0]:
                if best_score < math.inf:
                    best, best_score = a, math.inf
            elif best_score < math.inf:
                score = s[1] / s[0] + c * math.sqrt(math.log(s[2]) / s[0])
                if score > best_score:
                    best, best_score = a, score
        self.visits += 1
        assert best is not None
        return best

    def back(self, action: Action, value: float) -> None:
        s = self.stats[action]
        s[0] += 1
        s[1] += value


class IsmctsBot(ExpertBot):
    """The expert with a tree over the seat's own later decisions (module docstring)."""

    name = "expert-tree"

    def __init__(self, seed: int = 0, tree: Tree = DEFAULT, rollouts: int | None = None,
                 time_limit: float | None = None, max_steps: int | None = None, belief: bool = False) -> None:
        super().__init__(seed, rollouts=rollouts, time_limit=time_limit, max_steps=max_steps, belief=belief)
        self.tree = tree
        #: the trees of the current decision, by the seat's actions since the root.
        self.nodes: dict[tuple[Action, ...], _Node] = {}
        self.profile_now: Profile | None = None

    @classmethod
    def named(cls, seed: int, spec: str) -> IsmctsBot:
        """The bot a name's settings give (:func:`parse_tree`)."""
        return cls(seed, parse_tree(spec))

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        self.nodes = {}
        self.profile_now = self.settings(rules_of(view))[0]
        if self.tree.root == "ucb" and len(legal) > 1 and view["phase"] != "answer":
            return self._choose_ucb(view, legal)
        return super().choose(view, legal)

    def play_candidate(self, state: HandState, cands: list[Action], j: int, side: int, seed: int) -> float:
        """Candidate ``j`` played down its own tree (the paired root)."""
        return self.descend(state, (cands[j],), side, seed)

    def _choose_ucb(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Plain IS-MCTS at the root (module docstring, 4)."""
        start = time.perf_counter()
        choice, cands, p, max_steps = self._setup(view, legal)
        self.last = [(choice, 0.0)]
        if len(cands) == 1 or p.rollouts <= 0:
            return choice
        sampler = self._sampler(view)
        side = view["side"]
        root = _Node()
        values: dict[Action, list[float]] = {a: [] for a in cands}
        self.steps = 0
        for _ in range(p.rollouts):
            if self.steps >= max_steps or (self.time_limit is not None
                                           and time.perf_counter() - start > self.time_limit):
                break
            state = sampler.sample(self.rng)
            a = root.select(cands, self.tree.c, 0)
            v = self.descend(state, (a,), side, self._seed())
            root.back(a, v)
            values[a].append(v)
        top = max(cands, key=lambda a: (root.stats[a][0] if a in root.stats else 0.0, -cands.index(a)))
        base = values[choice]
        self.last = [(a, _mean_se(values[a])[0] - _mean_se(base)[0]) for a in cands]
        if top == choice or len(values[top]) < 2 or len(base) < 2:
            return choice
        gain = _mean_se(values[top])[0] - _mean_se(base)[0]
        se = math.sqrt(_mean_se(values[top])[1] ** 2 + _mean_se(base)[1] ** 2)
        return top if gain > MARGIN and gain > Z * se else choice

    def descend(self, state: HandState, path: tuple[Action, ...], side: int, seed: int) -> float:
        """Apply the root's action ``path[0]`` to the sample and play on: the seat's own
        decisions within the tree's turns by UCB1 over its candidates, every other
        decision by level 3 (module docstring, 2-3); back the value up the tree."""
        p = self.profile_now
        assert p is not None
        seat = state.turn
        state = apply(state, path[0])
        rng = random.Random(seed)
        bots: dict[int, GoodBot] = {}
        visited: list[tuple[_Node, Action]] = []
        turns = 0
        away = False  # another seat has played since the seat's last turn began
        since = 0  # actions since the root's (or with extend, the last decision in the tree)
        limit = self.limit
        steps = 0
        while not state.over and (limit is None or since < limit):
            legal = legal_actions(state)
            if not legal:
                break  # cannot happen in a consistent position; never loop on one
            mover = state.turn
            phase = state.phase.value
            began, away = turn_began(seat, mover, phase, away)
            turns += began
            if len(legal) == 1:
                action = legal[0]
            else:
                bot = bots.get(mover)
                if bot is None:
                    bot = bots[mover] = GoodBot(int(rng.random() * (1 << 53)), noise=self.noise,
                                                weights=self.weights)
                action = bot.decide(playout_facts(state, mover), phase, legal)
                if mover == seat and turns <= self.tree.turns and phase in ("draw", "play"):
                    f = playout_facts(state, seat)
                    bot.memory(f)
                    cands = candidates_of(f, phase, legal, action, bot, p.wild_lays, p.discards,
                                          p.takes)[:self.tree.inner]
                    if len(cands) > 1:
                        node = self.nodes.get(path)
                        if node is None:
                            node = self.nodes[path] = _Node()
                        action = node.select(cands, self.tree.c, self.tree.widen)
                        visited.append((node, action))
                        if self.tree.extend:
                            since = -1
                    path = (*path, action)
            state = apply(state, action)
            steps += 1
            since += 1
        self.steps += steps
        value = evaluate(state, side)
        for node, action in visited:
            node.back(action, value)
        return value


def turn_began(seat: int, mover: int, phase: str, away: bool) -> tuple[bool, bool]:
    """Whether ``seat``'s next turn begins at this action (another seat has played since
    its last one, ``away``), and ``away`` after it. An answer to "may I go out?" begins
    and ends no turn: the partner answering the seat's question, or the seat its
    partner's."""
    if phase == "answer":
        return False, away
    if mover != seat:
        return False, True
    return away, False


__all__ = ["DEFAULT", "IsmctsBot", "Tree", "parse_tree", "turn_began"]
