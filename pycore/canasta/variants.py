"""Named presets: each variant is a :class:`Rules` value (RULES.md 2.1 for Classic).

``get("classic", players=3)`` gives the three-player parameters; ``PRESETS`` lists every
name with its player counts and a one-line description for ``python -m canasta variants``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from typing import Any

from .errors import CanastaError, RulesError
from .rules import Rules, WildRatio


@dataclass(frozen=True)
class Preset:
    """A registry entry: how to build the rules for each supported player count."""

    name: str
    description: str
    players: tuple[int, ...]
    default_players: int
    build: Callable[[int], Rules]


def _classic(players: int) -> Rules:
    """Classic Canasta by player count (RULES.md 2.1; seeds 000, 001; Pagat)."""
    if players == 2:
        # Each alone, 15 cards, draw 2 (seed 001), two canastas to go out.
        return Rules(players=2, sides=2, hand_size=15, draw_count=2, canastas_to_go_out=2)
    if players == 3:
        # Each alone, 13 cards, draw 2, two canastas (D9 default), 7500 target.
        return Rules(players=3, sides=3, hand_size=13, draw_count=2, canastas_to_go_out=2, target=7500)
    if players == 6:
        # Two teams of three in alternate seats, 162 cards, 13 each (D10 default).
        return Rules(players=6, sides=2, decks=3, hand_size=13, canastas_to_go_out=2,
                     three_bonus=(0, 100, 200, 300, 400, 1000, 1200))
    return Rules()


#: Samba's rule set for 4 players (RULES.md 4; seed 003, Pagat, Bicycle).
_SAMBA = Rules(
    name="samba", players=4, sides=2, decks=3, hand_size=15, draw_count=2,
    # Only jokers, 2s and red 3s are covered as upcard (seed 003); a covered one freezes.
    upcard_barred=("2", "JK", "R3"),
    # 100 each, 1000 for all six (seed 003).
    three_bonus=(0, 100, 200, 300, 400, 500, 1000),
    # At most 2 wild cards, more naturals than wilds (seed 003).
    max_wilds=2, wild_ratio=WildRatio.NATURALS_OUTNUMBER,
    groups_per_rank=2, swap_wilds=True, sequences=True, sequence_max=7, sequence_bonus=1500,
    # A discarded wild or black 3 freezes the pile until taken (seed 003); a covered red 3
    # upcard too (RULES.md 4).
    freezing_kinds=("2", "JK", "R3", "B3"),
    # Taken with a natural pair, or (unfrozen) the top card alone onto a meld that is not
    # yet a canasta (S2 default, Bicycle); never with one natural and a wild card.
    take_with_natural_and_wild=False, take_onto_canasta=False,
    # 50 below 1500, 90 from 1500, 150 from 7000 (seed 003; S4 for Pagat's table).
    initial_meld_base=50, initial_meld_thresholds=((1500, 90), (7000, 150)),
    canastas_to_go_out=2,
    # Going out concealed: 200 in all, not after taking the pile (seed 003; S3).
    concealed_going_out_bonus=200, concealed_without_pile=True,
    target=10000,
)


def _samba(players: int) -> Rules:
    """Samba (RULES.md 4): 4 players in two partnerships; 2 players each alone (seed 003's
    2-player Samba: 15 cards, two canastas or sambas each); 6 players in three teams of two,
    13 cards each. Seat ``s`` plays for side ``s % sides``: with 3 sides seats 0 and 3,
    1 and 4, 2 and 5 are partners, opposite each other with two players between them."""
    if players == 2:
        return _SAMBA.replace(players=2, sides=2)
    if players == 6:
        return _SAMBA.replace(players=6, sides=3, hand_size=13)
    return _SAMBA


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("classic", "Classic Canasta (RULES.md 2): 2, 3, 4 or 6 players", (2, 3, 4, 6), 4, _classic),
        Preset("samba", "Samba (RULES.md 4): 162 cards, draw 2, sequences and sambas; 2, 4 or 6 players",
               (2, 4, 6), 4, _samba),
    )
}


@lru_cache(maxsize=None)
def get(name: str, players: int | None = None) -> Rules:
    """The rules of a preset for a player count (the preset's default when None).

    Rules are immutable values, so one instance per preset is shared (cached)."""
    preset = PRESETS.get(name)
    if preset is None:
        known = ", ".join(sorted(PRESETS))
        raise RulesError("unknown_variant", f"unknown variant {name!r} (known: {known})", name=name)
    count = preset.default_players if players is None else players
    if count not in preset.players:
        allowed = ", ".join(map(str, preset.players))
        raise RulesError("bad_player_count", f"{name} is played by {allowed} players, not {count}",
                         name=name, players=count)
    rules = preset.build(count)
    return rules if rules.name == name else rules.replace(name=name)


def overrides_of(rules: Rules) -> dict[str, Any]:
    """The parameters in which ``rules`` differ from its preset (all of them when its name
    is not a preset), as JSON-ready data: what a position, record or view must carry."""
    return dict(_overrides(rules))


@lru_cache(maxsize=64)
def _overrides(rules: Rules) -> tuple[tuple[str, Any], ...]:
    # Cached per rules value: views ask for it at every decision.
    try:
        base: dict[str, Any] = get(rules.name, rules.players).to_dict()
    except CanastaError:
        base = {}
    return tuple((k, v) for k, v in rules.to_dict().items() if base.get(k) != v and k != "name")
