"""The expert's changes of level 3's choice, as a match counts them (``canasta.lab.overrules``;
docs/decisions.md#overrules)."""

from __future__ import annotations

from canasta import variants
from canasta.actions import ASK, DRAW, NO, YES, parse_action
from canasta.bots.expert import ExpertBot
from canasta.game import Game
from canasta.lab.match import Side, decision_seed, hand_steps, play_deal
from canasta.lab.overrules import OverruleCounts, kind


def test_kinds_split_lays_by_wild_cards_and_answers_by_their_word() -> None:
    assert kind(parse_action("meld 7H 7S 7D")) == "meld (naturals)"
    assert kind(parse_action("meld 7H 7S 2C")) == "meld with wild cards"
    assert kind(parse_action("add #0 JK")) == "add with wild cards"
    assert kind(parse_action("add #0 7C")) == "add (naturals)"
    assert kind(parse_action("discard 2C")) == "discard a wild card"
    assert kind(parse_action("discard 9S")) == "discard"
    assert kind(YES) == "answer yes" and kind(NO) == "answer no"
    assert kind(ASK) == "ask" and kind(DRAW) == "draw"


def test_counts_keep_every_decision_and_only_the_changes() -> None:
    counts = OverruleCounts()
    take = parse_action("take 5H 5D")
    counts.count(take, DRAW)
    counts.count(take, take)
    counts.count(DRAW, DRAW)
    assert counts.decisions == {"take": 2, "draw": 1}
    assert counts.changes == {("take", "draw"): 1}
    more = OverruleCounts()
    more.count(take, DRAW)
    counts.add(more)
    assert counts.changes[("take", "draw")] == 2 and counts.decisions["take"] == 3
    assert counts.lines("expert (A)") == [
        "expert (A): changed level 3's choice in 2/4 decisions (50.0%)",
        "expert (A):   take -> draw: 2/3 (66.7%)"]
    assert OverruleCounts().lines("x") == []


def test_a_match_counts_the_experts_decisions_and_no_one_elses() -> None:
    rules = variants.get("classic", 4)
    expert = Side("expert", rollouts=8)
    r = play_deal(rules, 3, 0, expert, Side("good"))
    assert set(r.overrules) == {"A"}
    counted = r.overrules["A"]
    assert sum(counted.decisions.values()) == r.decisions["A"]
    # Replayed decision by decision, the counted changes are those where the played
    # action is not the expert's level-3 choice.
    changes = 0
    for play in range(rules.sides):
        game = Game(rules, seed=3 * 1_000_003 + 0)
        for seat, step, legal in hand_steps(game):
            who = expert if seat % rules.sides == play else Side("good")
            bot = who.make(decision_seed(3, 0, play, seat, step))
            action = bot.choose(game.view(seat), legal)
            if isinstance(bot, ExpertBot) and len(legal) > 1:
                changes += action != bot.policy_choice
            game.apply(action)
    assert changes > 0  # the deal has changes to count (6 at this seed), so a count of none fails
    assert sum(counted.changes.values()) == changes
