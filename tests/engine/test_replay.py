"""Replays of finished hands (``canasta.replay``, the host's ``replay`` request; issue 41).

1. The frames of each hand of a recorded game: the first is the deal, one frame follows
   each of the hand's actions with that action as its move (the record's text, played
   by the seat in turn), every hand is open and every card is accounted for at every
   step, the table matches the game played again step by step, and the last frame holds
   the hand's score sheet.
2. The host's ``replay``: the protocol's envelope; a malformed or inconsistent record,
   a hand it does not hold and a hand not over are refused with stable codes, and the
   game in progress is left as it was.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import pytest

from canasta.bots import get_bot
from canasta.errors import CanastaError
from canasta.game import Game
from canasta.host import ERROR_CODES, Host
from canasta.protocol import PROTOCOL_VERSION
from canasta.replay import hand_frames
from host_calls import call


@lru_cache(maxsize=None)
def played(players: int = 2, hands: int = 2, seed: int = 11) -> tuple[str, tuple[tuple[Any, ...], ...]]:
    """A game played by bots for ``hands`` finished hands: its record (JSON text) and,
    per hand, the states of the hand from the deal on."""
    game = Game("classic", seed=seed, players=players)
    bots = [get_bot("basic", seed * 10 + s) for s in range(players)]
    states: list[tuple[Any, ...]] = []
    for n in range(hands):
        if n:
            game.next_hand()
        hand = [game.state]
        while not game.state.over:
            seat = game.state.turn
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
            hand.append(game.state)
        states.append(tuple(hand))
    return json.dumps(game.record()), tuple(states)


def cards_in(snap: dict[str, Any]) -> int:
    """Every card a frame shows, and the stock's count."""
    v = snap["view"]
    shown = len(v["hand"]) + sum(len(h) for h in snap["shown_hands"].values())
    melded = sum(len(m) for side in v["melds"] for m in side) + sum(len(t) for t in v["red_threes"])
    return shown + melded + len(v["discard"]) + v["stock_size"]


@pytest.mark.parametrize("players", [2, 4])
def test_frames_follow_the_record_with_every_hand_open(players: int) -> None:
    text, states = played(players)
    record = json.loads(text)
    game = Game.from_record(record)
    deck = game.rules.decks * (52 + game.rules.jokers_per_deck)
    for n in (1, 2):
        out = hand_frames(text, n, seat=1)
        actions = record["hands"][n - 1]
        frames = out["frames"]
        assert (out["hand"], out["hands"], out["seat"]) == (n, 2, 1)
        assert len(frames) == len(actions) + 1 == len(states[n - 1])
        assert frames[0]["move"] is None and frames[0]["snapshot"]["moves"] == 0
        for k, (frame, state) in enumerate(zip(frames, states[n - 1])):
            snap = frame["snapshot"]
            v = snap["view"]
            assert v["seat"] == 1 and v["hand_number"] == n and snap["legal"] == []
            # every hand open: the viewer's in its view, the others' shown
            hands = {1: v["hand"], **{int(s): h for s, h in snap["shown_hands"].items()}}
            assert hands == {s: [c.text for c in h] for s, h in enumerate(state.hands)}
            assert cards_in(snap) == deck
            assert v["melds"] == [[[c.text for c in m.cards] for m in ms] for ms in state.melds]
            assert v["discard"] == [c.text for c in state.discard] and v["stock_size"] == len(state.stock)
            if k:
                move = frame["move"]
                assert move["action"] == actions[k - 1] and move["seat"] == states[n - 1][k - 1].turn
                assert move["hand"] == n and snap["log"] == [move]
            assert snap["hand_over"] == (k == len(actions))
        last = frames[-1]["snapshot"]
        sheet = [s.to_dict() for s in game.results[n - 1]]
        assert last["last_hand"] == sheet == out["sheet"]
        assert out["scores"] == [sum(game.results[h][side].total for h in range(n)) for side in range(game.rules.sides)]
        assert frames[0]["snapshot"]["view"]["game_scores"] == \
            [sum(game.results[h][side].total for h in range(n - 1)) for side in range(game.rules.sides)]


def test_the_host_replays_a_record_and_leaves_its_game_alone() -> None:
    text, _ = played()
    h = Host()
    call(h.new_game(json.dumps({"seed": 3, "players": 2})))
    before = h.snapshot(0)
    out = call(h.replay(text, 2, 0))
    assert out["ok"] and out["v"] == PROTOCOL_VERSION and out["hand"] == 2
    assert out == call(h.replay(text, 2.0, 0.0))  # type: ignore[arg-type]  # numbers from JavaScript
    assert out["frames"] == json.loads(json.dumps(hand_frames(text, 2, 0)))["frames"]
    assert h.snapshot(0) == before


def _tampered(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    data["hands"][0][3] = "discard JK"
    return data


@pytest.mark.parametrize("make,hand,seat,code", [
    (lambda t: "not json", 1, 0, "bad_json"),
    (lambda t: json.dumps([1, 2]), 1, 0, "bad_record"),
    (lambda t: json.dumps({**json.loads(t), "version": 2}), 1, 0, "record_version"),
    (lambda t: json.dumps(_tampered(t)), 1, 0, "bad_record"),
    (lambda t: json.dumps({**json.loads(t), "hands": json.loads(t)["hands"][:1] + [["draw"]]}), 2, 0,
     "hand_in_progress"),
    (lambda t: t, 0, 0, "no_such_hand"),
    (lambda t: t, 3, 0, "no_such_hand"),
    (lambda t: t, "1", 0, "no_such_hand"),
    (lambda t: t, True, 0, "no_such_hand"),
    (lambda t: t, 1, 2, "bad_record"),
    (lambda t: 12, 1, 0, "bad_record"),
])
def test_a_bad_request_is_refused_with_a_stable_code(make: Any, hand: Any, seat: Any, code: str) -> None:
    text, _ = played()
    h = Host()
    out = call(h.replay(make(text), hand, seat))
    assert out["ok"] is False and out["v"] == PROTOCOL_VERSION, out
    assert out["error"]["code"] == code, out
    assert code in ERROR_CODES  # listed, so the catalogs explain it


def test_hand_frames_raises_only_canasta_errors() -> None:
    with pytest.raises(CanastaError) as info:
        hand_frames({"format": "canasta-record"}, 1)
    assert info.value.code == "record_version"
