"""The expert's answer to a partner's "may I go out?" (issue 42, "a partner people trust").

The rules let a player ask only when its hand can go out this turn (RULES.md 2 "Going
out"), so the question tells its partner that much of the asker's hidden hand, and
nothing else. The expert searches its answer on samples that agree with that fact:

- every sample ``Sampler.sample_going_out`` gives holds an asker's hand that goes out,
  and it is the first such sample of the even deal's own stream from the same generator
  (rejection: the even deal's law given the fact, nothing else changed);
- where no hand can go out it gives up after its tries (None), and the expert's answer
  is then level 3's: the table's (at Samba 4 players "yes" up to 128 points, where its
  search's weights say 80), the answer a hint explains;
- at the answer points of seeded hands the expert searches both answers, and its choice
  is the same whatever the hidden cards (the asker's hand among them) are re-dealt to.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from canasta import variants
from canasta.actions import NO, YES, Action
from canasta.bots import expert, get_bot
from canasta.bots.belief import Sampler
from canasta.bots.expert import ExpertBot
from canasta.bots.memory import Memory
from canasta.cards import Card
from canasta.game import Game
from canasta.play import hand_goes_out
from canasta.state import HandState
from canasta.views import view
from test_bot_honesty import redeal, track

TABLES = (("classic", 4), ("samba", 4), ("modern-american", 4))


def answer_points(variant: str, players: int, seed: int) -> Iterator[tuple[HandState, dict[str, Any],
                                                                            tuple[Action, ...], list[Counter[Card]]]]:
    """The answer points of a seeded hand of level 3 against itself: the state, the
    answering seat's view, the legal actions, the cards each seat is known to hold."""
    rules = variants.get(variant, players)
    game = Game(rules, seed=seed)
    known: list[Counter[Card]] = [Counter() for _ in range(rules.players)]
    step = 0
    while not game.hand_over:
        seat = game.state.turn
        v = game.view(seat)
        legal = tuple(game.legal_actions())
        if v["phase"] == "answer":
            yield game.state, v, legal, [Counter(k) for k in known]
        action = get_bot("good", seed * 1000 + step).choose(v, legal)
        track(known, game.state, action)
        game.apply(action)
        step += 1


def first_answers(variant: str, players: int, count: int) -> list[tuple[HandState, dict[str, Any],
                                                                        tuple[Action, ...], list[Counter[Card]]]]:
    out = []
    seed = 0
    while len(out) < count:
        out.extend(answer_points(variant, players, seed))
        seed += 1
    return out[:count]


@pytest.mark.parametrize("table", TABLES)
def test_the_samples_for_an_answer_are_the_even_deals_that_go_out(table: tuple[str, int]) -> None:
    tried = kept = 0
    for state, v, _, _ in first_answers(*table, count=3):
        rules = state.rules
        asker = v["asker"]
        assert hand_goes_out(state, asker)  # the real hand, as the rules say
        sampler = Sampler(v, rules, Memory(v, rules))
        for draw in range(4):
            got = sampler.sample_going_out(random.Random(draw), asker, 300)
            plain = random.Random(draw)
            for _ in range(300):
                expected = sampler.sample(plain)
                tried += 1
                if hand_goes_out(expected, asker):
                    break
            else:
                expected = None
            assert got == expected
            if got is not None:
                kept += 1
                assert hand_goes_out(got, asker)
                assert len(got.hands[asker]) == len(state.hands[asker])
                assert got.hands[v["seat"]] == state.hands[v["seat"]]
    # Some samples were refused on the way (the fact is informative) and most were found.
    assert tried > kept >= 10


def test_no_sample_where_no_hand_goes_out_and_the_answer_is_then_level_3s(monkeypatch: pytest.MonkeyPatch) -> None:
    # The answering seat's own hand is never re-dealt: asked of it, the fact is certain.
    points = first_answers("classic", 4, count=6)
    state, v, legal, _ = next(p for p in points if not hand_goes_out(p[0], p[1]["seat"]))
    sampler = Sampler(v, state.rules, Memory(v, state.rules))
    assert sampler.sample_going_out(random.Random(1), v["seat"], 5) is None
    searched = ExpertBot(3)
    searched.choose(v, legal)
    assert searched.steps > 0 and {a for a, _ in searched.last} == {YES, NO}
    monkeypatch.setattr(expert, "ASKER_TRIES", 0)
    blind = ExpertBot(3)
    assert blind.choose(v, legal) == blind.policy_choice
    assert blind.steps == 0  # no sample, no playout


@pytest.mark.parametrize("table", TABLES)
def test_the_expert_searches_its_answer_from_its_view_alone(table: tuple[str, int]) -> None:
    rng = random.Random(5)
    for n, (state, v, legal, known) in enumerate(first_answers(*table, count=3)):
        assert set(legal) == {YES, NO}
        bot = ExpertBot(n, rollouts=12)
        first = bot.choose(v, legal)
        assert {a for a, _ in bot.last} == {YES, NO}
        seat = v["seat"]
        for _ in range(2):
            other = redeal(state, seat, known, rng)
            v2 = dict(v)
            v2.update(view(other, seat))
            assert v2 == v
            assert ExpertBot(n, rollouts=12).choose(v2, legal) == first


def test_the_reason_for_an_answer_says_whether_it_follows_the_hands_points() -> None:
    """A "yes" with a costly hand, or a "no" with a cheap one, is the search's and says so
    (``hints.explain``, used for hints and for the bots' moves in the log)."""
    from canasta.bots.basic import _Facts
    from canasta.bots.good import ending_cost, table_weights
    from canasta.bots.hints import HINT_REASONS, explain

    seen: set[str] = set()
    for state, v, legal, _ in first_answers("samba", 4, count=80):
        f = _Facts(v)
        cheap = ending_cost(f) <= table_weights(state.rules).yes_max_points
        yes, no = explain(v, legal, YES), explain(v, legal, NO)
        assert yes["code"] == ("answer_yes" if cheap else "answer_yes_ends_well")
        assert no["code"] == ("answer_no_play_on" if cheap else "answer_no")
        assert yes["params"] == no["params"] == {"points": f.value(f.hand)}
        seen.update((yes["code"], no["code"]))
    assert seen == {"answer_yes", "answer_yes_ends_well", "answer_no", "answer_no_play_on"}
    assert seen <= set(HINT_REASONS)


def test_the_answer_the_search_must_beat_is_the_tables_level_3s(monkeypatch: pytest.MonkeyPatch) -> None:
    """At Samba 4 players level 3 says "yes" up to 128 points in hand where the search's
    own weights say 80 (docs/decisions.md#samba-answers): the answer the search must beat,
    and the one that stands where no sample is found, is the table's level 3's, so that
    the hint explains it by the hand's points as it was chosen."""
    from canasta.bots.basic import _Facts
    from canasta.bots.good import ending_cost, table_weights
    from canasta.bots.hints import explain

    monkeypatch.setattr(expert, "ASKER_TRIES", 0)
    between = 0
    for state, v, legal, _ in first_answers("samba", 4, count=80):
        cost = ending_cost(_Facts(v))
        table, search = table_weights(state.rules), expert.search_weights(state.rules)
        assert search.yes_max_points < table.yes_max_points
        answer = ExpertBot(1).choose(v, legal)
        assert answer == (YES if cost <= table.yes_max_points else NO)
        assert explain(v, legal, answer)["code"] in ("answer_yes", "answer_no")
        between += search.yes_max_points < cost <= table.yes_max_points
    assert between >= 2, "no answer where the two thresholds disagree: the test would not tell them apart"
