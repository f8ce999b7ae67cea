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
from functools import lru_cache
from itertools import product

from .cards import SEQUENCE_ORDER, Card
from .melds import GROUP, SEQUENCE, WILD, TableMeld, wild_limit
from .placement import may_take_wilds, open_group
from .rules import Rules

#: The general search (sequences, two groups of a rank, a side's wild-card limit) is exact
#: for hands of at most this many cards and answers "no" above. That is safe: a "yes" is
#: always true, and once a player may go out (asked, told "yes") the hand only shrinks, so
#: every later question is answered exactly. A bigger hand may still go out; it only
#: cannot ask first.
SEARCH_MAX_CARDS = 14


#: The last question and its answer: the legal-move generator (may the player ask?) and a
#: bot (may I go out?) put the same question about the same hand and melds one after the
#: other, and in Samba the answer is a search. Keyed by identity: the tuples are immutable
#: and held here, so an identical object means an identical question.
_last: list[tuple[Rules, tuple[Card, ...], tuple[TableMeld, ...], bool, frozenset[str], bool]] = []


def can_go_out(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...], *, meld_out: bool,
               closed: frozenset[str] = frozenset()) -> bool:
    """True if ``hand`` can be emptied now onto ``melds`` (plus new melds).

    ``meld_out``: going out by melding every card is allowed (otherwise the last card
    must be discarded). ``closed``: ranks nobody may meld (RULES.md 3). Under Modern
    American's wild-card rules the answer errs on the side of "no" (the rule of five is
    applied to every group, Aces take no wild card): a "yes" can always be honoured.
    """
    if _last:
        r, h, m, out, c, answer = _last[0]
        if h is hand and m is melds and r is rules and out == meld_out and c == closed:
            return answer
    answer = _can_go_out(rules, hand, melds, meld_out, closed)
    _last[:] = [(rules, hand, melds, meld_out, closed, answer)]
    return answer


def _can_go_out(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...], meld_out: bool,
                closed: frozenset[str]) -> bool:
    if rules.sequences or rules.groups_per_rank > 1 or rules.side_wild_limit:
        return _general(rules, hand, melds, meld_out)
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
        self.options = _wild_meld_options(rules, melds)

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


def _wild_meld_options(rules: Rules, melds: tuple[TableMeld, ...]) -> list[tuple[int, bool, bool]]:
    """The ways to lay wild cards on the side's wild-card melds (RULES.md 3; Bolivia,
    RULES.md 5), by number of cards: (wild cards laid there, a wild canasta is completed,
    an unfinished wild-card meld remains). 0, or what an unfinished one can take, or a new
    one of ``wild_meld_min`` to ``wild_meld_max``; by increasing number of cards."""
    size = rules.canasta_size
    unfinished = [m for m in melds if m.kind is WILD and m.wilds < size]
    options: list[tuple[int, bool, bool]] = [(0, False, bool(unfinished))]
    if not rules.wild_melds:
        return options
    if unfinished:
        have = unfinished[0].wilds
        options += [(w, have + w >= size, have + w < size) for w in range(1, rules.wild_meld_max - have + 1)]
    elif not any(m.kind is WILD and not m.full(rules) for m in melds):
        options += [(w, w >= size, w < size) for w in range(rules.wild_meld_min, rules.wild_meld_max + 1)]
    return options


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


def _feasible(rules: Rules, groups: Iterable[_Group | None], wilds: int, b3: int, done: int = 0,
              need: int | None = None, room: int | None = None) -> bool:
    """Every card placed (each group within its wild bounds, black 3s as one meld) and
    enough canastas (``need``, by default the rules' number): spending the spare wild
    cards on the cheapest canastas first gives the most canastas. ``room``: most wild
    cards the side may still lay (Uruguayan Samba)."""
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
    if room is not None:
        total_hi = min(total_hi, room)
    if not total_lo <= wilds <= total_hi:
        return False
    need = (rules.canastas_to_go_out if need is None else need) - complete
    if need <= 0:
        return True
    if len(costs) < need:
        return False
    costs.sort()
    return sum(costs[:need]) <= wilds - total_lo


# ------------------------------------------------------------------ the general search
@lru_cache(maxsize=4096)
def _general(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...], meld_out: bool) -> bool:
    """Exact for hands of at most SEARCH_MAX_CARDS: every natural card goes to a group of
    its rank (all of a rank to one group: an existing one or a new one), or extends one of
    the side's sequences, or joins a new sequence; wild cards go to groups and to the
    side's wild-card meld (Bolivia), never into a sequence (Open Samba: a "no" there is
    safe); at most one card is the final discard; enough canastas (sambas and bolivias
    count) and completed sequences (Bolivia's escalera)."""
    if len(hand) > SEARCH_MAX_CARDS + (0 if meld_out else 1):
        return False
    if not _reach(rules, hand, melds):
        return False
    stranded = _stranded(rules, hand, melds)
    if len(stranded) > 1:
        return False  # at most one card can be the final discard
    options: list[tuple[Card, ...]] = [hand] if meld_out and not stranded else []
    seen: set[Card] = set()
    for i, c in enumerate(hand):
        if c not in seen and (not stranded or c is stranded[0]):
            seen.add(c)
            options.append(hand[:i] + hand[i + 1:])
    return any(_placeable(rules, h, melds) for h in options)


def _stranded(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...]) -> list[Card]:
    """Cards that no meld could take: a red 3, a natural of a rank held once with no group
    of that rank and no run of three in its suit around it (hand cards and the side's
    sequences), one of them per copy."""
    ranks: dict[str, int] = {}
    places: dict[str, set[int]] = {}
    for c in hand:
        if c.natural:
            ranks[c.rank] = ranks.get(c.rank, 0) + 1
            places.setdefault(c.suit, set()).add(SEQUENCE_ORDER[c.rank])
    grouped = {m.rank for m in melds if m.kind is GROUP}
    for m in melds:
        if m.kind is SEQUENCE:
            places.setdefault(m.suit, set()).update(range(m.low, m.high + 1))
    out = []
    for c in hand:
        if c.kind == "R3":
            out.append(c)
        elif c.natural and c.rank not in grouped and ranks[c.rank] < max(rules.min_naturals, 2):
            at = places.get(c.suit, set())
            p = SEQUENCE_ORDER[c.rank]
            if rules.sequence_ace_low and p == 10 and 0 in at:
                p = -1
            if not rules.sequences or not ({p - 1, p - 2} <= at or {p - 1, p + 1} <= at or {p + 1, p + 2} <= at):
                out.append(c)
    return out


def _reach(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...]) -> bool:
    """A quick upper bound on the canastas (and sambas) the hand could complete."""
    size = rules.canasta_size
    wild = sum(1 for c in hand if c.wild)
    spare = min(wild, rules.max_wilds)
    ranks: dict[str, int] = {}
    suits: dict[str, int] = {}
    for c in hand:
        if c.natural:
            ranks[c.rank] = ranks.get(c.rank, 0) + 1
            suits[c.suit] = suits.get(c.suit, 0) + 1
    reach = seq = 0
    for m in melds:
        if m.kind is GROUP:
            reach += m.size + ranks.get(m.rank, 0) + spare >= size
        elif m.kind is SEQUENCE and m.size + suits.get(m.suit, 0) >= rules.sequence_max:
            reach += 1
            seq += 1
        elif m.kind is WILD:
            reach += m.size + wild >= size
    if rules.wild_melds:
        reach += 1 + wild // size  # new wild-card melds (RULES.md 3, 5): a loose bound
    reach += sum(n // size for n in suits.values()) if rules.sequences else 0
    seq += sum(n // rules.sequence_max for n in suits.values()) if rules.sequences else 0
    reach += sum((n + spare) // size for n in ranks.values())
    return reach >= rules.canastas_to_go_out and seq >= rules.sequences_to_go_out


def _placeable(rules: Rules, hand: tuple[Card, ...], melds: tuple[TableMeld, ...]) -> bool:
    """Every card of ``hand`` laid onto ``melds`` or new melds, with the canastas needed."""
    wilds = b3 = 0
    by_suit: dict[str, dict[int, int]] = {}
    rank_counts: dict[str, int] = {}
    for c in hand:
        if c.wild:
            wilds += 1
        elif c.kind == "B3":
            b3 += 1
        elif not c.natural:
            return False  # a red 3 is never melded
        else:
            rank_counts[c.rank] = rank_counts.get(c.rank, 0) + 1
            if rules.sequences:
                place = by_suit.setdefault(c.suit, {})
                p = SEQUENCE_ORDER[c.rank]
                place[p] = place.get(p, 0) + 1
    room = None
    if rules.side_wild_limit:
        room = rules.side_wild_limit - sum(m.wilds for m in melds)
    done_seq = sum(1 for m in melds if m.kind is SEQUENCE and m.size >= rules.sequence_max)
    per_suit = [_suit_options(rules, tuple(sorted(counts.items())),
                              tuple((m.low, m.size) for m in melds if m.kind is SEQUENCE and m.suit == suit))
                for suit, counts in by_suit.items()]
    groups_by_rank: dict[str, list[TableMeld]] = {}
    for m in melds:
        if m.kind is GROUP:
            groups_by_rank.setdefault(m.rank, []).append(m)
    # Wild cards on wild-card melds (Bolivia, RULES.md 5): completed ones count as canastas.
    done_wild = sum(1 for m in melds if m.kind is WILD and m.is_canasta(rules))
    wild_options = _wild_meld_options(rules, melds)
    block = rules.unfinished_wild_meld_blocks_wilds
    for used, sambas in _combine(per_suit):
        if done_seq + sambas < rules.sequences_to_go_out:
            continue
        rest = dict(rank_counts)
        for rank, n in used:
            rest[rank] -= n
        need = rules.canastas_to_go_out - done_seq - sambas - done_wild
        for w, completes, unfinished in wild_options:
            if w > wilds or (room is not None and w > room):
                break
            if block and unfinished and wilds - w:
                continue
            if _groups_ok(rules, rest, groups_by_rank, wilds - w, b3, need - completes,
                          None if room is None else room - w):
                return True
    return False


_RANK_AT = {p: r for r, p in SEQUENCE_ORDER.items()}


def _combine(per_suit: list[dict[tuple[tuple[str, int], ...], int]]) -> Iterable[tuple[tuple[tuple[str, int], ...], int]]:
    """Every choice of one sequence option per suit: the cards used by rank, the sambas."""
    if not per_suit:
        yield (), 0
        return
    for choice in product(*(list(o.items()) for o in per_suit)):
        used: list[tuple[str, int]] = []
        sambas = 0
        for u, n in choice:
            used.extend(u)
            sambas += n
        yield tuple(used), sambas


@lru_cache(maxsize=4096)
def _suit_options(rules: Rules, held: tuple[tuple[int, int], ...],
                  seqs: tuple[tuple[int, int], ...]) -> dict[tuple[tuple[str, int], ...], int]:
    """The ways to lay some of one suit's hand cards (``counts`` by sequence position) in
    sequences: extending the side's sequences of the suit (``(low, size)``) at either end,
    and new runs. Maps the cards used, by rank, to the most completed sequences."""
    counts = dict(held)
    top = rules.sequence_max
    lowest = -1 if rules.sequence_ace_low else 0
    aces = counts.get(SEQUENCE_ORDER["A"], 0)
    out: dict[tuple[tuple[str, int], ...], int] = {}

    def avail(use: dict[int, int], p: int) -> bool:
        if p < lowest or p > 10:
            return False
        if p == -1 or p == 10:
            return use.get(-1, 0) + use.get(10, 0) < aces
        return use.get(p, 0) < counts.get(p, 0)

    def record(use: dict[int, int], sambas: int) -> None:
        by_rank: dict[str, int] = {}
        for p, n in use.items():
            if n:
                r = "A" if p == -1 else _RANK_AT[p]
                by_rank[r] = by_rank.get(r, 0) + n
        key = tuple(sorted(by_rank.items()))
        if out.get(key, -1) < sambas:
            out[key] = sambas

    def runs(use: dict[int, int], start: tuple[int, int], sambas: int) -> None:
        # New runs as a multiset, in order of (start, end), each within the cards left.
        record(use, sambas)
        for s in range(start[0], 11):
            for e in range(s + 2, min(s + top, 11)):
                if (s, e) < start:
                    continue
                if not all(avail(use, p) for p in range(s, e + 1)):
                    break  # a longer run from s needs the same cards
                for p in range(s, e + 1):
                    use[p] = use.get(p, 0) + 1
                runs(use, (s, e), sambas + (e - s + 1 >= top))
                for p in range(s, e + 1):
                    use[p] -= 1

    def extend(k: int, use: dict[int, int], sambas: int) -> None:
        # The side's k-th sequence of the suit grows by a cards below and b above.
        if k == len(seqs):
            runs(use, (lowest, lowest), sambas)
            return
        low, size = seqs[k]
        high = low + size - 1
        room = top - size
        left: list[int] = []
        a = 0
        while True:
            right: list[int] = []
            b = 0
            while True:
                extend(k + 1, use, sambas + (size < top <= size + a + b))
                if a + b >= room or not avail(use, high + b + 1):
                    break
                b += 1
                use[high + b] = use.get(high + b, 0) + 1
                right.append(high + b)
            for p in right:
                use[p] -= 1
            if a >= room or not avail(use, low - a - 1):
                break
            a += 1
            use[low - a] = use.get(low - a, 0) + 1
            left.append(low - a)
        for p in left:
            use[p] -= 1

    extend(0, {}, 0)
    return out


def _groups_ok(rules: Rules, counts: dict[str, int], held: dict[str, list[TableMeld]], wilds: int, b3: int,
               need: int, room: int | None) -> bool:
    """The naturals left (by rank) and the wild cards laid in groups, each rank's naturals
    all on one group (an existing one or a new one), with ``need`` group canastas."""
    fixed: list[_Group | None] = []
    choices: list[list[list[_Group | None]]] = []
    for rank, ms in held.items():
        n = counts.get(rank, 0)
        if n == 0:
            fixed.extend(_group(rules, rank, m, 0) for m in ms)
            continue
        opts = [[_group(rules, rank, m, n if k == i else 0) for k, m in enumerate(ms)] for i in range(len(ms))]
        if len(ms) < rules.groups_per_rank:
            opts.append([_group(rules, rank, m, 0) for m in ms] + [_group(rules, rank, None, n)])
        choices.append(opts)
    for rank, n in counts.items():
        if n and rank not in held:
            fixed.append(_group(rules, rank, None, n))
    if any(g is None for g in fixed):
        return False
    for pick in product(*choices):
        groups = fixed + [g for opt in pick for g in opt]
        if _feasible(rules, groups, wilds, b3, need=need, room=room):
            return True
    return False
