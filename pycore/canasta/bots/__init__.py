"""Bots: players that see one seat's view and its legal actions, never the full state.

``get_bot(name, seed)`` builds a bot from the registry :data:`BOTS`:

- ``random``: a uniformly random legal action (the baseline);
- ``basic``: the rule-based player of :mod:`canasta.bots.basic`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import RulesError
from .base import Bot, rules_of
from .basic import BasicBot
from .random_bot import RandomBot

#: Bot name -> constructor taking the seed of the bot's own generator.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
}


def get_bot(name: str, seed: int) -> Bot:
    """A new bot of kind ``name`` with its own generator seeded by ``seed``."""
    make = BOTS.get(name)
    if make is None:
        known = ", ".join(sorted(BOTS))
        raise RulesError("unknown_bot", f"unknown bot {name!r} (known: {known})", name=name)
    return make(seed)


__all__ = ["BOTS", "BasicBot", "Bot", "RandomBot", "get_bot", "rules_of"]
