"""Samba as data on the Classic engine (RULES.md 4): presets, deal, new actions, switches, game end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from canasta import variants
from canasta.actions import Add, Merge, Swap, Take, parse_action
from canasta.cards import parse_cards
from canasta.errors import NotationError, RulesError
from canasta.game import Game
from canasta.melds import MeldKind, new_meld
from canasta.notation import from_position, to_position
from canasta.rules import Rules
from canasta.state import deal
from canasta.switches import SWITCHES, set_switch, switch_state
from canasta.views import view
from randomplay import play_hand_with_bots


@pytest.mark.parametrize(("players", "sides", "hand"), [(2, 2, 15), (4, 2, 15), (6, 3, 13)])
def test_presets_deal_162_cards(players: int, sides: int, hand: int) -> None:
    r = variants.get("samba", players)
    assert (r.players, r.sides, r.hand_size, r.draw_count, r.target) == (players, sides, hand, 2, 10000)
    state = deal(r, random.Random(1))
    counts = state.cards_in_play()
    assert sum(counts.values()) == 162
    assert counts[parse_cards("JK")[0]] == 6
    assert all(len(h) == hand for h in state.hands)
    # jokers, 2s and red 3s are covered as upcard; a black 3 may be the upcard
    assert state.discard[-1].kind not in ("2", "JK", "R3")


def test_six_players_sit_in_three_teams_of_two_opposite() -> None:
    r = variants.get("samba", 6)
    assert [r.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]


@pytest.mark.parametrize(("score", "minimum"), [(-100, 50), (0, 50), (1495, 50), (1500, 90), (6995, 90),
                                                (7000, 150)])
def test_initial_meld_table(score: int, minimum: int) -> None:
    assert variants.get("samba").initial_meld_minimum(score) == minimum
    pagat = set_switch(variants.get("samba"), "S4", "pagat")
    assert pagat.initial_meld_minimum(-1) == 15 and pagat.initial_meld_minimum(3000) == 120


@pytest.mark.parametrize("text", ["take #2", "take #0 9S 9H", "take #1 9S 9H 2C", "merge #0 #3", "swap K KH JK",
                                  "swap #4 QS 2D", "add #3 5H 4H"])
def test_new_actions_round_trip(text: str) -> None:
    a = parse_action(text)
    assert str(a) == text
    assert parse_action(str(a)) == a


def test_merge_is_written_lower_index_first() -> None:
    assert parse_action("merge #3 #1") == Merge(1, 3)
    assert parse_action("take #1") == Take(target="#1")
    assert parse_action("swap 10 TH 2C") == Swap("T", *parse_cards("TH 2C"))
    for bad in ("merge #1", "merge #1 #1", "merge 1 2", "swap K KH", "take #x"):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_a_sequence_is_told_from_a_group_by_its_cards() -> None:
    r = variants.get("samba")
    assert new_meld(r, parse_cards("5H 6H 7H")).kind is MeldKind.SEQUENCE
    assert new_meld(r, parse_cards("5H 5H 5S")).kind is MeldKind.GROUP
    seq = new_meld(r, parse_cards("7H 5H 6H"))
    assert [c.text for c in seq.cards] == ["7H", "6H", "5H"]  # highest first
    # Classic has no sequences: the same cards are a group of mixed ranks
    assert not variants.get("classic").sequences


def test_positions_with_sequences_and_two_groups_round_trip() -> None:
    pos = {"variant": "samba", "players": 4, "turn": 0, "phase": "play",
           "hands": [["5D", "KC"], ["8D"], ["8C"], ["9D"]],
           "melds": [[["9H", "9S", "9D"], ["9C", "9C", "2S"], ["7H", "6H", "5H"]], []],
           "discard": ["4C"], "stock": ["TC"]}
    state = from_position(pos)
    assert [m.kind for m in state.melds[0]] == [MeldKind.GROUP, MeldKind.GROUP, MeldKind.SEQUENCE]
    assert from_position(to_position(state)) == state
    assert view(state, 0)["meld_kinds"] == [["group", "group", "sequence"], []]
    assert view(state, 0)["draw_count"] == 2
    too_many = dict(pos, melds=[[["9H", "9S", "9D"], ["9C", "9C", "2S"], ["9H", "9S", "9D"]], []])
    with pytest.raises(NotationError):
        from_position(too_many)


def test_switches_apply_to_samba_only() -> None:
    samba = variants.get("samba")
    for sid in ("S1", "S2", "S3", "S4", "S5", "S6"):
        sw = SWITCHES[sid]
        assert switch_state(samba, sid) == sw.options[0].name
        alt = set_switch(samba, sid, sw.options[1].name)
        assert switch_state(alt, sid) == sw.options[1].name
        with pytest.raises(RulesError) as e:
            set_switch(variants.get("classic"), sid, sw.options[1].name)
        assert e.value.code == "switch_not_applicable"
    with pytest.raises(RulesError):
        set_switch(variants.get("samba", 6), "D10", "108")
    assert switch_state(samba, "D3") == "freeze"  # Samba's own rule: a black 3 freezes
    assert set_switch(samba, "S5", "uruguayan").side_wild_limit == 2
    assert set_switch(samba, "S3", "200_more").concealed_going_out_bonus == 300
    assert set_switch(samba, "S6", "open").sequence_wilds == 2
    assert set_switch(variants.get("samba", 6), "S6", "open").wild_sequence_bonus == 1000


def test_new_parameters_are_validated() -> None:
    for bad in ({"groups_per_rank": 0}, {"sequence_max": 2}, {"side_wild_limit": -1},
                {"sequences_to_go_out": 3}):
        with pytest.raises(RulesError):
            Rules.from_dict(bad, variants.get("samba"))


def test_game_to_10000_higher_total_wins_when_both_pass() -> None:
    game = Game("samba", seed=3)
    assert game.target == 10000
    # Game._finish_hand (shared with Classic): the higher total above the target wins.
    game.scores = (10400 - 1, 10200)
    state = game.state._replace(phase=game.state.phase.OVER, hands=tuple(() for _ in game.state.hands),
                                melds=tuple(() for _ in game.state.melds), threes=((parse_cards("3H")[0],), ()))
    game.state = state
    game._finish_hand()
    assert game.scores[0] > game.scores[1] >= 10000 - 100
    assert game.winner == 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_basic_bots_play_samba_and_build_sequences(players: int) -> None:
    from canasta.bots import BasicBot

    kinds: Counter[str] = Counter()
    for seed in range(3):
        game = Game("samba", seed=seed, players=players)
        play_hand_with_bots(game, [BasicBot(seed * 10 + s) for s in range(players)])
        for ms in game.state.melds:
            kinds.update(m.kind.value for m in ms)
    assert kinds["sequence"] > 0 and kinds["group"] > 0
