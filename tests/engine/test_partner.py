"""The partner figures a match counts (``canasta.lab.partner``; docs/bots.md "Partner
figures"): hands played from written positions, counted by ``hand_counts``."""

from __future__ import annotations

from typing import Any

from canasta import variants
from canasta.actions import Action, parse_action
from canasta.lab.match import Side, play_deal
from canasta.lab.partner import BIG_HAND, PartnerCounts, going_out_now, hand_counts, margins
from canasta.notation import from_position
from canasta.play import apply
from canasta.state import HandState


def play(position: dict[str, Any], actions: list[str]) -> tuple[list[tuple[HandState, Action]], HandState]:
    state = from_position({"variant": "classic", "players": 4, **position})
    steps = []
    for text in actions:
        action = parse_action(text)
        steps.append((state, action))
        state = apply(state, action)
    return steps, state


#: Side 0 holds a canasta of kings; seat 0 can go out with its three nines and a 5.
GOING_OUT = {
    "turn": 0, "phase": "play",
    "hands": [["9C", "9D", "9H", "5S"], ["5C", "5D", "8S"], ["JK", "JK", "4C"], ["AS", "QS"]],
    "melds": [[["KH", "KS", "KD", "KC", "KH", "KS", "KD"]], [["QH", "QD", "QC"]]],
    "melded_this_hand": [True, True, True, True], "discard": ["8C"], "stock": ["JC", "7H"]}


def test_a_yes_is_right_when_the_side_wins_the_hand_and_the_big_hand_is_counted() -> None:
    steps, final = play(GOING_OUT, ["ask", "answer yes", "meld 9C 9D 9H", "discard 5S"])
    assert final.over and final.out_seat == 0
    counts = hand_counts(steps, final)
    assert margins(final)[0] > 0
    # seat 2 still held two jokers and a 4: 105 points, a big hand
    assert counts[0] == PartnerCounts(yes=1, yes_right=1, outs=1, outs_big_hand=1)
    assert counts[1] == PartnerCounts()
    assert BIG_HAND == 100


def test_going_out_now_is_the_margin_of_going_out_at_once() -> None:
    """Here the asker lays its nines and discards the cheapest card, as the estimate
    assumes for a table that goes out with a discard, and completes no canasta: the
    estimate is the margin the hand then ends with, exactly."""
    steps, final = play({**GOING_OUT, "variant": "classic"}, ["ask"])
    state = final
    rules = state.rules.replace(go_out_with_discard=True)
    asked = state.with_(rules=rules)
    ended = apply(apply(apply(asked, parse_action("answer yes")), parse_action("meld 9C 9D 9H")),
                  parse_action("discard 5S"))
    assert ended.over
    assert going_out_now(asked) == margins(ended)[0]
    # where going out may lay every card, the estimate lays the 5 too
    assert going_out_now(state) == margins(ended)[0] + 5


def test_a_no_is_right_when_playing_on_did_at_least_as_well() -> None:
    steps, after = play(GOING_OUT, ["ask", "answer no", "discard 5S", "draw"])
    counts = hand_counts(steps, after)
    expected = margins(after)[0] >= going_out_now(steps[1][0])
    assert counts[0] == PartnerCounts(no=1, no_right=int(expected), discards=1)
    # the other way round: a "no" followed by a worse hand is wrong
    worse = after.with_(hands=(after.hands[0], after.hands[1], after.hands[2] + tuple(after.hands[3]) * 10,
                               after.hands[3]))
    assert margins(worse)[0] < going_out_now(steps[1][0])
    assert hand_counts(steps, worse)[0].no_right == 0


def test_a_discard_the_next_opponent_takes_is_counted() -> None:
    position = {**GOING_OUT, "hands": [["9C", "9D", "9H", "5S"], ["5C", "5D", "8S"], ["JK", "4C"], ["AS"]]}
    steps, after = play(position, ["discard 5S", "take 5C 5D"])
    assert hand_counts(steps, after)[0] == PartnerCounts(discards=1, discards_taken=1)
    steps, after = play(position, ["discard 9C", "draw"])
    assert hand_counts(steps, after)[0] == PartnerCounts(discards=1, discards_taken=0)


def test_the_match_adds_the_counts_of_each_bot() -> None:
    rules = variants.get("classic", 4)
    result = play_deal(rules, 1, 0, Side("good"), Side("casual"))
    a, b = result.partner["A"], result.partner["B"]
    assert a.discards > 0 and b.discards > 0
    assert a.outs + b.outs <= 2  # each of the two plays ends once at most by going out
    total = PartnerCounts()
    total.add(a)
    total.add(b)
    assert total.discards == a.discards + b.discards
