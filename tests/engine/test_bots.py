"""Bots (DESIGN.md "Bots"): legal choices only, strength against the baseline, honesty.

- Over seeded games for 2, 3, 4 and 6 players, bots play whole hands and every choice
  is one of the legal actions they were given.
- ``basic`` beats ``random`` in duplicate deals (the same deal played twice, the sides
  swapped) by a clear margin of mean hand score per hand.
- Honesty: a different full state that gives the bot's seat the same view (the hidden
  cards re-dealt: the other hands and the stock, counts kept) gives the same legal
  actions and the same decision from a bot with the same seed.
- The bot API takes a JSON-ready dict and a plain tuple of actions, never a HandState.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import canasta.bots as bots_pkg
from canasta import variants
from canasta.actions import Action, Add, Answer, Ask, Discard, Draw, Meld, Pass, Take
from canasta.bots import BOTS, BasicBot, Bot, RandomBot, get_bot
from canasta.cards import sort_cards
from canasta.errors import RulesError
from canasta.game import Game
from canasta.legal import legal_actions
from canasta.play import apply
from canasta.scoring import score_hand
from canasta.state import HandState, deal, shuffle
from canasta.views import view

PLAYER_COUNTS = (2, 3, 4, 6)
_ACTION_TYPES = (Draw, Pass, Take, Meld, Add, Discard, Ask, Answer)


class Checked:
    """Wraps a bot: checks what it is given and that it picks one of the legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.calls = 0
        self.seconds = 0.0

    def choose(self, v: dict[str, Any], legal: Sequence[Action]) -> Action:
        assert type(v) is dict
        assert json.loads(json.dumps(v)) == v  # plain JSON data: no state object inside
        assert type(legal) is tuple and legal
        assert all(isinstance(a, _ACTION_TYPES) for a in legal)
        start = time.perf_counter()
        choice = self.bot.choose(v, legal)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        assert choice in legal, (str(choice), [str(a) for a in legal])
        return choice


def play_game_hands(game: Game, seats: list[Checked], hands: int) -> None:
    """Play up to ``hands`` whole hands of ``game`` with one bot per seat."""
    for h in range(hands):
        steps = 0
        while not game.hand_over:
            seat = game.state.turn
            listed = game.legal_actions()
            choice = seats[seat].choose(game.view(seat), tuple(listed))
            assert choice in listed  # the engine's exact test agrees
            game.apply(choice)
            steps += 1
            assert steps < 5000, "a hand that never ends"
        if game.over or h == hands - 1:
            return
        game.next_hand()


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bots_play_whole_hands_choosing_only_legal_actions(players: int) -> None:
    for seed in range(3):
        rules = variants.get("classic", players)
        # basic and random mixed at the table, basic on both sides in turn
        names = ["basic" if (s + seed) % 3 else "random" for s in range(players)]
        seats = [Checked(get_bot(name, 100 * seed + s)) for s, name in enumerate(names)]
        game = Game(rules, seed=seed)
        play_game_hands(game, seats, hands=2)
        assert game.hand_over
        assert sum(s.calls for s in seats) > 0


def test_basic_decisions_are_fast() -> None:
    seats = [Checked(BasicBot(s)) for s in range(4)]
    for seed in range(3):
        play_game_hands(Game("classic", seed=seed, players=4), seats, hands=1)
    calls = sum(s.calls for s in seats)
    mean_ms = 1000 * sum(s.seconds for s in seats) / calls
    assert mean_ms < 5.0, f"basic bot: {mean_ms:.2f} ms per decision"


def duplicate_margin(players: int, deals: int, strong: str = "basic", weak: str = "random") -> list[float]:
    """Per hand: the mean score of ``strong``'s sides minus that of ``weak``'s, each deal
    played twice with the bots' sides swapped (duplicate)."""
    rules = variants.get("classic", players)
    diffs: list[float] = []
    for d in range(deals):
        for swap in (False, True):
            names = [strong if (s % 2 == 0) != swap else weak for s in range(rules.sides)]
            rng = random.Random(d)
            state = deal(rules, rng, dealer=d % players)
            seats = [get_bot(names[s % rules.sides], 1000 * d + s) for s in range(players)]
            while not state.over:
                seat = state.turn
                legal = tuple(legal_actions(state))
                state = apply(state, seats[seat].choose(view(state, seat), legal))
            totals = [s.total for s in score_hand(state)]
            mine = [t for s, t in enumerate(totals) if names[s] == strong]
            theirs = [t for s, t in enumerate(totals) if names[s] == weak]
            diffs.append(statistics.mean(mine) - statistics.mean(theirs))
    return diffs


# Measured (these seeds): mean margin per hand (standard error) 4 players, 40 deals
# +854 (68); 2 players, 20 deals +818 (88); 3 players +667 (69); 6 players +1337 (110).
# Over 200 deals: +936 (32), +740 (27), +645 (20), +1497 (38); no window of the tested
# size fell below +563. So 200 is a clear margin that a real regression would break.
@pytest.mark.parametrize(("players", "deals"), [(4, 40), (2, 20), (3, 20), (6, 20)])
def test_basic_beats_random_in_duplicate_deals(players: int, deals: int) -> None:
    diffs = duplicate_margin(players, deals)
    mean = statistics.mean(diffs)
    assert mean > 200, f"{players} players: basic - random = {mean:.0f} points per hand"


# ------------------------------------------------------------------ honesty
def redeal_hidden(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same state for ``seat``'s eyes: the other hands and the stock re-dealt from
    their own cards (each hand keeps its size; red 3s stay where they are in the stock,
    since a hand never holds one)."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    hidden += [c for c in state.stock if c.kind != "R3"]
    it = iter(shuffle(tuple(hidden), rng))
    hands = tuple(h if s == seat else sort_cards([next(it) for _ in h]) for s, h in enumerate(state.hands))
    stock = tuple(c if c.kind == "R3" else next(it) for c in state.stock)
    return state.with_(hands=hands, stock=stock)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_basic_decides_from_the_view_alone(players: int) -> None:
    rules = variants.get("classic", players)
    rng = random.Random(players)
    state = deal(rules, rng, dealer=0)
    points = changed = 0
    phases: set[str] = set()
    players_bots = [BasicBot(s) for s in range(players)]
    for step in range(600):
        if state.over:
            break
        seat = state.turn
        legal = tuple(legal_actions(state))
        if step % 3 == 0:
            other = redeal_hidden(state, seat, rng)
            changed += other != state
            v = view(state, seat)
            assert view(other, seat) == v
            other_legal = tuple(legal_actions(other))
            assert other_legal == legal
            seed = 7919 * step + seat
            assert BasicBot(seed).choose(view(other, seat), other_legal) == BasicBot(seed).choose(v, legal)
            points += 1
            phases.add(state.phase.value)
        state = apply(state, players_bots[seat].choose(view(state, seat), legal))
    assert points >= 10 and changed >= points // 2
    assert {"draw", "play"} <= phases


def test_random_bot_is_uniform_and_seeded() -> None:
    legal: tuple[Action, ...] = tuple(Discard(c) for c in deal(variants.get("classic"), random.Random(1)).hands[0])
    v: dict[str, Any] = {}
    a, b = RandomBot(5), RandomBot(5)
    first = [a.choose(v, legal) for _ in range(50)]
    assert [b.choose(v, legal) for _ in range(50)] == first
    counts: dict[str, int] = {}
    for _ in range(3000):
        text = str(a.choose(v, legal))
        counts[text] = counts.get(text, 0) + 1
    assert set(counts) == {str(x) for x in legal}
    for text, n in counts.items():
        expected = 3000 * sum(1 for x in legal if str(x) == text) / len(legal)
        assert 0.6 * expected < n < 1.4 * expected, (text, n, expected)


# ------------------------------------------------------------------ the API
def test_registry_and_unknown_bot() -> None:
    assert set(BOTS) >= {"random", "basic"}
    for name in BOTS:
        bot = get_bot(name, 3)
        assert callable(bot.choose)
    with pytest.raises(RulesError) as e:
        get_bot("oracle", 1)
    assert e.value.code == "unknown_bot"


def test_the_bot_api_takes_a_view_and_actions_not_a_state() -> None:
    params = list(inspect.signature(Bot.choose).parameters)
    assert params == ["self", "view", "legal"]
    for name in BOTS:
        bot = get_bot(name, 0)
        assert list(inspect.signature(bot.choose).parameters) == ["view", "legal"]
    # No bot module imports the state, the transitions, the legal-move generator or the game;
    # the search bot (DESIGN.md: it "builds sampled states from a view plus guessed hidden
    # cards") may use the engine's transitions on those, never the game or the host; so may
    # its value of a sampled position at a playout's horizon (horizon.py) and its sampler
    # of those positions (belief.py), and the expert's search with a tree (ismcts.py).
    strict = {"state", "play", "legal", "game", "notation", "host"}
    search = {"game", "host"}
    folder = Path(bots_pkg.__file__).parent
    for path in sorted(folder.glob("*.py")):
        banned = search if path.name in ("expert.py", "horizon.py", "belief.py", "ismcts.py") else strict
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = (node.module or "").split(".")
                assert not banned & set(module), f"{path.name} imports {node.module}"
                assert banned is search or all(alias.name != "HandState" for alias in node.names), path.name
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not banned & set(alias.name.split(".")[1:]), f"{path.name} imports {alias.name}"
