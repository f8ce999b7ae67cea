"""Undo for misclicks (``canasta.undo``, ``Host.undo``; issue 40): a seat takes back its
own last actions of the turn, its discard until the next seat acts, never a draw or a
taken pile nor anything before one; the game without the action is the record replayed
without it, so a save made before the action and the game after the undo are the same."""

from __future__ import annotations

import json
from functools import lru_cache

from canasta import undo
from canasta.game import Game
from canasta.host import Host
from host_calls import call, to_human_turn


@lru_cache(maxsize=None)
def meld_seed() -> tuple[int, str]:
    """A 2-player seed where seat 0 can lay one meld right after its first draw."""
    for seed in range(1, 300):
        h = Host()
        call(h.new_game(json.dumps({"seed": seed, "players": 2, "bot": "basic"})))
        if to_human_turn(h)["view"]["phase"] != "draw":
            continue
        legal = call(h.play(0, "draw"))["snapshot"]["legal"]
        melds = [a for a in legal if a.startswith("meld ") and "|" not in a]
        if melds:
            return seed, melds[0]
    raise AssertionError("no seed lets seat 0 meld on its first turn")


def drawn() -> tuple[Host, str]:
    """A host at seat 0's first turn after its draw, and a meld it may lay."""
    seed, meld = meld_seed()
    h = Host()
    call(h.new_game(json.dumps({"seed": seed, "players": 2, "bot": "basic"})))
    to_human_turn(h)
    assert call(h.play(0, "draw"))["ok"]
    return h, meld


def refused(h: Host) -> str:
    out = call(h.undo(0))
    assert out["ok"] is False and out["error"]["code"] == "nothing_to_undo", out
    return str(out["error"]["params"]["reason"])


def test_a_meld_is_taken_back_and_the_game_is_as_before() -> None:
    h, meld = drawn()
    before = call(h.save())
    snap = call(h.play(0, meld))["snapshot"]
    assert snap["undo"] is True
    out = call(h.undo(0))
    assert out["ok"] is True and out["undone"] == meld
    assert call(h.save()) == before
    assert out["snapshot"]["undo"] is False  # the draw is next: a hidden card
    assert out["snapshot"]["moves"] == snap["moves"] - 1
    assert refused(h) == "hidden_card"
    assert call(h.save()) == before  # a refusal changes nothing


def test_a_discard_is_taken_back_until_the_next_seat_acts() -> None:
    h, _ = drawn()
    card = call(h.snapshot(0))["view"]["hand"][0]
    before = call(h.save())
    snap = call(h.play(0, f"discard {card}"))["snapshot"]
    assert not snap["human_turn"] and snap["undo"] is True
    out = call(h.undo(0))
    assert out["ok"] and out["undone"] == f"discard {card}" and out["snapshot"]["human_turn"]
    assert call(h.save()) == before
    call(h.play(0, f"discard {card}"))
    assert call(h.bot_step())["ok"]  # the next seat acts: the discard stands
    assert refused(h) == "next_seat"


def test_several_actions_of_a_turn_come_back_one_at_a_time_down_to_the_draw() -> None:
    h, meld = drawn()
    saves = [call(h.save())]
    call(h.play(0, meld))
    saves.append(call(h.save()))
    card = call(h.snapshot(0))["view"]["hand"][0]
    call(h.play(0, f"discard {card}"))
    for save in reversed(saves):
        assert call(h.undo(0))["ok"]
        assert call(h.save()) == save
    assert refused(h) == "hidden_card"


def test_nothing_at_the_hand_start_and_never_for_a_bots_seat() -> None:
    seed, _ = meld_seed()
    h = Host()
    snap = call(h.new_game(json.dumps({"seed": seed, "players": 2, "bot": "basic", "humans": [0, 1]})))
    assert snap["undo"] is False and snap["moves"] == 0
    assert refused(h) == "no_move"
    b = Host()
    call(b.new_game(json.dumps({"seed": seed, "players": 2, "bot": "basic"})))
    out = call(b.undo(1))
    assert out["error"]["code"] == "bad_seat", out


def test_undo_survives_a_save_and_a_load() -> None:
    h, meld = drawn()
    before = call(h.save())
    call(h.play(0, meld))
    reloaded = Host()
    snap = call(reloaded.load(h.save()))["snapshot"]
    assert snap["undo"] is True
    assert call(reloaded.undo(0))["ok"]
    assert call(reloaded.save()) == before
    assert [e["action"] for e in call(reloaded.snapshot(0))["log"]][-1] == "draw"


def test_ask_binds_and_a_scored_hand_is_final() -> None:
    g = Game("classic", seed=3, players=4)
    assert undo.refusal(g, 0) == "no_move"
    while not g.hand_over:
        g.apply(g.legal_actions()[0])
        seat = undo.last_actor(g)
        verb = g.hand_actions[-1][-1].split()[0]
        reason = undo.refusal(g, seat)
        if g.hand_over:
            assert reason == "hand_over"
        elif verb in ("ask", "answer", "pass"):
            assert reason == "binding"
        elif verb in ("draw", "take"):
            assert reason == "hidden_card"
        else:
            assert reason == ""
            assert undo.refusal(g, (seat + 1) % 4) == "next_seat"
