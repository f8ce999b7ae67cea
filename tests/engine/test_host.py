"""The engine host (``canasta.host``): JSON strings in and out, never an exception.

Whole games driven only through the JSON API (all bots; one human seat played by the
test from the legal list), refusals as error objects with stable codes and the game
unchanged, save -> load -> the same snapshot (and the same continuation), unreadable
saves refused with ``bad_save``, and the list of error codes checked against the
codes the sources raise.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta import host
from canasta.host import Host
from canasta.protocol import PROTOCOL_VERSION
from host_calls import call

SNAPSHOT_KEYS = {"ok", "v", "view", "legal", "actions", "melds", "kinds", "turn", "human_turn", "hand_over",
                 "game_over", "scores", "last_hand", "history", "left_over", "log", "table", "options",
                 "moves", "undo"}


def error_code(text: str) -> str:
    out = call(text)
    assert out["ok"] is False, out
    err = out["error"]
    assert set(err) == {"code", "params", "message"}
    assert isinstance(err["message"], str) and err["message"]
    assert err["code"] in host.error_codes(), err["code"]
    assert out["v"] == PROTOCOL_VERSION
    return str(err["code"])


def start(h: Host, **options: Any) -> dict[str, Any]:
    snap = call(h.new_game(json.dumps(options)))
    assert snap["ok"] is True, snap
    return snap


def check_snapshot(snap: dict[str, Any], seat: int) -> None:
    assert set(snap) == SNAPSHOT_KEYS
    v = snap["view"]
    assert v["seat"] == seat and v["hand_counts"][seat] == len(v["hand"])
    assert snap["turn"] == v["turn"]
    assert snap["hand_over"] == (v["phase"] == "over")
    acting = not snap["hand_over"] and snap["turn"] == seat
    assert bool(snap["legal"]) == acting
    assert len(snap["log"]) <= host.LOG_SIZE
    # the protocol (canasta.protocol): one record per legal text, melds as the engine
    # classifies them, the hand's kinds; the save is fetched apart (host.save)
    assert snap["v"] == PROTOCOL_VERSION
    assert [a["text"] for a in snap["actions"]] == snap["legal"]
    assert [len(ms) for ms in snap["melds"]] == [len(ms) for ms in v["melds"]]
    assert set(snap["kinds"]) == set(v["hand"])


def run_to_end(h: Host, human_rng: random.Random | None, max_steps: int = 20000) -> dict[str, Any]:
    """Drive a game to its end through the JSON API; the human (seat 0, if any) picks
    uniformly from its legal list."""
    snap = call(h.snapshot(0))
    for _ in range(max_steps):
        if snap["game_over"]:
            return snap
        if snap["hand_over"]:
            assert error_code(h.bot_step()) == "not_bot_turn"
            snap = call(h.next_hand())
            assert snap["ok"]
        elif snap["human_turn"]:
            assert human_rng is not None
            assert error_code(h.bot_step()) == "not_bot_turn"
            legal = snap["legal"]
            out = call(h.play(0, legal[int(human_rng.random() * len(legal))]))
            assert out["ok"], out
            snap = out["snapshot"]
        else:
            out = call(h.bot_step())
            assert out["ok"], out
            assert out["action"] in [e["action"] for e in out["snapshot"]["log"]][-1:]
            snap = out["snapshot"]
        check_snapshot(snap, 0)
    raise AssertionError("the game did not end")


def test_a_whole_game_of_bots_through_json() -> None:
    h = Host()
    snap = start(h, seed=11, humans=[], players=4)
    check_snapshot(snap, 0)
    assert snap["human_turn"] is False
    # Every action with its seat, as bot_step reports it; at times the game is saved and
    # loaded into another host, whose log (rebuilt from the record) must be the same.
    played: list[dict[str, Any]] = []
    steps = 0
    while not snap["game_over"]:
        if snap["hand_over"]:
            snap = call(h.next_hand())
            continue
        out = call(h.bot_step())
        assert out["ok"], out
        snap = out["snapshot"]
        check_snapshot(snap, 0)
        played.append({"seat": out["seat"], "action": out["action"], "hand": snap["view"]["hand_number"]})
        assert [{k: e[k] for k in ("seat", "action", "hand")} for e in snap["log"]] == played[-host.LOG_SIZE:]
        assert snap["log"][-1]["record"]["verb"] == out["record"]["verb"] and "reason" in snap["log"][-1]
        steps += 1
        if steps % 97 == 0 or snap["hand_over"]:
            other = Host()
            assert call(other.load(h.save()))["ok"]
            assert other.snapshot(0) == h.snapshot(0)
    assert {"ask", "answer yes", "answer no"} & {p["action"] for p in played}
    end = snap
    assert end["game_over"] and max(end["scores"]) >= 5000
    assert end["view"]["winner"] in (0, 1)
    assert end["last_hand"] and {"side", "total", "lines"} <= set(end["last_hand"][0])
    assert error_code(h.bot_step()) == "not_bot_turn"
    assert error_code(h.next_hand()) == "game_over"


@pytest.mark.parametrize("players", [2, 3, 6])
def test_short_games_of_bots_for_each_table(players: int) -> None:
    h = Host()
    snap = start(h, seed=players, humans=[], players=players, target=1500, bot="basic")
    assert snap["options"]["target"] == 1500 and snap["view"]["target"] == 1500
    end = run_to_end(h, None)
    assert end["game_over"] and max(end["scores"]) >= 1500


def test_a_human_seat_plays_from_its_legal_list() -> None:
    h = Host()
    snap = start(h, seed=3, humans=[0], players=4, target=2000)
    assert snap["view"]["seat"] == 0
    end = run_to_end(h, random.Random(1))
    assert end["game_over"]
    seats = {e["seat"] for e in end["log"]}
    assert seats <= {0, 1, 2, 3}


def until_human_turn(h: Host) -> dict[str, Any]:
    snap = call(h.snapshot(0))
    while not snap["human_turn"]:
        if snap["hand_over"]:
            snap = call(h.next_hand())
        else:
            snap = call(h.bot_step())["snapshot"]
    return snap


def test_refusals_are_json_with_codes_and_change_nothing() -> None:
    h = Host()
    start(h, seed=8, humans=[0, 2], players=4)
    snap = until_human_turn(h)
    before = h.snapshot(0)
    other = 2 if snap["turn"] == 0 else 0
    cases = {
        "fly away": "bad_action",
        "discard XX": "bad_card",
        "": "bad_action",
        "answer maybe": "bad_action",
        "answer yes": "wrong_phase",
        "add K": "bad_action",
    }
    seat = snap["turn"]
    for text, code in cases.items():
        assert error_code(h.play(seat, text)) == code, text
        assert h.snapshot(0) == before
    # another human, a bot seat, a seat that does not exist
    assert error_code(h.play(other, "draw")) == "not_your_turn"
    assert error_code(h.play(1, "draw")) == "not_your_turn"
    assert error_code(h.play(7, "draw")) == "bad_seat"
    assert error_code(h.snapshot(-1)) == "bad_seat"
    assert error_code(h.snapshot("0")) == "bad_seat"  # type: ignore[arg-type]
    assert error_code(h.play(seat, None)) == "bad_action"  # type: ignore[arg-type]
    assert error_code(h.bot_step()) == "not_bot_turn"
    assert error_code(h.next_hand()) == "hand_in_progress"
    assert h.snapshot(0) == before
    # rule refusals, by phase
    assert call(before)["view"]["phase"] == "draw"
    card = call(h.snapshot(seat))["view"]["hand"][0]
    for text, code in ((f"discard {card}", "wrong_phase"), ("ask", "wrong_phase")):
        assert error_code(h.play(seat, text)) == code, text
        assert h.snapshot(0) == before
    assert call(h.play(seat, "draw"))["ok"]
    during = h.snapshot(0)
    for text, codes in (("draw", {"wrong_phase"}), ("meld AS AS AS AS AS", {"card_not_in_hand"}),
                        ("take", {"wrong_phase"}), ("add Q 5S", {"no_such_meld", "card_not_in_hand", "wrong_rank"})):
        assert error_code(h.play(seat, text)) in codes, text
        assert h.snapshot(0) == during


def test_new_game_options_are_checked() -> None:
    h = Host()
    assert error_code(h.snapshot(0)) == "no_game"
    assert error_code(h.bot_step()) == "no_game"
    assert error_code(h.save()) == "no_game"
    bad = [
        ("{", "bad_options"),
        ("[]", "bad_options"),
        (json.dumps({"players": 4}), "bad_options"),  # no seed
        (json.dumps({"seed": True}), "bad_options"),
        (json.dumps({"seed": 1, "humans": [4]}), "bad_options"),
        (json.dumps({"seed": 1, "humans": [0, 0]}), "bad_options"),
        (json.dumps({"seed": 1, "humans": "0"}), "bad_options"),
        (json.dumps({"seed": 1, "bot": "oracle"}), "bad_options"),
        (json.dumps({"seed": 1, "colour": "red"}), "bad_options"),
        (json.dumps({"seed": 1, "target": "high"}), "bad_options"),
        (json.dumps({"seed": 1, "rules": []}), "bad_options"),
        (json.dumps({"seed": 1, "variant": "no-such-game"}), "unknown_variant"),
        (json.dumps({"seed": 1, "players": 5}), "bad_player_count"),
        (json.dumps({"seed": 1, "rules": {"jokers": 9}}), "unknown_rule"),
        (json.dumps({"seed": 1, "rules": {"take_onto_meld": 3}}), "bad_rule_value"),
    ]
    for options, code in bad:
        assert error_code(h.new_game(options)) == code, options
    assert error_code(h.new_game(None)) == "bad_options"  # type: ignore[arg-type]
    # a game with rule overrides: the view carries them (public), the save keeps them
    snap = start(h, seed=2, humans=[1], players=4, rules={"take_onto_meld": False}, target=3000)
    assert snap["view"]["seat"] == 1
    assert snap["view"]["rules"] == {"take_onto_meld": False, "target": 3000}
    assert snap["options"] == {"variant": "classic", "players": 4, "target": 3000, "seed": 2,
                                       "humans": [1], "bot": "good", "switches": {},
                                       "rules": {"take_onto_meld": False}}


def play_some(h: Host, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        snap = call(h.snapshot(0))
        if snap["game_over"]:
            return
        if snap["hand_over"]:
            call(h.next_hand())
        elif snap["human_turn"]:
            legal = snap["legal"]
            assert call(h.play(0, legal[int(rng.random() * len(legal))]))["ok"]
        else:
            assert call(h.bot_step())["ok"]


def test_save_then_load_gives_the_same_snapshot_and_the_same_game() -> None:
    a = Host()
    start(a, seed=21, humans=[0], players=4, target=3000)
    play_some(a, 400, random.Random(2))  # crosses at least one hand
    saved = a.save()
    before = a.snapshot(0)
    assert call(before)["options"] == json.loads(saved)["options"]
    b = Host()
    out = call(b.load(saved))
    assert out["ok"] is True
    assert out["snapshot"] == call(before)
    assert b.snapshot(0) == before and b.snapshot(2) == a.snapshot(2)
    # the loaded game goes on exactly as the original (bots seeded per decision)
    play_some(a, 150, random.Random(9))
    play_some(b, 150, random.Random(9))
    assert a.snapshot(0) == b.snapshot(0)


def test_module_functions_use_one_host() -> None:
    snap = call(host.new_game(json.dumps({"seed": 4, "humans": [], "players": 2})))
    assert snap["ok"] and snap["view"]["players"] == 2
    step = call(host.bot_step())
    assert step["ok"] and step["seat"] == snap["turn"]
    assert call(host.snapshot(0)) == step["snapshot"]
    saved = host.save()
    assert call(host.load(saved))["ok"]
    assert call(host.snapshot(0)) == step["snapshot"]
    assert error_code(host.play(0, "draw")) == "not_your_turn"
    assert error_code(host.next_hand()) == "hand_in_progress"


def test_unreadable_saves_are_refused_and_the_game_kept() -> None:
    h = Host()
    start(h, seed=5, humans=[0], players=4)
    play_some(h, 60, random.Random(3))
    good = json.loads(h.save())
    before = h.snapshot(0)

    def variant(change: Any) -> str:
        data = json.loads(json.dumps(good))
        change(data)
        return json.dumps(data)

    def bad_action(d: dict[str, Any]) -> None:
        d["record"]["hands"][-1].insert(0, "discard JK")

    def extra_hand(d: dict[str, Any]) -> None:
        d["record"]["hands"].append(["draw"])

    def other_seed(d: dict[str, Any]) -> None:
        d["options"]["seed"] = 6

    def other_players(d: dict[str, Any]) -> None:
        d["options"]["players"] = 2

    corrupted: list[Any] = [
        "", "not json", "[]", "null", "{}", json.dumps(good)[:-10], None, 42,
        variant(lambda d: d.update(format="chess-save")),
        variant(lambda d: d.update(version=2)),
        variant(lambda d: d.pop("record")),
        variant(lambda d: d.pop("options")),
        variant(lambda d: d["options"].pop("seed")),
        variant(lambda d: d["options"].update(humans=[9])),
        variant(lambda d: d["record"].update(version=99)),
        variant(lambda d: d["record"].update(hands="draw")),
        variant(lambda d: d["record"].update(seed="x")),
        variant(lambda d: d["record"].update(players=5)),
        variant(bad_action), variant(extra_hand), variant(other_seed), variant(other_players),
    ]
    for save in corrupted:
        assert error_code(h.load(save)) == "bad_save", save
        assert h.snapshot(0) == before
        # check_save refuses what load refuses, in the same words, and changes nothing
        assert call(h.check_save(save))["error"] == call(h.load(save))["error"], save
        assert h.snapshot(0) == before
    assert call(h.check_save(json.dumps(good))) == {"ok": True, "v": 1}
    assert h.snapshot(0) == before
    assert call(h.load(json.dumps(good)))["ok"]
    assert h.snapshot(0) == before


def test_functions_never_raise_on_odd_input() -> None:
    h = Host()
    odd: list[Any] = [None, 3.5, "", "0", [], {}, -1, 10**30, float("nan")]
    for x in odd:
        for text in (h.snapshot(x), h.play(x, x), h.new_game(x), h.load(x)):
            assert call(text)["ok"] is False
    start(h, seed=1, humans=[0])
    for x in odd:
        for text in (h.snapshot(x), h.play(x, x), h.play(0, x), h.load(x)):
            assert call(text)["ok"] is False
    assert call(h.snapshot(1.0))["ok"] is True  # type: ignore[arg-type]  # a whole number from JavaScript


# ------------------------------------------------------------------ error codes
_RAISED = re.compile(r'\b(?:IllegalAction|NotationError|RulesError|HostError|RecordFileError|CanastaError|_illegal)\(\s*"([a-z0-9_]+)"')
_CHOSEN = re.compile(r'\b(?:[a-z]+_)?code\s*=\s*"([a-z0-9_]+)"(?:[^\n]*?\belse\s+"([a-z0-9_]+)")?')


def raised_codes() -> set[str]:
    """Every error code written in the engine's sources (a raise, or a code chosen just
    before one), found by scanning them: the package as installed (pycore/ on CPython,
    the wheel under Pyodide)."""
    root = Path(canasta.__file__).parent
    codes: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        codes.update(_RAISED.findall(text))
        for first, second in _CHOSEN.findall(text):
            codes.update(c for c in (first, second) if c)
    return codes


def test_error_codes_list_every_code_the_sources_raise() -> None:
    listed = host.error_codes()
    assert listed == sorted(set(listed))
    found = raised_codes()
    assert {"pile_frozen", "bad_card", "not_your_turn", "bad_save", "wilds_outnumber"} <= found
    assert set(listed) == found, (f"missing from host.ERROR_CODES: {sorted(found - set(listed))}; "
                                  f"raised nowhere: {sorted(set(listed) - found)}")


def test_catalog_lists_every_preset_count_and_applicable_switch() -> None:
    from canasta.switches import SWITCHES, switch_state
    from canasta.variants import PRESETS, get

    out = call(host.catalog())
    assert out["ok"] is True
    assert [p["name"] for p in out["presets"]] == list(PRESETS)
    assert [s["id"] for s in out["switches"]] == list(SWITCHES)
    for p in out["presets"]:
        assert sorted(map(int, p["tables"])) == sorted(p["players"]) and p["default_players"] in p["players"]
        for count, table in p["tables"].items():
            rules = get(p["name"], int(count))
            assert table["target"] == rules.target and table["sides"] == rules.sides
            for switch_id, option in table["switches"].items():
                assert option == switch_state(rules, switch_id) != "custom"
    classic = {p["name"]: p for p in out["presets"]}["classic"]
    assert "D9" in classic["tables"]["3"]["switches"] and "D9" not in classic["tables"]["4"]["switches"]
    assert "D10" in classic["tables"]["6"]["switches"]


def test_switches_set_the_rules_and_travel_with_the_save() -> None:
    h = Host()
    snap = call(h.new_game(json.dumps({"seed": 3, "switches": {"D3": "freeze", "D6": "minus_100"}})))
    assert snap["table"]["switches"]["D3"] == "freeze" and snap["table"]["switches"]["D6"] == "minus_100"
    assert snap["table"]["switches"]["D1"] == "cover"
    assert snap["view"]["rules"] == {"freezing_kinds": ["2", "JK", "R3", "B3"], "black_three_hand_penalty": -100}
    other = Host()
    loaded = call(other.load(h.save()))
    assert loaded["ok"] and loaded["snapshot"]["table"] == snap["table"]
    # a switch the table does not have, an unknown one, a bad option, a bad shape: refused
    assert error_code(h.new_game(json.dumps({"seed": 3, "switches": {"D9": "one"}}))) == "switch_not_applicable"
    assert error_code(h.new_game(json.dumps({"seed": 3, "switches": {"D99": "x"}}))) == "unknown_switch"
    assert error_code(h.new_game(json.dumps({"seed": 3, "switches": {"D3": "x"}}))) == "unknown_option"
    assert error_code(h.new_game(json.dumps({"seed": 3, "switches": ["D3"]}))) == "bad_options"
    assert call(h.snapshot(0))["table"]["switches"]["D3"] == "freeze"  # the game in progress is kept


def test_the_log_says_what_was_taken_and_the_snapshot_keeps_every_hand() -> None:
    """Issue 40 ("see what happened"): a take in the log carries the pile's size as it
    was taken, a meld its groups, a bot's move its reason; at a hand's end the left-over
    cards of every seat are shown, and the history holds every finished hand."""
    h = Host()
    snap = start(h, seed=11, humans=[], players=4, target=1500, bot="basic")
    takes: list[dict[str, Any]] = []
    hands = 0
    while not snap["game_over"]:
        if snap["hand_over"]:
            hands += 1
            assert len(snap["history"]) == hands and snap["history"][-1] == snap["last_hand"]
            left = snap["left_over"]
            assert [len(c) for c in left] == snap["view"]["hand_counts"]
            snap = call(h.next_hand())
            assert snap["left_over"] is None
            continue
        pile = snap["view"]["pile_size"]
        out = call(h.bot_step())
        snap = out["snapshot"]
        entry = snap["log"][-1]
        assert entry["reason"]["code"] in host.HINT_REASONS
        if out["record"]["verb"] == "take":
            assert entry["taken"] == pile
            assert entry["record"]["groups"] == out["record"]["groups"]
            takes.append(entry)
        if out["record"]["verb"] == "draw":
            assert entry["drawn"] == 1 and entry["record"]["groups"] == []
    assert takes and any(t["taken"] > 2 for t in takes)
    assert len(snap["history"]) == hands + 1


def test_a_loaded_game_writes_the_same_log() -> None:
    h = Host()
    snap = start(h, seed=5, humans=[0], players=2, target=1500)
    rng = random.Random(4)
    for _ in range(60):
        if snap["hand_over"]:
            break
        if snap["human_turn"]:
            snap = call(h.play(0, rng.choice(snap["legal"])))["snapshot"]
        else:
            snap = call(h.bot_step())["snapshot"]
        other = Host()
        assert call(other.load(h.save()))["ok"]
        assert call(other.snapshot(0))["log"] == call(h.snapshot(0))["log"]
    assert any("reason" not in e and e["seat"] == 0 for e in snap["log"])


def test_forget_drops_the_modules_game_and_example() -> None:
    """After a boot from a memory snapshot taken during play, the worker calls forget():
    the module's functions then hold no game and no example, as just imported."""
    assert call(host.new_game(json.dumps({"variant": "classic", "seed": 3, "humans": [0]})))["ok"]
    assert call(host.snapshot(0))["ok"]
    tries = sorted((Path(__file__).resolve().parents[2] / "web" / "examples").glob("*/*.json"))
    started = [call(host.example_start(p.read_text(encoding="utf-8")))["ok"] for p in tries]
    if tries:
        assert any(started)  # an example is live now (a "try" or "puzzle" one)
    assert call(host.forget()) == {"ok": True, "v": PROTOCOL_VERSION}
    for reply in (host.snapshot(0), host.save(), host.example_restart()):
        assert call(reply)["error"]["code"] == "no_game", reply
    assert call(host.new_game(json.dumps({"variant": "classic", "seed": 3, "humans": [0]})))["ok"]
