"""The playout path (``canasta.playout``, ``legal.candidates``; issue 42).

1. ``candidates`` filtered by ``is_legal`` on its unchecked entries is ``legal_actions``,
   action for action, at every state of seeded random hands at six tables;
2. every action ``random_hand`` plays is in the legal list, and the hand ends;
3. the distribution of ``sample_action`` is exactly uniform over the legal list: every
   path of its draws is enumerated with exact fractions, in positions where some
   unchecked candidate is refused (so the draw has to start again);
4. a chi-square test of many seeded draws against the uniform law, with a strict
   threshold, passes for ``sample_action`` and fails for a deliberately biased sampler
   (one that, when a candidate is refused, takes the next legal one instead of drawing
   again: the test can tell).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest

from canasta import variants
from canasta.actions import Action
from canasta.legal import candidates, is_legal, legal_actions
from canasta.play import apply
from canasta.playout import random_action, random_hand, sample_action
from canasta.state import HandState, deal

#: (preset, players): Classic 2/4/6, Samba 4, Modern American, Bolivia.
TABLES = (("classic", 2), ("classic", 4), ("classic", 6), ("samba", 4), ("modern-american", 4), ("bolivia", 4))


def walk(rules_name: str, players: int, seed: int) -> Iterator[HandState]:
    """Every state of a hand dealt from ``seed`` and played by ``random_action``."""
    rules = variants.get(rules_name, players)
    rng = random.Random(seed)
    state = deal(rules, rng, int(rng.random() * players))
    while not state.over:
        yield state
        state = apply(state, random_action(state, rng))


def filtered(state: HandState) -> list[Action]:
    acts, unsure = candidates(state)
    return [a for i, a in enumerate(acts) if i not in unsure or is_legal(state, a)]


@pytest.mark.parametrize("name,players", TABLES)
def test_candidates_filtered_are_the_legal_list(name: str, players: int) -> None:
    states = unsure_seen = 0
    for seed in range(3):
        for state in walk(name, players, seed):
            acts, unsure = candidates(state)
            assert unsure == sorted(set(unsure)) and all(0 <= i < len(acts) for i in unsure)
            assert filtered(state) == list(legal_actions(state))
            states += 1
            unsure_seen += bool(unsure)
    assert states > 100 and unsure_seen > 0  # the deferred checks were exercised


@pytest.mark.parametrize("name,players", TABLES)
def test_random_hands_play_legal_actions_to_the_end(name: str, players: int) -> None:
    rules = variants.get(name, players)
    for seed in range(3):
        rng = random.Random(seed)
        state = deal(rules, rng, int(rng.random() * players))
        count = 0
        while not state.over:
            action = random_action(state, rng)
            assert action in list(legal_actions(state)), (str(action), seed)
            state = apply(state, action)
            count += 1
        played = random_hand(rules, seed)
        assert played.final.over and played.actions > 0
        assert played == random_hand(rules, seed)  # a seed gives the same hand


class _Branch(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


Sampler = Callable[[HandState, Callable[[int], int]], Action]


def exact_distribution(state: HandState, sampler: Sampler = sample_action) -> dict[Action, Fraction]:
    """The sampler's exact law: every sequence of its ``below(n)`` draws, each value of
    each draw taken with probability 1/n, run to its end."""
    law: dict[Action, Fraction] = {}

    def run(prefix: list[int], p: Fraction) -> None:
        depth = 0

        def below(n: int) -> int:
            nonlocal depth
            if depth < len(prefix):
                depth += 1
                assert 0 <= prefix[depth - 1] < n
                return prefix[depth - 1]
            raise _Branch(n)

        try:
            action = sampler(state, below)
        except _Branch as branch:
            for value in range(branch.n):
                run(prefix + [value], p / branch.n)
            return
        law[action] = law.get(action, Fraction(0)) + p

    run([], Fraction(1))
    return law


def refusing_states(per_table: int, most: int = 40) -> Iterator[tuple[str, HandState]]:
    """States where an unchecked candidate is refused (so a draw may start again), with
    at most ``most`` candidates: small enough to enumerate every path."""
    for name, players in TABLES:
        found = 0
        for seed in range(40):
            for state in walk(name, players, seed):
                acts, unsure = candidates(state)
                refused = [i for i in unsure if not is_legal(state, acts[i])]
                if refused and len(acts) <= most and len(unsure) <= 4:
                    yield f"{name}{players}/{seed}", state
                    found += 1
                    break
            if found >= per_table:
                break


def test_the_exact_law_is_uniform_over_the_legal_list() -> None:
    checked = 0
    for label, state in refusing_states(per_table=3):
        legal = list(legal_actions(state))
        assert len(set(legal)) == len(legal)
        law = exact_distribution(state)
        assert sum(law.values()) == 1, label
        assert law == {a: Fraction(1, len(legal)) for a in legal}, label
        checked += 1
    assert checked >= 12


def biased(state: HandState, below: Callable[[int], int]) -> Action:
    """A wrong sampler: a refused candidate gives way to the next legal one."""
    acts, _ = candidates(state)
    i = below(len(acts))
    while not is_legal(state, acts[i]):
        i = (i + 1) % len(acts)
    return acts[i]


def test_the_exact_check_catches_the_biased_sampler() -> None:
    label, state = next(refusing_states(per_table=1))
    legal = list(legal_actions(state))
    assert exact_distribution(state, biased) != {a: Fraction(1, len(legal)) for a in legal}, label


def chi_square(counts: Counter[Action], support: list[Action], draws: int) -> float:
    expected = draws / len(support)
    return sum((counts.get(a, 0) - expected) ** 2 / expected for a in support)


def critical(df: int, z: float = 3.719) -> float:
    """The chi-square value that ``df`` degrees of freedom exceed with probability
    1e-4 (z = 3.719), by the Wilson-Hilferty approximation."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def chi_square_of(sampler: Sampler, state: HandState, draws_per_action: int, seed: int) -> tuple[float, float]:
    legal = list(legal_actions(state))
    rng = random.Random(seed)
    below = lambda n: int(rng.random() * n)  # noqa: E731
    draws = draws_per_action * len(legal)
    counts = Counter(sampler(state, below) for _ in range(draws))
    assert set(counts) <= set(legal)
    return chi_square(counts, legal, draws), critical(len(legal) - 1)


def test_chi_square_passes_for_the_sampler_and_fails_for_a_biased_one() -> None:
    states = [state for _, state in refusing_states(per_table=1, most=60)]
    for state in states:
        stat, bar = chi_square_of(sample_action, state, 400, seed=1)
        assert stat < bar, (stat, bar)
    # The test has the power to see a bias: the biased sampler fails it at the same seed.
    for state in states:
        stat, bar = chi_square_of(biased, state, 400, seed=1)
        assert stat > bar, (stat, bar)
