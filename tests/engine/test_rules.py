"""Rules as data and the Classic presets (RULES.md 2, 2.1; DESIGN.md convention 1)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from canasta import variants
from canasta.errors import RulesError
from canasta.rules import Rules, Upcard
from canasta.variants import PRESETS

PRESET_RULES = [(name, n) for name, p in PRESETS.items() for n in p.players]


def _ids(params: tuple[str, int]) -> str:
    return f"{params[0]}-{params[1]}p"


# ----------------------------------------------------------------- JSON round trip
@pytest.mark.parametrize("preset", PRESET_RULES, ids=_ids)
def test_to_dict_from_dict_round_trips(preset: tuple[str, int]) -> None:
    rules = variants.get(*preset)
    data = rules.to_dict()
    assert Rules.from_dict(data) == rules
    # Through real JSON text too (tuples become lists, enums strings).
    text = json.dumps(data)
    again = Rules.from_dict(json.loads(text))
    assert again == rules
    assert again.to_dict() == data
    # Relative to another base, a full dict still gives the same rules.
    assert Rules.from_dict(data, base=variants.get("classic", 2 if preset[1] != 2 else 4)) == rules


@pytest.mark.parametrize("preset", PRESET_RULES, ids=_ids)
def test_to_dict_lists_every_field_as_json_data(preset: tuple[str, int]) -> None:
    rules = variants.get(*preset)
    data = rules.to_dict()
    public = {f.name for f in dataclasses.fields(Rules) if not f.name.startswith("_")}
    assert set(data) == public
    assert json.loads(json.dumps(data)) == data  # nothing that JSON would change
    assert data["players"] == preset[1]
    assert data["name"] == preset[0]


def test_from_dict_overrides_only_the_named_fields() -> None:
    base = variants.get("classic", 3)
    r = Rules.from_dict({"target": 2500, "take_onto_meld": False}, base=base)
    assert (r.target, r.take_onto_meld) == (2500, False)
    assert r.replace(target=base.target, take_onto_meld=True) == base
    assert Rules.from_dict({}) == Rules()


def test_rules_are_frozen_and_comparable() -> None:
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 1  # type: ignore[misc]
    assert r == Rules() and hash(r) == hash(Rules())
    assert r != r.replace(target=2500)


# ----------------------------------------------------------------- refusals
@pytest.mark.parametrize("key", ["targett", "wilds", "Target", ""])
def test_unknown_field_is_refused(key: str) -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_dict({key: 1})
    assert e.value.code == "unknown_rule"
    assert repr(key) in e.value.message
    assert e.value.params["name"] == key


def test_replace_refuses_an_unknown_field() -> None:
    with pytest.raises(RulesError) as e:
        Rules().replace(nonsense=3)
    assert e.value.code == "unknown_rule"


def test_rules_must_be_an_object() -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_dict([["target", 5000]])  # type: ignore[arg-type]
    assert e.value.code == "bad_rules"


@pytest.mark.parametrize(
    "data",
    [
        {"hand_size": "11"},
        {"hand_size": 11.0},
        {"hand_size": True},
        {"hand_size": None},
        {"target": "5000"},
        {"take_onto_meld": 1},
        {"take_onto_meld": "yes"},
        {"upcard": "sideways"},
        {"upcard": 1},
        {"name": 7},
        {"three_bonus": "100"},
        {"three_bonus": [0, True]},
        {"three_bonus": [0, 1.5]},
        {"three_bonus": {"1": 100}},
        {"upcard_barred": [1, 2]},
        {"upcard_barred": ["XX"]},
        {"card_values": [["JK", 50]]},
        {"black_three_hand_penalty": "x"},
        {"black_three_hand_penalty": 1.5},
        pytest.param({"three_bonus": ["a", "b"]}, id="three_bonus-strings"),
        pytest.param({"three_bonus": [[0, 1], [2, 3]]}, id="three_bonus-pairs"),
        pytest.param({"card_values": ["JK", 50]}, id="card_values-flat"),
        pytest.param({"initial_meld_thresholds": [0, 50]}, id="thresholds-flat"),
        pytest.param({"initial_meld_thresholds": [[0, "x"]]}, id="thresholds-str"),
        pytest.param({"no_wild_ranks": [7]}, id="no_wild_ranks-int"),
        pytest.param({"special_canasta_bonus": [["7"]]}, id="special_bonus-short"),
    ],
    ids=lambda d: "-".join(f"{k}={v!r}" for k, v in d.items()) if isinstance(d, dict) else None,
)
def test_wrong_types_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_dict(data)
    assert e.value.code == "bad_rule_value"
    (key,) = data
    assert repr(key) in e.value.message
    assert e.value.params["name"] == key


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"sides": 3}, "sides"),  # 3 sides cannot split 4 players
        ({"sides": 0}, "sides"),
        ({"decks": 0}, "decks"),
        ({"hand_size": 0}, "hand_size"),
        ({"hand_size": 30}, "hand_size"),
        ({"draw_count": 0}, "draw_count"),
        ({"target": 0}, "target"),
        ({"canasta_size": 2}, "canasta_size"),
        ({"initial_meld_thresholds": [[1500, 90], [0, 50]]}, "initial_meld_thresholds"),
        ({"bonus_threes": ["2"]}, "bonus_threes"),
    ],
)
def test_values_the_engine_cannot_play_are_refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_dict(data)
    assert e.value.code == "bad_rule_value"
    assert e.value.params["name"] == field
    assert repr(field) in e.value.message


# ----------------------------------------------------------------- initial meld minimum
@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-5, 15), (-2000, 15), (-1, 15), (0, 50), (5, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
     (9000, 120)],
)
@pytest.mark.parametrize("preset", [p for p in PRESET_RULES if p[0] not in ("modern-american", "samba", "bolivia")], ids=_ids)
def test_initial_meld_minimum(preset: tuple[str, int], score: int, minimum: int) -> None:
    assert variants.get(*preset).initial_meld_minimum(score) == minimum


# ----------------------------------------------------------------- Classic presets (RULES.md 2, 2.1)
#: players: (sides, cards in the decks, hand size, draw, canastas to go out, target, red-3 bonus for 1..6)
CLASSIC = {
    2: (2, 108, 15, 2, 2, 5000, {1: 100, 2: 200, 3: 300, 4: 800}),
    3: (3, 108, 13, 2, 2, 7500, {1: 100, 2: 200, 3: 300, 4: 800}),
    4: (2, 108, 11, 1, 1, 5000, {1: 100, 2: 200, 3: 300, 4: 800}),
    6: (2, 162, 13, 1, 2, 5000, {1: 100, 2: 200, 3: 300, 4: 400, 5: 1000, 6: 1200}),
}


@pytest.mark.parametrize("players", sorted(CLASSIC))
def test_classic_presets_follow_the_rule_book(players: int) -> None:
    sides, cards, hand, draw, canastas, target, bonus = CLASSIC[players]
    r = variants.get("classic", players)
    assert r.name == "classic"
    assert r.players == players
    assert r.sides == sides
    assert r.decks * (52 + r.jokers_per_deck) == cards
    assert r.joker_copies == (4 if cards == 108 else 6)
    assert r.hand_size == hand
    assert r.draw_count == draw
    assert r.canastas_to_go_out == canastas
    assert r.target == target
    for n, points in bonus.items():
        assert r.three_bonus_points(n) == points, n
    # Shared by every player count (RULES.md 2).
    assert r.upcard is Upcard.COVER
    assert (r.natural_canasta_bonus, r.mixed_canasta_bonus) == (500, 300)
    assert (r.going_out_bonus, r.concealed_going_out_bonus) == (100, 200)
    assert (r.min_naturals, r.max_wilds) == (2, 3)
    assert r.canasta_size == 7
    assert r.tie_target_step == 500
    assert r.partnerships == (players in (4, 6))


def test_six_players_play_two_teams_of_three_in_alternate_seats() -> None:
    r = variants.get("classic", 6)
    assert [r.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    r4 = variants.get("classic", 4)
    assert [r4.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    r3 = variants.get("classic", 3)
    assert [r3.side_of(s) for s in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("kind", "value"),
    [("JK", 50), ("2", 20), ("A", 20), ("K", 10), ("Q", 10), ("J", 10), ("T", 10), ("9", 10), ("8", 10),
     ("7", 5), ("6", 5), ("5", 5), ("4", 5), ("B3", 5), ("R3", 0)],
)
def test_card_values(kind: str, value: int) -> None:
    for name, n in PRESET_RULES:
        # Modern American: a 3 kept as the last stock card counts 5, red or black (RULES.md 3).
        expected = 5 if (name, kind) == ("modern-american", "R3") else value
        assert variants.get(name, n).value(kind) == expected


def test_classic_default_player_count_is_four() -> None:
    assert variants.get("classic") == variants.get("classic", 4) == Rules()


def test_unknown_variant_and_player_count() -> None:
    with pytest.raises(RulesError) as e:
        variants.get("canasta-royale")
    assert e.value.code == "unknown_variant"
    assert "'canasta-royale'" in e.value.message and "classic" in e.value.message
    with pytest.raises(RulesError) as e:
        variants.get("classic", 5)
    assert e.value.code == "bad_player_count"
    assert "5" in e.value.message


def test_every_switch_option_gives_the_rules_own_value_types() -> None:
    """A switch sets enums as enums (the engine compares them by identity): with D1 set to
    "cover" through the switch, a wild upcard is covered and freezes the pile, exactly as
    the preset's own default does (a plain string here once played neither option)."""
    from canasta import variants
    from canasta.game import Game
    from canasta.switches import SWITCHES, set_switch

    for name, preset in variants.PRESETS.items():
        for n in preset.players:
            base = variants.get(name, n)
            for sw in SWITCHES.values():
                if not sw.applicable(base):
                    continue
                for option in sw.options:
                    rules = set_switch(base, sw.id, option.name)
                    assert Rules.from_dict(rules.to_dict()) == rules
                    for key, _ in option.params:
                        value, before = getattr(rules, key), getattr(base, key)
                        assert value is None or before is None or type(value) is type(before), (sw.id, key)
    classic = variants.get("classic")
    seed = next(s for s in range(1000) if len(Game(classic, seed=s).state.discard) > 1)
    covered = Game(set_switch(classic, "D1", "cover"), seed=seed).state
    assert len(covered.discard) > 1 and covered.frozen_for_all()
    buried = Game(set_switch(classic, "D1", "bury"), seed=seed).state
    assert len(buried.discard) == 1 and not buried.frozen_for_all()
