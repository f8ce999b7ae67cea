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

from collections import Counter

from .cards import Card
from .melds import MeldKind, TableMeld, wild_limit
from .rules import Rules


def can_go_out(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...], *, meld_out: bool) -> bool:
    """True if ``hand`` can be emptied now onto ``melds`` (plus new melds).

    ``meld_out``: going out by melding every card is allowed (otherwise the last card
    must be discarded).
    """
    counts: Counter[str] = Counter()
    for c in hand:
        counts[c.kind] += 1
    # A natural rank held once with no group to join can only be the final discard, so
    # with two such cards the answer is no at once (the common case: keeps ``ask`` cheap).
    held = {m.rank for m in melds}
    stranded = [k for k, n in counts.items()
                if (n < rules.min_naturals and k not in held and k not in _SPECIAL) or k == "R3"]
    if len(stranded) > 1 or (stranded and counts[stranded[0]] > 1):
        return False
    if stranded:
        options = stranded
    else:
        if meld_out and _meldable(rules, counts, melds):
            return True
        options = list(counts)
    for kind in options:
        counts[kind] -= 1
        ok = _meldable(rules, counts, melds)
        counts[kind] += 1
        if ok:
            return True
    return False


_SPECIAL = frozenset({"B3", "2", "JK"})


def _meldable(rules: Rules, counts: Counter[str], melds: tuple[TableMeld, ...]) -> bool:
    """Can every card counted be melded, leaving the side with enough canastas?"""
    if counts["R3"] > 0:
        return False
    b3 = counts["B3"]
    if b3 and not (rules.black_threes_meld_going_out and 3 <= b3 <= 4):
        return False
    wilds = counts["2"] + counts["JK"]
    size = rules.canasta_size
    gmax = rules.group_max
    # Each group: (lowest wilds, highest wilds, cards before wilds); the canasta test is
    # cards + wilds >= canasta size.
    groups: list[tuple[int, int, int]] = []
    held = set()
    for m in melds:
        if m.kind is not MeldKind.GROUP:
            continue
        held.add(m.rank)
        n = counts[m.rank]
        cards = m.size + n
        if gmax and cards > gmax:
            return False
        hi = wild_limit(rules, m.rank, m.naturals + n) - m.wilds
        if gmax:
            hi = min(hi, gmax - cards)
        groups.append((0, max(hi, 0), cards))
    for kind, n in counts.items():
        if n <= 0 or kind in held or kind in ("B3", "R3", "2", "JK"):
            continue
        if n < max(rules.min_naturals, 1):
            return False
        lo = max(0, 3 - n)
        hi = wild_limit(rules, kind, n)
        if gmax:
            hi = min(hi, gmax - n)
        if lo > hi:
            return False
        groups.append((lo, hi, n))
    best: dict[int, int] = {0: 0}
    for lo, hi, cards in groups:
        nxt: dict[int, int] = {}
        for used, canastas in best.items():
            for w in range(lo, hi + 1):
                total = used + w
                if total > wilds:
                    break
                score = canastas + (1 if cards + w >= size else 0)
                if nxt.get(total, -1) < score:
                    nxt[total] = score
        best = nxt
        if not best:
            return False
    return best.get(wilds, -1) >= rules.canastas_to_go_out
