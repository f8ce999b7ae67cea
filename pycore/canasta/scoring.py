"""Scoring a finished hand, line by line (RULES.md 2 "Scoring a hand"; 2.1; D6).

Each side gets a :class:`SideScore`: named lines (``melds``, ``natural_canastas``,
``mixed_canastas``, ``sambas`` (completed sequences), ``red_threes``, ``going_out``, ``hand_penalty``) whose sum is the
hand's score for that side. Line names are stable: the UI translates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .melds import GROUP, SEQUENCE, MeldKind
from .rules import Rules, ThreeSign
from .state import WENT_OUT, Ending, HandState


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One named line of a side's hand score; ``count`` is how many items it counts."""

    name: str
    points: int
    count: int = 0


@dataclass(frozen=True, slots=True)
class SideScore:
    side: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "total": self.total,
                "lines": [{"name": x.name, "points": x.points, "count": x.count} for x in self.lines]}


def score_hand(state: HandState) -> tuple[SideScore, ...]:
    """Each side's score for a hand that is over (also usable mid-hand, for a preview)."""
    r = state.rules
    out = []
    for side in range(r.sides):
        lines: list[ScoreLine] = []
        melds = state.melds[side]
        meld_points = sum(r.value(c.kind) for m in melds for c in m.cards)
        lines.append(ScoreLine("melds", meld_points, sum(len(m.cards) for m in melds)))
        natural = mixed = 0
        special = 0
        special_bonus = dict(r.special_canasta_bonus)
        for m in melds:
            if m.kind is not GROUP or not m.is_canasta(r):
                continue
            if m.natural:
                if m.rank in special_bonus:
                    special += special_bonus[m.rank]
                else:
                    natural += 1
            else:
                mixed += 1
        if natural:
            lines.append(ScoreLine("natural_canastas", natural * r.natural_canasta_bonus, natural))
        if mixed:
            lines.append(ScoreLine("mixed_canastas", mixed * r.mixed_canasta_bonus, mixed))
        if special:
            lines.append(ScoreLine("special_canastas", special))
        sambas = sum(1 for m in melds if m.kind is SEQUENCE and m.size >= r.sequence_max)
        if sambas:
            # A completed sequence: a samba (seed 003) or an escalera (Bolivia), 1500 each.
            lines.append(ScoreLine("sambas", sambas * r.sequence_bonus, sambas))
        whole = sum(1 for m in melds if m.whole and m.is_canasta(r))
        if whole and r.concealed_canasta_bonus:
            # D7 alternative (seed 002): a canasta laid whole from hand scores 100 more.
            lines.append(ScoreLine("concealed_canastas", whole * r.concealed_canasta_bonus, whole))
        threes = state.threes[side]
        if threes:
            lines.append(ScoreLine("red_threes", _threes_points(state, side), len(threes)))
        if state.ending is WENT_OUT and state.out_seat % r.sides == side:
            bonus = r.concealed_going_out_bonus if state.concealed else r.going_out_bonus
            lines.append(ScoreLine("going_out_concealed" if state.concealed else "going_out", bonus))
        points = 0
        held = 0
        for seat in range(side, r.players, r.sides):
            for c in state.hands[seat]:
                held += 1
                if c.kind == "B3" and r.black_three_hand_penalty is not None:
                    points += r.black_three_hand_penalty
                else:
                    points -= r.value(c.kind)
        if held:
            lines.append(ScoreLine("hand_penalty", points, held))
        out.append(SideScore(side, tuple(lines)))
    return tuple(out)


def _threes_points(state: HandState, side: int) -> int:
    r = state.rules
    threes = state.threes[side]
    if r.three_bonus_per_colour:
        points = sum(r.three_bonus_points(sum(1 for c in threes if c.kind == k)) for k in ("R3", "B3"))
    else:
        points = r.three_bonus_points(len(threes))
    if r.three_sign is ThreeSign.MELD:
        # A side that made no meld at all scores its red 3s negatively (RULES.md 2).
        return points if state.melds[side] else -points
    if r.three_sign is ThreeSign.CANASTAS:
        have = state.canastas(side)
        return -points if have == 0 else (0 if have == 1 else points)
    return points
