"""``expert-tree`` (bots/ismcts.py, issue 42): the expert's search with a tree over the
seat's own next turns.

- Without a tree (``turns=-1``) it is the expert exactly: the same choices, the same
  playout actions (the hooks it adds to expert.py change nothing).
- With one, the tree is built (nodes keyed by the seat's own actions since the root),
  and the choice is deterministic for a seed, honest (the hidden cards re-dealt: the
  same choice), and legal over whole hands in both root modes.
- UCB1 tries level 3's choice first and widens progressively; settings parse from a
  bot name (``expert-tree:turns=2``), and unknown ones are refused.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from canasta import variants
from canasta.actions import Action, Discard
from canasta.bots import TUNABLE, get_bot, level_name
from canasta.bots.expert import ExpertBot
from canasta.bots.ismcts import DEFAULT, IsmctsBot, Tree, _Node, parse_tree, turn_began
from canasta.cards import card
from canasta.errors import RulesError
from canasta.game import Game
from canasta.legal import legal_actions
from canasta.play import apply
from canasta.state import HandState, deal
from canasta.views import view

from test_bots import redeal_hidden

#: A small budget: the search is the same at any number of playouts.
ROLLOUTS = 24


def positions(players: int, seed: int, count: int) -> Iterator[tuple[HandState, tuple[Action, ...]]]:
    """Decisions of seat 0 with a choice (draw or play phase) in a hand level 3 plays."""
    rules = variants.get("classic", players)
    rng = random.Random(seed)
    state = deal(rules, rng, dealer=0)
    found = step = 0
    while not state.over and found < count:
        seat = state.turn
        legal = tuple(legal_actions(state))
        if seat == 0 and len(legal) > 1 and state.phase.value in ("draw", "play"):
            found += 1
            yield state, legal
        state = apply(state, get_bot("good", step).choose(view(state, seat), legal))
        step += 1


def test_without_a_tree_it_is_the_expert() -> None:
    checked = 0
    for state, legal in positions(4, 3, 6):
        v = view(state, 0)
        e = ExpertBot(11, rollouts=ROLLOUTS)
        t = IsmctsBot(11, Tree(turns=-1), rollouts=ROLLOUTS)
        assert t.choose(v, legal) == e.choose(v, legal)
        assert t.steps == e.steps and t.last == e.last and not t.nodes
        checked += 1
    assert checked == 6


def test_the_tree_plans_the_seats_next_turn_deterministically() -> None:
    grown = 0
    for state, legal in positions(4, 4, 5):
        v = view(state, 0)
        a, b = IsmctsBot(7, rollouts=ROLLOUTS), IsmctsBot(7, rollouts=ROLLOUTS)
        assert a.choose(v, legal) == b.choose(v, legal)
        assert a.last == b.last and a.steps == b.steps
        assert set(a.nodes) == set(b.nodes)
        for path, node in a.nodes.items():
            # Keyed by the seat's own actions from the root's candidate on; every node
            # counts its visits, each visit backed up into one candidate.
            assert path and path[0] in legal
            assert node.visits == sum(int(s[0]) for s in node.stats.values()) >= 1
        grown += bool(a.nodes)
    assert grown >= 3


@pytest.mark.parametrize("root", ["paired", "ucb"])
def test_honest_the_hidden_cards_redealt_change_nothing(root: str) -> None:
    rng = random.Random(9)
    checked = changed = 0
    for state, legal in positions(4, 6, 5):
        other = redeal_hidden(state, 0, rng)
        changed += other != state
        assert view(other, 0) == view(state, 0) and tuple(legal_actions(other)) == legal
        tree = Tree(root=root)
        mine = IsmctsBot(5, tree, rollouts=ROLLOUTS).choose(view(state, 0), legal)
        assert IsmctsBot(5, tree, rollouts=ROLLOUTS).choose(view(other, 0), legal) == mine
        checked += 1
    assert checked == 5 and changed >= 4


@pytest.mark.parametrize("spec", ["", "root=ucb,turns=2,widen=0"])
def test_plays_whole_hands_choosing_only_legal_actions(spec: str) -> None:
    game = Game(variants.get("classic", 4), seed=21)
    decisions = 0
    step = 0
    while not game.hand_over:
        seat = game.state.turn
        legal = tuple(game.legal_actions())
        bot = IsmctsBot(step, parse_tree(spec), rollouts=8) if seat % 2 == 0 else get_bot("good", step)
        action = bot.choose(game.view(seat), legal)
        assert action in legal
        decisions += seat % 2 == 0 and len(legal) > 1
        game.apply(action)
        step += 1
        assert step < 3000
    assert decisions >= 10


def test_ucb_tries_level_3s_choice_first_and_widens() -> None:
    a, b, c = (Discard(card(t)) for t in ("KS", "QH", "9D"))
    node = _Node()
    # Widening every 2 visits: level 3's choice alone at first, then one more.
    assert node.select([a, b, c], 100.0, 2) == a
    node.back(a, 10.0)
    assert node.select([a, b, c], 100.0, 2) == a
    node.back(a, 10.0)
    assert node.select([a, b, c], 100.0, 2) == b  # offered now, untried: tried first
    node.back(b, 50.0)
    assert node.stats[a][2] == 3 and node.stats[b][2] == 1 and c not in node.stats
    # Without widening every candidate is offered; with no exploration the best mean wins.
    free = _Node()
    for x, v in ((a, 1.0), (b, 5.0), (c, 3.0)):
        assert free.select([a, b, c], 0.0, 0) == x
        free.back(x, v)
    assert free.select([a, b, c], 0.0, 0) == b
    # A candidate offered only in some samples: its availability counts those.
    assert free.stats[b][2] == 4 and free.select([a, c], 0.0, 0) == c and free.stats[b][2] == 4


def test_settings_from_a_bot_name() -> None:
    assert parse_tree("") == DEFAULT and parse_tree("extend=1").extend == 1
    assert parse_tree("turns=2, c=50.5,root=ucb") == Tree(turns=2, c=50.5, widen=DEFAULT.widen, root="ucb",
                                                          inner=DEFAULT.inner)
    bot = get_bot("expert-tree:turns=0,inner=2", 3)
    assert isinstance(bot, IsmctsBot) and bot.tree.turns == 0 and bot.tree.inner == 2
    assert level_name("expert-tree:turns=2") == "expert-tree:turns=2" and "expert-tree" in TUNABLE
    assert isinstance(get_bot("expert-tree", 1), IsmctsBot)
    for bad in ("depth=2", "turns=two", "root=random", "expert-trees:turns=1"):
        with pytest.raises(RulesError) as e:
            get_bot(bad if bad.startswith("expert") else "expert-tree:" + bad, 1)
        assert e.value.code == "unknown_bot"
    with pytest.raises(RulesError):
        level_name("expert-tree:c=lots")


def test_turns_are_counted_at_the_seats_own_turns_only() -> None:
    """Seat 0 of four: its play, the next seats', its partner asking it "may I go out?"
    and its answer, then its own turn again: one new turn, not two."""
    course = [(0, "play"), (1, "draw"), (1, "play"), (2, "draw"), (2, "play"), (0, "answer"), (2, "play"),
              (3, "draw"), (0, "draw"), (0, "play"), (0, "answer"), (0, "play"), (2, "answer"), (0, "play")]
    away, turns, began_at = False, 0, []
    for i, (mover, phase) in enumerate(course):
        began, away = turn_began(0, mover, phase, away)
        turns += began
        if began:
            began_at.append(i)
    assert turns == 1 and began_at == [8]
