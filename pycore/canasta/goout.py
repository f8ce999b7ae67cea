"""Can a player still go out this turn? (RULES.md 2 "Going out"; 3; 4; 5; 6)

Asked where the rules bind a player to go out (after the partner's "yes"), to allow
``ask`` only when going out is possible (so the player in turn always has a legal
action), and by the bots. The question: can every card of the hand be laid this turn
onto the side's melds and new melds, but at most one (the final discard; with seed 004's
black-3 rule, the final discard and the black 3s kept in hand), so that the side then
holds the canastas (and, in Bolivia, the completed sequences) the rules ask for?

Any order of actions is allowed within the turn, and one order always works when a way
exists: swaps first (a swap needs a group that is not yet a canasta), then the natural
cards, merges, the wild cards (Modern American: while no wild-card meld is unfinished),
black 3s last. So the search looks only at where each card ends:

1. what stays in hand (``_leftovers``): nothing, or one card, the final discard;
2. for each suit, the ways to lay its natural cards in sequences (RULES.md 4), extending
   the side's sequences or as new runs (``_suit_options``), combined over the suits;
3. for each rank, the ways to lay the natural cards left on the side's groups and new
   groups (``_rank_options``): two groups of a rank, split or merged, and swaps (Samba,
   RULES.md 4); a new group once the others are full (RULES.md 3, 6); each way described
   by the wild cards it takes (negative: given back by swaps) and the canastas it makes;
4. the wild cards left go to wild-card melds (``_wild_meld_options``, RULES.md 3, 5):
   every wild card must find a place.

Suits matter only for sequences, so groups are searched over counts. The search is exact
at every hand size, within ``limits.MAX_SEQUENCE_CHOICES`` ways to lay the suits in
sequences (a crafted hand of 40 Samba cards has millions; past the limit a "no" may be
wrong); under Open Samba (S6) it never puts a wild card into a sequence (a "no" there
may be wrong; a "yes" is always true). Every helper is a pure function of
values; the answer is memoized by value (the same question, asked by ``legal`` and then by
a bot, is answered once), and the last one by identity, before even the cheap tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .cards import SEQUENCE_ORDER, Card
from .limits import MAX_SEQUENCE_CHOICES
from .melds import GROUP, SEQUENCE, WILD, TableMeld, wild_limit
from .placement import may_take_wilds
from .rules import Rules

Cards = tuple[Card, ...]
#: Ways to lay one rank's cards: (net wild cards taken, canastas made), the most canastas
#: for each net number of wild cards.
Ways = tuple[tuple[int, int], ...]
#: A group's counts: (naturals, wilds, wilds a swap may take back).
Base = tuple[int, int, int]
_RANK_AT = {p: r for r, p in SEQUENCE_ORDER.items()}
_RANKS = tuple(sorted(SEQUENCE_ORDER, key=SEQUENCE_ORDER.__getitem__))


def can_go_out(rules: Rules, hand: Cards, melds: tuple[TableMeld, ...], *, meld_out: bool,
               closed: frozenset[str] = frozenset()) -> bool:
    """True if ``hand`` can be emptied this turn onto ``melds`` (the side's) and new melds.

    ``meld_out``: going out by melding every card is allowed (otherwise the last card
    must be discarded). ``closed``: ranks nobody may meld (RULES.md 3). ``melds`` empty:
    the side goes out with its initial meld, laid whole in one action (Pagat's exemption;
    ``play.ask_refusal`` decides when that may be asked).
    """
    global _last
    last = _last  # (read once: another thread may set it meanwhile)
    if hand is last[0] and melds is last[1] and rules is last[2] and meld_out is last[3] and closed == last[4]:
        return last[5]
    answer = not _plainly_not(rules, hand, melds, closed) and _can_go_out(rules, hand, melds, meld_out, closed)
    _last = (hand, melds, rules, meld_out, closed, answer)
    return answer


#: The last question and its answer, by identity: in a search's playouts the same hand
#: and melds are asked about by ``legal`` (may the player ask?) and then by the bot that
#: chooses; ``_plainly_not`` is not memoized by value (hashing the hand would cost as much).
#: The hand and melds are tuples, and held here, so the same objects are the same question.
_last: tuple[object, object, object, object, object, bool] = (None, None, None, None, None, False)


# The same question comes from legal, then from a bot, and in a search again from other
# playouts of the same decision: over the expert's Samba 4 decisions (docs/bots.md "Think
# time per decision") 256 answers serve 31% of the questions, where 16 served 14%; more
# serve hardly more. (04dab19 had cut 1024 to 16 for random Classic hands, where the
# question is rare and many kept answers set off full garbage collections: at 256 their
# time is unchanged within the machine's noise, ``python -m canasta bench --hands 300``.)
@lru_cache(maxsize=256)
def _can_go_out(rules: Rules, hand: Cards, melds: tuple[TableMeld, ...], meld_out: bool,
                closed: frozenset[str]) -> bool:
    side = _Side(rules, melds)
    return side.within_reach(hand) and side.placeable(hand, closed, meld_out)


def _plainly_not(rules: Rules, hand: Cards, melds: tuple[TableMeld, ...], closed: frozenset[str]) -> bool:
    """Two cheap tests that end most questions with "no", reading the hand and the melds
    directly (the search would answer "no" to the same questions, at many times the cost):

    1. two cards no meld can take (only the final discard can remove one): a red 3, a
       black 3 where they never meld, a card of a closed rank, a natural held fewer
       times than a new group needs with no group of its rank to join (one that can
       still grow, RULES.md 3, 6) and no sequence around it;
    2. where naturals go only into groups (no sequences, RULES.md 4), too few wild cards
       for the new groups: a rank held once or twice with no group to join makes a new
       group of three cards only with one or two wild cards (D2; RULES.md 2 "Meld
       legality"). Wild cards come from the hand or back from swaps (RULES.md 4); the
       final discard may spare one rank held once its two."""
    counts: dict[str, int] = {}
    for c in hand:
        kind = c.kind
        counts[kind] = counts.get(kind, 0) + 1
    min_nat = max(rules.min_naturals, 1)
    b3_stays = not rules.black_threes_meld_going_out and not rules.black_three_going_out_bonus
    out = 0
    short: list[str] = []  # too few for a new group
    few: list[str] = []  # a new group, but only with wild cards
    for kind, n in counts.items():
        if kind == "R3" or (kind == "B3" and b3_stays) or kind in closed:
            out += n
        elif kind in _NOT_NATURAL:
            continue
        elif n < min_nat:
            short.append(kind)
        elif n < 3:
            few.append(kind)
    if out > 1:
        return True
    sequences = rules.sequences
    if not short and (sequences or not few):
        return False
    chain = rules.new_group_when_full and rules.group_max
    grouped = {m.rank for m in melds if m.kind is GROUP and not (chain and m.naturals + m.wilds >= chain)}
    places: dict[str, set[int]] | None = None
    for kind in short:
        if kind in grouped:
            continue
        if not sequences:
            out += counts[kind]
            continue
        if places is None:
            places = _sequence_places(hand, melds)
        p = SEQUENCE_ORDER[kind]
        for c in hand:
            if c.kind == kind:
                at = places.get(c.suit, _NOWHERE)
                q = -1 if p == 10 and rules.sequence_ace_low and 0 in at else p
                if not ({q - 1, q - 2} <= at or {q - 1, q + 1} <= at or {q + 1, q + 2} <= at):
                    out += 1
    if out > 1:
        return True
    if sequences:
        return False
    need = 0
    single = False
    for kind in few:
        if kind not in grouped:
            n = counts[kind]
            need += 3 - n
            single = single or n == 1
    if single and not out:
        need -= 2  # the final discard
    if need <= 0:
        return False
    wilds = counts.get("2", 0) + counts.get("JK", 0)
    if rules.swap_wilds:
        size = rules.canasta_size
        wilds += sum(m.wilds for m in melds if m.kind is GROUP and m.naturals + m.wilds < size)
    return need > wilds


_NOWHERE: frozenset[int] = frozenset()
_NOT_NATURAL = frozenset({"R3", "B3", "2", "JK"})


def _sequence_places(hand: Cards, melds: tuple[TableMeld, ...]) -> dict[str, set[int]]:
    """Sequence positions by suit held in hand or covered by the side's sequences."""
    places: dict[str, set[int]] = {}
    for c in hand:
        if c.natural:
            places.setdefault(c.suit, set()).add(SEQUENCE_ORDER[c.rank])
    for m in melds:
        if m.kind is SEQUENCE:
            places.setdefault(m.suit, set()).update(range(m.low, m.low + m.size))
    return places


class _Side:
    """The side's melds as the search reads them (built once per question)."""

    def __init__(self, rules: Rules, melds: tuple[TableMeld, ...]) -> None:
        self.rules = rules
        self.opened = bool(melds)
        size = rules.canasta_size
        gmax = rules.group_max
        chain = rules.new_group_when_full
        #: groups by rank, as (naturals, wilds); groups that can take nothing more count in ``done``
        groups: dict[str, list[tuple[int, int]]] = {}
        self.group_cards: dict[str, int] = {}  # cards in the groups of each rank that can grow
        self.done = 0  # canastas already made that no card of the hand can change
        self.done_sequences = 0
        self.sequences: dict[str, list[tuple[int, int]]] = {}
        self.wild_melds: list[int] = []  # sizes of unfinished wild-card melds
        self.wilds = 0
        self.back = 0  # wild cards swaps could take back (groups not yet canastas)
        for m in melds:
            self.wilds += m.wilds
            if m.kind is GROUP:
                if chain and gmax and m.size >= gmax:
                    self.done += m.size >= size
                    groups.setdefault(m.rank, [])
                    self.group_cards.setdefault(m.rank, 0)
                else:
                    groups.setdefault(m.rank, []).append((m.naturals, m.wilds))
                    self.group_cards[m.rank] = self.group_cards.get(m.rank, 0) + m.size
                    if rules.swap_wilds and m.size < size:
                        self.back += m.wilds
            elif m.kind is SEQUENCE:
                self.sequences.setdefault(m.suit, []).append((m.low, m.size))
                if m.size >= rules.sequence_max:
                    self.done += m.size >= size
                    self.done_sequences += 1
            elif m.kind is WILD:
                if m.wilds >= size:
                    self.done += 1
                else:
                    self.wild_melds.append(m.wilds)
            elif m.size >= size:
                self.done += 1
        self.groups = {rank: tuple(held) for rank, held in groups.items()}

    def within_reach(self, hand: Cards) -> bool:
        """A quick upper bound on the canastas (and completed sequences) the hand could
        make: every wild card counted wherever it could go, with those swaps could take
        back (RULES.md 4: swaps may free wild cards that complete another group)."""
        r = self.rules
        need = r.canastas_to_go_out
        reach = self.done
        if reach >= need and not r.sequences_to_go_out:
            return True
        size = r.canasta_size
        wild = 0
        ranks: dict[str, int] = {}
        for c in hand:
            if c.wild:
                wild += 1
            elif c.natural:
                ranks[c.rank] = ranks.get(c.rank, 0) + 1
        wild += self.back
        chain = r.new_group_when_full
        per_rank = r.groups_per_rank
        groups_wild = wild if chain else min(wild, r.max_wilds * per_rank)
        for rank, cards in self.group_cards.items():
            most = (cards + ranks.pop(rank, 0) + groups_wild) // size
            reach += most if chain else min(most, per_rank)
        for n in ranks.values():
            most = (n + groups_wild) // size
            reach += most if chain else min(most, per_rank)
        if r.wild_melds:
            reach += (sum(self.wild_melds) + wild) // size
        if not r.sequences:
            return reach >= need and not r.sequences_to_go_out
        suits: dict[str, int] = {}
        for c in hand:
            if c.natural:
                suits[c.suit] = suits.get(c.suit, 0) + 1
        seq = self.done_sequences
        top = r.sequence_max
        for suit in set(suits) | set(self.sequences):
            cards = suits.get(suit, 0) + sum(n for _, n in self.sequences.get(suit, ()) if n < top)
            seq += cards // top
        reach += seq - self.done_sequences
        return reach >= need and seq >= r.sequences_to_go_out

    def placeable(self, hand: Cards, closed: frozenset[str], meld_out: bool) -> bool:
        """Every card of ``hand`` laid onto the side's melds or new melds but at most one,
        the final discard (required unless ``meld_out``), with the canastas and completed
        sequences the rules ask for. The discard is one more choice of the search: a
        state of it is (net wild cards laid, a card discarded) -> the most canastas."""
        r = self.rules
        wilds = b3 = lost = 0
        ranks: dict[str, int] = {}
        by_suit: dict[str, dict[int, int]] = {}
        for c in hand:
            if c.wild:
                wilds += 1
            elif c.kind == "B3":
                b3 += 1
            elif not c.natural or c.kind in closed:
                lost += 1  # a red 3 or a closed rank is never melded: only the discard removes it
            else:
                ranks[c.rank] = ranks.get(c.rank, 0) + 1
                if r.sequences:
                    place = by_suit.setdefault(c.suit, {})
                    p = SEQUENCE_ORDER[c.rank]
                    place[p] = place.get(p, 0) + 1
        if lost > 1:
            return False
        # Where the wild cards, the black 3s and the lost card leave the search: a wild card
        # discarded counts as one laid (the pool must be spent).
        start: dict[tuple[int, int], int] = {(0, lost): 0}
        if wilds and not lost:
            start[(1, 2)] = 0  # 2: the discard is a wild card (not on the side's melds)
        keep_b3 = False
        if b3:
            melds_b3 = r.black_threes_meld_going_out
            nxt: dict[tuple[int, int], int] = {}
            for (net, out), made in start.items():
                if melds_b3 and 3 <= b3 <= 4:
                    nxt[(net, out)] = made  # one meld of black 3s, laid last (RULES.md 2)
                if not out and (b3 == 1 or (melds_b3 and 3 <= b3 - 1 <= 4)):
                    nxt[(net, 1)] = made  # a black 3 as the final discard
            if r.black_three_going_out_bonus:
                keep_b3 = True  # seed 004: every black 3 stays in hand; a discard is needed
            elif not nxt:
                return False
            start = nxt
        need = r.canastas_to_go_out - self.done
        per_suit = [_suit_options(r, tuple(sorted(counts.items())), tuple(self.sequences.get(suit, ())))
                    for suit, counts in by_suit.items()]
        laid = _combine(per_suit)
        # The ranks no sequence choice changes are folded once.
        varying = {rank for used in laid for rank, n in enumerate(used) if n}
        fixed_ranks = [k for k in set(ranks) | set(self.groups) if SEQUENCE_ORDER[k] not in varying]
        varied = [_RANK_AT[p] for p in sorted(varying)]
        plans = _wild_meld_options(r, self.wild_melds, wilds)
        room = r.side_wild_limit - self.wilds if r.side_wild_limit else wilds
        # seed 004, every black 3 kept: the discard is a black 3, a wild card or, later, a natural
        kept_start = {(0, lost): 0, (0, 1): 0}
        if wilds and not lost:
            kept_start[(1, 2)] = 0
        for begin, kept in ((start, False), (kept_start, True)) if keep_b3 else ((start, False),):
            folded: dict[bool, dict[tuple[int, int], int] | None] = {}
            for used, sequences in sorted(laid.items(), key=lambda kv: -kv[1]):
                if self.done_sequences + sequences < r.sequences_to_go_out:
                    continue
                found: dict[bool, dict[tuple[int, int], int] | None] = {}
                for to_wild_melds, made, adds in plans:
                    if adds not in folded:
                        folded[adds] = self._fold(fixed_ranks, ranks, (0,) * 11, begin, wilds, adds)
                    base = folded[adds]
                    if base is None:
                        continue
                    if adds not in found:
                        found[adds] = self._fold(varied, ranks, used, base, wilds, adds) if varied else base
                    ways = found[adds]
                    if ways is None:
                        continue
                    net = wilds - to_wild_melds
                    for out in (1, 2, 0) if meld_out and not kept else (1, 2):
                        if net - (out == 2) > room:
                            continue  # Uruguayan: the side's melds hold at most two wild cards
                        have = ways.get((net, out))
                        if have is not None and have + made + sequences >= need:
                            return True
        return False

    def _fold(self, kinds: list[str], ranks: dict[str, int], used: tuple[int, ...],
              start: dict[tuple[int, int], int], wilds: int, adds: bool) -> dict[tuple[int, int], int] | None:
        """Combine each rank's ways (``_rank_options``, with or without the final discard
        taken from it) into (net wild cards, discarded) -> most canastas; None when some
        rank's natural cards find no place."""
        r = self.rules
        cap = r.canastas_to_go_out
        most = wilds + self.back  # swaps later in the fold may give wild cards back
        cur = start
        groups = self.groups
        opened = self.opened
        for kind in kinds:
            n = ranks.get(kind, 0) - used[SEQUENCE_ORDER[kind]]
            held = groups.get(kind, ())
            ways = _rank_options(r, kind, held, n, opened, adds)
            less: Ways | None = None  # the same with one card of the rank discarded, when asked
            nxt: dict[tuple[int, int], int] = {}
            get = nxt.get
            for state, made in cur.items():
                net, out = state
                for w, c in ways:
                    k = net + w
                    if k > most:
                        break
                    c += made
                    if c > cap:
                        c = cap
                    key = (k, out)
                    if get(key, -1) < c:
                        nxt[key] = c
                if not out and n:
                    if less is None:
                        less = _rank_options(r, kind, held, n - 1, opened, adds)
                    for w, c in less:
                        k = net + w
                        if k > most:
                            break
                        c += made
                        if c > cap:
                            c = cap
                        key = (k, 1)
                        if get(key, -1) < c:
                            nxt[key] = c
            if not nxt:
                return None
            cur = nxt
        return cur


def _wild_meld_options(rules: Rules, unfinished: list[int], wilds: int) -> list[tuple[int, int, bool]]:
    """The ways to lay wild cards on wild-card melds (RULES.md 3; Bolivia, RULES.md 5):
    (wild cards laid there, wild canastas made, wild cards may still go into groups).
    An unfinished one takes cards up to ``wild_meld_max``; once complete, new ones of
    ``wild_meld_min`` to ``wild_meld_max`` may follow, one after the other. While one
    stays unfinished from before the turn to its end, no wild card goes into a group
    (``unfinished_wild_meld_blocks_wilds``); a new one is laid after the groups' wilds."""
    out = [(0, 0, not (rules.unfinished_wild_meld_blocks_wilds and unfinished))]
    if not rules.wild_melds:
        return out
    size, top, least = rules.canasta_size, rules.wild_meld_max, rules.wild_meld_min
    block = rules.unfinished_wild_meld_blocks_wilds

    def new_ones(laid: int, made: int) -> Iterator[tuple[int, int, bool]]:
        # after ``laid`` cards and ``made`` canastas with nothing unfinished: more new melds
        if laid:
            yield laid, made, True
        for k in range(least, top + 1):
            if laid + k > wilds:
                break
            if k >= size:
                yield from new_ones(laid + k, made + 1)
            else:
                yield laid + k, made, True

    if unfinished:
        have = unfinished[0]
        for k in range(1, top - have + 1):
            if k > wilds:
                break
            if have + k >= size:
                out.extend(new_ones(k, 1))
            else:
                out.append((k, 0, not block))
    else:
        out.extend(new_ones(0, 0))
    return sorted(set(out))


@lru_cache(maxsize=8192)
def _rank_options(rules: Rules, rank: str, groups: tuple[tuple[int, int], ...], n: int, opened: bool,
                  adds: bool) -> Ways:
    """The ways to lay ``n`` natural cards of ``rank`` from hand on the side's groups of it
    (``groups``: (naturals, wilds) of each that can still grow) and new groups, as (net
    wild cards, canastas) with the most canastas for each net. ``adds``: wild cards may
    go into groups now. Where the rules allow: two groups of a rank, merged or not, and
    swaps (RULES.md 4); a new group once the others are full (RULES.md 3, 6)."""
    size = rules.canasta_size
    swap = rules.swap_wilds
    best: dict[int, int] = {}

    def base(parts: tuple[tuple[int, int], ...]) -> Base:
        nat = sum(p[0] for p in parts)
        wild = sum(p[1] for p in parts)
        back = sum(p[1] for p in parts if p[0] + p[1] < size) if swap else 0
        return nat, wild, back

    def add(found: dict[int, int], ways: dict[int, int]) -> dict[int, int]:
        out: dict[int, int] = {}
        for n1, c1 in found.items():
            for n2, c2 in ways.items():
                if out.get(n1 + n2, -1) < c1 + c2:
                    out[n1 + n2] = c1 + c2
        return out

    def spread(bases: list[Base], naturals: int, found: dict[int, int]) -> None:
        if not bases:
            if naturals == 0:
                for net, made in found.items():
                    if best.get(net, -1) < made:
                        best[net] = made
            return
        first, rest = bases[0], bases[1:]
        for a in range(naturals + 1) if rest else (naturals,):
            ways = _group_ways(rules, rank, first, a, opened, adds)
            if ways:
                spread(rest, naturals - a, add(found, ways))

    if rules.new_group_when_full and rules.group_max:
        _chain(rules, rank, groups[0] if groups else None, n, opened, adds, best)
    elif rules.groups_per_rank > 1:
        new: Base = (0, 0, 0)
        layouts: list[list[Base]] = []
        if len(groups) >= 2:
            a, b = groups[0], groups[1]
            layouts += [[base((a,)), base((b,))], [base((a, b))], [base((a, b)), new]]
        elif groups:
            layouts += [[base(groups)], [base(groups), new]]
        else:
            layouts += [[], [new], [new, new]]
        for layout in layouts:
            spread(layout, n, {0: 0})
    else:
        spread([base(groups[:1])] if groups else ([(0, 0, 0)] if n else []), n, {0: 0})
    return tuple(sorted(best.items()))


def _chain(rules: Rules, rank: str, group: tuple[int, int] | None, n: int, opened: bool, adds: bool,
           best: dict[int, int]) -> None:
    """RULES.md 3, 6: a group stops at ``group_max``; the next group of the rank starts
    once it is full (not after a natural canasta that closes the rank)."""
    gmax, size = rules.group_max, rules.canasta_size

    def go(first: Base | None, naturals: int, net: int, made: int) -> None:
        if first is None:
            if naturals == 0:
                if best.get(net, -1) < made:
                    best[net] = made
                return
            first = (0, 0, 0)
        for a in range(naturals + 1):
            for w, c in _group_ways(rules, rank, first, a, opened, adds).items():
                total = first[0] + a + first[1] + w
                if naturals - a == 0:
                    go(None, 0, net + w, made + c)
                elif total >= gmax and not (rules.close_rank_after_natural_canasta and first[1] + w == 0):
                    go((0, 0, 0), naturals - a, net + w, made + c)

    go((group[0], group[1], 0) if group is not None else None, n, 0, 0)


def _group_ways(rules: Rules, rank: str, base: Base, a: int, opened: bool, adds: bool) -> dict[int, int]:
    """One group (``base``: (naturals, wilds, wilds swaps may take back); a new group is
    ``(0, 0, 0)``) after ``a`` natural cards from hand join it: net wild cards -> canasta
    (1) or not (0), for every legal number of wild cards it may end with."""
    nat, wild, back = base
    new = nat == 0 and wild == 0
    naturals = nat + a
    if new and a == 0:
        return {0: 0}
    if naturals < max(rules.min_naturals, 1):
        return {}
    most = min(rules.max_wilds, wild_limit(rules, rank, naturals))
    if not adds or not may_take_wilds(rules, rank, naturals, opened):
        most = min(most, wild)
    if rules.group_max:
        most = min(most, rules.group_max - naturals)
    least = max(wild - min(a, back), 0, 3 - naturals)
    size = rules.canasta_size
    return {f - wild: int(naturals + f >= size) for f in range(least, most + 1)}


def _combine(per_suit: list[dict[tuple[tuple[str, int], ...], int]]) -> dict[tuple[int, ...], int]:
    """One sequence choice per suit, combined: the cards used by rank (as counts in
    sequence order) -> the most completed sequences. The work is bounded (issue 36: a
    crafted Samba hand of 40 cards has millions of combinations): at most ``_PAIRS``
    pairs of a combination and a suit's choice are tried per suit, and at most
    ``MAX_SEQUENCE_CHOICES`` combinations kept, the most promising (``_most_promising``)."""
    out: dict[tuple[int, ...], int] = {(0,) * 11: 0}
    for options in per_suit:
        out = _most_promising(out, max(1, _PAIRS // max(1, len(options))))
        nxt: dict[tuple[int, ...], int] = {}
        for used, done in out.items():
            for u, n in options.items():
                v = list(used)
                for rank, k in u:
                    v[SEQUENCE_ORDER[rank]] += k
                key = tuple(v)
                if nxt.get(key, -1) < done + n:
                    nxt[key] = done + n
        out = nxt
    return _most_promising(out, MAX_SEQUENCE_CHOICES)


#: Pairs of a combination and one suit's choice ``_combine`` tries per suit (random play:
#: at most 900 combinations and 46 choices of a suit, some 41,000 pairs).
_PAIRS = 20 * MAX_SEQUENCE_CHOICES


def _most_promising(choices: dict[tuple[int, ...], int], most: int) -> dict[tuple[int, ...], int]:
    """At most ``most`` of ``choices``: the most sequences completed, then the most cards
    laid (in a fixed order)."""
    if len(choices) <= most:
        return choices
    return dict(sorted(choices.items(), key=lambda kv: (-kv[1], -sum(kv[0]), kv[0]))[:most])


@lru_cache(maxsize=4096)
def _suit_options(rules: Rules, held: tuple[tuple[int, int], ...],
                  seqs: tuple[tuple[int, int], ...]) -> dict[tuple[tuple[str, int], ...], int]:
    """The ways to lay some of one suit's hand cards (``held``: count by sequence position)
    in sequences: extending the side's sequences of the suit (``(low, size)``) at either
    end, and new runs (RULES.md 4; S1). Maps the cards used, by rank, to the most
    sequences completed."""
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

    def record(use: dict[int, int], done: int) -> None:
        if len(out) >= MAX_SEQUENCE_CHOICES:
            raise _Enough
        by_rank: dict[str, int] = {}
        for p, n in use.items():
            if n:
                r = "A" if p == -1 else _RANK_AT[p]
                by_rank[r] = by_rank.get(r, 0) + n
        key = tuple(sorted(by_rank.items()))
        if out.get(key, -1) < done:
            out[key] = done

    def runs(use: dict[int, int], start: tuple[int, int], done: int) -> None:
        # New runs as a multiset, in order of (start, end), each within the cards left.
        record(use, done)
        for s in range(start[0], 11):
            for e in range(s + 2, min(s + top, 11)):
                if (s, e) < start:
                    continue
                if not all(avail(use, p) for p in range(s, e + 1)):
                    break  # a longer run from s needs the same cards
                for p in range(s, e + 1):
                    use[p] = use.get(p, 0) + 1
                runs(use, (s, e), done + (e - s + 1 >= top))
                for p in range(s, e + 1):
                    use[p] -= 1

    def extend(k: int, use: dict[int, int], done: int) -> None:
        # The side's k-th sequence of the suit grows by a cards below and b above.
        if k == len(seqs):
            runs(use, (lowest, lowest), done)
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
                extend(k + 1, use, done + (size < top <= size + a + b))
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

    try:
        extend(0, {}, 0)
    except _Enough:
        pass  # the choices found so far (issue 36: bounded work)
    return out


class _Enough(Exception):
    """``MAX_SEQUENCE_CHOICES`` ways to lay one suit are found: the search stops there."""
