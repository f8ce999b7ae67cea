"""The host's bot options and hints (issue 5 "In the app").

- ``bot`` (the table's level, default ``good``) and ``bots`` (a level per seat) are
  checked, saved and used; bad levels are refused with ``bad_options``.
- ``hint(seat)``: for a human seat to act, a legal action of its list with a reason code
  from the fixed list; the game is unchanged; refused for a seat that is not to act.
- A human who follows the hints plays whole hands; the partner bot answers the human's
  "may I go out?" and asks its own.
"""

from __future__ import annotations

import json
from typing import Any

from canasta import host
from canasta.bots import ExpertBot
from canasta.bots.hints import HINT_REASONS
from canasta.host import Host
from host_calls import call


def start(h: Host, **options: Any) -> dict[str, Any]:
    snap = call(h.new_game(json.dumps(options)))
    assert snap["ok"] is True, snap
    return snap


def test_levels_in_the_options() -> None:
    h = Host()
    snap = start(h, seed=1, humans=[0])
    assert snap["options"]["bot"] == "good"
    snap = start(h, seed=1, humans=[0], bot=2, bots={"1": "expert", "3": "4"}, expert_rollouts=4)
    opts = snap["options"]
    assert opts["bot"] == "casual" and opts["bots"] == {"1": "expert", "3": "expert"}
    assert opts["expert_rollouts"] == 4 and "expert_think_ms" not in opts
    assert h._bot_name(1) == "expert" and h._bot_name(2) == "casual"
    bot = h._make_bot("expert", 1)
    assert isinstance(bot, ExpertBot) and bot.rollouts == 4 and bot.time_limit is None
    other = Host()
    assert call(other.load(h.save()))["ok"]
    # The app's cap on the expert's think time: saved, loaded, given to every expert.
    snap = start(h, seed=1, humans=[0], bot="expert", expert_think_ms=800)
    assert snap["options"]["expert_think_ms"] == 800
    assert call(other.load(h.save()))["ok"]
    for made in (h._make_bot("expert", 2), other._make_bot("expert", 2)):
        assert isinstance(made, ExpertBot) and made.time_limit == 0.8 and made.rollouts is None
    assert not isinstance(h._make_bot("good", 2), ExpertBot)
    for bad in ({"bot": "oracle"}, {"bot": 7}, {"bots": {"9": "good"}}, {"bots": {"1": "nobody"}},
                {"bots": []}, {"expert_rollouts": 0}, {"expert_rollouts": "many"}, {"expert_think_ms": 49},
                {"expert_think_ms": 10001}, {"expert_think_ms": 0.5}, {"expert_think_ms": "fast"},
                {"expert_think_ms": True}):
        out = call(h.new_game(json.dumps({"seed": 1, **bad})))
        assert out["ok"] is False and out["error"]["code"] == "bad_options", bad


def test_hint_reason_codes_are_listed() -> None:
    out = call(host.hint_reasons())
    assert out["ok"] and set(out["reasons"]) == set(HINT_REASONS)
    assert {"take_pile_value", "go_out", "initial_meld", "complete_canasta", "safe_discard", "keep_pair",
            "draw_stock"} <= set(HINT_REASONS)


def test_hints_are_legal_never_played_and_the_partner_talks() -> None:
    h = Host()
    # A target no single hand reaches: the game goes on past the first hand (at 1500 one
    # hand of this seed ended it, once level 3's Classic weights changed).
    snap = start(h, seed=4, humans=[0], players=4, target=5000, expert_rollouts=3)
    assert call(h.hint(0))["ok"] is (snap["human_turn"] is True)
    codes: set[str] = set()
    actions: list[tuple[int, str]] = []
    hands = 0
    for _ in range(4000):
        if snap["game_over"] or hands >= 3:
            break
        if snap["hand_over"]:
            assert call(h.hint(0))["error"]["code"] == "not_your_turn"
            snap = call(h.next_hand())
            hands += 1
            continue
        if snap["human_turn"]:
            before = h.snapshot(0)
            out = call(h.hint(0))
            assert out["ok"], out
            assert out["action"] in snap["legal"]
            assert out["reason"]["code"] in HINT_REASONS and isinstance(out["reason"]["params"], dict)
            assert h.snapshot(0) == before  # a hint plays nothing
            codes.add(out["reason"]["code"])
            played = call(h.play(0, out["action"]))
            assert played["ok"], played
            actions.append((0, out["action"]))
            snap = played["snapshot"]
        else:
            assert call(h.hint(0))["error"]["code"] == "not_your_turn"
            out = call(h.bot_step())
            assert out["ok"], out
            actions.append((out["seat"], out["action"]))
            snap = out["snapshot"]
    assert hands >= 1
    assert len(codes) >= 3, codes
    # The human's partner (seat 2) answered the human's question, or asked its own.
    texts = [a for _, a in actions]
    for i, (seat, a) in enumerate(actions):
        if a == "ask":
            assert actions[i + 1][0] == (seat + 2) % 4 and actions[i + 1][1].startswith("answer ")
    assert "draw" in texts


def test_an_early_lay_of_wild_cards_has_its_own_reason() -> None:
    """The expert searches lays of wild cards that level 3 would not make (its fitted
    profile: expert.best_wild_lays); a hint suggesting one says why, in its own words."""
    from canasta import variants
    from canasta.actions import Add, Meld
    from canasta.bots import get_bot
    from canasta.bots.basic import _cards_of, _Facts
    from canasta.bots.expert import best_wild_lays
    from canasta.bots.hints import explain
    from canasta.game import Game

    rules = variants.get("classic", 4)
    found = 0
    for seed in range(40):
        game = Game(rules, seed=seed)
        while not game.hand_over and found < 5:
            seat = game.state.turn
            view = game.view(seat)
            legal = tuple(game.legal_actions())
            if view["phase"] == "play" and view["melds"][view["side"]]:
                f = _Facts(view)
                for lay in best_wild_lays(f, legal):
                    assert isinstance(lay, (Add, Meld)) and lay in legal
                    cards = _cards_of(lay)
                    assert any(c.wild for c in cards)
                    reason = explain(view, legal, lay)["code"]
                    if len(f.hand) - len(cards) > 1 and not f.end_near() and reason != "complete_canasta":
                        assert reason == "lay_wilds"
                        found += 1
            game.apply(get_bot("good", seed).choose(view, legal))
        if found >= 5:
            break
    assert found >= 5


def bot_game(h: Host, prepare: bool, **options: Any) -> list[str]:
    """Every reply of a hand played by bots, with prepare() before each bot_step or not."""
    out = [h.new_game(json.dumps(options))]
    while not call(out[-1]).get("snapshot", call(out[-1])).get("hand_over"):
        if prepare:
            assert call(h.prepare()) == {"ok": True, "v": 1, "prepared": True}
        out.append(h.bot_step())
    return out


def test_a_prepared_decision_plays_the_same_game() -> None:
    """prepare() decides the next bot's action ahead; bot_step then plays it: the hands are
    the same, reply for reply, as without it (every level, and the expert uncapped)."""
    for variant, players, bot in (("classic", 4, "good"), ("samba", 4, "casual"), ("classic", 2, "beginner"),
                                  ("bolivia", 4, "random"), ("classic", 4, "expert")):
        options = {"variant": variant, "players": players, "seed": 5, "humans": [], "bot": bot, "expert_rollouts": 4}
        assert bot_game(Host(), True, **options) == bot_game(Host(), False, **options), (variant, bot)


def test_a_prepared_decision_is_used_only_at_its_own_state(monkeypatch: Any) -> None:
    h = Host()
    decided: list[int] = []
    real = Host._decide
    monkeypatch.setattr(Host, "_decide", lambda self, game, seat, legal: decided.append(seat) or real(
        self, game, seat, legal))
    start(h, seed=3, humans=[0], players=4)
    snap = call(h.snapshot(0))
    while not snap["human_turn"]:  # bots first, if they are to start: prepared, then played
        assert call(h.prepare())["prepared"] is True
        before = call(h.snapshot(0))
        assert call(h.prepare())["prepared"] is True  # asked twice: decided once
        assert call(h.snapshot(0)) == before  # nothing played
        snap = call(h.bot_step())["snapshot"]
        assert len(decided) == 1
        decided.clear()
    assert call(h.prepare()) == {"ok": True, "v": 1, "prepared": False}  # the human's turn
    assert decided == []
    # A decision prepared for one game is not played in another dealt since.
    start(h, seed=4, humans=[], players=4)
    assert call(h.prepare())["prepared"] is True
    save = call(h.save())
    start(h, seed=4, humans=[], players=4)  # the same deal again: another game, another state
    call(h.bot_step())
    assert len(decided) == 2
    assert call(h.load(json.dumps(save)))["ok"]
    call(h.bot_step())
    assert len(decided) == 3
    assert call(host.prepare())["ok"] is True  # the module's function answers too


def test_bot_run_plays_the_moves_bot_step_would() -> None:
    """bot_run(viewer, budget_ms) plays on as bot_step does, call after call, until a human is
    to act or the hand ends: the same moves, the same game (the speed "instant")."""
    for variant, players, humans, bot in (("classic", 4, [0], "good"), ("samba", 4, [2], "casual"),
                                          ("classic", 2, [], "beginner"), ("classic", 4, [1, 3], "expert")):
        options = {"variant": variant, "players": players, "seed": 6, "humans": humans, "bot": bot,
                   "expert_rollouts": 4}
        stepped, ran = Host(), Host()
        start(stepped, **options)
        snap = start(ran, **options)
        viewer = humans[0] if humans else 0
        while not snap["human_turn"] and not snap["hand_over"]:
            out = call(ran.bot_run(viewer, 10_000))
            assert out["ok"] is True, out
            for _ in range(out["moves"]):
                stepped_snap = call(stepped.bot_step(viewer))["snapshot"]
            snap = out["snapshot"]
            assert snap == stepped_snap, (variant, bot)
        assert snap["human_turn"] or snap["hand_over"]
        if not humans:
            assert snap["hand_over"]  # one call played the whole hand
        assert call(ran.save()) == call(stepped.save())


def test_bot_run_stops_at_its_budget_and_refuses_what_bot_step_refuses() -> None:
    h = Host()
    start(h, seed=2, humans=[], players=4)
    before = call(h.snapshot(0))["moves"]
    out = call(h.bot_run(0, 0))  # no time for more: one move, as bot_step
    assert out["moves"] == 1 and out["snapshot"]["moves"] == before + 1
    for bad in (-1, 10_001, 0.5, "fast", True, None):
        saved = call(h.save())
        out = call(h.bot_run(0, bad))
        assert out["ok"] is False and out["error"]["code"] == "bad_request", bad
        assert out["error"]["params"]["field"] == "budget_ms"
        assert call(h.save()) == saved  # nothing played
    assert call(h.bot_run(9, 0))["error"]["code"] == "bad_seat"
    start(h, seed=2, humans=[0], players=4)
    snap = call(h.snapshot(0))
    if not snap["human_turn"]:
        snap = call(h.bot_run(0, 10_000))["snapshot"]
    assert snap["human_turn"]
    assert call(h.bot_run(0, 10_000))["error"]["code"] == "not_bot_turn"  # the human's turn
    start(h, seed=2, humans=[], players=2)
    assert call(h.bot_run(0, 10_000))["snapshot"]["hand_over"]
    assert call(h.bot_run(0, 10_000))["error"]["code"] == "not_bot_turn"  # the hand is over
    assert call(host.new_game(json.dumps({"seed": 2, "humans": []})))["ok"]
    assert call(host.bot_run(None, 0))["moves"] == 1  # the module's function


def test_a_failing_bot_in_a_run_keeps_the_moves_played_and_is_reported_next(monkeypatch: Any) -> None:
    h = Host()
    start(h, seed=2, humans=[], players=4)
    real = Host._decide
    calls: list[int] = []

    def third_fails(self: Host, game: Any, seat: int, legal: Any) -> Any:
        calls.append(seat)
        if len(calls) == 3:
            raise RuntimeError("a bot's bug")
        return real(self, game, seat, legal)

    monkeypatch.setattr(Host, "_decide", third_fails)
    out = call(h.bot_run(0, 10_000))
    assert out["ok"] is True and out["moves"] == 2 and out["snapshot"]["moves"] == 2
    assert call(h.snapshot(0))["moves"] == 2  # the answer shows what the game holds
    calls.clear()
    calls.extend([0, 0])  # the next decision is the failing third one
    out = call(h.bot_run(0, 10_000))
    assert out["ok"] is False and out["error"]["code"] == "internal_error"
    assert call(h.snapshot(0))["moves"] == 2  # nothing more was played
