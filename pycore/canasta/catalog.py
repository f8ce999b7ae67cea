"""What a table can be set up with: every preset, its player counts, and the house-rule
switches that apply to each (the app's start screen and its "house rules" panel).

Built from the registry (:data:`canasta.variants.PRESETS`) and the switches
(:data:`canasta.switches.SWITCHES`) alone, so a new preset or switch shows up in the app
with no change there. The site's build writes it to ``variants.json``; the host gives it
too (``canasta.host.catalog``).
"""

from __future__ import annotations

from typing import Any

from .errors import CanastaError
from .rules import Rules
from .switches import SWITCHES, Switch, switch_state
from .variants import PRESETS, get


def applies(switch: Switch, rules: Rules) -> bool:
    """A switch is offered for a table when it means something there
    (:meth:`Switch.applicable`: the player count, and e.g. no D1 without an upcard) and
    the table's preset plays one of its options (a preset that fixes the point in
    another way does not show it)."""
    return switch.applicable(rules) and switch_state(rules, switch.id) != "custom"


def table_switches(rules: Rules) -> dict[str, str]:
    """The option ``rules`` play for every switch that applies to their preset and player
    count (``"custom"`` where explicit overrides match no option)."""
    try:
        base = get(rules.name, rules.players)
    except CanastaError:  # not a preset: no switches to describe
        return {}
    return {s.id: switch_state(rules, s.id) for s in SWITCHES.values() if applies(s, base)}


def catalog() -> dict[str, Any]:
    """JSON-ready: ``{"presets": [...], "switches": [...]}``.

    A preset: ``name``, ``description``, ``players`` (counts), ``default_players`` and
    ``tables``, per count (as a string): ``sides``, ``target``, ``hand_size``,
    ``draw_count`` and ``switches`` (the applicable switches' default options). A switch:
    ``id``, ``title`` and ``options`` (``name``, ``text``; the first is the default).
    The texts are English; the app translates them by switch id and option name.
    """
    presets = []
    for p in PRESETS.values():
        tables = {}
        for n in p.players:
            r = get(p.name, n)
            tables[str(n)] = {
                "sides": r.sides,
                "target": r.target,
                "hand_size": r.hand_size,
                "draw_count": r.draw_count,
                "switches": table_switches(r),
            }
        presets.append({"name": p.name, "description": p.description, "players": list(p.players),
                        "default_players": p.default_players, "tables": tables})
    switches = [s.to_dict() for s in SWITCHES.values()]
    return {"presets": presets, "switches": switches}
