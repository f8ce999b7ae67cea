"""What every bot is: a seeded chooser over one seat's view and its legal actions.

A bot never sees a :class:`~canasta.state.HandState`. It gets the JSON-ready view of its
seat (``canasta.views.view`` plus the ``Game.view`` extras) and the legal actions of that
seat, which depend only on what the seat can see (its own hand, the table, the pile), so
they leak nothing. Each bot owns a ``random.Random(seed)``; none touches the global
``random``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from ..actions import Action
from ..rules import Rules
from ..variants import get as get_variant

#: The bounds of a cap on the expert's think time per decision in milliseconds
#: (``ExpertBot.time_limit``, the host's ``expert_think_ms``): the app caps the expert so
#: that a slow device never waits long for a bot or a hint; the budget alone (no cap)
#: decides the same on every machine, which the matches and the ladder need. Here rather
#: than in :mod:`.expert`, which the host imports only for a game with an expert.
MIN_THINK_MS = 50
MAX_THINK_MS = 10_000


class Bot(Protocol):
    """A player: picks one of ``legal`` (never anything else) from ``view`` alone."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        ...


@lru_cache(maxsize=64)
def _rules(variant: str, players: int, overrides: str) -> Rules:
    base = get_variant(variant, players)
    return Rules.from_dict(json.loads(overrides), base) if overrides else base


def rules_of(view: dict[str, Any]) -> Rules:
    """The rules the table plays, from public facts of the view: the preset named by
    ``variant`` and ``players``, with the ``rules`` overrides when the view carries them
    (the host adds them; the table's rules are public)."""
    overrides = view.get("rules")
    key = json.dumps(overrides, sort_keys=True) if overrides else ""
    return _rules(view["variant"], view["players"], key)
