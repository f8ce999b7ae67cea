"""Can a player still go out this turn? (RULES.md 2 "Going out").

Used where the rules bind a player to go out (after the partner's "yes") and to allow
``ask`` only when going out is possible, so that the player in turn always has a legal
action. The hand goes out when every card but at most one (the final discard) can be
melded into the side's groups or new groups, and the side then holds the canastas
the rules require. Suits never matter here, so the search runs over card kinds: for each
possible final discard, a small dynamic programme spreads the wild cards over the groups
(each within its legal bounds) to maximize the number of canastas.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card
from .melds import GROUP, TableMeld, wild_limit
from .rules import Rules


def can_go_out(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...], *, meld_out: bool) -> bool:
    """True if ``hand`` can be emptied now onto ``melds`` (plus new melds).

    ``meld_out``: going out by melding every card is allowed (otherwise the last card
    must be discarded).
    """
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.kind] = counts.get(c.kind, 0) + 1
    held = {m.rank: m for m in melds if m.kind is GROUP}
    min_nat = max(rules.min_naturals, 1)
    # A natural rank held too few times to start a group, with no group to join, can only
    # be the final discard: with two such cards the answer is no at once.
    stranded = [k for k, n in counts.items() if k == "R3" or (n < min_nat and k not in held and k not in _SPECIAL)]
    if len(stranded) > 1 or (stranded and counts[stranded[0]] > 1):
        return False
    if not _canastas_within_reach(rules, counts, melds):
        return False
    wilds = counts.get("2", 0) + counts.get("JK", 0)
    b3 = counts.get("B3", 0)
    groups: dict[str, _Group | None] = {rank: _group(rules, rank, m, counts.get(rank, 0)) for rank, m in held.items()}
    for kind, n in counts.items():
        if kind not in held and kind not in _SPECIAL and kind != "R3":
            groups[kind] = _group(rules, kind, None, n)
    if stranded:
        kind = stranded[0]
        if kind == "R3":
            return False
        rest = dict(groups)
        del rest[kind]
        return _feasible(rules, rest.values(), wilds, b3)
    if meld_out and _feasible(rules, groups.values(), wilds, b3):
        return True
    for kind in counts:
        if kind == "2" or kind == "JK":
            ok = _feasible(rules, groups.values(), wilds - 1, b3)
        elif kind == "B3":
            ok = _feasible(rules, groups.values(), wilds, b3 - 1)
        else:
            rest = dict(groups)
            rest[kind] = _group(rules, kind, held.get(kind), counts[kind] - 1)
            ok = _feasible(rules, rest.values(), wilds, b3)
        if ok:
            return True
    return False


_SPECIAL = frozenset({"B3", "2", "JK"})

#: A group's wild-card needs: (least wilds, most wilds, canasta already, wilds a canasta lacks or -1)
_Group = tuple[int, int, bool, int]


def _group(rules: Rules, rank: str, meld: TableMeld | None, n: int) -> _Group | None:
    """The wild-card needs of the side's group of ``rank`` after adding ``n`` naturals to
    ``meld`` (or of a new group of ``n`` naturals); None when it cannot stand."""
    if meld is None:
        if n == 0:
            return (0, 0, False, -1)
        if n < max(rules.min_naturals, 1):
            return None
        naturals, wilds, lo = n, 0, max(0, 3 - n)
    else:
        naturals, wilds, lo = meld.naturals + n, meld.wilds, 0
    cards = naturals + wilds
    hi = wild_limit(rules, rank, naturals) - wilds
    if rules.group_max:
        if cards > rules.group_max:
            return None
        hi = min(hi, rules.group_max - cards)
    if lo > hi:
        return None
    # Cards once the least wilds are in; a canasta needs ``lack`` more of the spare ones.
    lack = rules.canasta_size - cards - lo
    return (lo, hi, lack <= 0, lack if 0 < lack <= hi - lo else -1)


def _canastas_within_reach(rules: Rules, counts: dict[str, int], melds: tuple[TableMeld, ...]) -> bool:
    """A quick upper bound: groups that would be canastas if they got every wild card."""
    size = rules.canasta_size
    spare = min(counts.get("2", 0) + counts.get("JK", 0), rules.max_wilds)
    reach = 0
    for m in melds:
        if m.kind is GROUP and m.naturals + m.wilds + counts.get(m.rank, 0) + spare >= size:
            reach += 1
    if reach >= rules.canastas_to_go_out:
        return True
    held = {m.rank for m in melds}
    for kind, n in counts.items():
        if n + spare >= size and kind not in held and kind not in _SPECIAL and kind != "R3":
            reach += 1
    return reach >= rules.canastas_to_go_out


def _feasible(rules: Rules, groups: Iterable[_Group | None], wilds: int, b3: int) -> bool:
    """Every card placed (each group within its wild bounds, black 3s as one meld) and
    enough canastas: spending the spare wild cards on the cheapest canastas first gives
    the most canastas."""
    if b3 and not (rules.black_threes_meld_going_out and 3 <= b3 <= 4):
        return False
    total_lo = total_hi = complete = 0
    costs = []
    for g in groups:
        if g is None:
            return False
        lo, hi, done, lack = g
        total_lo += lo
        total_hi += hi
        if done:
            complete += 1
        elif lack >= 0:
            costs.append(lack)
    if not total_lo <= wilds <= total_hi:
        return False
    need = rules.canastas_to_go_out - complete
    if need <= 0:
        return True
    if len(costs) < need:
        return False
    costs.sort()
    return sum(costs[:need]) <= wilds - total_lo
