"""Positions as JSON (NOTATION.md "Position"): round trips and named refusals."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta import variants
from canasta.cards import parse_cards
from canasta.errors import NotationError
from canasta.notation import from_position, to_position
from canasta.state import Phase
from randomplay import PLAYER_COUNTS, random_state, random_states

#: The example of NOTATION.md, completed into a legal position (hands of 4 players).
EXAMPLE: dict[str, Any] = {
    "variant": "classic",
    "players": 4,
    "scores": [0, 0],
    "dealer": 3,
    "turn": 0,
    "phase": "draw",
    "hands": [["7H", "7S", "KD"], ["AS", "AH"], ["QC"], ["JD", "JD"]],
    "melds": [[["KH", "KS", "KD", "2C"]], []],
    "red_threes": [["3H"], []],
    "discard": ["5C", "9D"],
    "stock": ["4H", "QC"],
    "melded_this_hand": [True, False, False, False],
}


def position(**changes: Any) -> dict[str, Any]:
    p = copy.deepcopy(EXAMPLE)
    for k, v in changes.items():
        if v is None:
            del p[k]
        else:
            p[k] = v
    return p


def refused(data: Any) -> NotationError:
    with pytest.raises(NotationError) as e:
        from_position(data)
    return e.value


# ----------------------------------------------------------------- reading the example
def test_the_notation_example_reads() -> None:
    s = from_position(EXAMPLE)
    assert s.rules == variants.get("classic", 4)
    assert (s.turn, s.dealer, s.phase) == (0, 3, Phase.DRAW)
    assert s.hands[0] == parse_cards("KD 7S 7H")  # hands are kept in canonical order
    assert [m.cards for m in s.melds[0]] == [parse_cards("KS KH KD 2C")]
    assert s.melds[0][0].rank == "K" and s.melds[0][0].wilds == 1
    assert s.threes == (parse_cards("3H"), ())
    assert s.discard == parse_cards("5C 9D") and s.discard[-1].text == "9D"  # bottom to top
    assert s.stock == parse_cards("4H QC")  # top first
    assert s.melded == (True, False, False, False)
    assert s.opened(0) and not s.opened(1)


def test_optional_fields_have_their_defaults() -> None:
    s = from_position({"turn": 1, "phase": "draw", "hands": [[], [], [], []]})
    assert s.rules == variants.get("classic")
    assert s.scores == (0, 0)
    assert s.dealer == 0  # the seat before the one in turn
    assert s.melds == ((), ()) and s.threes == ((), ())
    assert s.discard == () and s.stock == ()
    assert s.melded == (False,) * 4


def test_players_picks_the_player_count() -> None:
    s = from_position({"players": 3, "turn": 2, "phase": "play", "hands": [["KS"], [], ["4C", "9D"]], "scores": [1, 2, 3]})
    assert s.rules == variants.get("classic", 3)
    assert s.scores == (1, 2, 3)


def test_rules_overrides_apply_and_round_trip() -> None:
    s = from_position(position(rules={"target": 2500, "take_onto_meld": False}))
    assert s.rules.target == 2500 and not s.rules.take_onto_meld
    p = to_position(s)
    assert p["rules"] == {"target": 2500, "take_onto_meld": False}
    assert from_position(p) == s
    assert "rules" not in to_position(from_position(EXAMPLE))


def test_a_json_string_reads_the_same() -> None:
    assert from_position(json.dumps(EXAMPLE)) == from_position(EXAMPLE)


def test_card_spelling_in_positions_is_free() -> None:
    p = position(hands=[["7h", "7S", "kd"], ["as", "ah"], ["qc"], ["JD", "jd"]])
    assert from_position(p) == from_position(EXAMPLE)


# ----------------------------------------------------------------- round trips from random play
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_state_of_random_hands_round_trips(players: int) -> None:
    rules = variants.get("classic", players)
    seen_phases = set()
    for seed in range(3):
        for state in random_states(rules, seed, 400):
            p = to_position(state)
            seen_phases.add(p["phase"])
            assert json.loads(json.dumps(p)) == p  # JSON-ready
            back = from_position(p)
            assert back == state
            assert to_position(back) == p
    assert {"draw", "play", "over"} <= seen_phases


@given(st.sampled_from(PLAYER_COUNTS), st.integers(0, 10**6), st.integers(0, 300))
@settings(max_examples=60, deadline=None)
def test_positions_round_trip(players: int, seed: int, steps: int) -> None:
    state = random_state(players, seed, steps)
    p = to_position(state)
    assert to_position(from_position(p)) == p
    assert to_position(from_position(json.dumps(p))) == p
    assert from_position(p) == state


# ----------------------------------------------------------------- refusals
def test_bad_json() -> None:
    e = refused("{not json")
    assert e.code == "bad_json"
    assert "JSON" in e.message


@pytest.mark.parametrize("data", [[], 3, None, "[1, 2]"])
def test_a_position_is_an_object(data: Any) -> None:
    e = refused(data)
    assert e.code == "bad_position"
    assert "JSON object" in e.message


@pytest.mark.parametrize("key", ["hands", "turn", "phase"])
def test_missing_fields(key: str) -> None:
    e = refused(position(**{key: None}))
    assert e.code == "bad_position"
    assert e.message.startswith(f"{key}:")
    assert "missing" in e.message
    assert e.params["field"] == key


def test_unknown_field() -> None:
    e = refused(position(colour="red"))
    assert e.code == "bad_position"
    assert "colour" in e.message
    assert e.params["field"] == "colour"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"hands": "7H 7S"}, "hands"),
        ({"hands": [["7H"], ["AS"], ["QC"], "JD"]}, "hands[3]"),
        ({"hands": [["7H"], ["AS"], ["QC"], [7]]}, "hands[3]"),
        ({"turn": "0"}, "turn"),
        ({"turn": 0.0}, "turn"),
        ({"turn": True}, "turn"),
        ({"dealer": "3"}, "dealer"),
        ({"scores": [0, "10"]}, "scores"),
        ({"scores": [0, 1.5]}, "scores"),
        ({"scores": 0}, "scores"),
        ({"scores": [0, False]}, "scores"),
        ({"melds": {"0": []}}, "melds"),
        ({"melds": ["KH KS KD", []]}, "melds[0]"),
        ({"melds": [["KH KS KD"], []]}, "melds[0][0]"),
        ({"red_threes": "3H"}, "red_threes"),
        ({"discard": "5C 9D"}, "discard"),
        ({"stock": {"top": "4H"}}, "stock"),
        ({"melded_this_hand": [1, 0, 0, 0]}, "melded_this_hand"),
        ({"melded_this_hand": [True, False]}, "melded_this_hand"),
        ({"fresh": "yes"}, "fresh"),
        ({"concealed": 1}, "concealed"),
        ({"players": "4"}, "players"),
        ({"variant": 1}, "variant"),
        ({"old_melds": "1"}, "old_melds"),
    ],
)
def test_wrong_types(changes: dict[str, Any], field: str) -> None:
    e = refused(position(**changes))
    assert e.code == "bad_position"
    assert e.message.startswith(f"{field}:"), e.message


@pytest.mark.parametrize("hands", [[["7H"], ["AS"], ["QC"]], [[], [], [], [], []], []])
def test_wrong_number_of_hands(hands: list[list[str]]) -> None:
    e = refused(position(hands=hands))
    assert e.code == "bad_position"
    assert e.message == "hands: expected 4 hands"


def test_wrong_number_of_hands_for_the_player_count() -> None:
    e = refused(position(players=6))
    assert e.message == "hands: expected 6 hands"
    e = refused(position(melded_this_hand=[True, False, False]))
    assert e.message == "melded_this_hand: expected 4 booleans"
    e = refused(position(scores=[0, 0, 0]))
    assert e.message == "scores: expected 2 integers"
    e = refused(position(melds=[[], [], []]))
    assert e.message.startswith("melds: expected 2")
    e = refused(position(red_threes=[[]]))
    assert e.message.startswith("red_threes: expected 2")


@pytest.mark.parametrize(
    ("changes", "field", "text"),
    [
        ({"hands": [["7H", "ZZ"], ["AS"], ["QC"], ["JD"]]}, "hands[0]", "'ZZ'"),
        ({"hands": [["7H"], ["AS"], ["QC"], ["1H"]]}, "hands[3]", "'1H'"),
        ({"melds": [[["KH", "KS", "KX"]], []]}, "melds[0][0]", "'KX'"),
        ({"discard": ["5C", "9Z"]}, "discard", "'9Z'"),
        ({"stock": ["4H", ""]}, "stock", "''"),
        ({"red_threes": [["3X"], []]}, "red_threes[0]", "'3X'"),
    ],
)
def test_bad_card(changes: dict[str, Any], field: str, text: str) -> None:
    e = refused(position(**changes))
    assert e.code == "bad_position"
    assert e.message.startswith(f"{field}:"), e.message
    assert text in e.message


@pytest.mark.parametrize(
    ("changes", "card", "count", "limit"),
    [
        ({"hands": [["KH", "KH"], ["KH"], [], []], "melds": [[], []]}, "KH", 3, 2),
        ({"stock": ["5C", "5C"]}, "5C", 3, 2),  # one in the pile already, two in the stock
        ({"hands": [["JK", "JK"], ["JK"], ["JK"], ["JK"]]}, "JK", 5, 4),
        ({"players": 6, "melded_this_hand": None, "hands": [["JK", "JK"], ["JK"], ["JK"], ["JK"], ["JK"], ["JK"]]}, "JK", 7, 6),
        ({"players": 6, "melded_this_hand": None, "hands": [["QS"], ["QS"], ["QS"], ["QS"], [], []]}, "QS", 4, 3),
    ],
)
def test_too_many_copies(changes: dict[str, Any], card: str, count: int, limit: int) -> None:
    e = refused(position(**changes))
    assert e.code == "too_many_copies"
    assert card in e.message
    assert (e.params["card"], e.params["count"], e.params["limit"]) == (card, count, limit)


def test_as_many_copies_as_the_decks_hold_is_fine() -> None:
    from_position(position(hands=[["KH"], ["KH"], [], []], melds=[[], []]))
    from_position(position(hands=[["JK", "JK"], ["JK"], ["JK"], []]))
    from_position(position(players=6, melded_this_hand=None, hands=[["QS"], ["QS"], ["QS"], [], [], []]))


@pytest.mark.parametrize(
    "meld",
    [
        ["KH", "2C", "JK"],  # one natural
        ["KH", "QS", "JD"],  # mixed ranks
        ["KH", "KS"],  # too small
        ["2C", "2D", "JK"],  # wild cards alone
        ["3H", "3D", "3H"],  # red 3s never meld
        ["KH", "KS", "KD", "2C", "2D", "2H", "JK"],  # four wild cards
        ["3S", "3C"],  # two black 3s
    ],
)
def test_illegal_meld_in_melds(meld: list[str]) -> None:
    e = refused(position(melds=[[meld], []], hands=[[], [], [], []]))
    assert e.code == "bad_position"
    assert e.message.startswith("melds[0][0]:"), e.message
    assert e.params["field"] == "melds"


def test_two_melds_of_the_same_rank() -> None:
    e = refused(position(melds=[[], [["9H", "9S", "9D"], ["9C", "9C", "2H"]]]))
    assert e.code == "bad_position"
    assert "melds[1]" in e.message and "same rank" in e.message


def test_red_threes_hold_only_red_threes() -> None:
    e = refused(position(red_threes=[["3H", "3S"], []]))
    assert e.code == "bad_position"
    assert e.message.startswith("red_threes:")


@pytest.mark.parametrize("phase", ["dance", "DRAW", "", 1, None])
def test_bad_phase(phase: Any) -> None:
    data = position()
    data["phase"] = phase
    e = refused(data)
    assert e.code == "bad_position"
    assert e.message.startswith("phase:")
    assert e.params["field"] == "phase"


@pytest.mark.parametrize(("key", "value"), [("turn", 4), ("turn", -1), ("dealer", 4), ("dealer", -1),
                                             ("out_seat", 4), ("asker", 7), ("old_melds", -1)])
def test_seat_out_of_range(key: str, value: int) -> None:
    e = refused(position(**{key: value}))
    assert e.code == "bad_position"
    assert e.message == f"{key}: {value} is out of range"
    assert e.params["field"] == key


def test_turn_range_follows_the_player_count() -> None:
    hands = [[] for _ in range(6)]
    six = {"players": 6, "hands": hands, "melded_this_hand": None}
    assert from_position(position(**six, turn=5, dealer=4)).turn == 5
    e = refused(position(**six, turn=6))
    assert e.message == "turn: 6 is out of range"


def test_answer_phase_needs_a_partner_as_asker() -> None:
    s = from_position(position(phase="answer", turn=2))
    assert s.asker == 0  # the partner who asked
    e = refused(position(phase="answer", turn=2, asker=1))
    assert e.message.startswith("asker:")
    e = refused(position(phase="answer", turn=2, asker=2))
    assert e.message.startswith("asker:")


@pytest.mark.parametrize(("key", "value"), [("permission", "maybe"), ("ending", "fell_asleep")])
def test_bad_turn_fields(key: str, value: str) -> None:
    e = refused(position(**{key: value}))
    assert e.code == "bad_position"
    assert e.message.startswith(f"{key}:")


@pytest.mark.parametrize("variant", ["hand-and-foot", "Classic", "Samba", "modern_american"])
def test_unknown_variant(variant: str) -> None:
    e = refused(position(variant=variant))
    assert e.code == "bad_position"
    assert "variant" in e.message and repr(variant) in e.message


def test_unsupported_player_count() -> None:
    e = refused(position(players=5, hands=[[]] * 5))
    assert e.code == "bad_position"
    assert "5" in e.message and "classic" in e.message


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        ({"nonsense": 1}, "'nonsense'"),
        ({"target": "high"}, "'target'"),
        ({"players": 5}, "'players'"),
        ({"sequence_max": 1}, "'sequence_max'"),
        ([["target", 1]], "rules"),
        pytest.param({"card_values": ["JK", 50]}, "'card_values'"),
    ],
)
def test_bad_rules_override(rules: Any, text: str) -> None:
    e = refused(position(rules=rules))
    assert e.code == "bad_position"
    assert text in e.message
    assert e.params["field"] == "rules"
