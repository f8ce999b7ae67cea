"""A whole game: seeded deals, hands in turn, cumulative scores, the target, the record.

:class:`Game` is the one object a front end or a test needs: ``legal_actions()``,
``apply(action)`` (an :class:`Action` or its text), ``view(seat)``, ``next_hand()`` and
``record()``. Its hand state is immutable; ``apply`` swaps in the new state only once
the action is accepted, so an illegal action leaves the game exactly as it was.

A record (``record()``/``Game.from_record``) is versioned JSON: the rules (preset +
overrides), the seed, the first dealer and every hand's actions in notation. Replaying
it deals the same cards (one seeded generator, our own shuffle) and so reaches the same
state.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action, parse_action
from .errors import CanastaError, IllegalAction, NotationError, echo
from .limits import MAX_ACTION_TEXT, check_data, check_header, loads
from .legal import LegalActions, legal_actions
from .notation import rules_for, to_position
from .play import apply as apply_action
from .rules import Rules
from .scoring import SideScore, score_hand
from .state import HandState, deal
from .variants import get as get_variant
from .views import view

RECORD_FORMAT = "canasta-record"
RECORD_VERSION = 1
#: The latest hand a game may start at (a shared deal of a later hand, ``first_hand``):
#: each hand before it is shuffled and set aside, so the bound keeps that cheap.
MAX_FIRST_HAND = 200


class Game:
    """A game of Canasta to the target score (RULES.md 2 "Game end")."""

    def __init__(self, rules: Rules | str = "classic", seed: int = 0, first_dealer: int | None = None,
                 players: int | None = None, first_hand: int = 1, scores: tuple[int, ...] | None = None) -> None:
        """``first_hand`` and ``scores`` start the game at a later hand of the game this
        seed deals, with the scores the sides had then (a shared deal, issue 41): the
        same cards, the same dealer and the same initial-meld minimum as that hand."""
        self.rules = get_variant(rules, players) if isinstance(rules, str) else rules
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise NotationError("bad_seed", f"a seed is an integer, not {seed!r}")
        if isinstance(first_hand, bool) or not isinstance(first_hand, int) or not 1 <= first_hand <= MAX_FIRST_HAND:
            raise NotationError("bad_record", f"first hand: a number from 1 to {MAX_FIRST_HAND}")
        start = (0,) * self.rules.sides if scores is None else tuple(scores)
        if len(start) != self.rules.sides or not all(type(x) is int for x in start):
            raise NotationError("bad_record", f"scores: one integer per side ({self.rules.sides})")
        self.seed = seed
        self._rng = random.Random(seed)
        n = self.rules.players
        # The first dealer is drawn by lot (RULES.md 2 allows this instead of a cut); the draw
        # is made even when a dealer is given, so the deals do not depend on it.
        lot = int(self._rng.random() * n)
        self.first_dealer = lot if first_dealer is None else first_dealer
        if not 0 <= self.first_dealer < n:
            raise NotationError("bad_record", f"first dealer {self.first_dealer} is not a seat")
        self.first_hand = first_hand
        self.start_scores = start
        self.scores: tuple[int, ...] = start
        self.target = self.rules.target
        self.hand_actions: list[list[str]] = [[]]
        self.results: list[tuple[SideScore, ...]] = []
        self.winner: int | None = None
        # Every hand's deal comes from the one generator, in turn: a later hand's cards
        # depend on the deals before it (not on their play), so those are shuffled and set
        # aside, and the deal passes clockwise as it would have.
        dealer = self.first_dealer
        for _ in range(first_hand - 1):
            deal(self.rules, self._rng, dealer, start)
            dealer = (dealer + 1) % n
        self.state: HandState = deal(self.rules, self._rng, dealer, self.scores)
        #: the discard pile as dealt (the upcard and any card turned over it): seen by all.
        self.dealt_discard = self.state.discard

    # ----------------------------------------------------------------- play
    @property
    def over(self) -> bool:
        """The game is over: a side reached the target with the highest total."""
        return self.winner is not None

    @property
    def hand_over(self) -> bool:
        return self.state.over

    @property
    def hand_number(self) -> int:
        """The hand in play, counted from the seed's first deal (1, 2, ...)."""
        return self.first_hand - 1 + len(self.hand_actions)

    def legal_actions(self) -> LegalActions:
        return legal_actions(self.state)

    def apply(self, action: Action | str) -> None:
        """Play ``action`` for the seat in turn, or raise (state unchanged)."""
        a = parse_action(action) if isinstance(action, str) else action
        new = apply_action(self.state, a)
        self.state = new
        self.hand_actions[-1].append(str(a))
        if new.over:
            self._finish_hand()

    def _finish_hand(self) -> None:
        sheet = score_hand(self.state)
        self.results.append(sheet)
        self.scores = tuple(s + x.total for s, x in zip(self.scores, sheet))
        best = max(self.scores)
        if best >= self.target:
            leaders = [i for i, s in enumerate(self.scores) if s == best]
            if len(leaders) == 1:
                self.winner = leaders[0]
            else:
                # An exact tie at the top: another hand, with the target raised by 500
                # (seed 000: "le seuil relevé de 500 points").
                self.target += self.rules.tie_target_step

    def next_hand(self) -> None:
        """Deal the next hand; the deal passes clockwise (RULES.md 2)."""
        if not self.state.over:
            raise IllegalAction("hand_in_progress", "the hand is not over yet")
        if self.over:
            raise IllegalAction("game_over", "the game is over")
        dealer = (self.state.dealer + 1) % self.rules.players
        self.state = deal(self.rules, self._rng, dealer, self.scores)
        self.dealt_discard = self.state.discard
        self.hand_actions.append([])

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view of the hand plus the game's public facts.

        ``actions`` (this hand's actions so far, in notation) and ``dealt_discard`` (the
        pile as dealt) are public: every seat saw them happen. A draw's text names no
        card, so a bot can replay the hand's public course (what each seat took with the
        pile, discarded, declined) without seeing a hidden card."""
        out = view(self.state, seat)
        out.update({
            "actions": list(self.hand_actions[-1]),
            "dealt_discard": [c.text for c in self.dealt_discard],
            "game_scores": list(self.scores),
            "target": self.target,
            "hand_number": self.hand_number,
            "game_over": self.over,
            "winner": self.winner,
            "last_hand": [s.to_dict() for s in self.results[-1]] if self.state.over and self.results else None,
        })
        return out

    def position(self) -> dict[str, Any]:
        return to_position(self.state)

    # ----------------------------------------------------------------- record
    def record(self) -> dict[str, Any]:
        """The versioned record: rules + seed + first dealer + every action."""
        pos = to_position(self.state)
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "variant": pos["variant"],
            "players": pos["players"],
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "hands": [list(h) for h in self.hand_actions],
        }
        if "rules" in pos:
            out["rules"] = pos["rules"]
        if self.first_hand != 1 or any(self.start_scores):
            # a game started at a shared deal's hand (optional: older records lack it)
            out["first_hand"] = self.first_hand
            out["start_scores"] = list(self.start_scores)
        return out

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Replay a record; a bad record raises NotationError naming the hand and step.
        Text and data past ``canasta.limits`` are refused with ``bad_record``."""
        if isinstance(data, str):
            data = loads(data, "bad_record", "record")
        else:
            check_data(data, "bad_record", "record")
        check_header(data, RECORD_FORMAT, RECORD_VERSION, "a game record", NotationError, format_code="bad_record",
                     version_code="record_version")
        rules = rules_for(data)
        seed = data.get("seed")
        dealer = data.get("first_dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise NotationError("bad_record", "first_dealer: expected a seat number")
        hands = data.get("hands")
        if (not isinstance(hands, list) or not hands
                or not all(isinstance(h, list) and all(isinstance(a, str) and len(a) <= MAX_ACTION_TEXT for a in h)
                           for h in hands)):
            raise NotationError("bad_record", f"hands: expected a list of lists of actions (texts of at most "
                                f"{MAX_ACTION_TEXT} characters)")
        first_hand = data.get("first_hand", 1)
        start = data.get("start_scores")
        if start is not None and not isinstance(start, list):
            raise NotationError("bad_record", "start_scores: expected a list of integers")
        game = cls(rules, seed, first_dealer=dealer, first_hand=first_hand,
                   scores=None if start is None else tuple(start))
        for h, actions in enumerate(hands):
            if h:
                try:
                    game.next_hand()
                except CanastaError as e:
                    raise NotationError("bad_record", f"hand {h + 1}: {e.message}") from None
            for k, text in enumerate(actions):
                try:
                    game.apply(text)
                except CanastaError as e:
                    raise NotationError("bad_record", f"hand {h + 1}, action {k + 1} ({echo(text)}): {e.message}",
                                        hand=h + 1, step=k + 1, code_inner=e.code) from None
        return game
