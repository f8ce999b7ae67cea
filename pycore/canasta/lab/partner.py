"""How a bot plays with its partner and against the next opponent, counted over a match
(issue 42, "A partner people trust"; docs/bots.md "Partner figures").

Counted per side of each hand from the hand's steps (the state before each action, and
the action) and its last state, then added up per bot of the match:

- **answers right in hindsight.** At each answer to "may I go out?" the estimate *B* of
  the side's hand margin had the asker gone out at once: the score as it stands
  (``scoring.score_hand`` with the asker's hand laid and the going-out bonus) plus the
  asker's cards at their value (less its cheapest card, the last discard, where going out
  takes one), against the mean of the other sides. The side's margin
  *M* is its hand score minus the mean of the other sides' scores. A "yes" was right when
  the side won the hand it let end (*M* > 0); a "no" was right when playing on did at
  least as well as going out then would have (*M* >= *B*). *B* leaves out the canastas
  the asker's last cards would have completed, so it is if anything low: a "no" is
  judged generously, a "yes" by the result alone;
- **going out with a big hand in the partner's hand**: of the hands a side ended by
  going out, those where a partner of the seat that went out still held cards worth
  ``BIG_HAND`` points or more (their values, ``rules.value``);
- **discards the next opponent takes**: of a bot's discards that pass the turn on, those
  the next seat answers by taking the pile.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from ..actions import Action, Answer, Discard, Take
from ..cards import Card
from ..rules import Rules
from ..scoring import score_hand
from ..state import OVER_PHASE, WENT_OUT, HandState

#: A partner's hand worth this many points or more is a big hand.
BIG_HAND = 100


@dataclass
class PartnerCounts:
    """The counts of one bot over the hands it played (module docstring)."""

    yes: int = 0
    yes_right: int = 0
    no: int = 0
    no_right: int = 0
    outs: int = 0
    outs_big_hand: int = 0
    discards: int = 0
    discards_taken: int = 0

    def add(self, other: PartnerCounts) -> None:
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)

    def to_dict(self) -> dict[str, int]:
        return asdict(self)

    def lines(self, name: str) -> list[str]:
        """One line per figure, with its counts."""
        answers = self.yes + self.no
        return [
            f"{name}: answers right in hindsight {_share(self.yes_right + self.no_right, answers)} "
            f"(yes {_share(self.yes_right, self.yes)}, no {_share(self.no_right, self.no)})",
            f"{name}: went out with a partner holding {BIG_HAND}+ points {_share(self.outs_big_hand, self.outs)} "
            f"of its side's outs",
            f"{name}: discards the next opponent took with the pile {_share(self.discards_taken, self.discards)}",
        ]


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else f"{part}/0"


def hand_points(rules: Rules, cards: Sequence[Card]) -> int:
    """The cards' values (what they would cost in hand)."""
    return sum(rules.value(c.kind) for c in cards)


def margins(state: HandState) -> list[float]:
    """Each side's hand score (``score_hand``) minus the mean of the other sides' scores."""
    totals = [s.total for s in score_hand(state)]
    return [t - statistics.fmean(totals[:i] + totals[i + 1:]) for i, t in enumerate(totals)]


def going_out_now(state: HandState) -> float:
    """*B* (module docstring): the asking side's margin had the asker (``state.asker``,
    in the answer phase) gone out at once, its hand laid."""
    r = state.rules
    asker = state.asker
    hand = state.hands[asker]
    laid = hand_points(r, hand)
    if r.go_out_with_discard and hand:
        laid -= min(r.value(c.kind) for c in hand)  # the cheapest card is the last discard
    hands = state.hands[:asker] + ((),) + state.hands[asker + 1:]
    out = state.with_(hands=hands, phase=OVER_PHASE, ending=WENT_OUT, out_seat=asker, concealed=False)
    side = asker % r.sides
    return margins(out)[side] + laid


def hand_counts(steps: Sequence[tuple[HandState, Action]], final: HandState) -> list[PartnerCounts]:
    """The counts of each side over one hand: ``steps`` are the state before each action
    and the action, in order; ``final`` the state after the last one (the hand over)."""
    r = final.rules
    counts = [PartnerCounts() for _ in range(r.sides)]
    margin = margins(final)
    for i, (state, action) in enumerate(steps):
        side = state.turn % r.sides
        if isinstance(action, Answer):
            c = counts[side]
            if action.yes:
                c.yes += 1
                c.yes_right += margin[side] > 0
            else:
                c.no += 1
                c.no_right += margin[side] >= going_out_now(state)
        elif isinstance(action, Discard) and i + 1 < len(steps):
            c = counts[side]
            c.discards += 1
            after, answer = steps[i + 1]
            c.discards_taken += isinstance(answer, Take) and after.turn == (state.turn + 1) % r.players
    if final.ending is WENT_OUT:
        seat = final.out_seat
        c = counts[seat % r.sides]
        c.outs += 1
        partners = range(seat % r.sides, r.players, r.sides)
        c.outs_big_hand += any(p != seat and hand_points(r, final.hands[p]) >= BIG_HAND for p in partners)
    return counts
