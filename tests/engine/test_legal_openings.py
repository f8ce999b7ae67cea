"""The minimal openings within their budget (issue 36: bounded work for any position).

A side that has not opened is listed its minimal openings (``legal`` module docstring);
a crafted hand of 40 cards holds tens of thousands of them, so their enumeration spends
a budget (``limits.MAX_OPENING_STEPS`` group choices, ``limits.MAX_OPENINGS`` openings a
verb). These tests check the budget's two promises: the work and the list stay within it
on hands of up to 60 cards, and an opening is listed exactly when the hand holds one,
even when the budget is spent before the enumeration finds any (then one opening is
found by ``legal._one_minimal``). The existence is checked against brute force: every
choice of naturals by rank and of wild cards by group, judged by ``is_legal``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from canasta import goout, legal, variants
from canasta.actions import Action, Meld, Take
from canasta.cards import Card, sort_cards
from canasta.lab.speed import crafted_position
from canasta.legal import is_legal, legal_actions
from canasta.limits import MAX_OPENING_STEPS, MAX_OPENINGS, MAX_SEQUENCE_CHOICES
from canasta.notation import from_position
from canasta.state import HandState

Cards = tuple[Card, ...]


def _compound(actions: tuple[Action, ...]) -> int:
    return sum(1 for a in actions if isinstance(a, Meld) and len(a.melds) > 1 or isinstance(a, Take) and a.extra)


@pytest.fixture
def budgets(monkeypatch: pytest.MonkeyPatch) -> list[legal._Budget]:
    """Every budget a verb makes, kept for the test to read what was spent."""
    made: list[legal._Budget] = []
    real = legal._Budget

    def budget() -> legal._Budget:
        made.append(real())
        return made[-1]

    monkeypatch.setattr(legal, "_Budget", budget)
    return made


@pytest.mark.parametrize("phase", ["play", "draw"])
@pytest.mark.parametrize("variant", ["modern-american", "classic", "samba"])
def test_a_sixty_card_hand_stays_within_the_budget(variant: str, phase: str, budgets: list[legal._Budget]) -> None:
    state = crafted_position(variant, 4, 60, phase)
    listed = legal_actions(state)
    assert budgets, "the crafted hand enumerates openings"
    for budget in budgets:
        assert MAX_OPENING_STEPS - budget.steps <= MAX_OPENING_STEPS + 1
        assert budget.openings >= 0
    # the crafted hand holds far more minimal openings than a verb lists
    assert _compound(listed) == MAX_OPENINGS
    assert all(is_legal(state, a) for a in listed if isinstance(a, (Meld, Take)))


def test_the_going_out_search_keeps_its_sequence_choices_within_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 60-card Samba hand may ask: ``goout`` lays sequences in millions of ways, and
    keeps at most ``MAX_SEQUENCE_CHOICES`` of a suit and of their combinations."""
    sizes: list[int] = []
    real = goout._combine

    def combine(per_suit: list[dict[tuple[tuple[str, int], ...], int]]) -> dict[tuple[int, ...], int]:
        sizes.extend(len(options) for options in per_suit)
        out = real(per_suit)
        sizes.append(len(out))
        return out

    monkeypatch.setattr(goout, "_combine", combine)
    goout._suit_options.cache_clear()
    goout._can_go_out.cache_clear()
    legal_actions(crafted_position("samba", 4, 60))
    assert sizes and max(sizes) <= MAX_SEQUENCE_CHOICES
    assert max(sizes) > 1000, "the crafted hand needs the limit"


def test_the_list_is_unchanged_below_the_budget(budgets: list[legal._Budget]) -> None:
    state = crafted_position("classic", 4, 20)
    listed = legal_actions(state)
    assert 0 < _compound(listed) < MAX_OPENINGS
    assert all(b.steps > 0 for b in budgets), "a 20-card hand is enumerated in full"


# ------------------------------------------------------------------ brute force
_TABLES = [("classic", 4), ("modern-american", 4), ("maison", 4), ("classic-1950s", 4)]
_RANKS = ("4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def _distributions(twos: int, jokers: int, groups: int) -> Iterator[list[tuple[int, int]]]:
    """Every way to give some of ``twos`` and ``jokers`` to ``groups`` groups."""
    per = [(a, b) for a in range(twos + 1) for b in range(jokers + 1)]
    for split in itertools.product(per, repeat=groups):
        if sum(a for a, _ in split) <= twos and sum(b for _, b in split) <= jokers:
            yield list(split)


def _groups_of(hand: Cards, exclude: str = "") -> Iterator[tuple[Cards, ...]]:
    """Every set of new groups (and at most one wild-card meld) from ``hand``, canonical cards."""
    by_rank: dict[str, list[Card]] = {}
    for c in hand:
        if c.natural and c.rank != exclude:
            by_rank.setdefault(c.rank, []).append(c)
    twos = [c for c in hand if c.kind == "2"]
    jokers = [c for c in hand if c.kind == "JK"]
    ranks = sorted(by_rank)
    for counts in itertools.product(*(range(len(by_rank[k]) + 1) for k in ranks)):
        chosen = [(k, n) for k, n in zip(ranks, counts) if n]
        for wild_meld in (False, True):
            for split in _distributions(len(twos), len(jokers), len(chosen) + wild_meld):
                groups = []
                t = j = 0
                for i, (a, b) in enumerate(split):
                    nat = tuple(by_rank[chosen[i][0]][:chosen[i][1]]) if i < len(chosen) else ()
                    groups.append(sort_cards(nat + tuple(twos[t:t + a]) + tuple(jokers[j:j + b])))
                    t += a
                    j += b
                if all(groups):
                    yield tuple(groups)


def _brute_melds(state: HandState) -> bool:
    """Some meld of new groups from hand is legal (the side has not opened)."""
    return any(is_legal(state, Meld(groups)) for groups in _groups_of(state.hands[state.turn]))


def _brute_takes(state: HandState) -> bool:
    """Some take of the pile, with new groups from hand, is legal."""
    hand = state.hands[state.turn]
    top = state.discard[-1]
    same = [c for c in hand if c.rank == top.rank and c.natural]
    wild = [c for c in hand if c.wild]
    for n in range(1, len(same) + 1):
        for w in range(len(wild) + 1):
            for pick in set(itertools.combinations(wild, w)):
                group = sort_cards(tuple(same[:n]) + pick)
                rest = list(hand)
                for c in group:
                    rest.remove(c)
                if is_legal(state, Take(group)):
                    return True
                for extra in _groups_of(tuple(rest), exclude=top.rank):
                    if is_legal(state, Take(group, extra)):
                        return True
    return False


def _small_positions(variant: str, players: int, count: int, seed: int) -> Iterator[HandState]:
    """Unopened play-phase and draw-phase positions with hands of 6 to 9 cards (Modern
    American, whose minimum is 125 to 180: 9 to 12) rich in pairs and wild cards, at
    every initial-meld minimum of the table."""
    rules = variants.get(variant, players)
    rng = random.Random(seed)
    scores = [0, 0, 0] + [t for t, _ in rules.initial_meld_thresholds if t > 0]  # mostly the lowest minimum
    deck = [r + s for r in _RANKS[:3] + _RANKS[8:] for s in "SHDC"] * 2 + ["2S", "2H", "2D", "JK", "JK", "JK"]
    least = 9 if rules.initial_meld_base > 100 else 6
    for i in range(count):
        hand = rng.sample(deck, rng.randint(least, least + 2 if least > 6 else least + 3))
        phase = "draw" if i % 3 == 2 else "play"
        top = rng.choice([c for c in hand if c[0] != "2" and c != "JK"] or ["KC"])
        if sum(1 for c in hand if c == top) >= 2:
            continue  # two decks: the pile's top card must be a third copy
        others = [["3S"], ["3C"], ["3D"], ["3S"], ["3C"]][:players - 1]
        yield from_position({
            "variant": variant, "players": players, "turn": 0, "phase": phase, "hands": [hand, *others],
            "melds": [[] for _ in range(rules.sides)], "discard": [top] if phase == "draw" else ["3H"],
            "stock": ["3H"], "scores": [rng.choice(scores)] * rules.sides})


@pytest.mark.parametrize("steps", [MAX_OPENING_STEPS, 0], ids=["budget", "spent"])
@pytest.mark.parametrize("variant,players", _TABLES)
def test_an_opening_is_listed_exactly_when_the_hand_holds_one(variant: str, players: int, steps: int,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With the budget, and with no step at all (every list then comes from
    ``_one_minimal``): an opening is listed iff brute force finds a legal one, and every
    listed one is legal."""
    monkeypatch.setattr(legal, "MAX_OPENING_STEPS", steps)
    seen = {True: 0, False: 0}
    for state in _small_positions(variant, players, 45, seed=len(variant) * 31 + players):
        listed = legal_actions(state)
        draw = state.phase.value == "draw"
        openings = [a for a in listed if isinstance(a, Take if draw else Meld)]
        holds = _brute_takes(state) if draw else _brute_melds(state)
        assert bool(openings) == holds, (str(state.hands[0]), [str(a) for a in openings])
        assert all(is_legal(state, a) for a in openings)
        seen[holds] += 1
    assert seen[True] and seen[False], "positions with and without an opening"


@pytest.mark.parametrize("steps", [MAX_OPENING_STEPS, 0], ids=["budget", "spent"])
@pytest.mark.parametrize("variant,players", _TABLES)
def test_the_playout_candidates_judged_are_the_legal_list(variant: str, players: int, steps: int,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``legal.candidates`` (the playout path) leaves the openings that lay the last
    cards for ``apply`` and judges them only when the budget runs out and asks whether
    one was listed (``_Budget.none_listed``): kept where ``is_legal`` accepts them, its
    candidates are ``legal_actions``, action for action, with the budget and with none."""
    monkeypatch.setattr(legal, "MAX_OPENING_STEPS", steps)
    pending = 0
    for state in _small_positions(variant, players, 45, seed=len(variant) * 31 + players):
        acts, unsure = legal.candidates(state)
        judged = [a for i, a in enumerate(acts) if i not in unsure or is_legal(state, a)]
        assert judged == list(legal_actions(state)), str(state.hands[0])
        pending += sum(1 for i in unsure if isinstance(acts[i], (Meld, Take)))
    assert pending, "some opening was left for apply to judge"
