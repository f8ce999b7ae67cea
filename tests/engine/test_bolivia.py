"""Bolivia as data on the Samba engine (RULES.md 5): the preset, the deal, the going-out
search with wild-card melds and escaleras, switches, the game end and the basic bot (its
300 simulated hands are in test_simulation.py, with the other long simulations)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from canasta import variants
from canasta.cards import parse_cards
from canasta.errors import RulesError
from canasta.game import Game
from canasta.goout import can_go_out
from canasta.melds import MeldKind, new_meld
from canasta.rules import Rules
from canasta.state import deal
from canasta.switches import set_switch, switch_state, switches_for
from randomplay import play_hand_with_bots


def test_preset_is_samba_with_bolivia_rules() -> None:
    r = variants.get("bolivia")
    samba = variants.get("samba")
    assert (r.name, r.players, r.sides, r.decks, r.hand_size, r.draw_count) == ("bolivia", 4, 2, 3, 15, 2)
    assert (r.wild_melds, r.wild_meld_min, r.wild_meld_max, r.wild_canasta_bonus) == (True, 3, 7, 2500)
    assert r.wild_canasta_special == () and r.unfinished_wild_meld_penalty == 0
    assert (r.sequences, r.sequence_max, r.sequence_bonus, r.sequences_to_go_out) == (True, 7, 1500, 1)
    assert (r.canastas_to_go_out, r.black_three_hand_penalty, r.target) == (2, -100, 15000)
    # everything else is Samba's
    differ = {k for k, v in r.to_dict().items() if samba.to_dict()[k] != v}
    assert differ == {"name", "wild_melds", "wild_canasta_bonus", "sequences_to_go_out",
                      "black_three_hand_penalty", "target"}
    with pytest.raises(RulesError) as e:
        variants.get("bolivia", 6)
    assert e.value.code == "bad_player_count"


def test_rules_round_trip_through_json() -> None:
    r = variants.get("bolivia")
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert variants.overrides_of(r) == {}


@pytest.mark.parametrize(("score", "minimum"), [(-100, 50), (1495, 50), (1500, 90), (6995, 90), (7000, 150)])
def test_initial_meld_table_is_sambas(score: int, minimum: int) -> None:
    assert variants.get("bolivia").initial_meld_minimum(score) == minimum


def test_deal_162_cards_15_each() -> None:
    r = variants.get("bolivia")
    for seed in range(3):
        state = deal(r, random.Random(seed))
        counts = state.cards_in_play()
        assert sum(counts.values()) == 162
        assert counts[parse_cards("JK")[0]] == 6
        assert all(len(h) == 15 for h in state.hands)
        assert state.discard[-1].kind not in ("2", "JK", "R3")


def test_wild_card_meld_and_escalera_are_told_apart() -> None:
    r = variants.get("bolivia")
    assert new_meld(r, parse_cards("2C JK 2D")).kind is MeldKind.WILD
    assert new_meld(r, parse_cards("7H 6H 5H")).kind is MeldKind.SEQUENCE


def test_switches() -> None:
    r = variants.get("bolivia")
    ids = [sw.id for sw in switches_for(r)]
    assert {"S1", "S2", "S3", "S4"} <= set(ids)
    # Uruguayan and Open Samba are Samba's sub-variants: Bolivia has wild-card melds and
    # natural escaleras of its own
    assert "S5" not in ids and "S6" not in ids
    assert switch_state(r, "D6") == "minus_100"
    assert set_switch(r, "S4", "pagat").initial_meld_minimum(3000) == 120


def _melds(*texts: str) -> tuple:  # type: ignore[type-arg]
    r = variants.get("bolivia")
    return tuple(new_meld(r, parse_cards(t)) for t in texts)


ESCALERA = "TS 9S 8S 7S 6S 5S 4S"
KINGS = "KH KS KD KC KH KS KD"


@pytest.mark.parametrize(("hand", "melds", "out"), [
    # the last wild cards complete a bolivia, the second canasta beside an escalera
    ("2C JK 9D", ("2S 2H 2D JK JK", ESCALERA), True),
    ("2C JK", ("2S 2H 2D JK JK", ESCALERA), True),
    # a bolivia and a natural canasta: no escalera
    ("2C JK 9D", ("2S 2H 2D JK JK", KINGS), False),
    # a new bolivia of seven from hand
    ("2C 2C 2D 2D JK JK JK 5H", (ESCALERA,), True),
    # an unfinished wild-card meld does not count
    ("2C 2D 5H", ("2S 2H 2D", ESCALERA, "QH QS QD"), False),
    # the escalera completed from hand, wild cards onto the wild-card meld
    ("TH 2C 9D", ("2S 2H 2D JK JK JK", "9H 8H 7H 6H 5H 4H"), True),
])
def test_going_out_search_with_wild_card_melds(hand: str, melds: tuple[str, ...], out: bool) -> None:
    r = variants.get("bolivia")
    assert can_go_out(r, parse_cards(hand), _melds(*melds), meld_out=True) is out


def test_game_to_15000() -> None:
    game = Game("bolivia", seed=5)
    assert game.target == 15000
    game.scores = (14000, 12000)
    state = game.state._replace(phase=game.state.phase.OVER, hands=tuple(() for _ in game.state.hands),
                                melds=tuple(() for _ in game.state.melds), threes=((), ()))
    game.state = state
    game._finish_hand()
    assert game.winner is None  # 14000 is not yet 15000
    game.scores = (14950, 12000)
    game.state = state._replace(threes=((parse_cards("3H")[0],), ()))
    game._finish_hand()
    assert game.winner is None  # red 3 negative without a meld: -100
    game.scores = (15100, 12000)
    game._finish_hand()
    assert game.winner == 0


def test_basic_bots_build_escaleras_and_go_out() -> None:
    from canasta.bots import BasicBot

    kinds: Counter[str] = Counter()
    escaleras = went_out = 0
    for seed in range(3):
        game = Game("bolivia", seed=seed)
        bots = [BasicBot(seed * 10 + s) for s in range(4)]
        for _ in range(3):
            play_hand_with_bots(game, bots)
            went_out += game.state.ending.value == "went_out"
            for side in range(2):
                kinds.update(m.kind.value for m in game.state.melds[side])
                escaleras += game.state.sequences_done(side)
            if game.over:
                break
            game.next_hand()
    assert kinds["sequence"] > 0 and escaleras > 0 and went_out > 0
