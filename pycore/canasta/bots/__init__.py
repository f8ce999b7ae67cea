"""Bots: players that see one seat's view and its legal actions, never the full state.

``get_bot(name, seed)`` builds a bot from the registry :data:`BOTS`. The ladder of
levels (docs/bots.md), each measured against the one below in duplicate deals:

1. ``beginner``: random legal play with sane melding (:mod:`.beginner`);
2. ``casual``: rule-based (:mod:`.casual`, on :mod:`.basic`);
3. ``good``: the same with card counting and tuned weights (:mod:`.good`);
4. ``expert``: determinized Monte Carlo over the level-3 policy (:mod:`.expert`).

Also ``expert-tree``, opt-in: the expert's search with a tree over the seat's own next
turns (:mod:`.ismcts`); its settings may follow the name after a colon
(``expert-tree:turns=2,c=50``, :func:`.ismcts.parse_tree`), for the lab's matches.

Also ``random`` (a uniformly random legal action) and ``basic`` (the rule-based core of
``casual``, without its freeze and pile-risk habits).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..errors import RulesError, echo
from .base import Bot, rules_of
from .basic import BasicBot
from .beginner import BeginnerBot
from .casual import CasualBot
from .good import GoodBot
from .random_bot import RandomBot

#: The searching bots' classes, imported on first use: the app's engine worker imports
#: this package on every first visit, on its start's critical path, and a game without
#: an expert never needs them (issue 39: the engine's import in the browser's worker,
#: tools/bench_site.py "worker.py run"). ``canasta.bots.ExpertBot`` still names the class.
_LATER = {"ExpertBot": ".expert", "IsmctsBot": ".ismcts"}


def __getattr__(name: str) -> Any:
    """The classes of :data:`_LATER`, imported when first asked for (PEP 562)."""
    if name in _LATER:
        return getattr(importlib.import_module(_LATER[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _expert(seed: int) -> Bot:
    bot: Bot = __getattr__("ExpertBot")(seed)
    return bot


def _expert_tree(seed: int) -> Bot:
    bot: Bot = __getattr__("IsmctsBot")(seed)
    return bot


def _expert_tree_named(seed: int, spec: str) -> Bot:
    bot: Bot = __getattr__("IsmctsBot").named(seed, spec)
    return bot


#: Bot name -> constructor taking the seed of the bot's own generator.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "beginner": BeginnerBot,
    "casual": CasualBot,
    "good": GoodBot,
    "expert": _expert,
    "expert-tree": _expert_tree,
}

#: Bots whose name may carry settings after a colon: name -> constructor from a seed and
#: the settings' text.
TUNABLE: dict[str, Callable[[int, str], Bot]] = {"expert-tree": _expert_tree_named}

#: The ladder: level number -> bot name.
LEVELS: dict[int, str] = {1: "beginner", 2: "casual", 3: "good", 4: "expert"}


def _tuned(name: str, seed: int) -> Bot | None:
    """The bot a name with settings gives (``expert-tree:turns=2``, :data:`TUNABLE`), or
    None for a name without; raises ``unknown_bot`` on settings its bot does not know."""
    base, colon, spec = name.partition(":")
    make = TUNABLE.get(base) if colon else None
    return make(seed, spec) if make is not None else None


def level_name(level: str | int) -> str:
    """The bot name for a level given as 1-4 or as a name; raises ``unknown_bot``."""
    text = str(level).strip().lower()
    # ASCII digits only: str.isdigit also holds for "²" or "٣", which int() refuses.
    if text.isascii() and text.isdigit() and len(text) < 3 and int(text) in LEVELS:
        return LEVELS[int(text)]
    if text in BOTS:
        return text
    if _tuned(text, 0) is not None:  # the settings checked now (raises unknown_bot)
        return text
    known = ", ".join([*(str(n) for n in LEVELS), *sorted(BOTS)])
    raise RulesError("unknown_bot", f"unknown bot level {echo(level)} (known: {known})", name=echo(level))


def get_bot(name: str, seed: int) -> Bot:
    """A new bot of kind ``name`` with its own generator seeded by ``seed``."""
    tuned = _tuned(name, seed)
    if tuned is not None:
        return tuned
    make = BOTS.get(name)
    if make is None:
        known = ", ".join(sorted(BOTS))
        raise RulesError("unknown_bot", f"unknown bot {name!r} (known: {known})", name=name)
    return make(seed)


__all__ = ["BOTS", "LEVELS", "TUNABLE", "BasicBot", "BeginnerBot", "Bot", "CasualBot", "ExpertBot", "GoodBot",
           "IsmctsBot", "RandomBot", "get_bot", "level_name", "rules_of"]
