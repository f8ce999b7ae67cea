"""Cards and their text notation (NOTATION.md "Cards"; RULES.md 2 "Deck and deal")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.cards import (
    ALL_CARDS,
    JOKER,
    KINDS,
    RANKS,
    SUITS,
    Card,
    card,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    sort_cards,
)
from canasta.errors import CanastaError, NotationError

TEXTS = [c.text for c in ALL_CARDS]


def test_there_are_53_distinct_cards() -> None:
    assert len(ALL_CARDS) == 53
    assert len(set(TEXTS)) == 53
    assert TEXTS[0] == "AS" and TEXTS[-1] == "JK"


@pytest.mark.parametrize("text", TEXTS)
def test_every_card_text_round_trips(text: str) -> None:
    c = parse_card(text)
    assert c.text == text
    assert str(c) == text
    assert parse_card(c.text) is c
    assert card(text) is c


@pytest.mark.parametrize("text", TEXTS)
def test_input_is_case_insensitive(text: str) -> None:
    c = card(text)
    assert parse_card(text.lower()) is c
    assert parse_card(text.swapcase()) is c
    assert parse_card(f"  {text.lower()} ") is c


@pytest.mark.parametrize("suit", SUITS)
def test_ten_may_be_written_10(suit: str) -> None:
    assert parse_card("10" + suit) is card("T" + suit)
    assert parse_card("10" + suit.lower()) is card("T" + suit)
    assert parse_card("10" + suit).text == "T" + suit


@pytest.mark.parametrize("bad", ["", " ", "X", "1H", "11H", "TX", "ZZ", "JKK", "JKS", "AH2", "3", "H", "10",
                                 "1 0H", "AHS", "JOKER", "2h3"])
def test_bad_card_raises_bad_card(bad: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_card(bad)
    assert e.value.code == "bad_card"
    assert isinstance(e.value, CanastaError)
    assert repr(bad) in e.value.message  # the message names the text


def test_parse_cards_names_the_bad_card() -> None:
    with pytest.raises(NotationError) as e:
        parse_cards("KH QX 2C")
    assert e.value.code == "bad_card"
    assert "QX" in e.value.message
    with pytest.raises(NotationError) as e:
        parse_cards(["KH", 7])  # type: ignore[list-item]
    assert e.value.code == "bad_card"


def test_card_constructor_returns_the_interned_card() -> None:
    assert Card("T", "H") is card("TH") is parse_card("10h")
    assert Card("JK") is card("JK")
    assert Card("JK", "") is parse_card("jk")
    with pytest.raises(NotationError) as e:
        Card("X", "H")
    assert e.value.code == "bad_card"


def test_cards_are_immutable_and_hash_by_value() -> None:
    c = card("KS")
    with pytest.raises(AttributeError):
        c.rank = "Q"  # type: ignore[misc]
    assert {card("KS"), parse_card("ks"), Card("K", "S")} == {c}
    assert repr(c) == "card('KS')"


def test_card_survives_pickle_as_the_same_object() -> None:
    import pickle

    for c in ALL_CARDS:
        assert pickle.loads(pickle.dumps(c)) is c


@pytest.mark.parametrize(
    ("text", "kind", "wild", "natural", "three"),
    [
        ("AS", "A", False, True, False),
        ("4D", "4", False, True, False),
        ("2C", "2", True, False, False),
        ("JK", JOKER, True, False, False),
        ("3H", "R3", False, False, True),
        ("3D", "R3", False, False, True),
        ("3S", "B3", False, False, True),
        ("3C", "B3", False, False, True),
    ],
)
def test_card_kinds(text: str, kind: str, wild: bool, natural: bool, three: bool) -> None:
    c = card(text)
    assert (c.kind, c.wild, c.natural, c.three) == (kind, wild, natural, three)
    assert c.red_three == (kind == "R3")
    assert c.black_three == (kind == "B3")
    assert c.kind in KINDS


def test_canonical_order_is_rank_then_suit_then_joker() -> None:
    expected = [r + s for r in RANKS for s in SUITS] + ["JK"]
    assert TEXTS == expected
    shuffled = parse_cards("JK 2C 4S AH TD AS 3H KC")
    assert format_cards(sort_cards(shuffled)) == "AS AH KC TD 4S 3H 2C JK"


@pytest.mark.parametrize(("decks", "jokers", "size"), [(1, 2, 54), (2, 2, 108), (3, 2, 162), (2, 0, 104)])
def test_deck_sizes(decks: int, jokers: int, size: int) -> None:
    d = deck(decks, jokers)
    assert len(d) == size
    counts = Counter(d)
    assert counts[card("JK")] == decks * jokers
    for c in ALL_CARDS:
        if c.rank != JOKER:
            assert counts[c] == decks
    assert d == sort_cards(d)


def test_classic_decks_are_108_and_162() -> None:
    assert len(deck(2, 2)) == 108
    assert len(deck(3, 2)) == 162


card_texts = st.sampled_from(TEXTS)


@given(st.lists(card_texts, max_size=40))
@settings(max_examples=200, deadline=None)
def test_any_list_of_cards_round_trips(texts: list[str]) -> None:
    cards = parse_cards(" ".join(texts))
    assert [c.text for c in cards] == texts
    assert format_cards(cards) == " ".join(texts)
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(texts) == cards  # a list of texts reads the same


@given(st.lists(card_texts, max_size=20), st.data())
@settings(max_examples=100, deadline=None)
def test_noncanonical_spellings_read_the_same(texts: list[str], data: st.DataObject) -> None:
    spelled = []
    for t in texts:
        if t[0] == "T" and data.draw(st.booleans()):
            t = "10" + t[1]
        if data.draw(st.booleans()):
            t = t.lower()
        spelled.append(t)
    sep = data.draw(st.sampled_from([" ", "  ", "\t", " \n "]))
    cards = parse_cards(sep.join(spelled))
    assert format_cards(cards) == " ".join(texts)
