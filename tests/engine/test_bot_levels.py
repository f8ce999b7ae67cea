"""The ladder of bot levels (issue 5): smoke matches on every preset, the registry, the
match command's arithmetic, the counting memory. The full ladder runs outside the suite
(docs/bots.md).

- For every preset of the registry at test time (and each player count of Classic and
  Samba),
  each level plays a few seeded hands against another level: every choice is one of the
  legal actions it was given, nothing crashes, every hand ends. The expert plays at a
  small budget here (the search is the same; only its number of playouts differs).
- ``level_name`` reads 1-4 and names; ``match`` prints the documented line.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import statistics
import types
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from canasta import variants
from canasta.__main__ import main
from canasta.actions import Action, Add, Discard, Draw, Meld, Take
from canasta.bots import BOTS, LEVELS, Bot, get_bot, level_name
from canasta.bots import expert
from canasta.bots.basic import _cards_of, _Facts
from canasta.bots.expert import DEFAULT_ROLLOUTS, FITTED, PLAIN, STEPS_PER_PLAYOUT, ExpertBot, Profile, outlook_profile
from canasta.bots.good import (BOLIVIA, CLASSIC_1950S, CLASSIC_2, CLASSIC_3, CLASSIC_4, CLASSIC_6, MODERN_AMERICAN,
                               NOISE, PAIR_CHANCE, SAMBA_2, SAMBA_4, SAMBA_6, TUNED, GoodBot, Weights, table_weights)
from canasta.bots.horizon import weights_for
from canasta.bots.odds import chance_of_two
from canasta.errors import RulesError
from canasta.game import Game
from canasta.goout import can_go_out
from canasta.lab.match import MatchReport, Side, decision_seed, hand_steps, play_deal
from canasta.lab.think_time import think_times
from canasta.melds import WILD, is_sequence_attempt
from canasta.rules import Rules

TABLES = [(name, n) for name, p in variants.PRESETS.items() for n in (p.players if name in ("classic", "samba") else
                                                                        (p.default_players,))]


def walk_hand(game: Game, decide: Callable[[dict[str, Any], tuple[Action, ...], int], Action]) -> int:
    """One hand to its end, ``decide(view, legal, step)`` choosing for the seat in turn;
    returns the decisions made."""
    steps = 0
    while not game.hand_over:
        game.apply(decide(game.view(game.state.turn), tuple(game.legal_actions()), steps))
        steps += 1
        assert steps < 3000, "a hand that never ends"
    return steps


def may_go_out(rules: Rules, f: _Facts) -> bool:
    """The seat in ``f`` may go out now from its hand (unless its partner said no)."""
    return f.permission != "no" and can_go_out(rules, f.hand, f.mine, meld_out=True, closed=f.closed)


def play_hand(game: Game, bots: Sequence[Bot]) -> int:
    """One hand, each seat's bot choosing from its view; returns the decisions made."""

    def decide(view: dict[str, Any], legal: tuple[Action, ...], step: int) -> Action:
        choice = bots[view["seat"]].choose(view, legal)
        assert choice in legal, (view["seat"], str(choice))
        return choice

    return walk_hand(game, decide)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_levels_play_legal_hands_on_every_preset(variant: str, players: int) -> None:
    rules = variants.get(variant, players)
    hands = 6 if players == 4 else 3
    for level in ("beginner", "casual", "good"):
        for h in range(hands):
            other = LEVELS[1 + (h % 3)] if LEVELS[1 + (h % 3)] != level else "random"
            names = [level if (s % rules.sides) == h % rules.sides else other for s in range(rules.players)]
            bots = [get_bot(n, 1000 * h + s) for s, n in enumerate(names)]
            play_hand(Game(rules, seed=31 * h + players), bots)


def test_bots_lay_wild_card_melds_where_unfinished_ones_cost_nothing() -> None:
    """Bolivia (RULES.md 5): a wild-card meld grows into a bolivia (2500) and costs nothing
    unfinished, so the rule-based levels start one (they once never did: no hand had a
    bolivia). Where an unfinished one costs (Modern American, RULES.md 3) they lay one only
    whole: ``BasicBot._meld_step`` reads ``unfinished_wild_meld_penalty``."""
    rules = variants.get("bolivia", 4)
    wild_melds = bolivias = 0
    for h in range(12):
        game = Game(rules, seed=500 + h)
        play_hand(game, [get_bot("good", 1000 * h + s) for s in range(4)])
        for side in game.state.melds:
            for m in side:
                if m.kind is WILD:
                    wild_melds += 1
                    bolivias += m.size >= rules.canasta_size
    assert wild_melds >= 2 and bolivias >= 1, (wild_melds, bolivias)


def test_good_leaves_few_penalised_groups_unfinished() -> None:
    """Modern American (RULES.md 3): an unfinished natural group of 7s or Aces costs 2500.
    Level 3 weighs a group's chance of its canasta before taking the pile, opening or
    melding with one (``bots.good.group_worth``); level 2 does not, and leaves several
    times as many unfinished over the same deals."""
    rules = variants.get("modern-american", 4)
    penalised = {rank for rank, _ in rules.unfinished_group_penalty}
    left = {}
    for level in ("casual", "good"):
        n = 0
        for h in range(16):
            game = Game(rules, seed=900 + h)
            play_hand(game, [get_bot(level, 1000 * h + s) for s in range(4)])
            n += sum(1 for side in game.state.melds for m in side
                     if m.rank in penalised and m.natural and m.size < rules.canasta_size)
        left[level] = n
    assert left["good"] * 3 <= left["casual"], left


def test_good_reads_no_penalty_where_the_rules_charge_none() -> None:
    """Classic charges nothing for an unfinished group: the expected worth of any group is 0."""
    from canasta.bots.good import group_worth
    from canasta.bots.memory import Memory

    game = Game("classic", seed=3)
    v = game.view(game.state.turn)
    f = _Facts(v)
    assert not f.risky
    assert all(group_worth(f, Memory(v, f.rules), rank, 3) == 0.0 for rank in ("A", "7", "K"))


def test_good_plays_the_tables_own_weights() -> None:
    """Level 3 reads its weights from the table (``good.table_weights``): Classic 2, 3, 4
    and 6 players, the 1950s preset, Samba 2, 4 and 6 players and Bolivia have their own
    sets (at 2, 3 and 4 and the 1950s a pile taken only for a score of 32, not 20), house
    rules or not, and Modern American (``TUNED`` with the pair chance); every other table
    plays ``TUNED``. Over Classic hands, a bot left to the table's set draws at some
    decisions where the same bot held at ``TUNED`` takes the pile, and never takes where
    that one draws; on Maison the two always agree.
    The expert's level 3 takes there at Classic 4 players (its search keeps ``TUNED``)
    and draws at 2 (its search plays the table's set: ``expert.search_weights``)."""
    classic = variants.get("classic", 4)
    two = variants.get("classic", 2)
    assert table_weights(classic) is CLASSIC_4
    assert table_weights(classic.replace(canastas_to_go_out=2)) is CLASSIC_4
    assert table_weights(two) is CLASSIC_2
    assert table_weights(two.replace(canastas_to_go_out=3)) is CLASSIC_2
    assert table_weights(variants.get("classic", 3)) is CLASSIC_3
    assert table_weights(variants.get("classic-1950s", 4)) is CLASSIC_1950S
    assert table_weights(variants.get("classic", 6)) is CLASSIC_6
    assert table_weights(variants.get("samba", 2)) is SAMBA_2
    assert table_weights(variants.get("samba", 4)) is SAMBA_4
    assert table_weights(variants.get("samba", 6)) is SAMBA_6
    assert table_weights(variants.get("bolivia")) is BOLIVIA
    assert table_weights(variants.get("modern-american")) is MODERN_AMERICAN
    assert table_weights(variants.get("maison")) is TUNED
    assert CLASSIC_4.take_threshold > TUNED.take_threshold
    assert CLASSIC_2.take_threshold > TUNED.take_threshold
    for rules, hands in ((classic, 10), (two, 6), (variants.get("maison"), 2)):
        declined = 0

        def decide(view: dict[str, Any], legal: tuple[Action, ...], step: int) -> Action:
            nonlocal declined
            mine = GoodBot(step).choose(view, legal)
            fixed = GoodBot(step, weights=TUNED).choose(view, legal)
            if rules.name != "classic":
                assert mine == fixed, (str(mine), str(fixed))
            elif view["phase"] == "draw":
                assert not (isinstance(mine, Take) and isinstance(fixed, Draw))
                if isinstance(mine, Draw) and isinstance(fixed, Take):
                    declined += 1
                    # The expert's level 3 is on its search's weights: TUNED at Classic
                    # 4 players (it takes), the table's own at 2 (it draws).
                    searched = ExpertBot(step, rollouts=0).choose(view, legal)
                    on_tuned = expert.search_weights(rules) is TUNED
                    assert isinstance(searched, Take if on_tuned else Draw)
                    assert on_tuned == (rules.players == 4)
            return mine

        for h in range(hands):
            walk_hand(Game(rules, seed=900 + h), decide)
        if rules.name == "classic":
            assert declined >= 1


def test_chance_of_two_is_the_hypergeometric_chance() -> None:
    """``odds.chance_of_two`` against every hand counted out: of ``unseen`` cards, the
    first ``copies`` of one kind, the share of the hands of ``hand`` cards holding two or
    more of them."""
    for unseen in range(1, 10):
        for copies in range(0, unseen + 1):
            for hand in range(0, unseen + 1):
                hands = list(itertools.combinations(range(unseen), hand))
                pairs = sum(1 for h in hands if sum(1 for c in h if c < copies) >= 2)
                assert chance_of_two(copies, hand, unseen) == pytest.approx(pairs / len(hands)), (copies, hand, unseen)
    # Two unseen copies against six, an 11-card hand among 70 hidden cards.
    assert chance_of_two(6, 11, 70) > 10 * chance_of_two(2, 11, 70)


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("modern-american", 4), ("samba", 4), ("samba", 2)])
def test_good_weighs_a_discards_pair_risk_by_its_chance(variant: str, players: int) -> None:
    """Level 3 charges a discard with two or more copies unseen by the chance that the
    next opponent holds a pair of them (``Weights.pair_chance``: ``good.PAIR_CHANCE`` at
    Samba, Bolivia and Modern American, 0.04 at Samba 4 players, the Classic tables
    keeping level 2's flat amount). Over hands, both without noise: where level 3 with
    that chance and the same bot at ``pair_chance`` 0 choose different discards, the flat
    one's card is the likelier to give the next opponent a pair (a card outside that
    risk, such as a dead rank, counts as the chance at which the two charge alike)."""
    rules = variants.get(variant, players)
    chance_tables = [variants.get(n, p) for n, p in (("samba", 2), ("samba", 6), ("bolivia", 4),
                                                     ("modern-american", 4))]
    assert all(table_weights(r).pair_chance == PAIR_CHANCE > 0 for r in chance_tables)
    assert table_weights(variants.get("samba", 4)).pair_chance == 0.04
    assert all(w.pair_chance == 0 for w in (TUNED, CLASSIC_2, CLASSIC_3, CLASSIC_4, CLASSIC_6, CLASSIC_1950S))
    assert table_weights(variants.get("maison")).pair_chance == 0
    ref = PAIR_CHANCE
    weights = dataclasses.replace(table_weights(rules), pair_chance=ref)
    flat_weights = dataclasses.replace(weights, pair_chance=0.0)

    class Flat(GoodBot):
        """Level 3 at ``pair_chance`` 0, noting each kind's chance of a pair in the next
        opponent's hand where it charges the flat amount."""

        def __init__(self, seed: int) -> None:
            super().__init__(seed, noise=0.0, weights=flat_weights)
            self.chances: dict[str, float] = {}

        def _unseen_danger(self, f: _Facts, kind: str, unseen: int, pile: int, frozen: bool) -> float:
            hidden = sum(n for s, n in enumerate(f.hand_counts) if s != f.seat) + f.stock_size
            self.chances[kind] = chance_of_two(unseen, f.hand_counts[f.next_seat], hidden)
            return super()._unseen_danger(f, kind, unseen, pile, frozen)

    differ = 0

    def decide(view: dict[str, Any], legal: tuple[Action, ...], step: int) -> Action:
        nonlocal differ
        flat_bot = Flat(step)
        flat = flat_bot.choose(view, legal)
        mine = GoodBot(step, noise=0.0, weights=weights).choose(view, legal)
        if isinstance(flat, Discard) and isinstance(mine, Discard) and flat != mine:
            differ += 1
            risk = [flat_bot.chances.get(c.kind, ref) for c in (flat.card, mine.card)]
            assert risk[0] > risk[1], (str(flat), str(mine), risk)
        return flat

    for h in range(6):
        walk_hand(Game(rules, seed=700 + h), decide)
    assert differ >= 3, differ


def test_good_keeps_its_hand_at_samba_2_players() -> None:
    """At Samba 2 players (``good.SAMBA_2``, ``keep_hand_open``) level 3 lays no cards
    that leave fewer than 15 in its hand (9 for the initial meld, ``open_keep``), a
    canasta or samba aside, until the hand may end or it goes out; the same bot with the
    hand not kept lays sooner. At Samba 4 players nothing is kept (a kept hand lost
    there: docs/decisions.md#samba-2-kept-hand)."""
    two = variants.get("samba", 2)
    size = two.canasta_size
    assert SAMBA_2.keep_hand_open == 15 and table_weights(variants.get("samba", 4)).keep_hand_open == 0
    unkept = dataclasses.replace(SAMBA_2, keep_hand_open=0)
    checked = held = 0

    def decide(view: dict[str, Any], legal: tuple[Action, ...], step: int) -> Action:
        nonlocal checked, held
        bot = GoodBot(step)
        mine = bot.choose(view, legal)
        if view["phase"] == "play" and isinstance(mine, (Meld, Add)):
            f = _Facts(view)
            going_out = may_go_out(two, f)
            keep = SAMBA_2.keep_hand_open if f.opened else SAMBA_2.open_keep
            if not going_out and not f.end_near() and len(f.hand) - len(_cards_of(mine)) < keep:
                # Below 15 cards (9 for the initial meld) only a lay that makes a canasta or samba.
                after = bot._after(f, mine)
                assert after is not None
                grown = [m for i, m in enumerate(after) if i >= len(f.mine) or m != f.mine[i]]
                assert any(m.size >= size for m in grown), str(mine)
                checked += 1
        other = GoodBot(step, weights=unkept).choose(view, legal)
        if isinstance(other, (Meld, Add)) and not isinstance(mine, (Meld, Add)):
            held += 1
        return mine

    for h in range(4):
        walk_hand(Game(two, seed=300 + h), decide)
    assert held >= 3 and checked >= 1


@pytest.mark.parametrize("players", [4, 6])
def test_good_takes_the_pile_onto_its_group_at_samba(players: int) -> None:
    """Where a side may hold two groups of a rank (Samba, RULES.md 4) the pile taken with a
    pair may go onto the side's group of its rank or start a second one: level 3 at Samba
    (``take_join``) takes it onto the group; on ``TUNED`` it picks either by its jitter."""
    rules = variants.get("samba", players)
    assert table_weights(rules).take_join > 0 == TUNED.take_join
    joined = split = 0

    def decide(view: dict[str, Any], legal: tuple[Action, ...], step: int) -> Action:
        nonlocal joined, split
        mine = GoodBot(step).choose(view, legal)
        if isinstance(mine, Take) and mine.cards:
            both = {t.target for t in legal if isinstance(t, Take) and t.cards == mine.cards and t.extra == mine.extra}
            if "" in both and len(both) > 1:
                assert mine.target, str(mine)
                joined += 1
                for n in range(8):
                    other = GoodBot(n, weights=TUNED).choose(view, legal)
                    split += isinstance(other, Take) and bool(other.cards) and not other.target
        return mine

    for h in range(12):
        walk_hand(Game(rules, seed=500 + h), decide)
    assert joined >= 2 and split >= 1


@pytest.mark.parametrize("players", [4, 6])
def test_good_lays_no_run_of_three_at_samba_4_and_6_players(players: int) -> None:
    """At Samba 4 and 6 players (``good.SAMBA_4``, ``SAMBA_6``: ``sequence_min`` 4) level 3
    lays no new sequence of three cards in its play (the initial meld and going out aside)
    until the hand may end; the same bot on ``TUNED`` lays such runs where it does not."""
    rules = variants.get("samba", players)
    least = table_weights(rules).sequence_min
    assert least == 4 and TUNED.sequence_min == 3
    checked = held = 0

    def short_run(action: Action) -> bool:
        return isinstance(action, Meld) and any(is_sequence_attempt(rules, g) and len(g) < least
                                                for g in action.melds)

    def decide(view: dict[str, Any], legal: tuple[Action, ...], step: int) -> Action:
        nonlocal checked, held
        mine = GoodBot(step).choose(view, legal)
        if view["phase"] != "play":
            return mine
        f = _Facts(view)
        going_out = may_go_out(rules, f)
        if not f.opened or going_out or f.end_near():
            return mine
        if isinstance(mine, Meld):
            checked += 1
            assert not short_run(mine), str(mine)
        if short_run(GoodBot(step, weights=TUNED).choose(view, legal)):
            held += 1
        return mine

    for h in range(6):
        walk_hand(Game(rules, seed=400 + h), decide)
    assert held >= 3 and checked >= 3


def test_good_starts_wild_card_melds_with_three_in_bolivia() -> None:
    """In Bolivia (``good.BOLIVIA``, ``wild_meld_start`` 3; RULES.md 5: an unfinished
    wild-card meld costs nothing) level 3 starts wild-card melds of three cards; the same
    bot on ``TUNED``, as level 2, starts them only from four."""
    rules = variants.get("bolivia")
    assert BOLIVIA.wild_meld_start == 3 and TUNED.wild_meld_start == 4

    def starts(weights: Weights | None) -> list[int]:
        sizes: list[int] = []

        def decide(view: dict[str, Any], legal: tuple[Action, ...], step: int) -> Action:
            action = GoodBot(step, weights=weights).choose(view, legal)
            if isinstance(action, Meld) and len(action.melds) == 1 and all(c.wild for c in action.melds[0]):
                sizes.append(len(action.melds[0]))
            return action

        for h in range(8):
            walk_hand(Game(rules, seed=500 + h), decide)
        return sizes

    table = starts(None)
    assert table.count(3) >= 2, table
    tuned = starts(TUNED)
    assert tuned and min(tuned) >= 4, tuned


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_expert_plays_legal_hands_on_every_preset(variant: str, players: int) -> None:
    rules = variants.get(variant, players)
    for h in range(2 if players == 4 else 1):
        bots: list[Bot] = [ExpertBot(100 * h + s, rollouts=4, horizon=8) if s % rules.sides == 0 else
                           get_bot("good", s) for s in range(rules.players)]
        play_hand(Game(rules, seed=7 + h), bots)


def test_level_names() -> None:
    assert [level_name(n) for n in (1, 2, 3, 4)] == ["beginner", "casual", "good", "expert"]
    assert level_name("3") == "good" and level_name("Expert") == "expert" and level_name("basic") == "basic"
    assert set(LEVELS.values()) <= set(BOTS)
    with pytest.raises(RulesError) as e:
        level_name(5)
    assert e.value.code == "unknown_bot"


def test_expert_keeps_level_3_vetoes() -> None:
    """The expert never discards a wild card level 3 keeps, over seeded hands."""
    game = Game("classic", seed=5)
    seen = 0
    while not game.hand_over:
        seat = game.state.turn
        legal = tuple(game.legal_actions())
        v = game.view(seat)
        if seat % 2 == 0 and len(legal) > 1:
            bot = ExpertBot(seat, rollouts=8, horizon=10)
            choice = bot.choose(v, legal)
            policy = bot.policy_choice
            wild_discard = getattr(choice, "card", None) is not None and getattr(choice, "card").wild
            policy_wild = getattr(policy, "card", None) is not None and getattr(policy, "card").wild
            assert not wild_discard or policy_wild
            seen += 1
        else:
            choice = get_bot("good", seat).choose(v, legal)
        game.apply(choice)
    assert seen > 5


def test_expert_think_cap_stops_the_search_at_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time_limit`` (the host's ``expert_think_ms``) ends the sampling when one more
    sample would end past it: with a clock that moves a second at every reading, the
    search stops after its first sample, plays fewer actions than the budget alone would,
    and (one sample gives no standard error) keeps level 3's choice. The uncapped search,
    at the same decisions, goes on sampling."""
    game = Game("classic", seed=5)
    checked = 0
    while not game.hand_over and checked < 6:
        seat = game.state.turn
        legal = tuple(game.legal_actions())
        view = game.view(seat)
        free = ExpertBot(seat, rollouts=40)
        choice = free.choose(view, legal)
        if len(free.last) > 1:
            ticks = itertools.count()
            monkeypatch.setattr(expert, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks)))
            capped = ExpertBot(seat, rollouts=40, time_limit=0.5)
            assert capped.choose(view, legal) == capped.policy_choice
            monkeypatch.undo()
            assert 0 < capped.steps < free.steps
            checked += 1
        game.apply(choice)
    assert checked == 6


def searched_decision(candidates: int) -> tuple[int, dict[str, Any], tuple[Action, ...]]:
    """The first decision of Classic 4 players (seed 5) that the expert searches over at
    least ``candidates`` actions: (seat, view, legal actions)."""
    game = Game("classic", seed=5)
    while True:
        seat = game.state.turn
        legal = tuple(game.legal_actions())
        view = game.view(seat)
        probe = ExpertBot(seat, rollouts=40)
        choice = probe.choose(view, legal)
        if len(probe.last) >= candidates:
            return seat, view, legal
        game.apply(choice)


def test_expert_think_cap_stops_before_a_sample_would_overrun(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap looks ahead: with samples that each take 0.1 s on the clock, a 0.25 s cap
    stops after the second sample (a third would end at 0.3 s), where stopping only once
    past the cap would have taken a third, ending at 0.3 s."""
    seat, view, legal = searched_decision(3)
    clock = [0.0]
    samples = [0]
    sample = expert.Sampler.sample

    def counted(sampler: Any, rng: Any) -> Any:
        samples[0] += 1
        clock[0] += 0.1  # each sample (with its playouts) costs 0.1 s
        return sample(sampler, rng)

    monkeypatch.setattr(expert, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(expert.Sampler, "sample", counted)
    ExpertBot(seat, rollouts=1000, time_limit=0.25).choose(view, legal)
    assert samples[0] == 2
    samples[0], clock[0] = 0, 0.0
    ExpertBot(seat, rollouts=1000, time_limit=0.45).choose(view, legal)
    assert samples[0] == 4


def test_expert_think_cap_inside_a_sample_drops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cap that falls inside a sample ends the search there and drops that sample whole
    (every alternative keeps the same samples): with playouts of 0.1 s each and a 0.35 s
    cap, the fifth playout of the first sample is never played, and with no whole sample
    level 3's choice stands."""
    seat, view, legal = searched_decision(5)  # level 3's choice and at least four alternatives
    clock = [0.0]
    played = [0]
    playout = ExpertBot.playout

    def timed(bot: ExpertBot, *args: Any) -> float:
        played[0] += 1
        clock[0] += 0.1
        return playout(bot, *args)

    monkeypatch.setattr(expert, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(ExpertBot, "playout", timed)
    capped = ExpertBot(seat, rollouts=1000, time_limit=0.35)
    assert capped.choose(view, legal) == capped.policy_choice
    assert played[0] == 4


def test_expert_action_cap_grows_with_its_playouts() -> None:
    """The budget is one knob: asking for more playouts raises the cap on playout actions
    with it (a fixed cap of 1000 actions once held 120 playouts of 20 actions to 50, so
    the host's ``expert_rollouts`` above 50 bought nothing)."""
    samba = variants.get("samba", 2)
    assert ExpertBot(0).settings(samba) == (PLAIN, DEFAULT_ROLLOUTS * STEPS_PER_PLAYOUT)
    assert DEFAULT_ROLLOUTS * STEPS_PER_PLAYOUT == 1000
    assert ExpertBot(0, rollouts=120).settings(samba)[1] == 3000
    assert ExpertBot(0, rollouts=120, max_steps=500).settings(samba)[1] == 500


def test_expert_profile_follows_the_fitted_outlook() -> None:
    """Every Classic table (2, 3, 4 and 6 players, the 1950s preset), Maison and Samba 4
    players have an outlook fitted: the expert searches them with the fitted profile (Samba
    4: the plain one's settings, the outlook added); a table with house rules (its weights
    would mislead) and a preset with none fitted get the plain one.
    The bot's own settings override the profile's."""
    classic = variants.get("classic", 4)
    assert weights_for(classic) is not None
    # Classic 4 and 6 players play twice the fitted profile's playouts (expert.FITTED_ROLLOUTS).
    doubled = dataclasses.replace(FITTED, rollouts=160)
    assert ExpertBot(0).settings(classic) == (doubled, 160 * STEPS_PER_PLAYOUT)
    assert ExpertBot(0).settings(variants.get("classic", 6)) == (doubled, 160 * STEPS_PER_PLAYOUT)
    for name, players in [("classic", 2), ("classic", 3), ("classic-1950s", 4), ("maison", 4)]:
        assert ExpertBot(0).settings(variants.get(name, players))[0] == FITTED, (name, players)
    house = classic.replace(canastas_to_go_out=2)
    assert house.name == "classic" and weights_for(house) is None
    assert ExpertBot(0).settings(house)[0] == PLAIN
    for name, players in [("samba", 2), ("modern-american", 4), ("bolivia", 4)]:
        assert weights_for(variants.get(name, players)) is None, (name, players)
        assert ExpertBot(0).settings(variants.get(name, players))[0] == PLAIN, (name, players)
    # Samba 6 players: the plain profile with playouts of 40 actions (expert.PLAIN_HORIZONS),
    # the cap on playout actions unchanged (fewer playouts when they run long).
    samba6 = variants.get("samba", 6)
    assert weights_for(samba6) is None
    longer = dataclasses.replace(PLAIN, horizon=40)
    assert ExpertBot(0).settings(samba6) == (longer, PLAIN.rollouts * STEPS_PER_PLAYOUT)
    assert ExpertBot(0, horizon=20).settings(samba6)[0] == PLAIN
    # Samba 4 players: an outlook fitted, searched with the plain profile's settings and
    # twice its playouts (expert.OUTLOOK_PROFILES, expert.PLAIN_ROLLOUTS: the fitted
    # profile's wild lays and short playouts lost there) at level 3's own noise, the cap on
    # playout actions with them; a bot's own budget still overrides it. Under house rules
    # (no outlook), the same playouts at the plain profile's noise.
    samba4 = variants.get("samba", 4)
    assert weights_for(samba4) is not None
    doubled_plain = dataclasses.replace(PLAIN, rollouts=80)
    outlooked = dataclasses.replace(doubled_plain, noise=NOISE)
    assert NOISE != PLAIN.noise
    assert outlook_profile(samba4) == outlooked
    assert ExpertBot(0).settings(samba4) == (outlooked, 80 * STEPS_PER_PLAYOUT)
    assert ExpertBot(0, rollouts=40).settings(samba4) == (dataclasses.replace(outlooked, rollouts=40),
                                                           40 * STEPS_PER_PLAYOUT)
    samba4_house = samba4.replace(canastas_to_go_out=3)
    assert weights_for(samba4_house) is None
    assert ExpertBot(0).settings(samba4_house) == (doubled_plain, 80 * STEPS_PER_PLAYOUT)
    # A Classic table's outlook is searched with the fitted profile.
    assert outlook_profile(variants.get("samba", 6)) == FITTED
    mine, cap = ExpertBot(0, rollouts=10, horizon=None, max_candidates=3).settings(classic)
    assert (mine.rollouts, mine.horizon, mine.candidates, mine.wild_lays, cap) == (10, None, 3, True, 250)


def test_expert_candidates_follow_the_profile() -> None:
    """A profile's ``discards`` and ``takes`` set how many of level 3's best discards and
    takes of the pile are searched. Over Classic hands, for the fitted profile and a
    wider one (four and two, the probe of docs/decisions.md#expert-candidates): as many takes as
    the profile says where the pile can be taken so many ways, no more discards than it says (its
    last one does show up), and the fitted profile's cap never cuts its candidates."""
    classic = variants.get("classic", 4)
    wider = dataclasses.replace(FITTED, candidates=9, discards=4, takes=2)
    profiles = {"fitted": FITTED, "wider": wider}
    two_ways = 0
    most = {"fitted": 0, "wider": 0}
    for seed in range(4):
        game = Game(classic, seed=seed)
        while not game.hand_over:
            seat = game.state.turn
            legal = tuple(game.legal_actions())
            view = game.view(seat)
            # Level 3 on the search's weights, as the expert makes and ranks its candidates.
            policy = GoodBot(seat, weights=expert.search_weights(classic))
            choice = policy.choose(view, legal)
            ways = sum(isinstance(a, Take) for a in legal)
            two_ways += ways >= 2
            for name, p in profiles.items():
                found = expert.candidates(view, legal, choice, policy, True, p.discards, p.takes)
                assert sum(isinstance(a, Take) for a in found) >= min(ways, p.takes)
                discards = sum(isinstance(a, Discard) for a in found if a != choice)
                assert discards <= p.discards
                assert len(found) <= p.candidates
                most[name] = max(most[name], discards)
            game.apply(choice)
    assert two_ways > 0
    assert most == {"fitted": FITTED.discards, "wider": 4}


@pytest.mark.parametrize("variant,players,profile,weights", [("classic", 4, FITTED, TUNED),
                                                               ("samba", 4, dataclasses.replace(PLAIN, noise=NOISE),
                                                                dataclasses.replace(TUNED, pair_chance=0.04, take_join=10.0)),
                                                               ("modern-american", 4, PLAIN,
                                                                dataclasses.replace(TUNED, pair_chance=PAIR_CHANCE)),
                                                               ("classic", 2, FITTED, CLASSIC_2),
                                                               ("samba", 2, PLAIN, SAMBA_2),
                                                               ("samba", 6, PLAIN, SAMBA_6),
                                                               ("bolivia", 4, PLAIN, BOLIVIA)])
def test_expert_playouts_break_ties_at_the_profiles_noise(monkeypatch: pytest.MonkeyPatch, variant: str, players: int,
                                                          profile: Profile, weights: Weights) -> None:
    """The fitted profile's playouts play level 3 at its own noise (the opponents as they
    play), and so do Samba 4's (its outlook's profile); the plain profile's at 0.3. Level
    3's own choice, the search's first candidate, is level 3 as it plays. Every one of
    them is on the search's weights (``expert.search_weights``: ``TUNED``, with the
    table's pair chance at Samba 4 players and Modern American and its take onto the
    side's group at Samba 4; the table's own set at Classic 2, Samba 2 and 6 players and
    in Bolivia)."""
    noises: list[float] = []
    used: list[Weights | None] = []

    class Spy(GoodBot):
        def __init__(self, seed: int = 0, noise: float = NOISE, weights: Weights | None = None) -> None:
            noises.append(noise)
            used.append(weights)
            super().__init__(seed, noise, weights)

    monkeypatch.setattr(expert, "GoodBot", Spy)
    rules = variants.get(variant, players)
    assert expert.search_weights(rules) == weights
    game = Game(rules, seed=3)
    searched = 0
    while not game.hand_over and searched < 3:
        seat = game.state.turn
        legal = tuple(game.legal_actions())
        bot = ExpertBot(seat, rollouts=8)
        noises.clear()
        used.clear()
        game.apply(bot.choose(game.view(seat), legal))
        if len(bot.last) > 1:
            searched += 1
            assert noises[0] == NOISE
            assert set(noises[1:]) == {profile.noise}
            assert len(set(map(id, used))) == 1 and used[0] == weights
    assert searched == 3
    assert PLAIN.noise == 0.3 and FITTED.noise == NOISE == 0.5


def test_match_pairs_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    rules = variants.get("classic", 4)
    r = play_deal(rules, 1, 0, Side("casual"), Side("beginner"))
    assert len(r.margins) == 2 and len(r.wins) == 2
    report = MatchReport("a", "b", [10.0, 30.0, -5.0], [1.0, 0.5, 0.0, 1.0, 1.0, 0.0], {}, {}, 0.0)
    assert report.mean == pytest.approx(35 / 3)
    assert report.half_width == pytest.approx(1.96 * statistics.stdev([10.0, 30.0, -5.0]) / 3 ** 0.5)
    assert report.won == pytest.approx(350 / 6)
    assert main(["match", "--a", "2", "--b", "1", "--deals", "3", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    last = lines[-1]
    pattern = (r"casual vs beginner: mean [+-]\d+ per hand \(95% CI [+-]\d+ \.\. [+-]\d+\) "
               r"over 3 duplicate pairs, casual won \d+% of hands")
    assert re.fullmatch(pattern, last), last
    # the partner figures (canasta.lab.partner), three lines per bot, with their counts
    share = r"\d+/\d+( \(\d+\.\d%\))?"
    for line, who in zip(lines[-7:-1], ["casual \\(A\\)"] * 3 + ["beginner \\(B\\)"] * 3):
        assert re.fullmatch(rf"{who}: (answers right in hindsight {share} \(yes {share}, no {share}\)"
                            rf"|went out with a partner holding 100\+ points {share} of its side's outs"
                            rf"|discards the next opponent took with the pile {share})", line), line


def test_match_is_the_same_with_worker_processes(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["match", "--a", "good", "--b", "casual", "--deals", "4", "--seed", "9"]
    assert main(args) == 0
    one = capsys.readouterr().out.strip().splitlines()[-7:]
    assert main([*args, "--jobs", "2"]) == 0
    two = capsys.readouterr().out.strip().splitlines()[-7:]
    assert one == two  # the pair values and the partner figures


def test_bench_bots_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-bots", "--hands", "1", "--levels", "1,2,3", "--json"]) == 0
    out = capsys.readouterr().out
    assert "beginner" in out and "good" in out and "BENCH-BOTS " in out


def test_bench_bots_times_only_the_decisions_of_one_phase() -> None:
    """``bench-bots --phase answer`` times the measured side's answers to "may I go out?"
    alone (the expert's answers are searched, about one decision in fifty); with good as
    the level, every seat plays good, so the hands are those of good's self-play and the
    answers can be counted on them independently."""
    rules = variants.get("samba", 4)
    times, _ = think_times("samba", 4, 6, 3, "good", phase="answer")
    answers = 0
    for h in range(6):
        game = Game(rules, seed=3 * 1_000_003 + h)
        for seat, step, legal in hand_steps(game):
            view = game.view(seat)
            if seat % rules.sides == 0 and view["phase"] == "answer" and len(legal) > 1:
                answers += 1
            game.apply(legal[0] if len(legal) == 1 else
                       get_bot("good", decision_seed("bench", 3, h, seat, step)).choose(view, legal))
    assert answers > 0
    assert len(times) == answers
    every, _ = think_times("samba", 4, 6, 3, "good")
    assert len(every) > 10 * answers  # without a phase, every decision of the side is timed
