"""The going-out search (``goout.can_go_out``, as ``play.ask_refusal`` and legal's ``ask``
use it) against brute force: every order of listed actions within the turn.

Positions come from seeded random hands of every family, played with a bias towards
melding, at play-phase states where the hand is small enough for the brute force. The
brute force plays the turn after a partner's "yes" with the binding check switched off,
and tries every listed action but ``ask`` until the hand goes out. Set
``CANASTA_BRUTE_HANDS`` for a larger run (hands a table; default 3).
"""

from __future__ import annotations

import os
import random

import pytest

from canasta import goout, play, variants
from canasta.actions import ASK, Action, Add, Meld, Merge, Swap, Take
from canasta.goout import can_go_out
from canasta.legal import legal_actions
from canasta.placement import closed_ranks
from canasta.rules import Rules
from canasta.state import PLAY_PHASE, WENT_OUT, HandState, deal
from canasta.switches import set_switch

HANDS = int(os.environ.get("CANASTA_BRUTE_HANDS", "3"))
MAX_CARDS = 7
TABLES: list[tuple[str, Rules]] = [
    ("classic 4", variants.get("classic", 4)),
    ("samba 4", variants.get("samba", 4)),
    ("samba 2", variants.get("samba", 2)),
    ("uruguayan samba 4", set_switch(variants.get("samba", 4), "S5", "uruguayan")),
    ("bolivia 4", variants.get("bolivia", 4)),
    ("modern-american 4", variants.get("modern-american", 4)),
    ("maison 4", variants.get("maison", 4)),
]
_MELDY = (Meld, Add, Take, Merge, Swap)


def _positions(rules: Rules, seed: int) -> list[HandState]:
    """Play-phase states of one seeded hand where the side has melded and the hand is small."""
    rng = random.Random(seed)
    state = deal(rules, rng, dealer=0)
    out = []
    for _ in range(400):
        if state.over:
            break
        legal = [a for a in legal_actions(state) if a != ASK]
        if (state.phase is PLAY_PHASE and not state.permission and 2 <= len(state.hands[state.turn]) <= MAX_CARDS
                and state.melds[state.side]):
            out.append(state)
        meldy = [a for a in legal if isinstance(a, _MELDY)]
        pool = meldy if meldy and rng.random() < 0.85 else legal
        if not pool:
            break
        state = play.apply(state, pool[int(rng.random() * len(pool))])
    return out


def _goes_out(state: HandState) -> bool:
    """Some order of listed actions (no ``ask``) empties the hand this turn."""
    seen: set[object] = set()

    def search(s: HandState) -> bool:
        key = (s.hands[s.turn], s.melds[s.side])
        if key in seen:
            return False
        seen.add(key)
        for a in legal_actions(s):
            if a == ASK:
                continue
            n = play.apply(s, a)
            if n.over:
                if n.ending is WENT_OUT:
                    return True
                continue
            if n.turn == s.turn and n.phase is s.phase and search(n):
                return True
        return False

    return search(state.with_(permission="yes"))


def _solver(state: HandState) -> bool:
    r = state.rules
    return can_go_out(r, state.hands[state.turn], state.melds[state.side], meld_out=not r.go_out_with_discard,
                      closed=closed_ranks(r, state.melds))


@pytest.mark.parametrize("label, rules", TABLES, ids=[t[0] for t in TABLES])
def test_solver_agrees_with_brute_force(monkeypatch: pytest.MonkeyPatch, label: str, rules: Rules) -> None:
    states = [s for seed in range(HANDS) for s in _positions(rules, 7000 + seed)]
    answers = [_solver(s) for s in states]
    # The brute force plays after a "yes" without the binding check, so it sees every order.
    monkeypatch.setattr(play, "can_go_out", lambda *args, **kwargs: True)
    wrong = [(i, a) for i, (s, a) in enumerate(zip(states, answers)) if _goes_out(s) != a]
    assert states, label
    assert not wrong, f"{label}: {len(wrong)} of {len(states)} positions differ, first {wrong[0]}"


@pytest.mark.parametrize("label, rules", TABLES, ids=[t[0] for t in TABLES])
def test_cheap_no_only_where_the_search_says_no(label: str, rules: Rules) -> None:
    """``goout._plainly_not`` (the cheap tests before the search) ends a question only
    where the search answers "no" as well, at every play-phase state of seeded random
    hands, whatever the hand's size, both with and without going out by melding."""
    cut = 0
    for seed in range(HANDS):
        rng = random.Random(8000 + seed)
        state = deal(rules, rng, dealer=0)
        while not state.over:
            if state.phase is PLAY_PHASE and state.hands[state.turn]:
                hand, melds = state.hands[state.turn], state.melds[state.side]
                closed = closed_ranks(rules, state.melds)
                if goout._plainly_not(rules, hand, melds, closed):
                    cut += 1
                    for meld_out in (True, False):
                        assert not goout._can_go_out(rules, hand, melds, meld_out, closed), (label, state)
            legal = legal_actions(state)
            state = play.apply(state, legal[int(rng.random() * len(legal))])
    assert cut, label


def test_the_last_answer_is_kept_for_the_same_question_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``can_go_out`` keeps its last answer by the identity of its arguments (a playout asks
    the same question twice in a row): one hand object asked about with other melds, or
    the other way of going out, gets its own answer, the one a fresh call gives."""
    rules = variants.get("samba", 4)
    questions = []
    for seed in range(6):
        for state in _positions(rules, seed):
            hand, closed = state.hands[state.turn], closed_ranks(rules, state.melds)
            for melds in (state.melds[state.side], ()):
                for meld_out in (True, False):
                    questions.append((hand, melds, meld_out, closed))
    fresh = []
    for hand, melds, meld_out, closed in questions:
        monkeypatch.setattr(goout, "_last", (None, None, None, None, None, False))
        fresh.append(can_go_out(rules, hand, melds, meld_out=meld_out, closed=closed))
    assert any(fresh) and not all(fresh)
    both_ways = questions + questions[::-1]
    assert [can_go_out(rules, h, m, meld_out=o, closed=c) for h, m, o, c in both_ways] == fresh + fresh[::-1]
