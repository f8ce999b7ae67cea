"""The expert's value at a playout's horizon (bots/horizon.py, docs/decisions.md#outlook):
its facts, its symmetry between the sides, and where it applies."""

from __future__ import annotations

import dataclasses
import random

from canasta import variants
from canasta.bots.expert import evaluate, playout_facts, score_now
from canasta.bots.good import GoodBot
from canasta.bots.horizon import CORRECTIONS, FACTS, WEIGHTS, facts, outlook, weights_for
from canasta.legal import legal_actions
from canasta.play import apply
from canasta.state import HandState, deal


def _positions(name: str, players: int, hands: int, seed: int) -> list[HandState]:
    """Positions of level 3 playing itself, one in four steps, ends of hands included."""
    rules = variants.get(name, players)
    out: list[HandState] = []
    for h in range(hands):
        rng = random.Random(seed + h)
        state = deal(rules, rng, dealer=h % players)
        bots = [GoodBot(rng.randrange(1 << 30)) for _ in range(players)]
        step = 0
        while not state.over:
            if step % 4 == 0:
                out.append(state)
            legal = legal_actions(state)
            seat = state.turn
            action = legal[0] if len(legal) == 1 else bots[seat].decide(playout_facts(state, seat),
                                                                        state.phase.value, legal)
            state = apply(state, action)
            step += 1
        out.append(state)
    return out


def test_every_fitted_table_has_one_weight_per_fact() -> None:
    assert WEIGHTS, "no outlook fitted"
    for (name, players), w in WEIGHTS.items():
        assert len(w) == len(FACTS), (name, players)
        more = CORRECTIONS.get((name, players))
        want = w if more is None else tuple(a + b for a, b in zip(w, more))
        assert weights_for(variants.get(name, players)) == want


def test_a_correction_is_added_to_its_tables_weights_only() -> None:
    """The expert's correction (``CORRECTIONS``, fitted on its own matches) adds to level
    3's outlook at its table's exact rules, and to nothing else."""
    assert ("classic", 4) in CORRECTIONS
    for key, more in CORRECTIONS.items():
        assert key in WEIGHTS and len(more) == len(FACTS)
        w = weights_for(variants.get(*key))
        assert w is not None and w != WEIGHTS[key]
        assert all(abs(x - (a + b)) < 1e-9 for x, a, b in zip(w, WEIGHTS[key], more))
    house = dataclasses.replace(variants.get("classic", 4), canastas_to_go_out=2)
    assert weights_for(house) is None  # house rules: no outlook, corrected or not
    assert weights_for(variants.get("classic", 2)) == WEIGHTS[("classic", 2)]  # no correction there


def test_the_outlook_of_one_side_is_minus_the_other_sides() -> None:
    """Each fact is the side's figure minus the other side's, so the sides' outlooks
    cancel, and the hand's end adds nothing to the score."""
    states = _positions("classic", 4, 3, 500)
    values = [outlook(s, 0) for s in states if not s.over]
    assert any(abs(v) > 50 for v in values)  # the outlook does say something
    for s in states:
        assert len(facts(s, 0)) == len(FACTS)
        assert abs(outlook(s, 0) + outlook(s, 1)) < 1e-6
        if s.over:
            assert outlook(s, 0) == 0.0 and evaluate(s, 0) == score_now(s, 0)
        else:
            assert evaluate(s, 0) == score_now(s, 0) + outlook(s, 0)


def test_a_table_with_no_fitted_weights_is_valued_as_the_score_stands() -> None:
    """Samba 6 players have none fitted; Classic with a house rule changed is not the
    rules the Classic weights were fitted on."""
    for state in _positions("samba", 6, 1, 600)[:5]:
        assert outlook(state, 0) == 0.0
    classic = variants.get("classic", 4)
    house = classic.replace(canastas_to_go_out=2)
    assert weights_for(classic) is not None and weights_for(house) is None
    state = _positions("classic", 4, 1, 700)[3]
    assert outlook(state._replace(rules=house), 0) == 0.0
