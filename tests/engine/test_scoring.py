"""Scoring a finished hand (RULES.md 2 "Scoring a hand", 2.1), computed by hand."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.notation import from_position
from canasta.scoring import score_hand


def finished(players: int = 4, **fields: Any) -> dict[str, Any]:
    """A finished position: everything empty unless given."""
    sides = 3 if players == 3 else 2
    p: dict[str, Any] = {
        "variant": "classic", "players": players, "turn": 0, "phase": "over", "ending": "went_out",
        "out_seat": 0, "hands": [[] for _ in range(players)], "melds": [[] for _ in range(sides)],
        "red_threes": [[] for _ in range(sides)],
    }
    p.update(fields)
    return p


def lines(position: dict[str, Any]) -> list[dict[str, tuple[int, int]]]:
    """Per side: line name -> (points, count)."""
    sheet = score_hand(from_position(position))
    return [{x.name: (x.points, x.count) for x in s.lines} for s in sheet]


def totals(position: dict[str, Any]) -> list[int]:
    return [s.total for s in score_hand(from_position(position))]


# ----------------------------------------------------------------- a full example
EXAMPLE = finished(
    melds=[
        [
            ["7S", "7S", "7H", "7H", "7D", "7D", "7C"],  # natural canasta: 7 x 5 = 35, +500
            ["KS", "KS", "KH", "KH", "KD", "2C", "JK"],  # mixed canasta: 5 x 10 + 20 + 50 = 120, +300
            ["AS", "AH", "2D"],  # 20 + 20 + 20 = 60
        ],
        [["QS", "QH", "QD"]],  # 30
    ],
    red_threes=[["3H", "3D"], ["3H"]],
    hands=[[], ["AS", "2S", "JK"], ["5C", "9D"], ["4H", "3S"]],
)


def test_example_lines() -> None:
    side0, side1 = lines(EXAMPLE)
    assert side0 == {
        "melds": (215, 17),
        "natural_canastas": (500, 1),
        "mixed_canastas": (300, 1),
        "red_threes": (200, 2),
        "going_out": (100, 0),
        "hand_penalty": (-15, 2),  # seat 2: 5C 5 + 9D 10
    }
    assert side1 == {
        "melds": (30, 3),
        "red_threes": (100, 1),
        "hand_penalty": (-100, 5),  # seat 1: A 20 + 2 20 + JK 50; seat 3: 4 5 + black 3 5
    }


def test_example_totals() -> None:
    assert totals(EXAMPLE) == [215 + 800 + 200 + 100 - 15, 30 + 100 - 100] == [1300, 30]
    sheet = score_hand(from_position(EXAMPLE))
    for s in sheet:
        assert s.total == sum(x.points for x in s.lines)
        d = s.to_dict()
        assert d["total"] == s.total and d["side"] == s.side
        assert [x["name"] for x in d["lines"]] == [x.name for x in s.lines]


def test_the_partner_going_out_earns_the_bonus_for_the_side() -> None:
    p = dict(EXAMPLE, out_seat=2, hands=[["5C", "9D"], ["AS", "2S", "JK"], [], ["4H", "3S"]])
    side0, side1 = lines(p)
    assert side0["going_out"] == (100, 0)
    assert "going_out" not in side1
    assert totals(p) == [1300, 30]


def test_opponents_going_out() -> None:
    p = dict(EXAMPLE, out_seat=3, hands=[["5C"], ["AS", "2S", "JK"], ["9D"], []])
    side0, side1 = lines(p)
    assert "going_out" not in side0
    assert side1["going_out"] == (100, 0)
    assert side1["hand_penalty"] == (-90, 3)
    assert totals(p) == [1300 - 100, 30 + 100 + 10]


def test_concealed_going_out_scores_200() -> None:
    p = finished(concealed=True, melds=[[["8S", "8S", "8H", "8H", "8D", "8D", "2C"], ["AS", "AH", "AD"]], []],
                 hands=[[], ["KH"], ["QH", "QS"], []])
    side0, side1 = lines(p)
    assert side0 == {"melds": (6 * 10 + 20 + 60, 10), "mixed_canastas": (300, 1), "going_out_concealed": (200, 0),
                     "hand_penalty": (-20, 2)}
    assert "going_out" not in side0
    assert side1 == {"melds": (0, 0), "hand_penalty": (-10, 1)}
    assert totals(p) == [140 + 300 + 200 - 20, -10]


@pytest.mark.parametrize("ending", ["stock_out", "three_last"])
def test_no_going_out_bonus_when_the_stock_ran_out(ending: str) -> None:
    p = dict(EXAMPLE, ending=ending, out_seat=-1, hands=[["JK"], ["AS", "2S", "JK"], ["5C", "9D"], ["4H", "3S"]])
    side0, side1 = lines(p)
    assert "going_out" not in side0 and "going_out_concealed" not in side0
    assert side0["hand_penalty"] == (-65, 3)
    assert totals(p) == [215 + 800 + 200 - 65, 30]


def test_a_canasta_past_seven_cards_is_one_canasta() -> None:
    p = finished(melds=[[["9S", "9S", "9H", "9H", "9D", "9D", "9C", "9C"],
                         ["6S", "6H", "6D", "6C", "6S", "6H", "2C", "2D", "JK", "6D"]], []])
    side0, _ = lines(p)
    assert side0["natural_canastas"] == (500, 1)
    assert side0["mixed_canastas"] == (300, 1)
    assert side0["melds"] == (80 + 7 * 5 + 40 + 50, 18)


def test_six_cards_are_not_a_canasta() -> None:
    p = finished(melds=[[["9S", "9S", "9H", "9H", "9D", "9D"]], []])
    side0, _ = lines(p)
    assert "natural_canastas" not in side0
    assert totals(p)[0] == 60 + 100


def test_black_threes_melded_when_going_out_count_their_card_value() -> None:
    p = finished(melds=[[["9S", "9S", "9H", "9H", "9D", "9D", "9C"], ["3S", "3S", "3C"]], []])
    side0, _ = lines(p)
    assert side0["melds"] == (70 + 15, 10)
    assert side0["natural_canastas"] == (500, 1)
    assert "mixed_canastas" not in side0  # a meld of black 3s is not a canasta


# ----------------------------------------------------------------- red threes
@pytest.mark.parametrize(("threes", "bonus"), [(["3H"], 100), (["3H", "3D"], 200), (["3H", "3D", "3H"], 300),
                                               (["3H", "3D", "3H", "3D"], 800)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_red_threes_100_each_800_for_four(players: int, threes: list[str], bonus: int) -> None:
    sides = 3 if players == 3 else 2
    melds: list[list[list[str]]] = [[["KS", "KH", "KD"]]] + [[] for _ in range(sides - 1)]
    red: list[list[str]] = [threes] + [[] for _ in range(sides - 1)]
    p = finished(players, melds=melds, red_threes=red, ending="stock_out", out_seat=-1)
    assert lines(p)[0]["red_threes"] == (bonus, len(threes))
    assert totals(p)[0] == 30 + bonus


@pytest.mark.parametrize(("threes", "bonus"), [(["3H"], 100), (["3H", "3D"], 200), (["3H", "3D", "3H", "3D"], 800)])
def test_red_threes_count_against_a_side_without_a_meld(threes: list[str], bonus: int) -> None:
    p = finished(melds=[[["KS", "KH", "KD"]], []], red_threes=[[], threes], hands=[[], ["5H"], [], []])
    _, side1 = lines(p)
    assert side1 == {"melds": (0, 0), "red_threes": (-bonus, len(threes)), "hand_penalty": (-5, 1)}
    assert totals(p)[1] == -bonus - 5


@pytest.mark.parametrize(("count", "bonus"), [(1, 100), (3, 300), (4, 400), (5, 1000), (6, 1200)])
def test_six_player_red_three_table(count: int, bonus: int) -> None:
    threes = ["3H", "3H", "3H", "3D", "3D", "3D"][:count]
    p = finished(6, melds=[[["KS", "KH", "KD"]], []], red_threes=[threes, []])
    assert lines(p)[0]["red_threes"] == (bonus, count)
    # negative without a meld
    q = finished(6, melds=[[], [["KS", "KH", "KD"]]], red_threes=[threes, []], out_seat=1)
    assert lines(q)[0]["red_threes"] == (-bonus, count)


# ----------------------------------------------------------------- hand penalties
@pytest.mark.parametrize(
    ("card", "value"),
    [("JK", 50), ("2C", 20), ("AH", 20), ("KS", 10), ("QD", 10), ("JC", 10), ("TH", 10), ("9S", 10), ("8D", 10),
     ("7C", 5), ("6H", 5), ("5S", 5), ("4D", 5), ("3S", 5), ("3C", 5)],
)
def test_hand_penalty_per_card_value(card: str, value: int) -> None:
    p = finished(hands=[[], [card], [], [card]], melds=[[["KS", "KH", "KD"]], []] if card[0] != "K" else
                 [[["QS", "QH", "QD"]], []])
    _, side1 = lines(p)
    assert side1["hand_penalty"] == (-2 * value, 2)
    assert totals(p)[1] == -2 * value


def test_three_players_score_alone() -> None:
    p = finished(3, out_seat=1,
                 melds=[[["KS", "KH", "KD"]], [["5S", "5H", "5D", "5C", "5S", "5H", "2C"]], []],
                 red_threes=[[], [], ["3H"]],
                 hands=[["AS"], [], ["7C", "7D"]])
    assert lines(p) == [
        {"melds": (30, 3), "hand_penalty": (-20, 1)},
        {"melds": (50, 7), "mixed_canastas": (300, 1), "going_out": (100, 0)},
        {"melds": (0, 0), "red_threes": (-100, 1), "hand_penalty": (-10, 2)},
    ]
    assert totals(p) == [10, 450, -110]


def test_six_players_sum_the_hands_of_three_partners() -> None:
    p = finished(6, out_seat=0, melds=[[["8S", "8H", "8D", "8C", "8S", "8H", "8D"]], [["QS", "QH", "QD"]]],
                 hands=[[], ["AS"], ["4C"], ["JK"], ["TC", "TD"], ["2H"]])
    side0, side1 = lines(p)
    assert side0["hand_penalty"] == (-25, 3)  # seats 0, 2, 4
    assert side1["hand_penalty"] == (-90, 3)  # seats 1, 3, 5
    assert totals(p) == [70 + 500 + 100 - 25, 30 - 90]


# ----------------------------------------------------------------- going out concealed, played
def _play_position(hand: list[str], **fields: Any) -> dict[str, Any]:
    p: dict[str, Any] = {
        "variant": "classic", "players": 4, "turn": 0, "phase": "play",
        "hands": [hand, ["5H", "6H"], ["9C", "9S"], ["8C"]],
        "melds": [[["KS", "KH", "KD"]], [["JS", "JH", "JD"]]],
        "discard": ["TH"], "stock": ["AS", "AH"],
        "melded_this_hand": [False, False, True, False],
    }
    p.update(fields)
    return p


def _play(position: dict[str, Any], *actions: str) -> Any:
    from canasta.actions import parse_action
    from canasta.play import apply

    state = from_position(position)
    for a in actions:
        state = apply(state, parse_action(a))
    return state


def test_melding_the_whole_hand_in_one_turn_is_concealed() -> None:
    state = _play(_play_position(["7S", "7S", "7H", "7H", "7D", "7D", "7C", "QS", "QH", "QD"]),
                  "meld 7S 7S 7H 7H 7D 7D 7C", "meld QS QH QD")
    assert state.over and state.concealed and state.out_seat == 0
    side0, side1 = lines_of(state)
    assert side0["going_out_concealed"] == (200, 0)
    assert side0["melds"] == (30 + 35 + 30, 13)
    assert totals_of(state) == [30 + 35 + 30 + 500 + 200 - 20, 30 - 20]


def test_adding_to_the_partners_meld_is_not_concealed() -> None:
    state = _play(_play_position(["7S", "7S", "7H", "7H", "7D", "7D", "7C", "KC"]),
                  "add K KC", "meld 7S 7S 7H 7H 7D 7D 7C")
    assert state.over and not state.concealed
    side0, _ = lines_of(state)
    assert side0["going_out"] == (100, 0)
    assert "going_out_concealed" not in side0


def test_a_player_who_melded_before_does_not_go_out_concealed() -> None:
    pos = _play_position(["7S", "7S", "7H", "7H", "7D", "7D", "7C"], melded_this_hand=[True, False, True, False])
    state = _play(pos, "meld 7S 7S 7H 7H 7D 7D 7C")
    assert state.over and not state.concealed
    assert lines_of(state)[0]["going_out"] == (100, 0)


def test_concealed_going_out_needs_no_initial_minimum() -> None:
    # Side 0 has not opened and needs 120 (score 3000); 7 fours are 35 points, but a
    # concealed going out with a canasta needs no minimum (Pagat).
    pos = _play_position(["4S", "4S", "4H", "4H", "4D", "4D", "4C"], melds=[[], [["JS", "JH", "JD"]]],
                         scores=[3000, 0], melded_this_hand=[False, False, False, False])
    state = _play(pos, "meld 4S 4S 4H 4H 4D 4D 4C")
    assert state.over and state.concealed
    assert totals_of(state)[0] == 35 + 500 + 200 - 20
    # The same cards without going out are refused: below the minimum.
    from canasta.errors import IllegalAction

    pos["hands"][0] = ["4S", "4S", "4H", "4H", "4D", "4D", "4C", "9D", "9H"]
    with pytest.raises(IllegalAction) as e:
        _play(pos, "meld 4S 4S 4H 4H 4D 4D 4C")
    assert e.value.code == "initial_meld_too_low"


def lines_of(state: Any) -> list[dict[str, tuple[int, int]]]:
    return [{x.name: (x.points, x.count) for x in s.lines} for s in score_hand(state)]


def totals_of(state: Any) -> list[int]:
    return [s.total for s in score_hand(state)]


def test_house_rules_black_threes_line_only_when_black_threes_were_held() -> None:
    """Seed 004 (maison): going out holding black 3s scores +100 each; going out the
    ordinary way, with an empty hand, writes no such line."""
    canasta = [["8S", "8S", "8H", "8H", "8D", "8D", "8C"]]
    ordinary = finished(variant="maison", melds=[canasta, []], hands=[[], ["KH"], [], []])
    assert "black_threes_going_out" not in lines(ordinary)[0]
    held = finished(variant="maison", melds=[canasta, []], hands=[["3S", "3C"], ["KH"], [], []])
    assert lines(held)[0]["black_threes_going_out"] == (200, 2)
