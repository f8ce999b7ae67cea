"""What a position at a playout's horizon is still worth (issue 5, the expert).

The expert stops its playouts after a few actions (its profile's ``horizon``) and values
the position as the score stands. That count misses what the hand still holds: wild cards
and pairs in hand, melds one card short of a canasta, who may go out and who would be
caught with a full hand. :func:`outlook` adds an estimate of the rest of the hand: a
linear function of such facts, fitted by least squares to what level 3 went on to score
in self-play (``tools/fit_horizon.py``; docs/decisions.md#outlook), and at Classic 4
players corrected by what the expert's own side went on to score in its matches against
level 3 (:data:`CORRECTIONS`, ``--expert``; docs/decisions.md#expert-outlook): past the
horizon the searching side is played by the expert, not by level 3.

Every fact is taken for the side minus the mean of the other sides, so the estimate for
a side is minus the others' (the fit's data hold each position from every side). The
weights are data, one set per preset and number of players, fitted by the tool. A set
applies only to its preset's exact rules: a table with house rules, or a preset with no
set fitted, gets none and is valued as the score stands (the facts' worth differs with
the rules, and a set fitted on other rules would mislead). The expert searches such
tables with its plain settings (``expert.PLAIN``).
"""

from __future__ import annotations

from ..melds import GROUP
from ..rules import Rules
from ..state import HandState
from ..variants import get

#: The facts, in the order of the weights (:func:`facts`). Each is the side's figure
#: minus the mean of the other sides', except where the name says otherwise.
FACTS = (
    "hand_cards",  # cards in the side's hands
    "hand_points",  # their points (RULES.md: a card's value)
    "wilds",  # wild cards in hand
    "pairs",  # kinds held two or more times in one hand (naturals)
    "fits",  # naturals in hand of a rank the side has a group of
    "black_threes",  # black 3s in hand
    "short3",  # unfinished melds three cards short of a canasta
    "short2",  # ... two cards short
    "short1",  # ... one card short
    "small",  # ... more than three cards short
    "canastas",  # canastas (at most three counted)
    "may_go_out",  # has the canastas the rules ask for going out
    "opened",  # has made its initial meld
    "frozen",  # the pile is frozen for the side
    "pile_turn",  # the pile's size, + if the side is in turn, - if not
    "pile_frozen",  # the pile's size times the side's "frozen" minus the others'
    "out_vs_points",  # may_go_out times the others' hand points, minus the converse
    "out_vs_cards",  # may_go_out times the others' hand cards, minus the converse
    "late_points",  # hand_points when fewer than 8 rounds of stock are left
)

#: Fitted weights per (preset name, players), in :data:`FACTS` order; points per unit.
#: Written by ``tools/fit_horizon.py`` (docs/decisions.md#outlook says how and on what data).
WEIGHTS: dict[tuple[str, int], tuple[float, ...]] = {
    # fitted weights: begin (tools/fit_horizon.py --write)
    ("classic", 2): (8.155, 1.695, 70.238, 9.820, 12.407, -14.013, 83.041, 119.543,
        213.514, 69.836, 21.366, -25.972, -179.492, -50.328, -0.622, 10.724,
        -0.843, 20.072, -0.385),
    ("classic", 3): (16.304, 1.370, 70.372, 1.645, 0.236, 24.774, 67.980, 112.130,
        217.014, 41.505, 5.648, -55.920, -115.386, -43.595, -1.359, 5.598,
        -2.237, 45.824, -0.503),
    ("classic", 4): (-19.305, 1.131, 103.943, 28.576, 56.701, 22.479, 27.364, 61.303,
        116.983, 17.140, -7.982, 38.262, -227.792, -43.854, 1.758, 0.956,
        0.091, -3.048, -0.944),
    ("classic", 6): (-3.534, 0.413, 79.626, 32.138, 49.201, 11.360, 58.681, 91.379,
        156.666, 41.447, -58.056, 48.337, -446.847, 35.405, 2.460, -10.048,
        -0.742, 6.457, -2.222),
    ("classic-1950s", 4): (-19.914, 1.096, 107.256, 30.232, 57.667, 21.245, 26.966, 60.962,
        117.972, 16.626, -10.782, 43.643, -251.015, -59.864, 1.625, 0.653,
        0.120, -3.724, -0.655),
    ("maison", 4): (-27.190, 1.147, 108.258, 31.721, 33.839, 43.473, 41.445, 65.928,
        118.511, 41.391, -4.183, 299.336, -182.160, -338.254, 3.973, 32.979,
        -0.733, -4.930, -1.235),
    ("samba", 4): (-15.362, 1.027, 60.682, 40.592, 68.026, 12.107, 28.624, 71.545,
        187.667, 3.569, -76.833, 146.934, -437.498, -31.807, 1.747, -49.936,
        -0.447, -0.904, -0.536),
    # fitted weights: end
}

#: Corrections per (preset name, players), in :data:`FACTS` order, added to
#: :data:`WEIGHTS` where both exist: fitted on the expert's own matches against level 3,
#: to what the expert's side went on to score beyond level 3's outlook (the expert plays
#: the rest of the hand better than the level 3 of the self-play: its side was worth 80
#: points more than that outlook said, and its unfinished melds more). Written by
#: ``tools/fit_horizon.py --expert`` (docs/decisions.md#expert-outlook), over the table's
#: :data:`WEIGHTS` as they stand: a table fitted again needs its correction fitted again.
CORRECTIONS: dict[tuple[str, int], tuple[float, ...]] = {
    # expert corrections: begin (tools/fit_horizon.py --expert --write)
    ("classic", 4): (10.108, -0.444, -5.022, -1.595, -15.443, 2.374, 22.176, 10.139,
        36.254, 9.942, 12.761, 15.408, -0.718, -5.803, -0.025, -9.754,
        -1.045, 9.505, 0.464),
    # expert corrections: end
}

#: Where the per-side facts the last five combine sit in a side's list (``_side_facts``).
_CARDS, _POINTS, _OUT, _FROZEN = (FACTS.index(n) for n in ("hand_cards", "hand_points", "may_go_out", "frozen"))


def _side_facts(state: HandState, side: int) -> list[float]:
    r = state.rules
    size = r.canasta_size
    sides = r.sides
    value = r.value
    ranks = {m.rank for m in state.melds[side] if m.kind is GROUP}
    cards = points = wilds = pairs = fits = black = 0
    for seat in range(side, r.players, sides):
        counts: dict[str, int] = {}
        for c in state.hands[seat]:
            cards += 1
            points += value(c.kind)
            if c.wild:
                wilds += 1
            elif c.kind == "B3":
                black += 1
            else:
                n = counts[c.kind] = counts.get(c.kind, 0) + 1
                if n == 2:
                    pairs += 1
                if c.rank in ranks:
                    fits += 1
    short = [0, 0, 0, 0]  # 1, 2, 3, more cards short
    for m in state.melds[side]:
        missing = size - m.size
        if missing > 0:
            short[min(missing, 4) - 1] += 1
    canastas = state.canastas(side)
    return [cards, points, wilds, pairs, fits, black, short[2], short[1], short[0], short[3], min(canastas, 3),
            1.0 if canastas >= r.canastas_to_go_out else 0.0, 1.0 if state.melds[side] else 0.0,
            1.0 if state.frozen_for(side) else 0.0]


def facts(state: HandState, side: int) -> list[float]:
    """The :data:`FACTS` of a full position (a playout's: every hand is known there)."""
    r = state.rules
    per_side = [_side_facts(state, s) for s in range(r.sides)]
    mine = per_side[side]
    others = [f for s, f in enumerate(per_side) if s != side]
    k = len(others) or 1
    theirs = [sum(f[i] for f in others) / k for i in range(len(mine))]
    out = [a - b for a, b in zip(mine, theirs)]
    pile = len(state.discard)
    turn = 1.0 if state.turn % r.sides == side else -1.0
    late = 1.0 if len(state.stock) < 8 * r.players * r.draw_count else 0.0
    out += [pile * turn, pile * (mine[_FROZEN] - theirs[_FROZEN]),
            mine[_OUT] * theirs[_POINTS] - theirs[_OUT] * mine[_POINTS],
            mine[_OUT] * theirs[_CARDS] - theirs[_OUT] * mine[_CARDS],
            late * (mine[_POINTS] - theirs[_POINTS])]
    return out


_FOUND: dict[int, tuple[Rules, tuple[float, ...] | None]] = {}


def weights_for(rules: Rules) -> tuple[float, ...] | None:
    """The fitted weights for these rules: their preset's, with its correction where one
    is fitted (:data:`CORRECTIONS`), if the rules are exactly the preset's (module
    docstring), else None. Remembered by the rules' identity (a playout asks at every
    horizon; comparing two rule sets field by field is slow)."""
    found = _FOUND.get(id(rules))
    if found is None or found[0] is not rules:
        key = (rules.name, rules.players)
        w = WEIGHTS.get(key)
        if w is not None and get(rules.name, rules.players) != rules:
            w = None
        more = CORRECTIONS.get(key)
        if w is not None and more is not None:
            w = tuple(a + b for a, b in zip(w, more))
        if len(_FOUND) > 64:
            _FOUND.clear()
        found = _FOUND[id(rules)] = (rules, w)
    return found[1]


def outlook(state: HandState, side: int) -> float:
    """The side's expected gain over the rest of the hand, relative to the other sides
    (0 when the hand is over or no weights are fitted for the table's rules)."""
    if state.over:
        return 0.0
    w = weights_for(state.rules)
    if w is None:
        return 0.0
    return sum(a * b for a, b in zip(w, facts(state, side)))


__all__ = ["CORRECTIONS", "FACTS", "WEIGHTS", "facts", "outlook", "weights_for"]
