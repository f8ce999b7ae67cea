"""Scoring a finished hand, line by line (RULES.md 2 "Scoring a hand"; 2.1; D6).

Each side gets a :class:`SideScore`: named lines (``melds`` or ``melds_against``,
``natural_canastas``, ``mixed_canastas``, ``special_canastas``, ``concealed_canastas``,
``wild_canastas``, ``sambas`` (completed sequences: sambas, escaleras; 1000 for one with a
wild card under Open Samba), ``unfinished_groups``,
``unfinished_wild_melds``, ``red_threes`` or
``threes`` (when black 3s are bonus cards too), ``going_out`` / ``going_out_concealed``,
``black_threes_going_out``, ``hand_penalty``, ``held_groups``) whose sum is the hand's
score for that side. Line names are stable: the UI translates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .melds import GROUP, SEQUENCE, WILD, MeldKind, TableMeld
from .rules import MeldsAgainst, Rules, ThreeSign
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
        if _melds_against(state, side):
            # RULES.md 3: a side with no canasta; seed 004: ... when the other side went out.
            lines.append(ScoreLine("melds_against", -meld_points, sum(len(m.cards) for m in melds)))
        else:
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
        done = [m for m in melds if m.kind is SEQUENCE and m.size >= r.sequence_max]
        if done:
            # A completed sequence: a samba (seed 003) or an escalera (Bolivia), 1500 each;
            # under Open Samba (seed 003, S6) one holding a wild card scores 1000.
            lines.append(ScoreLine("sambas", sum(r.sequence_bonus if m.natural else r.wild_sequence_bonus
                                                 for m in done), len(done)))
        lines.extend(_wild_meld_lines(r, melds))
        unfinished = dict(r.unfinished_group_penalty)
        lost = [unfinished[m.rank] for m in melds
                if m.kind is GROUP and m.natural and m.rank in unfinished and not m.is_canasta(r)]
        if lost:
            # RULES.md 3: an unfinished natural group of 7s or Aces costs 2500.
            lines.append(ScoreLine("unfinished_groups", -sum(lost), len(lost)))
        whole = sum(1 for m in melds if m.whole and m.is_canasta(r))
        if whole and r.concealed_canasta_bonus:
            # D7 alternative (seed 002): a canasta laid whole from hand scores 100 more.
            lines.append(ScoreLine("concealed_canastas", whole * r.concealed_canasta_bonus, whole))
        threes = state.threes[side]
        if threes:
            name = "threes" if "B3" in r.bonus_threes else "red_threes"
            lines.append(ScoreLine(name, _threes_points(state, side), len(threes)))
        if state.ending is WENT_OUT and state.out_seat % r.sides == side:
            bonus = r.concealed_going_out_bonus if state.concealed else r.going_out_bonus
            lines.append(ScoreLine("going_out_concealed" if state.concealed else "going_out", bonus))
        points = 0
        held = 0
        groups_lost = groups = 0
        for seat in range(side, r.players, r.sides):
            hand = state.hands[seat]
            if (r.black_three_going_out_bonus and state.ending is WENT_OUT and state.out_seat == seat):
                # Seed 004: going out holding only black 3s scores them +100 each (a line
                # only when some were held: an empty hand went out the ordinary way).
                if hand:
                    lines.append(ScoreLine("black_threes_going_out", r.black_three_going_out_bonus * len(hand),
                                           len(hand)))
                continue
            for c in hand:
                held += 1
                if c.kind == "B3" and r.black_three_hand_penalty is not None:
                    points += r.black_three_hand_penalty
                else:
                    points -= r.value(c.kind)
            for rank, count, penalty in r.held_rank_penalty:
                # RULES.md 3: 3+ Aces or 3+ sevens held at the end cost 1500 per such group.
                if sum(1 for c in hand if c.kind == rank) >= count:
                    groups += 1
                    groups_lost += penalty
        if held:
            lines.append(ScoreLine("hand_penalty", points, held))
        if groups:
            lines.append(ScoreLine("held_groups", -groups_lost, groups))
        out.append(SideScore(side, tuple(lines)))
    return tuple(out)


def _melds_against(state: HandState, side: int) -> bool:
    """Do the side's melded cards count against it (``melds_against``, RULES.md 3, 6)?"""
    rule = state.rules.melds_against
    if rule is MeldsAgainst.NEVER or state.canastas(side):
        return False
    if rule is MeldsAgainst.NO_CANASTA:
        return True
    return state.ending is WENT_OUT and state.out_seat % state.rules.sides != side


def _wild_meld_lines(r: Rules, melds: tuple[TableMeld, ...]) -> list[ScoreLine]:
    """Wild canastas by the bonus table, unfinished wild-card melds by their penalty
    (RULES.md 3: seven 2s 3000, four jokers + three 2s 2500, other 2000; unfinished -2000,
    -2500 with every joker; Bolivia's bolivia 2500)."""
    special = {(j, t): bonus for j, t, bonus in r.wild_canasta_special}
    bonus = done = lost = unfinished = 0
    for m in melds:
        if m.kind is not WILD:
            continue
        jokers = sum(1 for c in m.cards if c.kind == "JK")
        if m.is_canasta(r):
            done += 1
            bonus += special.get((jokers, len(m.cards) - jokers), r.wild_canasta_bonus)
        else:
            unfinished += 1
            all_jokers = jokers >= r.joker_copies and r.unfinished_wild_meld_jokers_penalty
            lost += r.unfinished_wild_meld_jokers_penalty if all_jokers else r.unfinished_wild_meld_penalty
    out = []
    if done:
        out.append(ScoreLine("wild_canastas", bonus, done))
    if unfinished and lost:
        out.append(ScoreLine("unfinished_wild_melds", -lost, unfinished))
    return out


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
