"""Seeded random games with invariant checks after every action (``python -m canasta simulate``).

After each action it checks that every card is accounted for (the hand's cards are
exactly the decks), that the player to act has a legal action until the hand ends, that
no view shows a card its seat cannot see, that an illegal action is refused and changes
nothing, and, at the end of each hand, that the game's record replays to the same state.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Add, Discard, Meld, Take
from .cards import ALL_CARDS, Card, deck
from .errors import CanastaError, IllegalAction
from .game import Game
from .legal import is_legal, legal_actions
from .notation import from_position, to_position
from .play import apply
from .rules import Rules
from .state import HandState
from .views import view


@dataclass
class Report:
    hands: int = 0
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    endings: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0


def _visible(state: HandState, seat: int) -> Counter[str]:
    seen: Counter[str] = Counter(c.text for c in state.hands[seat])
    for ms in state.melds:
        for m in ms:
            seen.update(c.text for c in m.cards)
    for t in state.threes:
        seen.update(c.text for c in t)
    seen.update(c.text for c in state.discard)
    return seen


def _view_cards(v: dict[str, Any]) -> Counter[str]:
    out: Counter[str] = Counter(v["hand"])
    for ms in v["melds"]:
        for m in ms:
            out.update(m)
    for t in v["red_threes"]:
        out.update(t)
    out.update(v["discard"])
    return out


def _random_illegal(state: HandState, rng: random.Random) -> Action:
    """An action built from random cards, most often illegal (the check is on apply's side)."""
    cards = [c for c in ALL_CARDS]
    pick: list[Card] = [cards[int(rng.random() * len(cards))] for _ in range(1 + int(rng.random() * 3))]
    kind = int(rng.random() * 4)
    if kind == 0:
        return Discard(pick[0])
    if kind == 1:
        return Meld((tuple(pick),))
    if kind == 2:
        return Take(tuple(pick[:2]))
    return Add(pick[0].rank if pick[0].natural else "K", tuple(pick))


def check_state(state: HandState, full: Counter[Card], rng: random.Random, where: str) -> list[str]:
    """Every invariant of one state; returns the violations found."""
    problems: list[str] = []
    cards: Counter[Card] = Counter()
    for h in state.hands:
        cards.update(h)
    for ms in state.melds:
        for m in ms:
            cards.update(m.cards)
    for t in state.threes:
        cards.update(t)
    cards.update(state.discard)
    cards.update(state.stock)
    if cards != full:
        problems.append(f"{where}: cards not accounted for ({sum(cards.values())} of {sum(full.values())})")
    legal = legal_actions(state)
    if not state.over and not legal:
        problems.append(f"{where}: seat {state.turn} has no legal action in phase {state.phase.value}")
    for seat in range(state.rules.players):
        v = view(state, seat)
        if _view_cards(v) != _visible(state, seat):
            problems.append(f"{where}: the view of seat {seat} shows a card it cannot see")
        for other in range(state.rules.players):
            if other != seat and len(state.hands[other]) != v["hand_counts"][other]:
                problems.append(f"{where}: view of seat {seat} miscounts seat {other}'s hand")
    bad = _random_illegal(state, rng)
    before = to_position(state)
    try:
        apply(state, bad)
        accepted = True
    except IllegalAction:
        accepted = False
    if to_position(state) != before:
        problems.append(f"{where}: '{bad}' changed the state")
    if accepted != is_legal(state, bad):
        problems.append(f"{where}: apply and is_legal disagree on '{bad}'")
    if not accepted and bad in list(legal):
        problems.append(f"{where}: '{bad}' is listed but refused")
    return problems


def simulate(rules: Rules, hands: int, seed: int, check: bool = True, max_hands_per_game: int = 50) -> Report:
    """Play ``hands`` hands of random legal play from ``seed``; collect violations."""
    report = Report()
    rng = random.Random(seed)
    full = Counter(deck(rules.decks, rules.jokers_per_deck))
    start = time.perf_counter()
    game_no = 0
    while report.hands < hands:
        game = Game(rules, seed=seed * 1_000_003 + game_no)
        game_no += 1
        report.games += 1
        while report.hands < hands:
            hand_no = len(game.hand_actions)
            while not game.state.over:
                where = f"game {game_no} (seed {game.seed}) hand {hand_no} action {len(game.hand_actions[-1]) + 1}"
                state = game.state
                legal = legal_actions(state)
                if check:
                    report.violations.extend(check_state(state, full, rng, where))
                if not legal:
                    break
                action = legal[int(rng.random() * len(legal))]
                try:
                    game.apply(action)
                except CanastaError as e:
                    report.violations.append(f"{where}: listed action '{action}' refused: {e.message}")
                    break
                report.actions += 1
                if check and report.actions % 7 == 0:
                    # Positions round-trip through their JSON form.
                    if from_position(to_position(game.state)) != game.state:
                        report.violations.append(f"{where}: position does not round-trip")
            report.hands += 1
            report.endings[game.state.ending.value or "stuck"] += 1
            if check:
                if check_state(game.state, full, rng, f"game {game_no} hand {hand_no} end"):
                    report.violations.append(f"game {game_no} hand {hand_no}: final state invalid")
                replay = Game.from_record(game.record())
                if to_position(replay.state) != to_position(game.state) or replay.scores != game.scores:
                    report.violations.append(f"game {game_no} hand {hand_no}: the record does not replay")
            if report.violations or game.over or hand_no >= max_hands_per_game:
                break
            game.next_hand()
        if report.violations:
            break
    report.seconds = time.perf_counter() - start
    return report


def random_hand(rules: Rules, seed: int) -> tuple[HandState, int]:
    """One hand of uniformly random legal actions; returns the final state and the action count."""
    from .state import deal

    rng = random.Random(seed)
    state = deal(rules, rng, int(rng.random() * rules.players))
    n = 0
    while not state.over:
        legal = legal_actions(state)
        state = apply(state, legal[int(rng.random() * len(legal))])
        n += 1
    return state, n
