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
from .rules import Rules


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


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("classic", "Classic Canasta (RULES.md 2): 2, 3, 4 or 6 players", (2, 3, 4, 6), 4, _classic),
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
