"""Where cards may be melded besides a group's own limits (RULES.md 3, Modern American).

- **Closed ranks**: once a side completes a natural canasta of a rank, nobody melds that
  rank any more (``close_rank_after_natural_canasta``).
- **Wild cards**: after the side's initial meld they go only into a group of 5+
  naturals (``rule_of_five``) or a wild-card meld; Aces take them only in the initial
  meld (``wild_ranks_initial_only``); while the side's wild-card meld is unfinished no
  wild card goes elsewhere (``unfinished_wild_meld_blocks_wilds``).
- **Which group of a rank** a card joins when a side may hold several of it (a new one
  may start once the others are full: ``new_group_when_full``): the one not yet full.

Every check compares the side's melds before and after one action, so ``play`` (which
applies it), ``legal`` (which lists) and the bot share one reading of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import IllegalAction
from .melds import GROUP, WILD, TableMeld
from .rules import Rules

Melds = Sequence[TableMeld]
_NONE: frozenset[str] = frozenset()


def closed_ranks(rules: Rules, melds: Sequence[Melds]) -> frozenset[str]:
    """Ranks nobody may meld: a natural canasta of them lies on the table (RULES.md 3)."""
    if not rules.close_rank_after_natural_canasta:
        return _NONE
    size = rules.canasta_size
    return frozenset(m.rank for ms in melds for m in ms
                     if m.kind is GROUP and m.wilds == 0 and m.naturals >= size)


def unfinished_wild_meld(rules: Rules, melds: Melds) -> bool:
    """The side has a wild-card meld that is not yet a canasta."""
    size = rules.canasta_size
    return any(m.kind is WILD and m.wilds < size for m in melds)


def wilds_blocked(rules: Rules, melds: Melds) -> bool:
    """No wild card may go into a group now (an unfinished wild-card meld, RULES.md 3)."""
    return rules.unfinished_wild_meld_blocks_wilds and unfinished_wild_meld(rules, melds)


def may_take_wilds(rules: Rules, rank: str, naturals: int, opened: bool) -> bool:
    """May a group of ``rank`` with ``naturals`` natural cards (after the action) receive
    wild cards, for a side that had (``opened``) or had not made its initial meld?"""
    if not opened:
        return True
    if rank in rules.wild_ranks_initial_only:
        return False
    return not (rules.rule_of_five and naturals < rules.rule_of_five)


def open_group(rules: Rules, melds: Melds, rank: str) -> int:
    """Index of the side's group of ``rank`` that cards would join, or -1: the one that
    is not full when a side may hold several (RULES.md 3), else the only one."""
    found = -1
    for i, m in enumerate(melds):
        if m.rank == rank and m.kind is not WILD:
            if not m.full(rules):
                return i
            found = i
    return -1 if rules.new_group_when_full else found


def check_placement(rules: Rules, closed: frozenset[str], old: Melds, new: Melds) -> None:
    """Raise IllegalAction if the action turning the side's melds ``old`` into ``new``
    puts a card where RULES.md 3 forbids it. ``closed``: the ranks closed before the
    action. New melds are appended after the old ones; grown ones keep their index."""
    opened = bool(old)
    blocked = rules.unfinished_wild_meld_blocks_wilds and (
        unfinished_wild_meld(rules, old) or unfinished_wild_meld(rules, new))
    for i, m in enumerate(new):
        before = old[i] if i < len(old) else None
        if before is m or m.kind is not GROUP:
            continue
        if m.rank in closed and (before is None or m.naturals > before.naturals):
            raise IllegalAction("rank_closed", f"a natural canasta of {m.rank}s closed that rank", rank=m.rank)
        if m.wilds > (before.wilds if before is not None else 0):
            if blocked:
                raise IllegalAction("wild_meld_unfinished",
                                    "your side's wild-card meld is unfinished: wild cards go only there",
                                    rank=m.rank)
            if not may_take_wilds(rules, m.rank, m.naturals, opened):
                if m.rank in rules.wild_ranks_initial_only:
                    raise IllegalAction("wilds_initial_only", f"{m.rank}s take wild cards only in the initial meld",
                                        rank=m.rank)
                raise IllegalAction("rule_of_five", f"wild cards join only a group of {rules.rule_of_five} or more "
                                    "natural cards", rank=m.rank, naturals=m.naturals, minimum=rules.rule_of_five)
