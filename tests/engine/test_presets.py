"""The presets beyond Classic (RULES.md 3, 6) and the rule parameters they brought:
validation, JSON round trips, the deal, switches on every preset, positions, views."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from canasta import variants
from canasta.__main__ import main
from canasta.errors import RulesError
from canasta.notation import from_position, to_position
from canasta.rules import MeldsAgainst, Rules
from canasta.state import deal
from canasta.switches import SWITCHES, set_switch, switch_state, switches_for
from canasta.views import view

NEW = ("modern-american", "maison", "classic-1950s")


def test_cli_lists_every_preset_with_its_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for name, preset in variants.PRESETS.items():
        line = next(x for x in out.splitlines() if x.split()[0] == name)
        assert line.split()[1] == "/".join(map(str, preset.players))


@pytest.mark.parametrize("name", NEW)
def test_new_presets_round_trip_through_json(name: str) -> None:
    rules = variants.get(name)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@pytest.mark.parametrize(("score", "minimum"), [(-500, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155),
                                                (5000, 180), (9000, 180)])
def test_modern_american_initial_meld(score: int, minimum: int) -> None:
    assert variants.get("modern-american").initial_meld_minimum(score) == minimum


def test_modern_american_deal() -> None:
    r = variants.get("modern-american")
    for seed in range(5):
        state = deal(r, random.Random(seed))
        assert state.discard == ()  # no upcard
        assert all(len(h) == 13 for h in state.hands)
        assert not any(c.three for h in state.hands for c in h)  # every 3 laid and replaced
        assert all(c.three for t in state.threes for c in t)
        assert state.played == (False,) * 4


@pytest.mark.parametrize(("data", "field"), [
    ({"wild_meld_min": 2}, "wild_meld_min"),
    ({"wild_meld_max": 13}, "wild_meld_max"),
    ({"take_joins_group_max": -1}, "take_joins_group_max"),
    ({"new_group_when_full": True}, "new_group_when_full"),
    ({"held_rank_penalty": [["X", 3, 1500]]}, "held_rank_penalty"),
    ({"held_rank_penalty": [["A", 0, 1500]]}, "held_rank_penalty"),
    ({"unfinished_group_penalty": [["3", 100]]}, "unfinished_group_penalty"),
    ({"undiscardable": ["Z"]}, "undiscardable"),
    ({"empty_pile_barred_ranks": ["2"]}, "empty_pile_barred_ranks"),
    ({"melds_against": "sometimes"}, "melds_against"),
    ({"wild_canasta_special": [[0, 7]]}, "wild_canasta_special"),
])
def test_bad_values_of_new_parameters_are_refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_dict(data)
    assert e.value.code == "bad_rule_value"
    assert e.value.params["name"] == field


def test_new_parameters_read_from_json() -> None:
    r = Rules.from_dict({"group_max": 7, "new_group_when_full": True, "wild_melds": True,
                         "wild_canasta_special": [[0, 7, 3000]], "held_rank_penalty": [["A", 3, 1500]],
                         "melds_against": "no_canasta", "undiscardable": ["R3", "B3"]})
    assert r.wild_canasta_special == ((0, 7, 3000),)
    assert r.held_rank_penalty == (("A", 3, 1500),)
    assert r.melds_against is MeldsAgainst.NO_CANASTA
    # Bolivia's reading of the same machinery: a 7-card wild meld scoring 2500, closed.
    bolivia = Rules.from_dict({"wild_melds": True, "wild_canasta_bonus": 2500})
    assert bolivia.wild_canasta_bonus == 2500 and bolivia.wild_meld_max == 7


@pytest.mark.parametrize("name", ["classic", *NEW])
def test_every_applicable_switch_can_be_set_on_every_preset(name: str) -> None:
    for players in variants.PRESETS[name].players:
        rules = variants.get(name, players)
        usable = switches_for(rules)
        for sw in SWITCHES.values():
            assert sw.to_dict()["id"] == sw.id and sw.title
            for option in sw.options:
                if sw in usable:
                    assert switch_state(set_switch(rules, sw.id, option.name), sw.id) == option.name
                else:
                    with pytest.raises(RulesError) as e:
                        set_switch(rules, sw.id, option.name)
                    assert e.value.code == "switch_not_applicable"


def test_switches_that_do_not_apply_to_modern_american() -> None:
    ids = {sw.id for sw in switches_for(variants.get("modern-american"))}
    # No upcard (D1), the pile is always taken with a natural pair (D3, D4, D8), 4 players.
    assert ids == {"D2", "D5", "D6", "D7"}


def test_positions_with_wild_melds_and_two_groups_of_a_rank_round_trip() -> None:
    pos = {"variant": "modern-american", "turn": 0, "phase": "play", "hands": [["4C", "5D"], [], [], []],
           "melds": [[["KH", "KS", "KD", "KC", "KH", "2C", "2D"], ["KS", "KD", "KC"], ["2H", "JK", "JK"]], []],
           "played": [True, False, True, False]}
    state = from_position(pos)
    assert from_position(to_position(state)) == state
    assert to_position(state)["played"] == [True, False, True, False]
    # Classic allows one group per rank.
    with pytest.raises(Exception):
        from_position({**pos, "variant": "classic", "melds": [[["KH", "KS", "KD"], ["KS", "KD", "KC"]], []]})


def test_views_show_closed_ranks() -> None:
    pos = {"variant": "modern-american", "turn": 1, "phase": "play", "hands": [["4C"], ["5D", "6D"], [], []],
           "melds": [[["JH", "JS", "JD", "JC", "JH", "JS", "JD"]], []]}
    v = view(from_position(pos), 1)
    assert v["closed_ranks"] == ["J"]
    assert sorted(v["hand"]) == ["5D", "6D"]
