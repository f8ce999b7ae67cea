"""The expert's playouts after a partner's "yes" (``expert.going_out_step``; issue 42).

After a "yes" the hand in turn must go out, and every lay in the legal list keeps that
possible: listing them costs a full ``apply`` and a going-out search a lay. A playout
instead tries level 3's ranking of the unchecked candidates until ``apply`` accepts one.
Checked here on the "yes" positions of hands level 3 plays at every seat:

1. without jitter (noise 0) the step is level 3's own choice from the legal list, position
   for position (the ranking keeps the legal list's order among equal scores);
2. with level 3's jitter, the step is always one of the legal lays, and over many seeds it
   picks each of the best-scored lays as often as level 3 does from the legal list;
3. level 3's choice itself is unchanged by the ranking's refactoring (its ``_out_step``
   is the ranking's first entry that passes its own check).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from canasta import variants
from canasta.actions import Add, Meld
from canasta.bots.expert import going_out_step, playout_facts, search_weights
from canasta.bots.good import NOISE, GoodBot
from canasta.legal import legal_actions
from canasta.play import apply
from canasta.state import PLAY_PHASE, HandState, deal

TABLES = (("classic", 4), ("samba", 4))


def yes_positions(name: str, players: int, hands: int) -> Iterator[HandState]:
    """Every position of ``hands`` seeded hands, played by level 3 at every seat as the
    expert's playouts play it, where a partner said yes and the hand in turn holds two
    cards or more."""
    rules = variants.get(name, players)
    weights = search_weights(rules)
    for seed in range(hands):
        rng = random.Random(seed)
        state = deal(rules, rng, seed % players)
        bots = [GoodBot(seed * 10 + s, weights=weights) for s in range(players)]
        while not state.over:
            seat = state.turn
            if state.permission == "yes" and state.phase is PLAY_PHASE and len(state.hands[seat]) > 1:
                yield state
            legal = legal_actions(state)
            action = legal[0] if len(legal) == 1 else bots[seat].decide(playout_facts(state, seat),
                                                                          state.phase.value, legal)
            state = apply(state, action)


@pytest.fixture(scope="module", params=TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def positions(request: pytest.FixtureRequest) -> list[HandState]:
    name, players = request.param
    found = list(yes_positions(name, players, 40))
    assert len(found) >= 30, f"too few positions after a yes to test: {len(found)}"
    return found


def test_without_jitter_the_step_is_level_3s_choice_from_the_legal_list(positions: list[HandState]) -> None:
    for state in positions:
        weights = search_weights(state.rules)
        legal = legal_actions(state)
        f = playout_facts(state, state.turn)
        got = going_out_step(GoodBot(0, noise=0.0, weights=weights), state)
        if not any(isinstance(a, (Meld, Add)) for a in legal):
            assert got is None  # no lay: the legal list decides, as before
            continue
        chosen = GoodBot(0, noise=0.0, weights=weights).decide(f, "play", legal)
        assert got == apply(state, chosen), (state, chosen)


def test_with_jitter_the_step_is_legal_and_follows_level_3s_law(positions: list[HandState]) -> None:
    tied = 0
    for state in positions:
        weights = search_weights(state.rules)
        legal = legal_actions(state)
        after = {apply(state, a): a for a in legal if isinstance(a, (Meld, Add))}
        if not after:
            continue
        f = playout_facts(state, state.turn)
        plain = GoodBot(0, noise=0.0, weights=weights)
        scores = {a: plain._out_score(f, a, False) for a in after.values()}
        top = max(s for s in scores.values() if s is not None)
        best = {a for a, s in scores.items() if s == top}
        if len(best) > 1 and tied >= 10:
            continue  # ten positions with tied best lays are enough (the test's time)
        draws = 200 if len(best) > 1 else 5
        lazy: Counter[object] = Counter()
        full: Counter[object] = Counter()
        for seed in range(draws):
            got = going_out_step(GoodBot(seed, noise=NOISE, weights=weights), state)
            assert got in after  # a legal lay, played
            lazy[after[got]] += 1
            full[GoodBot(seed + 10_000, noise=NOISE, weights=weights).decide(f, "play", legal)] += 1
        # The jitter (below 1 point) only breaks ties between the best-scored lays.
        assert set(lazy) == set(full) == best, (state, lazy, full)
        if len(best) > 1:
            tied += 1
            for a in best:
                # Chosen by jitter alone, as often either way: 200 draws each, shares
                # within 0.2 (a share's binomial se is at most 0.035).
                assert abs(lazy[a] - full[a]) / draws < 0.2, (state, lazy, full)
    assert tied, "no position with tied best lays: the law went untested"


def test_level_3s_step_is_the_first_checked_entry_of_its_ranking(positions: list[HandState]) -> None:
    for state in positions[:20]:
        f = playout_facts(state, state.turn)
        lays = [a for a in legal_actions(state) if isinstance(a, (Meld, Add))]
        if not lays:
            continue
        bot = GoodBot(7, noise=NOISE, weights=search_weights(state.rules))
        again = GoodBot(7, noise=NOISE, weights=search_weights(state.rules))
        assert bot._out_step(f, lays, [], check=False) == again.out_ranking(f, lays)[0]
