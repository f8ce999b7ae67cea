"""Actions and their one-line text notation (NOTATION.md "Actions")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.actions import (
    ASK,
    DRAW,
    NO,
    PASS,
    YES,
    Action,
    Add,
    Answer,
    Ask,
    Discard,
    Draw,
    Meld,
    Pass,
    Take,
    meld_of,
    parse_action,
)
from canasta.cards import ALL_CARDS, Card, card, parse_cards, sort_cards
from canasta.errors import NotationError

# ----------------------------------------------------------------- strategies
cards_st = st.sampled_from(ALL_CARDS)


def group_st(min_size: int = 1, max_size: int = 8) -> st.SearchStrategy[tuple[Card, ...]]:
    return st.lists(cards_st, min_size=min_size, max_size=max_size).map(lambda cs: tuple(cs))


targets_st = st.one_of(
    st.sampled_from(list("AKQJT98765432")),
    st.integers(min_value=0, max_value=40).map(lambda n: f"#{n}"),
)

#: Actions as a player could build them: cards in any order.
raw_actions_st: st.SearchStrategy[Action] = st.one_of(
    st.just(Draw()),
    st.just(Pass()),
    st.just(Ask()),
    st.builds(Answer, st.booleans()),
    st.builds(Discard, cards_st),
    st.just(Take()),
    st.builds(Take, group_st(), st.lists(group_st(), max_size=3).map(tuple)),
    st.builds(Meld, st.lists(group_st(), min_size=1, max_size=4).map(tuple)),
    st.builds(Add, targets_st, group_st()),
)


def canonical(a: Action) -> Action:
    """The same action with the cards of each group in canonical order."""
    if isinstance(a, Take):
        return Take(sort_cards(a.cards), tuple(sort_cards(g) for g in a.extra))
    if isinstance(a, Meld):
        return Meld(tuple(sort_cards(g) for g in a.melds))
    if isinstance(a, Add):
        return Add(a.target, sort_cards(a.cards))
    return a


actions_st = raw_actions_st.map(canonical)


# ----------------------------------------------------------------- round trips
@given(actions_st)
@settings(max_examples=500, deadline=None)
def test_every_action_round_trips_through_text(a: Action) -> None:
    text = str(a)
    assert parse_action(text) == a
    assert str(parse_action(text)) == text
    assert "\n" not in text


@given(raw_actions_st)
@settings(max_examples=300, deadline=None)
def test_cards_inside_a_group_are_read_in_canonical_order(a: Action) -> None:
    parsed = parse_action(str(a))
    assert parsed == canonical(a)
    for group in _groups(parsed):
        assert group == sort_cards(group)


def _groups(a: Action) -> list[tuple[Card, ...]]:
    if isinstance(a, Take):
        return [a.cards, *a.extra]
    if isinstance(a, Meld):
        return list(a.melds)
    if isinstance(a, Add):
        return [a.cards]
    return []


@given(actions_st, st.data())
@settings(max_examples=300, deadline=None)
def test_spelling_does_not_matter(a: Action, data: st.DataObject) -> None:
    text = str(a)
    words = text.split(" ")
    if data.draw(st.booleans()):
        words = [w.lower() for w in words]
    if data.draw(st.booleans()):
        words = [("10" + w[1:]) if len(w) == 2 and w[0] in "Tt" and w[1] in "SHDCshdc" else w for w in words]
    spaced = data.draw(st.sampled_from([" ", "  ", "\t"])).join(words)
    assert parse_action("  " + spaced + " \n") == a


def test_two_orders_of_the_same_cards_are_equal_actions() -> None:
    assert parse_action("meld KH 2C KS") == parse_action("meld ks kh 2c") == meld_of(parse_cards("2C KS KH"))
    assert parse_action("take 2C 9H") == Take(parse_cards("9H 2C"))
    assert parse_action("add k JK KD") == Add("K", parse_cards("KD JK"))
    assert hash(parse_action("meld KH 2C KS")) == hash(parse_action("meld KS KH 2C"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("draw", DRAW),
        ("pass", PASS),
        ("ask", ASK),
        ("answer yes", YES),
        ("answer no", NO),
        ("ANSWER Yes", YES),
        ("take", Take()),
        ("take 9H 9S", Take(parse_cards("9S 9H"))),
        ("take 9H 2C | KS KH KD", Take(parse_cards("9H 2C"), (parse_cards("KS KH KD"),))),
        ("meld KS KH KD | 5S 5H JK", Meld((parse_cards("KS KH KD"), parse_cards("5S 5H JK")))),
        ("add K 2C", Add("K", (card("2C"),))),
        ("add 10 TS", Add("T", (card("TS"),))),
        ("add t TS", Add("T", (card("TS"),))),
        ("add #0 KH", Add("#0", (card("KH"),))),
        ("add #07 KH", Add("#7", (card("KH"),))),
        ("discard 10h", Discard(card("TH"))),
        ("discard JK", Discard(card("JK"))),
    ],
)
def test_known_texts(text: str, expected: Action) -> None:
    assert parse_action(text) == expected


def test_canonical_texts() -> None:
    assert str(Take(parse_cards("9S 9H"), (parse_cards("KS KH KD"),))) == "take 9S 9H | KS KH KD"
    assert str(Take()) == "take"
    assert str(Meld((parse_cards("KS KH KD"),))) == "meld KS KH KD"
    assert str(Add("#2", parse_cards("TH 2C"))) == "add #2 TH 2C"
    assert str(Discard(card("TH"))) == "discard TH"
    assert (str(YES), str(NO), str(DRAW), str(PASS), str(ASK)) == ("answer yes", "answer no", "draw", "pass", "ask")


def test_actions_are_immutable_values() -> None:
    a = parse_action("meld KS KH KD")
    with pytest.raises(AttributeError):
        a.melds = ()  # type: ignore[misc]
    assert {parse_action("draw"), Draw()} == {DRAW}


# ----------------------------------------------------------------- malformed texts
@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        ("", "bad_action", "empty action"),
        ("   ", "bad_action", "empty action"),
        ("jump", "bad_action", "'jump'"),
        ("melt KH KS KD", "bad_action", "'melt'"),
        ("discard", "bad_action", "exactly one card"),
        ("discard KH QH", "bad_action", "exactly one card"),
        ("discard XY", "bad_card", "'XY'"),
        ("answer maybe", "bad_action", "answer yes"),
        ("answer", "bad_action", "answer yes"),
        ("answer yes no", "bad_action", "answer yes"),
        ("add", "bad_action", "add TARGET CARDS"),
        ("add K", "bad_action", "add TARGET CARDS"),
        ("add X KH", "bad_action", "'X'"),
        ("add #x KH", "bad_action", "'#x'"),
        ("add #-1 KH", "bad_action", "'#-1'"),
        ("add # KH", "bad_action", "'#'"),
        ("add KH KS", "bad_action", "'KH'"),
        ("add K KX", "bad_card", "'KX'"),
        ("meld", "bad_action", "meld needs cards"),
        ("meld |", "bad_action", "empty group"),
        ("meld KH KS KD |", "bad_action", "empty group"),
        ("meld | KH KS KD", "bad_action", "empty group"),
        ("meld KH KS KD || 5S 5H 5D", "bad_action", "empty group"),
        ("meld KH KS KQ", "bad_card", "'KQ'"),
        ("take KH |", "bad_action", "empty group"),
        ("take |", "bad_action", "empty group"),
        ("take 9H ZZ", "bad_card", "'ZZ'"),
        ("draw 2", "bad_action", "'draw'"),
        ("ask partner", "bad_action", "'ask'"),
        ("pass KH", "bad_action", "'pass'"),
    ],
)
def test_malformed_texts_raise_a_named_error(text: str, code: str, fragment: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_action(text)
    assert e.value.code == code
    assert fragment in e.value.message, e.value.message


def test_not_a_string_is_refused() -> None:
    with pytest.raises(NotationError) as e:
        parse_action(None)  # type: ignore[arg-type]
    assert e.value.code == "bad_action"
    assert "NoneType" in e.value.message
