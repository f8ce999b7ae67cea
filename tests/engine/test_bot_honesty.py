"""Bots decide from their seat's view alone (issue 5 "Honesty").

For many decision points of seeded games, the cards the deciding seat cannot see (the
other hands and the stock) are dealt again in several ways consistent with its view:
each other hand keeps its size and the cards the seat saw it take with the pile (and
not play since), the bonus threes keep their places in the stock (a hand never holds
one). The view is checked to be the same, and every level, with the same seed, must
make the same decision. The counting memory is checked against the truth as well:
every card it says a seat holds, the seat holds.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from canasta import variants
from canasta.actions import Action, Add, Discard, Meld, Take
from canasta.bots import get_bot
from canasta.bots.base import rules_of
from canasta.bots.expert import ExpertBot
from canasta.bots.memory import Memory
from canasta.cards import Card, sort_cards
from canasta.game import Game
from canasta.legal import legal_actions
from canasta.state import HandState, shuffle
from canasta.views import view

LEVELS = ("beginner", "casual", "good")


def redeal(state: HandState, seat: int, known: list[Counter[Card]], rng: random.Random) -> HandState:
    """The hidden cards dealt again, consistent with ``seat``'s view (module docstring)."""
    bonus = state.rules.bonus_threes
    hidden: list[Card] = []
    for s, h in enumerate(state.hands):
        if s != seat:
            hidden.extend((Counter(h) - known[s]).elements())
    hidden.extend(c for c in state.stock if c.kind not in bonus)
    it = iter(shuffle(tuple(sort_cards(hidden)), rng))
    hands = []
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            kept = list(known[s].elements())
            hands.append(sort_cards(kept + [next(it) for _ in range(len(h) - len(kept))]))
    stock = tuple(c if c.kind in bonus else next(it) for c in state.stock)
    return state.with_(hands=tuple(hands), stock=stock)


def track(known: list[Counter[Card]], state: HandState, action: Action) -> None:
    """The cards each seat is seen to take with the pile, less what it plays after."""
    seat = state.turn
    if isinstance(action, Take):
        known[seat].update(c for c in state.discard[:-1] if c.kind not in state.rules.bonus_threes)
        known[seat].subtract(action.cards + tuple(c for g in action.extra for c in g))
    elif isinstance(action, Meld):
        known[seat].subtract(c for g in action.melds for c in g)
    elif isinstance(action, Add):
        known[seat].subtract(action.cards)
    elif isinstance(action, Discard):
        known[seat].subtract([action.card])
    known[seat] = +known[seat]  # drop the counts at zero or below


Point = tuple[HandState, dict[str, Any], tuple[Action, ...], list[Counter[Card]]]


def decision_points(variant: str, players: int | None, seed: int, every: int) -> list[Point]:
    """Every ``every``-th decision with a choice of one seeded hand played by ``good``:
    (the state, the seat's view, the legal actions, the cards known in each hand)."""
    rules = variants.get(variant, players)
    game = Game(rules, seed=seed)
    known: list[Counter[Card]] = [Counter() for _ in range(rules.players)]
    out: list[Point] = []
    step = 0
    while not game.hand_over:
        seat = game.state.turn
        legal = tuple(game.legal_actions())
        v = game.view(seat)
        if len(legal) > 1:
            if step % every == 0:
                out.append((game.state, v, legal, [Counter(k) for k in known]))
            step += 1
        action = get_bot("good", seed * 1000 + step).choose(v, legal)
        track(known, game.state, action)
        game.apply(action)
    return out


CASES = [("classic", 4, 3), ("classic", 2, 5), ("classic", 3, 4), ("classic", 6, 3), ("modern-american", None, 3),
         ("samba", 4, 3), ("samba", 2, 4), ("samba", 6, 3), ("bolivia", None, 3)]


@pytest.mark.parametrize(("variant", "players", "seed"), CASES)
def test_decisions_do_not_depend_on_hidden_cards(variant: str, players: int | None, seed: int) -> None:
    rng = random.Random(seed)
    points = changed = 0
    for state, v, legal, known in decision_points(variant, players, seed, every=3):
        seat = v["seat"]
        others = [redeal(state, seat, known, rng) for _ in range(2)]
        assert any(o != state for o in others) or state.stock == ()
        mem = Memory(v, rules_of(v))
        for s in range(len(state.hands)):
            # the counting memory never claims a card a hand does not hold
            assert not +(Counter({c: n for c, n in mem.known[s].items()}) - Counter(state.hands[s]))
        for other in others:
            changed += other != state
            v2 = dict(v)
            v2.update(view(other, seat))
            assert v2 == v, "the re-deal changed what the seat sees"
            assert tuple(legal_actions(other)) == legal
        for level in LEVELS:
            seed_d = 7919 * points + seat
            first = get_bot(level, seed_d).choose(v, legal)
            for other in others:
                v2 = dict(v)
                v2.update(view(other, seat))
                assert get_bot(level, seed_d).choose(v2, legal) == first, (level, str(first))
        if points % 3 == 0:
            # The expert, at a small budget: its samples come from the view alone, dealt
            # evenly or by what each seat did (belief sampling).
            for belief in (False, True):
                first = ExpertBot(points, rollouts=6, horizon=12, belief=belief).choose(v, legal)
                for other in others[:1]:
                    v2 = dict(v)
                    v2.update(view(other, seat))
                    assert ExpertBot(points, rollouts=6, horizon=12, belief=belief).choose(v2, legal) == first
        points += 1
    assert points >= 8 and changed >= points
