"""Shared deals and duplicate results (issue 41): a game started at a later hand of a seed
deals that hand's cards, the expert's score on a deal is deterministic, and the deal of
the day's seed comes from the date alone (canasta.game, canasta.host ``start``,
canasta.duplicate)."""

from __future__ import annotations

import json

import pytest
from host_calls import call

from canasta.duplicate import DAILY_SEED_BITS, daily, daily_seed, expert_result
from canasta.errors import CanastaError, NotationError
from canasta.game import Game
from canasta.host import Host


def played_to(seed: int, hands: int, players: int = 4) -> Game:
    """A game of ``seed`` played by the bots until hand ``hands`` is dealt."""
    h = Host()
    call(h.new_game(json.dumps({"seed": seed, "players": players, "humans": [], "bot": "basic"})))
    while True:
        snap = call(h.bot_step())["snapshot"]
        if snap["hand_over"]:
            if snap["view"]["hand_number"] == hands:
                break
            call(h.next_hand())
    game = h._game
    assert game is not None
    game.next_hand()
    return game


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_started_at_hand_3_deals_the_cards_of_that_hand(players: int) -> None:
    played = played_to(11, 2, players)
    assert played.hand_number == 3
    later = Game("classic", 11, players=players, first_hand=3, scores=played.scores)
    assert later.state == played.state  # every hand, the pile, the stock, the dealer, the scores
    assert later.view(0)["hand_number"] == 3
    assert later.view(0)["scores"] == list(played.scores)


def test_the_scores_change_the_minimum_not_the_cards() -> None:
    a = Game("classic", 5, first_hand=2)
    b = Game("classic", 5, first_hand=2, scores=(1600, 0))
    assert a.state.hands == b.state.hands and a.state.stock == b.state.stock
    assert a.state.scores != b.state.scores
    assert Game("classic", 5).state.hands != a.state.hands


def test_a_later_hand_survives_the_record() -> None:
    game = Game("classic", 9, first_hand=4, scores=(300, 2100))
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    record = game.record()
    assert record["first_hand"] == 4 and record["start_scores"] == [300, 2100]
    again = Game.from_record(json.dumps(record))
    assert again.state == game.state and again.hand_number == 4
    assert "first_hand" not in Game("classic", 9).record()  # records of ordinary games are unchanged


@pytest.mark.parametrize("first_hand, scores", [(0, None), (201, None), (True, None), (2, (1, 2, 3)), (2, ("1", 0))])
def test_a_bad_start_is_refused(first_hand: int, scores: tuple[int, ...] | None) -> None:
    with pytest.raises(NotationError):
        Game("classic", 1, first_hand=first_hand, scores=scores)


def test_the_host_starts_saves_and_loads_a_later_hand() -> None:
    h = Host()
    options = {"seed": 11, "players": 2, "start": {"hand": 3, "scores": [120, 455]}}
    snap = call(h.new_game(json.dumps(options)))
    assert snap["ok"] and snap["view"]["hand_number"] == 3 and snap["view"]["game_scores"] == [120, 455]
    assert snap["options"]["start"] == {"hand": 3, "scores": [120, 455]}
    assert snap["view"]["hand"] == Game("classic", 11, players=2, first_hand=3).view(0)["hand"]
    save = h.save()
    loaded = call(Host().load(save))
    assert loaded["ok"] and loaded["snapshot"]["view"] == snap["view"]
    tampered = json.loads(save)
    tampered["options"]["start"]["hand"] = 2
    assert call(Host().load(json.dumps(tampered)))["error"]["code"] == "bad_save"


@pytest.mark.parametrize("start", [{"hand": 0, "scores": [0, 0]}, {"hand": 2, "scores": [0]}, {"hand": 2},
                                   {"hand": 2, "scores": [0, 0], "x": 1}, [2], {"hand": 2, "scores": [0, 10 ** 9]}])
def test_the_host_refuses_a_bad_start(start: object) -> None:
    h = Host()
    out = call(h.new_game(json.dumps({"seed": 1, "players": 2, "start": start})))
    assert out["error"]["code"] == "bad_options" and out["error"]["params"]["field"] == "start"


def test_the_expert_result_is_deterministic_and_plays_the_players_cards() -> None:
    options = json.dumps({"seed": 7, "players": 2, "bot": "casual", "expert_think_ms": 60})
    first = call(expert_result(options, 0))
    assert first == call(expert_result(options, 0))  # no think cap: the same on every machine
    assert first["ok"] and first["seat"] == 0 and first["side"] == 0 and first["hand"] == 1
    assert first["score"] == first["totals"][0] and first["against"] == first["totals"][1] and len(first["totals"]) == 2
    other = call(expert_result(options, 1))
    assert other["side"] == 1 and other["score"] == other["totals"][1]


def test_the_expert_result_of_a_later_hand_is_that_hands() -> None:
    out = call(expert_result(json.dumps({"seed": 7, "players": 2, "bot": "basic",
                                         "start": {"hand": 3, "scores": [100, 200]}}), 1))
    assert out["ok"] and out["hand"] == 3


@pytest.mark.parametrize("options, seat, code", [("{", 0, "bad_options"), ('{"seed": 1, "players": 2}', 2, "bad_seat"),
                                                 ('{"players": 2}', 0, "bad_options"), ("[]", 0, "bad_request"),
                                                 ('{"seed": 1}', True, "bad_request")])
def test_the_expert_result_refuses_bad_requests(options: str, seat: int, code: str) -> None:
    out = call(expert_result(options, seat))
    assert out["ok"] is False and out["error"]["code"] == code


def test_the_deal_of_the_day_comes_from_the_date_alone() -> None:
    seed = daily_seed("2026-12-04")
    assert seed == daily_seed("2026-12-04") and 0 <= seed < 2 ** DAILY_SEED_BITS
    assert len(str(2 ** DAILY_SEED_BITS - 1)) <= 15  # the page's ?seed takes at most 15 digits
    assert seed != daily_seed("2026-12-05")
    assert call(daily("2024-02-29"))["seed"] == daily_seed("2024-02-29")


@pytest.mark.parametrize("date", ["2026-13-01", "2026-02-29", "2026-4-01", "today", "", "2026-04-31"])
def test_a_bad_date_is_refused(date: str) -> None:
    with pytest.raises(CanastaError):
        daily_seed(date)
    assert call(daily(date))["error"]["code"] == "bad_request"


def test_a_shared_deals_game_replays_under_its_own_hand_number() -> None:
    from canasta.replay import hand_frames

    h = Host()
    call(h.new_game(json.dumps({"seed": 3, "players": 2, "humans": [], "bot": "basic",
                                "start": {"hand": 4, "scores": [0, 300]}})))
    while not call(h.bot_step())["snapshot"]["hand_over"]:
        pass
    frames = hand_frames(json.loads(h.save())["record"], 1)
    assert {f["snapshot"]["view"]["hand_number"] for f in frames["frames"]} == {4}
    assert frames["frames"][-1]["move"]["hand"] == 4
