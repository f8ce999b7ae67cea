"""Seeded random play for the engine tests (not a test module: no ``test_`` prefix).

``random_state(players, seed, steps)`` deals a Classic hand from ``seed`` and plays up to
``steps`` uniformly random legal actions, using only the public engine API
(``state.deal``, ``legal.legal_actions``, ``play.apply``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from canasta import variants
from canasta.bots.base import Bot
from canasta.game import Game
from canasta.legal import legal_actions
from canasta.play import apply
from canasta.rules import Rules
from canasta.state import HandState, deal

PLAYER_COUNTS = (2, 3, 4, 6)


def random_states(rules: Rules, seed: int, steps: int) -> Iterator[HandState]:
    """The deal and every state after it, for up to ``steps`` random legal actions."""
    rng = random.Random(seed)
    state = deal(rules, rng, dealer=int(rng.random() * rules.players))
    yield state
    for _ in range(steps):
        if state.over:
            return
        legal = legal_actions(state)
        state = apply(state, legal[int(rng.random() * len(legal))])
        yield state


def random_state(players: int, seed: int, steps: int, rules: Rules | None = None) -> HandState:
    """The state after up to ``steps`` random legal actions (fewer if the hand ends)."""
    r = rules if rules is not None else variants.get("classic", players)
    state = None
    for state in random_states(r, seed, steps):
        pass
    assert state is not None
    return state


def play_hand_with_bots(game: Game, bots: Sequence[Bot], max_steps: int = 3000) -> None:
    """Play the game's current hand to its end, each seat's bot choosing from the legal
    list (every choice must be listed)."""
    steps = 0
    while not game.state.over and steps < max_steps:
        seat = game.state.turn
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal
        game.apply(action)
        steps += 1
    assert game.state.over
