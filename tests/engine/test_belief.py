"""The expert's belief sampling (bots/belief.py, issue 42): each hidden hand dealt by what
its seat did, consistent with the deciding seat's view.

- The memory's ``passed_melded`` is exactly the natural top cards a seat drew over once
  its side had melded (checked against the real states of seeded games).
- Every belief sample is a position the view allows: the seat's own hand, every hand's
  size and known cards, the stock's size, and the same multiset of cards as the even
  deal's samples; the same generator seed gives the same samples.
- ``match --expert-belief`` plays the belief expert and records it in the pairs file.
- The evidence is respected: over many samples, a seat gets a natural pair of a kind it
  discarded far less often than under the even deal, and a pair of a kind with no
  evidence more often (real hands hold more pairs than an even deal).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from canasta import variants
from canasta.actions import Draw
from canasta.bots import get_bot
from canasta.bots.belief import DISCARDED, PAIRED, WILD, BeliefSampler, Evidence, Sampler
from canasta.bots.expert import ExpertBot
from canasta.bots.memory import Memory
from canasta.cards import Card, card
from canasta.game import Game
from canasta.rules import Rules

NATURALS = frozenset(("4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"))
TABLES = (("classic", 4), ("classic", 2), ("samba", 4), ("modern-american", 4))


def points(rules: Rules, seed: int, every: int = 7) -> Iterator[tuple[Game, dict[str, Any], Memory]]:
    """Decision points of a seeded hand of level 3 against itself: the game, the view of
    the seat to act, its memory."""
    game = Game(rules, seed=seed)
    step = 0
    while not game.hand_over:
        seat = game.state.turn
        v = game.view(seat)
        legal = tuple(game.legal_actions())
        if step % every == 0 and len(legal) > 1:
            yield game, v, Memory(v, rules)
        game.apply(get_bot("good", seed * 1000 + step).choose(v, legal))
        step += 1


def test_passed_melded_is_the_top_cards_drawn_over_after_the_sides_meld() -> None:
    rules = variants.get("classic", 4)
    seen = 0
    for seed in range(4):
        game = Game(rules, seed=seed)
        truth: list[set[str]] = [set() for _ in range(rules.players)]
        step = 0
        while not game.hand_over:
            st = game.state
            seat = st.turn
            v = game.view(seat)
            action = get_bot("good", seed * 1000 + step).choose(v, tuple(game.legal_actions()))
            if isinstance(action, Draw) and st.discard and st.discard[-1].natural and st.melds[seat % rules.sides]:
                truth[seat].add(st.discard[-1].kind)
            game.apply(action)
            step += 1
            if game.hand_over:
                break
            m = Memory(game.view(game.state.turn), rules)
            for s in range(rules.players):
                if s != game.state.turn:
                    assert m.passed_melded[s] == truth[s]
                    assert m.passed_melded[s] <= m.passed[s]
        seen += sum(map(len, truth))
    assert seen > 5  # the games did hold such draws


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_belief_samples_are_positions_the_view_allows(table: tuple[str, int]) -> None:
    rules = variants.get(*table)
    checked = 0
    for _, v, memory in points(rules, 3):
        seat = v["seat"]
        even = Sampler(v, rules, memory)
        belief = BeliefSampler(v, rules, memory)
        first = [belief.sample(random.Random(7)) for _ in range(2)]
        assert first[0] == first[1]  # deterministic from the generator's seed
        rng, rng_even = random.Random(11), random.Random(11)
        for _ in range(5):
            st, ref = belief.sample(rng), even.sample(rng_even)
            assert st.hands[seat] == tuple(card(t) for t in v["hand"]) or sorted(map(str, st.hands[seat])) == sorted(
                v["hand"])
            assert [len(h) for h in st.hands] == v["hand_counts"]
            assert len(st.stock) == v["stock_size"]
            hidden = Counter(c for s, h in enumerate(st.hands) if s != seat for c in h) + Counter(st.stock)
            hidden_even = Counter(c for s, h in enumerate(ref.hands) if s != seat for c in h) + Counter(ref.stock)
            assert hidden == hidden_even  # the same unseen cards, only placed differently
            for s, held in enumerate(memory.known):
                if s != seat:
                    assert not Counter(held) - Counter(st.hands[s])  # known cards stay where they are
            bonus = rules.bonus_threes
            assert not any(c.kind in bonus for s, h in enumerate(st.hands) if s != seat for c in h)
            assert (st.discard, st.melds, st.turn, st.phase) == (ref.discard, ref.melds, ref.turn, ref.phase)
        checked += 1
    assert checked > 3


def pair_rate(sampler: Sampler, seat: int, kind: str, n: int) -> float:
    rng = random.Random(5)
    hits = 0
    for _ in range(n):
        hand = sampler.sample(rng).hands[seat]
        hits += sum(1 for c in hand if c.natural and c.kind == kind) >= 2
    return hits / n


def test_a_seat_gets_far_fewer_pairs_of_a_kind_it_discarded() -> None:
    rules = variants.get("classic", 4)
    found = None
    # A kind the next seat discarded with enough copies unseen that an even deal gives it
    # a pair now and then, and not known to be in its hand.
    for seed in range(1, 12):
        for _, v, memory in points(rules, seed, every=3):
            nxt = (v["seat"] + 1) % rules.players
            for k in sorted(memory.discarded[nxt] & NATURALS):
                if not memory.holds(nxt, k) and memory.unseen(k, 2 * 4) >= 4 and v["hand_counts"][nxt] >= 7:
                    found = (v, memory, nxt, k)
                    break
            if found:
                break
        if found:
            break
    assert found is not None
    v, memory, nxt, k = found
    even = pair_rate(Sampler(v, rules, memory), nxt, k, 600)
    belief = pair_rate(BeliefSampler(v, rules, memory), nxt, k, 600)
    assert even > 0.03
    assert belief < 0.35 * even, (even, belief)
    # The strength follows the factor: with no evidence weighed the rates agree.
    flat = Evidence.of(memory, v["seat"], discarded=1.0, passed_melded=1.0, passed=1.0, paired=1.0, wild=1.0)
    same = pair_rate(BeliefSampler(v, rules, memory, flat), nxt, k, 600)
    assert abs(same - even) < 0.05


def test_a_kind_with_no_evidence_is_paired_more_often_than_by_the_even_deal() -> None:
    rules = variants.get("classic", 4)
    _, v, memory = next(p for p in points(rules, 2) if p[1]["phase"] == "play")
    nxt = (v["seat"] + 1) % rules.players
    even, belief = Sampler(v, rules, memory), BeliefSampler(v, rules, memory)
    clear = [k for k in sorted(NATURALS)
             if k not in memory.discarded[nxt] and k not in memory.passed[nxt] and not memory.holds(nxt, k)]
    assert len(clear) >= 5

    def pairs(sampler: Sampler) -> float:
        rng = random.Random(9)
        total = 0
        for _ in range(400):
            hand = sampler.sample(rng).hands[nxt]
            counts = Counter(c.kind for c in hand if c.natural)
            total += sum(1 for k in clear if counts[k] >= 2)
        return total / 400

    assert pairs(belief) > 1.2 * pairs(even)


def test_the_weight_is_the_product_of_the_pairs_factors() -> None:
    rules = variants.get("classic", 4)
    _, v, memory = next(points(rules, 4))
    seat = v["seat"]
    other = (seat + 1) % rules.players
    memory.discarded[other] = {"9"}
    memory.passed[other] = memory.passed_melded[other] = set()
    ev = Evidence.of(memory, seat)
    hand = [card(t) for t in ("9S", "9H", "5C", "5D", "KH", "2C")]
    # 9s discarded, 5s with no evidence, one wild card
    assert ev.weight(other, hand) == pytest.approx(DISCARDED * PAIRED * WILD)
    # wild cards make no pair, and count for themselves only
    assert ev.weight(other, [card(t) for t in ("9S", "5C", "KH", "2C", "2D")]) == pytest.approx(WILD ** 2)
    assert ev.weight(seat, hand) == 1.0  # its own hand: it sees it
    assert isinstance(hand[0], Card)


def test_the_match_command_plays_the_belief_expert_and_says_so(tmp_path: Any) -> None:
    from canasta.lab.cli import main
    from canasta.lab.match import Side

    bot, plain = Side("expert", belief=True).make(1), Side("expert").make(1)
    assert isinstance(bot, ExpertBot) and bot.belief
    assert isinstance(plain, ExpertBot) and not plain.belief
    out = tmp_path / "p.json"
    main(["match", "--a", "expert", "--b", "good", "--deals", "1", "--expert-rollouts", "4", "--expert-belief",
          "--pairs-out", str(out)])
    record = json.loads(out.read_text())
    assert record["expert_belief"] is True and len(record["pairs"]) == 1
