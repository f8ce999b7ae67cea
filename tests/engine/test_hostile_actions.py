"""Hostile input: whatever it is given, the engine answers with its own errors.

1. Action values check their fields when built (``actions.py``): any field value gives
   either a value whose text reads back as the same action, or ``NotationError``
   (``bad_action``), never another exception; the parser and the constructors refuse
   the same meld targets.
2. ``apply``, ``is_legal`` and ``x in legal_actions(state)`` agree for any Python object
   as the action, on random reachable positions of every preset and player count: an
   action built from random cards (of the hand or not), random targets and groups, or
   no action at all. A refusal is an ``IllegalAction`` with a code the host lists, and
   the state is unchanged.
3. Any text through ``parse_action`` reads or raises ``NotationError``; any text through
   the host's ``play`` is a JSON answer that is never ``internal_error``.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from canasta import host, variants
from canasta.actions import (ASK, DRAW, NO, PASS, YES, Action, Add, Answer, Discard, Meld, Merge, Swap, Take,
                             parse_action)
from canasta.cards import ALL_CARDS, RANKS, Card, card, sort_cards
from canasta.errors import CanastaError, IllegalAction, NotationError
from canasta.legal import is_legal, legal_actions
from canasta.notation import to_position
from canasta.play import apply
from canasta.state import HandState
from randomplay import random_state

Cards = tuple[Card, ...]
TABLES = [(name, n) for name, preset in variants.PRESETS.items() for n in preset.players]
CODES = frozenset(host.error_codes())


# ----------------------------------------------------------------- strategies
KS, KH = card("KS"), card("KH")
cards_st = st.sampled_from(ALL_CARDS)
class Hostile:
    """An object that fails whatever is asked of it: repr, equality, hash, truth."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no ==")

    def __hash__(self) -> int:
        raise RuntimeError("no hash")

    def __bool__(self) -> bool:
        raise RuntimeError("no truth")


#: Anything at all: what a careless or hostile caller might hand over.
junk_st: st.SearchStrategy[object] = st.one_of(
    st.none(), st.booleans(), st.integers(), st.just(10 ** 5000), st.floats(), st.just(math.nan), st.text(max_size=8),
    st.binary(max_size=4), st.just(object()), st.just(Card), st.just(Add), st.just([]), st.just({}),
    st.lists(cards_st, max_size=3), st.tuples(st.integers()), st.tuples(cards_st, st.text(max_size=2)),
    st.tuples(st.lists(cards_st, max_size=2)), st.just("#" + "7" * 5000), st.just("#²"), st.just("#٣"), st.builds(Hostile),
    st.tuples(cards_st, st.builds(Hostile)), st.tuples(st.tuples(st.builds(Hostile))),
)
groups_st = st.lists(cards_st, max_size=5).map(tuple)
targets_st = st.one_of(st.sampled_from(RANKS), st.integers(0, 1200).map(lambda n: f"#{n}"),
                       st.sampled_from(["", "#", "#-1", "#x", "#07", "k", "10", "KH", "#²", "#٣"]))


def maybe_junk(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a well-typed value, sometimes anything."""
    return st.one_of(valid, valid, valid, junk_st)


#: Each kind of action, from field values that may be of any type.
built_st = st.one_of(
    st.tuples(st.just(Take), maybe_junk(groups_st), maybe_junk(st.lists(groups_st, max_size=2).map(tuple)),
              maybe_junk(targets_st)),
    st.tuples(st.just(Meld), maybe_junk(st.lists(groups_st, max_size=3).map(tuple))),
    st.tuples(st.just(Add), maybe_junk(targets_st), maybe_junk(groups_st)),
    st.tuples(st.just(Merge), maybe_junk(st.integers(-2, 1002)), maybe_junk(st.integers(-2, 1002))),
    st.tuples(st.just(Swap), maybe_junk(targets_st), maybe_junk(cards_st), maybe_junk(cards_st)),
    st.tuples(st.just(Discard), maybe_junk(cards_st)),
    st.tuples(st.just(Answer), maybe_junk(st.booleans())),
)


def canonical(a: Action) -> Action:
    """The same action with the cards of each group in canonical order."""
    if isinstance(a, Take):
        return Take(sort_cards(a.cards), tuple(sort_cards(g) for g in a.extra), a.target)
    if isinstance(a, Meld):
        return Meld(tuple(sort_cards(g) for g in a.melds))
    if isinstance(a, Add):
        return Add(a.target, sort_cards(a.cards))
    return a


def groups_of(a: Action) -> list[Cards]:
    if isinstance(a, Take):
        return [a.cards, *a.extra] if a.cards or a.extra else []
    if isinstance(a, Meld):
        return list(a.melds) or [()]
    if isinstance(a, Add):
        return [a.cards]
    return []


# ----------------------------------------------------------------- 1. values
@given(built_st)
@settings(max_examples=600, deadline=None)
def test_a_value_is_built_only_from_fields_its_text_can_write(args: tuple[Any, ...]) -> None:
    cls, *fields = args
    try:
        a = cls(*fields)
    except NotationError as e:
        assert e.code == "bad_action" and e.params["field"], e
        return
    text = str(a)
    if all(groups_of(a)):
        assert parse_action(text) == canonical(a)
        assert hash(a) == hash(cls(*fields))
    else:
        # an empty group of cards: a value the rules refuse (no_cards), which the text cannot write
        with pytest.raises(NotationError):
            parse_action(text)


@given(st.one_of(targets_st, st.text(max_size=6).filter(lambda w: w.split() == [w])))
@settings(max_examples=400, deadline=None)
def test_parser_and_constructors_refuse_the_same_targets(word: str) -> None:
    """``add WORD KH`` reads exactly when ``Add`` accepts WORD in its canonical spelling,
    and then as that value; a value ``Add`` accepts is written and read back unchanged."""
    kh = (KH,)
    try:
        parsed: Action | None = parse_action(f"add {word} {kh[0].text}")
    except NotationError as e:
        assert e.code == "bad_action"
        parsed = None
    for spelling in {word, word.upper()}:
        try:
            built = Add(spelling, kh)
        except NotationError:
            continue
        assert parse_action(str(built)) == built
        if spelling == word or not word.startswith("#"):
            assert parsed == built
    if parsed is not None:
        assert isinstance(parsed, Add) and Add(parsed.target, kh) == parsed
    # merge and take read a meld index exactly where add reads one
    index = parsed.target if parsed is not None and parsed.target.startswith("#") else None
    assert reads(f"merge {word} #0") == (index not in (None, "#0"))
    if word.startswith("#"):
        assert reads(f"take {word}") == (index is not None)


def reads(text: str) -> bool:
    try:
        parse_action(text)
    except NotationError:
        return False
    return True


@pytest.mark.parametrize(("cls", "fields"), [
    (Add, ("#x", (KS,))),
    (Add, ("#-1", (KS,))),
    (Add, ("#07", (KS,))),
    (Add, ("k", (KS,))),
    (Add, ("#" + "1" * 5000, (KS,))),
    (Add, ("#1000", (KS,))),
    (Add, ("K", [KS])),
    (Add, ("K", ("KH",))),
    (Add, (None, ())),
    (Take, ((), (), "K")),
    (Take, ((), (), 3)),
    (Take, ((KS,), [(KH,)], "")),
    (Take, ((KS,), ([[]],), "")),
    (Meld, ([(KS,)],)),
    (Meld, (((KS, None),),)),
    (Merge, (1, 1)),
    (Merge, (2, 1)),
    (Merge, (-1, 2)),
    (Merge, (True, 2)),
    (Merge, (0, 10 ** 5000)),
    (Swap, ("#1", KS, "2C")),
    (Discard, ("KH",)),
    (Discard, ([],)),
    (Answer, (1,)),
    (Answer, ("yes",)),
], ids=lambda x: x.__name__ if isinstance(x, type) else "")
def test_bad_fields_raise_notation_error(cls: Any, fields: tuple[Any, ...]) -> None:
    with pytest.raises(NotationError) as e:
        cls(*fields)
    assert e.value.code == "bad_action"
    assert len(e.value.message) < 300


#: Texts of the fuzzing report (non-ASCII digits, indices past Python's int-from-str limit) and kin.
BAD_TEXTS = [
    "take #²", "add #² KH", "merge #² #1", "merge #1 #²", "swap #² KH 2C", "add #٣ KH", "take #" + "9" * 5000,
    "add #" + "1" * 5000 + " KH", "merge #0 #" + "1" * 5000, "merge #1 #1", "merge #1000 #2", "add #1000 KH",
    "take K", "take #x KH KS", "add ² KH", "discard ²",
]


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_bad_indices_in_text_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_action(text)
    assert e.value.code in ("bad_action", "bad_card")
    assert e.value.params["text"] == text or e.value.code == "bad_card"  # (bad_card names the card)


def test_indices_read_in_canonical_form() -> None:
    kh = (KH,)
    assert parse_action("add #007 KH") == Add("#7", kh)
    assert parse_action("take #000") == Take(target="#0")
    assert parse_action("merge #999 #0") == Merge(0, 999)
    assert parse_action("add #" + "0" * 5000 + "12 KH") == Add("#12", kh)


# ----------------------------------------------------------------- 2. any action, any position
@st.composite
def positions(draw: st.DrawFn) -> HandState:
    """A reachable position of any preset and player count: a deal and random legal play."""
    name, players = draw(st.sampled_from(TABLES))
    return random_state(players, draw(st.integers(0, 10 ** 6)), draw(st.integers(0, 150)),
                        variants.get(name, players))


def hostile_action(data: st.DataObject, state: HandState) -> object:
    """An action of a random kind built from random cards (the hand's, the table's or any),
    random targets (existing melds or not) and random groups; or not an action at all."""
    hand = state.hands[state.turn]
    side_melds = state.melds[state.turn % state.rules.sides]
    near = list(hand) + [c for m in side_melds for c in m.cards] + list(state.discard[-1:])
    near_only: bool = data.draw(st.booleans())
    card_st = st.sampled_from(near) if near and near_only else cards_st
    group_st = st.lists(card_st, max_size=5).map(tuple)
    n = len(side_melds)
    target_st = st.one_of(st.sampled_from(RANKS), st.integers(0, n + 2).map(lambda i: f"#{i}"), st.just("#999"))
    kind = data.draw(st.sampled_from(["junk", "simple", "take", "meld", "add", "merge", "swap", "discard"]))
    if kind == "junk":
        return data.draw(junk_st)
    if kind == "simple":
        return data.draw(st.sampled_from([DRAW, PASS, ASK, YES, NO]))
    if kind == "take":
        target = data.draw(st.one_of(st.just(""), st.integers(0, n + 2).map(lambda i: f"#{i}")))
        return Take(data.draw(group_st), tuple(data.draw(st.lists(group_st, max_size=2))), target)
    if kind == "meld":
        return Meld(tuple(data.draw(st.lists(group_st, max_size=3))))
    if kind == "add":
        return Add(data.draw(target_st), data.draw(group_st))
    if kind == "merge":
        i = data.draw(st.integers(0, n + 2))
        return Merge(i, data.draw(st.integers(i + 1, n + 3)))
    if kind == "swap":
        return Swap(data.draw(target_st), data.draw(card_st), data.draw(card_st))
    return Discard(data.draw(card_st))


@given(positions(), st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_apply_is_legal_and_in_agree_on_any_object(state: HandState, data: st.DataObject) -> None:
    legal = legal_actions(state)
    before = json.dumps(to_position(state), sort_keys=True)
    for _ in range(8):
        action = hostile_action(data, state)
        try:
            apply(state, action)  # type: ignore[arg-type]
            accepted = True
        except IllegalAction as e:
            accepted = False
            assert e.code in CODES, e.code
            assert isinstance(e.message, str) and len(e.message) < 400
        event(f"{type(action).__name__} {'accepted' if accepted else 'refused'}")
        assert is_legal(state, action) is accepted
        assert (action in legal) is accepted
        assert json.dumps(to_position(state), sort_keys=True) == before


# ----------------------------------------------------------------- 3. any text
words_st = st.one_of(
    st.sampled_from(["draw", "take", "meld", "add", "merge", "swap", "discard", "ask", "answer", "pass", "yes",
                     "no", "|", "#", "10", "10h", "JK", "jk", "K", "t"]),
    cards_st.map(lambda c: c.text),
    st.from_regex(r"#[0-9]{1,5}", fullmatch=True),
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=3).map(lambda d: "#" + d),
    st.just("#" + "1" * 5000),
    st.text(max_size=5),
)
texts_st = st.one_of(st.text(max_size=40), st.lists(words_st, max_size=8).map(" ".join))


@given(texts_st)
@settings(max_examples=800, deadline=None)
def test_any_text_reads_or_raises_notation_error(text: str) -> None:
    try:
        a = parse_action(text)
    except NotationError as e:
        assert e.code in ("bad_action", "bad_card")
        assert e.params["text"] == text or e.code == "bad_card"
        return
    assert parse_action(str(a)) == a


@pytest.fixture(scope="module")
def hosted() -> None:
    """A game on the module's host with every seat human: any seat in turn may play."""
    out = json.loads(host.new_game(json.dumps({"variant": "samba", "players": 4, "seed": 5,
                                               "humans": [0, 1, 2, 3]})))
    assert out["ok"] is True, out


@given(texts_st, st.integers(-2, 5))
@settings(max_examples=300, deadline=None)
def test_the_host_answers_any_text_with_json(hosted: None, text: str, seat_offset: int) -> None:
    turn = json.loads(host.snapshot(0))["turn"]
    seat = turn if seat_offset > 3 else seat_offset
    out = json.loads(host.play(seat, text))
    assert isinstance(out, dict) and isinstance(out["ok"], bool)
    if not out["ok"]:
        assert out["error"]["code"] != "internal_error", out
        assert out["error"]["code"] in CODES


def test_the_host_refuses_the_fuzzed_texts_as_bad_actions(hosted: None) -> None:
    turn = json.loads(host.snapshot(0))["turn"]
    for text in BAD_TEXTS:
        out = json.loads(host.play(turn, text))
        assert out["ok"] is False and out["error"]["code"] in ("bad_action", "bad_card"), (text[:20], out)
