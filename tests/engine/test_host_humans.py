"""Several humans at one host (issue 41, pass-and-play): the engine behind a device that
passes from hand to hand.

Games where two seats are human, played through the JSON API only: the bots stop at
every human seat, each human's snapshot carries its own hand and nothing hidden of the
others (the log names no drawn card), hints and undo answer only the seat they belong
to, and a human's "may I go out?" goes to a human partner, who answers for itself.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from canasta.actions import parse_action
from canasta.bots import get_bot
from canasta.game import Game
from canasta.host import Host
from host_calls import call


def error_code(text: str) -> str:
    out = call(text)
    assert out["ok"] is False, out
    return str(out["error"]["code"])


def true_hands(h: Host) -> list[list[str]]:
    """Every seat's hand as the game holds it, read back from the save (the test's own
    look behind the screens, to compare each seat's snapshot with)."""
    game = Game.from_record(json.loads(h.save())["record"])
    return [[c.text for c in hand] for hand in game.state.hands]


def check_seat(h: Host, seat: int, humans: list[int], hands: list[list[str]]) -> dict[str, Any]:
    """What ``seat`` is shown: its own hand, the others' only as counts."""
    snap = call(h.snapshot(seat))
    v = snap["view"]
    assert v["seat"] == seat and v["hand"] == hands[seat]
    assert v["hand_counts"] == [len(x) for x in hands]
    assert set(snap["kinds"]) == set(hands[seat])  # the kinds of its own cards only
    acting = not snap["hand_over"] and snap["turn"] == seat
    assert bool(snap["legal"]) == acting
    assert snap["human_turn"] == (not snap["hand_over"] and snap["turn"] in humans)
    if not snap["hand_over"]:
        assert snap["left_over"] is None  # the hands are shown once scored (RULES.md 2), not before
    for entry in snap["log"]:
        if entry["record"]["verb"] == "draw":  # the log is public: a draw names no card
            assert entry["record"]["groups"] == [] and "drawn" in entry
    if not acting:
        assert error_code(h.hint(seat)) == "not_your_turn"
    return snap


@pytest.mark.parametrize("humans", [[0, 2], [0, 1]])
def test_two_humans_and_two_bots(humans: list[int]) -> None:
    h = Host()
    snap = call(h.new_game(json.dumps({"players": 4, "seed": 41, "humans": humans, "bot": "basic",
                                       "target": 1500})))
    assert snap["ok"] and snap["options"]["humans"] == humans
    rng = random.Random(41)
    asked = answered_by_human = 0
    actions: list[tuple[int, str]] = []
    hands_played = 0
    while hands_played < 2 and not snap["game_over"]:
        hands = true_hands(h)
        views = {s: check_seat(h, s, humans, hands) for s in humans}
        turn = snap["turn"]
        if snap["hand_over"]:
            hands_played += 1
            for s in humans:  # once scored, every hand is public
                assert views[s]["left_over"] == hands
            if hands_played < 2:
                snap = call(h.next_hand(humans[-1]))
                assert snap["view"]["seat"] == humans[-1]
            continue
        if turn in humans:
            # the bots wait at every human seat, and no one else's undo or hint is served
            assert error_code(h.bot_step()) == "not_bot_turn"
            for other in humans:
                if other != turn:
                    assert error_code(h.undo(other)) == "nothing_to_undo"
            mine = views[turn]
            legal = mine["legal"]
            if "ask" in legal:
                text = "ask"
            else:
                bot = get_bot("basic", rng.randrange(1 << 30))
                text = str(bot.choose(mine["view"], tuple(parse_action(t) for t in legal)))
            if text == "ask":
                asked += 1
            if text.startswith("answer"):
                assert mine["view"]["phase"] == "answer" and mine["view"]["asker"] == (turn + 2) % 4
                answered_by_human += actions[-1] == ((turn + 2) % 4, "ask")
            out = call(h.play(turn, text))
            assert out["ok"], out
            actions.append((turn, text))
            snap = out["snapshot"]
            assert snap["view"]["seat"] == turn
        else:
            # the bots' moves come back as the named human sees them
            viewer = humans[len(actions) % len(humans)]
            out = call(h.bot_step(viewer))
            assert out["ok"], out
            actions.append((out["seat"], out["action"]))
            snap = out["snapshot"]
            assert snap["view"]["seat"] == viewer
    assert hands_played >= 1
    assert {s for s, _ in actions} == {0, 1, 2, 3}
    if humans == [0, 2]:
        # partners both human: a question goes to the other human, never to a bot
        assert asked and answered_by_human == sum(1 for i, (s, a) in enumerate(actions[:-1])
                                                  if a == "ask" and s in humans)
        for i, (seat, a) in enumerate(actions[:-1]):
            if a == "ask":
                assert actions[i + 1][0] == (seat + 2) % 4 and actions[i + 1][1].startswith("answer ")


def test_a_viewer_outside_the_table_is_refused() -> None:
    h = Host()
    call(h.new_game(json.dumps({"players": 4, "seed": 3, "humans": [1, 3]})))
    assert error_code(h.bot_step(7)) == "bad_seat"
    snap = call(h.snapshot(3))
    while snap["human_turn"]:  # to a bot's turn
        snap = call(h.play(snap["turn"], call(h.hint(snap["turn"]))["action"]))["snapshot"]
    out = call(h.bot_step(3))  # a bot plays, and seat 3 is shown
    assert out["ok"] and out["seat"] in (0, 2) and out["snapshot"]["view"]["seat"] == 3
