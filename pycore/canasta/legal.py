"""The legal actions of a hand, enumerated canonically (DESIGN.md convention 4).

What is listed, one function per verb called in this order, each reading like the rule
it enumerates and appending its actions to one list: ``draw`` or ``pass`` (``_draws``); every way to take the pile
(``_take_pile``); new melds (``_new_melds``: groups, black 3s, wild-card melds,
sequences; or the minimal openings); additions, meld by meld (``_additions``);
``merge`` (``_mergers``); ``swap`` (``_swaps``); discards (``_discards``); ``ask``
(``_asks``); or, to the partner asked, ``answer yes``/``answer no``.

Canonical choice of cards: suits never change what a group may do, so for each action
only one choice of suits is listed: the first cards of each kind in the hand's canonical
order (rank A..4, suits S H D C; 2s by suit; jokers). ``apply`` accepts any other choice
of the same kinds and the result differs only in which suits were used.

Compound melds (``meld A | B``, ``take C1 C2 | A``) are listed only where they are needed:
for a side that has not made its initial meld, as *minimal openings*, sets of groups
that reach the minimum from which no group and no card could be left out while still
reaching it. Anything bigger reaches the same end of turn through a listed opening
followed by listed ``meld``/``add`` actions in the same turn, so nothing is lost, and
the list stays small (a few dozen actions in a typical turn). A player who goes out
concealed below the minimum (Pagat's exemption) does it with an unlisted compound
meld, which ``apply`` and ``is_legal`` accept.

``legal_actions(state)`` returns a :class:`LegalActions`: a tuple of the listed actions
whose ``in`` test is exact for *any* action (listed or not), so
``action in legal_actions(state)`` holds exactly when ``apply`` accepts it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from operator import attrgetter

from .actions import ASK, DRAW, NO, PASS, YES, Action, Add, Discard, Meld, Merge, Swap, Take
from .cards import ALL_CARDS, NATURAL_RANKS, SEQUENCE_ORDER, Card, sort_cards
from .discards import allowed_kinds
from .limits import MAX_OPENING_STEPS, MAX_OPENINGS
from .errors import IllegalAction
from .melds import GROUP, SEQUENCE, WILD, WILD_RANK, MeldKind, TableMeld, grow, new_sequence, wild_limit
from .placement import closed_ranks, may_take_wilds, open_group, wilds_blocked
from .play import apply, may_ask
from .rules import InitialMeldCount, OpeningShape, Rules, WildRatio
from .state import ANSWER_PHASE, DRAW_PHASE, OVER_PHASE, HandState, Phase

Cards = tuple[Card, ...]
_TWO_NATURALS = WildRatio.TWO_NATURALS
_NONE: frozenset[str] = frozenset()
_RANK = attrgetter("rank")


#: One Discard value per card: actions are immutable values, so they can be shared.
_DISCARDS = {c: Discard(c) for c in ALL_CARDS}


# Actions are immutable values that check their fields when built: the verbs share the
# ones they list again and again (the same group or addition in turn after turn).
@lru_cache(maxsize=8192)
def _meld(group: Cards) -> Meld:
    """``meld GROUP``."""
    return Meld((group,))


@lru_cache(maxsize=8192)
def _take(cards: Cards = (), target: str = "") -> Take:
    """``take [TARGET] [CARDS]``, without extra melds."""
    return Take(cards, (), target)


@lru_cache(maxsize=8192)
def _add(target: str, naturals: Cards, wild: Cards) -> Add:
    """``add TARGET NATURALS WILD``."""
    return Add(target, naturals + wild)


class LegalActions(tuple[Action, ...]):
    """The canonical list of legal actions; ``in`` is exact for any action."""

    state: HandState

    def __new__(cls, state: HandState, actions: list[Action]) -> LegalActions:
        self = tuple.__new__(cls, actions)  # not super(): one object fewer per call
        self.state = state
        return self

    def __contains__(self, action: object) -> bool:
        return is_legal(self.state, action)


def is_legal(state: HandState, action: object) -> bool:
    """True when ``apply`` accepts ``action`` in ``state``."""
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalAction:
        return False
    return True


def legal_actions(state: HandState) -> LegalActions:
    """Every legal action, canonical and in canonical order (module docstring).

    The candidates are legal by construction as far as the cards go; what is left to
    check (going out, the partner's answer, the last cards) is checked with a shortcut in
    the common case and by ``apply`` itself otherwise. The property tests check this
    list against ``apply``.
    """
    phase = state.phase
    if phase is OVER_PHASE:
        return LegalActions(state, [])
    if phase is ANSWER_PHASE:
        return LegalActions(state, [YES, NO])
    hand = state.hands[state.turn]
    if phase is DRAW_PHASE and state.stock and not pile_in_reach(state, hand):
        return LegalActions(state, [DRAW])
    turn = _Turn(state, hand)
    for verb in _DRAW_VERBS if phase is DRAW_PHASE else _verbs(state.rules)[0]:
        verb(turn)
    return LegalActions(state, turn.out)


def _ok(state: HandState, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def pile_in_reach(state: HandState, hand: Cards) -> bool:
    """The common draw phase: the pile can be taken only when the hand holds the top
    card's rank or the side has a meld of it (or a sequence of its suit)."""
    discard = state.discard
    if not discard:
        return False
    top = discard[-1]
    if top.wild or top.three:
        return False
    rank = top.rank
    if rank in map(_RANK, hand):
        return True
    suit = top.suit
    for m in state.melds[state.turn % state.rules.sides]:  # (a loop: no generator to build)
        if m.rank == rank or m.suit == suit:
            return True
    return False


class _Turn:
    """What every verb reads, and the list each appends its legal actions to (``out``):
    the state, the hand by card kind, the side's melds and the room left before the last
    cards need ``apply``'s checks; in the play phase, also the side's wild-card room, the
    ranks nobody may meld and the choices of wild cards a group may take."""

    __slots__ = ("out", "state", "hand", "rules", "by_kind", "twos", "jokers", "melds", "room", "side_room",
                 "min_nat", "closed", "wild_cap", "wild_options", "blocked", "_ranks")

    def __init__(self, state: HandState, hand: Cards) -> None:
        self.out: list[Action] = []
        self.state = state
        self.hand = hand
        self.rules = r = state.rules
        by_kind: dict[str, list[Card]] = {}
        for c in hand:
            kind = c.kind
            if kind in by_kind:
                by_kind[kind].append(c)
            else:
                by_kind[kind] = [c]
        self.by_kind = by_kind
        self.twos = twos = tuple(by_kind.get("2", ()))
        self.jokers = jokers = tuple(by_kind.get("JK", ()))
        self.melds = melds = state.melds[state.turn % r.sides]
        # An action that leaves at least two cards needs no further check, with no answer
        # pending or after a "no" (which only forbids emptying the hand); after a "yes"
        # every candidate goes through ``apply`` (it must keep going out possible).
        if state.phase is DRAW_PHASE:
            self.room = -1 if state.permission else len(hand) - 3 + len(state.discard)
            return
        self.room = -1 if state.permission == "yes" else len(hand) - 2
        self.side_room = side_room = _side_room(r, melds) if r.side_wild_limit else 99
        #: the wild cards a group may take from hand (D2; Uruguayan: the side's room)
        self.wild_cap = wild_cap = min(r.max_wilds, side_room)
        self.min_nat = max(r.min_naturals, 1)
        self.closed = closed_ranks(r, state.melds) if r.close_rank_after_natural_canasta else _NONE
        self.wild_options = _wild_options(twos, jokers, wild_cap)
        #: the side's unfinished wild-card meld keeps wild cards out of groups (RULES.md 3)
        self.blocked = bool(melds) and r.unfinished_wild_meld_blocks_wilds and wilds_blocked(r, melds)
        self._ranks: list[str] | None = None

    def target(self, i: int) -> str:
        """How ``add``/``swap`` name meld ``i``: its rank, or ``#i`` beside another of it."""
        ranks = self._ranks
        if ranks is None:
            ranks = self._ranks = [m.rank for m in self.melds]
        rank = ranks[i]
        return rank if ranks.count(rank) == 1 else f"#{i}"

    def push(self, action: Action, used: int) -> None:
        """List a candidate that lays ``used`` hand cards: it is legal as it stands when the
        player keeps two cards and no answer is pending (``room``); otherwise (and with
        ``used`` -1, where only ``apply`` can tell) ``apply`` decides."""
        if 0 <= used <= self.room or _ok(self.state, action):
            self.out.append(action)

    def push_opening(self, budget: _Budget, action: Action, used: int) -> None:
        """``push`` an action that makes the side's initial meld, counted in ``budget``."""
        if 0 <= used <= self.room or _ok(self.state, action):
            self.out.append(action)
            budget.listed += 1


# ---------------------------------------------------------------- draw phase
def _draws(t: _Turn) -> None:
    """Draw from the stock; with the stock empty, ``pass`` ends the hand unless the pile
    must be taken (RULES.md 2 "A turn", "Stock exhausted")."""
    if t.state.stock:
        t.out.append(DRAW)
    else:
        t.push(PASS, -1)


def _take_pile(t: _Turn) -> None:
    """Every way to take the discard pile (RULES.md 2 "Taking the discard pile"; D3, D4,
    D8; RULES.md 3, 4): ``_takes``."""
    if t.state.discard:
        budget = _Budget() if not t.melds else None  # only an opening enumerates openings
        for take, used in _takes(t.state, t.by_kind, t.twos, t.jokers, budget):
            if budget is None:
                t.push(take, used)
            else:
                t.push_opening(budget, take, used)


# ---------------------------------------------------------------- play phase
def _new_melds(t: _Turn) -> None:
    """New melds from hand (RULES.md 2 "Meld legality"): for a side that has opened, one
    group per rank it may start (every number of naturals and split of wild cards), black
    3s (only to go out), a wild-card meld (RULES.md 3, 5) and sequences (RULES.md 4, S6);
    for a side that has not, the minimal openings (RULES.md 2 "Initial meld minimum") and
    canastas from hand (RULES.md 3)."""
    if t.melds:
        _opened_melds(t)
    elif not (t.rules.no_opening_first_turn and not t.state.played[t.state.turn]):
        _opening_melds(t)


def _opened_melds(t: _Turn) -> None:
    r, melds, by_kind = t.rules, t.melds, t.by_kind
    blocked = t.blocked
    # Ranks that take no new group: the side holds a group of it that is not full (or any,
    # without ``new_group_when_full``), or nobody may meld it (RULES.md 3); Samba: the side
    # holds ``groups_per_rank`` groups of it (RULES.md 4).
    if r.groups_per_rank > 1:
        counts: dict[str, int] = {}
        for m in melds:
            if m.kind is GROUP:
                counts[m.rank] = counts.get(m.rank, 0) + 1
        held = {k for k, n in counts.items() if n >= r.groups_per_rank}
    elif r.new_group_when_full:
        held = {m.rank for m in melds if not m.full(r)}
    else:
        held = {m.rank for m in melds}
    if t.closed:
        held |= t.closed
    room, out, push = t.room, t.out, t.push
    twos, jokers, wild_cap, min_nat = t.twos, t.jokers, t.wild_cap, t.min_nat
    for kind, cards in by_kind.items():
        if kind in held or len(cards) < min_nat or not cards[0].natural:
            continue
        for action, size in _new_groups(r, kind, tuple(cards), min_nat, twos, jokers, wild_cap, blocked):
            if size <= room:
                out.append(action)
            else:
                push(action, size)
    b3 = by_kind.get("B3")
    if b3 and r.black_threes_meld_going_out and len(b3) >= 3:
        for n in range(3, min(4, len(b3)) + 1):
            push(Meld((tuple(b3[:n]),)), -1)
    if r.wild_melds and not any(m.kind is WILD and not m.full(r) for m in melds):
        for group in _wild_melds(r, t.twos, t.jokers):
            push(_meld(group), len(group))
    if r.sequences:
        for run in _runs(r, t.hand):
            push(_meld(sort_cards(run)), len(run))
        if r.sequence_wilds:
            for run in _wild_runs(r, t.hand, t.twos, t.jokers, min(r.sequence_wilds, t.side_room)):
                push(_meld(run), len(run))


def _opening_melds(t: _Turn) -> None:
    r, by_kind = t.rules, t.by_kind
    seen: set[Action] = set()
    budget = _Budget()
    most = t.room if t.room >= 0 else len(t.hand)  # leaving two cards (after "yes": apply decides)
    for groups in _openings(t.state, by_kind, t.twos, t.jokers, "", 0, t.hand, t.side_room, budget, most):
        if groups:
            action = Meld(groups)
            if r.canasta_from_hand_exempt:
                seen.add(action)  # (only the canastas from hand below ask)
            t.push_opening(budget, action, sum(len(g) for g in groups))
    if r.canasta_from_hand_exempt:
        # RULES.md 3: a canasta laid from hand needs no minimum.
        wopts = t.wild_options
        for kind, cards in by_kind.items():
            if not cards[0].natural or kind in t.closed:
                continue
            for group in _group_options(r, kind, cards, 0, t.min_nat, wopts):
                meld = _meld(group)
                if len(group) >= r.canasta_size and meld not in seen:
                    t.push(meld, -1)
        if r.wild_melds:
            for group in _wild_melds(r, t.twos, t.jokers):
                meld = _meld(group)
                if len(group) >= r.canasta_size and meld not in seen:
                    t.push(meld, -1)


def _additions(t: _Turn) -> None:
    """Cards from hand onto the side's melds, meld by meld in table order (RULES.md 2 "A
    turn"): a sequence's extensions at either end (RULES.md 4; S6), wild cards onto an
    unfinished wild-card meld (RULES.md 3, 5), naturals of a group's rank with every split
    of wild cards the limits allow (D2; RULES.md 3's rule of five and closed ranks)."""
    r, melds, by_kind, hand = t.rules, t.melds, t.by_kind, t.hand
    if not melds:
        return
    side_room, room, out, push = t.side_room, t.room, t.out, t.push
    blocked = t.blocked
    any_wild = len(t.wild_options) > 1
    closed = t.closed
    gmax = r.group_max
    twos, jokers, wild_cap = t.twos, t.jokers, t.wild_cap
    for i, m in enumerate(melds):
        kind = m.kind
        if kind is not GROUP:
            if kind is SEQUENCE:
                exts = (_open_extensions(r, m, hand, twos, jokers, side_room) if r.sequence_wilds
                        else _extensions(r, m, hand))
                for ext in exts:
                    push(_add(f"#{i}", ext, ()), len(ext))
            elif kind is WILD and not m.full(r):
                for w, wild in _wild_options(twos, jokers, r.wild_meld_max - m.wilds):
                    if w:
                        push(_add(f"#{i}", wild, ()), w)
            continue
        if gmax and m.naturals + m.wilds >= gmax:
            continue  # full (``TableMeld.full`` of a group, inline: this loop runs for every meld)
        rank = m.rank
        nat = None if rank in closed else by_kind.get(rank)
        if nat is None and not any_wild:
            continue
        for action, n in _group_additions(r, t.target(i), rank, tuple(nat) if nat else (), m.naturals, m.wilds,
                                          side_room, blocked, twos, jokers, wild_cap):
            if n <= room:
                out.append(action)
            else:
                push(action, n)


@lru_cache(maxsize=8192)
def _group_additions(r: Rules, target: str, rank: str, nat: Cards, naturals: int, wilds: int, side_room: int,
                     blocked: bool, twos: Cards, jokers: Cards, wild_cap: int) -> tuple[tuple[Add, int], ...]:
    """The additions from hand to the group ``target`` of ``rank`` holding ``naturals`` and
    ``wilds``: ``nat`` (the hand's naturals of the rank) with every split of wild cards the
    limits allow (D2; RULES.md 3's rule of five), each with the number of cards it lays
    (``_additions``; cached: the same hand cards and group come back turn after turn)."""
    gmax = r.group_max
    size = naturals + wilds
    # wild_limit in the common case (D2 default): it does not depend on the naturals added
    simple_cap = r.wild_ratio is _TWO_NATURALS and not (r.rule_of_five or r.wild_ranks_initial_only or blocked)
    plain_cap = min(r.max_wilds, side_room + wilds) - wilds if simple_cap and rank not in r.no_wild_ranks else None
    out = []
    for j in range(len(nat) + 1):
        if plain_cap is not None:
            cap = plain_cap
        elif blocked or not may_take_wilds(r, rank, naturals + j, True):
            cap = 0
        else:
            cap = min(wild_limit(r, rank, naturals + j), side_room + wilds) - wilds
        base = nat[:j]
        for w, wild in _wild_options(twos, jokers, wild_cap):
            if w > cap:
                break
            n = j + w
            if n and not (gmax and size + n > gmax):
                out.append((_add(target, base, wild), n))
    return tuple(out)


@lru_cache(maxsize=8192)
def _new_groups(r: Rules, kind: str, cards: Cards, min_nat: int, twos: Cards, jokers: Cards, wild_cap: int,
                blocked: bool) -> tuple[tuple[Meld, int], ...]:
    """The new groups of ``kind`` a side that has opened may lay from ``cards`` (the hand's
    naturals of it) and the hand's wild cards, each with its size (``_opened_melds``;
    cached: the same hand cards come back turn after turn)."""
    wopts = _wild_options(twos, jokers, wild_cap)
    return tuple((_meld(g), len(g)) for g in _group_options(r, kind, cards, 0, min_nat, wopts, opened=True,
                                                             blocked=blocked))


def _mergers(t: _Turn) -> None:
    """Two groups of one rank made one, where their union is a legal group (RULES.md 4)."""
    if t.melds and t.rules.groups_per_rank > 1:
        for first, second in _merges(t.rules, t.melds):
            t.push(Merge(first, second), 0)


def _swaps(t: _Turn) -> None:
    """Seed 003's swap (RULES.md 4): a natural of the rank takes the place of each wild
    card of a group that is not yet a canasta; the wild card goes to the hand."""
    if not (t.rules.swap_wilds and t.melds):
        return
    for i, m in enumerate(t.melds):
        nat = t.by_kind.get(m.rank)
        if nat and m.kind is GROUP and m.wilds and not m.is_canasta(t.rules):
            target = t.target(i)
            for joker in _distinct(m.cards):
                if joker.wild:
                    t.push(Swap(target, nat[0], joker), 0)


def _discards(t: _Turn) -> None:
    """One discard per distinct card (RULES.md 2 "A turn"; RULES.md 3 "Discarding"); the
    last card, or any card after a "yes", only where ``apply`` lets it go out (after a
    "yes" with two cards or more, none does but seed 004's black 3s)."""
    prev = None
    hand = t.hand
    if len(hand) >= 2 and t.state.permission == "yes" and not t.rules.black_three_going_out_bonus:
        # After a "yes" a discard that keeps cards never goes out: none is legal (the
        # one exception, seed 004's black 3s kept to go out, is left to ``apply``).
        return
    if t.state.permission == "yes" or len(hand) < 2:
        for c in hand:
            if c is not prev:
                prev = c
                t.push(_DISCARDS[c], -1)
        return
    out = t.out
    allowed = allowed_kinds(t.state)
    if allowed is None:
        for c in hand:
            if c is not prev:
                prev = c
                out.append(_DISCARDS[c])
        return
    for c in hand:
        if c is not prev and c.kind in allowed:
            prev = c
            out.append(_DISCARDS[c])


def _asks(t: _Turn) -> None:
    """"May I go out?" (RULES.md 2 "Going out"): to the partner, once, before the last
    cards, and only when the hand can go out (``play.may_ask``)."""
    state = t.state
    if t.rules.partnerships and not state.permission and len(t.hand) >= 2 and may_ask(state):
        t.out.append(ASK)


#: The verbs in canonical order (module docstring), by phase; each appends to ``_Turn.out``.
_DRAW_VERBS: tuple[Callable[[_Turn], None], ...] = (_draws, _take_pile)
_PLAY_VERBS: tuple[Callable[[_Turn], None], ...] = (
    _new_melds, _additions, _mergers, _swaps, _discards, _asks)


# ---------------------------------------------------------------- candidates (playouts)
class _Draft(_Turn):
    """A turn whose verbs list every candidate and leave ``apply``'s checks undone: the
    index of each candidate only ``apply`` can judge goes to ``unsure`` (``candidates``).
    An opening left unjudged goes to its budget's ``pending``: the budget asks whether
    the verb has listed one only once it runs out (``_Budget.none_listed``), which random
    play never meets, so the draft judges them only then, as ``legal_actions`` would."""

    __slots__ = ("unsure",)
    unsure: list[int]

    def push(self, action: Action, used: int) -> None:
        if 0 <= used <= self.room:
            self.out.append(action)
        else:
            self.defer(action)

    def push_opening(self, budget: _Budget, action: Action, used: int) -> None:
        if 0 <= used <= self.room:
            self.out.append(action)
            budget.listed += 1
        else:
            self.defer(action)
            budget.pending.append((self.state, action))

    def defer(self, action: Action) -> None:
        """List ``action`` for ``apply`` to judge if it is ever chosen."""
        self.unsure.append(len(self.out))
        self.out.append(action)


def _ask_candidate(t: _Draft) -> None:
    """``_asks`` without its costly test (can the hand go out?), which ``apply`` makes
    on the candidate (``_ask`` refuses exactly where ``may_ask`` is false)."""
    if t.rules.partnerships and not t.state.permission and len(t.hand) >= 2:
        out = t.out
        t.unsure.append(len(out))  # ``defer``, inline
        out.append(ASK)


_DRAFT_PLAY_VERBS: tuple[Callable[[_Draft], None], ...] = (*_PLAY_VERBS[:-1], _ask_candidate)


@lru_cache(maxsize=64)
def _verbs(r: Rules) -> tuple[tuple[Callable[[_Turn], None], ...], tuple[Callable[[_Draft], None], ...]]:
    """The play-phase verbs of ``legal_actions`` and of ``candidates`` that can list
    something under ``r`` (in order): merges need two groups of a rank, swaps the
    variant's swap, ``ask`` a partner. The others are no call at every turn."""
    idle: set[object] = {_mergers} if r.groups_per_rank < 2 else set()
    if not r.swap_wilds:
        idle.add(_swaps)
    if not r.partnerships:
        idle |= {_asks, _ask_candidate}
    return (tuple(v for v in _PLAY_VERBS if v not in idle),
            tuple(v for v in _DRAFT_PLAY_VERBS if v not in idle))


def candidates(state: HandState) -> tuple[list[Action], list[int]]:
    """A superset of ``legal_actions(state)`` for playouts (``canasta.playout``): the
    same verbs in the same order, without the checks that only ``apply`` can make
    (``_Turn.push``; ``may_ask``). Returns the candidates and the indices of those left
    unchecked (ascending); every other candidate is legal. Dropping the unchecked ones
    that ``is_legal`` refuses gives ``legal_actions(state)``, action for action in order."""
    phase = state.phase
    if phase is OVER_PHASE:
        return [], []
    if phase is ANSWER_PHASE:
        return [YES, NO], []
    hand = state.hands[state.turn]
    if phase is DRAW_PHASE and state.stock and not pile_in_reach(state, hand):
        return [DRAW], []
    return drafted(state, hand, phase is DRAW_PHASE)


def drafted(state: HandState, hand: Cards, draw: bool) -> tuple[list[Action], list[int]]:
    """``candidates`` of a draw phase (``draw``) with the pile in reach, or of a play
    phase, ``hand`` being the hand in turn (``playout`` tells these apart itself)."""
    draft = _Draft(state, hand)
    # (set here rather than in an __init__ of its own: one call fewer per action)
    draft.unsure = []
    for verb in _DRAW_VERBS if draw else _verbs(state.rules)[1]:
        verb(draft)
    return draft.out, draft.unsure


@lru_cache(maxsize=None)
def _splits(twos: int, jokers: int, cap: int) -> tuple[tuple[int, int], ...]:
    """(number of 2s, number of jokers) with a total of at most ``cap``, by total."""
    return tuple((a, total - a) for total in range(min(cap, twos + jokers) + 1)
                 for a in range(min(total, twos), -1, -1) if total - a <= jokers)


@lru_cache(maxsize=1024)
def _wild_options(twos: Cards, jokers: Cards, cap: int) -> tuple[tuple[int, Cards], ...]:
    """Every choice of wild cards (the first 2s, the first jokers), by number of cards."""
    return tuple((a + b, twos[:a] + jokers[:b]) for a, b in _splits(len(twos), len(jokers), cap))


def _wild_melds(r: Rules, twos: Cards, jokers: Cards) -> Iterator[Cards]:
    """Every new wild-card meld the hand can lay (RULES.md 3: 3 to 7 twos and jokers)."""
    for w, wild in _wild_options(twos, jokers, r.wild_meld_max):
        if w >= r.wild_meld_min:
            yield wild


def _group_options(r: Rules, rank: str, nat: Sequence[Card], base: int, min_nat: int,
                   wopts: tuple[tuple[int, Cards], ...], opened: bool = False, blocked: bool = False) -> Iterator[Cards]:
    """Card choices for one group of ``rank``: ``base`` cards already in it (the top card).
    ``opened``/``blocked``: the side's initial meld is made / its wild-card meld is
    unfinished (RULES.md 3: where wild cards may go)."""
    gmax = r.group_max
    for j in range(min_nat, len(nat) + 1):
        cap = wild_limit(r, rank, j + base)
        if blocked or not may_take_wilds(r, rank, j + base, opened):
            cap = 0
        first = tuple(nat[:j])
        for w, wild in wopts:
            if w > cap:
                break
            n = j + w + base
            if n >= 3 and not (gmax and n > gmax):
                yield first + wild


def _takes(state: HandState, by_kind: dict[str, list[Card]], twos: Cards,
           jokers: Cards, budget: _Budget | None = None) -> Iterator[tuple[Action, int]]:
    if not state.discard:
        return
    top = state.discard[-1]
    if top.wild or top.three:
        return
    r = state.rules
    side = state.side
    mine = state.melds[side]
    opened = bool(mine)
    if not opened and (r.no_pile_for_initial_meld or (r.no_opening_first_turn and not state.played[state.turn])):
        return
    if r.close_rank_after_natural_canasta and top.rank in closed_ranks(r, state.melds):
        return
    frozen = state.frozen_for(side)
    idx = open_group(r, mine, top.rank)
    blocked = wilds_blocked(r, mine)
    side_room = _side_room(r, mine)
    # Samba (RULES.md 4): two groups of a rank are named ``#n``; a pair starts a second group.
    same = [i for i, m in enumerate(mine) if m.kind is GROUP and m.rank == top.rank]
    several = r.groups_per_rank > 1
    if not frozen and r.take_onto_meld:
        # The top card alone onto a meld (D4; RULES.md 4: not onto a canasta, and onto a
        # sequence it extends).
        for i, m in enumerate(mine):
            if not r.take_onto_canasta and m.is_canasta(r):
                continue
            if m.kind is SEQUENCE:
                if m.suit == top.suit and (top in _extension_cards(r, m) if not r.sequence_wilds
                                           else _grows(r, m, (top,))):
                    yield _take(target=f"#{i}"), 0
            elif (i == idx or (several and i in same)) and not (r.group_max and m.size >= r.group_max):
                yield _take(target="" if not several or len(same) == 1 else f"#{i}"), 0
    nat = by_kind.get(top.rank, [])
    least = 2 if frozen or not r.take_with_natural_and_wild else 1
    if len(nat) < least:
        return
    joins = same if several else ([idx] if idx >= 0 else [])
    for i in joins:
        m = mine[i]
        if r.take_joins_group_max and m.size > r.take_joins_group_max and not m.full(r):
            return
        label = f"#{i}" if several else ""
        gmax = r.group_max
        for j in range(least, len(nat) + 1):
            cap = min(wild_limit(r, top.rank, m.naturals + j + 1), side_room + m.wilds) - m.wilds
            if blocked or not may_take_wilds(r, top.rank, m.naturals + j + 1, opened):
                cap = 0
            for a, b in _splits(len(twos), len(jokers), cap):
                if not (gmax and m.naturals + m.wilds + j + a + b + 1 > gmax):
                    yield _take(tuple(nat[:j]) + twos[:a] + jokers[:b], label), j + a + b
    if (idx >= 0 and not several) or len(same) >= r.groups_per_rank > 1:
        return
    wopts = _wild_options(twos, jokers, min(r.max_wilds, side_room))
    budget = budget or _Budget()
    for group in _group_options(r, top.rank, nat, 1, least, wopts, opened=opened, blocked=blocked):
        if opened:
            yield _take(group), len(group)
            continue
        counted = group + ((top,) if r.initial_meld_count is InitialMeldCount.TOP_CARD else ())
        first_value = sum(r.value(c.kind) for c in counted)
        a = sum(1 for c in group if c.kind == "2")
        b = sum(1 for c in group if c.kind == "JK")
        j = len(group) - a - b
        shaped = _shape_met(r, j + 1, a + b)
        rest = _without(state.hands[state.turn], group)
        # the extra melds leave two cards, with the rest of the pile in hand
        most = len(rest) + len(state.discard) - 3 if not state.permission else len(rest)
        for extra in _openings(state, by_kind, twos[a:], jokers[b:], top.rank, first_value, rest, side_room - a - b,
                               budget, most, shape_done=shaped, wilds_used=a + b > 0):
            total = first_value + sum(r.value(c.kind) for g in extra for c in g)
            keep_shape = shaped and not any(_shape_met(r, _naturals(g), len(g) - _naturals(g)) for g in extra)
            if not _first_group_minimal(state, top.rank, j, a, b, total, keep_shape):
                continue
            yield Take(group, extra), -1


def _side_room(r: Rules, melds: tuple[TableMeld, ...]) -> int:
    """Wild cards the side may still lay (Uruguayan Samba); a large number without a limit."""
    if not r.side_wild_limit:
        return 99
    return r.side_wild_limit - sum(m.wilds for m in melds)


def _without(hand: Cards, cards: Cards) -> Cards:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def _distinct(cards: Cards) -> list[Card]:
    out: list[Card] = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out


def _seq_cards(hand: Cards) -> dict[str, dict[int, Card]]:
    """The hand's natural cards by suit and sequence position (4 = 0 .. Ace = 10)."""
    out: dict[str, dict[int, Card]] = {}
    for c in hand:
        if c.natural:
            out.setdefault(c.suit, {})[SEQUENCE_ORDER[c.rank]] = c
    return out


def _runs(r: Rules, hand: Cards) -> Iterator[Cards]:
    """Every new sequence the hand can lay (RULES.md 4; S1): one suit, consecutive, 3 to
    ``sequence_max`` cards, highest first; an Ace below the 4 under S1's alternative."""
    top = r.sequence_max
    for cards in _seq_cards(hand).values():
        if len(cards) < 3:
            continue
        at = dict(cards)
        if r.sequence_ace_low and 10 in at:
            at[-1] = at[10]
        # each block of consecutive positions holds every run inside it
        block: list[Card] = []
        for p in range(-1, 12):
            c = at.get(p)
            if c is not None and not (p == 10 and block and block[0] is c):
                block.append(c)
                continue
            n = len(block)
            for s in range(n - 2):
                for e in range(s + 3, min(s + top, n) + 1):
                    yield tuple(reversed(block[s:e]))
            block = [c] if c is not None else []


def _extension_cards(r: Rules, m: TableMeld) -> tuple[Card, ...]:
    """The cards that extend sequence ``m`` by one at either end (none once it is complete)."""
    if m.size >= r.sequence_max:
        return ()
    out = []
    for p in (m.low - 1, m.high + 1):
        if p == -1 and r.sequence_ace_low:
            out.append(_CARD_AT[(m.suit, 10)])
        elif 0 <= p <= 10:
            out.append(_CARD_AT[(m.suit, p)])
    return tuple(out)


_CARD_AT = {(c.suit, SEQUENCE_ORDER[c.rank]): c for c in ALL_CARDS if c.natural}


def _extensions(r: Rules, m: TableMeld, hand: Cards) -> Iterator[Cards]:
    """Every way to extend sequence ``m`` from hand: a cards below it and b above it."""
    room = r.sequence_max - m.size
    if room <= 0:
        return
    mine = _seq_cards(hand).get(m.suit, {})
    at = dict(mine)
    if r.sequence_ace_low and 10 in at:
        at[-1] = at[10]
    lowest = -1 if r.sequence_ace_low else 0
    for a in range(room + 1):
        if a and (m.low - a < lowest or m.low - a not in at):
            break
        below = tuple(at[p] for p in range(m.low - a, m.low))
        for b in range(room - a + 1):
            if b and (m.high + b > 10 or m.high + b not in at):
                break
            if a or b:
                yield sort_cards(below + tuple(at[p] for p in range(m.high + 1, m.high + b + 1)))


def _grows(r: Rules, m: TableMeld, cards: Cards) -> bool:
    """``cards`` may join sequence ``m`` (Open Samba: wherever the wild cards let them)."""
    try:
        grow(r, m, cards)
    except IllegalAction:
        return False
    return True


def _subsets(places: list[int], longest: int, gaps: int, most: int) -> Iterator[list[int]]:
    """Increasing lists of ``places`` (at most ``most`` of them) spanning at most
    ``longest`` places with at most ``gaps`` places missing between them."""
    def rec(chosen: list[int], k: int) -> Iterator[list[int]]:
        yield chosen
        if len(chosen) == most:
            return
        for j in range(k, len(places)):
            q = places[j]
            span = q - chosen[0] + 1 if chosen else 1
            if span > longest or span - len(chosen) - 1 > gaps:
                break
            yield from rec(chosen + [q], j + 1)
    yield from rec([], 0)


def _wild_runs(r: Rules, hand: Cards, twos: Cards, jokers: Cards, cap: int) -> Iterator[Cards]:
    """Open Samba (S6): every new sequence holding 1 to ``cap`` wild cards (2+ naturals of
    one suit, more naturals than wild cards, the gaps filled by wild cards)."""
    if cap <= 0 or not (twos or jokers):
        return
    wopts = [(w, wild) for w, wild in _wild_options(twos, jokers, cap) if w]
    seen: set[Cards] = set()
    for at in _seq_cards(hand).values():
        at = dict(at)
        if r.sequence_ace_low and 10 in at:
            at[-1] = at[10]
        for chosen in _subsets(sorted(at), r.sequence_max, cap, r.sequence_max):
            n = len(chosen)
            if n < 2:
                continue
            missing = chosen[-1] - chosen[0] + 1 - n
            for w, wild in wopts:
                if w < missing or n + w < 3:
                    continue
                if w >= n or n + w > r.sequence_max:
                    break
                cards = sort_cards(tuple(at[p] for p in chosen) + wild)
                if cards not in seen and _grows_new(r, cards):
                    seen.add(cards)
                    yield cards


def _grows_new(r: Rules, cards: Cards) -> bool:
    try:
        new_sequence(r, cards)
    except IllegalAction:
        return False
    return True


def _open_extensions(r: Rules, m: TableMeld, hand: Cards, twos: Cards, jokers: Cards,
                     side_room: int) -> Iterator[Cards]:
    """Open Samba (S6): every way to grow sequence ``m`` from hand, with natural cards of
    its suit and wild cards (within the side's wild-card room, Uruguayan)."""
    room = r.sequence_max - m.size
    if room <= 0:
        return
    cap = max(min(r.sequence_wilds, side_room + m.wilds) - m.wilds, 0)
    wopts = _wild_options(twos, jokers, min(cap, room))
    held = {c.rank for c in m.cards if not c.wild}
    at = {p: c for p, c in _seq_cards(hand).get(m.suit, {}).items() if c.rank not in held}
    if r.sequence_ace_low and 10 in at:
        at[-1] = at[10]
    mine = [-1 if c.rank == "A" and m.low == -1 else SEQUENCE_ORDER[c.rank] for c in m.cards if not c.wild]
    near = [p for p in sorted(at) if max(mine) - r.sequence_max < p < min(mine) + r.sequence_max]
    seen: set[Cards] = set()
    for chosen in _subsets(near, 2 * r.sequence_max, 2 * r.sequence_max, room):
        for w, wild in wopts:
            if not chosen and not w:
                continue
            if len(chosen) + w > room:
                break
            cards = sort_cards(tuple(at[p] for p in chosen) + wild)
            if cards not in seen and _grows(r, m, cards):
                seen.add(cards)
                yield cards


def _merges(r: Rules, melds: tuple[TableMeld, ...]) -> Iterator[tuple[int, int]]:
    """Pairs of groups of one rank whose union is a legal group (RULES.md 4)."""
    for i, a in enumerate(melds):
        if a.kind is not GROUP:
            continue
        for j in range(i + 1, len(melds)):
            b = melds[j]
            if b.kind is GROUP and b.rank == a.rank:
                n, w = a.naturals + b.naturals, a.wilds + b.wilds
                if w <= min(r.max_wilds, wild_limit(r, a.rank, n)) and not (r.group_max and n + w > r.group_max):
                    yield i, j


def _openings(state: HandState, by_kind: dict[str, list[Card]], twos: Cards, jokers: Cards, exclude: str,
              start: int, hand: Cards, room: int, budget: _Budget, most: int, shape_done: bool = False,
              wilds_used: bool = False) -> Iterator[tuple[Cards, ...]]:
    """Minimal openings: groups only (``_minimal``), and, where sequences are played, one
    sequence with the fewest groups that complete it (a sequence none of whose end cards
    could be left out). Openings with two sequences are not listed; ``apply`` takes them.
    Each spends one of ``budget``'s openings; none is listed once they are spent.
    ``most``: the cards an opening may hold with the player keeping two."""
    for groups in _minimal(state, by_kind, twos, jokers, exclude, start, shape_done, wilds_used, room, budget, most):
        budget.openings -= 1
        yield groups
    r = state.rules
    if not r.sequences:
        return
    need = state.initial_minimum(state.side)
    value = r.value
    for run in _runs(r, hand):
        if budget.openings <= 0:
            return
        v = sum(value(c.kind) for c in run)
        left: dict[str, list[Card]] = {}
        for k, cards in by_kind.items():
            rest = list(cards)
            for c in run:
                if c in rest:
                    rest.remove(c)
            if rest:
                left[k] = rest
        for groups in _minimal(state, left, twos, jokers, exclude, start + v, shape_done, wilds_used, room, budget,
                               most - len(run)):
            total = start + v + sum(value(c.kind) for g in groups for c in g)
            if total - v >= need:
                continue  # the sequence is not needed
            if len(run) > 3 and min(value(run[0].kind), value(run[-1].kind)) <= total - need:
                continue
            budget.openings -= 1
            yield groups + (sort_cards(run),)


def _shape_met(r: Rules, naturals: int, wilds: int) -> bool:
    """A group of ``naturals`` and ``wilds`` (a wild-card meld: naturals 0) gives the
    initial meld the shape ``opening_shape`` asks (RULES.md 3, 6)."""
    shape = r.opening_shape
    if shape is OpeningShape.NATURAL_GROUP_OR_WILD_MELD:
        return naturals == 0 or (wilds == 0 and naturals >= 3)
    if shape is OpeningShape.THREE_OF_A_KIND:
        return naturals >= 3
    return True


def _naturals(cards: Cards) -> int:
    return sum(1 for c in cards if not c.wild)


def _first_group_minimal(state: HandState, rank: str, j: int, a: int, b: int, total: int,
                         keep_shape: bool = False) -> bool:
    """No card of the group taken with the top card could be left out of a minimal opening
    (``keep_shape``: the group alone gives the opening its shape, RULES.md 3, 6)."""
    r = state.rules
    need = state.initial_minimum(state.side)
    frozen = state.frozen_for(state.side)
    least = 2 if frozen or not r.take_with_natural_and_wild else 1
    for dj, da, db, kind in ((1, 0, 0, rank), (0, 1, 0, "2"), (0, 0, 1, "JK")):
        nj, na, nb = j - dj, a - da, b - db
        if min(nj, na, nb) < 0 or nj < least or total - r.value(kind) < need:
            continue
        if keep_shape and not _shape_met(r, nj + 1, na + nb):
            continue
        if nj + na + nb + 1 >= 3 and na + nb <= wild_limit(r, rank, nj + 1):
            return False
    return True


#: One group of an opening as the search counts it: (rank, naturals, 2s, jokers).
_Choice = tuple[str, int, int, int]


class _Budget:
    """The work one verb may spend enumerating openings (``limits.MAX_OPENING_STEPS``
    group choices tried, ``limits.MAX_OPENINGS`` openings found), and how many of its
    actions with an opening the verb has listed (``listed``), with those a draft left for
    ``apply`` to judge (``pending``: ``_Draft``)."""

    __slots__ = ("steps", "openings", "listed", "pending")

    def __init__(self) -> None:
        self.steps = MAX_OPENING_STEPS
        self.openings = MAX_OPENINGS
        self.listed = 0
        self.pending: list[tuple[HandState, Action]] = []

    def none_listed(self) -> bool:
        """The verb has listed no action with an opening yet (a pending one once ``apply``
        accepts it)."""
        return not self.listed and not any(_ok(state, action) for state, action in self.pending)


class _Spent(Exception):
    """The budget ran out: the enumeration stops where it is."""


def _minimal(state: HandState, by_kind: dict[str, list[Card]], twos: Cards, jokers: Cards, exclude: str,
             start: int, shape_done: bool = False, wilds_used: bool = False,
             room: int = 99, budget: _Budget | None = None, most: int = 999) -> Iterator[tuple[Cards, ...]]:
    """Sets of new groups whose value, with ``start``, reaches the side's minimum and that
    hold the shape the rules ask (``shape_done``: already held), none of which (and no
    card of which) could be left out: the minimal openings. A wild-card meld (RULES.md 3)
    is one more possible group; while it would stay unfinished no other group of the
    set holds a wild card (``wilds_used``: the group taken with the top card has some).

    The enumeration spends ``budget`` (issue 36: a hand of 40 cards holds tens of
    thousands of minimal openings): once it runs out, the openings found so far are all,
    and if none was found and the verb has listed none yet, ``_one_minimal`` finds one of
    at most ``most`` cards whenever one exists.

    The search (``_search``) reads only how many cards of each rank the hand holds, so a
    search that ran to its end without spending the budget is kept (``_SEARCHES``) and
    stands for any later one with the same counts and the budget to run it: random
    playouts meet the same counts again and again with other cards."""
    r = state.rules
    spend = budget or _Budget()
    if spend.openings <= 0:
        return
    need = state.initial_minimum(state.side)
    if r.opening_shape is OpeningShape.ANY:
        shape_done = True
    if start >= need and shape_done:
        yield ()
        return
    least = max(r.min_naturals, 1)
    # The search reads a rank only through its class (``_rank_classes``): it runs on the
    # ranks renamed, the first of a class in the hand as the first rank of that class and
    # so on (the order kept), and its openings are renamed back.
    classes = _rank_classes(r)
    seen: dict[tuple[str, ...], int] = {}
    counts_list = []
    back = {}
    for k, cards in by_kind.items():
        if k != exclude and cards[0].natural and len(cards) >= least:
            members = classes[k]
            n = seen.get(members, 0)
            seen[members] = n + 1
            back[members[n]] = k
            counts_list.append((members[n], len(cards)))
    counts = tuple(counts_list)
    key = (r, counts, len(twos), len(jokers), start, need, shape_done, wilds_used, room)
    kept = _SEARCHES.get(key)
    if kept is not None and kept[1] <= spend.steps and len(kept[0]) < spend.openings:
        # A run without the budget's limits binding: the same openings, the same work.
        sets, used = kept
        spend.steps -= used
    else:
        steps = spend.steps
        sets, spend.steps, clean = _search(r, key, steps, spend.openings, spend, most)
        if clean:
            if len(_SEARCHES) >= _SEARCHES_KEPT:
                _SEARCHES.clear()
            _SEARCHES[key] = (sets, steps - spend.steps)
    for chosen in sets:
        yield _groups([(back.get(rank, rank), j, a, b) for rank, j, a, b in chosen], by_kind, twos, jokers)


@lru_cache(maxsize=64)
def _rank_classes(r: Rules) -> dict[str, tuple[str, ...]]:
    """For each natural rank, the natural ranks the opening search cannot tell from it
    (the same value, and wild cards allowed or not: ``_rank_options``, ``_smaller``), in
    canonical order."""
    def cls(rank: str) -> tuple[int, bool]:
        return r.value(rank), rank in r.no_wild_ranks
    return {rank: tuple(k for k in NATURAL_RANKS if cls(k) == cls(rank)) for rank in NATURAL_RANKS}


#: ``_minimal``'s key: the rules, the (rank, cards of it) the search may use in the
#: hand's order, 2s, jokers, start, need, shape_done, wilds_used and room.
_SearchKey = tuple[Rules, tuple[tuple[str, int], ...], int, int, int, int, bool, bool, int]
#: Searches that ran to their end: their openings (as group choices) and the steps spent.
_SEARCHES: dict[_SearchKey, tuple[tuple[tuple[_Choice, ...], ...], int]] = {}
#: How many ``_SEARCHES`` holds before it starts again (a few hundred bytes each).
_SEARCHES_KEPT = 8192


def _search(r: Rules, key: _SearchKey, steps: int, openings: int, budget: _Budget,
            most: int) -> tuple[tuple[tuple[_Choice, ...], ...], int, bool]:
    """``_minimal``'s search over group choices, with ``steps`` and ``openings`` left in
    ``budget`` (asked, if it runs out, whether the verb has listed an opening). Returns the minimal
    openings found, the steps left, and whether the search ran to its end with neither
    limit reached (then its answer does not depend on the budget it had)."""
    _, counts, n_twos, n_jokers, start, need, shape_done, wilds_used, room = key
    ranks = [k for k, _ in counts]
    value = r.value
    v2, vj = value("2"), value("JK")
    # Upper bounds for pruning: every natural of the ranks from k on, plus the unused wilds.
    suffix = [0] * (len(ranks) + 2)
    for k in range(len(ranks) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + counts[k][1] * value(ranks[k])
    if start + suffix[0] + n_twos * v2 + n_jokers * vj < need:
        return (), steps, True

    # Each rank's possible groups: (naturals, 2s, jokers, value), fewest wilds first.
    # Building them is work too: each rank and option counts as a step (what is left may
    # not pay for this search: then the budget is spent, never overdrawn).
    opts: list[Sequence[tuple[int, int, int, int]]] = []
    cost = len(ranks)
    for rank, n in counts:
        lst = _rank_options(r, rank, n, n_twos, n_jokers)
        opts.append(lst)
        cost += len(lst)
    if r.wild_melds:
        # The wild-card meld as one more "rank", last (its suffix bound is 0: the unused
        # wilds already count in every bound).
        ranks.append(WILD_RANK)
        opts.append([(0, a, b, a * v2 + b * vj) for a, b in _splits(n_twos, n_jokers, r.wild_meld_max)
                     if a + b >= r.wild_meld_min])
    found: list[tuple[_Choice, ...]] = []
    chosen: list[_Choice] = []
    left = [steps - cost if cost <= steps else -1]
    sizes = [len(o) for o in opts]

    def ok(sel: list[_Choice]) -> tuple[bool, bool]:
        """(the wild cards are where the rules allow, the shape is held)."""
        shaped = shape_done
        wild_meld_open = False
        group_wilds = wilds_used
        for rank, j, a, b in sel:
            if rank == WILD_RANK:
                wild_meld_open = a + b < r.canasta_size
                shaped = shaped or _shape_met(r, 0, a + b)
            else:
                group_wilds = group_wilds or a + b > 0
                shaped = shaped or _shape_met(r, j, a + b)
        blocked = r.unfinished_wild_meld_blocks_wilds and wild_meld_open and group_wilds
        return not blocked, shaped

    def dfs(i: int, t_used: int, j_used: int, total: int) -> None:
        for k in range(i, len(ranks)):
            if total + suffix[k] + (n_twos - t_used) * v2 + (n_jokers - j_used) * vj < need:
                return
            rank = ranks[k]
            left[0] -= sizes[k]  # each option tried is a step
            if left[0] < 0:
                left[0] = -1
                raise _Spent
            for j, a, b, gv in opts[k]:
                if t_used + a > n_twos or j_used + b > n_jokers or t_used + a + j_used + b > room:
                    continue
                chosen.append((rank, j, a, b))
                reached = total + gv
                valid, shaped = ok(chosen)
                if valid and reached >= need and shaped:
                    if _is_minimal(r, chosen, reached, need, ok):
                        found.append(tuple(chosen))
                        if len(found) >= openings:
                            raise _Spent
                elif valid:
                    dfs(k + 1, t_used + a, j_used + b, reached)
                chosen.pop()

    try:
        if left[0] < 0:
            raise _Spent
        dfs(0, 0, 0, start)
    except _Spent:
        if not found and budget.none_listed():
            one = _one_minimal(r, ranks, opts, n_twos, n_jokers, room, start, need, most, ok)
            if one is not None:
                found.append(tuple(one))
        return tuple(found), left[0], False
    return tuple(found), left[0], True


@lru_cache(maxsize=4096)
def _rank_options(r: Rules, rank: str, naturals: int, twos: int, jokers: int) -> tuple[tuple[int, int, int, int], ...]:
    """``_minimal``'s possible groups of ``rank`` from ``naturals`` of it and the wild cards
    held: (naturals, 2s, jokers, value), fewest wilds first (cached: the same counts come
    back turn after turn)."""
    value = r.value
    v, v2, vj = value(rank), value("2"), value("JK")
    gmax = r.group_max
    out = []
    for j in range(max(r.min_naturals, 1), naturals + 1):
        for a, b in _splits(twos, jokers, wild_limit(r, rank, j)):
            n = j + a + b
            if n >= 3 and not (gmax and n > gmax):
                out.append((j, a, b, j * v + a * v2 + b * vj))
    return tuple(out)


def _groups(chosen: Sequence[_Choice], by_kind: dict[str, list[Card]], twos: Cards, jokers: Cards) -> tuple[Cards, ...]:
    """The cards of an opening: each rank's first naturals, the 2s and jokers in order."""
    groups = []
    tu = ju = 0
    for rank, j, a, b in chosen:
        nat = tuple(by_kind[rank][:j]) if rank != WILD_RANK else ()
        groups.append(nat + twos[tu:tu + a] + jokers[ju:ju + b])
        tu += a
        ju += b
    return tuple(groups)


def _one_minimal(r: Rules, ranks: list[str], opts: list[Sequence[tuple[int, int, int, int]]], n_twos: int,
                 n_jokers: int, room: int, start: int, need: int, most: int,
                 ok: Callable[[list[_Choice]], tuple[bool, bool]]) -> list[_Choice] | None:
    """One minimal opening of at most ``most`` cards (the player keeps two), or None when
    there is none: the most valuable set of groups, then cards and groups left out one at
    a time while the rest is still an opening (``_smaller``). The most valuable set comes
    from dynamic programming over the ranks in order (``_most_valuable``), first on the
    2s and jokers used and the rules' flags only; if the opening left is too big, again
    with the cards used in the state, which finds one of at most ``most`` cards whenever
    there is one."""
    for count_cards in (False, True):
        found = _most_valuable(r, ranks, opts, n_twos, n_jokers, room, start, need, most, ok, count_cards)
        if found is None:
            return None
        total, chosen = found
        while True:
            smaller = _smaller(r, chosen, total, need, ok)
            if smaller is None:
                break
            chosen, total = smaller
        if sum(j + a + b for _, j, a, b in chosen) <= most:
            return chosen
    return None


def _most_valuable(r: Rules, ranks: list[str], opts: list[Sequence[tuple[int, int, int, int]]], n_twos: int,
                   n_jokers: int, room: int, start: int, need: int, most: int,
                   ok: Callable[[list[_Choice]], tuple[bool, bool]],
                   count_cards: bool) -> tuple[int, list[_Choice]] | None:
    """The most valuable opening (with ``count_cards``: of at most ``most`` cards), or
    None. A state is (2s, jokers, a group holds wild cards, the shape is held, the
    wild-card meld is unfinished; with ``count_cards``, the cards used); whether a set is
    an opening depends only on its state and value, so each state keeps its most valuable
    set. Without ``count_cards`` only the option with the most naturals for each number
    of 2s and jokers can be the most valuable."""
    states: dict[tuple[int, int, bool, bool, bool, int], tuple[int, tuple[_Choice, ...]]] = {
        (0, 0, False, False, False, 0): (start, ())}
    for rank, options in zip(ranks, opts):
        if not count_cards:
            best: dict[tuple[int, int], tuple[int, int, int, int]] = {}
            for option in options:
                if (option[1], option[2]) not in best or best[(option[1], option[2])][0] < option[0]:
                    best[(option[1], option[2])] = option
            options = list(best.values())
        wild = rank == WILD_RANK
        nxt = dict(states)
        for (t, u, gw, shaped, open_, c), (total, sel) in states.items():
            for j, a, b, gv in options:
                t2, u2 = t + a, u + b
                c2 = c + j + a + b if count_cards else 0
                if t2 > n_twos or u2 > n_jokers or t2 + u2 > room or c2 > most:
                    continue
                if wild:
                    key = (t2, u2, gw, shaped or _shape_met(r, 0, a + b), a + b < r.canasta_size, c2)
                else:
                    key = (t2, u2, gw or a + b > 0, shaped or _shape_met(r, j, a + b), open_, c2)
                old = nxt.get(key)
                if old is None or old[0] < total + gv:
                    nxt[key] = (total + gv, sel + ((rank, j, a, b),))
        states = nxt
    tops = [(total, list(sel)) for total, sel in states.values() if total >= need and all(ok(list(sel)))]
    return max(tops, key=lambda top: top[0]) if tops else None


def _is_minimal(r: Rules, chosen: list[_Choice], total: int, need: int,
                ok: Callable[[list[_Choice]], tuple[bool, bool]]) -> bool:
    """No group and no card of ``chosen`` could be left out with the rest still an opening."""
    return _smaller(r, chosen, total, need, ok) is None


def _smaller(r: Rules, chosen: list[_Choice], total: int, need: int,
             ok: Callable[[list[_Choice]], tuple[bool, bool]]) -> tuple[list[_Choice], int] | None:
    """The first opening that is ``chosen`` less one group or one card, with its value;
    None when ``chosen`` is minimal."""
    v2, vj = r.value("2"), r.value("JK")
    for k, (rank, j, a, b) in enumerate(chosen):
        v = r.value(rank) if rank != WILD_RANK else 0
        gv = j * v + a * v2 + b * vj
        if total - gv >= need:
            rest = chosen[:k] + chosen[k + 1:]
            if all(ok(rest)):
                return rest, total - gv
        for dj, da, db, dv in ((1, 0, 0, v), (0, 1, 0, v2), (0, 0, 1, vj)):
            nj, na, nb = j - dj, a - da, b - db
            if min(nj, na, nb) < 0 or total - dv < need:
                continue
            if rank == WILD_RANK:
                legal = na + nb >= r.wild_meld_min
            else:
                legal = (nj >= max(r.min_naturals, 1) and nj + na + nb >= 3
                         and na + nb <= wild_limit(r, rank, nj))
            if legal:
                less = chosen[:k] + [(rank, nj, na, nb)] + chosen[k + 1:]
                if all(ok(less)):
                    return less, total - dv
    return None
