"""The seeded shuffle and the deal (RULES.md 2 "Deck and deal", D1; DESIGN.md convention 3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta import variants
from canasta.cards import ALL_CARDS, Card, deck, parse_cards, sort_cards
from canasta.rules import Rules, Upcard
from canasta.state import Phase, deal, shuffle

PLAYER_COUNTS = (2, 3, 4, 6)


class RandomOnly:
    """A generator that offers nothing but ``random()``: any other call fails the test."""

    def __init__(self, values: Sequence[float]) -> None:
        self.values = list(values)
        self.calls = 0

    def random(self) -> float:
        v = self.values[self.calls]
        self.calls += 1
        return v


def stacked(rules: Rules, top: Sequence[Card]) -> RandomOnly:
    """A generator under which the shuffle puts ``top`` first, then the rest of the decks in
    canonical order: a stacked deck, built by running Fisher-Yates backwards."""
    full = list(deck(rules.decks, rules.jokers_per_deck))
    rest = Counter(full)
    rest.subtract(top)
    assert all(v >= 0 for v in rest.values()), "the stacked cards are not in the decks"
    want = list(top) + list(sort_cards(rest.elements()))
    work = list(full)
    values = []
    for i in range(len(work) - 1, 0, -1):
        j = work.index(want[i], 0, i + 1) if work[i] is not want[i] else i
        # the lowest j holding that card is fine: equal cards are interchangeable
        values.append((j + 0.5) / (i + 1))
        work[i], work[j] = work[j], work[i]
    assert work == want
    return RandomOnly(values)


def C(text: str) -> list[Card]:
    return list(parse_cards(text))


# ----------------------------------------------------------------- the shuffle
def test_random_random_is_the_pinned_mersenne_twister() -> None:
    # random.Random.random() is stable across Python versions (CPython 3.11, Pyodide 3.14).
    r = random.Random(7)
    assert [r.random() for _ in range(3)] == [0.32383276483316237, 0.15084917392450192, 0.6509344730398537]


def test_shuffle_pinned_permutation() -> None:
    # Fisher-Yates by hand over random.Random(7).random():
    #   i=7 j=int(.3238*8)=2; i=6 j=int(.1508*7)=1; i=5 j=int(.6509*6)=3; i=4 j=int(.0724*5)=0;
    #   i=3 j=int(.5359*4)=2; i=2 j=int(.3657*3)=1; i=1 j=int(.0580*2)=0
    #   [0..7] -> [5, 4, 6, 7, 0, 3, 1, 2]
    eight = ALL_CARDS[:8]  # AS AH AD AC KS KH KD KC
    out = shuffle(eight, random.Random(7))
    assert out == tuple(eight[i] for i in (5, 4, 6, 7, 0, 3, 1, 2))
    assert " ".join(c.text for c in out) == "KH KS KD KC AS AC AH AD"


def test_shuffle_uses_only_random_once_per_swap() -> None:
    rng = RandomOnly([0.0] * 107)
    out = shuffle(deck(2, 2), rng)  # type: ignore[arg-type]
    assert rng.calls == 107
    # j = 0 every time: the first card ends last, the rest move up by one.
    d = deck(2, 2)
    assert out == d[1:] + d[:1]


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=60))
@settings(max_examples=100, deadline=None)
def test_shuffle_is_a_permutation_and_seeded(seed: int, n: int) -> None:
    cards = tuple(ALL_CARDS[i % 53] for i in range(n))
    a = shuffle(cards, random.Random(seed))
    assert sorted(a, key=lambda c: c.order) == sorted(cards, key=lambda c: c.order)
    assert a == shuffle(cards, random.Random(seed))
    # The same as Fisher-Yates written out here over random.Random(seed).random().
    rng = random.Random(seed)
    ref = list(cards)
    for i in range(len(ref) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        ref[i], ref[j] = ref[j], ref[i]
    assert a == tuple(ref)


def test_pinned_seeded_deal() -> None:
    # The same on every Python version: a record replays on CPython and in Pyodide alike.
    s = deal(variants.get("classic", 4), random.Random(2024), dealer=0)
    assert [" ".join(c.text for c in h) for h in s.hands] == [
        "AS KS 9D 9C 8C 5C 4S 3C 2H JK JK",
        "KH KD QD JC TD TC 9C 5S 4H 4C 2S",
        "AH QC TD TC 9H 8H 8D 6C 5D 2D JK",
        "AD JH TH 8D 6S 6S 5H 5C 3S 2D 2C",
    ]
    assert [c.text for c in s.discard] == ["7C"]
    assert [c.text for c in s.stock[:5]] == ["9D", "QS", "3S", "AC", "2C"]
    assert s.threes == ((parse_cards("3H")[0],), ())


# ----------------------------------------------------------------- seeded deals
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_same_seed_same_deal(players: int) -> None:
    rules = variants.get("classic", players)
    for seed in range(5):
        a = deal(rules, random.Random(seed), dealer=seed % players)
        b = deal(rules, random.Random(seed), dealer=seed % players)
        assert a == b
    deals = {deal(rules, random.Random(seed)).hands for seed in range(10)}
    assert len(deals) == 10  # different seeds, different deals


@given(st.sampled_from(PLAYER_COUNTS), st.integers(min_value=0, max_value=2**32), st.data())
@settings(max_examples=150, deadline=None)
def test_deal_invariants(players: int, seed: int, data: st.DataObject) -> None:
    upcard = data.draw(st.sampled_from([Upcard.COVER, Upcard.BURY]))
    rules = variants.get("classic", players).replace(upcard=upcard)
    dealer = data.draw(st.integers(min_value=0, max_value=players - 1))
    scores = tuple(data.draw(st.integers(min_value=-500, max_value=6000)) for _ in range(rules.sides))
    s = deal(rules, random.Random(seed), dealer=dealer, scores=scores)
    # every card of the decks is somewhere
    assert s.card_count() == rules.decks * (52 + rules.jokers_per_deck)
    everything = Counter(c for h in s.hands for c in h) + Counter(s.discard) + Counter(s.stock)
    everything += Counter(c for t in s.threes for c in t)
    assert everything == Counter(deck(rules.decks, rules.jokers_per_deck))
    # hands: full, sorted, no red 3 left in any of them
    for h in s.hands:
        assert len(h) == rules.hand_size
        assert h == sort_cards(h)
        assert not any(c.kind == "R3" for c in h)
    assert all(c.kind == "R3" for t in s.threes for c in t)
    # the upcard: never a wild card or a 3 on top
    assert s.discard
    assert s.discard[-1].kind not in ("2", "JK", "R3", "B3")
    if upcard is Upcard.COVER:
        assert all(c.kind in rules.upcard_barred for c in s.discard[:-1])
    else:
        assert len(s.discard) == 1
    # the player on the dealer's left starts, in the draw phase, nothing melded
    assert s.dealer == dealer
    assert s.turn == (dealer + 1) % players
    assert s.phase is Phase.DRAW
    assert s.scores == scores
    assert s.melds == ((),) * rules.sides
    assert s.melded == (False,) * players
    assert not s.over


def test_default_scores_are_zero() -> None:
    s = deal(variants.get("classic", 3), random.Random(1))
    assert s.scores == (0, 0, 0)


# ----------------------------------------------------------------- stacked decks
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("dealer_offset", [0, 1])
def test_cards_are_dealt_one_at_a_time_from_the_dealers_left(players: int, dealer_offset: int) -> None:
    rules = variants.get("classic", players)
    dealer = (players - 1 + dealer_offset) % players
    n_cards = rules.hand_size * players
    # Distinct-looking cards without threes: cycle through the naturals and wilds.
    pool = [c for c in deck(rules.decks, rules.jokers_per_deck) if not c.three and c.natural]
    top = pool[:n_cards] + C("7H")  # the upcard
    s = deal(rules, stacked(rules, top), dealer=dealer)  # type: ignore[arg-type]
    for k in range(players):
        seat = (dealer + 1 + k) % players
        assert s.hands[seat] == sort_cards(top[k:n_cards:players]), seat
    assert s.discard == tuple(C("7H"))


def test_cover_keeps_the_special_cards_in_the_pile() -> None:
    rules = variants.get("classic", 2)
    hands = C("AS KS QS JS TS 9S 8S 7S 6S 5S 4S AH KH QH JH") + C("AD KD QD JD TD 9D 8D 7D 6D 5D 4D AC KC QC JC")
    s = deal(rules, stacked(rules, hands + C("2C 3S JK 3C 7H 8H")), dealer=1)  # type: ignore[arg-type]
    assert s.discard == tuple(C("2C 3S JK 3C 7H"))  # bottom to top: the covered cards stay
    assert s.stock[0] == C("8H")[0]
    assert s.frozen_for_all()  # a covered wild card freezes the pile (D1)
    assert len(s.stock) == 108 - 30 - 5


def test_a_covered_red_three_stays_in_the_pile_and_freezes_it() -> None:
    rules = variants.get("classic", 2)
    hands = C("AS KS QS JS TS 9S 8S 7S 6S 5S 4S AH KH QH JH") + C("AD KD QD JD TD 9D 8D 7D 6D 5D 4D AC KC QC JC")
    s = deal(rules, stacked(rules, hands + C("3H 9H 8H")), dealer=1)  # type: ignore[arg-type]
    assert s.discard == tuple(C("3H 9H"))
    assert s.threes == ((), ())  # not laid by anyone: it is in the pile
    assert s.frozen_for_all()  # D1: a red 3 upcard freezes the pile (Pagat)


def test_bury_puts_the_special_cards_at_the_bottom_of_the_stock() -> None:
    rules = variants.get("classic", 2).replace(upcard=Upcard.BURY)
    hands = C("AS KS QS JS TS 9S 8S 7S 6S 5S 4S AH KH QH JH") + C("AD KD QD JD TD 9D 8D 7D 6D 5D 4D AC KC QC JC")
    s = deal(rules, stacked(rules, hands + C("2C 3S JK 3H 7H 8H")), dealer=1)  # type: ignore[arg-type]
    assert s.discard == tuple(C("7H"))
    assert s.stock[0] == C("8H")[0]
    assert s.stock[-4:] == tuple(C("2C 3S JK 3H"))  # in the order they were turned
    assert not s.frozen_for_all()  # nothing special in the pile: no freeze
    assert s.threes == ((), ())


def test_no_upcard_rule_starts_with_an_empty_pile() -> None:
    rules = variants.get("classic", 4).replace(upcard=Upcard.NONE)
    s = deal(rules, random.Random(3))
    assert s.discard == ()
    # each red 3 laid from a hand was replaced from the stock
    assert len(s.stock) == 108 - 44 - sum(len(t) for t in s.threes)


def test_red_threes_are_laid_for_the_right_side_and_replaced_in_order() -> None:
    # 4 players, dealer 3: seat 0 is dealt first. Seat 0 holds 3H, seat 2 (its partner) 3D,
    # seat 1 holds 3H; after the upcard the stock gives the replacements in rounds, in seat
    # order from the dealer's left: seat 0 gets 9S, seat 1 gets a 3D, seat 2 gets 8S; then
    # seat 1 lays that 3D and gets 7S. (The order is part of the deal: records replay by it.)
    rules = variants.get("classic", 4)
    s0 = C("3H AS AS AH AH AD AD AC AC KS KS")
    s1 = C("3H KH KH KD KD KC KC QS QS QH QH")
    s2 = C("3D QD QD QC QC JS JS JH JH JD JD")
    s3 = C("JC JC TS TS TH TH TD TD TC TC 9H")
    dealt = [s[k] for k in range(11) for s in (s0, s1, s2, s3)]
    s = deal(rules, stacked(rules, dealt + C("6H") + C("9S 3D 8S 7S 5H")), dealer=3)  # type: ignore[arg-type]
    assert s.turn == 0
    assert s.discard == tuple(C("6H"))
    assert sorted(c.text for c in s.threes[0]) == ["3D", "3H"]  # seats 0 and 2
    assert sorted(c.text for c in s.threes[1]) == ["3D", "3H"]  # seat 1: its own and the one drawn
    assert s.hands[0] == sort_cards(s0[1:] + C("9S"))
    assert s.hands[1] == sort_cards(s1[1:] + C("7S"))
    assert s.hands[2] == sort_cards(s2[1:] + C("8S"))
    assert s.hands[3] == sort_cards(s3)
    assert s.stock[0] == C("5H")[0]
    assert s.card_count() == 108


def test_red_threes_of_six_players_go_to_two_sides() -> None:
    rules = variants.get("classic", 6)
    for seed in range(40):
        s = deal(rules, random.Random(seed))
        assert len(s.threes) == 2
        for h in s.hands:
            assert not any(c.kind == "R3" for c in h)
        assert sum(len(t) for t in s.threes) + sum(1 for c in s.discard if c.kind == "R3") + sum(
            1 for c in s.stock if c.kind == "R3") == 6


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_red_three_is_laid_for_the_side_of_the_seat_that_held_it(players: int) -> None:
    rules = variants.get("classic", players)
    n_cards = rules.hand_size * players
    pool = [c for c in deck(rules.decks, rules.jokers_per_deck) if c.natural]
    for holder in range(players):
        dealer = 0
        dealt = pool[:n_cards]
        k = (holder - dealer - 1) % players  # the holder's first card in dealing order
        dealt[k] = C("3D")[0]
        s = deal(rules, stacked(rules, dealt + C("7H 2C")), dealer=dealer)  # type: ignore[arg-type]
        side = holder % rules.sides
        assert s.threes[side] == tuple(C("3D")), (holder, s.threes)
        assert all(not t for i, t in enumerate(s.threes) if i != side)
        assert C("2C")[0] in s.hands[holder]  # the replacement: the first stock card
        assert len(s.hands[holder]) == rules.hand_size
