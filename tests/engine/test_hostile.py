"""Hostile input never breaks the engine or the game.

Every parser, loader, runner and host call answers a refusal with a stable code (one of
``host.error_codes()``, never ``internal_error``), within the documented limits
(``canasta.limits``, docs/engine.md "Errors"), and a failed call changes nothing. The
probes of ``canasta.lab.fuzz`` run here bounded (a few seconds each) from hypothesis's
generators; ``make fuzz`` runs them longer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta import host, limits
from canasta.errors import CanastaError, NotationError, RulesError
from canasta.game import Game
from canasta.host import Host
from canasta.lab import fuzz
from canasta.notation import from_position, to_position
from canasta.rules import MAX_POINTS, Rules
from canasta.scenario import read_scenario, run_scenario
from canasta.variants import get
from host_calls import call

CODES = set(host.error_codes()) - {"internal_error"}
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


HUGE = "9" * 4400


# ------------------------------------------------------------------ the probes, bounded
@pytest.mark.parametrize("name", sorted(fuzz.PROBES))
@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_probe_never_crashes(name: str, rng: Any) -> None:
    outcome = fuzz.PROBES[name](rng)
    assert outcome in (fuzz.ACCEPTED, fuzz.REFUSED)


def test_fuzz_run_counts_every_input() -> None:
    table = fuzz.run(["position_text", "host_calls"], seed=3, count=5, seconds=30)
    for tally in table.values():
        assert tally.tried == tally.accepted + tally.refused + tally.crashed == 5
        assert tally.crashed == 0, tally.examples


# ------------------------------------------------------------------ limits: depth, integers, size
def position_text() -> str:
    return json.dumps(to_position(Game("classic", seed=1).state))


@pytest.mark.parametrize("text", [deep(1000), deep(limits.MAX_DEPTH + 1), "[" * 100000,
                                  position_text().replace('"scores": [0, 0]', f'"scores": [{HUGE}, 0]'),
                                  position_text().replace('"scores": [0, 0]', '"scores": [NaN, 0]'),
                                  " " * (limits.MAX_TEXT + 1)])
def test_position_text_past_the_limits_is_refused(text: str) -> None:
    assert '"scores": [0, 0]' in position_text()
    with pytest.raises(NotationError) as e:
        from_position(text)
    assert e.value.code == "bad_position"
    assert "limit" in e.value.params


def test_position_data_past_the_limits_is_refused() -> None:
    pos = to_position(Game("classic", seed=1).state)
    nest: Any = 0
    for _ in range(1000):
        nest = [nest]
    for field, value in (("hands", nest), ("scores", [10 ** 4400, 0]), ("phase", nest), ("ending", nest),
                         ("rules", {"target": nest}), ("discard", [nest])):
        with pytest.raises(NotationError) as e:
            from_position({**pos, field: value})
        assert e.value.code == "bad_position", field
    with pytest.raises(NotationError):
        from_position({**pos, 3: 1})  # a key that is not a string


def test_record_and_scenario_past_the_limits_are_refused() -> None:
    record = Game("samba", seed=2).record()
    for bad in (deep(1000), json.dumps(record).replace('"seed": 2', f'"seed": {HUGE}')):
        with pytest.raises(NotationError) as e:
            Game.from_record(bad)
        assert e.value.code == "bad_record"
    with pytest.raises(NotationError) as e:
        Game.from_record({**record, "hands": [["x" * (limits.MAX_ACTION_TEXT + 1)]]})
    assert e.value.code == "bad_record"
    for text in (deep(1000), '{"position": ' + HUGE + "}"):
        with pytest.raises(NotationError) as e:
            read_scenario(text)
        assert e.value.code == "bad_scenario"
        out = run_scenario(text)
        assert not out.passed and out.detail.startswith("cannot run")
    nest: Any = {}
    for _ in range(1000):
        nest = {"a": nest}
    assert not run_scenario({"position": nest, "name": 10 ** 5000}).passed


def test_json_that_is_within_the_limits_reads_as_before() -> None:
    assert limits.loads('{"a": [1, -2, 3.5, "x[{"], "b": null}', "bad_json") == {"a": [1, -2, 3.5, "x[{"], "b": None}
    assert limits.loads(deep(limits.MAX_DEPTH), "bad_json") is not None
    assert limits.loads("1" * limits.MAX_INT_DIGITS, "bad_json") == int("1" * limits.MAX_INT_DIGITS)
    with pytest.raises(NotationError) as e:
        limits.loads("{", "bad_record")
    assert e.value.code == "bad_json"


def test_limits_are_documented() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
    if not docs.exists():  # the Pyodide run sees the installed wheel, not the repository
        pytest.skip("docs/engine.md is not beside the tests")
    text = docs.read_text(encoding="utf-8")
    for name in ("MAX_TEXT", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_NODES", "MAX_ACTION_TEXT", "MAX_ECHO",
                 "MAX_POINTS"):
        assert name in text, name


# ------------------------------------------------------------------ the host
def new(h: Host, **options: Any) -> dict[str, Any]:
    return call(h.new_game(json.dumps({"seed": 1, **options})))


@pytest.mark.parametrize("level", ["²", "٣", "¹", "①", "12345678901234567890", 10 ** 30, 1.5, "０"])
def test_bot_levels_in_other_digits_are_bad_options(level: Any) -> None:
    h = Host()
    for options in ({"bot": level}, {"bots": {"1": level}}, {"bots": {str(level): "good"}}):
        out = new(h, **options)
        assert out["ok"] is False and out["error"]["code"] == "bad_options", (options, out)


def test_refused_action_echoes_a_short_text() -> None:
    h = Host()
    assert new(h)["ok"]
    for text in ("x" * 1_000_000, "meld " + "5H " * 100_000, "discard " + "Z" * 500):
        reply = h.play(0, text)
        out = call(reply)
        assert out["ok"] is False and out["error"]["code"] in CODES
        assert len(reply) < 1500
    reply = h.snapshot(10 ** 5000)
    assert call(reply)["error"]["code"] == "bad_seat" and len(reply) < 1500


def test_version_checks_take_the_integer_only() -> None:
    h = Host()
    assert new(h, humans=[])["ok"]
    save = json.loads(h.save())
    for version in (True, 1.0, "1", [1]):
        out = call(Host().load(json.dumps({**save, "version": version})))
        assert out["error"]["code"] == "bad_save", version
        with pytest.raises(NotationError) as e:
            Game.from_record({**save["record"], "version": version})
        assert e.value.code == "record_version"
    assert call(Host().load(json.dumps(save)))["ok"] is True


def test_a_bad_save_leaves_the_game_in_progress() -> None:
    h = Host()
    assert new(h, humans=[])["ok"]
    for _ in range(20):
        assert call(h.bot_step())["ok"]
    before = (h.save(), h.snapshot(0))
    good = json.loads(before[0])
    for bad in (before[0][:-10], deep(1000), json.dumps({**good, "version": 2}),
                json.dumps({**good, "options": {**good["options"], "rules": {"going_out_bonus": 10 ** 20}}}),
                json.dumps({**good, "record": {**good["record"], "seed": 10 ** 30}}),
                before[0].replace('"seed":1', '"seed":' + HUGE)):
        out = call(h.load(bad))
        assert out["ok"] is False and out["error"]["code"] == "bad_save"
        assert (h.save(), h.snapshot(0)) == before


def test_huge_rule_values_are_refused_and_bounds_play() -> None:
    h = Host()
    for value in (10 ** 4299, 10 ** 20, MAX_POINTS + 1, -MAX_POINTS - 1):
        out = call(h.new_game(json.dumps({"seed": 1, "rules": {"going_out_bonus": value}})))
        assert out["ok"] is False and out["error"]["code"] in ("bad_rule_value", "bad_options"), value
    text = '{"seed": 1, "rules": {"going_out_bonus": ' + HUGE + "}}"
    assert call(h.new_game(text))["error"]["code"] == "bad_options"
    out = new(h, humans=[], bot="beginner", rules={"going_out_bonus": MAX_POINTS, "natural_canasta_bonus": -MAX_POINTS})
    assert out["ok"] is True
    fuzz._play_hand(h)
    assert call(h.snapshot(0))["hand_over"] is True
    assert call(Host().load(h.save()))["ok"] is True


# ------------------------------------------------------------------ rules that cannot be played
@pytest.mark.parametrize(("variant", "players", "overrides", "field"), [
    ("classic", 3, {"min_naturals": 3}, "min_naturals"),
    ("classic", 4, {"min_naturals": 4, "take_with_natural_and_wild": False}, "min_naturals"),
    ("bolivia", 4, {"side_wild_limit": 2}, "side_wild_limit"),
    ("modern-american", 4, {"side_wild_limit": 2}, "side_wild_limit"),
    ("maison", 4, {"sequences_to_go_out": 1}, "sequences_to_go_out"),
    ("classic", 4, {"sides": 1}, "sides"),
    ("samba", 2, {"sides": 1}, "sides"),
    ("classic", 4, {"players": 6}, "players"),
    ("modern-american", 4, {"players": 6}, "players"),
    ("classic", 4, {"name": "renamed"}, "name"),
    ("classic", 4, {"going_out_bonus": 10 ** 4000}, "going_out_bonus"),
    ("classic", 4, {"three_bonus": [0, 10 ** 8]}, "three_bonus"),
    ("classic", 4, {"card_values": [["JK", 50]] * 15}, "card_values"),
])
def test_rules_that_cannot_be_played_are_refused(variant: str, players: int, overrides: dict[str, Any],
                                                  field: str) -> None:
    with pytest.raises(RulesError) as e:
        Rules.with_overrides(get(variant, players), overrides)
    assert e.value.code == "bad_rule_value"
    assert e.value.params["name"] == field and repr(field) in e.value.message
    out = call(Host().new_game(json.dumps({"variant": variant, "players": players, "seed": 1, "rules": overrides})))
    assert out["ok"] is False
    if "limit" in out["error"]["params"]:  # an integer past canasta.limits: refused as JSON is read
        assert out["error"]["code"] == "bad_options"
    else:
        assert out["error"]["code"] == "bad_rule_value" and out["error"]["params"]["name"] == field


@pytest.mark.parametrize(("variant", "players", "overrides"), [
    ("classic", 3, {"min_naturals": 3, "take_with_natural_and_wild": False}),
    ("classic", 4, {"sides": 4}),
    ("samba", 4, {"sides": 4}),
    ("classic", 6, {"sides": 3}),
    ("samba", 4, {"side_wild_limit": 1}),
    ("modern-american", 4, {"decks": 3}),
    ("classic", 4, {"players": 4, "name": "classic"}),
])
def test_accepted_overrides_play_to_the_end_and_load_back(variant: str, players: int,
                                                          overrides: dict[str, Any]) -> None:
    for seed, bot in ((1, "beginner"), (2, "casual")):
        h = Host()
        out = new(h, variant=variant, players=players, seed=seed, humans=[], bot=bot, rules=overrides)
        assert out["ok"] is True, out
        fuzz._play_hand(h)
        assert call(h.snapshot(0))["hand_over"] is True
        again = Host()
        assert call(again.load(h.save()))["ok"] is True
        assert again.save() == h.save()


def test_position_overrides_keep_the_preset() -> None:
    pos = to_position(Game("modern-american", seed=1).state)
    with pytest.raises(NotationError) as e:
        from_position({**pos, "rules": {"players": 6}})
    assert e.value.code == "bad_position"


def test_errors_stay_small_and_serializable() -> None:
    e = CanastaError("bad_action", "x" * 100_000, text="y" * 100_000, n=10 ** 5000, ok=3)
    assert len(e.message) < 1000 and len(e.params["text"]) < 300 and e.params["ok"] == 3
    assert len(json.dumps(e.to_dict())) < 2000


# ------------------------------------------------------- positions where nobody can act
@pytest.mark.parametrize("changes", [
    # an empty hand in the play phase: nothing to meld, nothing to discard
    {"phase": "play", "hands": [[], ["5D"], ["8C"], ["9D"]]},
    # the partner said "yes" but the hand holds no way out (RULES.md 2: going out needs a canasta)
    {"phase": "play", "permission": "yes", "hands": [["5D", "KC", "9H"], ["5D"], ["8C"], ["9D"]]},
], ids=["empty-hand", "yes-without-a-way-out"])
def test_positions_where_the_seat_cannot_act_are_refused(changes: dict[str, Any]) -> None:
    pos = {"variant": "classic", "players": 4, "turn": 0, "discard": ["4C"], "stock": ["TC", "JD"], **changes}
    with pytest.raises(NotationError) as e:
        from_position(pos)
    assert e.value.code == "bad_position" and e.value.params["seat"] == 0
    # the same position with a card to discard is accepted
    playable = {**pos, "permission": "", "hands": [["5D", "KC"], *pos["hands"][1:]]}
    assert from_position(playable).turn == 0

