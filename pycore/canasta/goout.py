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
from .melds import GROUP, WILD, TableMeld, wild_limit
from .placement import may_take_wilds, open_group
from .rules import Rules


def can_go_out(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...], *, meld_out: bool,
               closed: frozenset[str] = frozenset()) -> bool:
    """True if ``hand`` can be emptied now onto ``melds`` (plus new melds).

    ``meld_out``: going out by melding every card is allowed (otherwise the last card
    must be discarded). ``closed``: ranks nobody may meld (RULES.md 3). Under Modern
    American's wild-card rules the answer errs on the side of "no" (the rule of five is
    applied to every group, Aces take no wild card): a "yes" can always be honoured.
    """
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.kind] = counts.get(c.kind, 0) + 1
    held: dict[str, TableMeld] = {}
    for m in melds:
        if m.kind is GROUP and m.rank not in held:
            i = open_group(rules, melds, m.rank)
            if i >= 0:
                held[m.rank] = melds[i]
    # Canastas already made that no card of the hand can change (full duplicates, wild canastas).
    done = sum(1 for m in melds if m.is_canasta(rules) and held.get(m.rank) is not m)
    min_nat = max(rules.min_naturals, 1)
    # A natural rank held too few times to start a group, with no group to join, can only
    # be the final discard: with two such cards the answer is no at once. So is a 3 that
    # does not meld and a closed rank.
    stranded = [k for k, n in counts.items() if k == "R3" or k in closed
                or (k == "B3" and not rules.black_threes_meld_going_out)
                or (n < min_nat and k not in held and k not in _SPECIAL)]
    if len(stranded) > 1 or (stranded and counts[stranded[0]] > 1):
        return False
    if not _canastas_within_reach(rules, counts, melds, done):
        return False
    wilds = counts.get("2", 0) + counts.get("JK", 0)
    b3 = counts.get("B3", 0)
    groups: dict[str, _Group | None] = {rank: _group(rules, rank, m, counts.get(rank, 0)) for rank, m in held.items()}
    for kind, n in counts.items():
        if kind not in held and kind not in _SPECIAL and kind != "R3" and kind not in closed:
            groups[kind] = _group(rules, kind, None, n)
    fits = _Fits(rules, melds, done)
    if stranded:
        kind = stranded[0]
        if kind in ("R3", "B3"):
            return False  # a 3 that cannot meld is never the final discard either (RULES.md 3)
        if kind in closed:
            return fits(groups.values(), wilds, b3)
        rest = dict(groups)
        del rest[kind]
        return fits(rest.values(), wilds, b3)
    if meld_out and fits(groups.values(), wilds, b3):
        return True
    for kind in counts:
        if kind == "2" or kind == "JK":
            ok = fits(groups.values(), wilds - 1, b3)
        elif kind == "B3":
            ok = fits(groups.values(), wilds, b3 - 1)
        else:
            rest = dict(groups)
            rest[kind] = _group(rules, kind, held.get(kind), counts[kind] - 1)
            ok = fits(rest.values(), wilds, b3)
        if ok:
            return True
    return False


class _Fits:
    """Every card placed, trying each number of wild cards for the side's wild-card meld
    (RULES.md 3): 0, or what an unfinished one can take, or a new one of 3 to 7. While
    the wild-card meld stays unfinished no wild card goes into a group."""

    def __init__(self, rules: Rules, melds: tuple[TableMeld, ...], done: int) -> None:
        self.rules = rules
        self.done = done
        size = rules.canasta_size
        unfinished = [m for m in melds if m.kind is WILD and m.wilds < size]
        self.options: list[tuple[int, bool, bool]] = [(0, False, bool(unfinished))]
        if not rules.wild_melds:
            return
        if unfinished:
            have = unfinished[0].wilds
            self.options += [(w, have + w >= size, have + w < size)
                             for w in range(1, rules.wild_meld_max - have + 1)]
        else:
            self.options += [(w, w >= size, w < size) for w in range(rules.wild_meld_min, rules.wild_meld_max + 1)]

    def __call__(self, groups: Iterable[_Group | None], wilds: int, b3: int) -> bool:
        groups = list(groups)
        block = self.rules.unfinished_wild_meld_blocks_wilds
        for w, completes, unfinished in self.options:
            if w > wilds:
                break
            rest = wilds - w
            if block and unfinished and rest:
                continue
            if _feasible(self.rules, groups, rest, b3, self.done + completes):
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
    if not may_take_wilds(rules, rank, naturals, True):
        hi = min(hi, 0)
    if rules.group_max:
        if cards > rules.group_max:
            return None
        hi = min(hi, rules.group_max - cards)
    if lo > hi:
        return None
    # Cards once the least wilds are in; a canasta needs ``lack`` more of the spare ones.
    lack = rules.canasta_size - cards - lo
    return (lo, hi, lack <= 0, lack if 0 < lack <= hi - lo else -1)


def _canastas_within_reach(rules: Rules, counts: dict[str, int], melds: tuple[TableMeld, ...], done: int) -> bool:
    """A quick upper bound: groups that would be canastas if they got every wild card."""
    size = rules.canasta_size
    wild = counts.get("2", 0) + counts.get("JK", 0)
    spare = min(wild, rules.max_wilds)
    # A wild-card meld could become one canasta more (RULES.md 3).
    reach = done + (1 if rules.wild_melds and wild else 0)
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


def _feasible(rules: Rules, groups: Iterable[_Group | None], wilds: int, b3: int, done: int = 0) -> bool:
    """Every card placed (each group within its wild bounds, black 3s as one meld) and
    enough canastas: spending the spare wild cards on the cheapest canastas first gives
    the most canastas."""
    if b3 and not (rules.black_threes_meld_going_out and 3 <= b3 <= 4):
        return False
    if wilds < 0:
        return False
    total_lo = total_hi = 0
    complete = done
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
