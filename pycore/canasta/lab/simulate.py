"""Seeded random games with invariant checks after every action (``python -m canasta simulate``).

After each action it checks that every card is accounted for (the hand's cards are
exactly the decks), that the player to act has a legal action until the hand ends, that
no view shows a card its seat cannot see, that an illegal action is refused and changes
nothing, and, at the end of each hand, that the game's record replays to the same state.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Add, Discard, Meld, Take
from ..bots import get_bot
from ..cards import ALL_CARDS, Card, deck
from ..errors import CanastaError, CommandError, IllegalAction
from ..game import Game
from ..legal import LegalActions, legal_actions
from ..notation import from_position, to_position
from ..play import apply
from ..rules import Rules
from ..state import HandState
from ..views import view
from .match import deal_game


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


#: Every field a view may have; the card-bearing ones are compared with the public zones.
_VIEW_KEYS = frozenset({
    "variant", "players", "rules", "sides", "seat", "side", "dealer", "turn", "phase", "hand", "hand_counts", "melds",
    "meld_kinds", "draw_count",
    "canastas", "red_threes", "discard", "discard_top", "pile_size", "pile_frozen", "pile_frozen_for_side",
    "pile_blocked", "stock_size", "scores", "initial_minimums", "melded_this_hand", "asker", "permission",
    "ending", "out_seat", "concealed", "closed_ranks", "played", "asked", "fresh", "took_pile", "acted", "old_melds",
    "touched_old", "whole_canastas"})


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


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


#: A random 61-bit tag per distinct card: the sum of the tags of every card in play is a
#: multiset fingerprint, so a lost or duplicated card changes it (checked every action;
#: the exact count is checked at the end of every hand).
_TAG_RNG = random.Random(0x5EED)
_TAG = {c: int(_TAG_RNG.random() * (1 << 53)) * 256 + i for i, c in enumerate(ALL_CARDS)}


def _fingerprint(state: HandState) -> tuple[int, int]:
    tag = _TAG.__getitem__
    zones: list[tuple[Card, ...]] = [*state.hands, *state.threes, state.discard, state.stock]
    zones.extend(m.cards for ms in state.melds for m in ms)
    return sum(len(z) for z in zones), sum(sum(map(tag, z)) for z in zones)


def _check_view(state: HandState, seat: int, where: str) -> list[str]:
    """The view holds exactly the seat's own hand and the public zones: no other field
    exists that could carry a card, and the card fields equal what the seat can see."""
    v = view(state, seat)
    problems = []
    if set(v) != _VIEW_KEYS:
        problems.append(f"{where}: the view of seat {seat} has unexpected fields {sorted(set(v) ^ _VIEW_KEYS)}")
    top = state.discard[-1].text if state.discard else None
    if (v["hand"] != _texts(state.hands[seat])
            or v["melds"] != [[_texts(m.cards) for m in ms] for ms in state.melds]
            or v["red_threes"] != [_texts(t) for t in state.threes]
            or v["discard"] != _texts(state.discard) or v["discard_top"] != top):
        problems.append(f"{where}: the view of seat {seat} shows a card it cannot see")
    if v["hand_counts"] != [len(h) for h in state.hands] or v["stock_size"] != len(state.stock):
        problems.append(f"{where}: the view of seat {seat} miscounts the hands or the stock")
    return problems


def _check_illegal(game: Game, legal: LegalActions, rng: random.Random, where: str) -> list[str]:
    """A random action: refused by apply exactly when ``in legal`` says so; a refusal by the
    game leaves the game as it was."""
    state = game.state
    bad = _random_illegal(state, rng)
    try:
        apply(state, bad)
        accepted = True
    except IllegalAction:
        accepted = False
    problems = []
    if not accepted:
        if tuple.__contains__(legal, bad):
            problems.append(f"{where}: '{bad}' is listed but refused")
        size = len(game.hand_actions[-1])
        try:
            game.apply(bad)
            problems.append(f"{where}: the game accepted '{bad}', which apply refuses")
        except IllegalAction:
            pass
        if game.state is not state or len(game.hand_actions[-1]) != size:
            problems.append(f"{where}: the refused '{bad}' changed the game")
    return problems


def _check_hand_end(game: Game, sample: HandState | None, full: Counter[Card], where: str,
                    replay_record: bool) -> list[str]:
    state = game.state
    problems = []
    if state.cards_in_play() != full:
        problems.append(f"{where}: cards not accounted for at the end of the hand")
    for seat in range(state.rules.players):
        problems.extend(_check_view(state, seat, where))
    for st in (sample, state):
        if st is not None and from_position(to_position(st)) != st:
            problems.append(f"{where}: a position does not round-trip through JSON")
    if replay_record:
        replay = Game.from_record(json.loads(json.dumps(game.record())))
        if replay.state != state or replay.scores != game.scores or replay.winner != game.winner:
            problems.append(f"{where}: the record does not replay to the same state")
    return problems


def simulate(rules: Rules, hands: int, seed: int, check: bool = True, max_hands_per_game: int = 50,
             bots: tuple[str, ...] = ()) -> Report:
    """Play ``hands`` hands of random legal play from ``seed``; collect violations.

    ``bots``: bot names (``canasta.bots``) that choose instead, seat ``s`` played by
    ``bots[s % len(bots)]`` from its view (e.g. ``("basic", "random")``: basic against
    random in a partnership game).

    Checked after every action: the cards' fingerprint, a legal action for the seat to act,
    one seat's view (rotating), and a random action that must be refused exactly when it
    is not legal and then leave the game unchanged. At the end of each hand: the exact
    cards, every seat's view, positions round-tripping through JSON, and the record
    replaying to the same state.
    """
    if len(bots) > rules.players:
        # Names past the last seat would be dropped without a word by the cycle below.
        raise CommandError("too_many_bots", f"{len(bots)} bots named for {rules.players} seats: "
                         f"at most one a seat ({', '.join(bots)})", bots=len(bots), players=rules.players)
    report = Report()
    rng = random.Random(seed)
    full = Counter(deck(rules.decks, rules.jokers_per_deck))
    full_print = (sum(full.values()), sum(_TAG[c] * n for c, n in full.items()))
    start = time.perf_counter()
    game_no = 0
    while report.hands < hands and not report.violations:
        game = deal_game(rules, seed, game_no)
        players = [get_bot(bots[s % len(bots)], seed * 7919 + game_no * 31 + s) for s in range(rules.players)] \
            if bots else []
        game_no += 1
        report.games += 1
        while report.hands < hands:
            hand_no = len(game.hand_actions)
            sample: HandState | None = None
            sample_at = int(rng.random() * 120)
            while not game.state.over:
                state = game.state
                step = len(game.hand_actions[-1])
                where = f"game {game_no} (seed {game.seed}) hand {hand_no} action {step + 1}"
                legal = legal_actions(state)
                if not legal:
                    report.violations.append(f"{where}: seat {state.turn} has no legal action "
                                             f"in phase {state.phase.value}")
                    break
                if check:
                    if _fingerprint(state) != full_print:
                        report.violations.append(f"{where}: cards not accounted for")
                    report.violations.extend(_check_view(state, step % rules.players, where))
                    report.violations.extend(_check_illegal(game, legal, rng, where))
                    if step == sample_at:
                        sample = state
                if players:
                    action = players[state.turn].choose(game.view(state.turn), tuple(legal))
                else:
                    action = legal[int(rng.random() * len(legal))]
                try:
                    game.apply(action)
                except CanastaError as e:
                    report.violations.append(f"{where}: listed action '{action}' refused: {e.message}")
                    break
                report.actions += 1
            report.hands += 1
            report.endings[game.state.ending.value or "stuck"] += 1
            last = game.over or hand_no >= max_hands_per_game or report.hands >= hands
            if check:
                # The whole game's record is replayed once, at its last hand (replaying at
                # every hand would cost the square of the game's length).
                report.violations.extend(_check_hand_end(game, sample, full, f"game {game_no} hand {hand_no}",
                                                         replay_record=last))
            if report.violations or last:
                break
            game.next_hand()
    report.seconds = time.perf_counter() - start
    return report


def random_hand(rules: Rules, seed: int) -> tuple[HandState, int]:
    """One hand of uniformly random legal actions; returns the final state and the action count."""
    from ..state import deal

    rng = random.Random(seed)
    state = deal(rules, rng, int(rng.random() * rules.players))
    n = 0
    while not state.over:
        legal = legal_actions(state)
        state = apply(state, legal[int(rng.random() * len(legal))])
        n += 1
    return state, n
