"""Random playouts: a uniformly random legal action without listing them all (issue 42).

A search plays many random hands to their end; most of the time of such a playout went
into ``legal_actions``, and most of that into checks on actions that are then not
chosen: can the hand go out (for ``ask``), and ``apply`` run on the candidates that lay
the last cards. ``legal.candidates`` lists the same actions in the same order with
those checks left undone (a superset of the legal list, the unchecked entries marked);
``sample_action`` draws from it by rejection:

- draw a candidate uniformly; if it is checked, it is the answer;
- if not, ``is_legal`` judges it; refused, it leaves the pool and the draw starts again
  over what is left.

This is exactly a uniform draw from ``legal_actions(state)``: the answer is the first
legal entry of a uniformly random order of the candidates, and in a uniformly random
order every legal entry is equally likely to come first among the legal ones. The pool
shrinks at each refusal, so the draw ends after at most one look at each candidate.
``tests/engine/test_playout.py`` checks the distribution exactly (every path of the
draws enumerated, in small positions) and by a chi-square test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from .actions import ASK, DRAW, Action
from .errors import IllegalAction
from .legal import candidates, drafted, is_legal, pile_in_reach
from .play import apply, may_ask
from .rules import Rules
from .state import DRAW_PHASE, PLAY_PHASE, HandState, deal


def sample_action(state: HandState, below: Callable[[int], int]) -> Action:
    """A uniformly random action of ``legal_actions(state)`` (module docstring), drawn with
    ``below(n)``, a uniformly random whole number from 0 to n - 1. Raises
    :class:`IllegalAction` ``hand_over`` once the hand is over."""
    phase = state.phase
    if phase is PLAY_PHASE:
        acts, unsure = drafted(state, state.hands[state.turn], False)
    elif phase is DRAW_PHASE:
        hand = state.hands[state.turn]
        if state.stock and not pile_in_reach(state, hand):
            # The common draw phase: ``draw`` is the only candidate (``candidates`` would
            # say so with two lists built); drawn with ``below(1)`` all the same, so that a
            # seed plays the same hand either way.
            below(1)
            return DRAW
        acts, unsure = drafted(state, hand, True)
    else:
        acts, unsure = candidates(state)
    n = len(acts)
    if not n:
        raise IllegalAction("hand_over", "the hand is over")
    i = below(n)
    if i not in unsure or _accepted(state, acts[i]):
        return acts[i]
    # Refused: draw again over the others (rare: the common draw returns above).
    pool = [k for k in range(n) if k != i]
    doubtful = set(unsure)
    while pool:
        j = below(len(pool))
        k = pool[j]
        if k not in doubtful or _accepted(state, acts[k]):
            return acts[k]
        pool[j] = pool[-1]
        pool.pop()
    raise AssertionError("no legal action: legal_actions is never empty before the hand ends")


def _accepted(state: HandState, action: Action) -> bool:
    """``is_legal(state, action)``; for ``ask``, the same answer from ``may_ask``, without
    the refusal ``apply`` would build and raise (``ask`` is the unchecked candidate most
    often drawn and refused)."""
    if action is ASK:
        return may_ask(state)
    return is_legal(state, action)


def random_action(state: HandState, rng: random.Random) -> Action:
    """``sample_action`` drawing with ``rng.random()`` only (DESIGN.md convention 3: the
    same seed gives the same actions on every Python version)."""
    return sample_action(state, lambda n: int(rng.random() * n))


class HandPlayout(NamedTuple):
    """A random hand played to its end: its last state and how many actions it took."""

    final: HandState
    actions: int


def random_hand(rules: Rules, seed: int) -> HandPlayout:
    """Deal a hand from ``seed`` (the dealer drawn from the same generator, as
    ``canasta bench`` deals) and play uniformly random legal actions (``random_action``)
    until it ends."""
    rng = random.Random(seed)
    state = deal(rules, rng, int(rng.random() * rules.players))
    count = 0
    below = lambda n: int(rng.random() * n)  # noqa: E731 (one closure for the whole hand)
    while not state.over:
        state = apply(state, sample_action(state, below))
        count += 1
    return HandPlayout(state, count)
